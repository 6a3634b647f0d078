// JSON links at load time (EPICS-BEHAVIOUR 4.3 item 2): EPICS's yajl syntax with JSON5 and
// comments, and the outer object naming one declared link type.
#include <epicsdb/dbStatic/Values.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace epicsdb::dbstatic;

namespace {

bool knownJsonLinkType(std::string_view name) {
    return name == "x" || name == "z" || name == "calc" || name == "const";
}

// parseLink's verdict on a JSON text: "" when accepted, else the message.
std::string verdict(const std::string& text,
                    const std::function<bool(std::string_view)>& types = knownJsonLinkType) {
    ParsedLink link;
    std::string message;
    if (!parseLink(text, DbfType::InLink, types, link, &message))
        return message.empty() ? "(refused without a message)" : message;
    if (link.type != LinkType::JsonLink) return "(not classified as JSON)";
    if (link.text != text) return "(text changed)";
    return "";
}

std::string nested(std::size_t depth, std::string_view open, std::string_view close) {
    std::string text = "{x:";
    for (std::size_t i = 0; i < depth; ++i)
        text += open;
    text += "1";
    for (std::size_t i = 0; i < depth; ++i)
        text += close;
    return text + "}";
}

} // namespace

TEST(JsonLink, AcceptsEpicsJson5) {
    const std::vector<std::string> table{
        "{\"x\":true}",
        "{'x':true}",
        "{x:true}",
        "{z:{good:1}}",
        "{\"z\":{'good':2}}",
        "{}",
        "{ }",
        "{/* nothing */}",
        "{x:1,}", // trailing commas
        "{x:[1,2,]}",
        "{x:{a:1,}}",
        "{x:[]}",
        "{x:{}}",
        "{x:null}",
        "{calc:{expr:\"A*B\", args:[{pva:\"record\"}, 1.5], prec:3}}",
        "{const:[1, 2.5, \"three\", 'four']}",
        "{x:{a:.5, b:5., c:+1, d:-0x1F, e:Infinity, f:-Infinity, g:NaN, h:+Infinity, i:1e5,"
        " j:5.e-3, k:false, l:0X0, m:-0}}",
        "{x:{$a_1:1, _b:2, C$9:3}}",
        "{x : { \"a\" : [ 1 , 2 ] } }",
        "{\tx\n:\r1\f}",
        "{x:\v1}",
        "{x:/* c */1}",
        "{x:1 // to the end of the line\n}",
        "{x:\"say \\\"hi\\\"\"}",
        "{x:'it\\'s'}",
        "{x:\"mixed 'quotes'\"}",
        "{x:'mixed \"quotes\"'}",
        "{x:\"\\u0041\\x41\\0\\q\\/\\b\"}",
        "{x:\"line \\\ncontinued\"}",
        "{x:\"line \\\r\ncontinued\"}",
        "{x:\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"}", // UTF-8, 2 to 4 bytes
        "{x:\"\x7f\"}",
        "{x:9223372036854775807}",
        "{x:-9223372036854775807}",
        "{x:0x7fffffffffffffff}",
        "{x:1e308}",
        "{x:1e-400}",    // underflow is no error for yajl
        "{\"\\x78\":1}", // the key decodes to x
        "{\"\\u0078\":1}",
        "{x:1} // a comment left open after the value }",
        "{x:1} /* a comment left open after the value }",
        "{x:1} \"a string left open after the value }",
    };
    for (const std::string& text : table)
        EXPECT_EQ(verdict(text), "") << text;
}

