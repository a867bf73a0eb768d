// TMA tensor maps at launch (CudaBackend::encodeTensorMap) on a fake driver: a kernel whose dot
// copies host TensorDescriptor blocks with the copy engine takes one tensor map per descriptor
// after its own parameters, encoded from the descriptor's arguments in CUDA's order (innermost
// dimension first, strides in bytes) with the box and swizzle the kernel was built for.

#include "core/cuda/cuda_backend.h"
#include "tests/unit/cuda/fake_driver.h"
#include "tests/unit/passes/lower_test_support.h"

#include <cuda.h>

#include <gtest/gtest.h>

#include <cstring>

namespace tsm::cuda {
namespace {

using test::FakeDriver;

const char *kHostDescMatmul = R"(
import triton
import triton.language as tl

@triton.jit
def mm(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    off_m = tl.program_id(0) * BM
    off_n = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([off_m, k * BK]), b_desc.load([k * BK, off_n]), acc)
    c_desc.store([off_m, off_n], acc)
)";

class CudaBackendTma : public ::testing::Test
{
protected:
    void build(const std::string &padding, bool tmaStores = false)
    {
        const std::string pad = padding.empty() ? "" : " " + padding;
        spec = passes::test::specializeSource(
            kHostDescMatmul, "mm",
            "a_desc=tensordesc<fp16[128, 64]>" + pad + ", b_desc=tensordesc<fp16[64, 128]>" + pad
                + ", c_desc=tensordesc<fp32[128, 128]>, M=i32, N=i32, K=i32, BM=128, BN=128, BK=64");
        ASSERT_TRUE(spec->kernel);
        driver = std::make_shared<FakeDriver>();
        const SourceFile *file = spec->file;
        backend = std::make_unique<CudaBackend>(driver, [file](FileId) { return file; });
        CudaBuildOptions options;
        options.compile = false; // the launch glue does not look at the cubin
        options.emit.tma = true;
        options.emit.tmaStores = tmaStores;
        DiagnosticSink diags;
        auto b = buildCuda(spec->kernel, spec->file, options, diags);
        ASSERT_TRUE(b) << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
        params = b->source.params;
        driver->argCount = int(params.size());
        auto module = driver->loadModule({}, nullptr);
        kernel = std::make_shared<CudaKernel>(spec->kernel, std::move(*b), module, module->function("mm", nullptr),
                                              0.0, 64);
    }

    /// The launch arguments of three descriptors over a (M, K), b (K, N) and c (M, N), then
    /// M, N, K and the constexprs.
    void setArgs()
    {
        args.clear();
        auto desc = [&](std::int64_t rows, std::int64_t cols, int elem, const char *label) {
            auto storage = std::make_shared<tensor::Storage>(std::size_t(rows * cols * elem));
            LaunchArg base;
            base.kind = LaunchArg::Kind::Pointer;
            base.storage = storage;
            base.label = std::string(label) + ".base";
            args.push_back(base);
            args.push_back(intArg(rows));
            args.push_back(intArg(cols));
            args.push_back(intArg(cols * elem / 16)); // the row stride in 16-byte units
            storages.push_back(storage);
        };
        desc(M, K, 2, "a_desc");
        desc(K, N, 2, "b_desc");
        desc(M, N, 4, "c_desc");
        for (std::int64_t v : {M, N, K})
            args.push_back(intArg(v));
        for (int c = 0; c < 3; ++c)
            args.emplace_back().kind = LaunchArg::Kind::Constexpr;
    }

    static LaunchArg intArg(std::int64_t v)
    {
        LaunchArg a;
        a.kind = LaunchArg::Kind::Int;
        a.i = v;
        return a;
    }

    bool launch()
    {
        diags = DiagnosticSink();
        LaunchContext context{diags, {}, nullptr};
        return backend->launch(*kernel, {2, 2, 1}, args, context);
    }

