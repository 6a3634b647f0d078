#include "DiagnosticConversion.hpp"

#include "Protocol.hpp"
#include "Uri.hpp"

#include <epicsdb/CharClass.hpp>

#include <algorithm>
#include <optional>
#include <set>

namespace epicsdb::lsp {

namespace {
// The end of the word that starts at `at`, what a diagnostic's range covers: the characters
// of a .db word (chars::isDbWordChar), the bytes of UTF-8 sequences, and the macro references
// in it, whole ($(P), ${P=a b}).
std::size_t wordEnd(std::string_view text, std::size_t at) {
    int depth = 0; // of the references open
    while (at < text.size()) {
        const char c = text[at];
        if (c == '$' && at + 1 < text.size() && (text[at + 1] == '(' || text[at + 1] == '{')) {
            ++depth;
            at += 2;
            continue;
        }
        if (depth > 0)
            depth += c == '(' || c == '{' ? 1 : c == ')' || c == '}' ? -1 : 0;
        else if (!chars::isDbWordChar(c) && static_cast<unsigned char>(c) < 0x80)
            break;
        ++at;
    }
    return at;
}

std::string resolvedPath(const std::string& directory, const std::string& file) {
    if (file.empty()) return file;
    if (file.front() == '/') return normalPath(file);
    return normalPath(directory + "/" + file);
}

int severityOf(Severity severity) {
    switch (severity) {
    case Severity::Error:
        return DiagnosticSeverity::Error;
    case Severity::Warning:
        return DiagnosticSeverity::Warning;
    case Severity::Note:
        break;
    }
    return DiagnosticSeverity::Information;
}

// 1-based (0: not known) to 0-based.
std::size_t zeroBased(unsigned n) {
    return n > 0 ? n - 1 : 0;
}

// What every step needs: the check, the document shown, the documents open in the editor.
class Conversion {
public:
    Conversion(const CheckResult& check, const Document& document, const Documents& documents,
               Encoding encoding)
        : check(check), document(document), documents(documents), encoding(encoding),
          self_(document.path.empty() ? document.uri : document.path) {}

    // The file names of diagnostics are relative to the check's working directory.
    [[nodiscard]] std::string pathOf(const std::string& file) const {
        return resolvedPath(check.workingDirectory, file);
    }
    [[nodiscard]] bool inDocument(const std::string& file) const {
        return !file.empty() && (file == self_ || pathOf(file) == self_);
    }
    // The open document a file name names: the one shown, another one, or none.
    [[nodiscard]] const Document* openDocument(const std::string& file) const {
        if (inDocument(file)) return &document;
        return file.empty() ? nullptr : documents.findPath(pathOf(file));
    }

