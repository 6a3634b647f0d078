// The API's JSON, written as it goes with RapidJSON (the project's JSON library): strings made
// well-formed UTF-8 first (support/JsonString.hpp: a database's bytes may be Latin-1), and JSON
// texts the index keeps (chains, macros, diagnostics) copied in after a check that they are
// JSON.
#pragma once

#include <rapidjson/fwd.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace epicsdb::service {

class JsonOut {
public:
    JsonOut() : writer_(buffer_) {}
    JsonOut(const JsonOut&) = delete;
    JsonOut& operator=(const JsonOut&) = delete;

    JsonOut& startObject();
    JsonOut& endObject();
    JsonOut& startArray();
    JsonOut& endArray();
    JsonOut& key(std::string_view name);
    JsonOut& string(std::string_view text);
    JsonOut& number(std::int64_t value);
    JsonOut& boolean(bool value);
    JsonOut& null();
    // A JSON text kept by the index, as it is; null when it is not JSON (an index written by
    // something else), so the answer stays JSON.
    JsonOut& embed(std::string_view json);
    // A value of a parsed document.
    JsonOut& value(const rapidjson::Value& value);

    JsonOut& member(std::string_view name, std::string_view text) { return key(name).string(text); }
    JsonOut& member(std::string_view name, const char* text) { return key(name).string(text); }
    JsonOut& member(std::string_view name, const std::string& text) {
        return key(name).string(text);
    }
    JsonOut& member(std::string_view name, std::integral auto value) {
        return key(name).number(static_cast<std::int64_t>(value));
    }
    JsonOut& member(std::string_view name, bool value) { return key(name).boolean(value); }
    // A text, or null.
    JsonOut& member(std::string_view name, const std::optional<std::string>& text) {
        key(name);
        return text ? string(*text) : null();
    }

    [[nodiscard]] std::string take() const { return {buffer_.GetString(), buffer_.GetSize()}; }

private:
    rapidjson::StringBuffer buffer_;
    rapidjson::Writer<rapidjson::StringBuffer> writer_;
};

// {"error": message}
[[nodiscard]] std::string errorJson(std::string_view message);

} // namespace epicsdb::service
