#include <epicsdb/lsp/Server.hpp>

#include <epicsdb/lsp/Framing.hpp>

#include "Checker.hpp"
#include "DiagnosticConversion.hpp"
#include "DocumentIndex.hpp"
#include "Documents.hpp"
#include "Features.hpp"
#include "Uri.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <new>
#include <optional>
#include <set>
#include <stdexcept>

namespace epicsdb::lsp {

using nlohmann::json;

namespace {
// JSON-RPC and LSP error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
constexpr int kServerNotInitialized = -32002;
constexpr int kRequestFailed = -32803;
// No LSP message nests deeper; deeper JSON is refused before anything copies it (copies and
// dumps of JSON recurse).
constexpr int kMaxDepth = 64;

struct TooDeep : std::runtime_error {
    TooDeep() : std::runtime_error("the message nests deeper than 64 levels") {}
};

// An error to answer a request with.
struct RequestError : std::runtime_error {
    RequestError(int code, const std::string& message) : std::runtime_error(message), code(code) {}
    int code;
};

const json& member(const json& object, const char* name) {
    if (!object.is_object() || !object.contains(name))
        throw RequestError(kInvalidParams, std::string("missing '") + name + "'");
    return object[name];
}

std::string stringMember(const json& object, const char* name) {
    const json& value = member(object, name);
    if (!value.is_string())
        throw RequestError(kInvalidParams, std::string("'") + name + "' must be a string");
    return value.get<std::string>();
}

Position positionOf(const json& value) {
    const json& line = member(value, "line");
    const json& character = member(value, "character");
    if (!line.is_number_unsigned() || !character.is_number_unsigned())
        throw RequestError(kInvalidParams,
                           "a position's line and character must be unsigned integers");
    return {
        static_cast<std::uint32_t>(std::min<std::uint64_t>(line.get<std::uint64_t>(), UINT32_MAX)),
        static_cast<std::uint32_t>(
            std::min<std::uint64_t>(character.get<std::uint64_t>(), UINT32_MAX))};
}

// What the server keeps of an open document besides its text: its last check, and the index
// of its text, made when a feature (or a diagnostic) first needs it after a change.
struct DocumentState {
    CheckResult check;
    std::optional<DocumentIndex> index;

    const DocumentIndex& indexOf(const Document& document) {
        if (!index)
            index = document.kind == DocumentKind::Substitutions ? indexSubstitutions(document.text)
                                                                 : indexDatabase(document.text);
        return *index;
    }
};
} // namespace

struct Server::Impl {
    Impl(Send send, ServerOptions options) : send(std::move(send)), options(std::move(options)) {}

    enum class State { Uninitialized, Running, ShutDown, Exited };
    Send send;
    ServerOptions options;
    State state = State::Uninitialized;
    bool shutdownRequested = false;
    Encoding encoding = Encoding::Utf16;
    std::string workspaceRoot;
    Documents documents;
    std::map<std::string, DocumentState, std::less<>> states; // by URI

    void respond(const json& id, json result) {
        send(json{{"jsonrpc", "2.0"}, {"id", id}, {"result", std::move(result)}}.dump(
            -1, ' ', false, json::error_handler_t::replace));
    }
    void fail(const json& id, int code, const std::string& message) {
        send(json{{"jsonrpc", "2.0"}, {"id", id}, {"error", {{"code", code}, {"message", message}}}}
                 .dump(-1, ' ', false, json::error_handler_t::replace));
    }
    void notify(const std::string& method, json params) {
        send(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}}.dump(
            -1, ' ', false, json::error_handler_t::replace));
    }

    void handle(std::string_view body);
    void dispatch(const std::string& method, const json& params, const json* id);
    json request(const std::string& method, const json& params);
    void notification(const std::string& method, const json& params);
    json initialize(const json& params);

    // Checks a document again and publishes its diagnostics; then the open documents that
    // read it (a template, an include) are checked again too.
    void recheck(const std::string& uri, bool dependents);
    void publish(const std::string& uri);
    FeatureContext context();
    const OpenDocument requireDocument(const FeatureContext& context, const json& params) const;
};

