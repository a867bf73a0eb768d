#include "profiler/pc_sampling.h"

#include "core/cuda/driver.h"
#include "profiler/cupti_library.h"
#include "profiler/profiler_access.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

// The sequence cupti_pcsampling.h documents (and NVIDIA's pc_sampling_start_stop and
// pc_sampling_continuous samples follow):
//   open():   cuptiProfilerInitialize; cuptiProfilerDeviceSupported{api=PC_SAMPLING};
//             cuptiPCSamplingEnable{ctx};
//             cuptiPCSamplingGetNumStallReasons{ctx} -> n; cuptiPCSamplingGetStallReasons{ctx,
//             n, index[n], name[n][CUPTI_STALL_REASON_STRING_SIZE]};
//             cuptiPCSamplingSetConfigurationAttribute{ctx, [COLLECTION_MODE=KERNEL_SERIALIZED,
//             SAMPLING_PERIOD, STALL_REASON=all n, SCRATCH_BUFFER_SIZE, HARDWARE_BUFFER_SIZE,
//             ENABLE_START_STOP_CONTROL=1, OUTPUT_DATA_FORMAT=PARSED, SAMPLING_DATA_BUFFER]}
//             (each attribute reports its own attributeStatus);
//             cuptiPCSamplingGetConfigurationAttribute{SAMPLING_PERIOD}: the period in force
//   begin():  cuptiPCSamplingStart{ctx}
//   (the caller launches the kernel once)
//   end():    synchronize; cuptiPCSamplingStop{ctx} (a range end: CUPTI flushes the range);
//             cuptiPCSamplingGetData{ctx, our CUpti_PCSamplingData of kPcsPerBuffer records,
//             each with room for n reasons} until remainingNumPcs is 0 (totalNumPcs records
//             each call; totalSamples / droppedSamples / nonUsrKernelsTotalSamples per rangeId;
//             CUPTI_ERROR_OUT_OF_MEMORY with hardwareBufferFull: the hardware buffer overflowed)
//   ~:        cuptiPCSamplingStop if a range is open; cuptiPCSamplingDisable{ctx} (copies what
//             is left into the SAMPLING_DATA_BUFFER); free() each function name CUPTI handed
//             out, once (names are shared between records).
//
// Sampling period. Each SM's sampler takes one warp every 2^period cycles. An H200 runs 132
// SMs at up to 1.98 GHz, so a 0.5 ms kernel lasts ~990 000 cycles per SM: 2^12 = 4096 gives
// ~240 samples per SM, ~32 000 in all; enough that a line with 1% of the time has ~300
// samples (±6%), few enough that CUPTI's decoding stays cheap. The shortest CUPTI allows
// (2^5) would give ~4 million samples for the same kernel; 2^15 about 4 000.
// At 2^12 a GPU-filling kernel produces ~64 million samples a second and CUPTI's worker drains
// the hardware buffer every 100 ms (its default sleep span): ~6.4 million samples between
// drains. The hardware buffer is sized for that at up to 32 bytes a sample (the record size
// is not documented; hardwareBufferFull says when it was too small).
// The scratch buffer holds the decoded PCs of a range: ~16 bytes per PC and stall reason
// (cupti_pcsampling.h); 8 MB is room for thousands of PCs with every reason, more than any
// Triton kernel has instructions.

