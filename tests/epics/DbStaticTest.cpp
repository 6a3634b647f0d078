// The dbStaticTest scenario of EPICS Base (EPICS-BEHAVIOUR 6, steps 1-5 and 7, and the dbVerify
// table of EPICS-BEHAVIOUR 4.7) through the C API, over EPICS's own test files in
// ../shared/conformance/dbStatic. Step 6 and the iocInit of step 8 need the IOC run time, which
// epicsdb does not have.
#include "SharedData.hpp"

#include <dbStaticLib.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

namespace epicsdb::test {
namespace {

class DbStaticTest : public ::testing::Test {
protected:
    static std::filesystem::path dir() { return sharedDir() / "conformance/dbStatic"; }

    void SetUp() override {
        EPICSDB_REQUIRE_SHARED("conformance/dbStatic/dbTestIoc.dbd");
        const std::string path = dir().string();
        // Step 1: the definitions, then dbStaticTest.db through an open file.
        ASSERT_EQ(dbReadDatabase(&base_, "dbTestIoc.dbd", path.c_str(), nullptr), 0);
        FILE* fp = std::fopen((dir() / "dbStaticTest.db").string().c_str(), "r");
        ASSERT_NE(fp, nullptr);
        ASSERT_EQ(dbReadDatabaseFP(&base_, fp, path.c_str(), nullptr), 0);
        // Step 3: records, aliases and "#" deletions.
        ASSERT_EQ(dbReadDatabase(&base_, "dbStaticTestRemove.db", path.c_str(), nullptr), 0);
        dbInitEntry(base_, &entry_);
    }
    void TearDown() override {
        dbFinishEntry(&entry_);
        dbFreeBase(base_);
    }

    std::string stringOf(const char* pv) {
        if (dbFindRecord(&entry_, pv) != 0) return "(not found)";
        const char* value = dbGetString(&entry_);
        return value ? value : "(null)";
    }

