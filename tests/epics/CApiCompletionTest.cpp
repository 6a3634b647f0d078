// The dbStaticLib functions beyond navigation and values: include paths, prompt groups,
// record-type attributes, copying records, aliases, visibility, info items, menus by index,
// link fields, drivers, link support, breakpoint tables, the reports and the allocators, each
// against what EPICS Base 7.0.8's dbStaticLib.c does.
#include "ReadFile.hpp"
#include "TestFiles.hpp"

#include <dbStaticLib.h>
#include <dbStaticPvt.h>
#include <special.h>

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace epicsdb::test {
namespace {

// A record type with hardware output links and conversion fields, device, driver, link and
// breakpoint-table definitions, beside the definitions of the other C API tests.
constexpr std::string_view kMoreDbd = R"(
menu(menuConvert) {
    choice(menuConvertNO_CONVERSION, "NO CONVERSION")
    choice(menuConvertSLOPE, "SLOPE")
    choice(menuConvertLINEAR, "LINEAR")
}
recordtype(hw) {
    field(NAME, DBF_STRING) { size(61) }
    field(DTYP, DBF_DEVICE) { promptgroup("10 - Common") }
    field(OUT, DBF_OUTLINK) { promptgroup("50 - Output") }
    field(DOL, DBF_INLINK) { promptgroup("50 - Output") }
    field(LINR, DBF_MENU) { menu(menuConvert) promptgroup("60 - Convert") }
    field(EGUF, DBF_DOUBLE) { promptgroup("60 - Convert") }
    field(EGUL, DBF_DOUBLE) { promptgroup("60 - Convert") }
    field(VAL, DBF_DOUBLE) { prompt("Value") }
}
device(hw, VME_IO, devHwVme, "Vme")
device(hw, CONSTANT, devHwSoft, "Soft")
driver(drvTst)
link(calc, lnkCalcIf)
breaktable(bt) { 0 0 100 10 300 30 }
)";

constexpr std::string_view kDb = R"(
record(tst, "r1") {
    field(DESC, "first")
    field(VAL, "42")
    field(SCAN, "1 second")
    field(PINI, "YES")
    field(INP, "r2")
    info(autosave, "VAL")
    info(other, "x")
    alias("r1:a")
}
record(tst, "r2") {
    info(autosaveFields, "DESC")
}
record(tst, "r4") {
    field(DTYP, "Inst")
    field(INP, "@inst")
}
record(hw, "h1") {
    field(DTYP, "Vme")
    field(OUT, "#C1 S2 @parm")
    field(LINR, "LINEAR")
    field(EGUF, "10")
    field(EGUL, "-10")
}
record(hw, "h2") {
    field(DTYP, "Soft")
    field(DOL, "h1")
}
)";

class CApiCompletion : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string dbd =
            dir_.write("test.dbd", std::string(kTestDbd) + std::string(kMoreDbd));
        const std::string db = dir_.write("test.db", kDb);
        ASSERT_EQ(dbReadDatabase(&base_, dbd.c_str(), nullptr, nullptr), 0);
        ASSERT_EQ(dbReadDatabase(&base_, db.c_str(), nullptr, nullptr), 0);
        dbInitEntry(base_, &entry_);
    }
    void TearDown() override {
        dbFinishEntry(&entry_);
        dbFreeBase(base_);
    }

    void find(const char* name) { ASSERT_EQ(dbFindRecord(&entry_, name), 0) << name; }
    std::string value(const char* recordField) {
        DBENTRY entry;
        dbInitEntry(base_, &entry);
        std::string text = "(not found)";
        if (dbFindRecord(&entry, recordField) == 0) {
            const char* got = dbGetString(&entry);
            text = got ? got : "(null)";
        }
        dbFinishEntry(&entry);
        return text;
    }
    std::string stdoutOf(const std::function<void()>& body) {
        const ChildResult result = runCapturingBoth([&] {
            body();
            return 0;
        });
        EXPECT_EQ(result.exitCode, 0);
        return result.out;
    }

    ScratchDir dir_;
    DBBASE* base_ = nullptr;
    DBENTRY entry_{};
};

