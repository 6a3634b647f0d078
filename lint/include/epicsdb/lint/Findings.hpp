// What stands between the rules (and check's own diagnostics) and the user: the -W flags, the
// suppression comments of the files, and the externals the files declare.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/export.h>
#include <epicsdb/lint/Baseline.hpp>
#include <epicsdb/lint/Controls.hpp>
#include <epicsdb/lint/LinedText.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::lint {

// Forwards each finding to `target` with the severity the controls give it, unless the
// controls switch it off or a comment of its file suppresses it.
class EPICSDB_API FindingFilter final : public DiagnosticSink {
public:
    FindingFilter(DiagnosticSink& target, const WarningControls& controls)
        : target_(target), controls_(controls) {}
    void report(Diagnostic finding) override;
    [[nodiscard]] std::size_t suppressed() const noexcept { return suppressed_; }
    // Findings the baseline holds are not reported (it must outlive the filter).
    void setBaseline(Baseline* baseline) noexcept { baseline_ = baseline; }
    // Every finding that passed the controls and comments, for --write-baseline.
    void keepPassed(std::vector<Diagnostic>* passed) noexcept { passed_ = passed; }
    // The lines where check reported errors so far, by file (LintOptions::errorLines).
    [[nodiscard]] const std::map<std::string, std::vector<unsigned>, std::less<>>&
    errorLines() const noexcept {
        return errorLines_;
    }

private:
    const LinedText& textOf(const std::string& file);

    DiagnosticSink& target_;
    const WarningControls& controls_;
    std::map<std::string, LinedText, std::less<>> texts_; // files read for their comments
    std::size_t suppressed_ = 0;
    Baseline* baseline_ = nullptr;
    std::vector<Diagnostic>* passed_ = nullptr;
    std::map<std::string, std::vector<unsigned>, std::less<>> errorLines_;
};

// What the loads tell lint as they read: records defined again with their own type (not "*":
// rec-append), and each file read, whose text the style rules look at (once per file, however
// many IOCs read it).
class EPICSDB_API LoadFindings final : public loaders::LoadObserver {
public:
    explicit LoadFindings(DiagnosticSink& findings) : findings_(findings) {}
    // The database the next loads fill (its record types name the fields for field-case).
    void setDatabase(const dbstatic::Database* database) noexcept { database_ = database; }

    void recordDefinedAgain(std::string_view name, std::string_view type,
                            const SourceLocation& again, const SourceLocation& first) override;
    void fileRead(std::string_view file, std::string_view text) override;
    void templateSetLoaded(std::string_view templateFile, std::string_view definitions,
                           const SourceLocation& set) override;

    // After the loads: the macros substitution sets gave to templates that never use them
    // (macro-unused).
    void finish();
    // The `#: external("...")` pragmas of every file read (LintOptions::externals).
    [[nodiscard]] const std::vector<std::string>& externals() const noexcept { return externals_; }

private:
    struct FileMacros {
        std::string file;
        std::vector<std::string> referenced; // names after $( or ${
        std::vector<std::string> includes;   // include "..." names, as written
    };
    struct Set {
        std::string templateFile;
        std::vector<std::string> names;
        SourceLocation location;
    };
    [[nodiscard]] const FileMacros* macrosOf(std::string_view file) const;

    DiagnosticSink& findings_;
    const dbstatic::Database* database_ = nullptr;
    std::vector<FileMacros> files_;
    std::vector<Set> sets_;
    std::vector<std::string> externals_;
};

} // namespace epicsdb::lint