    DBBASE* base_ = nullptr;
    DBENTRY entry_{};
};

TEST_F(DbStaticTest, Step2Json5NumbersAndInfoValuesParse) {
    const std::pair<const char*, const char*> values[] = {
        {"t1.C8", "127"},
        {"t1.U8", "255"},
        {"t1.I16", "-32768"},
        {"t1.U16", "65535"},
        {"t1.I32", "-2147483648"},
        {"t1.U32", "4294967295"},
        {"t1.I64", "-9223372036854775808"},
        {"t1.U64", "4294967295"}, // only the low 32 bits are converted (quirk, EPICS-BEHAVIOUR 4.5)
        {"t1.F32", "nan"},
        {"t1.F64", "nan"},
    };
    for (const auto& [pv, expected] : values)
        EXPECT_EQ(stringOf(pv), expected) << pv;
    ASSERT_EQ(dbFindRecord(&entry_, "t1"), 0);
    EXPECT_STREQ(dbGetInfo(&entry_, "i1"), R"({x:0,"+x":1,"-x":2,".x":3})");
    EXPECT_STREQ(dbGetInfo(&entry_, "i2"), "Bare-word_string");
}

TEST_F(DbStaticTest, Step4AliasNamesWithADotAreRejected) {
    const std::string path = dir().string();
    for (const char* file : {"dbStaticTestAlias1.db", "dbStaticTestAlias2.db"})
        EXPECT_NE(dbReadDatabase(&base_, file, path.c_str(), nullptr), 0) << file;
}

TEST_F(DbStaticTest, Step5EntriesOfTheRecordAndItsAliases) {
    for (const char* pv : {"testrec.VAL", "testalias.VAL", "testalias2.VAL", "testalias3.VAL"}) {
        SCOPED_TRACE(pv);
        ASSERT_EQ(dbFindRecord(&entry_, pv), 0);
        EXPECT_STREQ(entry_.precordType->name, "x");
        EXPECT_STREQ(dbGetRecordTypeName(&entry_), "x");
        EXPECT_STREQ(dbGetFieldName(&entry_), "VAL");
        const int flags = entry_.precnode->flags;
        EXPECT_NE(!(flags & DBRN_FLAGS_ISALIAS), !(flags & DBRN_FLAGS_HASALIAS))
            << "exactly one of ISALIAS and HASALIAS, flags " << flags;

        DBENTRY name;
        dbCopyEntryContents(&entry_, &name);
        ASSERT_EQ(dbFindField(&name, "NAME"), 0);
        EXPECT_STREQ(dbGetString(&name), "testrec") << "aliases share the record";
        dbFinishEntry(&name);

        EXPECT_EQ(dbFollowAlias(&entry_), 0);
        EXPECT_STREQ(dbGetRecordName(&entry_), "testrec");
        ASSERT_EQ(dbFindInfo(&entry_, "A"), 0);
        EXPECT_STREQ(dbGetInfoString(&entry_), "B");
    }
}

TEST_F(DbStaticTest, Step7DeletedRecordsAndAliases) {
    for (const char* present : {"testdelrec", "testdelrec6", "testdelalias66"})
        EXPECT_EQ(dbFindRecord(&entry_, present), 0) << present;
    for (const char* absent :
         {"testdelrec1", "testdelrec2", "testdelrec3", "testdelrec4", "testdelrec5",
          "testdelalias6", "testdelrec7", "testdelalias7", "testdelalias77", "testdelrec8",
          "testdelrec11", "no:such:record", "also:non:existant"})
        EXPECT_EQ(dbFindRecord(&entry_, absent), S_dbLib_recNotFound) << absent;
}

// EPICS-BEHAVIOUR 4.7: "OK" inputs give NULL, the others the message.
TEST_F(DbStaticTest, VerifyTable) {
    const char* const tooLarge = "Number too large for field type";
    const char* const tooSmall = "Number too small for field type";
    const char* const notInteger = "Not a valid integer";
    const char* const extraneous = "Extraneous characters after number";
    struct Row {
        const char* field;
        std::vector<const char*> ok;
        std::vector<std::pair<const char*, const char*>> bad;
    };
    const std::vector<Row> rows = {
        {"C8",
         {"0", "-128", "127", "0x7f"},
         {{"128", tooLarge}, {"0x80", tooLarge}, {"None", notInteger}, {"1.2345", extraneous}}},
        {"U8",
         {"0", "128", "255", "0xff"},
         {{"256", tooLarge}, {"0x100", tooLarge}, {"None", notInteger}, {"1.2345", extraneous}}},
        {"I16",
         {"0", "-32768", "-0x8000", "0x7fff"},
         {{"-32769", tooLarge},
          {"32768", tooLarge},
          {"0x8000", tooLarge},
          {"None", notInteger},
          {"1.2345", extraneous}}},
        {"U16",
         {"0", "-32768", "-65535", "65535", "0xffff"},
         {{"-65536", tooLarge},
          {"0x10000", tooLarge},
          {"None", notInteger},
          {"1.2345", extraneous}}},
        {"I32",
         {"0", "123456789", "-123456789", "-0x80000000", "0x1234FEDC", "0x7fffffff"},
         {{"-0x80000001", tooLarge},
          {"0x100000000", tooLarge},
          {"None", notInteger},
          {"1.2345", extraneous}}},
        {"U32",
         {"0", "123456789", "-123456789", "-0xffffffff", "0x1234FEDC", "0xffffffff"},
         {{"-0x100000000", tooLarge},
          {"0x100000000", tooLarge},
          {"None", notInteger},
          {"1.2345", extraneous}}},
        {"I64",
         {"0", "1234567890123456789", "-1234567890123456789", "-0x8000000000000000",
          "0x123456780FEDCBA9", "0x7fffffffffffffff"},
         {{"-0x8000000000000001", tooLarge},
          {"0x10000000000000000", tooLarge},
          {"None", notInteger},
          {"1.2345", extraneous}}},
        {"U64",
         {"0", "1234567890123456789", "-1234567890123456789", "-0xffffffffffffffff",
          "0x123456780FEDCBA9", "0x7fffffffffffffff"},
         {{"-0x10000000000000000", tooLarge},
          {"0x10000000000000000", tooLarge},
          {"None", notInteger},
          {"1.2345", extraneous}}},
        {"F32",
         {"0", "1.2345", ".12345", "-.12345", "+.12345", "1.e23", "1.e-23", "Infinity", "-Infinity",
          "+Infinity", "Nan"},
         {{"None", notInteger}, {"1.2e-345", tooSmall}, {"1.2e345", tooLarge}}},
        {"F64",
         {"0", "1.2345", ".12345", "-.12345", "+.12345", "1.e234", "1.e-234", "Infinity",
          "-Infinity", "+Infinity", "Nan"},
         {{"None", notInteger}, {"1.2e-345", tooSmall}, {"1.2e345", tooLarge}}},
        {"DESC",
         {"", "abcdefghijklmnopqrstuvwxyz"},
         {{"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz",
           "String too long, max 40 characters"}}},
        {"DTYP", {"Soft Channel"}, {{"zzzz", "Not a valid device type"}}},
        {"SCAN", {"1 second"}, {{"zzzz", "Not a valid menu choice"}}},
        {"FLNK", {"Anything works here!"}, {}},
    };
    for (const Row& row : rows) {
        ASSERT_EQ(dbFindRecord(&entry_, ("testrec." + std::string(row.field)).c_str()), 0)
            << row.field;
        for (const char* value : row.ok) {
            const char* message = dbVerify(&entry_, value);
            EXPECT_EQ(message, nullptr)
                << row.field << "=" << value << ": " << (message ? message : "(null)");
        }
        for (const auto& [value, expected] : row.bad) {
            const char* message = dbVerify(&entry_, value);
            EXPECT_STREQ(message, expected) << row.field << "=" << value;
        }
    }
}

} // namespace
} // namespace epicsdb::test
