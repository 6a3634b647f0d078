#include "Api.hpp"

#include "ApiError.hpp"
#include "Endpoints.hpp"
#include "JsonOut.hpp"

#include <functional>
#include <new>

namespace epicsdb::service {

namespace {
const char* const kNoEndpoint =
    "no such endpoint: the API is under /api/v1/ (status, records, records/{name}, "
    "records/{name}/links, iocs, iocs/{name}, duplicates, findings, files, openapi.json)";

bool isEndpoint(const RequestTarget& request, std::initializer_list<std::string_view> path) {
    if (request.segments.size() != path.size() + 2) return false;
    std::size_t i = 2;
    for (std::string_view segment : path) {
        // An empty element stands for a name: any segment but an empty one.
        if (segment.empty() ? request.segments[i].empty() : request.segments[i] != segment)
            return false;
        ++i;
    }
    return true;
}
} // namespace

ApiAnswer Api::answer(std::string_view method, std::string_view target) {
    try {
        if (method != "GET" && method != "HEAD")
            throw ApiError(405, "the API is read-only: only GET (and HEAD) requests");
        const RequestTarget request = parseRequestTarget(target);
        if (request.segments.size() < 3 || request.segments[0] != "api" ||
            request.segments[1] != "v1")
            throw notFound(kNoEndpoint);
        if (isEndpoint(request, {"openapi.json"})) {
            request.parameters.allowOnly({});
            return {200, std::string(openApiDocument())};
        }
        return {200, dispatch(request)};
    } catch (const ApiError& error) {
        return {error.status(), errorJson(error.what())};
    } catch (const std::bad_alloc&) {
        return {503, errorJson("out of memory")};
    } catch (const std::exception& error) {
        return {500, errorJson(std::string("internal error: ") + error.what())};
    }
}

std::string Api::dispatch(const RequestTarget& request) {
    // The endpoint first (an unknown one is a 404 even when the index cannot be read).
    const Parameters& parameters = request.parameters;
    const auto& segments = request.segments;
    std::function<std::string(ApiContext&)> endpoint;
    if (isEndpoint(request, {"status"}))
        endpoint = [&](ApiContext& c) { return statusJson(c, parameters); };
    else if (isEndpoint(request, {"records"}))
        endpoint = [&](ApiContext& c) { return recordListJson(c, parameters); };
    else if (isEndpoint(request, {"records", ""}))
        endpoint = [&](ApiContext& c) { return recordJson(c, segments[3], parameters); };
    else if (isEndpoint(request, {"records", "", "links"}))
        endpoint = [&](ApiContext& c) { return recordLinksJson(c, segments[3], parameters); };
    else if (isEndpoint(request, {"iocs"}))
        endpoint = [&](ApiContext& c) { return iocListJson(c, parameters); };
    else if (isEndpoint(request, {"iocs", ""}))
        endpoint = [&](ApiContext& c) { return iocJson(c, segments[3], parameters); };
    else if (isEndpoint(request, {"duplicates"}))
        endpoint = [&](ApiContext& c) { return duplicatesJson(c, parameters); };
    else if (isEndpoint(request, {"findings"}))
        endpoint = [&](ApiContext& c) { return findingsJson(c, parameters); };
    else if (isEndpoint(request, {"files"}))
        endpoint = [&](ApiContext& c) { return fileJson(c, parameters); };
    else
        throw notFound(kNoEndpoint);

    const auto lease = readers_.lease();
    const ReadTransaction snapshot(*lease);
    ApiContext context{*lease, state_, lines_, facilityFile_, indexFile_, version_};
    return endpoint(context);
}

} // namespace epicsdb::service
