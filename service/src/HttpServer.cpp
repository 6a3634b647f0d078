#include "HttpServer.hpp"

#include "JsonOut.hpp"

#include <httplib.h>

#include <sys/socket.h>

#include <cerrno>
#include <chrono>
#include <cstring>

namespace epicsdb::service {

namespace {
// A client has this long for each read and write of its request and answer, and an idle
// kept-alive connection holds its worker this long at most. (httplib bounds the request line
// and each header line to 8 KiB itself, and answers 414 and 400 beyond.)
constexpr time_t kReadTimeoutSeconds = 5;
constexpr time_t kWriteTimeoutSeconds = 5;
constexpr time_t kKeepAliveSeconds = 2;
// A worker serves one connection at a time: a kept-alive connection gives its worker back
// after this many requests, so that a client arriving while every worker is busy (the 65th
// of 64) is served within a fraction of a second rather than when the others stop.
constexpr std::size_t kKeepAliveRequests = 50;
// Connections the system holds for accept(): httplib listens with a backlog of 5, and a burst
// of clients past it waits for SYN retransmission (a second or more).
constexpr int kListenBacklog = 1024;
// The API takes no request body; one that is sent is read (and dropped) up to this size.
constexpr std::size_t kMaxBody = 64 * 1024;

void setJson(httplib::Response& response, int status, std::string body) {
    response.status = status;
    response.set_content(std::move(body), "application/json");
}

// What the errors httplib finds by itself are (it has no public table of reason phrases).
std::string errorText(int status) {
    switch (status) {
    case 400:
        return "malformed request (request line or headers)";
    case 404:
        return "no such endpoint";
    case 413:
        return "request body too large";
    case 414:
        return "request line too long";
    case 416:
        return "bad range";
    default:
        return "HTTP status " + std::to_string(status);
    }
}

bool hasBody(const httplib::Request& request) {
    return request.has_header("Transfer-Encoding") ||
           (request.has_header("Content-Length") &&
            request.get_header_value("Content-Length") != "0");
}
} // namespace

struct HttpServer::Library {
    httplib::Server server;
};

HttpServer::HttpServer(Api& api, unsigned workers) : library_(std::make_unique<Library>()) {
    httplib::Server& server = library_->server;
    server.new_task_queue = [workers] { return new httplib::ThreadPool(workers); };
    server.set_read_timeout(kReadTimeoutSeconds, 0);
    server.set_write_timeout(kWriteTimeoutSeconds, 0);
    server.set_keep_alive_timeout(kKeepAliveSeconds);
    server.set_keep_alive_max_count(kKeepAliveRequests);
    server.set_payload_max_length(kMaxBody);
    // SO_REUSEADDR (a restart binds at once, past the old connections' TIME_WAIT), not
    // httplib's default SO_REUSEPORT, with which a second server on the same port would bind
    // too and share its connections.
    server.set_socket_options([this](socket_t socket) {
        const int yes = 1;
        ::setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        listening_ = socket;
    });
    // httplib writes an answer's headers and body apart: without TCP_NODELAY the body waits
    // for the client's delayed acknowledgement of the headers (40 ms on Linux).
    server.set_tcp_nodelay(true);
    server.set_default_headers(
        {{"Cache-Control", "no-store"}, {"X-Content-Type-Options", "nosniff"}});
    // Every request of the API is answered here, before httplib's own routing (its route
    // patterns are regular expressions; ours is a plain split of the path). A request with a
    // body goes on to httplib, which reads the body (within kMaxBody) and answers an error.
    server.set_pre_routing_handler(
        [&api](const httplib::Request& request, httplib::Response& response) {
            if (hasBody(request)) return httplib::Server::HandlerResponse::Unhandled;
            ApiAnswer answer = api.answer(request.method, request.target);
            setJson(response, answer.status, std::move(answer.body));
            return httplib::Server::HandlerResponse::Handled;
        });
    // The errors httplib answers by itself, as JSON too.
    server.set_error_handler(httplib::Server::HandlerWithResponse(
        [](const httplib::Request& request, httplib::Response& response) {
            if (!response.body.empty()) return httplib::Server::HandlerResponse::Unhandled;
            if (request.method != "GET" && request.method != "HEAD" && !request.method.empty()) {
                setJson(response, 405,
                        errorJson("the API is read-only: only GET (and HEAD) requests"));
            } else if (hasBody(request) && response.status != 413) {
                setJson(response, 400, errorJson("the API takes no request body"));
            } else {
                setJson(response, response.status, errorJson(errorText(response.status)));
            }
            return httplib::Server::HandlerResponse::Handled;
        }));
    server.set_exception_handler(
        [](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
            setJson(response, 500, errorJson("internal error"));
        });
}

HttpServer::~HttpServer() {
    stop();
    if (listener_.joinable()) listener_.join();
}

std::optional<int> HttpServer::bind(const std::string& address, int port, std::string& error) {
    errno = 0;
    const int bound = port == 0 ? library_->server.bind_to_any_port(address)
                                : (library_->server.bind_to_port(address, port) ? port : -1);
    // listen() again on the bound socket raises its backlog (Linux takes the new one).
    if (bound >= 0 && listening_ >= 0) ::listen(listening_, kListenBacklog);
    if (bound < 0) {
        error = "cannot listen on " + address + ":" + std::to_string(port) +
                (errno ? std::string(": ") + std::strerror(errno) : std::string());
        return std::nullopt;
    }
    return bound;
}

void HttpServer::start() {
    listener_ = std::thread([this] {
        library_->server.listen_after_bind();
        listenerDone_ = true;
    });
    // Until the thread listens: httplib's stop() does nothing to a server not yet running, and
    // a stop() that came first would leave the thread to listen for ever.
    while (!library_->server.is_running() && !listenerDone_)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

void HttpServer::stop() {
    library_->server.stop();
}

} // namespace epicsdb::service
