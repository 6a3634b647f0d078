// JSON output: the documented schema, field selection and string escaping.
#include "TestDatabase.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace epicsdb::test {
namespace {

std::string json(const Database& db, JsonWriteOptions options = {}) {
    std::string out;
    writeJson(db, out, options);
    return out;
}

TEST(JsonWriter, EmptyDatabase) {
    AiDatabase t;
    EXPECT_EQ(json(t.db), "{\n  \"records\": []\n}\n");
}

TEST(JsonWriter, RecordsWithNonDefaultFieldsInfosAndAliases) {
    AiDatabase t;
    Record& r = t.record("r:1", {{"DESC", "a \"pp\" b"}, {"VAL", "1500"}, {"FLNK", "r:2"}},
                         {{"j", "{a:1}"}, {"k", "v"}});
    Record* alias = t.db.createAlias(r, "r:1:alias");
    ASSERT_NE(alias, nullptr);
    t.db.putInfo(*alias, "own", "x");
    ASSERT_NE(t.db.createAlias(r, "r:1:second"), nullptr);
    t.record("r:2", {}, {}, true);
    EXPECT_EQ(json(t.db), R"({
  "records": [
    {
      "name": "r:1",
      "type": "ai",
      "grecord": false,
      "fields": {
        "DESC": "a \"pp\" b",
        "DTYP": "Soft Channel",
        "UDF": "0",
        "FLNK": "r:2",
        "VAL": "1500"
      },
      "info": {
        "j": "{a:1}",
        "k": "v"
      },
      "aliases": [
        {
          "name": "r:1:alias",
          "info": {
            "own": "x"
          }
        },
        {
          "name": "r:1:second",
          "info": {}
        }
      ]
    },
    {
      "name": "r:2",
      "type": "ai",
      "grecord": true,
      "fields": {
        "DTYP": "Soft Channel"
      },
      "info": {},
      "aliases": []
    }
  ]
}
)");
}

TEST(JsonWriter, NonDefaultSelectionIncludesFieldsOutsideTheDctSet) {
    AiDatabase t;
    t.record("r", {{"RVAL", "7"}, {"SCAN", "Passive"}, {"INP", ""}});
    const std::string out = json(t.db);
    EXPECT_NE(out.find("\"RVAL\": \"7\""), std::string::npos) << out;
    EXPECT_EQ(out.find("\"SCAN\""), std::string::npos) << out; // set, but to its default
    EXPECT_EQ(out.find("\"INP\""), std::string::npos) << out;  // link equal to its initial
    EXPECT_EQ(out.find("\"NAME\""), std::string::npos) << out;
}

TEST(JsonWriter, AllFieldsWithNullForFieldsWithoutStringForm) {
    AiDatabase t;
    t.record("r");
    const std::string out = json(t.db, {"", JsonFieldSelection::All});
    for (std::string_view piece : {"\"NAME\": \"r\"", "\"MLOK\": null", "\"HASH\": \"0x0\"",
                                   "\"SDLY\": \"-1\"", "\"SCAN\": \"Passive\"", "\"FLNK\": \"\""})
        EXPECT_NE(out.find(piece), std::string::npos) << piece << " in\n" << out;
    // Every field is there, in definition order.
    std::size_t at = 0;
    for (const FieldDef& field : t.ai->fields()) {
        const std::size_t next = out.find("\"" + std::string(field.name) + "\": ", at);
        ASSERT_NE(next, std::string::npos) << field.name;
        at = next;
    }
}

TEST(JsonWriter, EscapesStringsTheJsonWay) {
    const std::pair<std::string_view, std::string_view> cases[] = {
        {"q\"b\\s", R"(q\"b\\s)"},       {"t\tn\nr\r", R"(t\tn\nr\r)"}, {"\b\f", R"(\b\f)"},
        {"\x01\x1f", R"(\u0001\u001f)"}, {"it's é", "it's é"},
    };
    for (const auto& [value, escaped] : cases) {
        AiDatabase t;
        t.record("e", {}, {{"i", value}});
        const std::string expected = "\"i\": \"" + std::string(escaped) + "\"";
        EXPECT_NE(json(t.db).find(expected), std::string::npos)
            << ::testing::PrintToString(value) << " in\n"
            << json(t.db);
    }
}

TEST(JsonWriter, SourcePositionsWhenAskedAndKnown) {
    AiDatabase t;
    const std::uint32_t file = t.db.internFile("dir/x.db");
    ASSERT_NE(t.db.createRecord(*t.ai, "placed", false, {file, 12}), nullptr);
    ASSERT_NE(t.db.createRecord(*t.ai, "unplaced", false), nullptr);
    JsonWriteOptions options;
    EXPECT_EQ(json(t.db, options).find("\"source\""), std::string::npos);
    options.sourcePositions = true;
    const std::string out = json(t.db, options);
    EXPECT_NE(out.find("\"grecord\": false,\n      \"source\": {\"file\": \"dir/x.db\", "
                       "\"line\": 12},\n"),
              std::string::npos)
        << out;
    EXPECT_EQ(out.find("\"source\""), out.rfind("\"source\"")) << "only one record is placed";
}

TEST(JsonWriter, RecordTypeSelectionAndStreamOutput) {
    AiDatabase t;
    const std::vector<FieldDef> xFields = {Field("NAME", DbfType::String).size(61)};
    RecordType* x = t.db.addRecordType("x", xFields).item;
    ASSERT_NE(t.db.createRecord(*x, "x1", false), nullptr);
    t.record("a1");
    JsonWriteOptions options;
    options.recordType = "x";
    const std::string onlyX = json(t.db, options);
    EXPECT_NE(onlyX.find("\"x1\""), std::string::npos);
    EXPECT_EQ(onlyX.find("\"a1\""), std::string::npos);
    options.recordType = "nosuch";
    EXPECT_THROW(json(t.db, options), RecordTypeNotFound);

    std::ostringstream stream;
    writeJson(t.db, stream);
    EXPECT_EQ(stream.str(), json(t.db));
}

} // namespace
} // namespace epicsdb::test
