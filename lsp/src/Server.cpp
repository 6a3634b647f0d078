#include <epicsdb/lsp/Server.hpp>

#include <epicsdb/lsp/Framing.hpp>

#include "Checker.hpp"
#include "CodeActions.hpp"
#include "DiagnosticConversion.hpp"
#include "DocumentIndex.hpp"
#include "Documents.hpp"
#include "Features.hpp"
#include "Protocol.hpp"
#include "Uri.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>
#include <new>
#include <optional>
#include <span>
#include <stdexcept>
#include <variant>

namespace epicsdb::lsp {

using nlohmann::json;

namespace {
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
        throw RequestError(ErrorCodes::InvalidParams, std::string("missing '") + name + "'");
    return object[name];
}

std::string stringMember(const json& object, const char* name) {
    const json& value = member(object, name);
    if (!value.is_string())
        throw RequestError(ErrorCodes::InvalidParams,
                           std::string("'") + name + "' must be a string");
    return value.get<std::string>();
}

Position positionOf(const json& value) {
    const json& line = member(value, "line");
    const json& character = member(value, "character");
    if (!line.is_number_unsigned() || !character.is_number_unsigned())
        throw RequestError(ErrorCodes::InvalidParams,
                           "a position's line and character must be unsigned integers");
    return {
        static_cast<std::uint32_t>(std::min<std::uint64_t>(line.get<std::uint64_t>(), UINT32_MAX)),
        static_cast<std::uint32_t>(
            std::min<std::uint64_t>(character.get<std::uint64_t>(), UINT32_MAX))};
}

Range rangeOf(const json& value) {
    return {positionOf(member(value, "start")), positionOf(member(value, "end"))};
}

// What the server keeps of an open document besides its text: its last check, the
// diagnostics published from it (with their quick fixes), and the index of its text, made
// when a feature (or a diagnostic) first needs it after a change.
struct DocumentState {
    CheckResult check;
    std::vector<PublishedDiagnostic> published;
    std::optional<DocumentIndex> index;

    const DocumentIndex& indexOf(const Document& document) {
        if (!index)
            index = document.kind == DocumentKind::Substitutions ? indexSubstitutions(document.text)
                                                                 : indexDatabase(document.text);
        return *index;
    }
};

// The open documents as the features see them, and the one a request is about.
struct DocumentRequest {
    FeatureContext features;
    OpenDocument document;
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

    // The methods the server knows, one table: the name, the handler of a request or of a
    // notification, and whether it is taken only while running (between initialize and
    // shutdown) or in any state (initialize and exit, which look at the state themselves).
    using RequestHandler = json (Impl::*)(const json& params);
    using NotificationHandler = void (Impl::*)(const json& params);
    enum class Accepted { WhileRunning, Always };
    struct Method {
        std::string_view name;
        std::variant<RequestHandler, NotificationHandler> handler;
        Accepted accepted = Accepted::WhileRunning;
    };
    static std::span<const Method> methods();
    static const Method* findMethod(std::string_view name);

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
    void dispatchNotification(const std::string& method, const Method* entry, const json& params);
    void requireRunning() const;

    // Requests.
    json initialize(const json& params);
    json shutdown(const json& params);
    json hover(const json& params);
    json completion(const json& params);
    json definition(const json& params);
    json references(const json& params);
    json documentSymbol(const json& params);
    json formatting(const json& params);
    json codeAction(const json& params);

    // Notifications.
    void exit(const json& params);
    void didOpen(const json& params);
    void didChange(const json& params);
    void didClose(const json& params);
    // A file on disk changed (a project file, an include that is not open): check again.
    void filesChanged(const json& params);

