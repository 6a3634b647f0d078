// Prints diagnostics for people (the library's text layout, DiagnosticText.hpp) or for programs:
// one JSON object per diagnostic, or one SARIF 2.1.0 log (written by finish(), since SARIF is a
// single document).
#pragma once

#include <epicsdb/Diagnostic.hpp>

#include <cstdio>
#include <string>
#include <vector>

namespace epicsdb::cli {

enum class DiagnosticFormat { Text, Json, Sarif };

class DiagnosticPrinter final : public DiagnosticSink {
public:
    DiagnosticPrinter(std::FILE* out, DiagnosticFormat format, bool color)
        : out_(out), format_(format), color_(color) {}

    void report(Diagnostic diagnostic) override;
    // Writes what is held back until the end (the SARIF log); nothing for the other formats.
    void finish();

    [[nodiscard]] std::size_t errors() const noexcept { return errors_; }
    [[nodiscard]] std::size_t warnings() const noexcept { return warnings_; }
    // Only count from now on (the printer may be shared by several steps).
    void setQuietWarnings(bool quiet) noexcept { quietWarnings_ = quiet; }

    [[nodiscard]] static std::string toJson(const Diagnostic& diagnostic);
    [[nodiscard]] static std::string toSarif(const std::vector<Diagnostic>& diagnostics);

private:
    std::FILE* out_;
    DiagnosticFormat format_;
    bool color_;
    bool quietWarnings_ = false;
    std::vector<Diagnostic> held_; // SARIF
    std::size_t errors_ = 0;
    std::size_t warnings_ = 0;
};

// JSON string escaping (RFC 8259), with the quotes.
std::string jsonQuoted(std::string_view text);

} // namespace epicsdb::cli
