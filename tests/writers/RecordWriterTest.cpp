// dbWriteRecord text (EPICS-BEHAVIOUR 4.6): exact bytes for each level, order, aliases and
// escaping.
#include "TestDatabase.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace epicsdb::test {
namespace {

std::string written(const Database& db, int level = 0, std::string_view type = {}) {
    std::string out;
    writeRecords(db, out, {type, level});
    return out;
}

// The record of the EPICS-BEHAVIOUR 4.6 [verified] example.
void addSpecExample(AiDatabase& t) {
    Record& r = t.record(
        "r:1",
        {{"DESC", "a pp b"}, {"DTYP", "Soft Channel"}, {"VAL", "1500"}, {"EGU", "a\tbAu0041"}},
        {{"j", R"({a:1,"b":[1,2,],c:{},"+d":true,e:null})"}});
    ASSERT_NE(t.db.createAlias(r, "r:1:alias"), nullptr);
}

TEST(RecordWriter, Level0IsTheVerifiedEpicsExample) {
    AiDatabase t;
    addSpecExample(t);
    EXPECT_EQ(written(t.db, 0),
              "record(ai,\"r:1\") {\n"
              "\tfield(DESC,\"a pp b\")\n"
              "\tfield(DTYP,\"Soft Channel\")\n"
              "\tfield(UDF,\"0\")\n"
              "\tfield(VAL,\"1500\")\n"
              "\tfield(EGU,\"a\\tbAu0041\")\n"
              "\tinfo(\"j\",\"{a:1,\\\"b\\\":[1,2,],c:{},\\\"+d\\\":true,e:null}\")\n"
              "}\n"
              "alias(\"r:1\",\"r:1:alias\")\n");
}

TEST(RecordWriter, Level1WritesEveryDctFieldWithDefaults) {
    AiDatabase t;
    t.record("r", {{"DESC", "d"}, {"INP", "other.VAL CP"}});
    EXPECT_EQ(written(t.db, 1), "record(ai,\"r\") {\n"
                                "\tfield(DESC,\"d\")\n"
                                "\tfield(ASG,\"\")\n"
                                "\tfield(SCAN,\"Passive\")\n"
                                "\tfield(DTYP,\"Soft Channel\")\n"
                                "\tfield(DISV,\"1\")\n"
                                "\tfield(UDF,\"1\")\n"
                                "\tfield(FLNK,\"\")\n"
                                "\tfield(VAL,\"0\")\n"
                                "\tfield(INP,\"other.VAL CP\")\n"
                                "\tfield(PREC,\"0\")\n"
                                "\tfield(EGU,\"\")\n"
                                "\tfield(HOPR,\"0\")\n"
                                "\tfield(SMOO,\"0\")\n"
                                "\tfield(SIML,\"\")\n"
                                "\tfield(SDLY,\"-1\")\n"
                                "}\n");
}

TEST(RecordWriter, Level2WritesEveryFieldIncludingNameAndFieldsWithoutStringForm) {
    AiDatabase t;
    t.record("r:2", {{"VAL", "2.5"}});
    EXPECT_EQ(written(t.db, 2), "record(ai,\"r:2\") {\n"
                                "\tfield(NAME,\"r:2\")\n"
                                "\tfield(DESC,\"\")\n"
                                "\tfield(ASG,\"\")\n"
                                "\tfield(SCAN,\"Passive\")\n"
                                "\tfield(DTYP,\"Soft Channel\")\n"
                                "\tfield(DISV,\"1\")\n"
                                "\tfield(MLOK,\"\")\n"
                                "\tfield(PROC,\"0\")\n"
                                "\tfield(UDF,\"0\")\n"
                                "\tfield(FLNK,\"\")\n"
                                "\tfield(VAL,\"2.5\")\n"
                                "\tfield(INP,\"\")\n"
                                "\tfield(PREC,\"0\")\n"
                                "\tfield(EGU,\"\")\n"
                                "\tfield(HOPR,\"0\")\n"
                                "\tfield(RVAL,\"0\")\n"
                                "\tfield(HASH,\"0x0\")\n"
                                "\tfield(SMOO,\"0\")\n"
                                "\tfield(SIML,\"\")\n"
                                "\tfield(SDLY,\"-1\")\n"
                                "}\n");
}

TEST(RecordWriter, Level0OmitsDefaultsAndLinksButKeepsDtypAndSetNonDctFieldsStayOut) {
    AiDatabase t;
    // SCAN set to its default, a link (always "default" before iocInit), RVAL (not DCT).
    t.record("r", {{"SCAN", "Passive"}, {"FLNK", "next"}, {"RVAL", "7"}, {"DISV", "2"}});
    EXPECT_EQ(written(t.db, 0), "record(ai,\"r\") {\n"
                                "\tfield(DTYP,\"Soft Channel\")\n"
                                "\tfield(DISV,\"2\")\n"
                                "}\n");
}

TEST(RecordWriter, DtypIsLeftOutForATypeWithoutDeviceSupportBelowLevel2) {
    Database db;
    const std::vector<FieldDef> fields = {
        Field("NAME", DbfType::String).size(61),
        Field("DTYP", DbfType::Device).group("10 - Common"),
        Field("VAL", DbfType::Long).group("40 - Input"),
    };
    RecordType* x = db.addRecordType("x", fields).item;
    ASSERT_NE(db.createRecord(*x, "x1", false), nullptr);
    const std::pair<int, std::string_view> cases[] = {
        {0, "record(x,\"x1\") {\n}\n"},
        {1, "record(x,\"x1\") {\n\tfield(VAL,\"0\")\n}\n"},
        {2,
         "record(x,\"x1\") {\n\tfield(NAME,\"x1\")\n\tfield(DTYP,\"\")\n\tfield(VAL,\"0\")\n}\n"},
    };
    for (const auto& [level, expected] : cases)
        EXPECT_EQ(written(db, level), expected) << "level " << level;
}

TEST(RecordWriter, EscapesValuesTheCWay) {
    const std::pair<std::string_view, std::string_view> cases[] = {
        {"tab\there", "tab\\there"},      {"quote\"d", "quote\\\"d"}, {"it's", "it\\'s"},
        {"back\\slash", "back\\\\slash"}, {"nl\nx", "nl\\nx"},        {"cr\rx", "cr\\rx"},
        {"\a\b\f\v", "\\a\\b\\f\\v"},     {"ctl\x01x", "ctl\\x01x"},  {"del\x7f", "del\\x7f"},
        {"plain text", "plain text"},
    };
    for (const auto& [value, escaped] : cases) {
        AiDatabase t;
        t.record("e", {{"DESC", value}});
        const std::string expected = "record(ai,\"e\") {\n\tfield(DESC,\"" + std::string(escaped) +
                                     "\")\n\tfield(DTYP,\"Soft Channel\")\n}\n";
        EXPECT_EQ(written(t.db), expected) << "value " << ::testing::PrintToString(value);
    }
}

TEST(RecordWriter, GrecordAliasesAndTypeOrder) {
    AiDatabase t;
    const std::vector<FieldDef> xFields = {Field("NAME", DbfType::String).size(61),
                                           Field("VAL", DbfType::Long).group("40 - Input")};
    RecordType* x = t.db.addRecordType("x", xFields).item;
    // Created out of type order: the writer goes type by type, in definition order.
    Record* x1 = t.db.createRecord(*x, "x1", false);
    ASSERT_NE(x1, nullptr);
    Record& a = t.record("a", {}, {{"i", "v"}});
    t.record("g", {}, {}, true);
    ASSERT_NE(t.db.createAlias(a, "a:1"), nullptr);
    Record* aliasOfAlias = t.db.createAlias(*t.db.findRecord("a:1"), "a:2");
    ASSERT_NE(aliasOfAlias, nullptr);
    ASSERT_NE(t.db.createAlias(*x1, "x1:alias"), nullptr);
    // Info items of an alias node are not written by dbWriteRecord.
    t.db.putInfo(*aliasOfAlias, "aliasInfo", "lost");
    EXPECT_EQ(written(t.db), "record(ai,\"a\") {\n"
                             "\tfield(DTYP,\"Soft Channel\")\n"
                             "\tinfo(\"i\",\"v\")\n"
                             "}\n"
                             "grecord(ai,\"g\") {\n"
                             "\tfield(DTYP,\"Soft Channel\")\n"
                             "}\n"
                             "alias(\"a\",\"a:1\")\n"
                             "alias(\"a\",\"a:2\")\n"
                             "record(x,\"x1\") {\n"
                             "}\n"
                             "alias(\"x1\",\"x1:alias\")\n");
    EXPECT_EQ(written(t.db, 0, "x"), "record(x,\"x1\") {\n}\nalias(\"x1\",\"x1:alias\")\n");
    EXPECT_EQ(written(t.db, 0, "*"), written(t.db, 0, ""));
}

TEST(RecordWriter, SortedRecordsAreWrittenInListOrder) {
    AiDatabase t;
    for (std::string_view name : {"c", "a", "b"})
        t.record(name);
    t.db.sortRecords();
    std::string out = written(t.db);
    EXPECT_LT(out.find("\"a\""), out.find("\"b\""));
    EXPECT_LT(out.find("\"b\""), out.find("\"c\""));
}

TEST(RecordWriter, UnknownRecordTypeThrowsWithTheEpicsMessage) {
    AiDatabase t;
    std::string out;
    try {
        writeRecords(t.db, out, {"nosuch", 0});
        FAIL() << "no exception";
    } catch (const RecordTypeNotFound& e) {
        EXPECT_STREQ(e.what(), "No record description for nosuch");
        EXPECT_EQ(e.name(), "nosuch");
    }
    EXPECT_TRUE(out.empty());
}

TEST(RecordWriter, SingleRecordOfAnAliasWritesTheRealRecord) {
    AiDatabase t;
    Record& r = t.record("real", {{"DESC", "x"}});
    Record* alias = t.db.createAlias(r, "other");
    ASSERT_NE(alias, nullptr);
    std::string out;
    writeRecord(t.db, *alias, 0, out);
    EXPECT_EQ(out,
              "record(ai,\"real\") {\n\tfield(DESC,\"x\")\n\tfield(DTYP,\"Soft Channel\")\n}\n");
}

TEST(RecordWriter, StreamOutputEqualsStringOutputForALargeDatabase) {
    AiDatabase t;
    // Enough records to cross the writer's chunk size several times.
    for (int i = 0; i < 3000; ++i) {
        const std::string name = "rec:" + std::to_string(i);
        Record& r = t.record(name, {{"DESC", "a description of some length"}, {"VAL", "1"}});
        if (i % 7 == 0) {
            ASSERT_NE(t.db.createAlias(r, name + ":alias"), nullptr);
        }
    }
    std::string asString;
    writeRecords(t.db, asString, {"", 1});
    std::ostringstream stream;
    writeRecords(t.db, stream, {"", 1});
    EXPECT_GT(asString.size(), 256u * 1024);
    EXPECT_EQ(stream.str(), asString);
}

} // namespace
} // namespace epicsdb::test
