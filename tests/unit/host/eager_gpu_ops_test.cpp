// The eager GPU torch ops (core/host/eager_gpu_ops.cpp) on the fake driver: inside do_bench under
// the CUDA backend, torch ops on cuda tensors launch the library's kernels, one per op, compiled
// through the real pipeline and NVRTC; outside do_bench they stay on the host; an op without a
// kernel runs on the host with an EagerOpOnHost warning.

#include "tests/unit/cuda/fake_gpu_session.h"

#include <gtest/gtest.h>

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

} // namespace
} // namespace tsm::host
