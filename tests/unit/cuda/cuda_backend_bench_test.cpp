// The CUDA backend end to end on a fake driver: a harness program compiles its kernel through
// the real pipeline and NVRTC (no GPU needed), launches it, and times it with do_bench, which
// must follow Triton's schedule and refuse a body that launches nothing.

#include "tests/unit/cuda/fake_gpu_session.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace tsm::cuda {
namespace {

using test::FakeDriver;
using test::FakeGpuSession;

const char *kProgram = R"(
import torch
import triton
import triton.language as tl


@triton.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


x = torch.rand(1000, device="cuda")
y = torch.rand(1000, device="cuda")
out = torch.empty_like(x)


def f():
    add[(8, )](x, y, out, 1000, BLOCK=128)


print(triton.testing.do_bench(f, warmup=5, rep=20))
print(triton.testing.do_bench(f, warmup=5, rep=20, quantiles=[0.5, 0.2]))
try:
    triton.testing.do_bench(lambda: len(x))
except RuntimeError as e:
    print("raised:", "launched no kernel on the GPU" in str(e))
)";

TEST(CudaBackendBench, DoBenchFollowsTritonsSchedule)
{
    FakeGpuSession s;
    ASSERT_TRUE(s.run(kProgram)) << s.errors();
    // The fake clock ticks once per recorded event, so every begin/end pair is 1 ms and the
    // 5-call estimate is 1 / 5 = 0.2 ms: 1 first call + 5 + int(5 / 0.2) = 25 warm-up calls +
    // int(20 / 0.2) = 100 timed calls per do_bench.
    EXPECT_EQ(s.out(), "1.0\n[1.0, 1.0]\nraised: True\n");
    // One L2 clear (a zero-fill kernel, as Triton's cache.zero_()) per estimate call and per
    // timed call, and 5 more timed alone (the host-pace note); x, y uploaded once, out never
    // filled.
    std::size_t adds = 0, clears = 0;
    for (const auto &l : s.driver->launches)
        (l.kernel == "add" ? adds : clears) += 1;
    EXPECT_EQ(adds, 2u * 131u);
    EXPECT_EQ(clears, 2u * 110u);
    EXPECT_EQ(s.driver->launches[0].kernel, "add");
    EXPECT_EQ(s.driver->launches[0].gx, 8);
    EXPECT_EQ(s.driver->fills, 0);
    EXPECT_EQ(s.driver->uploads, 2);
    EXPECT_EQ(s.driver->downloads, 0); // the host never read `out`
    // Only the first call of each do_bench (and nothing inside the timed loops) synchronizes
    // per launch.
    EXPECT_LT(s.driver->syncs, 20);
    EXPECT_GT(s.driver->loadedImageBytes, 0u); // a cubin from NVRTC
}

TEST(CudaBackendBench, DoBenchSaysHowTheHostKeptPace)
{
    FakeGpuSession s;
    std::string program = kProgram;
    program = program.substr(0, program.find("print("));
    program += R"(
@triton.testing.perf_report(triton.testing.Benchmark(x_names=["n"], x_vals=[1000], line_arg="p",
    line_vals=["f"], line_names=["F"], plot_name="pace", args={}))
def bench(n, p):
    return triton.testing.do_bench(f, warmup=5, rep=20)


bench.run()
)";
    ASSERT_TRUE(s.run(program)) << s.errors();
    std::string measured;
    for (const auto &e : s.events)
        if (e.kind == run::RunEvent::Kind::BenchmarkPoint)
            measured = e.point->measuredBy;
    // The fake clock gives every event pair 1 ms: the L2 clear "takes" 1000 µs, far more than
    // the host needs per call, so the GPU never waited for the host.
    EXPECT_EQ(measured.rfind("CUDA events, L2 cleared before each call; host ", 0), 0u) << measured;
    EXPECT_NE(measured.find(" \u00b5s per call, L2 clear 1000 \u00b5s on the GPU"), std::string::npos)
        << measured;
    EXPECT_EQ(measured.find("host-bound"), std::string::npos) << measured;
}

TEST(CudaBackendBench, CompiledKernelKeepsStageTimesAndResources)
{
    FakeGpuSession s;
    ASSERT_TRUE(s.run(R"(
import torch
import triton
import triton.language as tl


@triton.jit
def copy(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs))


x = torch.ones(256, device="cuda")
y = torch.zeros(256, device="cuda")
copy[(1, )](x, y, BLOCK=256)
)")) << s.errors();
    ASSERT_EQ(s.driver->launches.size(), 1u);
    EXPECT_EQ(s.driver->syncs, 1);
    EXPECT_EQ(s.driver->launches[0].threads, 128);
}

const char *kCudagraphProgram = R"(
import torch
import triton
import triton.language as tl


@triton.jit
def add(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=mask) + tl.load(y_ptr + offs, mask=mask), mask=mask)


x = torch.rand(1000, device="cuda")
y = torch.rand(1000, device="cuda")
out = torch.empty_like(x)


def f():
    add[(8, )](x, y, out, 1000, BLOCK=128)


print(round(triton.testing.do_bench_cudagraph(f, rep=20), 9))
print(triton.testing.do_bench_cudagraph(f, rep=20, quantiles=[0.5, 0.2]))
print(len(triton.testing.do_bench_cudagraph(f, rep=20, return_mode="all")))
)";

