// textDocument/codeAction: one quick fix per fix-it of the published diagnostics whose range
// meets the range asked about.
#pragma once

#include "DiagnosticConversion.hpp"

#include <nlohmann/json.hpp>

#include <vector>

namespace epicsdb::lsp {

// `only`: the request's context.only (the kinds the client wants; null: any).
[[nodiscard]] nlohmann::json codeActions(const std::vector<PublishedDiagnostic>& published,
                                         const Range& requested, const nlohmann::json& only);

} // namespace epicsdb::lsp
