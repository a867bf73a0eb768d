// kernel[grid](...) from the harness on the CPU interpreter: binding, the specialization cache,
// KernelArgumentMismatch, the interpreter's out-of-bounds diagnostic at the kernel line,
// device_print, autotune and heuristics.

#include "tests/unit/host/session_test_support.h"

#include <gtest/gtest.h>

namespace tsm::host::test {
namespace {

const char *kAddKernel = R"(import torch
import triton
import triton.language as tl

DEVICE = triton.runtime.driver.active.get_active_torch_device()

@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(axis=0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    y = tl.load(y_ptr + offs, mask=mask)
    tl.store(out_ptr + offs, x + y, mask=mask)

def add(x, y, block=128):
    out = torch.empty_like(x)
    n = out.numel()
    grid = lambda meta: (triton.cdiv(n, meta['BLOCK']),)
    add_kernel[grid](x, y, out, n, BLOCK=block)
    return out
)";

TEST(KernelLaunch, VectorAddMatchesTheReference)
{
    Session s;
    ASSERT_TRUE(s.run(std::string(kAddKernel) + R"(
for size in [1, 3, 1000, 1000, 4096]:
    x = torch.rand(size, device=DEVICE)
    y = torch.rand(size, device=DEVICE)
    torch.testing.assert_close(add(x, y), x + y)
print('ok')
)")) << s.firstError();
    EXPECT_EQ(s.out(), "ok\n");
    // 3 and 1000 (twice) share a specialization; 4096 is divisible by 16; 1 is a constant.
    auto compiled = s.of(run::RunEvent::Kind::KernelCompiled);
    EXPECT_EQ(compiled.size(), 3u);
    ASSERT_FALSE(compiled.empty());
    EXPECT_EQ(compiled[0]->name, "add_kernel");
    EXPECT_NE(compiled[0]->text.find("fp32"), std::string::npos) << compiled[0]->text;
    auto v = s.of(run::RunEvent::Kind::Validation);
    ASSERT_EQ(v.size(), 5u);
    for (auto *e : v)
        EXPECT_TRUE(e->passed);
}

TEST(KernelLaunch, DoNotSpecializeKeepsOneAndAlignmentOutOfTheSignature)
{
    // As Triton: an int 1 is compiled as the constant 1 unless do_not_specialize names it (then
    // `s.to(...)` works on it, and 1 and 2 share one specialization); do_not_specialize_on_alignment
    // drops only the multiple-of-16 assumption.
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.jit(do_not_specialize=["s"], do_not_specialize_on_alignment=[2])
def scale_kernel(x_ptr, s, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * s.to(tl.float32), mask=offs < n)

x = torch.ones(32, device="cuda")
scale_kernel[(1,)](x, 1, 32, BLOCK=32)
scale_kernel[(1,)](x, 2, 32, BLOCK=32)
print(x[0].item())
try:
    @triton.jit(do_not_specialize=["t"])
    def bad_kernel(x_ptr):
        tl.store(x_ptr, 1.0)
except ValueError as e:
    print(e)
)")) << s.firstError();
    EXPECT_EQ(s.out(), "2.0\ndo_not_specialize: 't' is not a parameter of bad_kernel\n");
    auto compiled = s.of(run::RunEvent::Kind::KernelCompiled);
    ASSERT_EQ(compiled.size(), 1u);
    EXPECT_NE(compiled[0]->text.find("*fp32:16, i32, i32, constexpr 32"), std::string::npos) << compiled[0]->text;
}

TEST(KernelLaunch, ArgumentMismatchIsATypeErrorWithItsDiagnostic)
{
    Session s;
    EXPECT_FALSE(s.run(std::string(kAddKernel) + R"(
x = torch.rand(8, device=DEVICE)
add_kernel[(1,)](x, x, x, BLOCK=8)
)"));
    auto d = s.diagnostics();
    ASSERT_FALSE(d.empty());
    EXPECT_EQ(d[0].kind, DiagKind::KernelArgumentMismatch);
    EXPECT_EQ(d[0].message, "add_kernel() missing 1 required argument: 'n'");
    EXPECT_EQ(s.lineOf(d[0]), 24u);

    Session t;
    EXPECT_FALSE(t.run(std::string(kAddKernel) + R"(
x = torch.rand(8, device=DEVICE)
add_kernel[(1,)](x, x, x, 8, BLOCK=8, BLOKC=3)
)"));
    EXPECT_EQ(t.firstError(),
              "KernelArgumentMismatch: add_kernel() got an unexpected keyword "
              "argument 'BLOKC'");
}

TEST(KernelLaunch, CpuTensorsAreRefusedAsTritonDoes)
{
    Session s;
    EXPECT_FALSE(s.run(std::string(kAddKernel) + "x = torch.rand(8)\nadd(x, x)\n"));
    EXPECT_NE(s.firstError().find("Pointer argument (at 0) cannot be accessed from Triton (cpu "
                                  "tensor?)"),
              std::string::npos)
        << s.firstError();
}

TEST(KernelLaunch, OutOfBoundsAccessIsReportedAtTheKernelLine)
{
    Session s;
    EXPECT_FALSE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.jit
def copy_kernel(x_ptr, out_ptr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, x)

x = torch.rand(100, device='cuda')
out = torch.empty_like(x)
copy_kernel[(1,)](x, out, BLOCK=128)
)"));
    auto d = s.diagnostics();
    ASSERT_FALSE(d.empty());
    EXPECT_EQ(d[0].kind, DiagKind::OutOfBoundsAccess) << d[0].message;
    EXPECT_EQ(s.lineOf(d[0]), 8u);
}

TEST(KernelLaunch, DevicePrintGoesToStdout)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.jit
def show(x_ptr):
    tl.device_print("v", tl.load(x_ptr + tl.arange(0, 2)))

show[(1,)](torch.ones(2, device='cuda'))
print('after')
)")) << s.firstError();
    std::string out = s.out();
    EXPECT_NE(out.find("v"), std::string::npos) << out;
    EXPECT_NE(out.find("after\n"), std::string::npos);
}

TEST(KernelLaunch, AutotuneTriesEveryConfigOncePerKey)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({'BLOCK': 32}, num_warps=2),
                          triton.Config({'BLOCK': 64}, num_warps=4)], key=['n'])
