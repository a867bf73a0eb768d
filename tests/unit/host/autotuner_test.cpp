// @triton.autotune on the CPU interpreter: the report of every config (timed, pruned, refused by
// the compiler, wrong against the first config), reset_to_zero / restore_value keeping results
// right, heuristics under autotune, and the on-disk cache that makes a second run tune nothing.

#include "tests/unit/host/session_test_support.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

namespace tsm::host::test {
namespace {

using Status = run::AutotuneConfig::Status;

const run::AutotuneReport *reportOf(const Session &s, std::size_t i = 0)
{
    auto events = s.of(run::RunEvent::Kind::Autotune);
    return i < events.size() && events[i]->autotune ? &*events[i]->autotune : nullptr;
}

std::string textOf(const Session &s, const run::SourceRange &r)
{
    return std::string(s.sources.file(0).text().substr(r.begin, r.end - r.begin));
}

const char *kScale = R"(import torch
import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({'BLOCK': 32}, num_warps=2),
                          triton.Config({'BLOCK': 64}, num_warps=4),
                          triton.Config({'BLOCK': 128}, num_warps=4)],
                 key=['n'], warmup=1, rep=2)
@triton.jit
def scale(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * 2, mask=m)

x = torch.rand(1000, device='cuda')
out = torch.empty_like(x)
scale[lambda meta: (triton.cdiv(1000, meta['BLOCK']),)](x, out, 1000)
torch.testing.assert_close(out, x * 2)
scale[lambda meta: (triton.cdiv(1000, meta['BLOCK']),)](x, out, 1000)
print(scale.best_config.kwargs['BLOCK'] in (32, 64, 128))
)";

TEST(Autotuner, ReportsEveryConfigOncePerKey)
{
    Session s;
    ASSERT_TRUE(s.run(kScale)) << s.firstError();
    EXPECT_EQ(s.out(), "True\n");
    ASSERT_EQ(s.of(run::RunEvent::Kind::Autotune).size(), 1u); // the second launch is cached
    const run::AutotuneReport &r = *reportOf(s);
    EXPECT_EQ(r.kernel, "scale");
    EXPECT_EQ(r.keyNames, std::vector<std::string>{"n"});
    EXPECT_EQ(r.key, "(1000, 'torch.float32', 'torch.float32')");
    EXPECT_EQ(r.source, "tuned");
    EXPECT_EQ(r.backend, "interp");
    ASSERT_EQ(r.configs.size(), 3u);
    ASSERT_GE(r.best, 0);
    for (const run::AutotuneConfig &c : r.configs) {
        EXPECT_EQ(c.status, Status::Ran) << c.reason;
        ASSERT_TRUE(c.medianMs && c.p20Ms && c.p80Ms);
        EXPECT_LE(*c.p20Ms, *c.medianMs);
        EXPECT_LE(*c.medianMs, *c.p80Ms);
        EXPECT_LE(*r.configs[std::size_t(r.best)].medianMs, *c.medianMs);
    }
    EXPECT_EQ(r.configs[0].label, "BLOCK: 32, num_warps: 2, num_ctas: 1, num_stages: 3, maxnreg: None");
    ASSERT_EQ(r.configs[1].kwargs.size(), 3u);
    EXPECT_EQ(r.configs[1].kwargs[0], (std::pair<std::string, std::string>{"BLOCK", "64"}));
    EXPECT_EQ(r.configs[1].kwargs[1], (std::pair<std::string, std::string>{"num_warps", "4"}));
    // Where the studio pins the winner: the decorator and the launch that tuned.
    ASSERT_TRUE(r.decorator && r.launch);
    EXPECT_EQ(r.decorator->line, 5);
    EXPECT_EQ(r.decorator->endLine, 8);
    EXPECT_EQ(textOf(s, *r.decorator).rfind("@triton.autotune(configs=[", 0), 0u);
    EXPECT_EQ(textOf(s, *r.decorator).back(), ')');
    EXPECT_EQ(r.launch->line, 17);
    EXPECT_EQ(textOf(s, *r.launch),
              "scale[lambda meta: (triton.cdiv(1000, meta['BLOCK']),)](x, out, 1000)");
    EXPECT_EQ(s.of(run::RunEvent::Kind::KernelCompiled).size(), 3u);
}

