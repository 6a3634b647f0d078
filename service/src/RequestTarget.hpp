// A request's target ("/api/v1/records/demo%3Aai1?defaults=1") read strictly: the path cut
// into segments at '/' before each is percent-decoded (a record name may hold an encoded '/'),
// the query into parameters ('+' is a space there). Bad percent-encoding, NUL and control
// bytes, a parameter given twice, too many parameters: ApiError 400, never a guess.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace epicsdb::service {

class Parameters {
public:
    Parameters() = default;
    explicit Parameters(std::vector<std::pair<std::string, std::string>> items)
        : items_(std::move(items)) {}

    // Any parameter not named here is a 400 (a misspelt filter must not match everything).
    void allowOnly(std::initializer_list<std::string_view> names) const;

    // The value, when given; longer than `maxLength` bytes is a 400.
    [[nodiscard]] std::optional<std::string> text(std::string_view name,
                                                  std::size_t maxLength = 1024) const;
    // A whole number from `min` to `max`, when given; anything else is a 400.
    [[nodiscard]] std::optional<std::int64_t> integer(std::string_view name, std::int64_t min,
                                                      std::int64_t max) const;
    // 1/true/yes or 0/false/no (absent: false).
    [[nodiscard]] bool flag(std::string_view name) const;

private:
    [[nodiscard]] const std::string* find(std::string_view name) const;
    std::vector<std::pair<std::string, std::string>> items_;
};

struct RequestTarget {
    std::vector<std::string> segments; // decoded; "/api/v1/iocs" -> api, v1, iocs
    Parameters parameters;
};

// At most this many parameters in a query.
inline constexpr std::size_t kMaxParameters = 16;

[[nodiscard]] RequestTarget parseRequestTarget(std::string_view target);

} // namespace epicsdb::service