TEST_F(CApiCompletion, PathsSplitAsEpicsDoesAndLastUntilTheNextRead) {
    const std::string db = dir_.write("one.db", "record(tst, \"p1\") {}\n");
    EXPECT_EQ(stdoutOf([&] {
                  dbDumpPath(base_);
                  dbPath(base_, "a : b");
                  dbDumpPath(base_);
                  dbAddPath(base_, "c::d");
                  dbDumpPath(base_);
                  dbPath(base_, "x y:z");
                  dbDumpPath(base_);
                  dbPath(base_, "");
                  dbDumpPath(base_);
                  dbAddPath(base_, nullptr);
                  dbDumpPath(base_);
                  dbReadDatabase(&base_, db.c_str(), nullptr, nullptr);
                  dbDumpPath(base_);
              }),
              "no path defined\n"
              "a:b:.\n"
              "a:b:.:c:d:.\n"
              "x y:z\n"
              ".\n"
              ".\n"
              "no path defined\n");
    EXPECT_EQ(dbPath(nullptr, "a"), -1);
    EXPECT_EQ(dbAddPath(nullptr, "a"), -1);
}

TEST_F(CApiCompletion, PromptGroupsNumberedInOrderOfFirstAppearance) {
    EXPECT_STREQ(dbGetPromptGroupNameFromKey(base_, 1), "10 - Common");
    EXPECT_STREQ(dbGetPromptGroupNameFromKey(base_, 2), "20 - Scan");
    EXPECT_STREQ(dbGetPromptGroupNameFromKey(base_, 4), "30 - Action");
    EXPECT_STREQ(dbGetPromptGroupNameFromKey(base_, 6), "60 - Convert");
    EXPECT_EQ(dbGetPromptGroupNameFromKey(base_, 0), nullptr);
    EXPECT_EQ(dbGetPromptGroupNameFromKey(base_, 7), nullptr);
    EXPECT_EQ(dbGetPromptGroupKeyFromName(base_, "40 - Input"), 3);
    EXPECT_EQ(dbGetPromptGroupKeyFromName(base_, "99 - None"), 0);
    EXPECT_EQ(dbGetPromptGroupKeyFromName(nullptr, "40 - Input"), 0);
}

TEST_F(CApiCompletion, RecordTypeAttributesAreSetReadAndFoundByFieldLookup) {
    EXPECT_EQ(dbGetRecordAttribute(&entry_, "RTYP"), S_dbLib_recordTypeNotFound);
    ASSERT_EQ(dbFindRecordType(&entry_, "tst"), 0);
    ASSERT_EQ(dbGetRecordAttribute(&entry_, "VERS"), 0);
    EXPECT_STREQ(dbGetString(&entry_), "none specified");
    EXPECT_EQ(entry_.pflddes->special, SPC_ATTRIBUTE);
    EXPECT_EQ(dbGetRecordAttribute(&entry_, "VERSION"), S_dbLib_fieldNotFound);

    const char* rest = "RTYP.more";
    ASSERT_EQ(dbGetAttributePart(&entry_, &rest), 0);
    EXPECT_STREQ(rest, ".more");
    EXPECT_STREQ(dbGetString(&entry_), "tst");

    EXPECT_EQ(dbPutRecordAttribute(&entry_, "VERS", "2.1"), 0);
    EXPECT_EQ(
        dbPutRecordAttribute(&entry_, "MYATTR", "0123456789012345678901234567890123456789abc"), 0);
    EXPECT_EQ(value("r2.VERS"), "2.1");
    EXPECT_EQ(value("r2.MYATTR"), "012345678901234567890123456789012345678"); // 39 kept
    EXPECT_EQ(value("h1.VERS"), "none specified");
    // Written in name order by dbDumpField.
    EXPECT_NE(stdoutOf([&] { dbDumpField(base_, "tst", "NOFIELD"); })
                  .find("Attribute: name MYATTR value 012345678901234567890123456789012345678\n"
                        "Attribute: name RTYP value tst\n"
                        "Attribute: name VERS value 2.1\n"),
              std::string::npos);
}

