#pragma once
// Why warps wait, per instruction, through CUPTI's PC Sampling API (cupti_pcsampling.h, CUDA
// 13.0): every 2^period cycles each SM's sampler picks a resident warp and records its PC and
// its state ("long_scoreboard": waiting on a global load; "selected": issuing). Summed over a
// launch, the samples per PC say where the kernel spends its time and why; stallCosts() folds
// them into Python lines through sassLines() (sass_lines.h).
//
// Lifetime. PC sampling is enabled and configured on the context once, in open(), and stays
// enabled until the PcSampling is destroyed; begin()/end() start and stop one sampled range
// around one launch (start/stop control), so launches outside a range are not sampled. The
// collection mode is KERNEL_SERIALIZED: kernels inside a range run one at a time. Whether the
// range profiler and SASS metrics can run while PC sampling is enabled is not known from the
// header; if they cannot, destroy the PcSampling before them and open it again after (open()
// is a whole Enable/configure, the destructor a whole Disable). One PcSampling per context.
//
// The function names CUPTI hands out with the samples may be shared with Activity records of
// the same function (cupti_pcsampling.h); they are freed when the PcSampling is destroyed, so
// destroy it after the run's Activity buffers have been flushed and read.

#include "core/run/profile_report.h"
#include "profiler/sass_lines.h"

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace tsm::cuda {
class Driver;
}

namespace tsm::profiler {

/// One stall reason as CUPTI names it on this device.
struct StallReason
{
    std::uint32_t index = 0; ///< CUPTI's index, as in the samples
    std::string name;        ///< "smsp__pcsamp_warps_issue_stalled_long_scoreboard"
    std::string shortName;   ///< "long_scoreboard" (see stallShortName)
    bool notIssued = false;  ///< a "..._not_issued" subset of the reason of the same short name
};

/// The samples of one PC.
struct PcStalls
{
    /// Every sample at this PC: the sum of `reasons` (the not-issued subsets not counted again).
    std::uint64_t samples = 0;
    /// Short reason name -> samples where the warp was in that state ("selected": issuing).
    std::map<std::string, std::uint64_t> reasons;
    /// Short reason name -> the part of those samples in which no warp issued (..._not_issued).
    std::map<std::string, std::uint64_t> notIssued;
};

/// PC offset (as in sassLines()) -> samples, for one function.
using StallsOfFunction = std::map<std::uint32_t, PcStalls>;

/// What one sampled range collected.
struct StallsPerPc
{
    std::map<std::string, StallsOfFunction> functions; ///< by CUDA symbol
    std::vector<StallReason> reasons;                  ///< the device's reasons
    int periodLog2 = 0;                                ///< samples every 2^periodLog2 cycles
    std::uint64_t totalSamples = 0;   ///< CUPTI's count: user PCs + other kernels + dropped
    std::uint64_t droppedSamples = 0; ///< lost by the hardware (buffer back-pressure)
    std::uint64_t nonUserSamples = 0; ///< in kernels CUPTI gives no PCs for
    std::uint64_t pcSamples() const;  ///< the sum over `functions`
};

/// "smsp__pcsamp_warps_issue_stalled_long_scoreboard" -> "long_scoreboard"; the "_not_issued"
/// suffix stays ("long_scoreboard_not_issued"); names of another form come back unchanged.
std::string stallShortName(const std::string &cuptiName);

class PcSampling
{
public:
    /// 2^12 = 4096 cycles: on an H200 (132 SMs, ~1.98 GHz) a 0.5 ms kernel gets ~240 samples
    /// per SM, ~32 000 in all (pc_sampling.cpp explains the choice).
    static constexpr int kDefaultPeriodLog2 = 12;

    /// Enables and configures PC sampling on `driver`'s context. Null with the reason in
    /// `why` (no CUDA device, CUPTI missing, no permission, unsupported device), worded for the
    /// user. `periodLog2` in CUPTI's range, 5..31.
    static std::unique_ptr<PcSampling>
    open(cuda::Driver &driver, std::string *why, int periodLog2 = kDefaultPeriodLog2);
    ~PcSampling();
    PcSampling(const PcSampling &) = delete;
    PcSampling &operator=(const PcSampling &) = delete;

    /// Call just before the launch to sample...
    bool begin(std::string *why);
    /// ...and just after it (it synchronizes): the samples of what ran since begin(). Fails
    /// when CUPTI's hardware buffer overflowed or no sample landed in a user kernel.
    bool end(StallsPerPc *out, std::string *why);

private:
    struct Buffers;
    explicit PcSampling(cuda::Driver &driver);
    bool drain(StallsPerPc &out, std::string *why);

    cuda::Driver &m_driver;
    std::vector<StallReason> m_reasons;
    std::unique_ptr<Buffers> m_buffers;
    std::set<char *> m_functionNames; ///< CUPTI's strings, freed at the end
    int m_periodLog2 = 0;
    bool m_enabled = false;
    bool m_started = false;
};

/// The same samples with each "long_scoreboard" stall (a warp waiting for a global or local
/// memory result) moved from the instruction that waits to the load it waits for: the nearest
/// instruction before it (around the loop's back edge if need be) that sets a scoreboard
/// barrier the waiting instruction's control bits wait on, split evenly when it waits on
/// several. PCs whose wait names no such instruction keep their samples.
StallsOfFunction chargeLoadWaits(const StallsOfFunction &stalls, const std::vector<SassControl> &controls);

/// Per line of `pythonFile` inside `kernel`, as lineCosts() (sass_lines.h) maps instructions:
/// the instructions it compiled to, `stallSamples` (the samples at its PCs), `topStall` (the
/// short name of the reason with the most of those samples; ties go to the first by name) and
/// `share` of all the function's samples. Samples at PCs that are on no line of the kernel, or
/// that are not among `instructions`, go to the line-0 entry. With `executedPerPc` the
/// `executed` counts are filled as well.
std::vector<run::LineCost> stallCosts(const std::vector<SassLine> &instructions,
                                      const std::string &pythonFile,
                                      const StallsOfFunction &stalls,
                                      LineRange kernel = {},
                                      const std::map<std::uint32_t, double> *executedPerPc
                                      = nullptr);

} // namespace tsm::profiler
