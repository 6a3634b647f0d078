// An integer's digits appended to a string (std::to_chars: no locale, no allocation beyond the
// string's own), for the value formatters.
#pragma once

#include <charconv>
#include <string>

namespace epicsdb::dbstatic {

template <class Integer>
void appendInteger(Integer value, std::string& out, int base = 10) {
    char buffer[72]; // 64 binary digits and a sign fit
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, base);
    out.append(buffer, result.ptr);
}

} // namespace epicsdb::dbstatic
