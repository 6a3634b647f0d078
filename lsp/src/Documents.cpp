#include "Documents.hpp"

#include "Uri.hpp"

#include <epicsdb/ioc/Startup.hpp>
#include <epicsdb/loaders/Inputs.hpp>

namespace epicsdb::lsp {

DocumentKind kindOfPath(std::string_view path) {
    const std::size_t slash = path.rfind('/');
    const std::string_view name = slash == std::string_view::npos ? path : path.substr(slash + 1);
    if (name == ".epicsdb.toml") return DocumentKind::Project;
    if (ioc::isStartupScriptName(name)) return DocumentKind::Startup;
    switch (loaders::inputKindOf(name)) {
    case loaders::InputKind::Definitions:
        return DocumentKind::Definitions;
    case loaders::InputKind::Substitutions:
        return DocumentKind::Substitutions;
    case loaders::InputKind::Records:
        break;
    }
    return DocumentKind::Database;
}

Document& Documents::open(std::string uri, std::string languageId, long long version,
                          std::string text) {
    close(uri);
    Document document;
    if (const std::optional<std::string> path = pathOfUri(uri)) document.path = normalPath(*path);
    document.uri = uri;
    document.languageId = std::move(languageId);
    document.version = version;
    document.text = std::move(text);
    document.lines = LineMap(document.text);
    document.kind = kindOfPath(document.path.empty() ? document.uri : document.path);
    if (!document.path.empty()) byPath_[document.path] = uri;
    return documents_[uri] = std::move(document);
}

bool Documents::change(std::string_view uri, long long version, std::vector<TextEdit> edits,
                       Encoding encoding) {
    const auto found = documents_.find(uri);
    if (found == documents_.end()) return false;
    Document& document = found->second;
    for (TextEdit& edit : edits) {
        if (!edit.range) {
            document.text = std::move(edit.text);
        } else {
            std::size_t start = document.lines.offsetOf(document.text, edit.range->start, encoding);
            std::size_t end = document.lines.offsetOf(document.text, edit.range->end, encoding);
            if (end < start) std::swap(start, end);
            document.text.replace(start, end - start, edit.text);
        }
        document.lines = LineMap(document.text);
    }
    document.version = version;
    return true;
}

bool Documents::close(std::string_view uri) {
    const auto found = documents_.find(uri);
    if (found == documents_.end()) return false;
    if (!found->second.path.empty()) byPath_.erase(found->second.path);
    documents_.erase(found);
    return true;
}

const Document* Documents::find(std::string_view uri) const {
    const auto found = documents_.find(uri);
    return found == documents_.end() ? nullptr : &found->second;
}

const Document* Documents::findPath(std::string_view path) const {
    const auto found = byPath_.find(path);
    return found == byPath_.end() ? nullptr : find(found->second);
}

std::optional<std::string_view> Documents::textOf(std::string_view path) const {
    if (byPath_.empty()) return std::nullopt;
    if (const Document* document = findPath(normalPath(path))) return document->text;
    return std::nullopt;
}

} // namespace epicsdb::lsp
