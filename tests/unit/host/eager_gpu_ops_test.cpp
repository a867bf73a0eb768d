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

void expectLaunched(const FakeGpuSession &s, std::initializer_list<const char *> kernels)
{
    const auto n = launchCounts(s);
    for (const char *k : kernels)
        EXPECT_TRUE(n.count(k)) << k;
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

x = torch.rand(30, 40, device="cuda")
t = torch.randint(0, 40, (30, ), device="cuda")
w = torch.rand(40, device="cuda")
triton.testing.do_bench(lambda: torch.nn.functional.cross_entropy(x * 3.0, t, weight=w), warmup=1, rep=2)
)")) << s.errors();
    const std::string e = s.errors();
    EXPECT_NE(e.find("torch op 'cross_entropy' on cuda tensors ran on the CPU inside do_bench"), std::string::npos)
        << e;
    // Said once, not once per call.
    EXPECT_EQ(e.find("cross_entropy", e.find("cross_entropy") + 15), std::string::npos) << e;
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
    // x.sum(dim=0) reduces the copy that puts dimension 0 last (unary_kernel).
    expectLaunched(s,
                   {"where_kernel",
                    "row_reduce_kernel",
                    "partial_reduce_kernel",
                    "cross_entropy_kernel",
                    "cross_entropy_reduce_kernel",
                    "dropout_kernel",
                    "unary_kernel"});
}