TEST_F(CApiCompletion, CopyRecordCopiesChangedDctFieldsAndInfoItems) {
    find("r1");
    ASSERT_EQ(dbCopyRecord(&entry_, "r3", 0), 0);
    EXPECT_STREQ(dbGetRecordName(&entry_), "r3"); // the entry moves to the copy
    EXPECT_EQ(value("r3.DESC"), "first");
    EXPECT_EQ(value("r3.VAL"), "42");
    EXPECT_EQ(value("r3.SCAN"), "1 second");
    EXPECT_EQ(value("r3.PINI"), "NO"); // not a DCT field
    EXPECT_EQ(value("r3.INP"), "");    // links read as default before iocInit: not copied
    EXPECT_STREQ(dbGetInfo(&entry_, "autosave"), "VAL");
    EXPECT_STREQ(dbGetInfo(&entry_, "other"), "x");
    EXPECT_EQ(dbGetNAliases(&entry_), 1); // the alias stays r1's

    find("r1");
    EXPECT_EQ(dbCopyRecord(&entry_, "r2", 0), S_dbLib_recExists);
    find("r1");
    ASSERT_EQ(dbCopyRecord(&entry_, "r2", 1), 0);
    EXPECT_EQ(value("r2.DESC"), "first");
    EXPECT_EQ(dbGetInfo(&entry_, "autosaveFields"), nullptr); // the old r2 is gone

    find("r1");
    EXPECT_EQ(dbCopyRecord(&entry_, "r1", 1), S_dbLib_recExists);
    EXPECT_EQ(dbCopyRecord(&entry_, std::string(61, 'n').c_str(), 0), S_dbLib_nameLength);
    find("r1:a");
    EXPECT_EQ(dbCopyRecord(&entry_, "r5", 0), S_dbLib_recNotFound);
    DBENTRY none;
    dbInitEntry(base_, &none);
    EXPECT_EQ(dbCopyRecord(&none, "r5", 0), S_dbLib_recordTypeNotFound);
    dbFinishEntry(&none);
}

TEST_F(CApiCompletion, DeleteAliasesAndFreeRecords) {
    find("r1:a");
    EXPECT_EQ(dbDeleteAliases(&entry_), S_dbLib_recExists);
    find("r1");
    EXPECT_TRUE(entry_.precnode->flags & DBRN_FLAGS_HASALIAS);
    ASSERT_EQ(dbDeleteAliases(&entry_), 0);
    EXPECT_FALSE(entry_.precnode->flags & DBRN_FLAGS_HASALIAS);
    EXPECT_EQ(dbGetNAliases(&entry_), 0);
    EXPECT_EQ(dbFindRecord(&entry_, "r1:a"), S_dbLib_recNotFound);
    EXPECT_EQ(dbDeleteAliases(&entry_), S_dbLib_recNotFound);

    EXPECT_EQ(dbFreeRecords(base_), 0);
    EXPECT_EQ(dbFindRecord(&entry_, "r1"), S_dbLib_recNotFound);
    ASSERT_EQ(dbFindRecordType(&entry_, "hw"), 0);
    EXPECT_EQ(dbGetNRecords(&entry_), 0);
    EXPECT_EQ(dbGetNRecordTypes(&entry_), 2); // the definitions stay
}

TEST_F(CApiCompletion, VisibilityIsAFlagOfEachNode) {
    find("r1");
    EXPECT_EQ(dbIsVisibleRecord(&entry_), 0);
    ASSERT_EQ(dbVisibleRecord(&entry_), 0);
    EXPECT_EQ(dbIsVisibleRecord(&entry_), 1);
    EXPECT_TRUE(entry_.precnode->flags & DBRN_FLAGS_VISIBLE);
    const std::string out = dir_.path() + "/out.db";
    ASSERT_EQ(dbWriteRecord(base_, out.c_str(), "tst", 0), 0);
    EXPECT_EQ(readWholeFile(out).rfind("grecord(tst,\"r1\") {", 0), 0u);

    find("r1:a");
    EXPECT_EQ(dbIsVisibleRecord(&entry_), 0); // the alias has its own flag
    ASSERT_EQ(dbVisibleRecord(&entry_), 0);
    EXPECT_EQ(dbIsVisibleRecord(&entry_), 1);
    find("r1");
    ASSERT_EQ(dbInvisibleRecord(&entry_), 0);
    EXPECT_EQ(dbIsVisibleRecord(&entry_), 0);
    DBENTRY none;
    dbInitEntry(base_, &none);
    EXPECT_EQ(dbVisibleRecord(&none), S_dbLib_recNotFound);
    EXPECT_EQ(dbInvisibleRecord(&none), S_dbLib_recNotFound);
    dbFinishEntry(&none);
}

