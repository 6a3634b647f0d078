// The one wording of a syntax error in every reader: what was expected and what was found.
// Also how a bad character is named.
#pragma once

#include <epicsdb/CharClass.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// "syntax error: expected A, B or C, found <found> '<text>'" (the text only when given and
// short enough to be worth quoting).
inline std::string syntaxErrorMessage(const std::vector<std::string>& expected,
                                      std::string_view found, std::string_view text = {}) {
    std::string message = "syntax error: ";
    if (!expected.empty()) {
        message += "expected ";
        for (std::size_t i = 0; i < expected.size(); ++i) {
            if (i > 0) message += i + 1 == expected.size() ? " or " : ", ";
            message += expected[i];
        }
        message += ", ";
    }
    message += "found ";
    message += found;
    if (!text.empty() && text.size() <= 60) {
        message += " '";
        message += text;
        message += "'";
    }
    return message;
}

// A name as messages quote it: "name".
inline std::string quoted(std::string_view text) {
    return "\"" + std::string(text) + "\"";
}

// A character as messages name it: 'c' when printable, 0x1f otherwise.
inline std::string describeChar(char c) {
    if (chars::isPrint(c)) return std::string("'") + c + "'";
    const auto u = static_cast<unsigned char>(c);
    static constexpr char kHex[] = "0123456789abcdef";
    return std::string("0x") + kHex[u >> 4] + kHex[u & 15];
}

} // namespace epicsdb::loaders