    const CheckResult& check;
    const Document& document;
    const Documents& documents;
    const Encoding encoding;

private:
    std::string self_;
};

// A line of a file that may not be open: columns are not counted (the file's text may not be
// at hand to count UTF-16 units in); the whole line when the file is open.
void writeLocation(JsonWriter& out, const Conversion& c, const SourceLocation& where) {
    const auto row = static_cast<std::uint32_t>(zeroBased(where.line));
    Range range{{row, 0}, {row, 0}};
    if (const Document* open = c.openDocument(where.file))
        range.end = open->lines.positionAt(open->text, row, std::string::npos, c.encoding);
    out.object([&] {
        out.member("uri",
                   c.inDocument(where.file) ? c.document.uri : uriOfPath(c.pathOf(where.file)));
        out.member("range", range);
    });
}

// A DiagnosticRelatedInformation.
void writeRelated(JsonWriter& out, const Conversion& c, const SourceLocation& where,
                  const std::string& message) {
    out.object([&] {
        writeLocation(out.key("location"), c, where);
        out.member("message", message);
    });
}

// The members every diagnostic has.
void writeCommon(JsonWriter& out, const Range& range, int severity, std::string_view code) {
    out.member("range", range);
    out.member("severity", severity);
    out.member("source", kDiagnosticSource);
    if (!code.empty()) out.member("code", code);
}

// Where a diagnostic shows in the document: its own place, or the innermost step of its chain
// that is in the document (the include, the template's file line, the script line).
struct Placement {
    SourceLocation here;
    bool elsewhere = false; // the diagnostic is in another file
};

std::optional<Placement> placeOf(const Conversion& c, const Diagnostic& d) {
    if (c.inDocument(d.location.file)) return Placement{d.location, false};
    for (const ContextFrame& frame : d.context)
        if (c.inDocument(frame.location.file)) return Placement{frame.location, true};
    return std::nullopt;
}

// The fix-its of an open document as edits; one in a file the editor does not have is not
// offered (its text is not at hand to count positions in).
std::vector<QuickFix> quickFixesOf(const Conversion& c, const Diagnostic& d) {
    std::vector<QuickFix> out;
    for (const FixIt& fix : d.fixes) {
        const Document* target = c.openDocument(fix.range.file);
        if (!target || fix.range.line == 0) continue;
        const SourceRange& r = fix.range;
        const bool hasEnd = r.endLine > 0;
        const Range range{
            target->lines.positionAt(target->text, zeroBased(r.line), zeroBased(r.column),
                                     c.encoding),
            target->lines.positionAt(target->text, zeroBased(hasEnd ? r.endLine : r.line),
                                     zeroBased(hasEnd ? r.endColumn : r.column), c.encoding)};
        out.push_back({fix.message, target->uri, range, fix.replacement, fix.safe});
    }
    return out;
}

PublishedDiagnostic published(JsonText diagnostic, const Range& range,
                              std::vector<QuickFix> fixes = {}) {
    return {std::move(diagnostic), range, std::move(fixes)};
}

// The project file's problem, in the project file itself: where it is.
PublishedDiagnostic projectFileProblemHere(const Conversion& c, const ProjectProblem& problem) {
    const Range range =
        wordRange(c.document, zeroBased(problem.line), zeroBased(problem.column), c.encoding);
    return published(jsonOf([&](JsonWriter& out) {
                         out.object([&] {
                             writeCommon(out, range, DiagnosticSeverity::Error, "project-file");
                             out.member("message", problem.message);
                         });
                     }),
                     range);
}

// The project file's problem, in a document it applies to: at its start, pointing there.
PublishedDiagnostic projectFileProblemOf(const Conversion& c, const ProjectProblem& problem) {
    const Range range{{0, 0}, {0, 0}};
    const SourceLocation where{c.check.projectFile, problem.line, problem.column};
    return published(jsonOf([&](JsonWriter& out) {
                         out.object([&] {
                             writeCommon(out, range, DiagnosticSeverity::Error, "project-file");
                             out.member("message", std::string(kProjectFileName) + ":" +
                                                       std::to_string(problem.line) + ":" +
                                                       std::to_string(problem.column) + ": " +
                                                       problem.message);
                             out.key("relatedInformation").array([&] {
                                 writeRelated(out, c, where, problem.message);
                             });
                         });
                     }),
                     range);
}

// One diagnostic of the check, shown at `placement`: its message with its notes and the
// messages of its fix-its, as the text output has them.
PublishedDiagnostic converted(const Conversion& c, const Diagnostic& d,
                              const Placement& placement) {
    const SourceLocation& here = placement.here;
    const Range range = here.line > 0 ? wordRange(c.document, zeroBased(here.line),
                                                  zeroBased(here.column), c.encoding)
                                      : Range{{0, 0}, {0, 0}};
    std::string message = d.message;
    if (placement.elsewhere)
        message = d.location.file + ":" + std::to_string(d.location.line) + ": " + message;
    for (const std::string& note : d.notes)
        message += "\n" + note;
    for (const FixIt& fix : d.fixes)
        message += "\n" + fix.message;
    auto shown = [](const SourceLocation& where) { return !where.file.empty() && where.line > 0; };
    const bool hasRelated =
        placement.elsewhere ||
        std::any_of(d.context.begin(), d.context.end(),
                    [&](const ContextFrame& frame) { return shown(frame.location); }) ||
        std::any_of(d.related.begin(), d.related.end(),
                    [&](const RelatedLocation& other) { return shown(other.location); });
    JsonText item = jsonOf([&](JsonWriter& out) {
        out.object([&] {
            writeCommon(out, range, severityOf(d.severity), d.code);
            out.member("message", message);
            if (!hasRelated) return;
            out.key("relatedInformation").array([&] {
                if (placement.elsewhere) writeRelated(out, c, d.location, d.message);
                for (const ContextFrame& frame : d.context)
                    if (shown(frame.location)) writeRelated(out, c, frame.location, frame.relation);
                for (const RelatedLocation& other : d.related)
                    if (shown(other.location)) writeRelated(out, c, other.location, other.message);
            });
        });
    });
    return published(std::move(item), range, quickFixesOf(c, d));
}

// The undefined macros of a template checked alone, on the (sorted, distinct, 0-based)
// `lines`: one warning naming them, each line a related location.
PublishedDiagnostic gatheredUndefinedMacros(const Conversion& c,
                                            const std::vector<std::uint32_t>& lines,
                                            const DocumentIndex& index) {
    constexpr std::size_t kMostLinesListed = 100;
    const Document& document = c.document;
    std::set<std::string> defined;
    for (const MacroSetting& macro : c.check.macros)
        defined.insert(macro.name);
    std::set<std::string> names;
    std::optional<Range> first;
    for (const MacroReference& reference : index.macros) {
        const auto line = static_cast<std::uint32_t>(document.lines.lineOf(reference.span.begin));
        if (!std::binary_search(lines.begin(), lines.end(), line) || defined.count(reference.name))
            continue;
        names.insert(reference.name);
        if (!first)
            first =
                Range{document.lines.positionOf(document.text, reference.span.begin, c.encoding),
                      document.lines.positionOf(document.text, reference.span.end, c.encoding)};
    }
    std::string list;
    for (const std::string& name : names)
        list += (list.empty() ? "" : ", ") + name;
    const std::size_t count = lines.size();
    const Range range = first ? *first : Range{{lines[0], 0}, {lines[0], 0}};
    const std::string message = "undefined macro" + std::string(names.size() == 1 ? "" : "s") +
                                " " + (list.empty() ? std::string("references") : list) + " (on " +
                                std::to_string(count) + " line" + (count == 1 ? "" : "s") +
                                "): a template opened alone; give them values in " +
                                std::string(kProjectFileName) + " [macros]";
    return published(
        jsonOf([&](JsonWriter& out) {
            out.object([&] {
                writeCommon(out, range, DiagnosticSeverity::Warning, "macro-undefined");
                out.member("message", message);
                out.key("relatedInformation").array([&] {
                    for (std::size_t i = 0; i < lines.size() && i < kMostLinesListed; ++i)
                        out.object([&] {
                            out.key("location").object([&] {
                                out.member("uri", document.uri);
                                out.member("range", Range{{lines[i], 0}, {lines[i], 0}});
                            });
                            out.member("message", "a line with an undefined macro");
                        });
                });
            });
        }),
        range);
}
} // namespace

Range wordRange(const Document& document, std::size_t line, std::size_t column, Encoding encoding) {
    const std::string_view text = document.lines.line(document.text, line);
    column = std::min(column, text.size());
    std::size_t end = column;
    if (column < text.size() && text[column] == '"') {
        // A string: its content, where a fix-it of the value applies.
        const std::size_t close = text.find('"', column + 1);
        ++column;
        end = close == std::string_view::npos ? text.size() : close;
    } else {
        end = wordEnd(text, column);
    }
    if (end == column) {
        // Nothing that reads as a word: the rest of the line, or the whole line at its end.
        if (column >= text.size()) column = 0;
        end = text.size();
    }
    return {document.lines.positionAt(document.text, line, column, encoding),
            document.lines.positionAt(document.text, line, end, encoding)};
}

std::vector<PublishedDiagnostic>
toLspDiagnostics(const CheckResult& check, const Document& document,
                 const std::function<const DocumentIndex&()>& index, const Documents& documents,
                 Encoding encoding) {
    const Conversion c(check, document, documents, encoding);
    std::vector<PublishedDiagnostic> out;
    if (check.projectProblem && document.kind == DocumentKind::Project) {
        out.push_back(projectFileProblemHere(c, *check.projectProblem));
        return out;
    }
    if (check.projectProblem) out.push_back(projectFileProblemOf(c, *check.projectProblem));

    // A document checked alone has its undefined macros gathered into one.
    const bool gatherMacros = !check.inStartup && document.kind == DocumentKind::Database;
    std::vector<std::uint32_t> undefinedLines;
    for (const Diagnostic& d : check.diagnostics) {
        const std::optional<Placement> placement = placeOf(c, d);
        if (!placement) continue;
        if (gatherMacros && d.code == "macro-undefined" && !placement->elsewhere &&
            placement->here.line > 0) {
            undefinedLines.push_back(static_cast<std::uint32_t>(placement->here.line - 1));
            continue;
        }
        out.push_back(converted(c, d, *placement));
    }
    std::sort(undefinedLines.begin(), undefinedLines.end());
    undefinedLines.erase(std::unique(undefinedLines.begin(), undefinedLines.end()),
                         undefinedLines.end());
    if (!undefinedLines.empty()) out.push_back(gatheredUndefinedMacros(c, undefinedLines, index()));
    return out;
}

JsonText diagnosticsJson(const std::vector<PublishedDiagnostic>& published) {
    return jsonOf([&](JsonWriter& out) {
        out.array([&] {
            for (const PublishedDiagnostic& item : published)
                out.raw(item.diagnostic);
        });
    });
}

} // namespace epicsdb::lsp