namespace tsm::profiler {
namespace {

constexpr std::size_t kPcsPerBuffer = 4096;
constexpr std::size_t kScratchBytes = std::size_t(8) << 20;
constexpr std::size_t kHardwareBytes = std::size_t(256) << 20;
constexpr int kMaxDrainRounds = 1024;
constexpr const char *kStalledPrefix = "smsp__pcsamp_warps_issue_stalled_";
constexpr const char *kSamplingPrefix = "smsp__pcsamp_";
constexpr const char *kNotIssuedSuffix = "_not_issued";

void say(std::string *why, const std::string &text)
{
    if (why)
        *why = text;
}

CUcontext contextOf(cuda::Driver &driver)
{
    return reinterpret_cast<CUcontext>(driver.nativeContext());
}

bool startsWith(const std::string &s, const std::string &prefix)
{
    return s.compare(0, prefix.size(), prefix) == 0;
}

bool endsWith(const std::string &s, const std::string &suffix)
{
    return s.size() >= suffix.size()
           && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

const char *attributeName(CUpti_PCSamplingConfigurationAttributeType type)
{
    switch (type) {
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD:
        return "the sampling period";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_STALL_REASON:
        return "the stall reasons";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SCRATCH_BUFFER_SIZE:
        return "the scratch buffer size";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_HARDWARE_BUFFER_SIZE:
        return "the hardware buffer size";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE:
        return "the collection mode";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL:
        return "start/stop control";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_OUTPUT_DATA_FORMAT:
        return "the output format";
    case CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER:
        return "the sampling data buffer";
    default:
        return "an attribute";
    }
}

} // namespace

std::string stallShortName(const std::string &cuptiName)
{
    if (startsWith(cuptiName, kStalledPrefix))
        return cuptiName.substr(std::string(kStalledPrefix).size());
    if (startsWith(cuptiName, kSamplingPrefix))
        return cuptiName.substr(std::string(kSamplingPrefix).size());
    return cuptiName;
}

std::uint64_t StallsPerPc::pcSamples() const
{
    std::uint64_t sum = 0;
    for (const auto &[function, pcs] : functions)
        for (const auto &[pc, stalls] : pcs)
            sum += stalls.samples;
    return sum;
}

struct PcSampling::Buffers
{
    /// A CUpti_PCSamplingData with `pcs` records, each with room for every stall reason.
    struct SamplingBuffer
    {
        CUpti_PCSamplingData data{};
        std::vector<CUpti_PCSamplingPCData> pcs;
        std::vector<CUpti_PCSamplingStallReason> reasons;

        void allocate(std::size_t numPcs, std::size_t numReasons)
        {
            pcs.assign(numPcs, CUpti_PCSamplingPCData{});
            reasons.assign(numPcs * numReasons, CUpti_PCSamplingStallReason{});
            for (std::size_t i = 0; i < numPcs; ++i) {
                pcs[i].size = sizeof(CUpti_PCSamplingPCData);
                pcs[i].stallReason = &reasons[i * numReasons];
            }
            data = CUpti_PCSamplingData{};
            data.size = sizeof(CUpti_PCSamplingData);
            data.collectNumPcs = numPcs;
            data.pPcData = pcs.data();
        }
        /// The records CUPTI filled: at most what was asked for.
        std::size_t filled() const { return std::min<std::size_t>(data.totalNumPcs, pcs.size()); }
    };

    std::vector<std::uint32_t> reasonIndex;
    SamplingBuffer configured; ///< SAMPLING_DATA_BUFFER: filled by CUPTI at Disable
    SamplingBuffer fetched;    ///< what GetData fills
};

PcSampling::PcSampling(cuda::Driver &driver)
    : m_driver(driver)
    , m_buffers(std::make_unique<Buffers>())
{
}

std::unique_ptr<PcSampling> PcSampling::open(cuda::Driver &driver, std::string *why, int periodLog2)
{
    if (periodLog2 < 5 || periodLog2 > 31) {
        say(why,
            "the PC sampling period must be 2^5 to 2^31 cycles, not 2^"
                + std::to_string(periodLog2));
        return nullptr;
    }
    if (!profilerSupports(driver,
                          CUPTI_PROFILER_PC_SAMPLING,
                          "sample stalls",
                          "instruction counts per line still work",
                          why))
        return nullptr;
    const CuptiApi *api = cuptiApi(why);

    const CUcontext ctx = contextOf(driver);
    std::unique_ptr<PcSampling> s(new PcSampling(driver));
    CUpti_PCSamplingEnableParams on{CUpti_PCSamplingEnableParamsSize};
    on.ctx = ctx;
    if (CUptiResult r = api->pcSamplingEnable(&on); r != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("enabling PC sampling", r));
        return nullptr;
    }
    s->m_enabled = true; // from here on the destructor disables it again

