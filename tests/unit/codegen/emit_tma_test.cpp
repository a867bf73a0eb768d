// TMA (emit_tma.cpp): a wgmma dot whose pipelined operands are blocks of host
// TensorDescriptors has them moved by the bulk tensor copy engine (one elected thread, one box
// per swizzle panel, an mbarrier per ring buffer) instead of cp.async, takes one tensor map
// parameter per descriptor, and compiles with NVRTC into cp.async.bulk.tensor; so do
// descriptors made in the kernel whose shape and strides are launch arguments; every other case
// (mma.sync, a row-major fp32 b, unaligned rows or bases) keeps its old path.

#include "emit_test_support.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace tsm;
using namespace tsm::codegen;
using namespace tsm::codegen::test;

namespace {

const char *const kHostDescMatmul = R"py(
@triton.jit
def mm(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
       B_T: tl.constexpr):
    off_m = tl.program_id(0) * BM
    off_n = tl.program_id(1) * BN
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([off_m, k * BK])
        if B_T:
            b = b_desc.load([off_n, k * BK]).T
        else:
            b = b_desc.load([k * BK, off_n])
        acc = tl.dot(a, b, acc)
    c_desc.store([off_m, off_n], acc)
)py";

std::string sig(const std::string &dt, int bm, int bn, int bk, bool bT, int warps = 4)
{
    const std::string b = bT ? std::to_string(bn) + ", " + std::to_string(bk) : std::to_string(bk) + ", " + std::to_string(bn);
    return "a_desc=tensordesc<" + dt + "[" + std::to_string(bm) + ", " + std::to_string(bk) + "]>, b_desc=tensordesc<"
           + dt + "[" + b + "]>, c_desc=tensordesc<fp32[" + std::to_string(bm) + ", " + std::to_string(bn)
           + "]>, M=i32, N=i32, K=i32, BM=" + std::to_string(bm) + ", BN=" + std::to_string(bn)
           + ", BK=" + std::to_string(bk) + ", B_T=" + (bT ? "1" : "0") + ", num_warps=" + std::to_string(warps);
}

/// TMA on (EmitOptions::tma, the default; set here so these tests do not hang on it).
EmitOptions withTma()
{
    EmitOptions o;
    o.tma = true;
    return o;
}

/// TMA stores on as well (EmitOptions::tmaStores, off by default; TILESMITH_TMA=stores).
EmitOptions withTmaStores()
{
    EmitOptions o = withTma();
    o.tmaStores = true;
    return o;
}

std::vector<const CudaParam *> tensorMaps(const CudaSource &s)
{
    std::vector<const CudaParam *> out;
    for (const CudaParam &p : s.params)
        if (p.tensorMap)
            out.push_back(&p);
    return out;
}

} // namespace