void Server::Impl::handle(std::string_view body) {
    json message;
    try {
        message = json::parse(body, [](int depth, json::parse_event_t, json&) {
            if (depth > kMaxDepth) throw TooDeep();
            return true;
        });
    } catch (const json::parse_error& error) {
        fail(nullptr, kParseError, std::string("the message is not JSON: ") + error.what());
        return;
    } catch (const TooDeep& error) {
        fail(nullptr, kParseError, error.what());
        return;
    }
    const json* id = nullptr;
    if (message.is_object() && message.contains("id")) {
        const json& given = message["id"];
        if (given.is_string() || given.is_number_integer() || given.is_null()) id = &given;
    }
    if (!message.is_object() || message.value("jsonrpc", json()) != "2.0") {
        fail(id ? *id : json(nullptr), kInvalidRequest,
             "not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")");
        return;
    }
    if (!message.contains("method")) {
        // A response to a request of ours (we send none that need one): nothing to do. An
        // object that is neither is refused.
        if (message.contains("id") && (message.contains("result") || message.contains("error")))
            return;
        fail(id ? *id : json(nullptr), kInvalidRequest, "a message without a method");
        return;
    }
    if (!message["method"].is_string()) {
        if (id) fail(*id, kInvalidRequest, "the method must be a string");
        return;
    }
    if (message.contains("id") && !id) {
        fail(nullptr, kInvalidRequest, "a request id must be a number or a string");
        return;
    }
    const json params = message.value("params", json::object());
    dispatch(message["method"].get<std::string>(), params, id);
}

void Server::Impl::dispatch(const std::string& method, const json& params, const json* id) {
    if (!id) {
        // Notifications: never answered, whatever goes wrong.
        try {
            notification(method, params);
        } catch (const std::bad_alloc&) {
            notify("window/logMessage", {{"type", 1}, {"message", method + ": out of memory"}});
        } catch (const std::exception& error) {
            notify("window/logMessage", {{"type", 1}, {"message", method + ": " + error.what()}});
        }
        return;
    }
    try {
        if (method == "initialize") {
            if (state != State::Uninitialized)
                throw RequestError(kInvalidRequest, "initialize was sent twice");
            respond(*id, initialize(params));
            state = State::Running;
            return;
        }
        if (state == State::Uninitialized)
            throw RequestError(kServerNotInitialized,
                               "the server is not initialized (send initialize first)");
        if (state == State::ShutDown)
            throw RequestError(kInvalidRequest, "the server is shut down (only exit is accepted)");
        if (method == "shutdown") {
            state = State::ShutDown;
            shutdownRequested = true;
            respond(*id, nullptr);
            return;
        }
        respond(*id, request(method, params));
    } catch (const RequestError& error) {
        fail(*id, error.code, error.what());
    } catch (const json::exception& error) {
        fail(*id, kInvalidParams, std::string("bad parameters: ") + error.what());
    } catch (const std::bad_alloc&) {
        fail(*id, kInternalError, "out of memory");
    } catch (const std::exception& error) {
        fail(*id, kInternalError, error.what());
    }
}

json Server::Impl::initialize(const json& params) {
    if (!params.is_object()) throw RequestError(kInvalidParams, "initialize needs parameters");
    // The position encoding: UTF-8 when the client offers it (no counting), else UTF-16.
    std::string chosen = "utf-16";
    if (const json* general = params.contains("capabilities") &&
                                      params["capabilities"].is_object() &&
                                      params["capabilities"].contains("general")
                                  ? &params["capabilities"]["general"]
                                  : nullptr;
        general && general->is_object() && general->contains("positionEncodings") &&
        (*general)["positionEncodings"].is_array()) {
        for (const json& offered : (*general)["positionEncodings"])
            if (offered == "utf-8") {
                chosen = "utf-8";
                break;
            }
    }
    encoding = chosen == "utf-8" ? Encoding::Utf8 : Encoding::Utf16;
    // The workspace: its first folder, else rootUri, else rootPath.
    std::optional<std::string> root;
    if (params.contains("workspaceFolders") && params["workspaceFolders"].is_array() &&
        !params["workspaceFolders"].empty() && params["workspaceFolders"][0].is_object() &&
        params["workspaceFolders"][0].contains("uri") &&
        params["workspaceFolders"][0]["uri"].is_string())
        root = pathOfUri(params["workspaceFolders"][0]["uri"].get<std::string>());
    if (!root && params.contains("rootUri") && params["rootUri"].is_string())
        root = pathOfUri(params["rootUri"].get<std::string>());
    if (!root && params.contains("rootPath") && params["rootPath"].is_string())
        root = params["rootPath"].get<std::string>();
    if (root && !root->empty()) workspaceRoot = normalPath(*root);

    json capabilities = {
        {"positionEncoding", chosen},
        {"textDocumentSync",
         {{"openClose", true}, {"change", 2}, {"save", {{"includeText", false}}}}},
        {"hoverProvider", true},
        {"completionProvider", {{"triggerCharacters", json::array({"(", "\"", ",", "$", "{"})}}},
        {"definitionProvider", true},
        {"referencesProvider", true},
        {"documentSymbolProvider", true},
        {"documentFormattingProvider", true},
        {"codeActionProvider", {{"codeActionKinds", json::array({"quickfix"})}}}};
    return {{"capabilities", capabilities},
            {"serverInfo", {{"name", "epicsdb"}, {"version", options.version}}}};
}