TEST(JsonLink, RefusesWhatEpicsRefuses) {
    const std::vector<std::pair<std::string, std::string>> table{
        // dbPutLinkTest
        {"{\"x\":bbbb}", "dbJLinkInit: lexical error: invalid char in json text."},
        {"{\"z\":{\"good\":6}", "dbJLinkInit: parse error: premature EOF"},
        // the outer object names one declared link type
        {"{foo:1}", "dbJLinkInit: Link type 'foo' not found"},
        {"{\"+x\":1}", "dbJLinkInit: Link type '+x' not found"},
        {"{\"x\\u0041\":1}", "dbJLinkInit: Link type 'xA' not found"},
        {"{foo}", "dbJLinkInit: Link type 'foo' not found"}, // checked as soon as it is read
        {"{x:1, z:2}", "dbJLinkInit: Illegal second link key 'z'"},
        {"{x:1, x:2}", "dbJLinkInit: Illegal second link key 'x'"},
        // structure
        {"{x 1}", "dbJLinkInit: parse error: object key and value must be separated by a colon "
                  "(':')"},
        {"{x:}", "dbJLinkInit: parse error: unallowed token at this point in JSON text"},
        {"{x:[,]}", "dbJLinkInit: parse error: unallowed token at this point in JSON text"},
        {"{x:[1 2]}", "dbJLinkInit: parse error: after array element, I expect ',' or ']'"},
        {"{x:[1}", "dbJLinkInit: parse error: after array element, I expect ',' or ']'"},
        {"{x:01}", "dbJLinkInit: parse error: after key and value, inside map, I expect ',' or "
                   "'}'"},
        {"{x:0x1.5}", "dbJLinkInit: parse error: after key and value, inside map, I expect ',' "
                      "or '}'"},
        {"{x:1]}", "dbJLinkInit: parse error: after key and value, inside map, I expect ',' or "
                   "'}'"},
        {"{x:1}}", "dbJLinkInit: parse error: trailing garbage"},
        {"{x:1}{}", "dbJLinkInit: parse error: trailing garbage"},
        {"{x:1} /}", "dbJLinkInit: parse error: trailing garbage"},
        {"{x:1} \"\\u12}", "dbJLinkInit: parse error: trailing garbage"},
        {"{x:/* }", "dbJLinkInit: parse error: premature EOF"},
        {"{x:'}", "dbJLinkInit: parse error: premature EOF"},
        {"{x:1 // }", "dbJLinkInit: parse error: premature EOF"},
        // keys
        {"{,}", "dbJLinkInit: lexical error: invalid char in json text."},
        {"{x:1,,}", "dbJLinkInit: lexical error: invalid char in json text."},
        {"{1:2}", "dbJLinkInit: lexical error: invalid char in json text."},
        {"{{}}", "dbJLinkInit: lexical error: invalid char in json text."},
        {"{/}", "dbJLinkInit: lexical error: invalid char in json text."},
        {"{x:{a-b:1}}", "dbJLinkInit: lexical error: malformed number, a digit is required after "
                        "the plus/minus sign."},
        // values
        {"{x:abc}", "dbJLinkInit: lexical error: invalid char in json text."},
        {"{x:@}", "dbJLinkInit: lexical error: invalid char in json text."},
        {"{x:tru}", "dbJLinkInit: lexical error: invalid string in json text."},
        {"{x:nul}", "dbJLinkInit: lexical error: invalid string in json text."},
        {"{x:Nan}", "dbJLinkInit: lexical error: invalid string in json text."},
        {"{x:Infinite}", "dbJLinkInit: lexical error: invalid string in json text."},
        {"{x:-Inf}", "dbJLinkInit: lexical error: invalid string in json text."},
        {"{x:-NaN}", "dbJLinkInit: lexical error: malformed number, a digit is required after "
                     "the plus/minus sign."},
        {"{x:+}", "dbJLinkInit: lexical error: malformed number, a digit is required after the "
                  "plus/minus sign."},
        {"{x:.}", "dbJLinkInit: lexical error: malformed number, a digit is required after the "
                  "decimal point."},
        {"{x:1e}", "dbJLinkInit: lexical error: malformed number, a digit is required after the "
                   "exponent."},
        {"{x:1e+}", "dbJLinkInit: lexical error: malformed number, a digit is required after the "
                    "exponent."},
        {"{x:0x}", "dbJLinkInit: lexical error: malformed number, a hex digit is required after "
                   "the 0x/0X."},
        {"{x:\"\\1\"}", "dbJLinkInit: lexical error: inside a string, '\\' occurs before a "
                        "character which it may not."},
        {"{x:\"\\xZZ\"}", "dbJLinkInit: lexical error: invalid (non-hex) character occurs after "
                          "'\\x' inside string."},
        {"{x:\"\\u12G4\"}", "dbJLinkInit: lexical error: invalid (non-hex) character occurs after "
                            "'\\u' inside string."},
        {"{x:\"a\tb\"}", "dbJLinkInit: lexical error: invalid character inside string."},
        {"{x:\"a\nb\"}", "dbJLinkInit: lexical error: invalid character inside string."},
        {"{x:\"\xff\"}", "dbJLinkInit: lexical error: invalid bytes in UTF8 string."},
        {"{x:\"\xc3(\"}", "dbJLinkInit: lexical error: invalid bytes in UTF8 string."},
        {"{x:\"\x80\"}", "dbJLinkInit: lexical error: invalid bytes in UTF8 string."},
        {"{x:9223372036854775808}", "dbJLinkInit: parse error: integer overflow"},
        {"{x:-9223372036854775808}", "dbJLinkInit: parse error: integer overflow"},
        {"{x:0x8000000000000000}", "dbJLinkInit: parse error: integer overflow"},
        {"{x:1e309}", "dbJLinkInit: parse error: numeric (floating point) overflow"},
        {"{x:-1e309}", "dbJLinkInit: parse error: numeric (floating point) overflow"},
    };
    for (const auto& [text, message] : table)
        EXPECT_EQ(verdict(text), message) << text;
}

TEST(JsonLink, WithoutDeclaredLinkTypesOnlyTheEmptyObjectPasses) {
    EXPECT_EQ(verdict("{}", {}), "");
    EXPECT_EQ(verdict("{x:1}", {}), "dbJLinkInit: Link type 'x' not found");
}

TEST(JsonLink, NestingIsBoundedWithoutRecursion) {
    // The outer object is one level, so 1023 more fit and 1024 more do not.
    EXPECT_EQ(verdict(nested(1023, "[", "]")), "");
    EXPECT_EQ(verdict(nested(1023, "{a:", "}")), "");
    EXPECT_EQ(verdict(nested(1024, "[", "]")), "dbJLinkInit: JSON nesting deeper than 1024 levels");
    for (std::size_t depth : {100000u, 1000000u}) {
        EXPECT_EQ(verdict(nested(depth, "{a:", "}")),
                  "dbJLinkInit: JSON nesting deeper than 1024 levels");
        EXPECT_EQ(verdict(nested(depth, "[", "]")),
                  "dbJLinkInit: JSON nesting deeper than 1024 levels");
        EXPECT_EQ(verdict(std::string(depth, '{') + std::string(depth, '}')),
                  "dbJLinkInit: lexical error: invalid char in json text.");
    }
}

TEST(JsonLink, TheStoredTextIsTheStrippedValueAsWritten) {
    ParsedLink link;
    ASSERT_TRUE(parseLink(" \t{\"z\" : {'good':2}}\n", DbfType::OutLink, knownJsonLinkType, link));
    EXPECT_EQ(link.type, LinkType::JsonLink);
    EXPECT_EQ(link.text, "{\"z\" : {'good':2}}");
}