TEST(Autotuner, PrunedAndBrokenConfigsSayWhy)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

def keep_small(configs, named_args, **kwargs):
    return [c for c in configs if c.kwargs['BLOCK'] <= 64]

def model(BLOCK, num_warps, **kw):
    return 1.0 / BLOCK

@triton.autotune(configs=[triton.Config({'BLOCK': 16}), triton.Config({'BLOCK': 24}),
                          triton.Config({'BLOCK': 32}), triton.Config({'BLOCK': 64}),
                          triton.Config({'BLOCK': 128})],
                 key=['n'], prune_configs_by={'early_config_prune': keep_small,
                                              'perf_model': model, 'top_k': 2}, rep=1)
@triton.jit
def copy(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

x = torch.rand(100, device='cuda')
out = torch.empty_like(x)
copy[lambda meta: (triton.cdiv(100, meta['BLOCK']),)](x, out, 100)
torch.testing.assert_close(out, x)
print(copy.best_config.kwargs['BLOCK'])
)")) << s.firstError();
    const run::AutotuneReport &r = *reportOf(s);
    ASSERT_EQ(r.configs.size(), 5u);
    // perf_model keeps the two with the smallest estimate: BLOCK 64 and 32; 24 and 16 fall.
    EXPECT_EQ(r.configs[0].status, Status::Pruned);
    EXPECT_NE(r.configs[0].reason.find("perf_model"), std::string::npos);
    EXPECT_NE(r.configs[0].reason.find("top_k=2"), std::string::npos);
    EXPECT_EQ(r.configs[1].status, Status::Pruned);
    EXPECT_EQ(r.configs[2].status, Status::Ran);
    EXPECT_EQ(r.configs[3].status, Status::Ran);
    EXPECT_EQ(r.configs[4].status, Status::Pruned);
    EXPECT_EQ(r.configs[4].reason, "pruned by early_config_prune");
    EXPECT_TRUE(s.out() == "32\n" || s.out() == "64\n") << s.out();
}

TEST(Autotuner, ConfigsThatDoNotCompileOrDisagreeAreLeftOut)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({'BLOCK': 64}), triton.Config({'BLOCK': 48}),
                          triton.Config({'BLOCK': 32})], key=[], rep=1)
@triton.jit
def tag(out_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(out_ptr + offs, offs * 0 + BLOCK, mask=offs < 16)

out = torch.zeros(16, device='cuda')
tag[(1,)](out)
print(int(out[0].item()), tag.best_config.kwargs['BLOCK'])
)")) << s.firstError();
    const run::AutotuneReport &r = *reportOf(s);
    ASSERT_EQ(r.configs.size(), 3u);
    EXPECT_EQ(r.configs[0].status, Status::Ran);
    EXPECT_EQ(r.configs[1].status, Status::CompileError);
    EXPECT_NE(r.configs[1].reason.find("not a power of two"), std::string::npos) << r.configs[1].reason;
    EXPECT_EQ(r.configs[2].status, Status::WrongResult);
    EXPECT_NE(r.configs[2].reason.find("16 of 16 elements differ"), std::string::npos)
        << r.configs[2].reason;
    EXPECT_EQ(r.best, 0);
    EXPECT_EQ(s.out(), "64 64\n");
}

TEST(Autotuner, AccumulatingAndInPlaceKernelsEndWithTheRightResult)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({'BLOCK': 32}), triton.Config({'BLOCK': 64})],
                 key=['n'], reset_to_zero=['total_ptr'], rep=2)
