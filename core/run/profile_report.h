#pragma once
// What `tilesmith profile` reports about a run's kernel launches (profiler/launch_profiler.h
// fills it; docs/run-events.md "profile" is its JSON form): per kernel and grid, the launches'
// CUPTI timings, the hardware counters of one replayed launch, the device's roofs and where the
// kernel sits under them, and costs per Python line. Plain structs, no CUPTI.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tsm::run {

/// One hardware metric of one profiled launch, as CUPTI evaluated it.
struct ProfileMetric
{
    std::string name;  ///< "dram__bytes_read.sum"
    double value = 0;
    std::string unit;  ///< "byte", "nsecond", "percent", "instruction"
};

/// What a Python line of the kernel costs in the profiled launch's SASS.
struct LineCost
{
    int line = 0;                  ///< 1-based line of the kernel's file
    std::int64_t instructions = 0; ///< SASS instructions the line compiled to (static)
    double executed = 0;           ///< warp instructions executed (counters), 0 when unmeasured
    double stallSamples = 0;       ///< PC-sampling stall samples, 0 when unmeasured
    double share = 0;              ///< of the kernel's total for the measured quantity, 0..1
    std::string topStall;          ///< the reason with most samples ("long_scoreboard"), or ""
};

/// One kernel at one grid: its launches, and the counters of the first one.
struct KernelProfile
{
    std::string kernel;    ///< the @triton.jit function's name
    std::string function;  ///< the CUDA symbol (CUPTI's name)
    std::string signature; ///< the specialization key
    std::string file;      ///< where the kernel is defined (empty for built-in kernels)
    int line = 0;
    bool library = false;  ///< a Tilesmith-provided kernel (eager torch op), not the user's
    std::array<std::int64_t, 3> grid{1, 1, 1};
    int threadsPerBlock = 0;
    int registers = 0;
    int sharedBytes = 0;   ///< static + dynamic per block
    int spills = 0;        ///< bytes of local memory per thread the build spilled to
    double occupancy = 0;  ///< resident warps per SM / the SM's maximum, 0..1
    /// "wgmma" / "mma.sync" when a tl.dot of the kernel ran on tensor cores (the first such
    /// dot's path), else empty: the kernel is then held to a tensor-core roof (tensorRoofOf).
    std::string tensorCores;
    /// That dot's tensor-core input: "fp16", "bf16", "tf32" or "fp8" (empty: fp16, as reports
    /// from before the field).
    std::string tensorInput;

    // CUPTI Activity: every launch of this kernel at this grid.
    std::int64_t launches = 0;
    double medianNs = 0, minNs = 0, maxNs = 0;

    // The range profiler's replay of the first launch (empty `metrics` when not collected).
    std::vector<ProfileMetric> metrics;
    int passes = 0;
    std::string countersNote; ///< why there are no counters, when there are none
    double counterNs = 0;     ///< gpu__time_duration.sum
    /// The SM clock in the replayed launch (sm__cycles_elapsed.avg.per_second), MHz; 0 unknown.
    double smClockMHz = 0;
    double dramBytes = 0;     ///< read + written
    std::optional<double> flops;      ///< measured (FFMA counted twice) when the set had them
    /// What the kernel's launch_metadata says its first launch here moves and computes.
    std::optional<double> analyticBytes, analyticFlops;
    double achievedGBs = 0;           ///< dramBytes / median time
    double achievedTFLOPs = 0;        ///< flops / median time, when known
    /// The roof that binds: "copy bandwidth", "FP32 FMA", or "FP16 tensor cores" (also for
    /// bf16), "TF32 tensor cores", "FP8 tensor cores".
    std::string roof;
    double roofFraction = 0;          ///< achieved / that roof, 0..1+
    /// For a tensor-core roof whose clock and the kernel's are known: the replayed launch's
    /// FLOPs per SM cycle over the roof kernel's (the fraction of that roof at the kernel's own
    /// SM clock, as Nsight Compute draws its roofs), else 0.
    double clockRoofFraction = 0;

    std::vector<LineCost> lines;      ///< per Python line of the kernel, when mapped
    std::string linesMeasuredBy;      ///< "SASS instructions per line (static)", ...
};

/// One launch on the run's timeline (CUPTI Activity).
struct ProfileLaunch
{
    std::string kernel; ///< Python name, or the CUDA symbol for launches Tilesmith did not make
    std::int64_t startNs = 0; ///< from the first launch's start
    std::int64_t durationNs = 0;
    std::array<std::int64_t, 3> grid{1, 1, 1};
};

