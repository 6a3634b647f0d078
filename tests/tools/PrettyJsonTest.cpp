// The JSON that `epicsdb ioc --format json` writes (tools/cli/PrettyJson): laid out byte for byte
// as nlohmann-json's dump(2) (which wrote it before), strings spelt as every JSON document of
// the project spells them (tests/support/JsonStringCases.hpp).
#include "PrettyJson.hpp"

#include "JsonStringCases.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace {

using epicsdb::cli::jsonString;
using epicsdb::cli::PrettyJson;
using Ordered = nlohmann::ordered_json;

std::string shown(const std::string& bytes) {
    std::string out;
    for (const unsigned char c : bytes) {
        char hex[5];
        std::snprintf(hex, sizeof hex, "\\x%02x", c);
        out += hex;
    }
    return out;
}

TEST(PrettyJson, StringsAreSpeltAsEveryJsonDocumentOfTheProject) {
    for (const epicsdb::test::JsonStringCase& c : epicsdb::test::jsonStringCases())
        EXPECT_EQ(jsonString(c.text), "\"" + c.json + "\"") << shown(c.text);
}

TEST(PrettyJson, LaidOutAsNlohmannJsonsDumpWithTwoSpaces) {
    const std::string diagnostic =
        R"({"severity":"error","location":{"file":"a.db","line":2,"column":17},)"
        R"("notes":["did you mean \"1 second\"?","tab\tand \u0001"],"fix":null,"scale":-1.5,)"
        R"("empty":{},"none":[]})";
    std::ostringstream out;
    {
        PrettyJson json(out);
        json.startObject();
        json.member("script", "st.cmd");
        json.key("records");
        json.startArray();
        json.endArray();
        json.key("environment");
        json.startObject();
        json.member("caf\xE9", "d\xE9j\xE0");
        json.endObject();
        json.key("loads");
        json.startArray();
        json.startObject();
        json.key("ok");
        json.boolean(true);
        json.key("records");
        json.number(12345678901234);
        json.key("none");
        json.null();
        json.endObject();
        json.endArray();
        json.key("diagnostics");
        json.startArray();
        json.embed(diagnostic);
        json.embed("3");
        json.endArray();
        json.endObject();
    }
    Ordered expected;
    expected["script"] = "st.cmd";
    expected["records"] = Ordered::array();
    expected["environment"] = Ordered::object();
    expected["environment"]["caf\xE9"] = "d\xE9j\xE0";
    expected["loads"] =
        Ordered::array({Ordered{{"ok", true}, {"records", 12345678901234u}, {"none", nullptr}}});
    expected["diagnostics"] = Ordered::array({Ordered::parse(diagnostic), 3});
    EXPECT_EQ(out.str(), expected.dump(2, ' ', false, nlohmann::json::error_handler_t::replace));
}

TEST(PrettyJson, EmbeddingWhatIsNotJsonIsAnError) {
    std::ostringstream out;
    PrettyJson json(out);
    json.startArray();
    EXPECT_THROW(json.embed("{\"a\":"), std::invalid_argument);
}

} // namespace
