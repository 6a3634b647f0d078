#include "Reporter.hpp"

#include <algorithm>
#include <optional>

namespace epicsdb::loaders {

namespace {
Diagnostic make(Severity severity, std::string_view code, std::string message,
                std::vector<std::string> notes = {}) {
    Diagnostic d;
    d.severity = severity;
    d.code = code;
    d.message = std::move(message);
    d.notes = std::move(notes);
    return d;
}
} // namespace

void Reporter::report(Severity severity, Position at, std::string_view code, std::string message,
                      std::vector<std::string> notes, std::vector<FixAt> fixes) {
    if (count_.reached()) return;
    Diagnostic d = make(severity, code, std::move(message), std::move(notes));
    sources_.locate(at, d.location, &d.sourceLine, &d.context);
    for (FixAt& fix : fixes)
        place(std::move(fix), at, d);
    deliver(std::move(d));
}

void Reporter::place(FixAt fix, Position diagnosticAt, Diagnostic& diagnostic) {
    // Most fixes are at the diagnostic's own token: its location is worked out already.
    SourceLocation where;
    if (fix.at.source == diagnosticAt.source && fix.at.offset == diagnosticAt.offset)
        where = diagnostic.location;
    else
        sources_.locate(fix.at, where, nullptr, nullptr);
    const std::optional<std::string_view> line = sources_.fileLine(fix.at, where.line);
    std::size_t column = std::string_view::npos;
    if (line && !fix.found.empty() && where.column > 0) {
        const std::string_view from =
            line->substr(std::min<std::size_t>(where.column - 1, line->size()));
        if (from.starts_with(fix.found)) {
            column = where.column - 1;
        } else if (from.starts_with('"') && from.substr(1).starts_with(fix.found)) {
            column = where.column; // a quoted value: the text inside the quotes
        } else if (const std::size_t first = line->find(fix.found);
                   first != std::string_view::npos &&
                   line->find(fix.found, first + 1) == std::string_view::npos) {
            column = first;
        }
    }
    if (column == std::string_view::npos) {
        diagnostic.notes.push_back(std::move(fix.message));
        return;
    }
    FixIt placed;
    placed.message = std::move(fix.message);
    const auto start = static_cast<unsigned>(column + 1);
    placed.range = {where.file, where.line, start, where.line,
                    static_cast<unsigned>(start + fix.found.size())};
    placed.replacement = std::move(fix.replacement);
    placed.safe = fix.safe;
    diagnostic.fixes.push_back(std::move(placed));
}

void Reporter::reportAt(Severity severity, SourceLocation where, std::string_view code,
                        std::string message) {
    if (count_.reached()) return;
    Diagnostic d = make(severity, code, std::move(message));
    d.location = std::move(where);
    deliver(std::move(d));
}

void Reporter::reportLine(Severity severity, std::uint32_t source, std::uint32_t line,
                          std::uint32_t column, std::string_view code, std::string message,
                          std::string lineText, std::vector<std::string> notes) {
    if (count_.reached()) return;
    Diagnostic d = make(severity, code, std::move(message), std::move(notes));
    d.location = {sources_.source(source).name, line, column};
    d.sourceLine = std::move(lineText);
    d.context = sources_.chainOf(source);
    deliver(std::move(d));
}

void Reporter::deliver(Diagnostic diagnostic) {
    const bool limitReached = count_.count(diagnostic.severity);
    SourceLocation where = diagnostic.location;
    sink_.report(std::move(diagnostic));
    if (limitReached)
        sink_.report(ErrorCount::limitNote(std::move(where), "giving up on this load"));
}

} // namespace epicsdb::loaders
