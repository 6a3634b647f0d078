// The library's diagnostics (1-based line, byte column, a context chain, related places,
// fix-its) as LSP diagnostics of one document: a range over the word at the column, the
// severity, the code, the chain and the related places as related locations, and the fix-its
// as quick fixes in the document's position encoding, kept for textDocument/codeAction. A
// diagnostic of another file (an include, a template, a database a startup script loads) is
// shown where the document leads to it.
#pragma once

#include "Checker.hpp"
#include "DocumentIndex.hpp"
#include "Documents.hpp"
#include "JsonText.hpp"

#include <functional>
#include <string>
#include <vector>

namespace epicsdb::lsp {

// A fix-it as an edit of an open document.
struct QuickFix {
    std::string title; // the fix-it's message: `did you mean "DESC"?`
    std::string uri;   // the document the edit changes (the one shown, or an open include)
    Range range;
    std::string newText;
    bool preferred = false; // the fix-it is safe
};

// One diagnostic as published, and its quick fixes.
struct PublishedDiagnostic {
    JsonText diagnostic; // the LSP Diagnostic
    Range range;
    std::vector<QuickFix> fixes;
};

// The range of the word or string that starts at byte `column` (0-based) of `line`.
[[nodiscard]] Range wordRange(const Document& document, std::size_t line, std::size_t column,
                              Encoding encoding);

// Every diagnostic of `check` that belongs to `document`. Checked alone, a template's
// undefined macros are one diagnostic (the names, the lines as related locations), not one
// per line. `index` gives the document's index (made only when it is needed).
[[nodiscard]] std::vector<PublishedDiagnostic>
toLspDiagnostics(const CheckResult& check, const Document& document,
                 const std::function<const DocumentIndex&()>& index, const Documents& documents,
                 Encoding encoding);

// The items of textDocument/publishDiagnostics.
[[nodiscard]] JsonText diagnosticsJson(const std::vector<PublishedDiagnostic>& published);

} // namespace epicsdb::lsp
