// The eager GPU torch ops (core/host/eager_gpu_ops.cpp) on the fake driver: inside do_bench under
// the CUDA backend, torch ops on cuda tensors launch the library's kernels, one per op, compiled
// through the real pipeline and NVRTC; outside do_bench they stay on the host; an op without a
// kernel runs on the host with an EagerOpOnHost warning. On the interpreter backend the same ops
// run the library's kernels on the CPU, so their values are checked against the host's.

#include "core/host/eager_gpu_ops.h"
#include "core/host/host_context.h"
#include "core/interp/interp_backend.h"
#include "core/tensor/compare.h"
#include "core/tensor/tensor_factory.h"
#include "core/tensor/tensor_impl.h"
#include "core/tensor/tensor_ops.h"
#include "tests/unit/cuda/fake_gpu_session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

namespace tsm::host {
namespace {

using cuda::test::FakeGpuSession;

std::map<std::string, int> launchCounts(const FakeGpuSession &s)
{
    std::map<std::string, int> n;
    for (const auto &l : s.driver->launches)
        ++n[l.kernel];
    return n;
}

TEST(EagerGpuOps, TorchOpsInsideDoBenchLaunchOneKernelPerOp)
{
    FakeGpuSession s;
    ASSERT_TRUE(s.run(R"(
import torch
import triton

x = torch.rand(4096, device="cuda")
y = torch.rand(4096, device="cuda")
ref = x * torch.sigmoid(x)  # the host's reference: no kernel
ms = triton.testing.do_bench(lambda: x * torch.sigmoid(x), warmup=1, rep=2)
print(ms > 0)
)")) << s.errors();
    EXPECT_EQ(s.out(), "True\n");
    const auto n = launchCounts(s);
    // sigmoid then mul on every call: the same number of each, and at least the first call
    // plus the five of the estimate.
    ASSERT_TRUE(n.count("unary_kernel")) << s.errors();
    EXPECT_EQ(n.at("unary_kernel"), n.at("binary_kernel"));
    EXPECT_GE(n.at("unary_kernel"), 6);
    for (const auto &l : s.driver->launches)
        if (l.kernel == "unary_kernel")
            EXPECT_EQ(l.gx, 4); // 4096 elements in blocks of 1024
}

TEST(EagerGpuOps, BroadcastingScalarsSoftmaxAndCasts)
{
    FakeGpuSession s;
    ASSERT_TRUE(s.run(R"(
import torch
import triton

x = torch.rand(64, 1000, device="cuda", dtype=torch.float16)
bias = torch.rand(1000, device="cuda", dtype=torch.float16)


def f():
    z = (x + bias) * 2.0
    return torch.softmax(z, dim=-1), torch.nn.functional.gelu(z), z > 0.5


triton.testing.do_bench(f, warmup=1, rep=2)
)")) << s.errors();
    const auto n = launchCounts(s);
    ASSERT_TRUE(n.count("binary_kernel") && n.count("softmax_kernel") && n.count("unary_kernel"))
        << s.errors();
    // add, mul and the comparison per call; one softmax and one gelu.
    EXPECT_EQ(n.at("binary_kernel"), 3 * n.at("softmax_kernel"));
    EXPECT_EQ(n.at("unary_kernel"), n.at("softmax_kernel"));
    for (const auto &l : s.driver->launches)
        if (l.kernel == "softmax_kernel")
            EXPECT_EQ(l.gx, 64); // one program per row
    EXPECT_EQ(s.errors(), "");
}

TEST(EagerGpuOps, ReductionsNormsAndCastsOfRows)
{
    FakeGpuSession s;
    ASSERT_TRUE(s.run(R"(
import torch
import triton

x = torch.rand(32, 3000, device="cuda")
w = torch.rand(3000, device="cuda")


def f():
    return (x.sum(dim=-1), x.amax(dim=1, keepdim=True), torch.nn.functional.layer_norm(x, (3000, ), w),
            torch.nn.functional.rms_norm(x, (3000, ), w), x.half(), x.t().contiguous())


triton.testing.do_bench(f, warmup=1, rep=2)
)")) << s.errors();
    const auto n = launchCounts(s);
    ASSERT_TRUE(n.count("row_reduce_kernel") && n.count("norm_kernel") && n.count("unary_kernel")) << s.errors();
    EXPECT_EQ(n.at("row_reduce_kernel"), n.at("norm_kernel")); // sum + amax, layer_norm + rms_norm
    EXPECT_EQ(n.at("unary_kernel"), n.at("norm_kernel")); // the cast and the transposed copy
    for (const auto &l : s.driver->launches)
        if (l.kernel == "norm_kernel" || l.kernel == "row_reduce_kernel")
            EXPECT_EQ(l.gx, 32); // one program per row
    EXPECT_EQ(s.errors(), "");
}

TEST(EagerGpuOps, MatmulWithoutAUsableCublasRunsOnTheHostAndSaysWhy)
{
    // The fake driver has no CUDA context for cuBLAS (or the machine has no libcublas): the
    // product is computed on the host, and the warning says why.
    FakeGpuSession s;
    ASSERT_TRUE(s.run(R"(
import torch
import triton

a = torch.rand(16, 32, device="cuda")
b = torch.rand(32, 8, device="cuda")
triton.testing.do_bench(lambda: (a @ b) * 2.0, warmup=1, rep=2)
)")) << s.errors();
    const std::string e = s.errors();
    EXPECT_EQ(e.find("torch op 'matmul' on cuda tensors ran on the CPU inside do_bench ("), 0u) << e;
    EXPECT_TRUE(e.find("cuBLAS") != std::string::npos || e.find("cublas") != std::string::npos) << e;
    EXPECT_EQ(e.find("torch op", 10), std::string::npos) << e; // one warning
    EXPECT_TRUE(launchCounts(s).count("binary_kernel"));
}

TEST(EagerGpuOps, AnOpWithoutAKernelRunsOnTheHostAndSaysSo)
{
    FakeGpuSession s;
    ASSERT_TRUE(s.run(R"(
import torch
import triton

x = torch.rand(1000, device="cuda")
triton.testing.do_bench(lambda: (x * 3.0) % 2.0, warmup=1, rep=2)
)")) << s.errors();
    const std::string e = s.errors();
    EXPECT_NE(e.find("torch op 'remainder' on cuda tensors ran on the CPU inside do_bench"), std::string::npos)
        << e;
    // Said once, not once per call.
    EXPECT_EQ(e.find("remainder", e.find("remainder") + 10), std::string::npos) << e;
}

TEST(EagerGpuOps, WhereReductionsCrossEntropyAndDropoutLaunchTheirKernels)
{
    // NVRTC builds each kernel's CUDA C; no op falls back to the host.
    FakeGpuSession s;
    ASSERT_TRUE(s.run(R"(
import torch
import torch.nn.functional as F
import triton

x = torch.rand(64, 1000, device="cuda")
target = torch.randint(0, 1000, (64, ), device="cuda")


def f():
    return (torch.where(x > 0.5, x, 0.0), x.sum(), x.mean(), x.max(), x.amin(), x.sum(dim=0),
            torch.rand(100000, device="cuda").sum(), F.cross_entropy(x, target),
            F.cross_entropy(x, target, reduction="none"), F.dropout(x, 0.25))


triton.testing.do_bench(f, warmup=1, rep=2)
)")) << s.errors();
    EXPECT_EQ(s.errors(), "");
    const auto n = launchCounts(s);
    for (const char *k : {"where_kernel",
                          "row_reduce_kernel",
                          "partial_reduce_kernel",
                          "cross_entropy_kernel",
                          "cross_entropy_reduce_kernel",
                          "dropout_kernel"})
        EXPECT_TRUE(n.count(k)) << k;
    // x.sum(dim=0) reduces the copy that puts dimension 0 last.
    EXPECT_TRUE(n.count("unary_kernel"));
}

TEST(EagerGpuOps, ResetToZeroAndRestoreValueAreKernelsInsideTheTiming)
{
    // As Triton's zero_() / copy_() in its autotuner's kernel_call: no upload per timed call.
    FakeGpuSession s;
    ASSERT_TRUE(s.run(R"(
import torch
import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({'B': 64}), triton.Config({'B': 128})], key=['n'],
                 reset_to_zero=['out_ptr'], restore_value=['x_ptr'], warmup=1, rep=2)
@triton.jit
def k(x_ptr, out_ptr, n, B: tl.constexpr):
    offs = tl.program_id(0) * B + tl.arange(0, B)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(x_ptr + offs, x * 2, mask=offs < n)
    tl.atomic_add(out_ptr, tl.sum(x, axis=0))

x = torch.rand(4096, device="cuda")
out = torch.zeros(1, device="cuda")
k[lambda m: (triton.cdiv(4096, m['B']),)](x, out, 4096)
)")) << s.errors();
    const auto n = launchCounts(s);
    ASSERT_TRUE(n.count("fill_kernel") && n.count("unary_kernel")) << s.errors();
    EXPECT_EQ(n.at("fill_kernel"), n.at("unary_kernel")); // one zeroing and one restore per call
    EXPECT_GE(n.at("fill_kernel"), 2 * 6);                 // both configs, each do_bench's calls
}

/// EagerGpuOps over the interpreter: the library's kernels run on the CPU.
struct InterpEager
{
    struct Backend final : interp::InterpBackend
    {
        std::vector<std::string> launched;
        bool
        launch(CompiledKernel &k, Grid g, std::span<const LaunchArg> a, LaunchContext &c) override
        {
            launched.push_back(k.kernel().name);
            return InterpBackend::launch(k, g, a, c);
        }
    };
    Backend backend;
    HostContext ctx;
    std::string warnings;
    std::unique_ptr<EagerGpuOps> ops;

    InterpEager()
    {
        ctx.backend = &backend;
        ctx.events = [this](const run::RunEvent &e) {
            if (e.diagnostic)
                warnings += e.diagnostic->message + "\n";
        };
        ops = std::make_unique<EagerGpuOps>(ctx);
    }
    /// f() with the eager ops active, as inside do_bench.
    template <class F> tensor::Tensor eager(F f)
    {
        tensor::DeviceOpsScope scope(ops.get());
        return f();
    }
    bool launched(const std::string &kernel) const
    {
        return std::count(backend.launched.begin(), backend.launched.end(), kernel) > 0;
    }
};

namespace T = tsm::tensor;
const T::Device kCuda{T::Device::Kind::Cuda, 0};

std::string
closeness(const T::Tensor &actual, const T::Tensor &expected, double rtol = -1, double atol = -1)
{
    T::CloseOptions o;
    if (rtol >= 0) {
        o.rtol = rtol;
        o.atol = atol;
    }
    const run::ValidationReport r = T::assertClose(actual, expected, o);
    return r.passed
               ? ""
               : "mismatched " + std::to_string(r.mismatched) + " of " + std::to_string(r.total)
                     + ", max abs error " + std::to_string(r.maxAbsError);
}

T::Tensor scalar(double v)
{
    return T::Tensor::fromScalar(T::Scalar::fromDouble(v));
}

TEST(EagerGpuOpsOnInterpreter, WhereBroadcastsCastsAndTakesNumbers)
{
    InterpEager e;
    T::manualSeed(1);
    const T::Tensor a = T::randn({4, 5, 6}, DType::F32, kCuda);
    const T::Tensor b = T::randn({5, 1}, DType::F16, kCuda);
    const T::Tensor cond = T::binary(T::BinaryOp::Gt, a, scalar(0.25));
    const T::Tensor t = a.transpose(0, 2);
    const T::Tensor tc = cond.transpose(0, 2);
    for (auto f : std::vector<std::function<T::Tensor()>>{
             [&] { return T::where(cond, a, b); },
             [&] { return T::where(cond, a, scalar(-1.5)); },
             [&] { return T::where(cond, scalar(2.0), b); },
             [&] { return T::where(tc, t, T::binary(T::BinaryOp::Mul, t, scalar(0.5))); },
             [&] { return T::where(cond, b, b); }}) {
        const T::Tensor expected = f();
        const T::Tensor actual = e.eager(f);
        EXPECT_EQ(actual.dtype(), expected.dtype());
        EXPECT_EQ(closeness(actual, expected), "");
    }
    EXPECT_TRUE(e.launched("where_kernel"));
    EXPECT_EQ(e.warnings, "");
}

TEST(EagerGpuOpsOnInterpreter, FillAndCopyIntoWriteInPlace)
{
    // fill_ / zero_ / torch.full and the autotuner's restore_value copies, as kernels.
    InterpEager e;
    T::manualSeed(2);
    const T::Tensor x = T::randn({3, 1000}, DType::F16, kCuda);
    const T::Tensor saved = T::randn({3, 1000}, DType::F32, kCuda);
    {
        T::DeviceOpsScope scope(e.ops.get());
        x.fill(T::Scalar::fromDouble(1.5));
    }
    EXPECT_TRUE(e.launched("fill_kernel"));
    EXPECT_EQ(closeness(x, T::full({3, 1000}, T::Scalar::fromDouble(1.5), DType::F16, kCuda)), "");
    {
        T::DeviceOpsScope scope(e.ops.get());
        x.fill(T::Scalar::fromInt(0));
        EXPECT_TRUE(e.ops->copyInto(x, saved.transpose(0, 1).transpose(0, 1)));
        // Integer tensors, shape mismatches and non-contiguous targets stay on the host.
        EXPECT_FALSE(e.ops->fill(T::zeros({4}, DType::I32, kCuda), T::Scalar::fromInt(7)));
        EXPECT_FALSE(e.ops->copyInto(x, saved.transpose(0, 1)));
        EXPECT_FALSE(e.ops->fill(x.transpose(0, 1), T::Scalar::fromInt(0)));
    }
    EXPECT_EQ(closeness(x, saved.to(DType::F16)), "");
    EXPECT_EQ(e.warnings, "");
}

TEST(EagerGpuOpsOnInterpreter, WholeTensorAndOtherDimensionReductions)
{
    InterpEager e;
    T::manualSeed(2);
    // 3 x 70001 elements: longer than one block, so a pass of partial results first.
    const T::Tensor x = T::randn({3, 70001}, DType::F32, kCuda);
    const T::Tensor h = T::randn({6, 7, 8}, DType::F16, kCuda);
    const std::vector<std::int64_t> dim0{0}, dims02{0, 2};
    for (auto f : std::vector<std::function<T::Tensor()>>{
             [&] { return T::sum(x); },
             [&] { return T::mean(x); },
             [&] { return T::amax(x); },
             [&] { return T::min(x); },
             [&] { return T::max(h); },
             [&] { return T::sum(h); },
             [&] { return T::mean(h, dims02, true); },
             [&] { return T::sum(x, dim0); },
             [&] { return T::amin(h, dim0); },
             [&] { return T::sum(x.transpose(0, 1), dim0, false, DType::F32); }}) {
        const T::Tensor expected = f();
        const T::Tensor actual = e.eager(f);
        EXPECT_EQ(actual.shape(), expected.shape());
        EXPECT_EQ(actual.dtype(), expected.dtype());
        EXPECT_EQ(closeness(actual, expected, 1e-3, 1e-3), "");
    }
    EXPECT_TRUE(e.launched("partial_reduce_kernel"));
    EXPECT_EQ(e.warnings, "");
}

TEST(EagerGpuOpsOnInterpreter, CrossEntropyIgnoresRowsAndReduces)
{
    InterpEager e;
    T::manualSeed(3);
    for (std::int64_t classes : {7, 1000, 40000}) { // 40000: a row longer than one block
        const T::Tensor logits
            = T::binary(T::BinaryOp::Mul, T::randn({6, classes}, DType::F32, kCuda), scalar(3.0));
        T::Tensor target = T::randint(0, classes, {6}, DType::I64, kCuda);
        reinterpret_cast<std::int64_t *>(target.data())[2] = -100;
        for (const char *reduction : {"mean", "sum", "none"}) {
            auto f = [&] { return T::crossEntropy(logits, target, reduction, -100, 0.0); };
            EXPECT_EQ(closeness(e.eager(f), f(), 1e-4, 1e-4), "") << classes << " " << reduction;
        }
        auto half
            = [&] { return T::crossEntropy(logits.to(DType::F16), target, "mean", -100, 0.0); };
        EXPECT_EQ(closeness(e.eager(half), half()), "") << classes;
    }
    // One row of logits with a 0-d target.
    const T::Tensor row = T::randn({50}, DType::F32, kCuda);
    const T::Tensor one = T::full({}, T::Scalar::fromInt(7), DType::I64, kCuda);
    auto f = [&] { return T::crossEntropy(row, one, "none", -100, 0.0); };
    EXPECT_EQ(closeness(e.eager(f), f(), 1e-5, 1e-5), "");
    EXPECT_TRUE(e.launched("cross_entropy_kernel") && e.launched("cross_entropy_reduce_kernel"));
    EXPECT_EQ(e.warnings, "");
}

TEST(EagerGpuOpsOnInterpreter, DropoutKeepsOneMinusPScaledAndFollowsTheSeed)
{
    InterpEager e;
    const T::Tensor x = T::ones({100000}, DType::F32, kCuda);
    auto dropout = [&](double p) { return e.eager([&] { return T::dropout(x, p); }); };
    T::manualSeed(7);
    const T::Tensor y = dropout(0.3);
    const std::vector<double> v = T::detail::toDoubles(y);
    const double kept = double(std::count_if(v.begin(), v.end(), [](double d) { return d != 0; }))
                        / double(v.size());
    EXPECT_NEAR(kept, 0.7, 0.01);
    const float scaled = 1.0f / 0.7f;
    EXPECT_TRUE(std::all_of(
        v.begin(), v.end(), [&](double d) { return d == 0 || std::abs(d - scaled) < 1e-6; }));
    T::manualSeed(7);
    EXPECT_EQ(closeness(dropout(0.3), y, 0, 0), ""); // the same stream after the same seed
    EXPECT_NE(closeness(dropout(0.3), y, 0, 0), "");
    EXPECT_EQ(closeness(dropout(0.0), x, 0, 0), "");
    EXPECT_EQ(closeness(dropout(1.0), T::zeros({100000}, DType::F32, kCuda), 0, 0), "");
    EXPECT_TRUE(e.launched("dropout_kernel"));
    EXPECT_EQ(e.warnings, "");
}

TEST(EagerGpuOpsOnInterpreter, UnsupportedInputsRunOnTheHostAndSaySo)
{
    InterpEager e;
    const T::Tensor d = T::randn({10, 10}, DType::F64, kCuda);
    auto f = [&] { return T::sum(d); };
    EXPECT_EQ(closeness(e.eager(f), f()), "");
    const T::Tensor logits = T::randn({4, 10}, DType::F32, kCuda);
    const T::Tensor target = T::randint(0, 10, {4}, DType::I64, kCuda);
    auto smoothed = [&] { return T::crossEntropy(logits, target, "mean", -100, 0.1); };
    EXPECT_EQ(closeness(e.eager(smoothed), smoothed()), "");
    EXPECT_NE(e.warnings.find("torch op 'sum' on cuda tensors ran on the CPU"), std::string::npos)
        << e.warnings;
    EXPECT_NE(e.warnings.find("torch op 'cross_entropy' on cuda tensors ran on the CPU"),
              std::string::npos)
        << e.warnings;
}

} // namespace
} // namespace tsm::host