@triton.jit
def scale(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * 2, mask=m)

for _ in range(3):
    x = torch.rand(100, device='cuda')
    out = torch.empty_like(x)
    scale[lambda meta: (triton.cdiv(100, meta['BLOCK']),)](x, out, 100)
    torch.testing.assert_close(out, x * 2)
print(scale.best_config.kwargs['BLOCK'] in (32, 64), len(scale.configs_timings), len(scale.cache))
)")) << s.firstError();
    EXPECT_EQ(s.out(), "True 2 1\n");
    EXPECT_EQ(s.of(run::RunEvent::Kind::KernelCompiled).size(), 2u);
}

TEST(KernelLaunch, HeuristicsComputeMetaParameters)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.heuristics({'BLOCK': lambda args: triton.next_power_of_2(args['n'])})
@triton.jit
def fill(out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs, mask=offs < n)

out = torch.zeros(5, device='cuda', dtype=torch.int32)
fill[(1,)](out, 5)
print(out.tolist())
)")) << s.firstError();
    EXPECT_EQ(s.out(), "[0, 1, 2, 3, 4]\n");
    auto compiled = s.of(run::RunEvent::Kind::KernelCompiled);
    ASSERT_EQ(compiled.size(), 1u);
    EXPECT_NE(compiled[0]->text.find("8"), std::string::npos) << compiled[0]->text;
}

TEST(KernelLaunch, WarmupReturnsALaunchableCompiledKernel)
{
    Session s;
    ASSERT_TRUE(s.run(std::string(kAddKernel) + R"(
x = torch.rand(300, device=DEVICE)
out = torch.empty_like(x)
k = add_kernel.warmup(x, x, out, 300, BLOCK=128, num_warps=2, grid=(1,))
k._init_handles()
print(k.n_regs > 0, k.n_spills, k.metadata.shared > 0, k.metadata.num_warps)
k[(3, 1, 1)](x, x, out, 300, 128)
torch.testing.assert_close(out, x + x)
)")) << s.firstError();
    EXPECT_EQ(s.out(), "True 0 True 2\n");
    EXPECT_EQ(s.of(run::RunEvent::Kind::KernelCompiled).size(), 1u);
}

TEST(KernelLaunch, ParameterNamedLikeALaunchOption)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.jit
def k(out_ptr, num_stages: tl.constexpr):
    tl.store(out_ptr + tl.arange(0, 2), tl.full((2,), num_stages, tl.int32))

out = torch.zeros(2, device='cuda', dtype=torch.int32)
k[(1,)](out, num_stages=3)
print(out.tolist())
)")) << s.firstError();
    EXPECT_EQ(s.out(), "[3, 3]\n");
}

TEST(KernelLaunch, CallingAKernelDirectlyIsAnError)
{
    Session s;
    EXPECT_FALSE(s.run(std::string(kAddKernel) + "add_kernel(1, 2, 3, 4, 5)\n"));
    EXPECT_NE(s.firstError().find("Cannot call @triton.jit'd outside of the scope of a kernel"),
              std::string::npos);
}

} // namespace
} // namespace tsm::host::test
