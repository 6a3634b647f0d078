// diffDatabases and its writers on small databases the tests write: what counts as the same
// (canonical values, order, layout, files) and each kind of difference, exactly.
#include "LoadedDatabase.hpp"

#include <epicsdb/diff/DatabaseDiff.hpp>
#include <epicsdb/diff/DiffWriters.hpp>

#include <gtest/gtest.h>

#include <sstream>

using epicsdb::diff::DatabaseDiff;
using epicsdb::diff::diffDatabases;
using epicsdb::diff::RecordChangeKind;
using epicsdb::test::LoadedDatabase;

namespace {

std::string text(const DatabaseDiff& diff) {
    std::ostringstream out;
    epicsdb::diff::writeText(diff, {"a.db", "b.db"}, out);
    return out.str();
}

DatabaseDiff compare(std::string_view before, std::string_view after) {
    LoadedDatabase a;
    a.load(before, "a.db");
    LoadedDatabase b;
    b.load(after, "b.db");
    return diffDatabases(a.db(), b.db());
}

TEST(DatabaseDiff, TheSameValuesWrittenOtherwiseAreTheSame) {
    // Every pair: one value of a field, written two ways that mean the same.
    struct Case {
        const char* type;
        const char* field;
        const char* a;
        const char* b;
    };
    const Case cases[] = {
        {"ai", "HOPR", "1.0", "1"},
        {"ai", "LOPR", "1e3", "1000"},
        {"ai", "PREC", "010", "8"},
        {"ai", "PREC", "0x10", "16"},
        {"ai", "SCAN", "1 second", "6"},
        {"ai", "INP", "x NPP NMS", "x"},
        {"ai", "INP", "x  CP MS", "x CP MS"},
        {"ai", "FLNK", " y ", "y"},
        {"ai", "HIHI", "", "0"},
        {"ai", "DTYP", "Soft Channel", "0"},
        {"calc", "INPA", "1.5", "1.50"},
    };
    for (const Case& c : cases) {
        const std::string before = std::string("record(") + c.type + ", \"r\") { field(" + c.field +
                                   ", \"" + c.a + "\") }\n";
        const std::string after = std::string("record(") + c.type + ", \"r\") { field(" + c.field +
                                  ", \"" + c.b + "\") }\n";
        const DatabaseDiff diff = compare(before, after);
        EXPECT_TRUE(diff.same()) << c.field << ": '" << c.a << "' vs '" << c.b << "'\n"
                                 << text(diff);
    }
}

TEST(DatabaseDiff, JsonLinksAreComparedAsJson) {
    EXPECT_TRUE(compare("record(calc, \"r\") { field(INPA, {const: 1.5}) }\n",
                        "record(calc, \"r\") { field(INPA, {\"const\": 1.5}) }\n")
                    .same());
    EXPECT_TRUE(
        compare("record(calc, \"r\") { field(INPA, {calc: {expr: 'A', args: [\"x\"]}}) }\n",
                "record(calc, \"r\") { field(INPA, {\"calc\":{\"expr\":\"A\",\"args\":[x]}}) }\n")
            .same());
    EXPECT_FALSE(compare("record(calc, \"r\") { field(INPA, {const: 1.5}) }\n",
                         "record(calc, \"r\") { field(INPA, {const: 2.5}) }\n")
                     .same());
    EXPECT_FALSE(compare("record(calc, \"r\") { field(INPA, {const: \"a\"}) }\n",
                         "record(calc, \"r\") { field(INPA, {const: \"b\"}) }\n")
                     .same());
}

TEST(DatabaseDiff, DifferentValuesDiffer) {
    struct Case {
        const char* field;
        const char* a;
        const char* b;
    };
    const Case cases[] = {
        {"HOPR", "1.0", "1.5"}, {"PREC", "1", "2"},       {"SCAN", "1 second", ".1 second"},
        {"INP", "x", "x PP"},   {"INP", "x CP", "x CPP"}, {"DESC", "a", "a "},
        {"INP", "x", "y"},      {"FLNK", "x", ""},
    };
    for (const Case& c : cases) {
        const std::string before =
            std::string("record(ai, \"r\") { field(") + c.field + ", \"" + c.a + "\") }\n";
        const std::string after =
            std::string("record(ai, \"r\") { field(") + c.field + ", \"" + c.b + "\") }\n";
        const DatabaseDiff diff = compare(before, after);
        ASSERT_EQ(diff.records.size(), 1u) << c.field << ": '" << c.a << "' vs '" << c.b << "'";
        ASSERT_EQ(diff.records[0].fields.size(), 1u) << text(diff);
        EXPECT_EQ(diff.records[0].fields[0].field, c.field);
        EXPECT_EQ(diff.records[0].fields[0].before->text, c.a);
        EXPECT_EQ(diff.records[0].fields[0].after->text, c.b);
    }
}

TEST(DatabaseDiff, ADefaultWrittenOutIsNoChange) {
    EXPECT_TRUE(compare("record(ai, \"r\") { field(PREC, \"0\") field(SCAN, \"Passive\") }\n",
                        "record(ai, \"r\") {}\n")
                    .same());
    const DatabaseDiff diff =
        compare("record(ai, \"r\") {}\n", "record(ai, \"r\") { field(PREC, \"3\") }\n");
    ASSERT_EQ(diff.records.size(), 1u);
    ASSERT_EQ(diff.records[0].fields.size(), 1u);
    EXPECT_TRUE(diff.records[0].fields[0].before->isDefault);
    EXPECT_FALSE(diff.records[0].fields[0].after->isDefault);
}

// The two sides may load different definitions: a field set on neither side differs when
// its defaults do, and a value set on one side is compared with the other side's default.
TEST(DatabaseDiff, DefaultsOfDifferentDefinitionsAreCompared) {
    auto definitions = [](const char* initial) {
        return std::string("recordtype(xx) {\n    field(NAME, DBF_STRING) {\n        size(61)\n"
                           "    }\n    field(VAL, DBF_DOUBLE) {\n        initial(\"") +
               initial + "\")\n    }\n}\n";
    };
    const DatabaseDiff diff = compare(
        definitions("1") + "record(xx, \"r\") {}\nrecord(xx, \"s\") { field(VAL, \"2\") }\n",
        definitions("2.0") + "record(xx, \"r\") {}\nrecord(xx, \"s\") {}\n");
    ASSERT_EQ(diff.records.size(), 1u) << text(diff);
    EXPECT_EQ(diff.records[0].name, "r");
    ASSERT_EQ(diff.records[0].fields.size(), 1u) << text(diff);
    EXPECT_EQ(diff.records[0].fields[0].field, "VAL");
    EXPECT_EQ(diff.records[0].fields[0].before->text, "1");
    EXPECT_TRUE(diff.records[0].fields[0].before->isDefault);
    EXPECT_EQ(diff.records[0].fields[0].after->text, "2.0");
}

TEST(DatabaseDiff, OrderLayoutAndFilesMakeNoDifference) {
    LoadedDatabase a;
    a.load("record(ai, \"x:1\") {\n  field(DESC, \"one\")\n  field(EGU, \"K\")\n}\n"
           "record(bo, \"x:2\") { field(ZNAM, \"off\") info(autosave, \"VAL\") }\n"
           "alias(\"x:1\", \"x:one\")\n",
           "a.db");
    LoadedDatabase b;
    b.load("record(bo,\"x:2\"){info(autosave,\"VAL\")\nfield(ZNAM,off)}\n", "b1.db");
    b.load("record(ai, x:1) { alias(\"x:one\") field(EGU, \"K\") field(DESC, \"one\") }\n",
           "b2.db");
    const DatabaseDiff diff = diffDatabases(a.db(), b.db());
    EXPECT_TRUE(diff.same()) << text(diff);
}

TEST(DatabaseDiff, EachKindOfChangeExactly) {
    LoadedDatabase a;
    a.load("record(ai, \"X:TEMP\") {\n  field(EGU, \"degC\")\n  info(autosave, \"VAL\")\n}\n"
           "record(bo, \"X:OLD\") { field(ZNAM, \"off\") }\n"
           "record(ai, \"X:R\") { field(DESC, \"d\") }\n"
           "record(ai, \"X:A\") {}\n"
           "alias(\"X:A\", \"X:gone\")\n",
           "a.db");
    LoadedDatabase b;
    b.load("record(ai, \"X:A\") {}\n"
           "alias(\"X:A\", \"X:new\")\n"
           "record(ao, \"X:R\") { field(DESC, \"d\") }\n"
           "record(ai, \"X:TEMP\") {\n  field(EGU, \"K\")\n  info(archive, \"1\")\n}\n"
           "record(calc, \"X:NEW\") { field(CALC, \"A+1\") }\n",
           "b.db");
    const DatabaseDiff diff = diffDatabases(a.db(), b.db());
    ASSERT_EQ(diff.records.size(), 5u) << text(diff);
    EXPECT_EQ(text(diff), "--- a: a.db\n"
                          "+++ b: b.db\n"
                          "~ record(ai, \"X:A\")  a.db:7  b.db:1\n"
                          "    alias \"X:gone\" removed\n"
                          "    alias \"X:new\" added\n"
                          "+ record(calc, \"X:NEW\")  b.db:8\n"
                          "    CALC: \"A+1\"\n"
                          "- record(bo, \"X:OLD\")  a.db:5\n"
                          "    ZNAM: \"off\"\n"
                          "~ record(ai -> ao, \"X:R\")  a.db:6  b.db:3\n"
                          "~ record(ai, \"X:TEMP\")  a.db:1  b.db:4\n"
                          "    EGU: \"degC\" -> \"K\"\n"
                          "    info(archive): (none) -> \"1\"\n"
                          "    info(autosave): \"VAL\" -> (none)\n");
    const auto counts = diff.counts();
    EXPECT_EQ(counts.added, 1u);
    EXPECT_EQ(counts.removed, 1u);
    EXPECT_EQ(counts.retyped, 1u);
    EXPECT_EQ(counts.changed, 2u);
    EXPECT_EQ(diff.records[2].kind, RecordChangeKind::Removed);
    EXPECT_TRUE(diff.records[3].retyped());
}

TEST(DatabaseDiff, AnAliasMovedToAnotherRecordIsRemovedThereAndAddedHere) {
    const DatabaseDiff diff =
        compare("record(ai, \"p\") {}\nrecord(ai, \"q\") {}\nalias(\"p\", \"al\")\n",
                "record(ai, \"p\") {}\nrecord(ai, \"q\") {}\nalias(\"q\", \"al\")\n");
    ASSERT_EQ(diff.records.size(), 2u) << text(diff);
    EXPECT_EQ(diff.records[0].name, "p");
    ASSERT_EQ(diff.records[0].aliases.size(), 1u);
    EXPECT_FALSE(diff.records[0].aliases[0].added);
    EXPECT_EQ(diff.records[1].name, "q");
    ASSERT_EQ(diff.records[1].aliases.size(), 1u);
    EXPECT_TRUE(diff.records[1].aliases[0].added);
}

TEST(DatabaseDiff, JsonNamesEveryChange) {
    const DatabaseDiff diff = compare("record(ai, \"r\") { field(EGU, \"\\xe9\") }\n",
                                      "record(ai, \"r\") { field(EGU, \"K\") }\n"
                                      "record(bo, \"s\") {}\n");
    std::ostringstream out;
    epicsdb::diff::writeJson(diff, {"a.db", "b.db"}, out);
    const std::string json = out.str();
    EXPECT_NE(json.find("\"same\": false"), std::string::npos) << json;
    EXPECT_NE(json.find("\"change\": \"added\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"change\": \"changed\""), std::string::npos) << json;
    EXPECT_NE(json.find("\"field\": \"EGU\""), std::string::npos) << json;
    // A Latin-1 byte becomes U+FFFD: the document stays UTF-8.
    EXPECT_NE(json.find("\xef\xbf\xbd"), std::string::npos) << json;
}

} // namespace
