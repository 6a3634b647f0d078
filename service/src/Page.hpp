// One page of a list: ?limit=N&offset=K. A limit above kMaxLimit is taken as kMaxLimit (a
// client asking for everything gets the first kMaxLimit and the total), not refused.
#pragma once

#include "Endpoints.hpp"
#include "JsonOut.hpp"

namespace epicsdb::service {

struct Page {
    std::int64_t limit = kDefaultLimit;
    std::int64_t offset = 0;

    [[nodiscard]] static Page of(const Parameters& parameters,
                                 std::int64_t defaultLimit = kDefaultLimit);
    // "total", "limit", "offset"
    void writeMembers(JsonOut& json, std::int64_t total) const {
        json.member("total", total).member("limit", limit).member("offset", offset);
    }
};

} // namespace epicsdb::service