TEST(EagerGpuOps, Fp64IntegerAndSmoothedCrossEntropyKernelsBuildWithNvrtc)
{
    // The fp64 and int64 compute variants (integer division, powers and shifts included) and
    // both cross-entropy targets are CUDA C that NVRTC accepts: no op falls back to the host.
    FakeGpuSession s;
    ASSERT_TRUE(s.run(R"(
import torch
import torch.nn.functional as F
import triton

d = torch.rand(64, 1000, device="cuda", dtype=torch.float64)
i = torch.randint(-9, 9, (64, 1000), device="cuda", dtype=torch.int32)
target = torch.randint(0, 1000, (64, ), device="cuda")
probs = torch.rand(64, 1000, device="cuda")
e = torch.randint(0, 5, (64, 1000), device="cuda", dtype=torch.int32)  # made outside do_bench: on the host
m = e + 1


def f():
    return (torch.exp(d) * 2.0, torch.softmax(d, dim=-1), d.sum(), torch.where(d > 0.5, d, 0.0), F.dropout(d, 0.5),
            i + 3, i * i, i > 0, ~i, i.sum(), i.amax(dim=1), i.float(), torch.where(i > 0, i, -1),
            F.cross_entropy(d.float(), target, label_smoothing=0.1), F.cross_entropy(d.float(), probs),
            i // 3, i % m, torch.fmod(i, 4), i ** 2, i ** e, i << 2, i >> 1, d // 0.3,
            torch.fmod(d, 0.3), torch.atan2(d, d), torch.floor_divide(d.float(), 0.7))


triton.testing.do_bench(f, warmup=1, rep=2)
)")) << s.errors();
    EXPECT_EQ(s.errors(), "");
    expectLaunched(s,
                   {"unary_kernel",
                    "binary_kernel",
                    "softmax_kernel",
                    "row_reduce_kernel",
                    "where_kernel",
                    "dropout_kernel",
                    "cross_entropy_kernel",
                    "cross_entropy_reduce_kernel"});
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
        // fp8 tensors, shape mismatches and non-contiguous targets stay on the host.
        EXPECT_FALSE(e.ops->fill(T::zeros({4}, DType::F8E4, kCuda), T::Scalar::fromInt(7)));
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

TEST(EagerGpuOpsOnInterpreter, Fp64ComputesInFp64)
{
    InterpEager e;
    T::manualSeed(4);
    const T::Tensor d = T::randn({5, 300}, DType::F64, kCuda);
    const T::Tensor w = T::randn({300}, DType::F64, kCuda);
    const std::vector<std::int64_t> dim1{1};
    for (auto f : std::vector<std::function<T::Tensor()>>{
             [&] { return T::unary(T::UnaryOp::Exp, d); },
             [&] { return T::unary(T::UnaryOp::Sigmoid, d); },
             [&] { return T::unary(T::UnaryOp::Log1p, T::unary(T::UnaryOp::Abs, d)); },
             [&] { return T::binary(T::BinaryOp::Add, T::binary(T::BinaryOp::Mul, d, d), scalar(0.1)); },
             [&] { return T::binary(T::BinaryOp::Maximum, d, w); },
             [&] { return T::binary(T::BinaryOp::Pow, T::unary(T::UnaryOp::Abs, d), scalar(1.7)); },
             [&] { return T::binary(T::BinaryOp::Remainder, d, scalar(-0.3)); },
             [&] { return T::where(T::binary(T::BinaryOp::Gt, d, scalar(0.0)), d, scalar(-0.3)); },
             [&] { return T::sum(d); },
             [&] { return T::mean(d, dim1); },
             [&] { return T::amax(d, dim1); },
             [&] { return T::softmax(d, -1); },
             [&] { return T::softmax(d, 0); }, // down the columns: elements 300 apart
             [&] { return T::logSoftmax(d.reshape({5, 3, 100}), 1); },
             [&] { return T::layerNorm(d, {300}, w); },
             [&] { return d.to(DType::F32); },
             [&] { return d.to(DType::F32).to(DType::F64); }}) {
        const T::Tensor expected = f();
        const T::Tensor actual = e.eager(f);
        EXPECT_EQ(actual.dtype(), expected.dtype());
        // fp64 all the way: far tighter than fp32 arithmetic could get.
        EXPECT_EQ(closeness(actual, expected, 1e-12, 1e-12), "");
    }
    EXPECT_TRUE(e.launched("softmax_kernel") && e.launched("norm_kernel") && e.launched("row_reduce_kernel"));
    EXPECT_EQ(e.warnings, "");
}

TEST(EagerGpuOpsOnInterpreter, IntegersAndBoolsComputeExactlyAndWrap)
{
    InterpEager e;
    T::manualSeed(5);
    const T::Tensor i = T::randint(-50, 50, {4, 700}, DType::I32, kCuda);
    const T::Tensor j = T::randint(-50, 50, {700}, DType::I32, kCuda);
    const T::Tensor big = T::randint(-(std::int64_t(1) << 40), std::int64_t(1) << 40, {3, 70001}, DType::I64, kCuda);
    const T::Tensor u = T::randint(0, 256, {999}, DType::U8, kCuda);
    const T::Tensor f = T::binary(T::BinaryOp::Mul, T::randn({4, 700}, DType::F32, kCuda), scalar(20.0));
    const T::Tensor b = T::binary(T::BinaryOp::Gt, i, scalar(0.0));
    const T::Tensor three = T::Tensor::fromScalar(T::Scalar::fromInt(3));
    const std::vector<std::int64_t> dim0{0}, dim1{1};
    int index = 0;
    for (auto fn : std::vector<std::function<T::Tensor()>>{
             [&] { return T::binary(T::BinaryOp::Add, i, j); },
             [&] { return T::binary(T::BinaryOp::Mul, i, three); },
             [&] { return T::binary(T::BinaryOp::Sub, three, i); },
             [&] { return T::binary(T::BinaryOp::Add, u, u); }, // uint8 wraps
             [&] { return T::binary(T::BinaryOp::Mul, big, big); }, // int64 wraps
             [&] { return T::binary(T::BinaryOp::Div, i, three); }, // true division: fp32
             [&] { return T::binary(T::BinaryOp::Le, i, j); },
             [&] { return T::binary(T::BinaryOp::Minimum, i, j); },
             [&] { return T::binary(T::BinaryOp::BitXor, i, j); },
             [&] { return T::binary(T::BinaryOp::BitAnd, b, b); },
             [&] { return T::binary(T::BinaryOp::Add, b, b); }, // bool + bool: or
             [&] { return T::binary(T::BinaryOp::LogicalOr, i, f); },
             [&] { return T::binary(T::BinaryOp::Add, i, scalar(0.5)); }, // int + float: fp32
             [&] { return T::unary(T::UnaryOp::Neg, i); },
             [&] { return T::unary(T::UnaryOp::Abs, i); },
             [&] { return T::unary(T::UnaryOp::BitwiseNot, i); },
             [&] { return T::unary(T::UnaryOp::BitwiseNot, b); },
             [&] { return T::unary(T::UnaryOp::Floor, i); },
             [&] { return T::unary(T::UnaryOp::Sqrt, u); }, // uint8 -> fp32
             [&] { return T::unary(T::UnaryOp::IsFinite, i); },
             [&] { return T::relu(i); },
             [&] { return T::where(b, i, T::Tensor::fromScalar(T::Scalar::fromInt(-1))); },
             [&] { return T::sum(i); },
             [&] { return T::sum(big); }, // longer than a block: int64 partial sums
             [&] { return T::sum(i, dim0); },
             [&] { return T::amax(big, dim1); },
             [&] { return T::amin(i, dim1); },
             [&] { return T::max(u); },
             [&] { return T::sum(b); },
             [&] { return T::sum(i, dim1, false, DType::F64); },
             [&] { return f.to(DType::I32); }, // truncates toward zero
             [&] { return f.to(DType::I1); },
             [&] { return i.to(DType::F16); },
             [&] { return big.to(DType::I16); },
             [&] { return i.transpose(0, 1).contiguous(); }}) {
        const T::Tensor expected = fn();
        const T::Tensor actual = e.eager(fn);
        EXPECT_EQ(actual.dtype(), expected.dtype()) << "case " << index;
        EXPECT_EQ(actual.shape(), expected.shape()) << "case " << index;
        EXPECT_EQ(closeness(actual, expected, 0, 0), "") << "case " << index;
        ++index;
    }
    // Float math of integers is fp32 math (exp of fp32 is not exact: a tolerance).
    auto exp = [&] { return T::unary(T::UnaryOp::Exp, T::binary(T::BinaryOp::Div, i, three)); };
    EXPECT_EQ(closeness(e.eager(exp), exp()), "");
    EXPECT_TRUE(e.launched("binary_kernel") && e.launched("partial_reduce_kernel") && e.launched("where_kernel"));
    EXPECT_EQ(e.warnings, "");
    // In place: an integer fill and a copy between integer widths.
    const T::Tensor k = T::zeros({3, 100}, DType::I32, kCuda);
    const T::Tensor src = big.select(1, 7).reshape({3, 1}).expand({3, 100}); // strided, broadcast
    {
        T::DeviceOpsScope scope(e.ops.get());
        EXPECT_TRUE(e.ops->fill(k, T::Scalar::fromInt(-7)));
        EXPECT_EQ(closeness(k, T::full({3, 100}, T::Scalar::fromInt(-7), DType::I32, kCuda), 0, 0), "");
        EXPECT_TRUE(e.ops->copyInto(k, src));
    }
    EXPECT_EQ(closeness(k, src.to(DType::I32), 0, 0), "");
}

TEST(EagerGpuOpsOnInterpreter, IntegerDivisionPowersAndShiftsRoundAsTorch)
{
    // Triton's // and % round toward zero; torch's floor_divide and remainder floor. The kernels
    // must give the host's (torch's) answers, signs, wrapping and shift overflow included.
    InterpEager e;
    T::manualSeed(8);
    auto ints = [](std::int64_t lo, std::int64_t hi, T::Shape shape, DType d) {
        return T::randint(lo, hi, shape, d, kCuda);
    };
    const T::Tensor i = ints(-100, 100, {4, 300}, DType::I32);
    // Divisors without zero: -9..-1 and 1..9.
    const T::Tensor raw = ints(1, 10, {300}, DType::I32);
    const T::Tensor j = T::where(T::binary(T::BinaryOp::Gt, ints(0, 2, {300}, DType::I32), scalar(0.0)), raw,
                                 T::unary(T::UnaryOp::Neg, raw));
    const T::Tensor minusOne = T::full({300}, T::Scalar::fromInt(-1), DType::I64, kCuda);
    const T::Tensor big = ints(-(std::int64_t(1) << 40), std::int64_t(1) << 40, {2, 300}, DType::I64);
    const T::Tensor exps = ints(0, 7, {300}, DType::I32);
    const T::Tensor shifts = ints(-2, 70, {300}, DType::I64);
    const T::Tensor small = ints(-128, 127, {300}, DType::I8);
    const T::Tensor seven = T::Tensor::fromScalar(T::Scalar::fromInt(7));
    const T::Tensor minusSeven = T::Tensor::fromScalar(T::Scalar::fromInt(-7));
    const T::Tensor five = T::Tensor::fromScalar(T::Scalar::fromInt(5));
    int index = 0;
    for (auto fn : std::vector<std::function<T::Tensor()>>{
             [&] { return T::binary(T::BinaryOp::FloorDiv, i, j); },
             [&] { return T::binary(T::BinaryOp::FloorDiv, i, minusSeven); },
             [&] { return T::binary(T::BinaryOp::FloorDiv, big, minusOne); }, // wraps as torch's
             [&] { return T::binary(T::BinaryOp::Remainder, i, j); },
             [&] { return T::binary(T::BinaryOp::Remainder, seven, j); },
             [&] { return T::binary(T::BinaryOp::Remainder, big, minusOne); },
             [&] { return T::binary(T::BinaryOp::Fmod, i, j); },
             [&] { return T::binary(T::BinaryOp::Pow, i, exps); },
             [&] { return T::binary(T::BinaryOp::Pow, big, five); }, // int64 wraps
             [&] { return T::binary(T::BinaryOp::Pow, small, seven); }, // int8 wraps
             [&] { return T::binary(T::BinaryOp::Pow, T::Tensor::fromScalar(T::Scalar::fromInt(3)), exps); },
             [&] { return T::binary(T::BinaryOp::Shl, big, shifts); }, // 64 and more: 0
             [&] { return T::binary(T::BinaryOp::Shr, big, shifts); }, // ... or the sign
             [&] { return T::binary(T::BinaryOp::Shl, small, seven); },
             [&] { return T::binary(T::BinaryOp::Shr, i, five); }}) {
        const T::Tensor expected = fn();
        const T::Tensor actual = e.eager(fn);
        EXPECT_EQ(actual.dtype(), expected.dtype()) << "case " << index;
        EXPECT_EQ(closeness(actual, expected, 0, 0), "") << "case " << index;
        ++index;
    }
    // Floats: floor_divide's exact quotient, fmod's sign and atan2, in fp64.
    const T::Tensor d = T::binary(T::BinaryOp::Mul, T::randn({4, 300}, DType::F64, kCuda), scalar(10.0));
    const T::Tensor q = T::binary(T::BinaryOp::Add, T::randn({300}, DType::F64, kCuda), scalar(0.25));
    for (auto fn : std::vector<std::function<T::Tensor()>>{
             [&] { return T::binary(T::BinaryOp::FloorDiv, d, q); },
             [&] { return T::binary(T::BinaryOp::FloorDiv, d, scalar(-0.5)); },
             [&] { return T::binary(T::BinaryOp::Fmod, d, q); },
             [&] { return T::binary(T::BinaryOp::Atan2, d, q); }}) {
        EXPECT_EQ(closeness(e.eager(fn), fn(), 1e-12, 1e-12), "") << "case " << index;
        ++index;
    }
    EXPECT_EQ(e.warnings, "");
    // Division by zero and negative powers are torch's errors, raised before any kernel runs.
    const std::size_t launches = e.backend.launched.size();
    const T::Tensor zero = T::Tensor::fromScalar(T::Scalar::fromInt(0));
    EXPECT_THROW(e.eager([&] { return T::binary(T::BinaryOp::FloorDiv, i, zero); }), std::exception);
    EXPECT_THROW(e.eager([&] { return T::binary(T::BinaryOp::Remainder, i, T::binary(T::BinaryOp::Mul, j, zero)); }),
                 std::exception);
    EXPECT_THROW(e.eager([&] { return T::binary(T::BinaryOp::Pow, i, minusSeven); }), std::exception);
    EXPECT_EQ(e.backend.launched.size(), launches + 1); // only j * 0 ran
}

TEST(EagerGpuOpsOnInterpreter, CrossEntropyWithLabelSmoothingAndProbabilityTargets)
{
    InterpEager e;
    T::manualSeed(6);
    for (std::int64_t classes : {9, 40000}) { // 40000: a row longer than one block
        const T::Tensor logits
            = T::binary(T::BinaryOp::Mul, T::randn({5, classes}, DType::F32, kCuda), scalar(3.0));
        T::Tensor target = T::randint(0, classes, {5}, DType::I64, kCuda);
        reinterpret_cast<std::int64_t *>(target.data())[1] = -100;
        const T::Tensor probs = T::softmax(T::randn({5, classes}, DType::F32, kCuda), 1);
        for (const char *reduction : {"mean", "sum", "none"}) {
            auto smoothed = [&] { return T::crossEntropy(logits, target, reduction, -100, 0.2); };
            EXPECT_EQ(closeness(e.eager(smoothed), smoothed(), 1e-4, 1e-4), "") << classes << " " << reduction;
            auto soft = [&] { return T::crossEntropy(logits, probs, reduction, -100, 0.0); };
            EXPECT_EQ(closeness(e.eager(soft), soft(), 1e-4, 1e-4), "") << classes << " " << reduction;
            auto both = [&] { return T::crossEntropy(logits, probs, reduction, -100, 0.1); };
            EXPECT_EQ(closeness(e.eager(both), both(), 1e-4, 1e-4), "") << classes << " " << reduction;
        }
        auto fp64 = [&] { return T::crossEntropy(logits.to(DType::F64), target, "mean", -100, 0.3); };
        const T::Tensor d = e.eager(fp64);
        EXPECT_EQ(d.dtype(), DType::F64);
        EXPECT_EQ(closeness(d, fp64(), 1e-12, 1e-12), "") << classes;
    }
    // One row of logits against one row of probabilities, strided.
    const T::Tensor row = T::randn({50}, DType::F32, kCuda);
    const T::Tensor p = T::softmax(T::randn({50, 2}, DType::F32, kCuda), 0).transpose(0, 1);
    auto f = [&] { return T::crossEntropy(row, p.select(0, 1), "none", -100, 0.05); };
    EXPECT_EQ(closeness(e.eager(f), f(), 1e-5, 1e-5), "");
    EXPECT_EQ(e.warnings, "");
    // A class index out of range is torch's IndexError, not a read past the row.
    const T::Tensor bad = T::full({2}, T::Scalar::fromInt(50), DType::I64, kCuda);
    EXPECT_THROW(e.eager([&] { return T::crossEntropy(T::randn({2, 50}, DType::F32, kCuda), bad); }),
                 T::TensorError);
}

TEST(EagerGpuOpsOnInterpreter, UnsupportedInputsRunOnTheHostAndSaySo)
{
    InterpEager e;
    const T::Tensor x = T::randn({10, 10}, DType::F32, kCuda);
    const T::Tensor target = T::randint(0, 10, {10}, DType::I64, kCuda);
    const T::Tensor w = T::rand({10}, DType::F32, kCuda);
    auto weighted = [&] { return T::crossEntropy(x, target, "mean", -100, 0.0, w); };
    EXPECT_EQ(closeness(e.eager(weighted), weighted()), "");
    const T::Tensor f8 = x.to(DType::F8E4);
    auto same = [&] { return T::binary(T::BinaryOp::Eq, f8, f8); };
    EXPECT_EQ(closeness(e.eager(same), same()), "");
    EXPECT_NE(e.warnings.find("torch op 'cross_entropy' on cuda tensors ran on the CPU"), std::string::npos)
        << e.warnings;
    EXPECT_NE(e.warnings.find("torch op 'eq' on cuda tensors ran on the CPU"), std::string::npos)
        << e.warnings;
}

} // namespace
} // namespace tsm::host
