// The endpoints of /api/v1 (docs/guide/serve.md, service/openapi.json): each reads what it
// needs from one snapshot of the index and writes its answer's JSON; a request that cannot be
// answered throws ApiError.
#pragma once

#include "FileLines.hpp"
#include "RequestTarget.hpp"
#include "Sql.hpp"
#include "UpdateState.hpp"

#include <string>

namespace epicsdb::service {

// What every endpoint may read besides the request.
struct ApiContext {
    Reader& index;            // leased for this request, inside a read transaction
    const UpdateState& state; // the updater's
    FileLines& lines;         // shared by every request
    const std::string& facilityFile;
    const std::string& indexFile;
    const std::string& version;
};

// The bounds of a list: `limit` (default 100) capped at kMaxLimit, `offset` from 0.
inline constexpr std::int64_t kDefaultLimit = 100;
inline constexpr std::int64_t kMaxLimit = 1000;

[[nodiscard]] std::string statusJson(ApiContext& context, const Parameters& parameters);
[[nodiscard]] std::string recordListJson(ApiContext& context, const Parameters& parameters);
[[nodiscard]] std::string recordJson(ApiContext& context, const std::string& name,
                                     const Parameters& parameters);
[[nodiscard]] std::string recordLinksJson(ApiContext& context, const std::string& name,
                                          const Parameters& parameters);
[[nodiscard]] std::string iocListJson(ApiContext& context, const Parameters& parameters);
[[nodiscard]] std::string iocJson(ApiContext& context, const std::string& name,
                                  const Parameters& parameters);
[[nodiscard]] std::string duplicatesJson(ApiContext& context, const Parameters& parameters);
[[nodiscard]] std::string findingsJson(ApiContext& context, const Parameters& parameters);
[[nodiscard]] std::string fileJson(ApiContext& context, const Parameters& parameters);

} // namespace epicsdb::service
