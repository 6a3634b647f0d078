// '*' (any run of characters) and '?' (any one) pattern matching, as epicsStrGlobMatch does it:
// for epicsEnvShow and var patterns, and for the external names of lint.
#pragma once

#include <string_view>

namespace epicsdb::support {

[[nodiscard]] inline bool globMatch(std::string_view text, std::string_view pattern) noexcept {
    std::size_t t = 0, p = 0, star = std::string_view::npos, resume = 0;
    while (t < text.size()) {
        if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
            ++t;
            ++p;
        } else if (p < pattern.size() && pattern[p] == '*') {
            star = p++;
            resume = t;
        } else if (star != std::string_view::npos) {
            p = star + 1; // let the last '*' take one more character
            t = ++resume;
        } else {
            return false;
        }
    }
    while (p < pattern.size() && pattern[p] == '*')
        ++p;
    return p == pattern.size();
}

} // namespace epicsdb::support
