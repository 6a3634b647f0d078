// textDocument/codeAction: one quick fix per fix-it of the published diagnostics whose range
// meets the range asked about.
#pragma once

#include "DiagnosticConversion.hpp"
#include "JsonText.hpp"

#include <string>
#include <vector>

namespace epicsdb::lsp {

// `only`: the request's context.only, the kinds the client wants (none given: any).
[[nodiscard]] JsonText codeActions(const std::vector<PublishedDiagnostic>& published,
                                   const Range& requested,
                                   const std::optional<std::vector<std::string>>& only);

} // namespace epicsdb::lsp
