// The server's JSON, both ways, over RapidJSON (the project's one JSON library).
//
// Out: JsonWriter lays a message out as text through RapidJSON's streaming writer; a value
// already written (a diagnostic kept for the code actions, a feature's result) goes into a
// larger one as it is. Strings are repaired to well-formed UTF-8 first (a database's bytes are
// often Latin-1; JSON is UTF-8): each byte of a broken sequence becomes U+FFFD.
//
// In: parseMessage reads a body into a rapidjson::Document without recursion and refuses one
// that nests too deep, as LSP messages never do.
#pragma once

#include "TextPositions.hpp"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace epicsdb::lsp {

// The text of one JSON value.
struct JsonText {
    std::string text;
};

class JsonWriter {
public:
    JsonWriter() : writer_(buffer_) {}
    JsonWriter(const JsonWriter&) = delete;
    JsonWriter& operator=(const JsonWriter&) = delete;

    // `members` writes the members (key, then value) of an object; `items` the items of an
    // array.
    template <class Members>
    JsonWriter& object(Members&& members) {
        writer_.StartObject();
        members();
        writer_.EndObject();
        return *this;
    }
    template <class Items>
    JsonWriter& array(Items&& items) {
        writer_.StartArray();
        items();
        writer_.EndArray();
        return *this;
    }
    JsonWriter& key(std::string_view name);

    JsonWriter& string(std::string_view text);
    JsonWriter& number(std::int64_t value);
    JsonWriter& boolean(bool value);
    JsonWriter& null();
    JsonWriter& raw(const JsonText& value);
    // A value read from a message (a request's id), written back as it is.
    JsonWriter& value(const rapidjson::Value& value);
    JsonWriter& position(Position position);
    JsonWriter& range(const Range& range);

    // key(name), then the value.
    JsonWriter& member(std::string_view name, std::string_view text) {
        return key(name).string(text);
    }
    JsonWriter& member(std::string_view name, const char* text) { return key(name).string(text); }
    JsonWriter& member(std::string_view name, const std::string& text) {
        return key(name).string(text);
    }
    // (A bool takes the overload of its own.)
    JsonWriter& member(std::string_view name, std::integral auto value) {
        return key(name).number(static_cast<std::int64_t>(value));
    }
    JsonWriter& member(std::string_view name, bool value) { return key(name).boolean(value); }
    JsonWriter& member(std::string_view name, const JsonText& value) {
        return key(name).raw(value);
    }
    JsonWriter& member(std::string_view name, const Range& value) { return key(name).range(value); }

    // The text written: one complete value.
    [[nodiscard]] JsonText take() const {
        return {std::string(buffer_.GetString(), buffer_.GetSize())};
    }

private:
    rapidjson::StringBuffer buffer_;
    rapidjson::Writer<rapidjson::StringBuffer> writer_;
};

// One complete value written by `write(JsonWriter&)`.
template <class Write>
[[nodiscard]] JsonText jsonOf(Write&& write) {
    JsonWriter out;
    write(out);
    return out.take();
}

// An empty array, null.
[[nodiscard]] JsonText emptyArray();
[[nodiscard]] JsonText jsonNull();

// Reads `body` into `document`; when it is not JSON (or nests deeper than `maxDepth` arrays
// and objects), what to tell the client.
[[nodiscard]] std::optional<std::string> parseMessage(std::string_view body,
                                                      rapidjson::Document& document, int maxDepth);

} // namespace epicsdb::lsp
