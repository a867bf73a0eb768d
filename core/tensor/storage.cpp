#include "core/tensor/storage.h"

#include <cstdlib>
#include <cstring>
#include <new>

namespace tsm::tensor {

Storage::Storage(std::size_t bytes)
    : m_size(bytes)
{
    // At least one aligned line so that data() is never null, even for empty tensors.
    const std::size_t rounded = (bytes + 63) / 64 * 64 + (bytes == 0 ? 64 : 0);
    m_data = static_cast<std::byte *>(std::aligned_alloc(64, rounded));
    if (!m_data)
        throw std::bad_alloc();
    std::memset(m_data, 0, rounded);
}

Storage::~Storage()
{
    std::free(m_data);
}

} // namespace tsm::tensor
