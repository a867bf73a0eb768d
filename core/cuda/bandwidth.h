#pragma once
// The device's copy bandwidth as the faster of two float4 copy kernels achieves it (a grid-stride
// loop, and one tile per block as Triton's elementwise kernels do, at 128/256/512 threads): the
// yardstick that `tilesmith devices` prints and the profiler's roofline uses (a kernel at 95%
// of this is as fast as a plain copy of the same bytes).

#include "core/cuda/driver.h"

#include <string>
#include <string_view>
#include <vector>

namespace tsm::cuda {

/// GB/s (10^9 bytes per second) of bytes read plus bytes written by a device-to-device copy of
/// `bytes` (rounded down to 16), median of the timed runs after warm-up. 0 with the reason in
/// `why` when it cannot be measured (compile or launch failure, out of memory).
double measureCopyBandwidthGBs(Driver &driver, std::size_t bytes, std::string *why = nullptr);

/// The copy kernels' CUDA C ("tsm_copy_f4", "tsm_copy_blocked"), compiled with compileCuda.
std::string_view copyKernelSource();

/// Read + written bytes over a time: 2 * bytes / ms, in GB/s.
double copyGBs(std::size_t bytes, double ms);

/// The median of `samples` (the mean of the middle two for an even count; 0 when empty).
double medianOf(std::vector<double> samples);

} // namespace tsm::cuda
