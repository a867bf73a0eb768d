#pragma once
// What one `@triton.autotune` tuning reports (LANGUAGE.md "Launch"; docs/run-events.md
// "autotune" is its JSON form): every config the tuner was given, with its time or why it did
// not run, the winner, and where the decorator and the launch are so the studio can pin the
// winner into the source. Plain structs.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tsm::run {

/// A stretch of the program's text: 1-based lines and byte offsets into the file.
struct SourceRange
{
    int line = 0, endLine = 0;
    std::uint32_t begin = 0, end = 0;
};

/// One triton.Config and what became of it.
struct AutotuneConfig
{
    enum class Status : std::uint8_t {
        Ran,            ///< timed
        Pruned,         ///< dropped by early_config_prune or perf_model / top_k before compiling
        CompileError,   ///< sema or NVRTC refused it
        OutOfResources, ///< needs more shared memory or registers than the device has
        WrongResult,    ///< ran, but its outputs differ from the first config that ran
        Failed,         ///< raised while running (a fault, a hook's exception)
    };
    /// "BLOCK_SIZE: 1024, num_warps: 4, num_stages: 3" (Triton's Config.__str__).
    std::string label;
    /// The meta-parameters and launch options, each as Python prints it.
    std::vector<std::pair<std::string, std::string>> kwargs;
    Status status = Status::Ran;
    std::string reason;               ///< why it did not run / was not eligible ("" when Ran)
    std::optional<double> medianMs, p20Ms, p80Ms; ///< do_bench's 0.5 / 0.2 / 0.8 quantiles
    std::optional<int> registers;     ///< per thread (the GPU build's ptxas report)
    std::optional<int> spillBytes;    ///< local memory per thread the build spilled to
    std::optional<int> sharedBytes;   ///< per block
    std::optional<double> occupancy;  ///< resident warps per SM / the SM's maximum, 0..1
    double compileSeconds = 0;        ///< this config's build (0 when cached or not built)
};

std::string_view autotuneStatusName(AutotuneConfig::Status status); ///< "ran", "pruned", ...
std::optional<AutotuneConfig::Status> autotuneStatusFromName(std::string_view name);

struct AutotuneReport
{
    std::string kernel;                 ///< the @triton.jit function's name
    std::vector<std::string> keyNames;  ///< autotune(key=[...])
    std::string key;                    ///< the key's values as a Python tuple ("(1048576, 'torch.float32')")
    /// "tuned" (timed now), "disk" (the best config came from the on-disk cache: no tuning).
    std::string source = "tuned";
    std::vector<AutotuneConfig> configs;
    int best = -1;                      ///< index into configs
    double tuningSeconds = 0;           ///< wall time from the first compile to the choice
    double compileSeconds = 0;          ///< wall time of the (parallel) compile of all configs
    int compileThreads = 1;             ///< how many configs compiled at once
    std::string measuredBy;             ///< how the times were measured (do_bench's note)
    std::string backend;                ///< "cuda", "interp"
    std::optional<SourceRange> decorator; ///< the @triton.autotune(...) decorator
    std::optional<SourceRange> launch;    ///< the kernel[grid](...) call that triggered tuning
    std::string cacheFile;              ///< where the choice is stored on disk ("" when not)
};

} // namespace tsm::run