    std::size_t numReasons = 0;
    CUpti_PCSamplingGetNumStallReasonsParams count{CUpti_PCSamplingGetNumStallReasonsParamsSize};
    count.ctx = ctx;
    count.numStallReasons = &numReasons;
    if (CUptiResult r = api->pcSamplingGetNumStallReasons(&count); r != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("asking CUPTI how many stall reasons it samples", r));
        return nullptr;
    }
    if (numReasons == 0) {
        say(why, "CUPTI reports no stall reasons to sample on " + driver.device().name);
        return nullptr;
    }
    Buffers &b = *s->m_buffers;
    b.reasonIndex.assign(numReasons, 0);
    std::vector<std::vector<char>> nameStorage(numReasons,
                                               std::vector<char>(CUPTI_STALL_REASON_STRING_SIZE));
    std::vector<char *> names;
    for (std::vector<char> &n : nameStorage)
        names.push_back(n.data());
    CUpti_PCSamplingGetStallReasonsParams list{CUpti_PCSamplingGetStallReasonsParamsSize};
    list.ctx = ctx;
    list.numStallReasons = numReasons;
    list.stallReasonIndex = b.reasonIndex.data();
    list.stallReasons = names.data();
    if (CUptiResult r = api->pcSamplingGetStallReasons(&list); r != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("reading CUPTI's stall reasons", r));
        return nullptr;
    }
    for (std::size_t i = 0; i < numReasons; ++i) {
        StallReason reason;
        reason.index = b.reasonIndex[i];
        reason.name.assign(names[i], strnlen(names[i], CUPTI_STALL_REASON_STRING_SIZE));
        reason.shortName = stallShortName(reason.name);
        reason.notIssued = endsWith(reason.name, kNotIssuedSuffix);
        s->m_reasons.push_back(std::move(reason));
    }
    b.configured.allocate(kPcsPerBuffer, numReasons);
    b.fetched.allocate(kPcsPerBuffer, numReasons);

    std::vector<CUpti_PCSamplingConfigurationInfo> attrs(8);
    attrs[0].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_COLLECTION_MODE;
    attrs[0].attributeData.collectionModeData.collectionMode
        = CUPTI_PC_SAMPLING_COLLECTION_MODE_KERNEL_SERIALIZED;
    attrs[1].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD;
    attrs[1].attributeData.samplingPeriodData.samplingPeriod = std::uint32_t(periodLog2);
    attrs[2].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_STALL_REASON;
    attrs[2].attributeData.stallReasonData.stallReasonCount = numReasons;
    attrs[2].attributeData.stallReasonData.pStallReasonIndex = b.reasonIndex.data();
    attrs[3].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SCRATCH_BUFFER_SIZE;
    attrs[3].attributeData.scratchBufferSizeData.scratchBufferSize = kScratchBytes;
    attrs[4].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_HARDWARE_BUFFER_SIZE;
    attrs[4].attributeData.hardwareBufferSizeData.hardwareBufferSize = kHardwareBytes;
    attrs[5].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_ENABLE_START_STOP_CONTROL;
    attrs[5].attributeData.enableStartStopControlData.enableStartStopControl = 1;
    attrs[6].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_OUTPUT_DATA_FORMAT;
    attrs[6].attributeData.outputDataFormatData.outputDataFormat
        = CUPTI_PC_SAMPLING_OUTPUT_DATA_FORMAT_PARSED;
    attrs[7].attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_DATA_BUFFER;
    attrs[7].attributeData.samplingDataBufferData.samplingDataBuffer = &b.configured.data;
    CUpti_PCSamplingConfigurationInfoParams set{CUpti_PCSamplingConfigurationInfoParamsSize};
    set.ctx = ctx;
    set.numAttributes = attrs.size();
    set.pPCSamplingConfigurationInfo = attrs.data();
    if (CUptiResult r = api->pcSamplingSetConfigurationAttribute(&set); r != CUPTI_SUCCESS) {
        std::string what = "configuring PC sampling";
        for (const CUpti_PCSamplingConfigurationInfo &a : attrs)
            if (a.attributeStatus != CUPTI_SUCCESS) {
                what += std::string(" (") + attributeName(a.attributeType) + ": "
                        + cuptiResultText(a.attributeStatus) + ")";
                break;
            }
        say(why, explainCuptiFailure(what, r));
        return nullptr;
    }

    // The period in force, as CUPTI reports it (the requested one when it cannot say).
    s->m_periodLog2 = periodLog2;
    CUpti_PCSamplingConfigurationInfo period{};
    period.attributeType = CUPTI_PC_SAMPLING_CONFIGURATION_ATTR_TYPE_SAMPLING_PERIOD;
    CUpti_PCSamplingConfigurationInfoParams get{CUpti_PCSamplingConfigurationInfoParamsSize};
    get.ctx = ctx;
    get.numAttributes = 1;
    get.pPCSamplingConfigurationInfo = &period;
    if (api->pcSamplingGetConfigurationAttribute(&get) == CUPTI_SUCCESS
        && period.attributeStatus == CUPTI_SUCCESS
        && period.attributeData.samplingPeriodData.samplingPeriod >= 5)
        s->m_periodLog2 = int(period.attributeData.samplingPeriodData.samplingPeriod);
    return s;
}