/// The device's ceilings, measured by Tilesmith and cached per device.
struct RooflineCeilings
{
    std::string device;       ///< "NVIDIA H200"
    double copyGBs = 0;       ///< device-to-device copy, read + written
    double fp32TFLOPs = 0;    ///< FFMA chains on every SM
    /// fp16 -> fp32 tensor cores (wgmma on sm_90, else mma.sync), 0 when not measured.
    double fp16TensorTFLOPs = 0;
    /// tf32 (fp32 inputs) and fp8 e4m3 -> fp32 tensor cores, 0 when not measured (fp8: Hopper
    /// only here).
    double tf32TensorTFLOPs = 0, fp8TensorTFLOPs = 0;
    std::string measuredBy;   ///< "measured now" / "cached from <date>"
    /// The SM clock (MHz) each tensor-core roof kernel ran at, from its blocks' clock64 over its
    /// time: the tensor cores' clock falls under load, and a matmul that also moves memory runs
    /// lower than the roof kernel (0: not measured).
    double fp16TensorMHz = 0, tf32TensorMHz = 0, fp8TensorMHz = 0;
};

/// A tensor-core roof: TFLOP/s (0: none) and its name, as KernelProfile::roof gives it.
struct TensorRoof
{
    double tflops = 0;
    const char *name = ""; ///< "FP16 tensor cores"
    double mhz = 0;        ///< the SM clock it was measured at, 0 unknown
    const char *type = ""; ///< its input type, short: "FP16" (also bf16's), "TF32", "FP8"

    /// The roof at an SM clock of `mhz` MHz (the tensor cores' FLOPs per cycle times it), 0
    /// when either clock is unknown.
    double atClock(double kernelMHz) const { return mhz > 0 && kernelMHz > 0 ? tflops * kernelMHz / mhz : 0; }
};

/// The tensor-core roofs RooflineCeilings holds, FP16 (the reference) first, then TF32 and FP8:
/// the one list that the measurement, its cache and JSON, the table and the chart go through.
struct TensorRoofField
{
    const char *key;  ///< JSON stem: "<key>_tensor_tflops", "<key>_tensor_mhz"
    const char *type; ///< TensorRoof::type
    const char *name; ///< TensorRoof::name
    double RooflineCeilings::*tflops;
    double RooflineCeilings::*mhz;
};
inline constexpr TensorRoofField kTensorRoofFields[] = {
    {"fp16", "FP16", "FP16 tensor cores", &RooflineCeilings::fp16TensorTFLOPs, &RooflineCeilings::fp16TensorMHz},
    {"tf32", "TF32", "TF32 tensor cores", &RooflineCeilings::tf32TensorTFLOPs, &RooflineCeilings::tf32TensorMHz},
    {"fp8", "FP8", "FP8 tensor cores", &RooflineCeilings::fp8TensorTFLOPs, &RooflineCeilings::fp8TensorMHz}};

/// `c`'s tensor-core roofs in kTensorRoofFields' order (tflops 0: not measured).
inline std::array<TensorRoof, 3> tensorRoofs(const RooflineCeilings &c)
{
    std::array<TensorRoof, 3> roofs;
    for (std::size_t i = 0; i < roofs.size(); ++i) {
        const TensorRoofField &f = kTensorRoofFields[i];
        roofs[i] = {c.*f.tflops, f.name, c.*f.mhz, f.type};
    }
    return roofs;
}

/// The tensor-core roof the roofline holds `k` to: that of its tl.dot's input type (TF32 or FP8
/// when measured), else the FP16 one (fp16, bf16, and the others when their own was not
/// measured); tflops 0 when `k` ran no dot on tensor cores or that roof was not measured.
inline TensorRoof tensorRoofOf(const KernelProfile &k, const RooflineCeilings &c)
{
    if (k.tensorCores.empty())
        return {};
    const auto [fp16, tf32, fp8] = tensorRoofs(c);
    if (k.tensorInput == "tf32" && tf32.tflops > 0)
        return tf32;
    if (k.tensorInput == "fp8" && fp8.tflops > 0)
        return fp8;
    return fp16;
}

/// Whether the roofline holds `k` to a tensor-core roof (tensorRoofOf): its tl.dot ran on
/// tensor cores and that roof was measured (else to the FP32 FMA roof above the ridge point).
inline bool heldToTensorRoof(const KernelProfile &k, const RooflineCeilings &c)
{
    return tensorRoofOf(k, c).tflops > 0;
}

/// Whether the FLOPs that place `k` on the roofline are its launch_metadata's: first for a
/// kernel held to the tensor-core roof (the counters count no tensor-core instruction), else
/// only where the counters measured none.
inline bool placedByAnalyticFlops(const KernelProfile &k, const RooflineCeilings &c)
{
    return heldToTensorRoof(k, c) ? bool(k.analyticFlops) : !k.flops;
}

struct ProfileReport
{
    std::string metricSet;          ///< "fast", "roofline", "sol" or "custom"
    std::vector<std::string> metricNames;
    int passes = 0;                 ///< replays per profiled launch
    bool countersAvailable = true;  ///< false: timing only, `countersNote` says why
    std::string countersNote;
    std::vector<KernelProfile> kernels;
    std::vector<ProfileLaunch> timeline; ///< at most the first 5000 launches
    std::int64_t timelineDropped = 0;    ///< launches beyond those
    RooflineCeilings roofline;
    std::vector<std::string> notes;
};

} // namespace tsm::run