TEST_F(CApiCompletion, NextMatchingInfoWalksEveryRecordOfEveryType) {
    std::vector<std::string> seen;
    for (long status = dbNextMatchingInfo(&entry_, "auto*"); !status;
         status = dbNextMatchingInfo(&entry_, "auto*"))
        seen.push_back(std::string(dbGetRecordName(&entry_)) + " " + dbGetInfoName(&entry_));
    EXPECT_EQ(seen, (std::vector<std::string>{"r1 autosave", "r2 autosaveFields"}));

    DBENTRY all;
    dbInitEntry(base_, &all);
    int count = 0;
    for (long status = dbNextMatchingInfo(&all, nullptr); !status;
         status = dbNextMatchingInfo(&all, ""))
        ++count;
    EXPECT_EQ(count, 3);
    dbFinishEntry(&all);

    dbInitEntry(base_, &all);
    ASSERT_EQ(dbNextMatchingInfo(&all, "?th*r"), 0);
    EXPECT_STREQ(dbGetInfoName(&all), "other");
    dbFinishEntry(&all);
}

TEST_F(CApiCompletion, InfoItemsDeletedRewrittenAndGivenPointers) {
    find("r1");
    EXPECT_EQ(dbDeleteInfo(&entry_), S_dbLib_infoNotFound);
    ASSERT_EQ(dbFindInfo(&entry_, "other"), 0);
    ASSERT_EQ(dbDeleteInfo(&entry_), 0);
    EXPECT_EQ(entry_.pinfonode, nullptr);
    EXPECT_EQ(dbFindInfo(&entry_, "other"), S_dbLib_infoNotFound);

    EXPECT_EQ(dbPutInfoString(&entry_, "none"), S_dbLib_infoNotFound);
    ASSERT_EQ(dbFindInfo(&entry_, "autosave"), 0);
    ASSERT_EQ(dbPutInfoString(&entry_, "VAL DESC"), 0);
    EXPECT_STREQ(dbGetInfoString(&entry_), "VAL DESC");
    EXPECT_STREQ(dbGetInfo(&entry_, "autosave"), "VAL DESC");

    int mine = 0;
    EXPECT_EQ(dbGetInfoPointer(&entry_), nullptr);
    ASSERT_EQ(dbPutInfoPointer(&entry_, &mine), 0);
    ASSERT_EQ(dbFindInfo(&entry_, "autosave"), 0);
    EXPECT_EQ(dbGetInfoPointer(&entry_), &mine);
    ASSERT_EQ(dbPutInfo(&entry_, "autosave", "VAL"), 0); // the same item, pointer kept
    EXPECT_EQ(dbGetInfoPointer(&entry_), &mine);
    EXPECT_EQ(dbDeleteInfo(&entry_), 0); // dbPutInfo leaves the item selected
}

TEST_F(CApiCompletion, DeletedInfoItemPutAgainIsANewItem) {
    find("r1");
    int mine = 0;
    ASSERT_EQ(dbFindInfo(&entry_, "autosave"), 0);
    ASSERT_EQ(dbPutInfoPointer(&entry_, &mine), 0);
    ASSERT_EQ(dbDeleteInfo(&entry_), 0);
    EXPECT_EQ(dbPutInfoPointer(&entry_, &mine), S_dbLib_infoNotFound);
    EXPECT_EQ(dbGetInfoPointer(&entry_), nullptr);
    ASSERT_EQ(dbPutInfo(&entry_, "autosave", "VAL"), 0);
    EXPECT_EQ(dbGetInfoPointer(&entry_), nullptr);
    DBENTRY none;
    dbInitEntry(base_, &none);
    EXPECT_EQ(dbDeleteInfo(&none), S_dbLib_recNotFound);
    dbFinishEntry(&none);
}

