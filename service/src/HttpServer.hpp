// HTTP for the API, by cpp-httplib (kept out of every other file): a listening socket, a pool
// of worker threads, the bounds that keep a slow, stuck or hostile client from holding a
// worker or memory (timeouts, request line and header sizes, no request bodies), and every
// answer as JSON, the errors httplib finds itself (a malformed request line, a URI too long)
// included. Requests go to the Api.
#pragma once

#include "Api.hpp"

#include <memory>
#include <string>
#include <thread>

namespace epicsdb::service {

class HttpServer {
public:
    HttpServer(Api& api, unsigned workers);
    ~HttpServer(); // stop(), then the listening thread joined
    HttpServer(const HttpServer&) = delete;
    HttpServer& operator=(const HttpServer&) = delete;

    // Binds `address`:`port` (0: a free port). The port bound, or nothing (`error` says why).
    [[nodiscard]] std::optional<int> bind(const std::string& address, int port, std::string& error);
    // Serves on a thread of its own until stop().
    void start();
    // No new connections; the requests under way end first.
    void stop();

private:
    struct Library;
    std::unique_ptr<Library> library_;
    int listening_ = -1; // the listening socket (httplib's), once bound
    std::thread listener_;
};

} // namespace epicsdb::service
