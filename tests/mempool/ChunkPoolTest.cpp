#include <epicsdb/mempool/ChunkPool.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstring>
#include <vector>

using epicsdb::mempool::ChunkPool;

// Blocks our objects got from malloc and have not given back (linked with --wrap, see
// CMakeLists.txt), so that a test can see what a destructor releases.
namespace {
std::atomic<long> gLiveSystemBlocks{0};
} // namespace

extern "C" {
void* __real_malloc(std::size_t size);
void __real_free(void* block);

void* __wrap_malloc(std::size_t size) {
    void* block = __real_malloc(size);
    if (block) gLiveSystemBlocks.fetch_add(1, std::memory_order_relaxed);
    return block;
}
void __wrap_free(void* block) {
    if (block) gLiveSystemBlocks.fetch_sub(1, std::memory_order_relaxed);
    __real_free(block);
}
}

TEST(ChunkPool, SmallRequestsComeFromOneChunk) {
    ChunkPool pool(64, 10);
    std::vector<void*> blocks;
    for (int i = 0; i < 10; ++i)
        blocks.push_back(pool.allocate(static_cast<std::size_t>(i * 6)));
    auto st = pool.stats();
    EXPECT_EQ(st.chunks, 1u);
    EXPECT_EQ(st.inUse, 10u);
    EXPECT_EQ(st.freeCount, 0u);
    EXPECT_EQ(st.systemAllocations, 1u);
    // Blocks are distinct and writable over their whole item size.
    for (void* b : blocks)
        std::memset(b, 0xab, 64);
    for (void* b : blocks)
        pool.deallocate(b);
    EXPECT_EQ(pool.stats().freeCount, 10u);
    EXPECT_EQ(pool.stats().inUse, 0u);
}

TEST(ChunkPool, ItemSizeRoundsTheEpicsWay) {
    EXPECT_EQ(ChunkPool(64, 1).stats().itemSize, 64u);
    EXPECT_EQ(ChunkPool(65, 1).stats().itemSize, 66u); // size + size % 8, as dbmfInit
    EXPECT_EQ(ChunkPool(64, 1).stats().allocSize, 64u + 16u + 16u);
}

TEST(ChunkPool, FreedBlockIsHandedOutAgainFirst) {
    ChunkPool pool(32, 4);
    void* a = pool.allocate(8);
    void* b = pool.allocate(8);
    pool.deallocate(a);
    EXPECT_EQ(pool.allocate(16), a);
    pool.deallocate(b);
    EXPECT_EQ(pool.allocate(1), b);
}

TEST(ChunkPool, LargeRequestsGoToTheSystemAndAreCountedForever) {
    ChunkPool pool(64, 4);
    void* big = pool.allocate(1000);
    std::memset(big, 1, 1000);
    auto st = pool.stats();
    EXPECT_EQ(st.largeRequests, 1u);
    EXPECT_EQ(st.inUse, 1u);
    // As in dbmf, an empty free list makes a chunk first, even for a large request.
    EXPECT_EQ(st.chunks, 1u);
    EXPECT_EQ(st.freeCount, 4u);
    pool.deallocate(big);
    EXPECT_EQ(pool.stats().inUse, 0u);
    EXPECT_EQ(pool.stats().largeRequests, 1u);
}

TEST(ChunkPool, ReleaseChunksOnlyWhenEverythingIsFree) {
    ChunkPool pool(64, 2);
    void* a = pool.allocate(10);
    void* b = pool.allocate(10);
    void* c = pool.allocate(10); // second chunk
    EXPECT_EQ(pool.stats().chunks, 2u);
    pool.deallocate(a);
    EXPECT_FALSE(pool.releaseChunks());
    EXPECT_EQ(pool.stats().chunks, 2u);
    pool.deallocate(b);
    pool.deallocate(c);
    EXPECT_TRUE(pool.releaseChunks());
    auto st = pool.stats();
    EXPECT_EQ(st.chunks, 0u);
    EXPECT_EQ(st.freeCount, 0u);
    // The pool keeps working after a release.
    void* d = pool.allocate(10);
    EXPECT_NE(d, nullptr);
    pool.deallocate(d);
}