    const std::int64_t M = 200, N = 136, K = 80;
    std::unique_ptr<passes::test::Specialized> spec;
    std::shared_ptr<FakeDriver> driver;
    std::unique_ptr<CudaBackend> backend;
    std::shared_ptr<CudaKernel> kernel;
    std::vector<codegen::CudaParam> params;
    std::vector<tensor::StoragePtr> storages;
    std::vector<LaunchArg> args;
    DiagnosticSink diags;
};

TEST_F(CudaBackendTma, EachCopiedDescriptorTakesATensorMapAfterTheKernelsOwnParameters)
{
    build("");
    // a and b go through the copy engine; c is stored with ordinary stores.
    ASSERT_GE(params.size(), 2u);
    const codegen::CudaParam &ma = params[params.size() - 2], &mb = params.back();
    ASSERT_TRUE(ma.tensorMap && mb.tensorMap);
    EXPECT_EQ(ma.index, 0u);
    EXPECT_EQ(mb.index, 4u);
    EXPECT_EQ(ma.tensorMap->box, (std::vector<std::uint32_t>{64, 128})); // K-major a: one 128-byte box
    EXPECT_EQ(mb.tensorMap->box, (std::vector<std::uint32_t>{64, 64}));  // N-major b: two panels of 64
    EXPECT_EQ(ma.tensorMap->swizzle, 128);
    EXPECT_EQ(mb.tensorMap->swizzle, 128);
    for (std::size_t k = 0; k + 2 < params.size(); ++k)
        EXPECT_FALSE(params[k].tensorMap) << params[k].name;

    setArgs();
    ASSERT_TRUE(launch()) << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
    ASSERT_EQ(driver->tensorMaps.size(), 2u);
    const TensorMapRequest &a = driver->tensorMaps[0], &b = driver->tensorMaps[1];
    EXPECT_EQ(a.dims, (std::vector<std::uint64_t>{std::uint64_t(K), std::uint64_t(M)}));
    EXPECT_EQ(a.strides, (std::vector<std::uint64_t>{std::uint64_t(K * 2)}));
    EXPECT_EQ(a.box, (std::vector<std::uint32_t>{64, 128}));
    EXPECT_EQ(a.swizzle, int(CU_TENSOR_MAP_SWIZZLE_128B));
    EXPECT_EQ(a.dataType, int(CU_TENSOR_MAP_DATA_TYPE_FLOAT16));
    EXPECT_FALSE(a.nanFill);
    EXPECT_EQ(b.dims, (std::vector<std::uint64_t>{std::uint64_t(N), std::uint64_t(K)}));
    EXPECT_EQ(b.strides, (std::vector<std::uint64_t>{std::uint64_t(N * 2)}));
    EXPECT_EQ(b.box, (std::vector<std::uint32_t>{64, 64}));
    // The base is the device mirror of the descriptor's tensor, as the pointer parameter is.
    ASSERT_EQ(driver->launches.size(), 1u);
    EXPECT_EQ(a.address, driver->launches[0].args[0]);
    EXPECT_EQ(b.address, driver->launches[0].args[4]);
    // The maps' bytes are what the kernel receives in their parameters.
    EXPECT_EQ(driver->launches[0].args[params.size() - 2], 1u);
    EXPECT_EQ(driver->launches[0].args[params.size() - 1], 2u);
}

TEST_F(CudaBackendTma, WithTmaStoresTheStoredDescriptorTakesAMapToo)
{
    // EmitOptions::tmaStores (TILESMITH_TMA=stores): c's fp32 [128, 128] store is written by
    // the copy engine, four panels of 32 x 128, its map encoded at launch as the loads' are.
    build("", true);
    ASSERT_GE(params.size(), 3u);
    const codegen::CudaParam &mc = params.back();
    ASSERT_TRUE(mc.tensorMap);
    EXPECT_EQ(mc.index, 8u);
    EXPECT_EQ(mc.tensorMap->box, (std::vector<std::uint32_t>{32, 128}));
    EXPECT_EQ(mc.tensorMap->swizzle, 128);
    setArgs();
    ASSERT_TRUE(launch()) << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
    ASSERT_EQ(driver->tensorMaps.size(), 3u);
    const TensorMapRequest &c = driver->tensorMaps[2];
    EXPECT_EQ(c.dims, (std::vector<std::uint64_t>{std::uint64_t(N), std::uint64_t(M)}));
    EXPECT_EQ(c.strides, (std::vector<std::uint64_t>{std::uint64_t(N * 4)}));
    EXPECT_EQ(c.dataType, int(CU_TENSOR_MAP_DATA_TYPE_FLOAT32));
    EXPECT_FALSE(c.nanFill);
    ASSERT_EQ(driver->launches.size(), 1u);
    EXPECT_EQ(c.address, driver->launches[0].args[8]);
    EXPECT_EQ(driver->launches[0].args[params.size() - 1], 3u);
}

TEST_F(CudaBackendTma, NanPaddingAsksTheCopyEngineForNan)
{
    build("nan");
    setArgs();
    ASSERT_TRUE(launch()) << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
    ASSERT_EQ(driver->tensorMaps.size(), 2u);
    EXPECT_TRUE(driver->tensorMaps[0].nanFill);
    EXPECT_TRUE(driver->tensorMaps[1].nanFill);
}

TEST_F(CudaBackendTma, AnEmptyDescriptorIsReportedNotEncoded)
{
    build("");
    setArgs();
    args[1] = intArg(0); // a_desc.shape[0] = 0
    EXPECT_FALSE(launch());
    ASSERT_FALSE(diags.diagnostics().empty());
    EXPECT_NE(diags.diagnostics()[0].message.find("empty dimension (shape[0] = 0)"), std::string::npos)
        << diags.diagnostics()[0].message;
    EXPECT_TRUE(driver->tensorMaps.empty());
}

TEST(CudaBackendTmaMadeInKernel, ShapeAndStridesComeFromTheLaunchArguments)
{
    // tutorial 09: tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], ...).
    auto spec = passes::test::specializeSource(R"(
import triton
import triton.language as tl

@triton.jit
def mm(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[N, K], strides=[K, 1], block_shape=[BN, BK])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([0, k * BK]), b_desc.load([0, k * BK]).T, acc)
    tl.store(c_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :], acc)
)",
                                               "mm",
                                               "a_ptr=*bf16:16, b_ptr=*bf16:16, c_ptr=*fp32:16, M=i32:16, N=i32:16, "
                                               "K=i32:16, BM=128, BN=256, BK=64, num_warps=8");
    ASSERT_TRUE(spec->kernel);
    auto driver = std::make_shared<FakeDriver>();
    const SourceFile *file = spec->file;
    CudaBackend backend(driver, [file](FileId) { return file; });
    CudaBuildOptions options;
    options.compile = false;
    options.emit.tma = true;
    DiagnosticSink diags;
    auto b = buildCuda(spec->kernel, spec->file, options, diags);
    ASSERT_TRUE(b);
    driver->argCount = int(b->source.params.size());
    auto module = driver->loadModule({}, nullptr);
    auto kernel = std::make_shared<CudaKernel>(spec->kernel, std::move(*b), module, module->function("mm", nullptr),
                                               0.0, 64);
    std::vector<LaunchArg> args(9);
    const std::int64_t M = 512, N = 768, K = 320;
    for (int p = 0; p < 3; ++p) {
        args[p].kind = LaunchArg::Kind::Pointer;
        args[p].storage = std::make_shared<tensor::Storage>(std::size_t(4 * 768 * 512));
        args[p].label = "ptr" + std::to_string(p);
    }
    for (auto [p, v] : {std::pair{3, M}, {4, N}, {5, K}}) {
        args[p].kind = LaunchArg::Kind::Int;
        args[p].i = v;
    }
    LaunchContext context{diags, {}, nullptr};
    ASSERT_TRUE(backend.launch(*kernel, {1, 1, 1}, args, context))
        << (diags.diagnostics().empty() ? "" : diags.diagnostics()[0].message);
    ASSERT_EQ(driver->tensorMaps.size(), 2u);
    const TensorMapRequest &a = driver->tensorMaps[0], &bm = driver->tensorMaps[1];
    EXPECT_EQ(a.dims, (std::vector<std::uint64_t>{std::uint64_t(K), std::uint64_t(M)}));
    EXPECT_EQ(a.strides, (std::vector<std::uint64_t>{std::uint64_t(K * 2)})); // K elements of 2 bytes
    EXPECT_EQ(a.dataType, int(CU_TENSOR_MAP_DATA_TYPE_BFLOAT16));
    EXPECT_EQ(bm.dims, (std::vector<std::uint64_t>{std::uint64_t(K), std::uint64_t(N)}));
    EXPECT_EQ(bm.box, (std::vector<std::uint32_t>{64, 256})); // b read transposed: K-major rows of N
    EXPECT_EQ(a.address, driver->launches.at(0).args[0]);
    EXPECT_EQ(bm.address, driver->launches.at(0).args[1]);
}

} // namespace
} // namespace tsm::cuda
