// Renders diagnostics for people (GCC style: file:line:column: severity: message, the source
// line, a caret, the include chain, notes) or for programs (one JSON object per diagnostic).
#pragma once

#include <epicsdb/Diagnostic.hpp>

#include <cstdio>
#include <string>

namespace epicsdb::cli {

enum class DiagnosticFormat { Text, Json };

class DiagnosticPrinter final : public DiagnosticSink {
public:
    DiagnosticPrinter(std::FILE* out, DiagnosticFormat format, bool color)
        : out_(out), format_(format), color_(color) {}

    void report(Diagnostic diagnostic) override;

    [[nodiscard]] std::size_t errors() const noexcept { return errors_; }
    [[nodiscard]] std::size_t warnings() const noexcept { return warnings_; }
    // Only count from now on (the printer may be shared by several steps).
    void setQuietWarnings(bool quiet) noexcept { quietWarnings_ = quiet; }

    [[nodiscard]] static std::string toText(const Diagnostic& diagnostic, bool color);
    [[nodiscard]] static std::string toJson(const Diagnostic& diagnostic);

private:
    std::FILE* out_;
    DiagnosticFormat format_;
    bool color_;
    bool quietWarnings_ = false;
    std::size_t errors_ = 0;
    std::size_t warnings_ = 0;
};

// JSON string escaping (RFC 8259), with the quotes.
std::string jsonQuoted(std::string_view text);

} // namespace epicsdb::cli
