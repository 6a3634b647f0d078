#include "DiagnosticConversion.hpp"

#include "Uri.hpp"

#include <algorithm>
#include <set>

namespace epicsdb::lsp {

using nlohmann::json;

namespace {
bool isNameChar(char c) {
    const auto u = static_cast<unsigned char>(c);
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || c == '_' ||
           c == '-' || c == ':' || c == '.' || c == '$' || c == '(' || c == ')' || c == '{' ||
           c == '}' || c == '[' || c == ']' || c == '<' || c == '>' || c == ';' || u >= 0x80;
}

json positionJson(Position p) {
    return {{"line", p.line}, {"character", p.character}};
}

json rangeJson(const Range& r) {
    return {{"start", positionJson(r.start)}, {"end", positionJson(r.end)}};
}

// A location in a file that may not be open: lines and columns are taken as they are (the
// file's text is not at hand to count UTF-16 units; ASCII lines give the same).
json locationJson(const std::string& path, unsigned line, const Documents& documents,
                  Encoding encoding) {
    const std::uint32_t row = line > 0 ? line - 1 : 0;
    Range range{{row, 0}, {row, 0}};
    if (const Document* open = documents.findPath(path)) {
        const std::string_view text = open->lines.line(open->text, row);
        range.end.character = static_cast<std::uint32_t>(unitsOf(text, encoding));
    }
    return {{"uri", uriOfPath(path)}, {"range", rangeJson(range)}};
}

std::string resolvedPath(const std::string& directory, const std::string& file) {
    if (file.empty()) return file;
    if (file.front() == '/') return normalPath(file);
    return normalPath(directory + "/" + file);
}

int severityOf(Severity severity) {
    return severity == Severity::Error ? 1 : severity == Severity::Warning ? 2 : 3;
}

// `did you mean "X"?` -> X.
std::optional<std::string> suggestionOf(const std::string& note) {
    constexpr std::string_view prefix = "did you mean \"";
    if (!note.starts_with(prefix)) return std::nullopt;
    const std::size_t end = note.find('"', prefix.size());
    if (end == std::string::npos) return std::nullopt;
    return note.substr(prefix.size(), end - prefix.size());
}

// `... at FILE:LINE` (the first definition of a record defined again) -> FILE, LINE.
std::optional<std::pair<std::string, unsigned>> placeOf(const std::string& note) {
    const std::size_t at = note.rfind(" at ");
    if (at == std::string::npos) return std::nullopt;
    const std::string place = note.substr(at + 4);
    const std::size_t colon = place.rfind(':');
    if (colon == std::string::npos || colon + 1 >= place.size()) return std::nullopt;
    unsigned line = 0;
    for (std::size_t i = colon + 1; i < place.size(); ++i) {
        if (place[i] < '0' || place[i] > '9') return std::nullopt;
        line = line * 10 + static_cast<unsigned>(place[i] - '0');
        if (line > 100000000) return std::nullopt;
    }
    return std::pair{place.substr(0, colon), line};
}
} // namespace

Range wordRange(const Document& document, std::size_t line, std::size_t column, Encoding encoding) {
    const std::string_view text = document.lines.line(document.text, line);
    column = std::min(column, text.size());
    std::size_t end = column;
    if (column < text.size() && text[column] == '"') {
        // A string: its content, so that a fix replaces what is between the quotes.
        const std::size_t close = text.find('"', column + 1);
        ++column;
        end = close == std::string_view::npos ? text.size() : close;
    } else {
        while (end < text.size() && isNameChar(text[end]))
            ++end;
    }
    if (end == column) {
        // Nothing that reads as a word: the rest of the line, or the whole line at its end.
        if (column >= text.size()) column = 0;
        end = text.size();
    }
    const auto row = static_cast<std::uint32_t>(line);
    return {{row, static_cast<std::uint32_t>(unitsOf(text.substr(0, column), encoding))},
            {row, static_cast<std::uint32_t>(unitsOf(text.substr(0, end), encoding))}};
}

json toLspDiagnostics(const CheckResult& check, const Document& document,
                      const std::function<const DocumentIndex&()>& index,
                      const Documents& documents, Encoding encoding) {
    json out = json::array();
    const std::string self = document.path.empty() ? document.uri : document.path;
    auto inDocument = [&](const std::string& file) {
        return !file.empty() &&
               (file == self || resolvedPath(check.workingDirectory, file) == self);
    };
    // Undefined macros of a document checked alone: gathered into one.
    std::vector<std::uint32_t> undefinedLines;
    const bool gatherMacros = !check.inStartup && document.kind == DocumentKind::Database;

    if (check.projectProblem && document.kind == DocumentKind::Project) {
        // In the project file itself: where the problem is.
        const ProjectProblem& problem = *check.projectProblem;
        const std::uint32_t line = problem.line > 0 ? problem.line - 1 : 0;
        const std::size_t column = problem.column > 0 ? problem.column - 1 : 0;
        out.push_back({{"range", rangeJson(wordRange(document, line, column, encoding))},
                       {"severity", 1},
                       {"source", "epicsdb"},
                       {"code", "project-file"},
                       {"message", problem.message}});
        return out;
    }
    if (check.projectProblem) {
        const ProjectProblem& problem = *check.projectProblem;
        json related = json::array();
        related.push_back(
            {{"location", locationJson(check.projectFile, problem.line, documents, encoding)},
             {"message", problem.message}});
        out.push_back(
            {{"range", rangeJson({{0, 0}, {0, 0}})},
             {"severity", 1},
             {"source", "epicsdb"},
             {"code", "project-file"},
             {"message", std::string(kProjectFileName) + ":" + std::to_string(problem.line) + ":" +
                             std::to_string(problem.column) + ": " + problem.message},
             {"relatedInformation", related}});
    }

    for (const Diagnostic& d : check.diagnostics) {
        // Where in this document: the diagnostic's place, or the innermost step of its chain
        // that is in this document (the include, the template's file line, the script line).
        std::optional<SourceLocation> here;
        bool elsewhere = false;
        if (inDocument(d.location.file)) {
            here = d.location;
        } else {
            for (const ContextFrame& frame : d.context)
                if (inDocument(frame.location.file)) {
                    here = frame.location;
                    elsewhere = true;
                    break;
                }
        }
        if (!here) continue;
        if (gatherMacros && d.code == "macro-undefined" && !elsewhere && here->line > 0) {
            undefinedLines.push_back(here->line - 1);
            continue;
        }
        const std::size_t line = here->line > 0 ? here->line - 1 : 0;
        const std::size_t column = here->column > 0 ? here->column - 1 : 0;
        const Range range =
            here->line > 0 ? wordRange(document, line, column, encoding) : Range{{0, 0}, {0, 0}};
        std::string message = d.message;
        json related = json::array();
        if (elsewhere) {
            message = d.location.file + ":" + std::to_string(d.location.line) + ": " + message;
            related.push_back(
                {{"location", locationJson(resolvedPath(check.workingDirectory, d.location.file),
                                           d.location.line, documents, encoding)},
                 {"message", d.message}});
        }
        for (const ContextFrame& frame : d.context) {
            if (frame.location.file.empty() || frame.location.line == 0) continue;
            related.push_back({{"location", locationJson(resolvedPath(check.workingDirectory,
                                                                      frame.location.file),
                                                         frame.location.line, documents, encoding)},
                               {"message", frame.relation}});
        }
        json data = json::object();
        for (const FixIt& fix : d.fixes) {
            message += "\n" + fix.message;
            if (!elsewhere && !data.contains("replacement")) data["replacement"] = fix.replacement;
        }
        for (const RelatedLocation& place : d.related)
            related.push_back({{"location", locationJson(resolvedPath(check.workingDirectory,
                                                                      place.location.file),
                                                         place.location.line, documents, encoding)},
                               {"message", place.message}});
        for (const std::string& note : d.notes) {
            message += "\n" + note;
            if (const auto suggestion = suggestionOf(note); suggestion && !elsewhere)
                data["replacement"] = *suggestion;
            if (const auto place = placeOf(note))
                related.push_back(
                    {{"location", locationJson(resolvedPath(check.workingDirectory, place->first),
                                               place->second, documents, encoding)},
                     {"message", note}});
        }
        json item = {{"range", rangeJson(range)},
                     {"severity", severityOf(d.severity)},
                     {"source", "epicsdb"},
                     {"message", message}};
        if (!d.code.empty()) item["code"] = d.code;
        if (!related.empty()) item["relatedInformation"] = std::move(related);
        if (!data.empty()) item["data"] = std::move(data);
        out.push_back(std::move(item));
    }

    std::sort(undefinedLines.begin(), undefinedLines.end());
    undefinedLines.erase(std::unique(undefinedLines.begin(), undefinedLines.end()),
                         undefinedLines.end());
    if (!undefinedLines.empty()) {
        std::set<std::string> defined;
        for (const MacroSetting& macro : check.macros)
            defined.insert(macro.name);
        std::set<std::string> names;
        std::optional<Range> first;
        for (const MacroReference& reference : index().macros) {
            const std::uint32_t line =
                static_cast<std::uint32_t>(document.lines.lineOf(reference.span.begin));
            if (!std::binary_search(undefinedLines.begin(), undefinedLines.end(), line) ||
                defined.count(reference.name))
                continue;
            names.insert(reference.name);
            if (!first)
                first =
                    Range{document.lines.positionOf(document.text, reference.span.begin, encoding),
                          document.lines.positionOf(document.text, reference.span.end, encoding)};
        }
        std::string list;
        for (const std::string& name : names)
            list += (list.empty() ? "" : ", ") + name;
        json related = json::array();
        for (std::size_t i = 0; i < undefinedLines.size() && i < 100; ++i)
            related.push_back(
                {{"location",
                  {{"uri", document.uri},
                   {"range", rangeJson({{undefinedLines[i], 0}, {undefinedLines[i], 0}})}}},
                 {"message", "a line with an undefined macro"}});
        const std::size_t lines = undefinedLines.size();
        out.push_back(
            {{"range",
              rangeJson(first ? *first : Range{{undefinedLines[0], 0}, {undefinedLines[0], 0}})},
             {"severity", 2},
             {"source", "epicsdb"},
             {"code", "macro-undefined"},
             {"message", "undefined macro" + std::string(names.size() == 1 ? "" : "s") + " " +
                             (list.empty() ? std::string("references") : list) + " (on " +
                             std::to_string(lines) + " line" + (lines == 1 ? "" : "s") +
                             "): a template opened alone; give them values in " +
                             std::string(kProjectFileName) + " [macros]"},
             {"relatedInformation", related}});
    }
    return out;
}

} // namespace epicsdb::lsp
