// An answer that is not the one asked for: the HTTP status (400: the request is wrong, 404:
// nothing of that name, 503: the index cannot be read now) and what to tell the client, sent
// as {"error": message}.
#pragma once

#include <stdexcept>
#include <string>

namespace epicsdb::service {

class ApiError : public std::runtime_error {
public:
    ApiError(int status, const std::string& message)
        : std::runtime_error(message), status_(status) {}
    [[nodiscard]] int status() const noexcept { return status_; }

private:
    int status_;
};

[[nodiscard]] inline ApiError badRequest(const std::string& message) {
    return {400, message};
}
[[nodiscard]] inline ApiError notFound(const std::string& message) {
    return {404, message};
}
[[nodiscard]] inline ApiError unavailable(const std::string& message) {
    return {503, message};
}

} // namespace epicsdb::service
