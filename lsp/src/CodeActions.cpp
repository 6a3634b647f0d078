#include "CodeActions.hpp"

#include "Protocol.hpp"

#include <algorithm>
#include <string_view>

namespace epicsdb::lsp {

namespace {
bool notAfter(Position a, Position b) {
    return a.line < b.line || (a.line == b.line && a.character <= b.character);
}

// Ranges that overlap or touch: a cursor just after a word still asks about it.
bool meet(const Range& a, const Range& b) {
    return notAfter(a.start, b.end) && notAfter(b.start, a.end);
}

// Kinds are hierarchical ("quickfix" is in "quickfix", a client asking for "refactor" gets
// none of ours).
bool wantsQuickFixes(const std::optional<std::vector<std::string>>& only) {
    if (!only) return true;
    const std::string_view ours = CodeActionKind::QuickFix;
    return std::any_of(only->begin(), only->end(), [&](const std::string& wanted) {
        return ours == wanted || ours.starts_with(wanted + ".");
    });
}

void writeAction(JsonWriter& out, const QuickFix& fix, const JsonText& diagnostic) {
    out.object([&] {
        out.member("title", fix.title);
        out.member("kind", CodeActionKind::QuickFix);
        out.key("diagnostics").array([&] { out.raw(diagnostic); });
        out.member("isPreferred", fix.preferred);
        out.key("edit").object([&] {
            out.key("changes").object([&] {
                out.key(fix.uri).array([&] {
                    out.object([&] {
                        out.member("range", fix.range);
                        out.member("newText", fix.newText);
                    });
                });
            });
        });
    });
}
} // namespace

JsonText codeActions(const std::vector<PublishedDiagnostic>& published, const Range& requested,
                     const std::optional<std::vector<std::string>>& only) {
    return jsonOf([&](JsonWriter& out) {
        out.array([&] {
            if (!wantsQuickFixes(only)) return;
            for (const PublishedDiagnostic& item : published)
                if (meet(item.range, requested))
                    for (const QuickFix& fix : item.fixes)
                        writeAction(out, fix, item.diagnostic);
        });
    });
}

} // namespace epicsdb::lsp