TEST(EmitTma, HostDescriptorTilesOfAWgmmaDotComeByTheCopyEngine)
{
    auto r = lowerAndEmit(kHostDescMatmul, "mm", sig("fp16", 128, 128, 64, false), 90, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    ASSERT_EQ(r->cuda->dots.size(), 1u);
    EXPECT_EQ(r->cuda->dots[0].detail,
              "128x128x64 fp16, m64n128k16, warpgroups 1x1, swizzle 128/128 B, TMA into 4 buffers (a, b)");
    const std::string &c = r->code();
    // a: one 64 x 128 box; b (N-major): two 64 x 64 panels; before the loop and in it.
    EXPECT_EQ(count(c, "tsm::tma_load_2d("), 6) << c;
    EXPECT_EQ(count(c, "tsm::cp_async16("), 0);
    // The copy engine takes coordinates: the tiles' pointers and bounds masks are not computed.
    EXPECT_EQ(count(c, "a_desc + "), 0) << c;
    EXPECT_EQ(count(c, "b_desc + "), 0) << c;
    EXPECT_EQ(count(c, "< a_desc_shape") + count(c, "< b_desc_shape"), 0) << c;
    EXPECT_EQ(count(c, "< c_desc_shape"), 2) << c; // c's store is masked (TMA stores are opt-in)
    EXPECT_NE(c.find("tsm::mbar_expect_tx(&tsm_tma_bar[0 + tma_slot], 16384);"), std::string::npos) << c;
    EXPECT_NE(c.find("if (threadIdx.x == 0)"), std::string::npos);
    // Four buffers, four barriers, two arrivals each (a's copy and b's).
    EXPECT_EQ(count(c, "tsm::mbar_init("), 4);
    EXPECT_NE(c.find("tsm::mbar_init(&tsm_tma_bar[3], 2);"), std::string::npos);
    // The dot waits on its buffer's barrier; after the loop, the last prefetch is waited for.
    EXPECT_EQ(count(c, "tsm::mbar_wait(&tsm_tma_bar[0 + dot_slot], (tma_phase >> dot_slot) & 1u);"), 2) << c;
    const std::vector<const CudaParam *> maps = tensorMaps(*r->cuda);
    ASSERT_EQ(maps.size(), 2u);
    EXPECT_EQ(maps[0]->tensorMap->box, (std::vector<std::uint32_t>{64, 128}));
    EXPECT_EQ(maps[1]->tensorMap->box, (std::vector<std::uint32_t>{64, 64}));
    EXPECT_EQ(r->cuda->params.back().name, maps[1]->name); // after the kernel's own parameters
    EXPECT_NE(c.find("const __grid_constant__ tsm::TmaMap a_desc_tma"), std::string::npos);
    const std::string ptx = expectCompiles(*r);
    EXPECT_EQ(count(ptx, "cp.async.bulk.tensor.2d.shared::cluster.global"), 6) << ptx;
    EXPECT_GE(count(ptx, "mbarrier.try_wait.parity"), 2);
    EXPECT_EQ(count(ptx, "cp.async.cg.shared.global"), 0);
}

TEST(EmitTma, TransposedTilesAndSmallerSwizzlesAndTwoWarpgroups)
{
    // b as an (N, K) descriptor read transposed: K-major, one 64 x 128 box.
    auto r = lowerAndEmit(kHostDescMatmul, "mm", sig("bf16", 128, 128, 64, true), 90, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_EQ(tensorMaps(*r->cuda).at(1)->tensorMap->box, (std::vector<std::uint32_t>{64, 128}));
    EXPECT_EQ(count(r->code(), "tsm::tma_load_2d("), 4);
    EXPECT_EQ(count(expectCompiles(*r), "cp.async.bulk.tensor.2d.shared::cluster.global"), 4);
    // 64-byte rows (BK 32 at 16 bits): 32 x 64 boxes in the 64-byte swizzle.
    r = lowerAndEmit(kHostDescMatmul, "mm", sig("fp16", 64, 64, 32, false), 90, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::vector<const CudaParam *> maps = tensorMaps(*r->cuda);
    ASSERT_EQ(maps.size(), 2u);
    EXPECT_EQ(maps[0]->tensorMap->swizzle, 64);
    EXPECT_EQ(maps[0]->tensorMap->box, (std::vector<std::uint32_t>{32, 64}));
    expectCompiles(*r);
    // Two warpgroups, b 256 wide: four panels.
    r = lowerAndEmit(kHostDescMatmul, "mm", sig("fp16", 128, 256, 64, false, 8), 90, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_EQ(count(r->code(), "tsm::tma_load_2d("), 10);
    expectCompiles(*r);
    // fp8 (K-major only): b transposed, 128-byte rows of 128 elements.
    r = lowerAndEmit(kHostDescMatmul, "mm", sig("fp8e4nv", 128, 128, 128, true), 90, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_EQ(tensorMaps(*r->cuda).size(), 2u);
    EXPECT_EQ(tensorMaps(*r->cuda)[0]->tensorMap->box, (std::vector<std::uint32_t>{128, 128}));
    expectCompiles(*r);
}

TEST(EmitTma, TurnedOffTheTilesTakeTheOtherPaths)
{
    // EmitOptions::tma off (TILESMITH_TMA=0): the same kernel stages as before
    // TMA, with no maps.
    auto r = lowerAndEmit(kHostDescMatmul, "mm", sig("fp16", 128, 128, 64, false), 90, withTma());
    ASSERT_TRUE(r->lk) << r->messages();
    EmitOptions options;
    options.tma = false;
    DiagnosticSink diags;
    const std::optional<CudaSource> off = emitCuda(*r->lk, r->spec->file, options, diags);
    ASSERT_TRUE(off);
    EXPECT_TRUE(tensorMaps(*off).empty());
    EXPECT_EQ(count(off->code, "tma_load_2d"), 0);
    // (Shapes not known to be multiples of 16: the bounds masks are not uniform over 16-byte
    // vectors, so the tiles are staged through registers, two buffers.)
    EXPECT_EQ(off->dots.at(0).detail.substr(off->dots[0].detail.rfind(", ") + 2), "double-buffered");
}

TEST(EmitTma, OtherDotsKeepTheirPaths)
{
    // fp32 (tf32) with a row-major b: b is written K-major from registers; only a comes by TMA.
    auto r = lowerAndEmit(kHostDescMatmul, "mm", sig("fp32", 128, 128, 32, false), 90, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_EQ(r->cuda->dots.at(0).detail.substr(r->cuda->dots[0].detail.rfind(", ") + 2), "TMA into 4 buffers (a)");
    EXPECT_EQ(tensorMaps(*r->cuda).size(), 1u);
    expectCompiles(*r);
    // mma.sync (sm_80): cp.async, no tensor maps.
    r = lowerAndEmit(kHostDescMatmul, "mm", sig("fp16", 128, 128, 64, false), 80, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_EQ(r->cuda->dots.at(0).path, "mma.sync");
    EXPECT_TRUE(tensorMaps(*r->cuda).empty());
    EXPECT_EQ(count(r->code(), "tma_load_2d"), 0);
    // A descriptor made in the kernel from pointer parameters, its shape and strides
    // parameters too (tutorial 09): the host encodes its map from the launch's arguments.
    const std::string made = R"py(
@triton.jit
def mm(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        acc = tl.dot(a_desc.load([0, k * BK]), b_desc.load([k * BK, 0]), acc)
    tl.store(c_ptr + tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :], acc)
)py";
    r = lowerAndEmit(made, "mm", "a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp32:16, M=i32:16, N=i32:16, K=i32:16, BM=128, BN=128, BK=64", 90, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    std::vector<const CudaParam *> maps = tensorMaps(*r->cuda);
    ASSERT_EQ(maps.size(), 2u);
    EXPECT_EQ(maps[0]->index, 0u); // a_ptr
    EXPECT_EQ(maps[0]->tensorMap->shapeFrom, (std::vector<std::int64_t>{3, 5})); // M, K
    EXPECT_EQ(maps[0]->tensorMap->strideFrom, (std::vector<std::int64_t>{5}));   // K
    EXPECT_EQ(maps[1]->tensorMap->shapeFrom, (std::vector<std::int64_t>{5, 4})); // K, N
    expectCompiles(*r);
    // ... unless a row stride may not be a multiple of 16 bytes (N not known to be a multiple
    // of 16): b keeps the masked path.
    r = lowerAndEmit(made, "mm", "a_ptr=*fp16:16, b_ptr=*fp16:16, c_ptr=*fp32:16, M=i32, N=i32, K=i32:16, BM=128, BN=128, BK=64", 90, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    maps = tensorMaps(*r->cuda);
    ASSERT_EQ(maps.size(), 1u);
    EXPECT_EQ(maps[0]->index, 0u);
    // ... or the base may be unaligned: no map at all.
    r = lowerAndEmit(made, "mm", "a_ptr=*fp16, b_ptr=*fp16, c_ptr=*fp32:16, M=i32:16, N=i32:16, K=i32:16, BM=128, BN=128, BK=64", 90, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_TRUE(tensorMaps(*r->cuda).empty());
    EXPECT_EQ(count(r->code(), "tma_load_2d"), 0);
}

TEST(EmitTma, DescriptorStoresGoThroughTheCopyEngine)
{
    // The matmul's fp32 [128, 128] c: 512-byte rows, four 32 x 128 boxes in the 128-byte
    // swizzle, written from the accumulator's registers (no conversion to a coalescing layout)
    // by one thread after the others have put the block into shared memory.
    auto r = lowerAndEmit(kHostDescMatmul, "mm", sig("fp16", 128, 128, 64, false), 90, withTmaStores());
    ASSERT_TRUE(r->cuda) << r->messages();
    std::string c = r->code();
    EXPECT_EQ(count(c, "tsm::tma_store_2d(&c_desc_tma, tsm_smem"), 4) << c;
    EXPECT_NE(c.find("tsm::tma_store_2d(&c_desc_tma, tsm_smem + 16384, "), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::tma_box_offset<128, 32, 4, 128, 16384>("), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::st_shared<8>("), std::string::npos) << c; // two fp32 per access
    EXPECT_EQ(count(c, "tsm::fence_proxy_async(); // the writes are visible to the copy engine"), 1);
    EXPECT_NE(c.find("tsm::bulk_wait<true>();"), std::string::npos); // nothing reads after it
    EXPECT_EQ(count(c, "c_desc + "), 0) << c;
    EXPECT_EQ(count(c, "through shared memory,"), 0) << c;
    const std::vector<const CudaParam *> maps = tensorMaps(*r->cuda);
    ASSERT_EQ(maps.size(), 3u);
    EXPECT_EQ(maps[2]->name, "c_desc_tma");
    EXPECT_EQ(maps[2]->tensorMap->dtype, DType::F32);
    EXPECT_EQ(maps[2]->tensorMap->box, (std::vector<std::uint32_t>{32, 128}));
    EXPECT_EQ(maps[2]->tensorMap->swizzle, 128);
    std::string ptx = expectCompiles(*r);
    EXPECT_EQ(count(ptx, "cp.async.bulk.tensor.2d.global.shared::cta"), 4) << ptx;
    EXPECT_EQ(count(ptx, "cp.async.bulk.wait_group.read"), 1);

    // Without a dot: a copy between descriptors. fp16 [64, 8] (16-byte rows) goes unswizzled
    // in one box; a store followed by a load waits for its writes, not only its reads.
    const std::string copy = R"py(
@triton.jit
def cp(x_desc, y_desc, z_ptr, BM: tl.constexpr, BN: tl.constexpr):
    x = x_desc.load([tl.program_id(0) * BM, 0])
    y_desc.store([tl.program_id(0) * BM, 0], x * 2)
    z = tl.load(z_ptr + tl.arange(0, BN))
    tl.store(z_ptr + tl.arange(0, BN), z + 1)
)py";
    r = lowerAndEmit(copy, "cp", "x_desc=tensordesc<fp16[64, 8]>, y_desc=tensordesc<fp16[64, 8]>, z_ptr=*fp32:16, BM=64, BN=8", 90, withTmaStores());
    ASSERT_TRUE(r->cuda) << r->messages();
    c = r->code();
    EXPECT_EQ(count(c, "tsm::tma_store_2d(&y_desc_tma, tsm_smem, "), 1) << c;
    EXPECT_NE(c.find("tsm::tma_box_offset<8, 8, 2, 0, 1024>("), std::string::npos) << c;
    EXPECT_NE(c.find("tsm::bulk_wait<false>();"), std::string::npos) << c;
    ASSERT_EQ(tensorMaps(*r->cuda).size(), 1u); // the load is not the copy engine's: no dot
    EXPECT_EQ(tensorMaps(*r->cuda)[0]->tensorMap->box, (std::vector<std::uint32_t>{8, 64}));
    EXPECT_NE(c.find("extern __shared__ __align__(1024)") + c.find("__shared__ __align__(1024)"), 2 * std::string::npos);
    ptx = expectCompiles(*r);
    EXPECT_EQ(count(ptx, "cp.async.bulk.tensor.2d.global.shared::cta"), 1) << ptx;

    // Rows of 8 bytes are too narrow for the copy engine, sm_80 has none, and with TMA stores
    // off (the default) or TMA off the store is a masked st.global as before.
    r = lowerAndEmit(copy, "cp", "x_desc=tensordesc<fp16[64, 4]>, y_desc=tensordesc<fp16[64, 4]>, z_ptr=*fp32:16, BM=64, BN=8", 90, withTmaStores());
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_EQ(count(r->code(), "tma_store_2d"), 0);
    EXPECT_TRUE(tensorMaps(*r->cuda).empty());
    r = lowerAndEmit(copy, "cp", "x_desc=tensordesc<fp16[64, 8]>, y_desc=tensordesc<fp16[64, 8]>, z_ptr=*fp32:16, BM=64, BN=8", 80, withTmaStores());
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_EQ(count(r->code(), "tma_store_2d"), 0);
    r = lowerAndEmit(copy, "cp", "x_desc=tensordesc<fp16[64, 8]>, y_desc=tensordesc<fp16[64, 8]>, z_ptr=*fp32:16, BM=64, BN=8", 90, withTma());
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_EQ(count(r->code(), "tma_store_2d"), 0);
    EXPECT_FALSE(r->cuda->archSpecific);
    EmitOptions off = withTmaStores();
    off.tma = false;
    r = lowerAndEmit(copy, "cp", "x_desc=tensordesc<fp16[64, 8]>, y_desc=tensordesc<fp16[64, 8]>, z_ptr=*fp32:16, BM=64, BN=8", 90, off);
    ASSERT_TRUE(r->cuda) << r->messages();
    EXPECT_EQ(count(r->code(), "tma_store_2d"), 0);
    EXPECT_EQ(count(r->code(), "< y_desc_shape"), 2) << r->code();
    expectCompiles(*r);
}

TEST(EmitTma, StandaloneOutputBuildsWithTheNvccCommandItNames)
{
    // `tilesmith emit --cuda --standalone` of a TMA + wgmma kernel, host launcher included,
    // builds with the command its header names (CUDA 13's -arch=sm_90a also makes compute_90
    // PTX, which has no wgmma, and fails).
    const std::filesystem::path nvcc = "/usr/local/cuda/bin/nvcc";
    if (!std::filesystem::exists(nvcc))
        GTEST_SKIP() << "no nvcc at " << nvcc;
    EmitOptions o = withTma();
    o.standalone = true;
    auto r = lowerAndEmit(kHostDescMatmul, "mm", sig("fp16", 128, 128, 64, true), 90, o);
    ASSERT_TRUE(r->cuda) << r->messages();
    const std::string &c = r->code();
    const std::string flags = "-gencode arch=compute_90a,code=sm_90a";
    ASSERT_NE(c.find("(nvcc " + flags + ";"), std::string::npos) << c.substr(0, 400);
    ASSERT_GT(count(c, "tsm::tma_load_2d("), 0);
    const auto dir = std::filesystem::temp_directory_path() / ("tsm_tma_standalone_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "mm.cu") << c;
    const std::string cmd = nvcc.string() + " " + flags + " -c " + (dir / "mm.cu").string() + " -o "
                            + (dir / "mm.o").string() + " > " + (dir / "log.txt").string() + " 2>&1";
    const int rc = std::system(cmd.c_str());
    std::stringstream log;
    log << std::ifstream(dir / "log.txt").rdbuf();
    EXPECT_EQ(rc, 0) << log.str();
    std::filesystem::remove_all(dir);
}
