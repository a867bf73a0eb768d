#include "core/tensor/storage.h"

#include <cstdlib>
#include <cstring>
#include <new>

namespace tsm::tensor {

Storage::Storage(std::size_t bytes, Init init)
    : m_size(bytes)
    , m_init(init)
{
}

Storage::~Storage()
{
    // The mirror goes first: it may still refer to the storage it mirrors.
    m_mirror.reset();
    std::free(m_data);
}

std::byte *Storage::hostBytesUnsynchronized() const
{
    if (!m_data) {
        // At least one aligned line so that the pointer is never null, even for empty tensors.
        const std::size_t rounded = (m_size + 63) / 64 * 64 + (m_size == 0 ? 64 : 0);
        m_data = static_cast<std::byte *>(std::aligned_alloc(64, rounded));
        if (!m_data)
            throw std::bad_alloc();
        std::memset(m_data, 0, rounded);
    }
    return m_data;
}

void Storage::synchronizeHost() const
{
    hostBytesUnsynchronized();
    if (m_deviceNewer && m_mirror) {
        m_mirror->download(*this, m_data);
        m_deviceNewer = false;
    }
}

std::byte *Storage::data()
{
    synchronizeHost();
    ++m_hostVersion;
    return m_data;
}

const std::byte *Storage::data() const
{
    synchronizeHost();
    return m_data;
}

} // namespace tsm::tensor
