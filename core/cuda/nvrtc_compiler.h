#pragma once
// NVRTC: generated CUDA C to PTX and a cubin for one architecture (shared/design/CUDA.md §2),
// with the ptxas resource report parsed, NVRTC's messages located on Python lines (through the
// #line directives of the generated code), per-stage times, and a disk cache keyed by
// (source, options, NVRTC version, arch) whose hits cost milliseconds.

#include "core/diag/diagnostic.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tsm::cuda {

struct CompileOptions
{
    std::string arch = "sm_90";  ///< "sm_80", "sm_90"; compute_XX gives PTX only
    bool lineInfo = true;        ///< -lineinfo (source correlation, profiler)
    bool debug = false;          ///< -G
    std::vector<std::string> extra;
    /// Extra headers by name (the device header is always added).
    std::vector<std::pair<std::string, std::string>> headers;
    /// Where the cache lives; empty = $TILESMITH_CACHE_DIR, else $XDG_CACHE_HOME/tilesmith/cuda,
    /// else ~/.cache/tilesmith/cuda. "-" disables the cache.
    std::filesystem::path cacheDir;
};

/// ptxas's report for one kernel ("Used 16 registers, 0 bytes stack frame, ...").
struct ResourceReport
{
    int registers = 0;
    int stackBytes = 0;
    int spillStoreBytes = 0;
    int spillLoadBytes = 0;
    int sharedBytes = 0;
    int constBytes = 0;
    int barriers = 0;
    bool parsed = false; ///< false when the log had no report (format changed)
};

struct StageTime
{
    std::string stage; ///< "nvrtc", "cache-lookup", "cache-store"
    double ms = 0.0;
};

struct CompileResult
{
    bool ok = false;
    std::string ptx;
    std::vector<char> cubin; ///< empty for compute_XX
    std::string log;         ///< NVRTC's full log (warnings and the ptxas report)
    ResourceReport resources;
    std::vector<StageTime> times;
    bool cacheHit = false;
    bool cancelled = false;   ///< stopped through `cancel` (ok is false)
    std::string nvrtcVersion; ///< "13.0"
};

/// Compiles `source` (named `virtualName` in #line / .file, e.g. "/tilesmith/swish.cu").
/// On failure `ok` is false and `log` holds NVRTC's messages. `cancel` stops a running
/// compile (NVRTC's flow callback).
CompileResult compileCuda(std::string_view source,
                          std::string_view virtualName,
                          const CompileOptions &options,
                          const std::atomic<bool> *cancel = nullptr);

/// Turns NVRTC's log into diagnostics: a "file.py(12): error: ..." line becomes a
/// CudaCompileFailed error at line 12 of `file` (when it is that file), other lines notes.
void reportCompileLog(std::string_view kernelName,
                      std::string_view log,
                      const SourceFile *file,
                      DiagnosticSink &diags);

/// Parses the ptxas -v lines of an NVRTC log.
ResourceReport parseResourceReport(std::string_view log);

/// NVRTC's version ("13.0") and the architectures it accepts (75, 80, 86, ..., 121).
std::string nvrtcVersion();
std::vector<int> supportedArchs();

} // namespace tsm::cuda