TEST_F(CApiCompletion, MenuIndexesOfMenuAndDeviceFields) {
    find("r1.SCAN");
    EXPECT_EQ(dbGetMenuIndex(&entry_), 2);
    ASSERT_EQ(dbPutMenuIndex(&entry_, 1), 0);
    EXPECT_STREQ(dbGetString(&entry_), "Event");
    EXPECT_EQ(dbPutMenuIndex(&entry_, 3), S_dbLib_badField);
    EXPECT_EQ(dbPutMenuIndex(&entry_, -1), S_dbLib_badField);

    find("r1.DTYP");
    EXPECT_EQ(dbGetMenuIndex(&entry_), 0); // the first device, by default
    ASSERT_EQ(dbPutMenuIndex(&entry_, 1), 0);
    EXPECT_STREQ(dbGetString(&entry_), "Inst");
    EXPECT_EQ(dbGetMenuIndex(&entry_), 1);

    find("r1.VAL");
    EXPECT_EQ(dbPutMenuIndex(&entry_, 0), S_dbLib_badField);
    ASSERT_EQ(dbFindRecordType(&entry_, "tst"), 0);
    ASSERT_EQ(dbFindField(&entry_, "SCAN"), S_dbLib_recNotFound); // no record selected
    EXPECT_EQ(dbGetMenuIndex(&entry_), -1);
    EXPECT_EQ(dbPutMenuIndex(&entry_, 0), S_dbLib_flddesNotFound);
    EXPECT_EQ(stdoutOf([&] {
                  find("r1.VAL");
                  std::printf("%d\n", dbGetMenuIndex(&entry_));
              }),
              "dbGetMenuIndex: Called for field type 5\n-1\n");
}

TEST_F(CApiCompletion, LinkFieldsOfARecordTypeAndTheLinkOfDtyp) {
    EXPECT_EQ(dbGetNLinks(&entry_), S_dbLib_recordTypeNotFound);
    EXPECT_EQ(dbGetLinkField(&entry_, 0), S_dbLib_recordTypeNotFound);
    find("h1");
    ASSERT_EQ(dbGetNLinks(&entry_), 2);
    ASSERT_EQ(dbGetLinkField(&entry_, 0), 0);
    EXPECT_STREQ(dbGetFieldName(&entry_), "OUT");
    EXPECT_STREQ(dbGetString(&entry_), "#C1 S2 @parm");
    ASSERT_EQ(dbGetLinkField(&entry_, 1), 0);
    EXPECT_STREQ(dbGetFieldName(&entry_), "DOL");
    EXPECT_EQ(dbGetLinkField(&entry_, 2), S_dbLib_badLink);
    EXPECT_EQ(dbGetLinkField(&entry_, -1), S_dbLib_badLink);

    find("h1.DTYP");
    EXPECT_STREQ(dbGetRelatedField(&entry_), "OUT");
    find("r1.DTYP");
    EXPECT_STREQ(dbGetRelatedField(&entry_), "INP");
    find("r1.DESC");
    EXPECT_EQ(dbGetRelatedField(&entry_), nullptr);
}

TEST_F(CApiCompletion, DriversLinkSupportAndBreakpointTables) {
    const drvSup* driver = dbFindDriver(base_, "drvTst");
    ASSERT_NE(driver, nullptr);
    EXPECT_STREQ(driver->name, "drvTst");
    EXPECT_EQ(dbFindDriver(base_, "drvNone"), nullptr);
    EXPECT_EQ(dbFindDriver(base_, "drvTst"), driver); // one structure per definition

    const linkSup* link = dbFindLinkSup(base_, "calc");
    ASSERT_NE(link, nullptr);
    EXPECT_STREQ(link->name, "calc");
    EXPECT_STREQ(link->jlif_name, "lnkCalcIf");
    EXPECT_EQ(dbFindLinkSup(base_, "lnkCalcIf"), nullptr);

    const brkTable* table = dbFindBrkTable(base_, "bt");
    ASSERT_NE(table, nullptr);
    EXPECT_STREQ(table->name, "bt");
    ASSERT_EQ(table->number, 3);
    EXPECT_EQ(table->paBrkInt[1].raw, 100);
    EXPECT_EQ(table->paBrkInt[1].eng, 10);
    EXPECT_DOUBLE_EQ(table->paBrkInt[0].slope, 0.1);
    EXPECT_DOUBLE_EQ(table->paBrkInt[1].slope, 0.1);
    EXPECT_EQ(table->paBrkInt[2].slope, table->paBrkInt[1].slope); // continues past the end
    EXPECT_EQ(dbFindBrkTable(base_, "none"), nullptr);
}

TEST_F(CApiCompletion, DumpRecordType) {
    EXPECT_EQ(stdoutOf([&] { dbDumpRecordType(base_, "hw"); }),
              "name(hw) no_fields(8) no_prompt(6) no_links(2)\n"
              "index name\tsortind sortname\n"
              "    0 NAME\t      3 DOL\n"
              "    1 DTYP\t      1 DTYP\n"
              "    2 OUT\t      5 EGUF\n"
              "    3 DOL\t      6 EGUL\n"
              "    4 LINR\t      4 LINR\n"
              "    5 EGUF\t      0 NAME\n"
              "    6 EGUL\t      2 OUT\n"
              "    7 VAL\t      7 VAL\n"
              "link_ind  2 3\n"
              "indvalFlddes 7 name VAL\n"
              "rset * (nil) rec_size 0\n");
}

