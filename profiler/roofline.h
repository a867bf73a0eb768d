#pragma once
// The roofline (issue 7): the device's ceilings measured by Tilesmith's own small kernels -
// copy bandwidth (core/cuda/bandwidth.h), FP32 FMA throughput, FP16, TF32 and FP8 tensor-core
// throughput (wgmma on Hopper, mma.sync on other tensor-core GPUs, FP8 on Hopper only) - cached
// per device and driver, and each profiled kernel placed under them.

#include "core/run/profile_report.h"

#include <filesystem>
#include <string>
#include <vector>

namespace tsm::cuda {
class Driver;
}

namespace tsm::profiler {

/// TFLOP/s of FFMA chains filling every SM (2 FLOPs per FFMA); 0 with the reason in `why`.
double measureFp32Tflops(cuda::Driver &driver, std::string *why);
/// The tensor cores' input types with a roof of their own (bf16 runs at fp16's rate).
enum class TensorInput { Fp16, Tf32, Fp8 };

/// TFLOP/s of `in` -> fp32 tensor-core instructions on every SM, operands and accumulators on
/// chip: wgmma.mma_async m64n256 (k16 fp16, k8 tf32, k32 fp8 e4m3) from shared memory on
/// compute capability 9.x (built for sm_90a), mma.sync m16n8k16 (fp16) / m16n8k8 (tf32) from
/// registers on others; 0 with the reason (no tensor cores before sm_80 here, fp8 measured on
/// Hopper only).
/// `mhz`, when given, gets the SM clock the kernel ran at (its blocks' clock64 spans over its
/// time): the roof at another clock scales with it.
double measureTensorTflops(cuda::Driver &driver, TensorInput in, std::string *why, double *mhz = nullptr);

/// The CUDA source measureTensorTflops() times on a device of compute capability `ccMajor`.x:
/// kernel tsm_wgmma_peak (sm_90a only) for 9, tsm_mma_peak (sm_80 and newer, fp16 and tf32)
/// otherwise. Both take (float *out, int iters, long long *clocks): thread 0 of block b writes
/// its SM id and the clock64 at its start and end to clocks[3 b .. 3 b + 2].
std::string tensorPeakSource(int ccMajor, TensorInput in = TensorInput::Fp16);
/// The average over SMs of the cycles from an SM's first block start to its last block end,
/// from the (smid, start, end) triples the tensor-core peak kernels record; 0 for none.
double averageSmSpan(const std::vector<long long> &clocks);
/// The instruction that source times: "wgmma m64n256k16", "wgmma m64n256k8 tf32",
/// "wgmma m64n256k32 e4m3", "mma.sync m16n8k16" or "mma.sync m16n8k8 tf32".
std::string tensorPeakInstruction(int ccMajor, TensorInput in = TensorInput::Fp16);

/// Where a device's ceilings are cached: $XDG_CACHE_HOME/tilesmith/roofline (or
/// ~/.cache/...) / "<device>-sm<cc>-<driver>.json".
std::filesystem::path ceilingsCachePath(const std::string &device, int cc, int driverVersion);

/// The cached ceilings of `driver`'s device, else measured now (about a second) and cached.
/// Unmeasurable roofs are 0, and `notes` gets the reason.
run::RooflineCeilings deviceCeilings(cuda::Driver &driver, std::vector<std::string> *notes);

/// Fills `k`'s achieved GB/s and TFLOP/s (from its DRAM bytes, FLOPs and median time; the
/// program's launch_metadata numbers where the counters measured none) and the roof that binds
/// it with the achieved fraction of that roof: copy bandwidth below the ridge point, above it
/// the tensor cores' roof for a kernel whose tl.dot ran on them (run::tensorRoofOf: "TF32
/// tensor cores", "FP8 tensor cores" or "FP16 tensor cores", when measured), else "FP32 FMA".
/// The FLOP counters do not count tensor-core instructions, so a tensor-core kernel's FLOPs are
/// launch_metadata's when it gives them.
/// A kernel held to a tensor-core roof whose clock is known, with its own SM clock counted,
/// also gets clockRoofFraction: the roof scaled to its clock, as Nsight Compute draws roofs.
void placeOnRoofline(run::KernelProfile &k, const run::RooflineCeilings &c);

} // namespace tsm::profiler
