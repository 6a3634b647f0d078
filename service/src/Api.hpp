// The API's dispatch: a request's method and target to its endpoint, the endpoint run on a
// leased read-only connection inside one read transaction, and every failure answered as
// {"error": ...} with its status. Knows nothing of HTTP's wire format (HttpServer does).
#pragma once

#include "FileLines.hpp"
#include "ReaderPool.hpp"
#include "RequestTarget.hpp"
#include "UpdateState.hpp"

#include <string>
#include <string_view>

namespace epicsdb::service {

struct ApiAnswer {
    int status = 200;
    std::string body; // JSON
};

class Api {
public:
    Api(ReaderPool& readers, const UpdateState& state, std::string facilityFile,
        std::string indexFile, std::string version)
        : readers_(readers), state_(state), facilityFile_(std::move(facilityFile)),
          indexFile_(std::move(indexFile)), version_(std::move(version)) {}

    // `target` as the request line has it (path and query, percent-encoded).
    [[nodiscard]] ApiAnswer answer(std::string_view method, std::string_view target);

private:
    [[nodiscard]] std::string dispatch(const RequestTarget& request);

    ReaderPool& readers_;
    const UpdateState& state_;
    FileLines lines_;
    std::string facilityFile_;
    std::string indexFile_;
    std::string version_;
};

// The OpenAPI 3.1 document of the API (service/openapi.json, built in).
[[nodiscard]] std::string_view openApiDocument() noexcept;

} // namespace epicsdb::service
