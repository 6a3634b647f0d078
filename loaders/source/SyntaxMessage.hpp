// The one wording of a syntax error in every reader: what was expected and what was found.
#pragma once

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

} // namespace epicsdb::loaders
