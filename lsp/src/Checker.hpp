// One check of an open document, as `epicsdb check` and `epicsdb lint` would make it, from the
// editor's unsaved texts: the definitions, include directories and macros of the project
// file, or the IOC its startup script builds when that script loads the document. Keeps the
// database it built and where its records and values came from (the loads' provenance), for
// the features that look things up (hover, completion, definition).
#pragma once

#include "Documents.hpp"
#include "ProjectFile.hpp"

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/loaders/Provenance.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace epicsdb::lsp {

// Where a macro got the value a document sees.
struct MacroSetting {
    std::string name;
    std::string value;
    std::string where; // "the project file .epicsdb.toml", "st.cmd:12 (dbLoadRecords)"
    SourceLocation at; // the line that sets it (an absolute path; empty: not known)
};

// A database whose last load may still be open: the document's records are loaded in a
// transaction over the definitions and rolled back by the next check (Database::beginLoad),
// so that a keystroke does not read the definitions again; or on destruction.
struct RollBackOnDelete {
    void operator()(dbstatic::Database* database) const noexcept;
};
using DatabasePtr = std::unique_ptr<dbstatic::Database, RollBackOnDelete>;

struct CheckResult {
    DatabasePtr database; // never null
    // Where the records and field values of the document's loads came from: the loads of this
    // check only (definitions kept from an earlier check are not in it). Null for a project
    // file.
    std::unique_ptr<loaders::Provenance> provenance;
    std::vector<Diagnostic> diagnostics; // check's and lint's, in the order given
    std::vector<std::string> filesRead;  // normal paths of every file the loads read
    std::vector<MacroSetting> macros;    // the macros the document was loaded with
    std::string workingDirectory;        // relative names in diagnostics are in it
    bool inStartup = false;              // checked as a part of the project's IOC
    std::optional<ProjectProblem> projectProblem;
    std::string projectFile; // the .epicsdb.toml used, empty without one
    // What the definitions under the document's records came from (the project's dbd files
    // and the texts of those open in the editor), their files and their diagnostics: a next
    // check with the same key keeps them. Empty: not to be kept (a startup script's IOC).
    std::string definitionsKey;
    std::vector<std::string> definitionFiles;
    std::vector<Diagnostic> definitionDiagnostics;
};

struct CheckOptions {
    unsigned jobs = 0; // LoaderOptions::jobs
};

// The project that applies to `path`: the nearest .epicsdb.toml in its folder or above (up
// to `workspaceRoot` when the path is inside it), else the defaults rooted at the workspace.
[[nodiscard]] ProjectFile projectFor(const std::string& path, const std::string& workspaceRoot,
                                     const Documents& documents,
                                     std::optional<ProjectProblem>& problem,
                                     std::string& projectFile);

// `previous` (may be null): the document's last check, whose definitions are taken when they
// are still what the project names.
[[nodiscard]] CheckResult checkDocument(const Document& document, const std::string& workspaceRoot,
                                        const Documents& documents, const CheckOptions& options,
                                        CheckResult* previous = nullptr);

// MACROS "A=1,B=2" as settings (the EPICS definition syntax, commas and '=' only), each set
// at `at`.
[[nodiscard]] std::vector<MacroSetting>
macroSettings(std::string_view macros, const std::string& where, const SourceLocation& at = {});

} // namespace epicsdb::lsp
