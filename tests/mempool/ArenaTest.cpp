#include <epicsdb/mempool/Arena.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using epicsdb::mempool::Arena;

TEST(Arena, AnEmptyArenaHoldsNothing) {
    Arena arena;
    auto st = arena.stats();
    EXPECT_EQ(st.systemAllocations, 0u);
    EXPECT_EQ(st.slabs, 0u);
    // Zero-byte requests and empty strings never reach the system allocator.
    EXPECT_NE(arena.allocateBytes(0), nullptr);
    EXPECT_TRUE(arena.copy("").empty());
    EXPECT_EQ(arena.makeArray<int>(0), nullptr);
    EXPECT_EQ(arena.stats().systemAllocations, 0u);
}

TEST(Arena, AllocationsAreAlignedAndDisjoint) {
    Arena arena(1024);
    std::vector<std::pair<char*, std::size_t>> blocks;
    for (std::size_t i = 1; i < 300; ++i) {
        std::size_t align = std::size_t(1) << (i % 5);
        auto* p = static_cast<char*>(arena.allocateBytes(i, align));
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % align, 0u);
        std::memset(p, static_cast<int>(i), i);
        blocks.emplace_back(p, i);
    }
    for (auto& [p, n] : blocks)
        for (std::size_t k = 0; k < n; ++k)
            ASSERT_EQ(static_cast<unsigned char>(p[k]), static_cast<unsigned char>(n));
}

TEST(Arena, CopiesAreStableAndTerminated) {
    Arena arena(256);
    std::vector<std::string_view> views;
    for (int i = 0; i < 1000; ++i)
        views.push_back(arena.copy("name:" + std::to_string(i)));
    for (int i = 0; i < 1000; ++i) {
        EXPECT_EQ(views[static_cast<std::size_t>(i)], "name:" + std::to_string(i));
        EXPECT_EQ(
            views[static_cast<std::size_t>(i)].data()[views[static_cast<std::size_t>(i)].size()],
            '\0');
    }
}

TEST(Arena, SlabsGrowGeometricallySoSystemCallsStayFew) {
    Arena arena(4096, 1 << 20);
    for (int i = 0; i < 100000; ++i)
        (void)arena.allocateBytes(40, 8);
    // 4 MB in 40-byte pieces: a handful of slabs, not one allocation per piece.
    EXPECT_LT(arena.stats().systemAllocations, 16u);
    EXPECT_GE(arena.stats().bytesReserved, arena.stats().bytesAllocated);
}

TEST(Arena, OversizedRequestGetsItsOwnSlab) {
    Arena arena(4096);
    (void)arena.allocateBytes(10);
    auto* big = static_cast<char*>(arena.allocateBytes(1 << 20));
    std::memset(big, 7, 1 << 20);
    EXPECT_GE(arena.stats().bytesReserved, std::size_t(1) << 20);
    (void)arena.allocateBytes(10); // still usable afterwards
}

TEST(Arena, RewindGivesBackExactlyWhatCameAfterTheMark) {
    Arena arena(512);
    std::string_view kept = arena.copy("kept");
    const auto mark = arena.mark();
    const auto before = arena.stats();
    for (int i = 0; i < 1000; ++i)
        (void)arena.copy("transient value that will be rewound");
    EXPECT_GT(arena.stats().slabs, before.slabs);
    arena.rewind(mark);
    EXPECT_EQ(arena.stats().slabs, before.slabs);
    EXPECT_EQ(arena.stats().bytesAllocated, before.bytesAllocated);
    EXPECT_EQ(kept, "kept");
    // The space after the mark is reused.
    std::string_view again = arena.copy("x");
    EXPECT_EQ(again, "x");
}

TEST(Arena, ResetReleasesEverything) {
    Arena arena;
    for (int i = 0; i < 100; ++i)
        (void)arena.allocateBytes(1000);
    arena.reset();
    EXPECT_EQ(arena.stats().slabs, 0u);
    EXPECT_EQ(arena.stats().bytesReserved, 0u);
    EXPECT_EQ(arena.copy("after"), "after");
}

TEST(Arena, ServesStandardContainersAsAMemoryResource) {
    Arena arena;
    std::pmr::vector<std::pmr::string> names(&arena);
    for (int i = 0; i < 100; ++i)
        names.emplace_back("a reasonably long record name " + std::to_string(i));
    EXPECT_EQ(names[42], "a reasonably long record name 42");
    EXPECT_GT(arena.stats().bytesAllocated, 100u * 30u);
}

struct Node {
    int value;
    Node* next;
};

TEST(Arena, MakeConstructsTrivialObjects) {
    Arena arena;
    Node* a = arena.make<Node>(Node{1, nullptr});
    Node* b = arena.make<Node>(Node{2, a});
    EXPECT_EQ(b->next->value, 1);
    int* many = arena.makeArray<int>(10);
    many[9] = 3;
    EXPECT_EQ(many[9], 3);
}
