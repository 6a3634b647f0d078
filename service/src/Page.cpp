#include "Page.hpp"

#include "ApiError.hpp"

#include <algorithm>

namespace epicsdb::service {

namespace {
constexpr std::int64_t kMaxOffset = 1'000'000'000'000;
}

Page Page::of(const Parameters& parameters, std::int64_t defaultLimit) {
    Page page;
    page.limit = defaultLimit;
    if (const auto limit = parameters.text("limit", 64)) {
        // Digits only; any number of them is a limit, capped.
        if (limit->empty() || limit->find_first_not_of("0123456789") != std::string::npos)
            throw badRequest("limit must be a whole number (at most " + std::to_string(kMaxLimit) +
                             " is used)");
        const std::string_view digits =
            std::string_view(*limit).substr(std::min(limit->find_first_not_of('0'), limit->size()));
        page.limit = digits.size() > 9
                         ? kMaxLimit
                         : std::min<std::int64_t>(
                               std::stoll(std::string("0") + std::string(digits)), kMaxLimit);
    }
    page.offset = parameters.integer("offset", 0, kMaxOffset).value_or(0);
    return page;
}

} // namespace epicsdb::service
