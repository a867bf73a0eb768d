// How long `tilesmith check` takes on a large file: the studio re-checks on every pause in
// typing, so a 5,000-line file must check in under 20 ms (issue 2).

#include "core/check/checker.h"
#include "core/syntax/lexer.h"
#include "core/syntax/parser.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

namespace {

std::string readExample()
{
    std::ifstream in(std::string(TSM_SOURCE_DIR) + "/resources/examples/swish.py");
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// A file of about `lines` lines: the swish example repeated with renamed functions, so each
/// copy defines its own kernel, wrapper, test and benchmark.
std::string largeProgram(int lines)
{
    const std::string example = readExample();
    const int exampleLines = static_cast<int>(std::count(example.begin(), example.end(), '\n'));
    std::string out;
    const std::regex names(R"(\b(swish_kernel|triton_swish|test_swish|benchmark)\b)");
    for (int copy = 0; static_cast<int>(std::count(out.begin(), out.end(), '\n')) < lines; ++copy) {
        out += std::regex_replace(example, names, "$1_" + std::to_string(copy));
        out += "\n";
        if (exampleLines == 0)
            break;
    }
    return out;
}

void BM_Check5000Lines(benchmark::State &state)
{
    tsm::SourceManager sources;
    const tsm::SourceFile &file = sources.add("large.py", largeProgram(5000));
    for (auto _ : state) {
        tsm::CheckResult r = tsm::checkSource(file);
        benchmark::DoNotOptimize(r.errorCount);
    }
    state.counters["lines"] = file.lineCount();
    state.counters["bytes"] = file.size();
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * file.size());
}
BENCHMARK(BM_Check5000Lines)->Unit(benchmark::kMillisecond);

void BM_Lex5000Lines(benchmark::State &state)
{
    tsm::SourceManager sources;
    const tsm::SourceFile &file = sources.add("large.py", largeProgram(5000));
    for (auto _ : state) {
        tsm::DiagnosticSink sink;
        tsm::LexResult r = tsm::lex(file, sink);
        benchmark::DoNotOptimize(r.tokens.data());
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * file.size());
}
BENCHMARK(BM_Lex5000Lines)->Unit(benchmark::kMillisecond);

void BM_Parse5000Lines(benchmark::State &state)
{
    tsm::SourceManager sources;
    const tsm::SourceFile &file = sources.add("large.py", largeProgram(5000));
    for (auto _ : state) {
        tsm::DiagnosticSink sink;
        tsm::ParseResult r = tsm::parseModule(file, sink);
        benchmark::DoNotOptimize(r.module.get());
    }
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * file.size());
}
BENCHMARK(BM_Parse5000Lines)->Unit(benchmark::kMillisecond);

} // namespace
