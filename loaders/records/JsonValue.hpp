// A field or info value as the grammar hands it over (EPICS-BEHAVIOUR 3.2): a view of its text,
// which is the input itself for scalars and, for objects and arrays, text the reader rebuilt
// without whitespace and keeps until the statement ends. Trivially copyable: parser stack moves
// stay cheap on the hot path.
#pragma once

#include <string>
#include <string_view>

namespace epicsdb::loaders {

enum class JsonKind : unsigned char { String, Number, Bare, Literal, Composite };

struct JsonValue {
    std::string_view text;
    JsonKind kind = JsonKind::Literal;

    // Inside objects and arrays a bare word becomes a double-quoted string.
    void appendNested(std::string& out) const {
        if (kind == JsonKind::Bare) {
            out += '"';
            out += text;
            out += '"';
        } else {
            out += text;
        }
    }
    // A bare object key stays bare unless it holds '+', '-' or '.'.
    static void appendBareKey(std::string_view key, std::string& out) {
        const bool quote = key.find_first_of("+-.") != std::string_view::npos;
        if (quote) out += '"';
        out += key;
        if (quote) out += '"';
    }
};

} // namespace epicsdb::loaders
