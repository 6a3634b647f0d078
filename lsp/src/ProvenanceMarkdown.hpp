// The provenance of records and field values as the hovers show it, in Markdown: where a record
// was defined, and the chain of a field's value (the statement that set it as written, the
// macros it used with their values and origins, the loads that brought the file, the earlier
// statements it replaced).
#pragma once

#include "Checker.hpp"
#include "Markdown.hpp"

#include <epicsdb/loaders/Provenance.hpp>

#include <string>
#include <vector>

namespace epicsdb::lsp {

// How one check's places are written.
class ProvenanceWriter {
public:
    ProvenanceWriter(const CheckResult& check, bool links);

    // "**x:m1** (ai), defined by" and each record statement that defined or extended it.
    [[nodiscard]] std::string record(const loaders::RecordProvenance& record) const;
    // "**x:m1.VELO** = `2.5`", the statement that set it, its macros and loads, and the
    // statements it replaced; or that it has the record type's default.
    [[nodiscard]] std::string field(const loaders::FieldProvenance& field) const;
    // Whether a hover about these says more than the text under the cursor: another
    // statement, a macro, a load that is not the document's own check.
    [[nodiscard]] bool tellsMore(const loaders::RecordProvenance& record) const;
    [[nodiscard]] bool tellsMore(const loaders::FieldProvenance& field) const;

    // One macro use: "`P` = `x:` from pattern row 2 at file:line", with the references of
    // its definition below it (at `indent` spaces).
    [[nodiscard]] std::string macroUse(const loaders::MacroUse& use, std::size_t indent = 0) const;
    // Where a macro use's value was set (an absolute path; empty file: nowhere to go), and
    // then where the references of its definition were (an epicsEnvSet line behind a
    // dbLoadRecords argument).
    [[nodiscard]] std::vector<SourceLocation> macroPlaces(const loaders::MacroUse& use) const;

private:
    [[nodiscard]] bool tellsMore(const loaders::Statement& statement) const;
    [[nodiscard]] std::string place(const SourceLocation& location) const;
    [[nodiscard]] std::string statementLine(const loaders::Statement& statement) const;
    [[nodiscard]] std::string loads(const std::vector<loaders::LoadStep>& chain) const;
    // Where a load argument came from when the load named no script line: the project file
    // (a document checked alone) or the startup script's line that loaded the document.
    [[nodiscard]] const MacroSetting* settingOf(const loaders::MacroUse& use) const;
    // "pattern row", "load argument", "project file", ... (the short form of an origin).
    [[nodiscard]] std::string originName(const loaders::MacroUse& use) const;
    [[nodiscard]] std::string absolute(const std::string& file) const;

    const CheckResult& check_;
    PlaceStyle style_;
};

} // namespace epicsdb::lsp
