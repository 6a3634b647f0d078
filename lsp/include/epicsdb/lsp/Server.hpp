// `epicsdb lsp`: a Language Server (LSP 3.17) for EPICS databases, substitution files, .dbd
// files and IOC startup scripts. The server is a state machine over JSON-RPC messages: each
// message in, zero or more messages out (responses, diagnostics), through `Send`; it never
// blocks, prints or exits by itself. serve() runs it over a pair of streams (stdio).
//
// Bad input is answered, never fatal: a body that is not JSON gets ParseError (-32700), a
// message that is not a request InvalidRequest (-32600), an unknown method MethodNotFound
// (-32601), bad parameters or a document that is not open InvalidParams (-32602), a request
// before `initialize` ServerNotInitialized (-32002). Notifications are never answered.
#pragma once

#include <epicsdb/export.h>

#include <functional>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace epicsdb::lsp {

struct ServerOptions {
    // Threads a check may use (LoaderOptions::jobs; 0: every core).
    unsigned jobs = 0;
    std::string version = "0"; // serverInfo.version
};

class EPICSDB_API Server {
public:
    // Gets the body of every message the server sends.
    using Send = std::function<void(std::string)>;

    explicit Server(Send send, ServerOptions options = {});
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    // One message from the client (its body).
    void handle(std::string_view body);
    // A frame that could not be read: answered with a ParseError.
    void badFrame(std::string_view problem);

    // `exit` was received: stop reading. The exit status: 0 after `shutdown`, 1 otherwise.
    [[nodiscard]] bool exited() const noexcept;
    [[nodiscard]] int exitStatus() const noexcept;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Reads framed messages from `in` until `exit` or the end of the stream and writes framed
// messages to `out`. Returns the exit status: 0 after shutdown and exit, 1 otherwise (the
// stream ended first, or exit came without shutdown).
EPICSDB_API int serve(std::istream& in, std::ostream& out, ServerOptions options = {});

} // namespace epicsdb::lsp