FeatureContext Server::Impl::context() {
    FeatureContext out;
    out.encoding = encoding;
    out.documents = &documents;
    for (const auto& [uri, document] : documents.all()) {
        const auto state = states.find(uri);
        // A check that failed (out of memory) leaves no database: not until the next one.
        if (state == states.end() || !state->second.check.database) continue;
        out.open.push_back({&document, &state->second.indexOf(document), &state->second.check});
    }
    return out;
}

const OpenDocument Server::Impl::requireDocument(const FeatureContext& context,
                                                 const json& params) const {
    const std::string uri = stringMember(member(params, "textDocument"), "uri");
    const OpenDocument* found = context.find(uri);
    if (!found) throw RequestError(kInvalidParams, "the document is not open: " + uri);
    return *found;
}

json Server::Impl::request(const std::string& method, const json& params) {
    static const std::set<std::string, std::less<>> kDocumentRequests = {
        "textDocument/hover",      "textDocument/completion",     "textDocument/definition",
        "textDocument/references", "textDocument/documentSymbol", "textDocument/formatting",
        "textDocument/codeAction"};
    if (!kDocumentRequests.count(method))
        throw RequestError(kMethodNotFound, "method not found: " + method);
    const FeatureContext features = context();
    const OpenDocument document = requireDocument(features, params);
    if (method == "textDocument/hover")
        return hover(features, document, positionOf(member(params, "position")));
    if (method == "textDocument/completion")
        return completion(features, document, positionOf(member(params, "position")));
    if (method == "textDocument/definition")
        return definition(features, document, positionOf(member(params, "position")));
    if (method == "textDocument/references") {
        bool declaration = false;
        if (params.contains("context") && params["context"].is_object())
            declaration = params["context"].value("includeDeclaration", false);
        return references(features, document, positionOf(member(params, "position")), declaration);
    }
    if (method == "textDocument/documentSymbol") return documentSymbols(features, document);
    if (method == "textDocument/formatting") {
        std::string error;
        json edits = formatting(features, document, error);
        if (!error.empty()) throw RequestError(kRequestFailed, error);
        return edits;
    }
    const json& context = member(params, "context");
    return codeActions(document, member(context, "diagnostics"));
}

