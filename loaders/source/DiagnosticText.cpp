#include <epicsdb/loaders/DiagnosticText.hpp>

namespace epicsdb::loaders {

const char* severityName(Severity severity) noexcept {
    switch (severity) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Note:
        return "note";
    }
    return "error";
}

std::string locationText(const SourceLocation& where) {
    std::string text = where.file.empty() ? std::string("<input>") : where.file;
    if (where.line) {
        text += ":" + std::to_string(where.line);
        if (where.column) text += ":" + std::to_string(where.column);
    }
    return text;
}

std::string diagnosticText(const Diagnostic& d, bool color) {
    const char* bold = color ? "\033[1m" : "";
    const char* reset = color ? "\033[0m" : "";
    const char* tint = !color                            ? ""
                       : d.severity == Severity::Error   ? "\033[1;31m"
                       : d.severity == Severity::Warning ? "\033[1;35m"
                                                         : "\033[1;36m";
    std::string out;
    for (auto it = d.context.rbegin(); it != d.context.rend(); ++it)
        out += it->command ? locationText(it->location) + ": in " + it->relation + "\n"
                           : "In " + it->relation + " " + locationText(it->location) + ":\n";
    out += std::string(bold) + locationText(d.location) + ": " + reset + tint +
           severityName(d.severity) + ": " + reset + bold + d.message + reset + "\n";
    if (!d.sourceLine.empty()) {
        out += "  " + d.sourceLine + "\n";
        if (d.location.column) {
            std::string caret = "  ";
            // Keep tabs so the caret lines up under the character.
            for (std::size_t i = 0; i + 1 < d.location.column && i < d.sourceLine.size(); ++i)
                caret += d.sourceLine[i] == '\t' ? '\t' : ' ';
            out += caret + tint + "^" + reset + "\n";
        }
    }
    for (const std::string& note : d.notes)
        out += "  note: " + note + "\n";
    for (const FixIt& fix : d.fixes)
        out += "  note: " + fix.message + "\n";
    // As compilers show them, so that editors reading the output jump there too.
    for (const RelatedLocation& related : d.related)
        out += std::string(bold) + locationText(related.location) + ": " + reset +
               (color ? "\033[1;36m" : "") + "note: " + reset + related.message + "\n";
    return out;
}

} // namespace epicsdb::loaders