TEST_F(CApiCompletion, DumpFieldAndDevice) {
    EXPECT_EQ(stdoutOf([&] { dbDumpField(base_, "hw", "LINR"); }),
              "recordtype(hw) \n"
              "    LINR\n"
              "\t         prompt: \n"
              "\t          extra: \n"
              "\t      indRecordType: 4\n"
              "\t        special: 0 \n"
              "\t     field_type: DBF_MENU\n"
              "\tprocess_passive: 0\n"
              "\t       property: 0\n"
              "\t           base: 0\n"
              "\t    promptgroup: 60 - Convert\n"
              "\t       interest: 0\n"
              "\t       as_level: 1\n"
              "\t        initial: \n"
              "\t\t  menu: menuConvert\n"
              "\t           size: 0\n"
              "\t         offset: 0\n"
              "Attribute: name RTYP value hw\n"
              "Attribute: name VERS value none specified\n");
    EXPECT_EQ(stdoutOf([&] { dbDumpField(base_, "tst", "SCAN"); })
                  .rfind("recordtype(tst) \n    SCAN\n\t         prompt: Scan Mechanism\n"
                         "\t          extra: \n",
                         0),
              0u);
    EXPECT_NE(stdoutOf([&] {
                  dbDumpField(base_, "tst", "SCAN");
              }).find("\t        special: 3 SPC_SCAN\n"),
              std::string::npos);
    EXPECT_EQ(stdoutOf([&] { dbDumpDevice(base_, "hw"); }), "recordtype(hw)\n"
                                                            "    device name:   devHwVme\n"
                                                            "\tchoice:    Vme\n"
                                                            "\tlink_type: 2\n"
                                                            "\tpdset:     (nil)\n"
                                                            "\tpdsxt:     (nil)\n"
                                                            "    device name:   devHwSoft\n"
                                                            "\tchoice:    Soft\n"
                                                            "\tlink_type: 0\n"
                                                            "\tpdset:     (nil)\n"
                                                            "\tpdsxt:     (nil)\n");
    // "" and "*" mean every record type.
    EXPECT_EQ(stdoutOf([&] { dbDumpDevice(base_, "*"); }).rfind("recordtype(tst)\n", 0), 0u);
}

TEST_F(CApiCompletion, DumpBreaktable) {
    const std::string expected = "breaktable(bt) {\n"
                                 "\traw=0.000000 slope=1.000000e-01 eng=0.000000\n"
                                 "\traw=100.000000 slope=1.000000e-01 eng=10.000000\n"
                                 "\traw=300.000000 slope=1.000000e-01 eng=30.000000\n"
                                 "}\n";
    EXPECT_EQ(stdoutOf([&] { dbDumpBreaktable(base_, nullptr); }), expected);
    EXPECT_EQ(stdoutOf([&] { dbDumpBreaktable(base_, "bt"); }), expected);
    EXPECT_EQ(stdoutOf([&] { dbDumpBreaktable(base_, "other"); }), "");
}

