#include "CodeActions.hpp"

#include "Protocol.hpp"
#include "RangeJson.hpp"

#include <string_view>

namespace epicsdb::lsp {

using nlohmann::json;

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
bool wantsQuickFixes(const json& only) {
    if (!only.is_array()) return true;
    const std::string_view ours = CodeActionKind::QuickFix;
    for (const json& kind : only)
        if (kind.is_string()) {
            const std::string& wanted = kind.get_ref<const std::string&>();
            if (ours == wanted || ours.starts_with(wanted + ".")) return true;
        }
    return false;
}

json actionJson(const QuickFix& fix, const json& diagnostic) {
    const json edit = {{"range", rangeJson(fix.range)}, {"newText", fix.newText}};
    return {{"title", fix.title},
            {"kind", CodeActionKind::QuickFix},
            {"diagnostics", json::array({diagnostic})},
            {"isPreferred", fix.preferred},
            {"edit", {{"changes", {{fix.uri, json::array({edit})}}}}}};
}
} // namespace

json codeActions(const std::vector<PublishedDiagnostic>& published, const Range& requested,
                 const json& only) {
    json out = json::array();
    if (!wantsQuickFixes(only)) return out;
    for (const PublishedDiagnostic& item : published)
        if (meet(item.range, requested))
            for (const QuickFix& fix : item.fixes)
                out.push_back(actionJson(fix, item.diagnostic));
    return out;
}

} // namespace epicsdb::lsp
