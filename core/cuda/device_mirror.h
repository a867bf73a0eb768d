#pragma once
// A Storage's copy in device memory (LANGUAGE.md "Where tensors live"): allocated through the
// Driver on the first launch that passes the storage, kept current lazily. A launch uploads
// what the host changed since the last upload (Storage::hostVersion); a host read after a
// kernel wrote downloads through download(). The block goes back to the Driver's cache when the
// Storage dies.

#include "core/cuda/driver.h"
#include "core/tensor/storage.h"

#include <memory>

namespace tsm::cuda {

class CudaDeviceMirror final : public tensor::DeviceMirror
{
public:
    CudaDeviceMirror(std::shared_ptr<Driver> driver, DevicePtr address, std::size_t bytes);
    ~CudaDeviceMirror() override;

    void download(const tensor::Storage &storage, std::byte *host) override;

    DevicePtr address() const { return m_address; }
    std::size_t bytes() const { return m_bytes; }

    /// The storage's mirror, allocated on first use. Null with the reason in `status` when the
    /// device has no memory for it (or the context is lost).
    static CudaDeviceMirror *
    ensure(const std::shared_ptr<Driver> &driver, tensor::Storage &storage, DriverStatus *status);

    /// Makes the device bytes current before a launch: uploads the host bytes when the host
    /// changed them since the last upload; a storage the host never allocated starts as zeros
    /// (Init::Zeros, one device fill) or as whatever the block held (Init::Undefined, as
    /// torch.empty on a GPU). Returns the device address of byte 0.
    static DevicePtr synchronizeForLaunch(const std::shared_ptr<Driver> &driver,
                                          tensor::Storage &storage,
                                          DriverStatus *status);

private:
    std::shared_ptr<Driver> m_driver;
    DevicePtr m_address = 0;
    std::size_t m_bytes = 0;
    /// The Storage::hostVersion the device bytes reflect; unset until the first upload.
    bool m_synced = false;
    std::uint64_t m_syncedVersion = 0;
};

} // namespace tsm::cuda