TEST(ChunkPool, ChunkCountsTrackBlocksInUse) {
    ChunkPool pool(16, 3);
    void* a = pool.allocate(1);
    void* b = pool.allocate(1);
    std::vector<std::size_t> notFree;
    pool.forEachChunk([&](const void*, std::size_t n) { notFree.push_back(n); });
    ASSERT_EQ(notFree.size(), 1u);
    EXPECT_EQ(notFree[0], 2u);
    std::size_t freeEntries = 0;
    pool.forEachFree([&](const void*, const void*) { ++freeEntries; });
    EXPECT_EQ(freeEntries, 1u);
    pool.deallocate(a);
    pool.deallocate(b);
}

// The allocation pattern of the 1997 report that gave EPICS its dbmf pool: during a "load",
// repeatedly take 20, 80 and 200 bytes and give back the 80; the rest is freed when the load
// ends. Once the pool is warm, further loads never reach the system allocator.
TEST(ChunkPool, ReportPatternMakesNoSystemAllocationOnceWarm) {
    ChunkPool pool(256, 512);
    auto load = [&pool](int iterations) {
        std::vector<void*> kept;
        kept.reserve(static_cast<std::size_t>(iterations) * 2);
        for (int i = 0; i < iterations; ++i) {
            void* small = pool.allocate(20);
            void* middle = pool.allocate(80);
            void* big = pool.allocate(200);
            pool.deallocate(middle);
            kept.push_back(small);
            kept.push_back(big);
        }
        for (void* p : kept)
            pool.deallocate(p);
    };
    load(5000);
    const auto warm = pool.stats().systemAllocations;
    EXPECT_GT(warm, 0u);
    for (int round = 0; round < 20; ++round)
        load(5000);
    EXPECT_EQ(pool.stats().systemAllocations, warm);
    EXPECT_EQ(pool.stats().largeRequests, 0u);
    EXPECT_EQ(pool.stats().inUse, 0u);
}

TEST(ChunkPool, ZeroByteRequestIsAPoolBlock) {
    ChunkPool pool(64, 4);
    void* warm = pool.allocate(1);
    pool.deallocate(warm);
    const auto before = pool.stats().systemAllocations;
    void* zero = pool.allocate(0);
    EXPECT_NE(zero, nullptr);
    EXPECT_EQ(pool.stats().systemAllocations, before);
    EXPECT_EQ(pool.stats().largeRequests, 0u);
    pool.deallocate(zero);
}

TEST(ChunkPool, DuplicateAndConcatenateCopyText) {
    ChunkPool pool;
    char* s = pool.duplicate("hello");
    EXPECT_STREQ(s, "hello");
    char* e = pool.duplicate("");
    EXPECT_STREQ(e, "");
    char* c = pool.concatenate("a", "", "bc");
    EXPECT_STREQ(c, "abc");
    std::string longText(500, 'x');
    char* l = pool.duplicate(longText);
    EXPECT_EQ(std::string(l), longText);
    for (char* p : {s, e, c, l})
        pool.deallocate(p);
    EXPECT_EQ(pool.stats().inUse, 0u);
}

// Blocks still handed out when the pool goes (a large one and a pool one) are released with it.
TEST(ChunkPool, DestructorReleasesOutstandingBlocks) {
    const long before = gLiveSystemBlocks.load();
    {
        ChunkPool pool(8, 2);
        (void)pool.allocate(4096); // a chunk first, then a large block of its own
        (void)pool.allocate(3);    // from the chunk
        EXPECT_EQ(gLiveSystemBlocks.load() - before, 2);
        EXPECT_EQ(pool.stats().inUse, 2u);
    }
    EXPECT_EQ(gLiveSystemBlocks.load(), before);
}
