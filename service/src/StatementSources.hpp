// Where a statement of the index came from, composed as docs/guide/index-schema.md says and
// written with the members `epicsdb why --format json` gives a statement: its place (file,
// line, column) and text, read from the file's text the index keeps; its macros, the
// $(NAME) and ${NAME} references of the text, each the entry of that name of its source's
// `macros`; and its source's load `chain`. The sources one request meets are read once.
#pragma once

#include "Endpoints.hpp"
#include "JsonOut.hpp"

#include <rapidjson/document.h>

#include <map>
#include <memory>

namespace epicsdb::service {

class StatementSources {
public:
    explicit StatementSources(ApiContext& context) : context_(context) {}

    struct Source {
        std::int64_t fileId = 0;
        std::string path;
        std::string hash;
        std::string chain;          // JSON array, as the index keeps it
        rapidjson::Document macros; // parsed: looked up by name
    };

    // The source `seq` of IOC `iocId` (a statement's `source` column), or nothing when NULL or
    // gone.
    [[nodiscard]] const Source* find(std::int64_t iocId, std::optional<std::int64_t> seq);

    // The statement's text: its line from `column` to the parenthesis that closes it (the
    // whole line, trimmed, when the column is not known).
    [[nodiscard]] std::string statementText(const Source& source, std::int64_t line,
                                            std::int64_t column);

    // {"file", "line", "column", "text"}, or null without a source.
    void writePlace(JsonOut& json, const Source* source, std::int64_t line, std::int64_t column);
    // Members of an object the caller opened: `placeKey` (the place, as writePlace), "macros"
    // (the entries of the source's macros that the statement refers to, in the order of their
    // references) and "chain" (the source's; empty arrays without a source).
    void writeProvenance(JsonOut& json, std::string_view placeKey, const Source* source,
                         std::int64_t line, std::int64_t column);

private:
    void writePlace(JsonOut& json, const Source& source, std::int64_t line, std::int64_t column,
                    std::string_view text);
    void writeMacros(JsonOut& json, const Source& source, std::string_view text);

    ApiContext& context_;
    std::map<std::pair<std::int64_t, std::int64_t>, std::unique_ptr<Source>> sources_;
};

// A source column: nothing when NULL.
[[nodiscard]] inline std::optional<std::int64_t> optionalSource(const Query& q, int column) {
    if (q.isNull(column)) return std::nullopt;
    return q.integer(column);
}

} // namespace epicsdb::service
