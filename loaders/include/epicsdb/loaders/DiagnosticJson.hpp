// Compact JSON for the library's own documents: CompactJson (a dbstatic::JsonValueWriter that
// writes one line into a string, spelling strings as every JSON document of the project does)
// and a diagnostic as one JSON object, the shape `epicsdb check --format json` prints and the
// facility index keeps.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/export.h>

#include <memory>
#include <string>

namespace epicsdb::loaders {

class EPICSDB_API CompactJson final : public dbstatic::JsonValueWriter {
public:
    CompactJson();
    ~CompactJson() override;
    CompactJson(const CompactJson&) = delete;
    CompactJson& operator=(const CompactJson&) = delete;

    void startObject() override;
    void endObject() override;
    void startArray() override;
    void endArray() override;
    void key(std::string_view name) override;
    void string(std::string_view text) override;
    void number(std::uint64_t value) override;
    void integer(std::int64_t value);
    void boolean(bool value) override;
    void null() override;
    void member(std::string_view name, std::uint64_t value) {
        key(name);
        number(value);
    }
    using JsonValueWriter::member;

    // The document written so far.
    [[nodiscard]] std::string text() const;
    // Starts a new document (the buffer's memory is kept for it).
    void clear();

private:
    struct State;
    std::unique_ptr<State> state_;
};

// {"severity", "code", "message", "location": {"file", "line", "column"}, "sourceLine",
// "context": [...], "notes": [...], "related": [...], "fixes": [...]} (the last four only when
// not empty).
[[nodiscard]] EPICSDB_API std::string diagnosticJson(const Diagnostic& diagnostic);
// Writes the same object into `json`.
EPICSDB_API void writeDiagnosticJson(dbstatic::JsonValueWriter& json, const Diagnostic& diagnostic);

} // namespace epicsdb::loaders