@triton.jit
def total(x_ptr, total_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.atomic_add(total_ptr, tl.sum(tl.load(x_ptr + offs, mask=offs < n, other=0.0)))

@triton.autotune(configs=[triton.Config({'BLOCK': 32}), triton.Config({'BLOCK': 64})],
                 key=['n'], restore_value=['x_ptr'], rep=2)
@triton.jit
def double(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(x_ptr + offs, tl.load(x_ptr + offs, mask=m) * 2, mask=m)

x = torch.ones(256, device='cuda')
t = torch.zeros(1, device='cuda')
total[lambda meta: (triton.cdiv(256, meta['BLOCK']),)](x, t, 256)
print(t.item())
y = torch.arange(256, device='cuda').float()
double[lambda meta: (triton.cdiv(256, meta['BLOCK']),)](y, 256)
print(y[:4].tolist(), y[255].item())
)")) << s.firstError();
    EXPECT_EQ(s.out(), "256.0\n[0.0, 2.0, 4.0, 6.0] 510.0\n");
    ASSERT_NE(reportOf(s, 0), nullptr);
    EXPECT_NE(reportOf(s, 0)->measuredBy.find("reset_to_zero"), std::string::npos);
    for (const auto &c : reportOf(s, 0)->configs)
        EXPECT_EQ(c.status, Status::Ran) << c.reason;
}

TEST(Autotuner, HeuristicsBelowAutotuneReachEveryConfig)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({'BLOCK': 32}), triton.Config({'BLOCK': 64})], key=['n'], rep=1)
@triton.heuristics({'EVEN': lambda args: args['n'] % args['BLOCK'] == 0})
@triton.jit
def copy(x_ptr, out_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        tl.store(out_ptr + offs, tl.load(x_ptr + offs))
    else:
        tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

x = torch.rand(96, device='cuda')
out = torch.empty_like(x)
copy[lambda meta: (triton.cdiv(96, meta['BLOCK']),)](x, out, 96)
torch.testing.assert_close(out, x)
)")) << s.firstError();
    const run::AutotuneReport &r = *reportOf(s);
    for (const auto &c : r.configs)
        EXPECT_EQ(c.status, Status::Ran) << c.reason;
}

TEST(Autotuner, WhenNoConfigRunsTheReportStillSaysWhy)
{
    Session s;
    EXPECT_FALSE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({'BLOCK': 48}), triton.Config({'BLOCK': 96})], key=[])
@triton.jit
def k(out_ptr, BLOCK: tl.constexpr):
    tl.store(out_ptr + tl.arange(0, BLOCK), 1.0)

out = torch.zeros(128, device='cuda')
k[(1,)](out)
)"));
    const run::AutotuneReport *r = reportOf(s);
    ASSERT_NE(r, nullptr);
    EXPECT_EQ(r->best, -1);
    ASSERT_EQ(r->configs.size(), 2u);
    EXPECT_EQ(r->configs[0].status, Status::CompileError);
    EXPECT_EQ(r->configs[1].status, Status::CompileError);
    EXPECT_NE(s.firstError().find("not a power of two"), std::string::npos) << s.firstError();
}

TEST(Autotuner, MaxnregIsPartOfAConfig)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({'B': 16}, maxnreg=40), triton.Config({'B': 32})], key=[], rep=1)
@triton.jit
def k(out_ptr, B: tl.constexpr):
    tl.store(out_ptr + tl.arange(0, 16), tl.arange(0, 16) * 1.0)

out = torch.zeros(16, device='cuda')
k[(1,)](out)
print(k.configs[0].maxnreg, k.configs[1].maxnreg, str(k.configs[0]))
)")) << s.firstError();
    EXPECT_EQ(s.out(), "40 None B: 16, num_warps: 4, num_ctas: 1, num_stages: 3, maxnreg: 40\n");
    const run::AutotuneReport &r = *reportOf(s);
    ASSERT_EQ(r.configs[0].kwargs.size(), 4u);
    EXPECT_EQ(r.configs[0].kwargs[3], (std::pair<std::string, std::string>{"maxnreg", "40"}));
    // Different caps are different specializations.
    bool keyed = false;
    for (const auto *e : s.of(run::RunEvent::Kind::KernelCompiled))
        keyed = keyed || e->text.find("maxnreg=40") != std::string::npos;
    EXPECT_TRUE(keyed);
}

