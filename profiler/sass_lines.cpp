#include "profiler/sass_lines.h"

#include "profiler/cupti_library.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace tsm::profiler {
namespace {

namespace fs = std::filesystem;

/// Same file: equal paths, or a relative path that ends the other one ("swish.py",
/// "examples/swish.py" as the program was opened; the line table joins them to the compiling
/// process's directory).
bool sameFile(const std::string &a, const std::string &b)
{
    if (a.empty() || b.empty())
        return false;
    fs::path pa = fs::path(a).lexically_normal(), pb = fs::path(b).lexically_normal();
    if (pa == pb)
        return true;
    if (pa.is_relative() == pb.is_relative())
        return false;
    if (pa.is_relative())
        std::swap(pa, pb); // pb: the relative one
    std::vector<fs::path> whole(pa.begin(), pa.end()), tail(pb.begin(), pb.end());
    if (tail.empty() || tail.size() > whole.size() || tail.front() == "..")
        return false;
    return std::equal(tail.rbegin(), tail.rend(), whole.rbegin());
}

std::string hex(std::uint64_t v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    return buf;
}

} // namespace

std::vector<SassLine>
sassLines(std::span<const char> cubin, const std::string &function, std::string *why)
{
    const std::optional<std::uint64_t> codeBytes = kernelCodeSize(cubin, function, why);
    if (!codeBytes)
        return {};
    // Without a line table CUPTI would report every instruction without a file.
    if (!hasLineTable(cubin)) {
        if (why)
            *why = "no per-line costs for " + function
                   + ": the cubin has no line table (.debug_line); build it with -lineinfo";
        return {};
    }
    std::string tableWhy;
    auto chains = inlineChains(cubin, function, &tableWhy);
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return {};

    std::vector<SassLine> out;
    for (std::uint64_t pc = 0; pc + kSassInstructionBytes <= *codeBytes;
         pc += kSassInstructionBytes) {
        CUpti_GetSassToSourceCorrelationParams p{CUpti_GetSassToSourceCorrelationParamsSize};
        p.cubin = cubin.data();
        p.cubinSize = cubin.size();
        p.functionName = function.c_str();
        p.pcOffset = pc;
        const CUptiResult result = api->getSassToSourceCorrelation(&p);
        SassLine s;
        s.pc = std::uint32_t(pc);
        if (result == CUPTI_SUCCESS && p.fileName) {
            const std::string name = p.fileName;
            s.file = p.dirName && *p.dirName && name.front() != '/'
                         ? std::string(p.dirName) + "/" + name
                         : name;
            s.line = int(p.lineNumber);
        }
        // CUPTI allocates both strings with malloc and leaves them to the caller.
        std::free(p.fileName);
        std::free(p.dirName);
        if (result != CUPTI_SUCCESS) {
            if (why)
                *why = "CUPTI could not map instruction " + hex(pc) + " of " + function
                       + " to a source line: " + cuptiResultText(result);
            return {};
        }
        // CUPTI names only the innermost location: a device-header line for inlined header
        // code. The line table's row for this PC has the same innermost location and, through
        // NVIDIA's inlined-at extension, the call sites down to the #line Python statement.
        // Rows are used only where both agree, so a table this reader misdecodes loses
        // callers but never invents them.
        if (chains && pc / kSassInstructionBytes < chains->size()) {
            const std::vector<SourceLocation> &chain = (*chains)[pc / kSassInstructionBytes];
            if (!chain.empty() && chain.front().line == s.line
                && fs::path(chain.front().file).filename() == fs::path(s.file).filename())
                s.inlinedAt.assign(chain.begin() + 1, chain.end());
        }
        out.push_back(std::move(s));
    }
    if (!chains && why)
        *why = "per-line costs put device-header code in the 'no line of the kernel' entry: "
               + tableWhy;
    return out;
}

int pythonLineOf(const SassLine &instruction, const std::string &pythonFile)
{
    // The innermost Python location: Tilesmith inlines @triton.jit helpers in its own IR, so
    // the CUDA C names at most one Python line per instruction and the chain above it only
    // leads through device-header functions.
    if (sameFile(instruction.file, pythonFile))
        return instruction.line;
    for (const SourceLocation &site : instruction.inlinedAt)
        if (sameFile(site.file, pythonFile))
            return site.line;
    return 0;
}

std::vector<run::LineCost> lineCosts(const std::vector<SassLine> &instructions,
                                     const std::string &pythonFile,
                                     const std::map<std::uint32_t, double> *executedPerPc,
                                     LineRange kernel)
{
    std::map<int, run::LineCost> byLine;
    double totalExecuted = 0;
    for (const SassLine &s : instructions) {
        int line = pythonLineOf(s, pythonFile);
        // The closing brace of the generated kernel (its EXIT and the padding after it)
        // follows the last #line and so counts as the line after the last statement.
        if (kernel.first > 0 && (line < kernel.first || line > kernel.last))
            line = 0;
        run::LineCost &cost = byLine[line];
        cost.line = line;
        ++cost.instructions;
        if (executedPerPc) {
            auto it = executedPerPc->find(s.pc);
            if (it != executedPerPc->end()) {
                cost.executed += it->second;
                totalExecuted += it->second;
            }
        }
    }
    std::vector<run::LineCost> out;
    for (auto &[line, cost] : byLine) {
        if (executedPerPc)
            cost.share = totalExecuted > 0 ? cost.executed / totalExecuted : 0;
        else
            cost.share = instructions.empty() ? 0 : double(cost.instructions) / instructions.size();
        out.push_back(cost);
    }
    return out;
}

} // namespace tsm::profiler
