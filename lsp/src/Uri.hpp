// file: URIs, as editors name documents, and the paths the loaders open.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace epicsdb::lsp {

// The path of a `file:` URI (percent-escapes decoded, `file://localhost/` accepted); nothing
// for another scheme or a remote host.
[[nodiscard]] std::optional<std::string> pathOfUri(std::string_view uri);
// The `file:` URI of an absolute path.
[[nodiscard]] std::string uriOfPath(std::string_view path);
// `path` made absolute (against the process's directory) and without "." and ".." steps, so
// that two spellings of one file compare equal.
[[nodiscard]] std::string normalPath(std::string_view path);

} // namespace epicsdb::lsp
