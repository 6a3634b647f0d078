// One JSON document written as it goes, indented by two spaces (RapidJSON's PrettyWriter lays
// it out): what `epicsdb ioc --format json` prints. Its strings are spelt as every JSON document
// of the project spells them (support/JsonString.hpp: U+FFFD for each byte that is not part of
// well-formed UTF-8).
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace epicsdb::cli {

class PrettyJson {
public:
    explicit PrettyJson(std::ostream& out);
    ~PrettyJson();
    PrettyJson(const PrettyJson&) = delete;
    PrettyJson& operator=(const PrettyJson&) = delete;

    void startObject();
    void endObject();
    void startArray();
    void endArray();
    void key(std::string_view name);
    void string(std::string_view text);
    void boolean(bool value);
    void number(std::uint64_t value);
    void null();
    // `json` (one JSON value, such as DiagnosticPrinter::toJson gives) laid out in its place,
    // its strings spelt as above and its numbers as written. Throws std::invalid_argument
    // when it is not JSON.
    void embed(std::string_view json);

    // The member `name` with a string value.
    void member(std::string_view name, std::string_view text) {
        key(name);
        string(text);
    }

private:
    class Impl;
    std::unique_ptr<Impl> impl_;
};

// The JSON text of `text` (quotes included), spelt as PrettyJson spells strings.
[[nodiscard]] std::string jsonString(std::string_view text);

} // namespace epicsdb::cli
