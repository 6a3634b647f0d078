// The library's diagnostics (1-based line, byte column, a context chain, notes) as LSP
// diagnostics of one document: a range over the word at the column, the severity, the code,
// the chain and "first definition at" notes as related locations, and "did you mean" notes
// kept as data for the code actions. A diagnostic of another file (an include, a template,
// a database a startup script loads) is shown where the document leads to it.
#pragma once

#include "Checker.hpp"
#include "DocumentIndex.hpp"
#include "Documents.hpp"

#include <nlohmann/json.hpp>

#include <functional>

namespace epicsdb::lsp {

// The range of the word or string that starts at byte `column` (0-based) of `line`.
[[nodiscard]] Range wordRange(const Document& document, std::size_t line, std::size_t column,
                              Encoding encoding);

// Every diagnostic of `check` that belongs to `document`, as the items of
// textDocument/publishDiagnostics. Checked alone, a template's undefined macros are one
// diagnostic (the names, the lines as related locations), not one per line.
// `index` gives the document's index (made only when it is needed).
[[nodiscard]] nlohmann::json toLspDiagnostics(const CheckResult& check, const Document& document,
                                              const std::function<const DocumentIndex&()>& index,
                                              const Documents& documents, Encoding encoding);

} // namespace epicsdb::lsp
