// Turns positions into located diagnostics and hands them to the sink; counts them and stops a
// load that drowns in errors (a binary file, say) after a fixed number.
#pragma once

#include "SourceManager.hpp"
#include "Span.hpp"

#include <epicsdb/Diagnostic.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

class Reporter {
public:
    static constexpr std::size_t kMaxErrorsPerLoad = 100;

    Reporter(SourceManager& sources, DiagnosticSink& sink) : sources_(sources), sink_(sink) {}
    // Counts start again for the next load.
    void reset() noexcept {
        errors_ = warnings_ = 0;
        gaveUp_ = false;
    }

    void error(Position at, std::string_view code, std::string message,
               std::vector<std::string> notes = {}) {
        report(Severity::Error, at, code, std::move(message), std::move(notes));
    }
    void warning(Position at, std::string_view code, std::string message,
                 std::vector<std::string> notes = {}) {
        report(Severity::Warning, at, code, std::move(message), std::move(notes));
    }
    void report(Severity severity, Position at, std::string_view code, std::string message,
                std::vector<std::string> notes = {});
    // For problems without a token position (a file that cannot be opened).
    void reportAt(Severity severity, SourceLocation where, std::string_view code,
                  std::string message);

    // A whole line of a source (macro expansion problems): no column.
    void reportLine(Severity severity, std::uint32_t source, std::uint32_t line,
                    std::string_view code, std::string message, std::string lineText,
                    std::vector<std::string> notes = {});

    [[nodiscard]] std::size_t errors() const noexcept { return errors_; }
    [[nodiscard]] std::size_t warnings() const noexcept { return warnings_; }
    [[nodiscard]] bool gaveUp() const noexcept { return gaveUp_; }
    [[nodiscard]] SourceManager& sources() noexcept { return sources_; }

private:
    void deliver(Diagnostic diagnostic);

    SourceManager& sources_;
    DiagnosticSink& sink_;
    std::size_t errors_ = 0;
    std::size_t warnings_ = 0;
    bool gaveUp_ = false;
};

} // namespace epicsdb::loaders
