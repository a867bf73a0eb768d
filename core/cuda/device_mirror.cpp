#include "core/cuda/device_mirror.h"

#include <stdexcept>

namespace tsm::cuda {

CudaDeviceMirror::CudaDeviceMirror(std::shared_ptr<Driver> driver,
                                   DevicePtr address,
                                   std::size_t bytes)
    : m_driver(std::move(driver))
    , m_address(address)
    , m_bytes(bytes)
{
}

CudaDeviceMirror::~CudaDeviceMirror()
{
    if (m_address)
        m_driver->release(m_address, m_bytes);
}

void CudaDeviceMirror::download(const tensor::Storage &storage, std::byte *host)
{
    DriverStatus s = m_driver->copyToHost(host, m_address, storage.size());
    if (!s)
        throw std::runtime_error(
            "cannot read tensor"
            + (storage.label().empty() ? std::string() : " '" + storage.label() + "'")
            + " back from the GPU: " + s.message);
    // The host now holds exactly the device bytes; the data() access that asked for them
    // bumps hostVersion afterwards, which makes the next launch upload again (the host may
    // write through the pointer it gets).
    m_synced = true;
    m_syncedVersion = storage.hostVersion();
}

CudaDeviceMirror *CudaDeviceMirror::ensure(const std::shared_ptr<Driver> &driver,
                                           tensor::Storage &storage,
                                           DriverStatus *status)
{
    if (auto *m = dynamic_cast<CudaDeviceMirror *>(storage.mirror()))
        return m;
    // Zero-byte tensors still get a distinct, valid address (as cudaMalloc(0) would not).
    const std::size_t bytes = storage.size() ? storage.size() : 16;
    DriverStatus s;
    DevicePtr p = driver->allocate(bytes, &s);
    if (!s || !p) {
        if (status) {
            *status = s;
            status->ok = false;
            if (status->message.empty())
                status->message = "out of device memory";
        }
        return nullptr;
    }
    auto mirror = std::make_unique<CudaDeviceMirror>(driver, p, bytes);
    CudaDeviceMirror *raw = mirror.get();
    storage.setMirror(std::move(mirror));
    return raw;
}

DevicePtr CudaDeviceMirror::synchronizeForLaunch(const std::shared_ptr<Driver> &driver,
                                                 tensor::Storage &storage,
                                                 DriverStatus *status)
{
    CudaDeviceMirror *m = ensure(driver, storage, status);
    if (!m)
        return 0;
    // A kernel wrote the device bytes and the host has not looked since: they are current.
    if (storage.deviceNewer())
        return m->m_address;
    if (m->m_synced && m->m_syncedVersion == storage.hostVersion())
        return m->m_address;
    DriverStatus s;
    if (storage.hostVersion() == 0) {
        // The host never wrote: its bytes are (or would be) zeros.
        if (storage.init() == tensor::Storage::Init::Zeros)
            s = driver->fill(m->m_address, 0, storage.size());
    } else {
        s = driver->copyToDevice(m->m_address, storage.hostBytesUnsynchronized(), storage.size());
    }
    if (!s) {
        if (status)
            *status = s;
        return 0;
    }
    m->m_synced = true;
    m->m_syncedVersion = storage.hostVersion();
    return m->m_address;
}

} // namespace tsm::cuda
