#pragma once
// Device allocations cached by size bucket: a benchmark that allocates an output per call gets
// a free block of its bucket back instead of paying cuMemAlloc (and cuMemFree's implicit
// synchronization) each time. Cached blocks are really freed when an allocation fails (then
// retried) and when the pool is destroyed.
//
// While a CUDA graph is being captured or exists (hold() .. unhold()), the graph's kernels may
// write any block released meanwhile when it is replayed: such releases are held back, neither
// cached nor handed out, until the last hold ends (PyTorch keeps a graph-private pool for the
// same reason). No block is freed while held either: cuMemFree cannot run during a capture.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tsm::cuda {

class MemoryPool
{
public:
    /// `alloc` returns 0 when the device is out of memory (or fails otherwise).
    using AllocFn = std::function<std::uint64_t(std::size_t bytes)>;
    using FreeFn = std::function<void(std::uint64_t ptr)>;

    MemoryPool(AllocFn alloc, FreeFn free)
        : m_alloc(std::move(alloc))
        , m_free(std::move(free))
    {
    }
    ~MemoryPool() { releaseAll(); }
    MemoryPool(const MemoryPool &) = delete;
    MemoryPool &operator=(const MemoryPool &) = delete;

    /// The size actually reserved for a request: powers of two up to 1 MiB (at least 512
    /// bytes), then multiples of 2 MiB, so that nearby sizes share blocks.
    static std::size_t bucketSize(std::size_t bytes);

    /// 0 when the allocation failed even after the cached blocks were freed.
    std::uint64_t allocate(std::size_t bytes);
    /// Returns a block to its bucket; unknown pointers are ignored.
    void release(std::uint64_t ptr);
    /// Frees every cached (unused) block.
    void trim();
    /// Frees every block, cached, held or live (the context is going away).
    void releaseAll();

    /// From now on releases are held back (a graph capture begins); holds nest.
    void hold();
    /// Ends one hold; when none is left, the held blocks become free for reuse.
    void unhold();
    bool holding() const;

    std::size_t cachedBytes() const;
    std::size_t liveBytes() const;
    /// Released while held: still reserved for the graph that may write them.
    std::size_t heldBytes() const;

private:
    void trimLocked();

    AllocFn m_alloc;
    FreeFn m_free;
    mutable std::mutex m_mutex;
    std::map<std::size_t, std::vector<std::uint64_t>> m_freeBlocks; ///< bucket size -> blocks
    std::unordered_map<std::uint64_t, std::size_t> m_live;          ///< block -> bucket size
    std::vector<std::pair<std::uint64_t, std::size_t>> m_held;      ///< released while held
    int m_holds = 0;
    std::size_t m_cachedBytes = 0;
    std::size_t m_liveBytes = 0;
    std::size_t m_heldBytes = 0;
};

} // namespace tsm::cuda