PcSampling::~PcSampling()
{
    const CuptiApi *api = cuptiApi();
    if (!api)
        return;
    const CUcontext ctx = contextOf(m_driver);
    if (m_started) {
        CUpti_PCSamplingStopParams stop{CUpti_PCSamplingStopParamsSize};
        stop.ctx = ctx;
        api->pcSamplingStop(&stop);
    }
    if (m_enabled) {
        CUpti_PCSamplingDisableParams off{CUpti_PCSamplingDisableParamsSize};
        off.ctx = ctx;
        api->pcSamplingDisable(&off);
        // Disable copies what was never fetched into the configured buffer, names included.
        const Buffers::SamplingBuffer &left = m_buffers->configured;
        for (std::size_t i = 0; i < left.filled(); ++i)
            if (char *name = left.pcs[i].functionName)
                m_functionNames.insert(name);
    }
    // CUPTI mallocs the names and shares one string between the records of a function.
    for (char *name : m_functionNames)
        std::free(name);
}

bool PcSampling::begin(std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return false;
    if (m_started) {
        say(why, "PcSampling::begin() called twice without end()");
        return false;
    }
    CUpti_PCSamplingStartParams start{CUpti_PCSamplingStartParamsSize};
    start.ctx = contextOf(m_driver);
    if (CUptiResult r = api->pcSamplingStart(&start); r != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("starting PC sampling", r));
        return false;
    }
    m_started = true;
    return true;
}

bool PcSampling::end(StallsPerPc *out, std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return false;
    if (!m_started) {
        say(why, "PcSampling::end() without begin()");
        return false;
    }
    // The range must cover the whole kernel: wait for it before closing the range.
    const cuda::DriverStatus ran = m_driver.synchronize();
    CUpti_PCSamplingStopParams stop{CUpti_PCSamplingStopParamsSize};
    stop.ctx = contextOf(m_driver);
    const CUptiResult stopped = api->pcSamplingStop(&stop);
    m_started = false;
    if (!ran) {
        say(why, "the sampled launch failed: " + ran.message);
        return false;
    }
    if (stopped != CUPTI_SUCCESS) {
        say(why, explainCuptiFailure("stopping PC sampling", stopped));
        return false;
    }

    StallsPerPc result;
    result.reasons = m_reasons;
    result.periodLog2 = m_periodLog2;
    if (!drain(result, why))
        return false;
    if (result.functions.empty()) {
        say(why,
            result.totalSamples == 0
                ? "no PC samples: no kernel ran between begin() and end(), or it ran for fewer "
                  "than 2^"
                      + std::to_string(m_periodLog2) + " cycles per SM"
                : "CUPTI's " + std::to_string(result.totalSamples)
                      + " PC samples were all dropped or in kernels it gives no PCs for");
        return false;
    }
    if (out)
        *out = std::move(result);
    return true;
}

