#pragma once
// SASS instructions -> Python lines, for per-line costs (issue 7; CUDA.md §8). The generated
// CUDA C carries `#line N "file.py"` and NVRTC builds with -lineinfo, so each instruction's PC
// has a source location: CUPTI's cuptiGetSassToSourceCorrelation gives the innermost one, and
// for code inlined from the device header (loads, stores, exp, division) that is the header's
// own line; the cubin's line table (cubin_lines.h) names the Python line that called it.
// Works on a cubin alone: no GPU, no driver.

#include "core/run/profile_report.h"
#include "profiler/cubin_lines.h"

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

namespace tsm::profiler {

/// One SASS instruction of a kernel and where it comes from.
struct SassLine
{
    std::uint32_t pc = 0; ///< byte offset in the kernel's code (a multiple of 16)
    std::string file;     ///< innermost location as CUPTI reports it; empty: no line information
    int line = 0;
    /// The call sites the instruction was inlined through, innermost first (from the line
    /// table; empty for code written on the line itself).
    std::vector<SourceLocation> inlinedAt;
};

/// Every instruction of `function` in `cubin` with its source location. Empty with the reason
/// in `why` when the cubin cannot be read, has no such kernel or no line information, or CUPTI
/// cannot be loaded. When the line table cannot be decoded the instructions still come back,
/// without `inlinedAt`, and `why` says so.
std::vector<SassLine>
sassLines(std::span<const char> cubin, const std::string &function, std::string *why);

/// The instruction's line in `pythonFile`: its own location when that is in the file, else
/// the innermost call site there; 0 when neither is.
int pythonLineOf(const SassLine &instruction, const std::string &pythonFile);

/// First and last line of the kernel's `def` (inclusive); {0, 0}: every line of the file.
struct LineRange
{
    int first = 0, last = 0;
};

/// Per line of `pythonFile` inside `kernel`, ascending: the instructions it compiled to and,
/// with `executedPerPc` (warp instructions executed per PC, SassMetrics), what they executed.
/// `share` is of the executed total when counts are given, else of the instruction count.
/// Instructions on no line of the kernel (the generated prologue, alignment padding after
/// the last statement, header code whose caller is unknown) are gathered in one entry with
/// line 0, placed first, present only when there are some.
std::vector<run::LineCost> lineCosts(const std::vector<SassLine> &instructions,
                                     const std::string &pythonFile,
                                     const std::map<std::uint32_t, double> *executedPerPc = nullptr,
                                     LineRange kernel = {});

} // namespace tsm::profiler
