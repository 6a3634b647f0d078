// The editor features over open documents: hover, completion, go to definition, references,
// document symbols and formatting (the code actions are CodeActions.hpp's). Each is a function of
// the open documents (their text, index and last check) and a position; results are LSP JSON text.
#pragma once

#include "Checker.hpp"
#include "DocumentIndex.hpp"
#include "Documents.hpp"
#include "JsonText.hpp"

#include <vector>

namespace epicsdb::lsp {

struct OpenDocument {
    const Document* document = nullptr;
    const DocumentIndex* index = nullptr;
    const CheckResult* check = nullptr; // its last check (never null once opened)
};

struct FeatureContext {
    Encoding encoding = Encoding::Utf16;
    // Places in hovers as links (the client takes Markdown hovers), else as plain file:line.
    bool markdownLinks = true;
    std::vector<OpenDocument> open;
    const Documents* documents = nullptr;
    // The document asked about.
    [[nodiscard]] const OpenDocument* find(std::string_view uri) const;
};

// The target record of a link value ("x:y.VAL NPP NMS" -> "x:y"); empty for a constant, a
// hardware address, a JSON link or a macro-only value.
[[nodiscard]] std::string linkTarget(std::string_view value);

[[nodiscard]] JsonText hover(const FeatureContext& context, const OpenDocument& document,
                             Position position);
[[nodiscard]] JsonText completion(const FeatureContext& context, const OpenDocument& document,
                                  Position position);
[[nodiscard]] JsonText definition(const FeatureContext& context, const OpenDocument& document,
                                  Position position);
[[nodiscard]] JsonText references(const FeatureContext& context, const OpenDocument& document,
                                  Position position, bool includeDeclaration);
[[nodiscard]] JsonText documentSymbols(const FeatureContext& context, const OpenDocument& document);
// The edits of textDocument/formatting; `error` is set when the text cannot be formatted.
[[nodiscard]] JsonText formatting(const FeatureContext& context, const OpenDocument& document,
                                  std::string& error);

} // namespace epicsdb::lsp
