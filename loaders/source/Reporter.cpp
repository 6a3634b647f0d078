#include "Reporter.hpp"

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
                      std::vector<std::string> notes) {
    if (count_.reached()) return;
    Diagnostic d = make(severity, code, std::move(message), std::move(notes));
    sources_.locate(at, d.location, &d.sourceLine, &d.context);
    deliver(std::move(d));
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