bool PcSampling::drain(StallsPerPc &out, std::string *why)
{
    const CuptiApi *api = cuptiApi(why);
    if (!api)
        return false;
    std::map<std::uint32_t, const StallReason *> byIndex;
    for (const StallReason &r : m_reasons)
        byIndex[r.index] = &r;
    // Totals are the range's, repeated when a range takes several calls: kept once per range.
    struct Totals
    {
        std::uint64_t total = 0, dropped = 0, nonUser = 0;
    };
    std::map<std::uint64_t, Totals> ranges;

    Buffers::SamplingBuffer &buf = m_buffers->fetched;
    for (int round = 0;; ++round) {
        buf.data.totalNumPcs = 0;
        buf.data.remainingNumPcs = 0;
        buf.data.hardwareBufferFull = 0;
        CUpti_PCSamplingGetDataParams get{CUpti_PCSamplingGetDataParamsSize};
        get.ctx = contextOf(m_driver);
        get.pcSamplingData = &buf.data;
        if (CUptiResult r = api->pcSamplingGetData(&get); r != CUPTI_SUCCESS) {
            if (buf.data.hardwareBufferFull)
                say(why,
                    "CUPTI's PC sampling buffer (" + std::to_string(kHardwareBytes >> 20)
                        + " MB) overflowed: the launch is too long to sample every 2^"
                        + std::to_string(m_periodLog2) + " cycles; sample less often");
            else
                say(why, explainCuptiFailure("collecting the PC samples", r));
            return false;
        }
        Totals &t = ranges[buf.data.rangeId];
        t.total = std::max<std::uint64_t>(t.total, buf.data.totalSamples);
        t.dropped = std::max<std::uint64_t>(t.dropped, buf.data.droppedSamples);
        t.nonUser = std::max<std::uint64_t>(t.nonUser, buf.data.nonUsrKernelsTotalSamples);

        const std::size_t filled = buf.filled();
        for (std::size_t i = 0; i < filled; ++i) {
            const CUpti_PCSamplingPCData &pc = buf.pcs[i]; // packed: read fields by value
            char *name = pc.functionName;
            if (name)
                m_functionNames.insert(name);
            PcStalls &stalls = out.functions[name ? name : ""][std::uint32_t(pc.pcOffset)];
            const CUpti_PCSamplingStallReason *samples = pc.stallReason;
            const std::size_t count = std::min<std::size_t>(pc.stallReasonCount, m_reasons.size());
            for (std::size_t k = 0; k < count; ++k) {
                const std::uint32_t index = samples[k].pcSamplingStallReasonIndex;
                const std::uint32_t n = samples[k].samples;
                auto it = byIndex.find(index);
                if (it != byIndex.end() && it->second->notIssued) {
                    const std::string &s = it->second->shortName;
                    stalls.notIssued[s.substr(0, s.size() - std::string(kNotIssuedSuffix).size())]
                        += n;
                    continue;
                }
                stalls.reasons[it != byIndex.end() ? it->second->shortName
                                                   : "reason " + std::to_string(index)]
                    += n;
                stalls.samples += n;
            }
        }
        if (buf.data.remainingNumPcs == 0)
            break;
        if (filled == 0 || round + 1 == kMaxDrainRounds) {
            say(why,
                "CUPTI reported " + std::to_string(buf.data.remainingNumPcs)
                    + " more sampled PCs but returned none");
            return false;
        }
    }
    for (const auto &[range, t] : ranges) {
        out.totalSamples += t.total;
        out.droppedSamples += t.dropped;
        out.nonUserSamples += t.nonUser;
    }
    return true;
}

