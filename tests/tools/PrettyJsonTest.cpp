// The JSON that `epicsdb ioc --format json` writes (tools/cli/PrettyJson): laid out and escaped
// byte for byte as nlohmann-json's dump(2) with invalid UTF-8 replaced, which it was before.
#include "PrettyJson.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace {

using epicsdb::cli::jsonString;
using epicsdb::cli::PrettyJson;
using Ordered = nlohmann::ordered_json;

std::string nlohmannString(const std::string& bytes) {
    return Ordered(bytes).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string shown(const std::string& bytes) {
    std::string out;
    for (const unsigned char c : bytes) {
        char hex[5];
        std::snprintf(hex, sizeof hex, "\\x%02x", c);
        out += hex;
    }
    return out;
}

TEST(PrettyJson, StringsAreEscapedAsNlohmannJsonEscapedThem) {
    // Every byte alone, then after each lead byte every second byte (truncated, overlong,
    // surrogate and out-of-range sequences), then longer sequences cut or spoilt at each place.
    std::vector<std::string> cases;
    for (int a = 0; a < 256; ++a) {
        cases.push_back(std::string(1, static_cast<char>(a)) + "x");
        if (a >= 0xC0)
            for (int b = 0; b < 256; ++b)
                cases.push_back({static_cast<char>(a), static_cast<char>(b), 'y'});
    }
    for (const char* text : {"\xE2\x82\xAC", "\xF0\x9F\x98\x80", "\xF4\x8F\xBF\xBF"}) {
        const std::string whole(text);
        for (std::size_t cut = 1; cut < whole.size(); ++cut) {
            cases.push_back(whole.substr(0, cut));
            cases.push_back(whole.substr(0, cut) + "z");
            cases.push_back(whole.substr(0, cut) + whole);
            cases.push_back(whole.substr(0, cut) + "\x80\x80");
        }
    }
    cases.push_back(std::string("nul \0 and \x7f \x1f \"q\" \\ \t\n\r\b\f /", 26));
    for (const std::string& bytes : cases)
        ASSERT_EQ(jsonString(bytes), nlohmannString(bytes)) << shown(bytes);
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
