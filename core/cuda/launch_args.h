#pragma once
// The host side of cuLaunchKernel's `void **kernelParams`: one host copy per parameter of the
// generated function, in its order, each in the C type the emitter declared (CudaParam::dtype),
// and the checks a launch grid must pass before the driver sees it.

#include "core/cuda/driver.h"
#include "core/run/backend.h"
#include "core/sema/dtype.h"

#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace tsm::cuda {

class KernelArgs
{
public:
    /// A pointer parameter: the device address (byte 0 of the storage's mirror + the offset).
    void addPointer(DevicePtr address);
    /// A scalar parameter converted to the C type of `dtype` (bool, int8_t ... double, and the
    /// raw bits of __half / __nv_bfloat16). False with the reason when `arg` is not a scalar.
    bool addScalar(DType dtype, const LaunchArg &arg, std::string *why);
    /// A TMA tensor map parameter: 128 bytes, 64-byte aligned, for the caller to fill (valid
    /// until the next add).
    void *addTensorMap();

    std::size_t size() const { return m_slots.size(); }
    /// What cuLaunchKernel reads: entry k points at argument k's host copy.
    void **pointers();
    /// The bytes of argument k as the kernel receives them (for tests).
    std::span<const std::byte> bytes(std::size_t k) const;

private:
    // Big enough for a CUtensorMap (128 bytes, 64-byte aligned); scalars use the first 8.
    struct alignas(64) Slot
    {
        std::array<std::byte, 128> data{};
        std::size_t size = 0;
    };
    std::vector<Slot> m_slots;
    std::vector<void *> m_pointers;
};

/// Empty when the driver accepts `grid`, else the message for the user (CUDA's limits:
/// x < 2^31, y and z <= 65535).
std::string checkGridLimits(const Grid &grid);

} // namespace tsm::cuda
