// Field and info value escapes: the loader's unquoting with epicsStrnRawFromEscaped
// (EPICS-BEHAVIOUR 3.2) and dbWriteRecord's epicsStrPrintEscaped (EPICS-BEHAVIOUR 4.6).
#include <epicsdb/dbStatic/Values.hpp>

#include "EscapePvt.hpp"

#include <epicsdb/CharClass.hpp>

#include <cstring>

namespace epicsdb::dbstatic {

namespace {

// Translates C escapes into `out`. EPICS works on C strings, so a NUL, whether in the input
// or produced by \0 or \x00, ends the value.
void appendUnescaped(std::string_view text, std::string& out) {
    const std::size_t size = text.size();
    std::size_t i = 0;
    while (i < size) {
        // Copy the run up to the next backslash or NUL in one go.
        std::size_t run = i;
        while (run < size && text[run] != '\\' && text[run] != '\0')
            ++run;
        out.append(text.data() + i, run - i);
        if (run == size || text[run] == '\0') return;
        i = run + 1;
        if (i == size || text[i] == '\0') return; // a trailing backslash is dropped
        const char c = text[i++];
        if (const char control = controlEscape(c)) {
            out.push_back(control);
            continue;
        }
        switch (c) {
        case '0':
            return;
        case 'x': {
            // One or two hex digits; "\x" without one produces nothing and the character
            // after it is read as ordinary input.
            unsigned value = 0;
            int count = 0;
            while (count < 2 && i < size && chars::isXDigit(text[i])) {
                value = value << 4 | chars::hexValue(text[i++]);
                ++count;
            }
            if (count == 0) break;
            if (value == 0) return;
            out.push_back(static_cast<char>(value));
            break;
        }
        default:
            // \\, \', \" and every other character stand for themselves: "\u0041" is "u0041".
            out.push_back(c);
            break;
        }
    }
}

} // namespace

void unescapeValue(std::string_view value, std::string& out) {
    const bool quoted = value.size() >= 2 && (value.front() == '"' || value.front() == '\'') &&
                        value.back() == value.front();
    if (!quoted) {
        // Bare words, numbers and JSON objects or arrays are taken as they are.
        out.append(value);
        return;
    }
    appendUnescaped(value.substr(1, value.size() - 2), out);
}

void appendEscaped(std::string_view value, std::string& out) {
    static constexpr char hex[] = "0123456789abcdef";
    std::size_t plain = 0; // start of the run of characters that need no escape
    for (std::size_t i = 0; i < value.size(); ++i) {
        const char c = value[i];
        char escape;
        switch (c) {
        case '\a':
            escape = 'a';
            break;
        case '\b':
            escape = 'b';
            break;
        case '\f':
            escape = 'f';
            break;
        case '\n':
            escape = 'n';
            break;
        case '\r':
            escape = 'r';
            break;
        case '\t':
            escape = 't';
            break;
        case '\v':
            escape = 'v';
            break;
        case '\\':
        case '\'':
        case '"':
            escape = c;
            break;
        default:
            if (chars::isPrint(c)) continue;
            escape = 'x';
            break;
        }
        out.append(value.data() + plain, i - plain);
        out.push_back('\\');
        out.push_back(escape);
        if (escape == 'x') {
            const auto u = static_cast<unsigned char>(c);
            out.push_back(hex[u >> 4]);
            out.push_back(hex[u & 0xf]);
        }
        plain = i + 1;
    }
    out.append(value.data() + plain, value.size() - plain);
}

} // namespace epicsdb::dbstatic
