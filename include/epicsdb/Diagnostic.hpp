// One diagnostic type for every layer: what went wrong, where, and how we got there. Libraries
// hand diagnostics to a sink; they never print by themselves. The text layout is
// epicsdb/loaders/DiagnosticText.hpp; JSON and SARIF live with the tools.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb {

enum class Severity : std::uint8_t { Note, Warning, Error };

// 1-based line and column; 0 means "not known".
struct SourceLocation {
    std::string file;
    unsigned line = 0;
    unsigned column = 0;
};

// One step of the chain that led to a location: "included from", "in substitution set at",
// or a command of a startup script (`dbLoadRecords("x.db", "P=a")`, `< other.cmd`).
struct ContextFrame {
    std::string relation;
    SourceLocation location;
    // The relation is a command at that location: text shows "<location>: in <relation>"
    // rather than "In <relation> <location>:".
    bool command = false;
};

// Another place that explains a diagnostic: "first defined here", "set again here".
struct RelatedLocation {
    SourceLocation location;
    std::string message;
};

// Bytes of one file, from (line, column) up to but not including (endLine, endColumn); 1-based,
// columns count bytes. An empty range (end == start) is a place to insert at.
struct SourceRange {
    std::string file;
    unsigned line = 0;
    unsigned column = 0;
    unsigned endLine = 0;
    unsigned endColumn = 0;
};

// A change that resolves a diagnostic: the range's bytes become the replacement.
struct FixIt {
    std::string message; // shown as a note: `did you mean "DESC"?`
    SourceRange range;
    std::string replacement;
    // `--fix` applies it unasked: the rule is sure of the result (one best spelling, a
    // quoting change that keeps the value); otherwise it is offered only (editors).
    bool safe = false;
};

struct Diagnostic {
    Severity severity = Severity::Error;
    std::string code;    // stable identifier, e.g. "field-unknown", "macro-undefined"
    std::string message; // what was expected and what was found
    SourceLocation location;
    std::vector<ContextFrame> context; // innermost first
    std::string sourceLine;            // the text of the line, without its newline
    std::vector<std::string> notes;    // follow-ups that name no place and change nothing
    std::vector<RelatedLocation> related;
    std::vector<FixIt> fixes;
};

class DiagnosticSink {
public:
    virtual ~DiagnosticSink() = default;
    virtual void report(Diagnostic diagnostic) = 0;
};

// Collects everything; handy for tests and for callers that render at the end.
class DiagnosticList final : public DiagnosticSink {
public:
    void report(Diagnostic diagnostic) override { items.push_back(std::move(diagnostic)); }
    [[nodiscard]] std::size_t count(Severity severity) const {
        std::size_t n = 0;
        for (const auto& d : items)
            n += d.severity == severity;
        return n;
    }
    std::vector<Diagnostic> items;
};

} // namespace epicsdb