TEST(CApiPvdDump, BucketsOfTheTableEpicsWouldBuild) {
    // Bucket numbers from EPICS's epicsStrHash: "a" 414, "b" 413, "ab" 271 of 512; a byte
    // above 0x7f hashes sign-extended ("\xe9": 22).
    const auto dump = [](int tableSize, int verbose) {
        return runCapturingBoth([&] {
                   if (tableSize) dbPvdTableSize(tableSize);
                   DBBASE* base = nullptr;
                   ScratchDir dir;
                   const std::string dbd = dir.write("t.dbd", kTestDbd);
                   dbReadDatabase(&base, dbd.c_str(), nullptr, nullptr);
                   DBENTRY entry;
                   dbInitEntry(base, &entry);
                   dbFindRecordType(&entry, "tst");
                   for (const char* name : {"b", "a", "ab", "\xe9"})
                       dbCreateRecord(&entry, name);
                   dbPvdDump(base, verbose);
                   dbFinishEntry(&entry);
                   dbFreeBase(base);
                   return 0;
               })
            .out;
    };
    EXPECT_EQ(dump(0, 1), "Process Variable Directory has 512 buckets\n"
                          " [  22]    1    \xe9\n"
                          " [ 271]    1    ab\n"
                          " [ 413]    1    b\n"
                          " [ 414]    1    a\n"
                          "508 buckets empty.\n");
    EXPECT_EQ(dump(256, 0), "Process Variable Directory has 256 buckets\n"
                            " [  15]    1  \n"
                            " [  22]    1  \n"
                            " [ 157]    1  \n"
                            " [ 158]    1  \n"
                            "252 buckets empty.\n");
    EXPECT_EQ(dump(100, 0).rfind("dbPvdTableSize: 100 is not a power of 2\n", 0), 0u);
    // Clamped to 256 ... 65536.
    EXPECT_NE(dump(16, 0).find("has 256 buckets"), std::string::npos);
    EXPECT_NE(dump(1 << 20, 0).find("has 65536 buckets"), std::string::npos);
}

TEST_F(CApiCompletion, PvdDumpWrapsABucketsNamesInCreationOrder) {
    DBENTRY entry;
    dbInitEntry(base_, &entry);
    ASSERT_EQ(dbFindRecordType(&entry, "tst"), 0);
    // Five names that share bucket 448 of 512, created out of name order.
    for (const char* name : {"n212", "n100", "n256", "n144", "n189"})
        ASSERT_EQ(dbCreateRecord(&entry, name), 0);
    dbFinishEntry(&entry);
    const std::string out = stdoutOf([&] { dbPvdDump(base_, 1); });
    EXPECT_EQ(out.rfind("Process Variable Directory has 512 buckets\n", 0), 0u);
    EXPECT_NE(out.find("\n [ 448]    5    n212  n100\n           n256  n144  n189\n"),
              std::string::npos);
    EXPECT_NE(out.find("\n [ 205]    1    r1\n"), std::string::npos);
    EXPECT_NE(out.find("\n [ 468]    1    h1\n"), std::string::npos);
}

TEST_F(CApiCompletion, ReportDeviceConfigNamesEachHardwareLinkOnce) {
    const std::string report = dir_.path() + "/report.txt";
    FILE* file = std::fopen(report.c_str(), "w");
    ASSERT_NE(file, nullptr);
    dbReportDeviceConfig(base_, file); // closes the file, as EPICS does
    EXPECT_EQ(readWholeFile(report),
              "INST     @inst                Inst                 r4                   \n"
              "VME      #C1 S2 @parm         Vme                  h1                   "
              "cvt(-10,10)\n");
    EXPECT_EQ(stdoutOf([&] { dbReportDeviceConfig(nullptr, nullptr); }),
              "dbReportDeviceConfig: pdbbase not specified\n");
}

TEST(CApiMisc, CatStringJoinsWithTheSeparator) {
    char* text = nullptr;
    int length = 0;
    dbCatString(&text, &length, const_cast<char*>("a"), const_cast<char*>(", "));
    EXPECT_STREQ(text, "a");
    EXPECT_EQ(length, 1);
    dbCatString(&text, &length, const_cast<char*>("bc"), const_cast<char*>(", "));
    EXPECT_STREQ(text, "a, bc");
    EXPECT_EQ(length, 5);
    const std::string long_(1000, 'x');
    dbCatString(&text, &length, const_cast<char*>(long_.c_str()), const_cast<char*>(":"));
    EXPECT_EQ(std::string(text), "a, bc:" + long_);
    EXPECT_EQ(length, 1006);
    std::free(text);
}

TEST(CApiMisc, CallocAndMallocMacros) {
    auto* zeros = static_cast<unsigned char*>(dbCalloc(4, 8));
    ASSERT_NE(zeros, nullptr);
    for (int i = 0; i < 32; ++i)
        EXPECT_EQ(zeros[i], 0);
    std::free(zeros);
    void* block = dbMalloc(16);
    EXPECT_NE(block, nullptr);
    std::free(block);
    EXPECT_EQ(dbCalloc(0, 8), nullptr); // as EPICS's callocMustSucceed
    EXPECT_EQ(dbMalloc(0), nullptr);
    dbStaticDebug = 1; // a variable programs may set
    dbStaticDebug = 0;
}

} // namespace
} // namespace epicsdb::test
