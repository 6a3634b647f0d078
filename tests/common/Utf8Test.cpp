// support::isValidUtf8 and withValidUtf8, which keep JSON output valid whatever bytes a
// database file holds: RFC 3629's rules, one U+FFFD per byte that is not part of a sequence.
#include <epicsdb/support/Utf8.hpp>

#include <gtest/gtest.h>

#include <string>

using epicsdb::support::isValidUtf8;
using epicsdb::support::withValidUtf8;

namespace {
const std::string kReplacement = "\xEF\xBF\xBD";
}

TEST(Utf8, WellFormedTextIsValidAndKept) {
    for (const std::string text :
         {std::string(), std::string("plain ASCII"), std::string("caf\xC3\xA9"),
          std::string("\xE2\x82\xAC 5"), std::string("\xF0\x9F\x98\x80"),
          std::string("\xF4\x8F\xBF\xBF"), std::string("nul\0inside", 10)}) {
        EXPECT_TRUE(isValidUtf8(text)) << text;
        EXPECT_EQ(withValidUtf8(text), text);
    }
}

TEST(Utf8, IllFormedBytesAreEachReplaced) {
    struct Case {
        std::string text;
        std::string valid;
    };
    for (const Case& c : {
             Case{"caf\xE9", "caf" + kReplacement},                            // Latin-1
             Case{"\xFF\xFE", kReplacement + kReplacement},                    // never in UTF-8
             Case{"\xC3", kReplacement},                                       // cut short
             Case{"\xC3(", kReplacement + "("},                                // bad continuation
             Case{"\xC0\x80", kReplacement + kReplacement},                    // overlong NUL
             Case{"\xE0\x80\xAF", kReplacement + kReplacement + kReplacement}, // overlong '/'
             Case{"\xED\xA0\x80", kReplacement + kReplacement + kReplacement}, // a surrogate
             Case{"\xF4\x90\x80\x80",
                  kReplacement + kReplacement + kReplacement + kReplacement}, // past U+10FFFF
             Case{"\x80ok", kReplacement + "ok"},                             // lone continuation
         }) {
        EXPECT_FALSE(isValidUtf8(c.text));
        EXPECT_EQ(withValidUtf8(c.text), c.valid);
        EXPECT_TRUE(isValidUtf8(withValidUtf8(c.text)));
    }
}