void Server::Impl::notification(const std::string& method, const json& params) {
    if (method == "exit") {
        state = State::Exited;
        return;
    }
    // Before initialize, notifications are dropped (LSP 3.17); after shutdown too.
    if (state != State::Running) return;
    if (method == "textDocument/didOpen") {
        const json& item = member(params, "textDocument");
        const std::string uri = stringMember(item, "uri");
        const json& version = member(item, "version");
        documents.open(uri, item.value("languageId", std::string()),
                       version.is_number_integer() ? version.get<long long>() : 0,
                       stringMember(item, "text"));
        recheck(uri, true);
    } else if (method == "textDocument/didChange") {
        const json& item = member(params, "textDocument");
        const std::string uri = stringMember(item, "uri");
        std::vector<TextEdit> edits;
        for (const json& change : member(params, "contentChanges")) {
            TextEdit edit;
            edit.text = stringMember(change, "text");
            if (change.contains("range"))
                edit.range = Range{positionOf(member(change["range"], "start")),
                                   positionOf(member(change["range"], "end"))};
            edits.push_back(std::move(edit));
        }
        const json& version = member(item, "version");
        if (!documents.change(uri, version.is_number_integer() ? version.get<long long>() : 0,
                              std::move(edits), encoding))
            throw RequestError(kInvalidParams, "didChange of a document that is not open: " + uri);
        recheck(uri, true);
    } else if (method == "textDocument/didClose") {
        const std::string uri = stringMember(member(params, "textDocument"), "uri");
        const Document* document = documents.find(uri);
        const std::string path = document ? document->path : std::string();
        documents.close(uri);
        states.erase(uri);
        notify("textDocument/publishDiagnostics", {{"uri", uri}, {"diagnostics", json::array()}});
        // Those that read it read the file on disk again.
        std::vector<std::string> readers;
        for (const auto& [other, state] : states) {
            const auto& read = state.check.filesRead;
            if (!path.empty() && std::find(read.begin(), read.end(), path) != read.end())
                readers.push_back(other);
        }
        for (const std::string& other : readers)
            recheck(other, false);
    } else if (method == "textDocument/didSave" || method == "workspace/didChangeWatchedFiles") {
        // Files on disk changed (a project file, an include that is not open): check again.
        std::vector<std::string> uris;
        for (const auto& entry : states)
            uris.push_back(entry.first);
        for (const std::string& uri : uris)
            recheck(uri, false);
    }
    // Anything else ($/cancelRequest, $/setTrace, initialized, ...) needs nothing.
}

void Server::Impl::recheck(const std::string& uri, bool dependents) {
    const Document* document = documents.find(uri);
    if (!document) return;
    DocumentState& state = states[uri];
    state.index.reset();
    CheckOptions checkOptions;
    checkOptions.jobs = options.jobs;
    state.check = checkDocument(*document, workspaceRoot, documents, checkOptions, &state.check);
    publish(uri);
    if (!dependents || document->path.empty()) return;
    const std::string path = document->path;
    std::vector<std::string> others;
    for (const auto& [other, otherState] : states) {
        if (other == uri) continue;
        const auto& read = otherState.check.filesRead;
        if (std::find(read.begin(), read.end(), path) != read.end() ||
            path.ends_with(std::string(kProjectFileName)))
            others.push_back(other);
    }
    for (const std::string& other : others)
        recheck(other, false);
}

void Server::Impl::publish(const std::string& uri) {
    const Document* document = documents.find(uri);
    const auto state = states.find(uri);
    if (!document || state == states.end() || !state->second.check.database) return;
    notify("textDocument/publishDiagnostics",
           {{"uri", uri},
            {"version", document->version},
            {"diagnostics",
             toLspDiagnostics(
                 state->second.check, *document,
                 [&]() -> const DocumentIndex& { return state->second.indexOf(*document); },
                 documents, encoding)}});
}

Server::Server(Send send, ServerOptions options)
    : impl_(std::make_unique<Impl>(std::move(send), std::move(options))) {}

Server::~Server() = default;

void Server::handle(std::string_view body) {
    if (impl_->state == Impl::State::Exited) return;
    impl_->handle(body);
}

void Server::badFrame(std::string_view problem) {
    impl_->fail(nullptr, kParseError, "the message cannot be read: " + std::string(problem));
}

bool Server::exited() const noexcept {
    return impl_->state == Impl::State::Exited;
}

int Server::exitStatus() const noexcept {
    return impl_->state == Impl::State::Exited && impl_->shutdownRequested ? 0 : 1;
}

int serve(std::istream& in, std::ostream& out, ServerOptions options) {
    Server server(
        [&out](std::string body) {
            out << frame(body);
            out.flush();
        },
        std::move(options));
    MessageReader reader(in);
    while (!server.exited()) {
        Incoming incoming = reader.next();
        if (incoming.kind == Incoming::Kind::End) break;
        if (incoming.kind == Incoming::Kind::BadFrame)
            server.badFrame(incoming.problem);
        else
            server.handle(incoming.body);
    }
    return server.exitStatus();
}

} // namespace epicsdb::lsp