    // Checks a document again and publishes its diagnostics; then the open documents that
    // read it (a template, an include) are checked again too.
    void recheck(const std::string& uri, bool dependents);
    void publish(const std::string& uri);
    FeatureContext context();
    DocumentRequest documentRequest(const json& params);
};

std::span<const Server::Impl::Method> Server::Impl::methods() {
    static constexpr Method kMethods[] = {
        {"initialize", &Impl::initialize, Accepted::Always},
        {"shutdown", &Impl::shutdown},
        {"textDocument/hover", &Impl::hover},
        {"textDocument/completion", &Impl::completion},
        {"textDocument/definition", &Impl::definition},
        {"textDocument/references", &Impl::references},
        {"textDocument/documentSymbol", &Impl::documentSymbol},
        {"textDocument/formatting", &Impl::formatting},
        {"textDocument/codeAction", &Impl::codeAction},
        {"exit", &Impl::exit, Accepted::Always},
        {"textDocument/didOpen", &Impl::didOpen},
        {"textDocument/didChange", &Impl::didChange},
        {"textDocument/didClose", &Impl::didClose},
        {"textDocument/didSave", &Impl::filesChanged},
        {"workspace/didChangeWatchedFiles", &Impl::filesChanged},
        // Anything else ($/cancelRequest, $/setTrace, initialized, ...) needs nothing.
    };
    return kMethods;
}

const Server::Impl::Method* Server::Impl::findMethod(std::string_view name) {
    for (const Method& method : methods())
        if (method.name == name) return &method;
    return nullptr;
}

void Server::Impl::handle(std::string_view body) {
    json message;
    try {
        message = json::parse(body, [](int depth, json::parse_event_t, json&) {
            if (depth > kMaxDepth) throw TooDeep();
            return true;
        });
    } catch (const json::parse_error& error) {
        fail(nullptr, ErrorCodes::ParseError,
             std::string("the message is not JSON: ") + error.what());
        return;
    } catch (const TooDeep& error) {
        fail(nullptr, ErrorCodes::ParseError, error.what());
        return;
    }
    const json* id = nullptr;
    if (message.is_object() && message.contains("id")) {
        const json& given = message["id"];
        if (given.is_string() || given.is_number_integer() || given.is_null()) id = &given;
    }
    if (!message.is_object() || message.value("jsonrpc", json()) != "2.0") {
        fail(id ? *id : json(nullptr), ErrorCodes::InvalidRequest,
             "not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")");
        return;
    }
    if (!message.contains("method")) {
        // A response to a request of ours (we send none that need one): nothing to do. An
        // object that is neither is refused.
        if (message.contains("id") && (message.contains("result") || message.contains("error")))
            return;
        fail(id ? *id : json(nullptr), ErrorCodes::InvalidRequest, "a message without a method");
        return;
    }
    if (!message["method"].is_string()) {
        if (id) fail(*id, ErrorCodes::InvalidRequest, "the method must be a string");
        return;
    }
    if (message.contains("id") && !id) {
        fail(nullptr, ErrorCodes::InvalidRequest, "a request id must be a number or a string");
        return;
    }
    const json params = message.value("params", json::object());
    dispatch(message["method"].get<std::string>(), params, id);
}

void Server::Impl::requireRunning() const {
    if (state == State::Uninitialized)
        throw RequestError(ErrorCodes::ServerNotInitialized,
                           "the server is not initialized (send initialize first)");
    if (state == State::ShutDown)
        throw RequestError(ErrorCodes::InvalidRequest,
                           "the server is shut down (only exit is accepted)");
}

void Server::Impl::dispatch(const std::string& method, const json& params, const json* id) {
    const Method* entry = findMethod(method);
    if (!id) {
        dispatchNotification(method, entry, params);
        return;
    }
    try {
        const RequestHandler* handler =
            entry ? std::get_if<RequestHandler>(&entry->handler) : nullptr;
        if (!handler || entry->accepted != Accepted::Always) requireRunning();
        if (!handler) throw RequestError(ErrorCodes::MethodNotFound, "method not found: " + method);
        respond(*id, (this->**handler)(params));
    } catch (const RequestError& error) {
        fail(*id, error.code, error.what());
    } catch (const json::exception& error) {
        fail(*id, ErrorCodes::InvalidParams, std::string("bad parameters: ") + error.what());
    } catch (const std::bad_alloc&) {
        fail(*id, ErrorCodes::InternalError, "out of memory");
    } catch (const std::exception& error) {
        fail(*id, ErrorCodes::InternalError, error.what());
    }
}

void Server::Impl::dispatchNotification(const std::string& method, const Method* entry,
                                        const json& params) {
    const NotificationHandler* handler =
        entry ? std::get_if<NotificationHandler>(&entry->handler) : nullptr;
    // Unknown, or before initialize or after shutdown (LSP 3.17): dropped.
    if (!handler || (entry->accepted != Accepted::Always && state != State::Running)) return;
    // Never answered, whatever goes wrong.
    try {
        (this->**handler)(params);
    } catch (const std::bad_alloc&) {
        notify("window/logMessage",
               {{"type", MessageType::Error}, {"message", method + ": out of memory"}});
    } catch (const std::exception& error) {
        notify("window/logMessage",
               {{"type", MessageType::Error}, {"message", method + ": " + error.what()}});
    }
}

json Server::Impl::initialize(const json& params) {
    if (state != State::Uninitialized)
        throw RequestError(ErrorCodes::InvalidRequest, "initialize was sent twice");
    if (!params.is_object())
        throw RequestError(ErrorCodes::InvalidParams, "initialize needs parameters");
    // The position encoding: UTF-8 when the client offers it (no counting), else UTF-16.
    std::string chosen = PositionEncodingKind::Utf16;
    if (const json* general = params.contains("capabilities") &&
                                      params["capabilities"].is_object() &&
                                      params["capabilities"].contains("general")
                                  ? &params["capabilities"]["general"]
                                  : nullptr;
        general && general->is_object() && general->contains("positionEncodings") &&
        (*general)["positionEncodings"].is_array()) {
        for (const json& offered : (*general)["positionEncodings"])
            if (offered == PositionEncodingKind::Utf8) {
                chosen = PositionEncodingKind::Utf8;
                break;
            }
    }
    encoding = chosen == PositionEncodingKind::Utf8 ? Encoding::Utf8 : Encoding::Utf16;
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
         {{"openClose", true},
          {"change", TextDocumentSyncKind::Incremental},
          {"save", {{"includeText", false}}}}},
        {"hoverProvider", true},
        {"completionProvider", {{"triggerCharacters", json::array({"(", "\"", ",", "$", "{"})}}},
        {"definitionProvider", true},
        {"referencesProvider", true},
        {"documentSymbolProvider", true},
        {"documentFormattingProvider", true},
        {"codeActionProvider", {{"codeActionKinds", json::array({CodeActionKind::QuickFix})}}}};
    state = State::Running;
    return {{"capabilities", capabilities},
            {"serverInfo", {{"name", "epicsdb"}, {"version", options.version}}}};
}

