// support::OpenTable, the table under the record, macro-name and definition indexes: lookups,
// growth and backward-shift erasure against std::map as the reference, with hashes chosen to
// make long probe runs that wrap around the end of the array.
#include <epicsdb/support/Hash.hpp>
#include <epicsdb/support/OpenTable.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <ratio>
#include <span>
#include <vector>

namespace {

struct Slot {
    std::uint32_t key = 0; // 0: empty
    std::uint32_t hash = 0;
};

struct Traits {
    using Slot = ::Slot;
    static bool isEmpty(const Slot& slot) noexcept { return slot.key == 0; }
    static std::size_t hashOf(const Slot& slot) noexcept { return slot.hash; }
    static constexpr std::size_t kFirstCapacity = 8;
    using MaxLoad = std::ratio<3, 4>;
};

using Table = epicsdb::support::OpenTable<Traits, std::vector<Slot>>;

// Few distinct hashes, most of them near the end of the array: long runs that wrap.
std::uint32_t crowdedHash(std::uint32_t key) {
    return key % 5 == 0 ? key : 0xfffffff0u + key % 16;
}

Slot* find(Table& table, std::uint32_t key) {
    const std::uint32_t hash = crowdedHash(key);
    return table.find(hash, [&](const Slot& slot) { return slot.key == key; });
}

void insert(Table& table, std::uint32_t key) {
    if (table.needsRoom()) table.rehash(std::vector<Slot>(table.grownCapacity()));
    table.insertNew({key, crowdedHash(key)});
}

} // namespace

TEST(OpenTable, AnEmptyTableFindsNothingAndHasNoSlots) {
    Table table;
    EXPECT_EQ(find(table, 1), nullptr);
    EXPECT_EQ(table.size(), 0u);
    EXPECT_EQ(table.capacity(), 0u);
    EXPECT_TRUE(table.needsRoom());
    EXPECT_EQ(table.grownCapacity(), 8u);
    table.prefetch(12345); // no slots: nothing to fetch, and no fault
}

TEST(OpenTable, GrowsByDoublingBeforePassingItsLoad) {
    Table table;
    for (std::uint32_t key = 1; key <= 6; ++key)
        insert(table, key);
    EXPECT_EQ(table.capacity(), 8u); // 6 of 8 is the 3/4 allowed
    insert(table, 7);
    EXPECT_EQ(table.capacity(), 16u);
    for (std::uint32_t key = 1; key <= 7; ++key)
        ASSERT_NE(find(table, key), nullptr) << key;
    EXPECT_EQ(table.size(), 7u);
}

TEST(OpenTable, InsertsAndErasuresAgreeWithAMap) {
    Table table;
    std::map<std::uint32_t, bool> reference;
    std::mt19937 random(7);
    for (int step = 0; step < 20000; ++step) {
        const std::uint32_t key = 1 + random() % 300;
        if (Slot* slot = find(table, key)) {
            ASSERT_TRUE(reference.count(key)) << "found " << key << " that is not there";
            if (random() % 2) {
                table.erase(*slot);
                reference.erase(key);
            }
        } else {
            ASSERT_FALSE(reference.count(key)) << "lost " << key << " at step " << step;
            insert(table, key);
            reference[key] = true;
        }
        ASSERT_EQ(table.size(), reference.size());
    }
    for (std::uint32_t key = 1; key <= 300; ++key)
        EXPECT_EQ(find(table, key) != nullptr, reference.count(key) == 1) << key;
    table.clear();
    EXPECT_EQ(table.size(), 0u);
    for (std::uint32_t key = 1; key <= 300; ++key)
        EXPECT_EQ(find(table, key), nullptr) << key;
}

// With a non-owning array the owner gets the old slots back from rehash() to free them.
TEST(OpenTable, RehashHandsBackTheArrayItReplaces) {
    using SpanTable = epicsdb::support::OpenTable<Traits, std::span<Slot>>;
    std::vector<Slot> first(8), second(16);
    SpanTable table;
    EXPECT_TRUE(table.rehash(first).empty());
    table.insertNew({3, 3});
    table.insertNew({11, 3}); // the same home slot
    const std::span<Slot> old = table.rehash(second);
    EXPECT_EQ(old.data(), first.data());
    EXPECT_EQ(table.capacity(), 16u);
    EXPECT_NE(table.find(3, [](const Slot& slot) { return slot.key == 11; }), nullptr);
}

TEST(FastHash, EveryByteCountsAndTheLengthToo) {
    using epicsdb::support::fastHash;
    const std::string text = "abcdefghijklmnopq";
    for (std::size_t length = 1; length <= text.size(); ++length) {
        const std::string_view prefix(text.data(), length);
        EXPECT_NE(fastHash(prefix), fastHash(std::string(length, 'z'))) << length;
        for (std::size_t i = 0; i < length; ++i) {
            std::string changed(prefix);
            changed[i] = '!';
            EXPECT_NE(fastHash(prefix), fastHash(changed)) << length << " at " << i;
        }
        EXPECT_NE(fastHash(prefix), fastHash(prefix.substr(1))) << length;
    }
    EXPECT_NE(fastHash(""), fastHash(std::string_view("\0", 1)));
    EXPECT_EQ(fastHash("record:name"), fastHash(std::string("record:name")));
}
