// Texts of a database and how every JSON document of the library spells them as a string
// (support::writeJsonString: dbStatic's records, diff, graph): the escapes rapidjson writes,
// and U+FFFD for each byte that is not part of a well-formed UTF-8 sequence. One table, so
// that each writer's tests hold it to the same spelling.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::test {

struct JsonStringCase {
    std::string text;
    std::string json; // between the quotes
};

inline std::vector<JsonStringCase> jsonStringCases() {
    using namespace std::string_literals;
    const std::string fffd = "\xEF\xBF\xBD";
    std::string controls;
    for (int c = 0; c < 0x20; ++c)
        controls += static_cast<char>(c);
    return {
        {"every " + controls + " control",
         R"(every \u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\b\t\n\u000B\f\r\u000E\u000F)"
         R"(\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001A\u001B\u001C)"
         R"(\u001D\u001E\u001F control)"},
        {R"(quote " backslash \ slash / del)"s + "\x7F",
         R"(quote \" backslash \\ slash / del)"s + "\x7F"},
        {"utf-8 \xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E",
         "utf-8 \xC3\xA9 \xE2\x82\xAC \xF0\x9D\x84\x9E"},
        {"latin-1 caf\xE9", "latin-1 caf" + fffd},
        {"stray \x80 and \xFF", "stray " + fffd + " and " + fffd},
        {"cut \xE2\x82", "cut " + fffd + fffd},
        {"overlong \xC0\xAF", "overlong " + fffd + fffd},
        {"surrogate \xED\xA0\x80", "surrogate " + fffd + fffd + fffd},
        {"past U+10FFFF \xF4\x90\x80\x80", "past U+10FFFF " + fffd + fffd + fffd + fffd},
    };
}

} // namespace epicsdb::test
