#pragma once
// The bytes behind one or more host tensors (views share a Storage). Kernels receive pointers
// into a Storage; the interpreter bounds-checks every access against it, the CUDA backend keeps
// a device mirror of it, synchronized lazily (LANGUAGE.md "Where tensors live"):
//
// - Host memory is allocated (zero-filled) on the first host access, so a tensor that only ever
//   lives on the GPU (torch.empty_like(x) filled by a kernel inside a benchmark) costs no host
//   memory and no copies.
// - Any access through data() counts as a possible host write and bumps hostVersion(); a launch
//   uploads a Storage whose hostVersion differs from what the device holds.
// - After a launch that may have written the Storage, the backend calls markDeviceNewer(); the
//   next host access downloads through the mirror first.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace tsm::tensor {

class Storage;

/// A backend's copy of a Storage in device memory (core/cuda). Owned by the Storage, so the
/// device memory lives exactly as long as the tensor's bytes.
class DeviceMirror
{
public:
    virtual ~DeviceMirror() = default;
    /// Copies the device bytes into `host` (storage.size() bytes). Throws std::runtime_error
    /// with a message for the user when the device cannot deliver them.
    virtual void download(const Storage &storage, std::byte *host) = 0;
};

class Storage
{
public:
    /// Zeros: torch.zeros, and every tensor the host fills itself.
    /// Undefined: torch.empty / empty_like; the host still sees zeros if it reads, but a device
    /// mirror need not initialize the bytes (as in PyTorch, they are garbage there).
    enum class Init : std::uint8_t { Zeros, Undefined };

    explicit Storage(std::size_t bytes, Init init = Init::Zeros);
    ~Storage();
    Storage(const Storage &) = delete;
    Storage &operator=(const Storage &) = delete;

    /// The host bytes, up to date: allocates them on first use and downloads what a kernel
    /// wrote. Counts as a possible host write (bumps hostVersion).
    std::byte *data();
    /// The host bytes, up to date, without counting as a write.
    const std::byte *data() const;
    std::size_t size() const { return m_size; }
    Init init() const { return m_init; }

    /// A name for error messages ("x", "output"): the harness sets it to the variable that
    /// first held the tensor, if it knows.
    const std::string &label() const { return m_label; }
    void setLabel(std::string l) { m_label = std::move(l); }

    /// Bumped on every host access that may write; the device mirror compares it to decide on
    /// uploads. 0 means the host never touched the bytes.
    std::uint64_t hostVersion() const { return m_hostVersion; }
    void markHostWritten() { ++m_hostVersion; }
    /// Whether host memory exists yet (a backend uploads only bytes the host has).
    bool hostAllocated() const { return m_data != nullptr; }
    /// The host bytes without synchronizing or counting a write: for a backend's upload and
    /// download. Allocates them (zero-filled) if needed.
    std::byte *hostBytesUnsynchronized() const;

    DeviceMirror *mirror() const { return m_mirror.get(); }
    void setMirror(std::unique_ptr<DeviceMirror> mirror) { m_mirror = std::move(mirror); }
    /// A kernel may have written the device copy: the next host access downloads it.
    void markDeviceNewer() { m_deviceNewer = true; }
    bool deviceNewer() const { return m_deviceNewer; }

private:
    void synchronizeHost() const;

    mutable std::byte *m_data = nullptr;
    std::size_t m_size = 0;
    Init m_init = Init::Zeros;
    std::string m_label;
    std::uint64_t m_hostVersion = 0;
    mutable bool m_deviceNewer = false;
    std::unique_ptr<DeviceMirror> m_mirror;
};

using StoragePtr = std::shared_ptr<Storage>;

} // namespace tsm::tensor
