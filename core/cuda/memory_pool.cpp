#include "core/cuda/memory_pool.h"

namespace tsm::cuda {

std::size_t MemoryPool::bucketSize(std::size_t bytes)
{
    constexpr std::size_t kMin = 512;
    constexpr std::size_t kSmall = std::size_t(1) << 20;
    constexpr std::size_t kLargeStep = std::size_t(2) << 20;
    if (bytes <= kMin)
        return kMin;
    if (bytes <= kSmall) {
        std::size_t b = kMin;
        while (b < bytes)
            b <<= 1;
        return b;
    }
    if (bytes > SIZE_MAX - kLargeStep)
        return bytes; // cannot round up; the allocation will fail on its own
    return (bytes + kLargeStep - 1) / kLargeStep * kLargeStep;
}

std::uint64_t MemoryPool::allocate(std::size_t bytes)
{
    const std::size_t size = bucketSize(bytes);
    std::lock_guard<std::mutex> lock(m_mutex);
    std::uint64_t ptr = 0;
    if (auto it = m_freeBlocks.find(size); it != m_freeBlocks.end() && !it->second.empty()) {
        ptr = it->second.back();
        it->second.pop_back();
        m_cachedBytes -= size;
    } else {
        ptr = m_alloc(size);
        if (ptr == 0 && m_cachedBytes > 0 && m_holds == 0) {
            // The cache may hold the memory this request needs.
            trimLocked();
            ptr = m_alloc(size);
        }
        if (ptr == 0)
            return 0;
    }
    m_live[ptr] = size;
    m_liveBytes += size;
    return ptr;
}

void MemoryPool::release(std::uint64_t ptr)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    const auto it = m_live.find(ptr);
    if (it == m_live.end())
        return;
    const std::size_t size = it->second;
    m_live.erase(it);
    m_liveBytes -= size;
    if (m_holds > 0) {
        m_held.emplace_back(ptr, size);
        m_heldBytes += size;
        return;
    }
    m_freeBlocks[size].push_back(ptr);
    m_cachedBytes += size;
}

void MemoryPool::hold()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    ++m_holds;
}

void MemoryPool::unhold()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_holds == 0 || --m_holds > 0)
        return;
    for (const auto &[ptr, size] : m_held)
        m_freeBlocks[size].push_back(ptr);
    m_cachedBytes += m_heldBytes;
    m_held.clear();
    m_heldBytes = 0;
}

bool MemoryPool::holding() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_holds > 0;
}

void MemoryPool::trimLocked()
{
    for (auto &[size, blocks] : m_freeBlocks)
        for (std::uint64_t p : blocks)
            m_free(p);
    m_freeBlocks.clear();
    m_cachedBytes = 0;
}

void MemoryPool::trim()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (m_holds == 0)
        trimLocked();
}

void MemoryPool::releaseAll()
{
    std::lock_guard<std::mutex> lock(m_mutex);
    trimLocked();
    for (const auto &[ptr, size] : m_live)
        m_free(ptr);
    for (const auto &[ptr, size] : m_held)
        m_free(ptr);
    m_live.clear();
    m_held.clear();
    m_liveBytes = 0;
    m_heldBytes = 0;
    m_holds = 0;
}

std::size_t MemoryPool::cachedBytes() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_cachedBytes;
}

std::size_t MemoryPool::liveBytes() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_liveBytes;
}

std::size_t MemoryPool::heldBytes() const
{
    std::lock_guard<std::mutex> lock(m_mutex);
    return m_heldBytes;
}

} // namespace tsm::cuda
