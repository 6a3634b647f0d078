// JSON output: the documented schema, field selection and string escaping. The output is
// read back with a JSON parser (nlohmann, order-preserving) and its facts checked; the layout
// itself is pinned by a few literal documents.
#include "TestDatabase.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

namespace epicsdb::test {
namespace {

using Json = nlohmann::ordered_json;

std::string json(const Database& db, JsonWriteOptions options = {}) {
    std::string out;
    writeJson(db, out, options);
    return out;
}

Json parsed(const Database& db, JsonWriteOptions options = {}) {
    return Json::parse(json(db, options));
}

// The keys of an object, in document order.
std::vector<std::string> keysOf(const Json& object) {
    std::vector<std::string> keys;
    for (const auto& [key, value] : object.items())
        keys.push_back(key);
    return keys;
}

TEST(JsonWriter, EmptyDatabase) {
    AiDatabase t;
    EXPECT_EQ(parsed(t.db), Json::parse(R"({"records": []})"));
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

    const Json records = parsed(t.db)["records"];
    ASSERT_EQ(records.size(), 2u);
    const Json& first = records[0];
    EXPECT_EQ(keysOf(first),
              (std::vector<std::string>{"name", "type", "grecord", "fields", "info", "aliases"}));
    EXPECT_EQ(first["name"], "r:1");
    EXPECT_EQ(first["type"], "ai");
    EXPECT_EQ(first["grecord"], false);
    // Non-default fields only, in definition order, as dbGetString reads them.
    EXPECT_EQ(first["fields"], Json::parse(R"({"DESC": "a \"pp\" b", "DTYP": "Soft Channel",
                                               "UDF": "0", "FLNK": "r:2", "VAL": "1500"})"));
    EXPECT_EQ(keysOf(first["fields"]),
              (std::vector<std::string>{"DESC", "DTYP", "UDF", "FLNK", "VAL"}));
    EXPECT_EQ(first["info"], Json::parse(R"({"j": "{a:1}", "k": "v"})"));
    EXPECT_EQ(first["aliases"], Json::parse(R"([{"name": "r:1:alias", "info": {"own": "x"}},
                                                {"name": "r:1:second", "info": {}}])"));
    EXPECT_EQ(records[1]["name"], "r:2");
    EXPECT_EQ(records[1]["grecord"], true);
    EXPECT_EQ(records[1]["fields"], Json::parse(R"({"DTYP": "Soft Channel"})"));
    EXPECT_TRUE(records[1]["info"].empty());
    EXPECT_TRUE(records[1]["aliases"].empty());

    // The layout: two-space indentation, one member a line, empty containers closed at once.
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
    const Json fields = parsed(t.db)["records"][0]["fields"];
    EXPECT_EQ(fields.value("RVAL", ""), "7") << fields;
    EXPECT_FALSE(fields.contains("SCAN")) << fields; // set, but to its default
    EXPECT_FALSE(fields.contains("INP")) << fields;  // link equal to its initial
    EXPECT_FALSE(fields.contains("NAME")) << fields; // the record's "name"
}

TEST(JsonWriter, AllFieldsWithNullForFieldsWithoutStringForm) {
    AiDatabase t;
    t.record("r");
    const Json fields = parsed(t.db, {"", JsonFieldSelection::All})["records"][0]["fields"];
    EXPECT_EQ(fields["NAME"], "r");
    EXPECT_TRUE(fields["MLOK"].is_null());
    EXPECT_EQ(fields["HASH"], "0x0");
    EXPECT_EQ(fields["SDLY"], "-1");
    EXPECT_EQ(fields["SCAN"], "Passive");
    EXPECT_EQ(fields["FLNK"], "");
    // Every field is there, in definition order.
    std::vector<std::string> names;
    for (const FieldDef& field : t.ai->fields())
        names.emplace_back(field.name);
    EXPECT_EQ(keysOf(fields), names);
}

TEST(JsonWriter, EscapesStringsTheJsonWay) {
    // The value, and how the document spells it.
    const std::pair<std::string_view, std::string_view> cases[] = {
        {"q\"b\\s", R"(q\"b\\s)"},       {"t\tn\nr\r", R"(t\tn\nr\r)"}, {"\b\f", R"(\b\f)"},
        {"\x01\x1f", R"(\u0001\u001F)"}, {{"\0z", 2}, R"(\u0000z)"},    {"it's é/", "it's é/"},
    };
    for (const auto& [value, escaped] : cases) {
        AiDatabase t;
        t.record("e", {{"DESC", value}}, {{std::string(value), value}});
        const std::string out = json(t.db);
        const Json record = Json::parse(out)["records"][0];
        EXPECT_EQ(record["info"].value(std::string(value), "?"), value) << out;
        EXPECT_EQ(record["fields"]["DESC"], value) << out;
        const std::string expected =
            "\"" + std::string(escaped) + "\": \"" + std::string(escaped) + "\"";
        EXPECT_NE(out.find(expected), std::string::npos) << expected << " in\n" << out;
    }
}

// What is not UTF-8 is neither refused nor repaired: the bytes are copied as they are.
// JSON is UTF-8: a byte of the file's text that is not part of a well-formed sequence is written
// as U+FFFD, so every JSON reader takes the document.
TEST(JsonWriter, BytesThatAreNotUtf8BecomeReplacementCharacters) {
    const std::string r = "\xEF\xBF\xBD";
    struct Case {
        std::string_view value;
        std::string written;
    };
    for (const Case& c :
         {Case{"\xff\xfe", r + r}, Case{"a\xc3", "a" + r}, Case{"\xe2\x82", r + r},
          Case{"\xc0\xaf!", r + r + "!"}, Case{"\x80", r}, Case{"caf\xc3\xa9", "caf\xc3\xa9"}}) {
        AiDatabase t;
        t.record("bad", {{"DESC", c.value}}, {{"i", c.value}});
        std::string out;
        ASSERT_NO_THROW(writeJson(t.db, out));
        const std::string quoted = "\"" + c.written + "\"";
        EXPECT_NE(out.find("\"DESC\": " + quoted), std::string::npos) << out;
        EXPECT_NE(out.find("\"i\": " + quoted), std::string::npos) << out;
        EXPECT_NO_THROW((void)Json::parse(out)) << out;
        std::ostringstream stream;
        ASSERT_NO_THROW(writeJson(t.db, stream));
        EXPECT_EQ(stream.str(), out);
    }
}

TEST(JsonWriter, SourcePositionsWhenAskedAndKnown) {
    AiDatabase t;
    const std::uint32_t file = t.db.internFile("dir/x.db");
    ASSERT_NE(t.db.createRecord(*t.ai, "placed", false, {file, 12}), nullptr);
    ASSERT_NE(t.db.createRecord(*t.ai, "unplaced", false), nullptr);
    JsonWriteOptions options;
    const Json unplaced = parsed(t.db, options);
    for (const Json& record : unplaced["records"])
        EXPECT_FALSE(record.contains("source")) << record;
    options.sourcePositions = true;
    const Json records = parsed(t.db, options)["records"];
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(keysOf(records[0]), (std::vector<std::string>{"name", "type", "grecord", "source",
                                                            "fields", "info", "aliases"}));
    EXPECT_EQ(records[0]["source"], Json::parse(R"({"file": "dir/x.db", "line": 12})"));
    EXPECT_FALSE(records[1].contains("source")) << "only one record is placed";
    // The source object stays on one line.
    EXPECT_NE(json(t.db, options)
                  .find("\"grecord\": false,\n      \"source\": {\"file\": \"dir/x.db\", "
                        "\"line\": 12},\n"),
              std::string::npos)
        << json(t.db, options);
}

// A caller's members end each record's object, laid out as the rest of the document, and are
// given the real record (dump --provenance).
TEST(JsonWriter, ACallersMembersEndEachRecord) {
    AiDatabase t;
    Record& r = t.record("r:1");
    ASSERT_NE(t.db.createAlias(r, "r:1:alias"), nullptr);
    t.record("r:2");
    JsonWriteOptions options;
    std::vector<std::string> given;
    options.recordMembers = [&](const Record& record, JsonValueWriter& out) {
        given.emplace_back(record.name());
        out.key("extra");
        out.startObject();
        out.member("name", record.name());
        out.key("lines");
        out.startArray();
        out.number(7);
        out.boolean(true);
        out.null();
        out.endArray();
        out.endObject();
    };
    const std::string text = json(t.db, options);
    EXPECT_EQ(given, (std::vector<std::string>{"r:1", "r:2"}));
    const Json records = Json::parse(text)["records"];
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(keysOf(records[0]), (std::vector<std::string>{"name", "type", "grecord", "fields",
                                                            "info", "aliases", "extra"}));
    EXPECT_EQ(records[1]["extra"], Json::parse(R"({"name": "r:2", "lines": [7, true, null]})"));
    EXPECT_NE(text.find("      \"extra\": {\n        \"name\": \"r:1\",\n"), std::string::npos)
        << text;
}

TEST(JsonWriter, RecordTypeSelection) {
    AiDatabase t;
    const std::vector<FieldDef> xFields = {Field("NAME", DbfType::String).size(61)};
    RecordType* x = t.db.addRecordType("x", xFields).item;
    ASSERT_NE(t.db.createRecord(*x, "x1", false), nullptr);
    t.record("a1");
    JsonWriteOptions options;
    options.recordType = "x";
    const Json onlyX = parsed(t.db, options)["records"];
    ASSERT_EQ(onlyX.size(), 1u);
    EXPECT_EQ(onlyX[0]["name"], "x1");
    options.recordType = "*";
    EXPECT_EQ(parsed(t.db, options)["records"].size(), 2u);
    options.recordType = "nosuch";
    EXPECT_THROW(json(t.db, options), RecordTypeNotFound);
}

// A stream gets the same document, in chunks while it is written: a large dump is never held
// in memory whole.
TEST(JsonWriter, StreamOutputComesInChunks) {
    class CountingBuffer : public std::stringbuf {
    public:
        std::size_t writes = 0;

    protected:
        std::streamsize xsputn(const char* text, std::streamsize count) override {
            ++writes;
            return std::stringbuf::xsputn(text, count);
        }
    };
    AiDatabase t;
    constexpr int kRecords = 2000;
    for (int i = 0; i < kRecords; ++i)
        t.record("r:" + std::to_string(i), {{"DESC", "record number " + std::to_string(i)}},
                 {{"i", "v"}});
    CountingBuffer buffer;
    std::ostream stream(&buffer);
    writeJson(t.db, stream);
    const std::string streamed = buffer.str();
    EXPECT_EQ(streamed, json(t.db));
    EXPECT_GT(buffer.writes, 3u) << streamed.size() << " bytes in one piece";
    const Json records = Json::parse(streamed)["records"];
    ASSERT_EQ(records.size(), static_cast<std::size_t>(kRecords));
    EXPECT_EQ(records[kRecords - 1]["name"], "r:" + std::to_string(kRecords - 1));
    EXPECT_EQ(records[kRecords - 1]["fields"]["DESC"], "record number 1999");
}

} // namespace
} // namespace epicsdb::test
