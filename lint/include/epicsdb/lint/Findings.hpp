// What stands between the rules (and check's own diagnostics) and the user: the -W flags, the
// suppression comments of the files, and the externals the files declare.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/export.h>
#include <epicsdb/lint/Controls.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <map>
#include <string>
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

private:
    const std::string& textOf(const std::string& file);

    DiagnosticSink& target_;
    const WarningControls& controls_;
    std::map<std::string, std::string, std::less<>> texts_; // files read for their comments
    std::size_t suppressed_ = 0;
};

// Records defined again with their own type (not "*"), told by the loader: rec-append.
class EPICSDB_API RedefinitionFinder final : public loaders::LoadObserver {
public:
    explicit RedefinitionFinder(DiagnosticSink& findings) : findings_(findings) {}
    void recordDefinedAgain(std::string_view name, std::string_view type,
                            const SourceLocation& again, const SourceLocation& first) override;

private:
    DiagnosticSink& findings_;
};

// The `#: external("...")` pragmas of every file that defined a record of `database`.
[[nodiscard]] EPICSDB_API std::vector<std::string>
externalPragmas(const dbstatic::Database& database);

} // namespace epicsdb::lint
