// What the provenance of a document's last check says about the statements written in it: the
// records a record statement of it made (one for a file loaded once, one per load of a template
// loaded many times) and, in each, the statement at a place of the text, with the macros it
// used. The features read it for hover and go to definition.
#pragma once

#include "Checker.hpp"
#include "DocumentIndex.hpp"
#include "Documents.hpp"

#include <epicsdb/loaders/Provenance.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::lsp {

// A statement of the document as one record got it.
struct StatementInRecord {
    std::string record; // the real record's name
    loaders::Statement statement;
};

class DocumentProvenance {
public:
    DocumentProvenance(const CheckResult& check, const Document& document)
        : check_(check), document_(document) {}

    // False when the check kept none (a project file).
    [[nodiscard]] bool available() const noexcept {
        return check_.provenance != nullptr && check_.database != nullptr;
    }
    [[nodiscard]] const loaders::Provenance& provenance() const noexcept {
        return *check_.provenance;
    }
    [[nodiscard]] const dbstatic::Database& database() const noexcept { return *check_.database; }
    [[nodiscard]] const CheckResult& check() const noexcept { return check_; }

    // The absolute path of a file as the loads name it (relative to the check's folder).
    [[nodiscard]] std::string pathOf(const std::string& file) const;

    // The statement of this document at `entry` (its record head when `field` is null, else
    // that field or info item of its body) in each record the entry made, in the order of the
    // database, at most `most`.
    [[nodiscard]] std::vector<StatementInRecord>
    statementsAt(const RecordEntry& entry, const FieldEntry* field, std::size_t most) const;
    // The real names of the records the entry made, at most `most`.
    [[nodiscard]] std::vector<std::string> recordsMadeBy(const RecordEntry& entry,
                                                         std::size_t most) const;
    // What the reference `macro` of the entry (in its name, or in a value of its body) gave in
    // each record the entry made, at most `most`; none for a reference elsewhere.
    [[nodiscard]] std::vector<loaders::MacroUse>
    macroUses(const RecordEntry& entry, const MacroReference& macro, std::size_t most) const;

private:
    // Each record whose name the entry's name, as written, could expand to (literal parts
    // match, references match anything) until `visit` returns false, and at most a bounded
    // number of them.
    void forEachCandidate(const RecordEntry& entry,
                          const std::function<bool(const dbstatic::Record&)>& visit) const;
    // The statement of `record` that is the document's at `entry`/`field`.
    [[nodiscard]] std::optional<loaders::Statement>
    statementIn(std::string_view record, const RecordEntry& entry, const FieldEntry* field) const;
    // Whether a statement is the document's at `offset` (the same line; the same column too
    // when `column`).
    [[nodiscard]] bool isAt(const loaders::Statement& statement, std::size_t offset,
                            bool column) const;

    const CheckResult& check_;
    const Document& document_;
};

} // namespace epicsdb::lsp