TEST(Autotuner, UseCudaGraphAndACustomDoBench)
{
    Session s;
    ASSERT_TRUE(s.run(R"(import torch
import triton
import triton.language as tl

calls = []
def my_bench(fn, quantiles):
    fn()
    calls.append(len(quantiles))
    return [1.0 + len(calls), 0.5, 2.0 + len(calls)]

@triton.autotune(configs=[triton.Config({'B': 16}), triton.Config({'B': 32})], key=[], do_bench=my_bench)
@triton.jit
def a(out_ptr, B: tl.constexpr):
    tl.store(out_ptr + tl.arange(0, 16), tl.arange(0, 16) * 1.0)

@triton.autotune(configs=[triton.Config({'B': 16}), triton.Config({'B': 32})], key=[], use_cuda_graph=True, rep=1)
@triton.jit
def b(out_ptr, B: tl.constexpr):
    tl.store(out_ptr + tl.arange(0, 16), tl.arange(0, 16) * 1.0)

out = torch.zeros(16, device='cuda')
a[(1,)](out)
b[(1,)](out)
print(calls, a.best_config.kwargs['B'])
)")) << s.firstError();
    // The custom do_bench is what times: its first config's median (2.0) wins.
    EXPECT_EQ(s.out(), "[3, 3] 16\n");
    const run::AutotuneReport &r = *reportOf(s, 0);
    EXPECT_EQ(*r.configs[0].medianMs, 2.0);
    EXPECT_EQ(*r.configs[1].p80Ms, 4.0);
    const run::AutotuneReport &g = *reportOf(s, 1);
    EXPECT_GE(g.best, 0);
    EXPECT_EQ(g.configs[1].status, Status::Ran);
}

TEST(Autotuner, UnknownPruneKeyIsAValueError)
{
    Session s;
    EXPECT_FALSE(s.run(R"(import triton
import triton.language as tl

@triton.autotune(configs=[triton.Config({'B': 1})], key=[], prune_configs_by={'topk': 1})
@triton.jit
def k(B: tl.constexpr):
    pass
)"));
    EXPECT_NE(s.firstError().find("unknown key 'topk'"), std::string::npos) << s.firstError();
}

TEST(Autotuner, ASecondRunTakesTheChoiceFromDisk)
{
    const auto dir = std::filesystem::temp_directory_path()
                     / ("tsm-autotune-test-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    Session first;
    first.autotuneCache = dir;
    ASSERT_TRUE(first.run(kScale)) << first.firstError();
    const run::AutotuneReport tuned = *reportOf(first);
    EXPECT_EQ(tuned.source, "tuned");
    EXPECT_TRUE(std::filesystem::exists(tuned.cacheFile)) << tuned.cacheFile;

    Session second;
    second.autotuneCache = dir;
    ASSERT_TRUE(second.run(kScale)) << second.firstError();
    EXPECT_EQ(second.out(), "True\n");
    const run::AutotuneReport &cached = *reportOf(second);
    EXPECT_EQ(cached.source, "disk");
    EXPECT_EQ(cached.best, tuned.best);
    EXPECT_EQ(cached.tuningSeconds, 0.0);
    EXPECT_EQ(cached.configs.size(), 3u);
    // Only the chosen config is compiled: no tuning.
    EXPECT_EQ(second.of(run::RunEvent::Kind::KernelCompiled).size(), 1u);

    // An edit to the kernel is a different kernel: tuned again.
    std::string edited = kScale;
    edited.replace(edited.find("* 2, mask=m)"), 12, "* 2.0, mask=m)");
    Session third;
    third.autotuneCache = dir;
    ASSERT_TRUE(third.run(edited)) << third.firstError();
    EXPECT_EQ(reportOf(third)->source, "tuned");
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace tsm::host::test
