// dbPutString and dbPutInfo, again and again, as a long-lived C program makes them: values
// read back right each time, a string field's pfield stays where it is (EPICS writes into the
// record), and the database's memory stays bounded.
#include "TestFiles.hpp"

#include <epicsdb/dbStatic/CHandle.hpp>

#include <dbStaticLib.h>

#include <gtest/gtest.h>

#include <array>
#include <string>

namespace epicsdb::test {
namespace {

// Arena bytes the puts may add after the first few (none are expected).
constexpr std::size_t kBound = 64 * 1024;

class CApiRepeatedPuts : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string dbd = dir_.write("test.dbd", kTestDbd);
        const std::string db = dir_.write("test.db", "record(tst, r1) { field(DESC, \"first\") }\n"
                                                     "record(tst, r2) { }\n");
        ASSERT_EQ(dbReadDatabase(&base_, dbd.c_str(), nullptr, nullptr), 0);
        ASSERT_EQ(dbReadDatabase(&base_, db.c_str(), nullptr, nullptr), 0);
        dbInitEntry(base_, &entry_);
        dbInitEntry(base_, &other_);
    }
    void TearDown() override {
        dbFinishEntry(&other_);
        dbFinishEntry(&entry_);
        dbFreeBase(base_);
    }
    std::size_t arenaBytes() { return epics::databaseOf(*base_).arena().stats().bytesAllocated; }

    ScratchDir dir_;
    DBBASE* base_ = nullptr;
    DBENTRY entry_{};
    DBENTRY other_{};
};

} // namespace

TEST_F(CApiRepeatedPuts, PutStringAgainAndAgainStaysInBoundedMemory) {
    const std::array<const char*, 3> descs = {"a", "a longer description", ""};
    const std::array<const char*, 3> links = {"r2.VAL", "r2.VAL CP MS", "a:long:record:name.VAL"};
    ASSERT_EQ(dbFindRecord(&entry_, "r1.DESC"), 0);
    ASSERT_EQ(dbFindRecord(&other_, "r1.INP"), 0);
    std::size_t baseline = 0;
    const void* storage = nullptr;
    std::size_t moves = 0;
    for (std::size_t i = 0; i < 300'000; ++i) {
        const char* desc = descs[i % descs.size()];
        const char* link = links[i % links.size()];
        ASSERT_EQ(dbPutString(&entry_, desc), 0) << i;
        ASSERT_EQ(dbPutString(&other_, link), 0) << i;
        if (i == 16) baseline = arenaBytes();
        ASSERT_STREQ(dbGetString(&entry_), desc) << i;
        ASSERT_STREQ(static_cast<const char*>(entry_.pfield), desc) << i;
        ASSERT_STREQ(dbGetString(&other_), link) << i;
        if (i > 0 && entry_.pfield != storage) ++moves;
        storage = entry_.pfield;
    }
    EXPECT_LE(arenaBytes(), baseline + kBound);
    // DESC is written over where it is, after the first put: a pfield taken earlier shows the
    // new value, as in EPICS.
    EXPECT_EQ(moves, 0u);
}

TEST_F(CApiRepeatedPuts, PutInfoAgainAndAgainStaysInBoundedMemory) {
    const std::array<const char*, 3> values = {"VAL", "VAL DESC EGU HOPR LOPR PREC", ""};
    ASSERT_EQ(dbFindRecord(&entry_, "r1"), 0);
    std::size_t baseline = 0;
    for (std::size_t i = 0; i < 300'000; ++i) {
        const char* value = values[i % values.size()];
        ASSERT_EQ(dbPutInfo(&entry_, "autosave", value), 0) << i;
        ASSERT_EQ(dbPutInfo(&entry_, i % 2 ? "archive" : "alarm", value), 0) << i;
        if (i == 16) baseline = arenaBytes();
        ASSERT_STREQ(dbGetInfo(&entry_, "autosave"), value) << i;
        ASSERT_STREQ(dbGetInfoName(&entry_), "autosave") << i;
    }
    EXPECT_LE(arenaBytes(), baseline + kBound);
}

} // namespace epicsdb::test
