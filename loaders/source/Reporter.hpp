// Turns positions into located diagnostics and hands them to the sink; counts them and stops a
// load that drowns in errors (a binary file, say) at the error limit (ErrorCount.hpp).
#pragma once

#include "ErrorCount.hpp"
#include "SourceManager.hpp"
#include "Span.hpp"

#include <epicsdb/Diagnostic.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// A fix-it as the reader sees it: the token `found` at a position of the expanded text, to be
// replaced. The reporter places it in the file's own line (see Reporter::report).
struct FixAt {
    Position at;
    std::string found;
    std::string replacement;
    std::string message; // `did you mean "DESC"?`
    bool safe = false;
};

class Reporter {
public:
    Reporter(SourceManager& sources, DiagnosticSink& sink) : sources_(sources), sink_(sink) {}
    // Counts start again for the next load.
    void reset() noexcept { count_.reset(); }

    void error(Position at, std::string_view code, std::string message,
               std::vector<std::string> notes = {}, std::vector<FixAt> fixes = {}) {
        report(Severity::Error, at, code, std::move(message), std::move(notes), std::move(fixes));
    }
    void warning(Position at, std::string_view code, std::string message,
                 std::vector<std::string> notes = {}) {
        report(Severity::Warning, at, code, std::move(message), std::move(notes));
    }
    // A fix-it is kept when the file's line holds its token at the column the expanded text
    // has it, or holds it once (a macro earlier on the line moved it); otherwise its message
    // stays as a plain note, since an edit at a guessed place could break the file.
    void report(Severity severity, Position at, std::string_view code, std::string message,
                std::vector<std::string> notes = {}, std::vector<FixAt> fixes = {});
    // For problems without a token position (a file that cannot be opened).
    void reportAt(Severity severity, SourceLocation where, std::string_view code,
                  std::string message);

    // A line of a source as the file has it (macro expansion problems), with the 1-based
    // column the problem starts at (0: the whole line).
    void reportLine(Severity severity, std::uint32_t source, std::uint32_t line,
                    std::uint32_t column, std::string_view code, std::string message,
                    std::string lineText, std::vector<std::string> notes = {});

    [[nodiscard]] std::size_t errors() const noexcept { return count_.errors(); }
    [[nodiscard]] std::size_t warnings() const noexcept { return count_.warnings(); }

private:
    void place(FixAt fix, Position diagnosticAt, Diagnostic& diagnostic);
    void deliver(Diagnostic diagnostic);

    SourceManager& sources_;
    DiagnosticSink& sink_;
    ErrorCount count_;
};

} // namespace epicsdb::loaders
