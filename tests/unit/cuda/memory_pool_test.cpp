#include "core/cuda/memory_pool.h"

#include <gtest/gtest.h>

#include <set>

using namespace tsm::cuda;

namespace {
// A fake device: hands out increasing addresses up to a capacity and records frees.
struct FakeDevice
{
    std::size_t capacity = 0;
    std::size_t used = 0;
    std::uint64_t next = 0x1000;
    int allocs = 0;
    std::set<std::uint64_t> freed;
    std::map<std::uint64_t, std::size_t> sizes;

    MemoryPool pool()
    {
        return MemoryPool(
            [this](std::size_t n) -> std::uint64_t {
                if (used + n > capacity)
                    return 0;
                ++allocs;
                used += n;
                const std::uint64_t p = next;
                next += n;
                sizes[p] = n;
                return p;
            },
            [this](std::uint64_t p) {
                freed.insert(p);
                used -= sizes[p];
            });
    }
};
} // namespace

TEST(CudaMemoryPool, BucketsRoundUp)
{
    EXPECT_EQ(MemoryPool::bucketSize(1), 512u);
    EXPECT_EQ(MemoryPool::bucketSize(512), 512u);
    EXPECT_EQ(MemoryPool::bucketSize(513), 1024u);
    EXPECT_EQ(MemoryPool::bucketSize(1 << 20), std::size_t(1) << 20);
    EXPECT_EQ(MemoryPool::bucketSize((1 << 20) + 1), std::size_t(2) << 20);
    EXPECT_EQ(MemoryPool::bucketSize((std::size_t(1) << 30) + 5),
              (std::size_t(1) << 30) + (2 << 20));
}

TEST(CudaMemoryPool, ReleasedBlocksAreReusedBySameBucket)
{
    FakeDevice dev;
    dev.capacity = 1 << 30;
    MemoryPool pool = dev.pool();
    const std::uint64_t a = pool.allocate(4000);
    ASSERT_NE(a, 0u);
    pool.release(a);
    EXPECT_EQ(pool.cachedBytes(), 4096u);
    EXPECT_EQ(pool.allocate(3000), a); // same 4 KiB bucket, no new cuMemAlloc
    EXPECT_EQ(dev.allocs, 1);
    const std::uint64_t b = pool.allocate(10000);
    EXPECT_NE(b, a);
    EXPECT_EQ(dev.allocs, 2);
    EXPECT_EQ(pool.liveBytes(), 4096u + 16384u);
    pool.release(0xdead); // unknown: ignored
    EXPECT_TRUE(dev.freed.empty());
}

TEST(CudaMemoryPool, FailedAllocationFreesTheCacheAndRetries)
{
    FakeDevice dev;
    dev.capacity = 8 << 20;
    MemoryPool pool = dev.pool();
    const std::uint64_t a = pool.allocate(6 << 20);
    ASSERT_NE(a, 0u);
    pool.release(a);
    // 4 MiB does not fit next to the cached 6 MiB block, but does once the cache is freed.
    const std::uint64_t b = pool.allocate(4 << 20);
    EXPECT_NE(b, 0u);
    EXPECT_EQ(dev.freed.count(a), 1u);
    EXPECT_EQ(pool.cachedBytes(), 0u);
    // Too large even with nothing cached.
    EXPECT_EQ(pool.allocate(16 << 20), 0u);
}

TEST(CudaMemoryPool, DestructionFreesEverything)
{
    FakeDevice dev;
    dev.capacity = 1 << 30;
    {
        MemoryPool pool = dev.pool();
        const std::uint64_t a = pool.allocate(100);
        pool.allocate(200000);
        pool.release(a);
    }
    EXPECT_EQ(dev.freed.size(), 2u);
    EXPECT_EQ(dev.used, 0u);
}

TEST(CudaMemoryPool, ReleasesWhileHeldWaitForTheLastUnhold)
{
    FakeDevice dev;
    dev.capacity = 1 << 30;
    MemoryPool pool = dev.pool();
    const std::uint64_t before = pool.allocate(4000); // alive before the capture
    const std::uint64_t cached = pool.allocate(100);
    pool.release(cached);
    pool.hold(); // a capture begins
    EXPECT_TRUE(pool.holding());
    // A block freed before the capture is not the graph's: it may be handed out.
    EXPECT_EQ(pool.allocate(100), cached);
    const std::uint64_t inside = pool.allocate(4000);
    pool.release(inside); // a tensor made and dropped by the captured code
    pool.release(before); // the graph may write this one too
    EXPECT_EQ(pool.heldBytes(), 2u * 4096u);
    EXPECT_EQ(pool.cachedBytes(), 0u);
    const std::uint64_t next = pool.allocate(4000);
    EXPECT_NE(next, inside);
    EXPECT_NE(next, before);
    pool.hold(); // holds nest (a second graph)
    pool.unhold();
    EXPECT_EQ(pool.heldBytes(), 2u * 4096u);
    pool.unhold(); // the last graph is destroyed
    EXPECT_FALSE(pool.holding());
    EXPECT_EQ(pool.heldBytes(), 0u);
    EXPECT_EQ(pool.cachedBytes(), 2u * 4096u);
    const std::set<std::uint64_t> reused = {pool.allocate(4000), pool.allocate(4000)};
    EXPECT_EQ(reused, (std::set<std::uint64_t>{inside, before}));
    pool.unhold(); // unbalanced: ignored
    EXPECT_FALSE(pool.holding());
    EXPECT_TRUE(dev.freed.empty());
}

TEST(CudaMemoryPool, NothingIsFreedWhileHeld)
{
    FakeDevice dev;
    dev.capacity = 8 << 20;
    MemoryPool pool = dev.pool();
    const std::uint64_t a = pool.allocate(6 << 20);
    pool.release(a);
    pool.hold();
    // cuMemFree cannot run during a capture: the cache is not trimmed for a failing request.
    EXPECT_EQ(pool.allocate(4 << 20), 0u);
    pool.trim();
    EXPECT_TRUE(dev.freed.empty());
    EXPECT_EQ(pool.cachedBytes(), std::size_t(6) << 20);
    pool.unhold();
    EXPECT_NE(pool.allocate(4 << 20), 0u);
    EXPECT_EQ(dev.freed.count(a), 1u);
}

TEST(CudaMemoryPool, DestructionFreesHeldBlocks)
{
    FakeDevice dev;
    dev.capacity = 1 << 30;
    {
        MemoryPool pool = dev.pool();
        const std::uint64_t a = pool.allocate(100);
        pool.hold();
        pool.release(a);
    }
    EXPECT_EQ(dev.freed.size(), 1u);
    EXPECT_EQ(dev.used, 0u);
}
