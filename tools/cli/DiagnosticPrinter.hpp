// Prints diagnostics for people (the library's text layout, DiagnosticText.hpp) or for programs:
// one JSON object per line, or one SARIF 2.1.0 log (written by finish(), since SARIF is a
// single document).
#pragma once

#include <epicsdb/Diagnostic.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::cli {

enum class DiagnosticFormat { Text, Json, Sarif };

// "text", "json" or "sarif", as --format takes them (anything else is Text).
[[nodiscard]] inline DiagnosticFormat diagnosticFormatNamed(std::string_view name) {
    return name == "json"    ? DiagnosticFormat::Json
           : name == "sarif" ? DiagnosticFormat::Sarif
                             : DiagnosticFormat::Text;
}

// check's closing counts.
struct CheckSummary {
    std::size_t files = 0;
    std::size_t records = 0;
    std::size_t aliases = 0;
    std::size_t errors = 0;
    std::size_t warnings = 0;
    // With a startup script: the commands it gave that were not run.
    std::optional<std::size_t> commandsNotRun;
};

// A rule as SARIF's tool.driver.rules describes it (for lint, so that code-scanning UIs show
// each rule's description and default level).
struct SarifRule {
    std::string id;
    std::string description;
    Severity level = Severity::Warning;
};

class DiagnosticPrinter final : public DiagnosticSink {
public:
    // Where a command prints: text on stderr, coloured on a terminal; JSON and SARIF, which
    // programs read, on stdout.
    explicit DiagnosticPrinter(DiagnosticFormat format = DiagnosticFormat::Text);
    DiagnosticPrinter(std::FILE* out, DiagnosticFormat format, bool color)
        : out_(out), format_(format), color_(color) {}

    void report(Diagnostic diagnostic) override;
    // Writes what is held back until the end (the SARIF log); nothing for the other formats.
    void finish();

    [[nodiscard]] DiagnosticFormat format() const noexcept { return format_; }
    [[nodiscard]] std::size_t errors() const noexcept { return errors_; }
    [[nodiscard]] std::size_t warnings() const noexcept { return warnings_; }
    // Print errors only; warnings are still counted.
    void setQuietWarnings(bool quiet) noexcept { quietWarnings_ = quiet; }
    // The rules the SARIF log lists.
    void setSarifRules(std::vector<SarifRule> rules) { rules_ = std::move(rules); }

    // One JSON object, without a newline.
    [[nodiscard]] static std::string toJson(const Diagnostic& diagnostic);
    [[nodiscard]] static std::string toJson(const CheckSummary& summary);
    // The whole SARIF log, ending in a newline.
    [[nodiscard]] static std::string toSarif(const std::vector<Diagnostic>& diagnostics,
                                             const std::vector<SarifRule>& rules = {});

private:
    std::FILE* out_;
    DiagnosticFormat format_;
    bool color_;
    bool quietWarnings_ = false;
    std::vector<Diagnostic> held_; // SARIF
    std::vector<SarifRule> rules_;
    std::size_t errors_ = 0;
    std::size_t warnings_ = 0;
};

} // namespace epicsdb::cli