json Server::Impl::shutdown(const json&) {
    state = State::ShutDown;
    shutdownRequested = true;
    return nullptr;
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

DocumentRequest Server::Impl::documentRequest(const json& params) {
    DocumentRequest out{context(), {}};
    const std::string uri = stringMember(member(params, "textDocument"), "uri");
    const OpenDocument* found = out.features.find(uri);
    if (!found) throw RequestError(ErrorCodes::InvalidParams, "the document is not open: " + uri);
    out.document = *found;
    return out;
}

json Server::Impl::hover(const json& params) {
    const DocumentRequest request = documentRequest(params);
    return lsp::hover(request.features, request.document, positionOf(member(params, "position")));
}

json Server::Impl::completion(const json& params) {
    const DocumentRequest request = documentRequest(params);
    return lsp::completion(request.features, request.document,
                           positionOf(member(params, "position")));
}

json Server::Impl::definition(const json& params) {
    const DocumentRequest request = documentRequest(params);
    return lsp::definition(request.features, request.document,
                           positionOf(member(params, "position")));
}

json Server::Impl::references(const json& params) {
    const DocumentRequest request = documentRequest(params);
    bool declaration = false;
    if (params.contains("context") && params["context"].is_object())
        declaration = params["context"].value("includeDeclaration", false);
    return lsp::references(request.features, request.document,
                           positionOf(member(params, "position")), declaration);
}

json Server::Impl::documentSymbol(const json& params) {
    const DocumentRequest request = documentRequest(params);
    return documentSymbols(request.features, request.document);
}

json Server::Impl::formatting(const json& params) {
    const DocumentRequest request = documentRequest(params);
    std::string error;
    json edits = lsp::formatting(request.features, request.document, error);
    if (!error.empty()) throw RequestError(ErrorCodes::RequestFailed, error);
    return edits;
}

json Server::Impl::codeAction(const json& params) {
    const std::string uri = stringMember(member(params, "textDocument"), "uri");
    if (!documents.find(uri))
        throw RequestError(ErrorCodes::InvalidParams, "the document is not open: " + uri);
    const Range requested = rangeOf(member(params, "range"));
    json only;
    if (params.contains("context") && params["context"].is_object())
        only = params["context"].value("only", json());
    const auto state = states.find(uri);
    if (state == states.end()) return json::array();
    return codeActions(state->second.published, requested, only);
}

void Server::Impl::exit(const json&) {
    state = State::Exited;
}

void Server::Impl::didOpen(const json& params) {
    const json& item = member(params, "textDocument");
    const std::string uri = stringMember(item, "uri");
    const json& version = member(item, "version");
    documents.open(uri, item.value("languageId", std::string()),
                   version.is_number_integer() ? version.get<long long>() : 0,
                   stringMember(item, "text"));
    recheck(uri, true);
}

void Server::Impl::didChange(const json& params) {
    const json& item = member(params, "textDocument");
    const std::string uri = stringMember(item, "uri");
    std::vector<TextEdit> edits;
    for (const json& change : member(params, "contentChanges")) {
        TextEdit edit;
        edit.text = stringMember(change, "text");
        if (change.contains("range")) edit.range = rangeOf(change["range"]);
        edits.push_back(std::move(edit));
    }
    const json& version = member(item, "version");
    if (!documents.change(uri, version.is_number_integer() ? version.get<long long>() : 0,
                          std::move(edits), encoding))
        throw RequestError(ErrorCodes::InvalidParams,
                           "didChange of a document that is not open: " + uri);
    recheck(uri, true);
}

void Server::Impl::didClose(const json& params) {
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
}

void Server::Impl::filesChanged(const json&) {
    std::vector<std::string> uris;
    for (const auto& entry : states)
        uris.push_back(entry.first);
    for (const std::string& uri : uris)
        recheck(uri, false);
}

void Server::Impl::recheck(const std::string& uri, bool dependents) {
    const Document* document = documents.find(uri);
    if (!document) return;
    DocumentState& state = states[uri];
    state.index.reset();
    state.published.clear();
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
    const auto found = states.find(uri);
    if (!document || found == states.end() || !found->second.check.database) return;
    DocumentState& state = found->second;
    state.published = toLspDiagnostics(
        state.check, *document, [&]() -> const DocumentIndex& { return state.indexOf(*document); },
        documents, encoding);
    notify("textDocument/publishDiagnostics", {{"uri", uri},
                                               {"version", document->version},
                                               {"diagnostics", diagnosticsJson(state.published)}});
}

Server::Server(Send send, ServerOptions options)
    : impl_(std::make_unique<Impl>(std::move(send), std::move(options))) {}

Server::~Server() = default;

void Server::handle(std::string_view body) {
    if (impl_->state == Impl::State::Exited) return;
    impl_->handle(body);
}

void Server::badFrame(std::string_view problem) {
    impl_->fail(nullptr, ErrorCodes::ParseError,
                "the message cannot be read: " + std::string(problem));
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
