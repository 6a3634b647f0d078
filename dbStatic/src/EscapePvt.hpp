// The one-letter escapes of C strings, shared by the value unescaping (epicsStrnRawFromEscaped)
// and the JSON link string decoding (yajl's JSON5, which knows all of them but \a).
#pragma once

#include <string_view>

namespace epicsdb::dbstatic {

// The control character that `\letter` stands for (\a \b \f \n \r \t \v), or '\0' when the
// letter is none of those.
constexpr char controlEscape(char letter) noexcept {
    constexpr std::string_view letters = "abfnrtv";
    constexpr std::string_view controls = "\a\b\f\n\r\t\v";
    const std::size_t at = letters.find(letter);
    return at == std::string_view::npos ? '\0' : controls[at];
}

} // namespace epicsdb::dbstatic
