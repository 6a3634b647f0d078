// The documents the editor has open: their unsaved text, version and language, changed by
// full or incremental edits; and, as a FileOverlay, the texts the loads read instead of the
// files on disk.
#pragma once

#include "TextPositions.hpp"

#include <epicsdb/loaders/FileOverlay.hpp>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::lsp {

enum class DocumentKind { Database, Substitutions, Definitions, Startup, Project };

// What a file is, by its name: .dbd definitions, .substitutions (and .substitution, .sub,
// .subs) substitution files, st.cmd and .cmd/.iocsh startup scripts, else records.
[[nodiscard]] DocumentKind kindOfPath(std::string_view path);

struct Document {
    std::string uri;
    std::string path; // normalPath of the URI's path; empty for a URI that is not a file
    std::string languageId;
    std::string text;
    long long version = 0;
    LineMap lines;
    DocumentKind kind = DocumentKind::Database;
};

// One edit of textDocument/didChange: the whole text (no range) or a range replaced.
struct TextEdit {
    std::optional<Range> range;
    std::string text;
};

class Documents final : public loaders::FileOverlay {
public:
    Document& open(std::string uri, std::string languageId, long long version, std::string text);
    // False when the document is not open.
    bool change(std::string_view uri, long long version, std::vector<TextEdit> edits,
                Encoding encoding);
    bool close(std::string_view uri);
    [[nodiscard]] const Document* find(std::string_view uri) const;
    [[nodiscard]] const Document* findPath(std::string_view path) const;
    [[nodiscard]] const std::map<std::string, Document, std::less<>>& all() const noexcept {
        return documents_;
    }

    [[nodiscard]] std::optional<std::string_view> textOf(std::string_view path) const override;

private:
    std::map<std::string, Document, std::less<>> documents_; // by URI
    std::map<std::string, std::string, std::less<>> byPath_; // path -> URI
};

} // namespace epicsdb::lsp
