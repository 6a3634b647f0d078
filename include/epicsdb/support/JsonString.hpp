// How the library's streaming JSON writers (dbStatic's records, diff, graph) write a string:
// the bytes made well-formed UTF-8 first (writeValidUtf8: a byte that is not part of a well-formed
// sequence becomes U+FFFD), then handed to the rapidjson writer, which escapes them: '"' and
// '\' with a backslash, \b \f \n \r \t, the other control characters as \u00XX (upper-case
// hex), everything else (DEL, '/', UTF-8 sequences) as it is.
//
// For the layers that write with rapidjson (a private dependency of each): this header needs
// rapidjson's headers, and nothing else of the library includes it.
#pragma once

#include <epicsdb/support/Utf8.hpp>

#include <rapidjson/rapidjson.h>

#include <cstddef>
#include <string_view>

namespace epicsdb::support {

// `writer`: a rapidjson Writer or PrettyWriter, or a class of the same String() call.
template <class JsonWriter>
void writeJsonString(JsonWriter& writer, std::string_view text) {
    writeValidUtf8(text, [&](const char* data, std::size_t size) {
        writer.String(data, static_cast<rapidjson::SizeType>(size));
    });
}

} // namespace epicsdb::support
