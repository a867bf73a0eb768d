// The CPU interpreter's throughput on the two programs (issue 3: at least 50x Triton's
// own interpreter, which takes 1.3 s for swish over 2^20 fp32 and 2.6 s for a 1024x1024 row
// softmax on the GPU machine's CPU; so <= 26 ms and <= 52 ms). Kernels are built as sema lowers
// them (tests/unit/interp/test_kernels.h). Arg: interpreter threads (1 = one core).

#include "core/interp/interp_backend.h"
#include "tests/unit/interp/test_kernels.h"

#include <benchmark/benchmark.h>

namespace {

using namespace tsm;
using namespace tsm::interp::test;

std::vector<float> inputs(std::size_t n)
{
    std::vector<float> v(n);
    for (std::size_t k = 0; k < n; ++k)
        v[k] = -4.0f + 8.0f * float((k * 2654435761u) % 1000) / 1000.0f;
    return v;
}

void runLaunches(benchmark::State &state,
                 std::shared_ptr<const ir::Kernel> kernel,
                 Grid grid,
                 const std::vector<LaunchArg> &args,
                 std::int64_t bytes)
{
    interp::InterpOptions options;
    options.threads = int(state.range(0));
    interp::InterpBackend backend(options);
    DiagnosticSink diags;
    std::shared_ptr<CompiledKernel> compiled = backend.compile(kernel, diags);
    LaunchContext ctx{diags, {}, nullptr};
    for (auto _ : state) {
        if (!backend.launch(*compiled, grid, args, ctx)) {
            state.SkipWithError(diags.diagnostics().empty()
                                    ? "launch failed"
                                    : diags.diagnostics()[0].message.c_str());
            return;
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * bytes);
}

void BM_Swish1M(benchmark::State &state)
{
    const std::size_t n = std::size_t(1) << 20;
    auto x = storageOf(inputs(n), "x");
    auto y = storageOf(nullptr, n * 4, "output");
    runLaunches(state,
                swishKernel(1024),
                Grid{1024, 1, 1},
                {ptrArg(x), ptrArg(y), intArg(std::int64_t(n)), constexprArg(), constexprArg()},
                std::int64_t(n) * 8);
}
BENCHMARK(BM_Swish1M)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Softmax1024x1024(benchmark::State &state)
{
    const int rows = 1024, cols = 1024;
    auto x = storageOf(inputs(std::size_t(rows * cols)), "x");
    auto y = storageOf(nullptr, std::size_t(rows * cols) * 4, "y");
    runLaunches(state,
                softmaxKernel(1024),
                Grid{rows, 1, 1},
                {ptrArg(y), ptrArg(x), intArg(cols), intArg(cols), intArg(cols), constexprArg()},
                std::int64_t(rows) * cols * 8);
}
BENCHMARK(BM_Softmax1024x1024)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