StallsOfFunction chargeLoadWaits(const StallsOfFunction &stalls, const std::vector<SassControl> &controls)
{
    const std::string kLong = "long_scoreboard";
    StallsOfFunction out = stalls;
    const std::size_t n = controls.size();
    for (const auto &[pc, s] : stalls) {
        const auto waited = s.reasons.find(kLong);
        const std::size_t at = pc / kSassInstructionBytes;
        if (waited == s.reasons.end() || waited->second == 0 || at >= n || controls[at].waitMask == 0)
            continue;
        std::vector<std::uint32_t> producers;
        for (int b = 0; b < 6; ++b) {
            if (!(controls[at].waitMask & (1u << b)))
                continue;
            for (std::size_t step = 1; step < n; ++step) {
                const std::size_t i = (at + n - step) % n; // backwards, then round the loop
                if (controls[i].writeBarrier == b) {
                    producers.push_back(std::uint32_t(i * kSassInstructionBytes));
                    break;
                }
            }
        }
        if (producers.empty())
            continue;
        const std::uint64_t moved = waited->second;
        const auto notIssued = s.notIssued.find(kLong);
        const std::uint64_t movedNotIssued = notIssued != s.notIssued.end() ? notIssued->second : 0;
        // Subtracted, not erased: a load can itself wait, and receive samples before or after.
        PcStalls &from = out[pc];
        from.samples -= moved;
        if ((from.reasons[kLong] -= moved) == 0)
            from.reasons.erase(kLong);
        if (movedNotIssued && (from.notIssued[kLong] -= movedNotIssued) == 0)
            from.notIssued.erase(kLong);
        for (std::size_t k = 0; k < producers.size(); ++k) {
            // An even split, the remainder to the first producers.
            const std::uint64_t share = moved / producers.size() + (k < moved % producers.size());
            const std::uint64_t shareNotIssued
                = movedNotIssued / producers.size() + (k < movedNotIssued % producers.size());
            PcStalls &to = out[producers[k]];
            to.samples += share;
            to.reasons[kLong] += share;
            if (shareNotIssued)
                to.notIssued[kLong] += shareNotIssued;
        }
        if (from.samples == 0 && from.reasons.empty())
            out.erase(pc);
    }
    return out;
}

std::vector<run::LineCost> stallCosts(const std::vector<SassLine> &instructions,
                                      const std::string &pythonFile,
                                      const StallsOfFunction &stalls,
                                      LineRange kernel,
                                      const std::map<std::uint32_t, double> *executedPerPc)
{
    std::vector<run::LineCost> lines = lineCosts(instructions, pythonFile, executedPerPc, kernel);
    std::map<std::uint32_t, int> lineOfPc;
    for (const SassLine &s : instructions) {
        int line = pythonLineOf(s, pythonFile);
        if (kernel.first > 0 && (line < kernel.first || line > kernel.last))
            line = 0; // as lineCosts() places them
        lineOfPc[s.pc] = line;
    }
    std::map<int, double> samplesByLine;
    std::map<int, std::map<std::string, double>> reasonsByLine;
    double total = 0;
    for (const auto &[pc, s] : stalls) {
        auto it = lineOfPc.find(pc);
        const int line = it != lineOfPc.end() ? it->second : 0;
        samplesByLine[line] += double(s.samples);
        for (const auto &[reason, n] : s.reasons)
            reasonsByLine[line][reason] += double(n);
        total += double(s.samples);
    }
    // Samples with no instruction of their own on the line-0 entry.
    if (samplesByLine.count(0) && (lines.empty() || lines.front().line != 0)) {
        run::LineCost none;
        lines.insert(lines.begin(), none);
    }
    for (run::LineCost &c : lines) {
        c.stallSamples = samplesByLine.count(c.line) ? samplesByLine[c.line] : 0;
        c.share = total > 0 ? c.stallSamples / total : 0;
        double most = 0;
        for (const auto &[reason, n] : reasonsByLine[c.line])
            if (n > most) {
                most = n;
                c.topStall = reason;
            }
    }
    return lines;
}

} // namespace tsm::profiler