TEST(CudaBackendBench, DoBenchCudagraphReplaysOneCapturedGraph)
{
    FakeGpuSession s;
    ASSERT_TRUE(s.run(kCudagraphProgram)) << s.errors();
    // The fake clock ticks once per recorded event: the 5-call estimate is 1 / 5 = 0.2 ms, so
    // int(20 / 0.2) = 100 calls are captured; each of the 10 replays is 1 ms, 0.01 ms a call.
    EXPECT_EQ(s.out(), "0.01\n[0.01, 0.01]\n10\n");
    EXPECT_EQ(s.driver->captures, 3);
    EXPECT_EQ(s.driver->replays, 30);
    EXPECT_EQ(s.driver->destroyedGraphs, 3);
    EXPECT_FALSE(s.driver->capturing());
    // Per do_bench_cudagraph: 1 first call + 5 for the estimate + 10 replays of 100 launches;
    // no L2-clearing kernel (Triton's do_bench_cudagraph does not flush).
    EXPECT_EQ(s.driver->launches.size(), 3u * 1006u);
    for (const auto &l : s.driver->launches)
        EXPECT_EQ(l.kernel, "add");
}

TEST(CudaBackendBench, DoBenchCudagraphSaysHowItMeasured)
{
    FakeGpuSession s;
    std::string program = kCudagraphProgram;
    program = program.substr(0, program.find("print("));
    program += R"(
def zeros():
    o = torch.zeros(1000, device="cuda")
    add[(8, )](x, y, o, 1000, BLOCK=128)


@triton.testing.perf_report(triton.testing.Benchmark(x_names=["n"], x_vals=[1000], line_arg="p",
    line_vals=["f", "zeros"], line_names=["F", "Z"], plot_name="graph", args={}))
def bench(n, p):
    return triton.testing.do_bench_cudagraph(f if p == "f" else zeros, rep=20)


bench.run()
)";
    ASSERT_TRUE(s.run(program)) << s.errors();
    std::vector<std::string> measured;
    for (const auto &e : s.events)
        if (e.kind == run::RunEvent::Kind::BenchmarkPoint)
            measured.push_back(e.point->measuredBy);
    ASSERT_EQ(measured.size(), 2u);
    EXPECT_EQ(measured[0],
              "CUDA graph of 100 calls (100 kernel launches), replayed 10 times, CUDA events "
              "around each replay divided by 100, no L2 clearing");
    // A tensor made with torch.zeros inside fn is zero-filled on the device in the graph, as
    // on a real GPU.
    EXPECT_EQ(measured[1],
              "CUDA graph of 100 calls (100 kernel launches, 100 memsets), replayed 10 times, "
              "CUDA events around each replay divided by 100, no L2 clearing");
}

TEST(CudaBackendBench, DoBenchCudagraphHoldsMemoryReleasedDuringCaptureForTheGraph)
{
    FakeGpuSession s;
    std::size_t heldAtReplay = 0;
    s.driver->onLaunch = [&](const FakeDriver::Launch &) {
        if (s.driver->replays > 0)
            heldAtReplay = std::max(heldAtReplay, s.driver->heldBack.size());
    };
    std::string program = kCudagraphProgram;
    program = program.substr(0, program.find("print("));
    program += R"(
def fresh():
    o = torch.empty_like(x)
    add[(8, )](x, y, o, 1000, BLOCK=128)


print(round(triton.testing.do_bench_cudagraph(fresh, rep=20), 9))
)";
    ASSERT_TRUE(s.run(program)) << s.errors();
    EXPECT_EQ(s.out(), "0.01\n");
    // Each captured call's output block is written again by every replay: none of the 100 was
    // handed back while the graph existed; all are once it is gone.
    EXPECT_GE(heldAtReplay, 100u);
    EXPECT_TRUE(s.driver->heldBack.empty());
    EXPECT_GE(s.driver->releases, 100);
}

TEST(CudaBackendBench, DoBenchCudagraphRefusesWhatCannotBeCaptured)
{
    FakeGpuSession s;
    std::string program = kCudagraphProgram;
    program = program.substr(0, program.find("print("));
    program += R"(
def reads():
    add[(8, )](x, y, out, 1000, BLOCK=128)
    return out.sum().item()  # the sum is a GPU kernel; .item() reads its result on the host


try:
    triton.testing.do_bench_cudagraph(reads)
except RuntimeError as e:
    print(str(e))
print(round(triton.testing.do_bench_cudagraph(f, rep=20), 9))
)";
    ASSERT_TRUE(s.run(program)) << s.errors();
    const std::string out = s.out();
    EXPECT_EQ(out.rfind("do_bench_cudagraph: fn cannot be captured in a CUDA graph: while being "
                        "captured it read GPU memory on the host (a device-to-host copy of 4 "
                        "bytes), and nothing runs during a capture",
                        0),
              0u)
        << out;
    EXPECT_NE(out.find("cannot read tensor"), std::string::npos) << out; // what fn raised
    EXPECT_NE(out.find("move host reads of GPU results and synchronizations out of fn"),
              std::string::npos)
        << out;
    // The failed capture left nothing behind: the next benchmark captures and replays.
    EXPECT_EQ(out.substr(out.rfind('\n', out.size() - 2) + 1), "0.01\n");
    EXPECT_FALSE(s.driver->capturing());
    EXPECT_TRUE(s.driver->lostContext().empty());
    EXPECT_EQ(s.driver->destroyedGraphs, 1);
}

} // namespace
} // namespace tsm::cuda
