#pragma once
// The bytes behind one or more host tensors (views share a Storage). Kernels receive pointers
// into a Storage; the interpreter bounds-checks every access against it, the CUDA backend keeps
// a device mirror of it (synchronized lazily).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace tsm::tensor {

class Storage
{
public:
    /// Zero-filled, 64-byte aligned storage of `bytes` bytes.
    explicit Storage(std::size_t bytes);
    ~Storage();
    Storage(const Storage &) = delete;
    Storage &operator=(const Storage &) = delete;

    std::byte *data() { return m_data; }
    const std::byte *data() const { return m_data; }
    std::size_t size() const { return m_size; }

    /// A name for error messages ("x", "output"): the harness sets it to the variable that
    /// first held the tensor, if it knows.
    const std::string &label() const { return m_label; }
    void setLabel(std::string l) { m_label = std::move(l); }

    /// Bumped on every host write; the device mirror compares it to decide on uploads.
    std::uint64_t hostVersion() const { return m_hostVersion; }
    void markHostWritten() { ++m_hostVersion; }

private:
    std::byte *m_data = nullptr;
    std::size_t m_size = 0;
    std::string m_label;
    std::uint64_t m_hostVersion = 0;
};

using StoragePtr = std::shared_ptr<Storage>;

} // namespace tsm::tensor
