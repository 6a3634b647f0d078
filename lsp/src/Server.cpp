#include <epicsdb/lsp/Server.hpp>

#include <epicsdb/lsp/Framing.hpp>

#include "Checker.hpp"
#include "CodeActions.hpp"
#include "DiagnosticConversion.hpp"
#include "DocumentIndex.hpp"
#include "Documents.hpp"
#include "Features.hpp"
#include "JsonText.hpp"
#include "Protocol.hpp"
#include "Uri.hpp"

#include <rapidjson/document.h>

#include <algorithm>
#include <map>
#include <new>
#include <optional>
#include <span>
#include <stdexcept>
#include <variant>

namespace epicsdb::lsp {

namespace {
using rapidjson::Value;

// No LSP message nests deeper; deeper JSON is refused as it is read.
constexpr int kMaxDepth = 64;

// An error to answer a request with.
struct RequestError : std::runtime_error {
    RequestError(int code, const std::string& message) : std::runtime_error(message), code(code) {}
    int code;
};

std::string_view textOf(const Value& value) {
    return {value.GetString(), value.GetStringLength()};
}

bool isString(const Value& value, std::string_view text) {
    return value.IsString() && textOf(value) == text;
}

// The member `name` of an object; null when the value is no object or has no such member.
const Value* optionalMember(const Value& object, const char* name) {
    if (!object.IsObject()) return nullptr;
    const auto found = object.FindMember(name);
    return found == object.MemberEnd() ? nullptr : &found->value;
}

const Value& member(const Value& object, const char* name) {
    const Value* found = optionalMember(object, name);
    if (!found)
        throw RequestError(ErrorCodes::InvalidParams, std::string("missing '") + name + "'");
    return *found;
}

std::string stringMember(const Value& object, const char* name) {
    const Value& value = member(object, name);
    if (!value.IsString())
        throw RequestError(ErrorCodes::InvalidParams,
                           std::string("'") + name + "' must be a string");
    return std::string(textOf(value));
}

// A member that may be left out; given, it must be of its type.
bool boolMember(const Value& object, const char* name, bool fallback) {
    const Value* value = optionalMember(object, name);
    if (!value) return fallback;
    if (!value->IsBool())
        throw RequestError(ErrorCodes::InvalidParams,
                           std::string("'") + name + "' must be a boolean");
    return value->GetBool();
}

std::string stringMember(const Value& object, const char* name, const std::string& fallback) {
    return optionalMember(object, name) ? stringMember(object, name) : fallback;
}

// A document's version: an integer, else 0.
long long versionOf(const Value& value) {
    return value.IsInt64() ? value.GetInt64() : 0;
}

Position positionOf(const Value& value) {
    const Value& line = member(value, "line");
    const Value& character = member(value, "character");
    if (!line.IsUint64() || !character.IsUint64())
        throw RequestError(ErrorCodes::InvalidParams,
                           "a position's line and character must be unsigned integers");
    return {static_cast<std::uint32_t>(std::min<std::uint64_t>(line.GetUint64(), UINT32_MAX)),
            static_cast<std::uint32_t>(std::min<std::uint64_t>(character.GetUint64(), UINT32_MAX))};
}

Range rangeOf(const Value& value) {
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
    bool markdownLinks = true;
    std::string workspaceRoot;
    Documents documents;
    std::map<std::string, DocumentState, std::less<>> states; // by URI

    // The methods the server knows, one table: the name, the handler of a request or of a
    // notification, and whether it is taken only while running (between initialize and
    // shutdown) or in any state (initialize and exit, which look at the state themselves).
    using RequestHandler = JsonText (Impl::*)(const Value& params);
    using NotificationHandler = void (Impl::*)(const Value& params);
    enum class Accepted { WhileRunning, Always };
    struct Method {
        std::string_view name;
        std::variant<RequestHandler, NotificationHandler> handler;
        Accepted accepted = Accepted::WhileRunning;
    };
    static std::span<const Method> methods();
    static const Method* findMethod(std::string_view name);

    // `id` null: a response to a message whose id could not be read.
    void respond(const Value& id, const JsonText& result) {
        send(jsonOf([&](JsonWriter& out) {
                 out.object([&] {
                     out.member("jsonrpc", "2.0");
                     out.key("id").value(id);
                     out.member("result", result);
                 });
             }).text);
    }
    void fail(const Value* id, int code, const std::string& message) {
        send(jsonOf([&](JsonWriter& out) {
                 out.object([&] {
                     out.member("jsonrpc", "2.0");
                     if (id)
                         out.key("id").value(*id);
                     else
                         out.key("id").null();
                     out.key("error").object([&] {
                         out.member("code", code);
                         out.member("message", message);
                     });
                 });
             }).text);
    }
    void notify(std::string_view method, const JsonText& params) {
        send(jsonOf([&](JsonWriter& out) {
                 out.object([&] {
                     out.member("jsonrpc", "2.0");
                     out.member("method", method);
                     out.member("params", params);
                 });
             }).text);
    }
    void logError(const std::string& message) {
        notify("window/logMessage", jsonOf([&](JsonWriter& out) {
                   out.object([&] {
                       out.member("type", MessageType::Error);
                       out.member("message", message);
                   });
               }));
    }

    void handle(std::string_view body);
    void dispatch(const std::string& method, const Value& params, const Value* id);
    void dispatchNotification(const std::string& method, const Method* entry, const Value& params);
    void requireRunning() const;

    // Requests.
    JsonText initialize(const Value& params);
    JsonText shutdown(const Value& params);
    JsonText hover(const Value& params);
    JsonText completion(const Value& params);
    JsonText definition(const Value& params);
    JsonText references(const Value& params);
    JsonText documentSymbol(const Value& params);
    JsonText formatting(const Value& params);
    JsonText codeAction(const Value& params);

    // Notifications.
    void exit(const Value& params);
    void didOpen(const Value& params);
    void didChange(const Value& params);
    void didClose(const Value& params);
    // A file on disk changed (a project file, an include that is not open): check again.
    void filesChanged(const Value& params);

    // Checks a document again and publishes its diagnostics; then the open documents that
    // read it (a template, an include) are checked again too.
    void recheck(const std::string& uri, bool dependents);
    void publish(const std::string& uri);
    FeatureContext context();
    DocumentRequest documentRequest(const Value& params);
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
    rapidjson::Document message;
    if (const std::optional<std::string> problem = parseMessage(body, message, kMaxDepth)) {
        fail(nullptr, ErrorCodes::ParseError, *problem);
        return;
    }
    const Value* given = optionalMember(message, "id");
    const Value* id =
        given && (given->IsString() || given->IsInt64() || given->IsUint64() || given->IsNull())
            ? given
            : nullptr;
    const Value* version = optionalMember(message, "jsonrpc");
    if (!message.IsObject() || !version || !isString(*version, "2.0")) {
        fail(id, ErrorCodes::InvalidRequest,
             "not a JSON-RPC 2.0 message (an object with \"jsonrpc\": \"2.0\")");
        return;
    }
    const Value* method = optionalMember(message, "method");
    if (!method) {
        // A response to a request of ours (we send none that need one): nothing to do. An
        // object that is neither is refused.
        if (given && (message.HasMember("result") || message.HasMember("error"))) return;
        fail(id, ErrorCodes::InvalidRequest, "a message without a method");
        return;
    }
    if (!method->IsString()) {
        if (id) fail(id, ErrorCodes::InvalidRequest, "the method must be a string");
        return;
    }
    if (given && !id) {
        fail(nullptr, ErrorCodes::InvalidRequest, "a request id must be a number or a string");
        return;
    }
    const Value noParams(rapidjson::kObjectType);
    const Value* params = optionalMember(message, "params");
    dispatch(std::string(textOf(*method)), params ? *params : noParams, id);
}

void Server::Impl::requireRunning() const {
    if (state == State::Uninitialized)
        throw RequestError(ErrorCodes::ServerNotInitialized,
                           "the server is not initialized (send initialize first)");
    if (state == State::ShutDown)
        throw RequestError(ErrorCodes::InvalidRequest,
                           "the server is shut down (only exit is accepted)");
}

void Server::Impl::dispatch(const std::string& method, const Value& params, const Value* id) {
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
        fail(id, error.code, error.what());
    } catch (const std::bad_alloc&) {
        fail(id, ErrorCodes::InternalError, "out of memory");
    } catch (const std::exception& error) {
        fail(id, ErrorCodes::InternalError, error.what());
    }
}

void Server::Impl::dispatchNotification(const std::string& method, const Method* entry,
                                        const Value& params) {
    const NotificationHandler* handler =
        entry ? std::get_if<NotificationHandler>(&entry->handler) : nullptr;
    // Unknown, or before initialize or after shutdown (LSP 3.17): dropped.
    if (!handler || (entry->accepted != Accepted::Always && state != State::Running)) return;
    // Never answered, whatever goes wrong.
    try {
        (this->**handler)(params);
    } catch (const std::bad_alloc&) {
        logError(method + ": out of memory");
    } catch (const std::exception& error) {
        logError(method + ": " + error.what());
    }
}

JsonText Server::Impl::initialize(const Value& params) {
    if (state != State::Uninitialized)
        throw RequestError(ErrorCodes::InvalidRequest, "initialize was sent twice");
    if (!params.IsObject())
        throw RequestError(ErrorCodes::InvalidParams, "initialize needs parameters");
    // The position encoding: UTF-8 when the client offers it (no counting), else UTF-16.
    std::string_view chosen = PositionEncodingKind::Utf16;
    const Value* capabilities = optionalMember(params, "capabilities");
    const Value* general = capabilities ? optionalMember(*capabilities, "general") : nullptr;
    const Value* offered = general ? optionalMember(*general, "positionEncodings") : nullptr;
    if (offered && offered->IsArray())
        for (const Value& kind : offered->GetArray())
            if (isString(kind, PositionEncodingKind::Utf8)) {
                chosen = PositionEncodingKind::Utf8;
                break;
            }
    encoding = chosen == PositionEncodingKind::Utf8 ? Encoding::Utf8 : Encoding::Utf16;
    // Links in hovers unless the client lists the formats it shows and Markdown is not one.
    const Value* textDocument =
        capabilities ? optionalMember(*capabilities, "textDocument") : nullptr;
    const Value* hoverCapabilities =
        textDocument ? optionalMember(*textDocument, "hover") : nullptr;
    if (const Value* formats =
            hoverCapabilities ? optionalMember(*hoverCapabilities, "contentFormat") : nullptr;
        formats && formats->IsArray())
        markdownLinks = std::any_of(formats->Begin(), formats->End(), [](const Value& format) {
            return isString(format, MarkupKind::Markdown);
        });
    // The workspace: its first folder, else rootUri, else rootPath.
    std::optional<std::string> root;
    if (const Value* folders = optionalMember(params, "workspaceFolders");
        folders && folders->IsArray() && !folders->Empty())
        if (const Value* uri = optionalMember((*folders)[0], "uri"); uri && uri->IsString())
            root = pathOfUri(textOf(*uri));
    if (const Value* uri = optionalMember(params, "rootUri"); !root && uri && uri->IsString())
        root = pathOfUri(textOf(*uri));
    if (const Value* path = optionalMember(params, "rootPath"); !root && path && path->IsString())
        root = std::string(textOf(*path));
    if (root && !root->empty()) workspaceRoot = normalPath(*root);

    state = State::Running;
    return jsonOf([&](JsonWriter& out) {
        out.object([&] {
            out.key("capabilities").object([&] {
                out.member("positionEncoding", chosen);
                out.key("textDocumentSync").object([&] {
                    out.member("openClose", true);
                    out.member("change", TextDocumentSyncKind::Incremental);
                    out.key("save").object([&] { out.member("includeText", false); });
                });
                out.member("hoverProvider", true);
                out.key("completionProvider").object([&] {
                    out.key("triggerCharacters").array([&] {
                        for (const char* trigger : {"(", "\"", ",", "$", "{"})
                            out.string(trigger);
                    });
                });
                out.member("definitionProvider", true);
                out.member("referencesProvider", true);
                out.member("documentSymbolProvider", true);
                out.member("documentFormattingProvider", true);
                out.key("codeActionProvider").object([&] {
                    out.key("codeActionKinds").array([&] { out.string(CodeActionKind::QuickFix); });
                });
            });
            out.key("serverInfo").object([&] {
                out.member("name", "epicsdb");
                out.member("version", options.version);
            });
        });
    });
}

JsonText Server::Impl::shutdown(const Value&) {
    state = State::ShutDown;
    shutdownRequested = true;
    return jsonNull();
}

FeatureContext Server::Impl::context() {
    FeatureContext out;
    out.encoding = encoding;
    out.markdownLinks = markdownLinks;
    out.documents = &documents;
    for (const auto& [uri, document] : documents.all()) {
        const auto state = states.find(uri);
        // A check that failed (out of memory) leaves no database: not until the next one.
        if (state == states.end() || !state->second.check.database) continue;
        out.open.push_back({&document, &state->second.indexOf(document), &state->second.check});
    }
    return out;
}

DocumentRequest Server::Impl::documentRequest(const Value& params) {
    DocumentRequest out{context(), {}};
    const std::string uri = stringMember(member(params, "textDocument"), "uri");
    const OpenDocument* found = out.features.find(uri);
    if (!found) throw RequestError(ErrorCodes::InvalidParams, "the document is not open: " + uri);
    out.document = *found;
    return out;
}

JsonText Server::Impl::hover(const Value& params) {
    const DocumentRequest request = documentRequest(params);
    return lsp::hover(request.features, request.document, positionOf(member(params, "position")));
}

JsonText Server::Impl::completion(const Value& params) {
    const DocumentRequest request = documentRequest(params);
    return lsp::completion(request.features, request.document,
                           positionOf(member(params, "position")));
}

JsonText Server::Impl::definition(const Value& params) {
    const DocumentRequest request = documentRequest(params);
    return lsp::definition(request.features, request.document,
                           positionOf(member(params, "position")));
}

JsonText Server::Impl::references(const Value& params) {
    const DocumentRequest request = documentRequest(params);
    const Value* context = optionalMember(params, "context");
    const bool declaration =
        context && context->IsObject() && boolMember(*context, "includeDeclaration", false);
    return lsp::references(request.features, request.document,
                           positionOf(member(params, "position")), declaration);
}

JsonText Server::Impl::documentSymbol(const Value& params) {
    const DocumentRequest request = documentRequest(params);
    return documentSymbols(request.features, request.document);
}

JsonText Server::Impl::formatting(const Value& params) {
    const DocumentRequest request = documentRequest(params);
    std::string error;
    JsonText edits = lsp::formatting(request.features, request.document, error);
    if (!error.empty()) throw RequestError(ErrorCodes::RequestFailed, error);
    return edits;
}

JsonText Server::Impl::codeAction(const Value& params) {
    const std::string uri = stringMember(member(params, "textDocument"), "uri");
    if (!documents.find(uri))
        throw RequestError(ErrorCodes::InvalidParams, "the document is not open: " + uri);
    const Range requested = rangeOf(member(params, "range"));
    std::optional<std::vector<std::string>> only;
    const Value* context = optionalMember(params, "context");
    if (const Value* kinds = context ? optionalMember(*context, "only") : nullptr;
        kinds && kinds->IsArray()) {
        only.emplace();
        for (const Value& kind : kinds->GetArray())
            if (kind.IsString()) only->emplace_back(textOf(kind));
    }
    const auto state = states.find(uri);
    if (state == states.end()) return emptyArray();
    return codeActions(state->second.published, requested, only);
}

void Server::Impl::exit(const Value&) {
    state = State::Exited;
}

void Server::Impl::didOpen(const Value& params) {
    const Value& item = member(params, "textDocument");
    const std::string uri = stringMember(item, "uri");
    const long long version = versionOf(member(item, "version"));
    documents.open(uri, stringMember(item, "languageId", std::string()), version,
                   stringMember(item, "text"));
    recheck(uri, true);
}

void Server::Impl::didChange(const Value& params) {
    const Value& item = member(params, "textDocument");
    const std::string uri = stringMember(item, "uri");
    const Value& changes = member(params, "contentChanges");
    if (!changes.IsArray())
        throw RequestError(ErrorCodes::InvalidParams, "'contentChanges' must be an array");
    std::vector<TextEdit> edits;
    for (const Value& change : changes.GetArray()) {
        TextEdit edit;
        edit.text = stringMember(change, "text");
        if (const Value* range = optionalMember(change, "range")) edit.range = rangeOf(*range);
        edits.push_back(std::move(edit));
    }
    if (!documents.change(uri, versionOf(member(item, "version")), std::move(edits), encoding))
        throw RequestError(ErrorCodes::InvalidParams,
                           "didChange of a document that is not open: " + uri);
    recheck(uri, true);
}

void Server::Impl::didClose(const Value& params) {
    const std::string uri = stringMember(member(params, "textDocument"), "uri");
    const Document* document = documents.find(uri);
    const std::string path = document ? document->path : std::string();
    documents.close(uri);
    states.erase(uri);
    notify("textDocument/publishDiagnostics", jsonOf([&](JsonWriter& out) {
               out.object([&] {
                   out.member("uri", uri);
                   out.member("diagnostics", emptyArray());
               });
           }));
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

void Server::Impl::filesChanged(const Value&) {
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
    notify("textDocument/publishDiagnostics", jsonOf([&](JsonWriter& out) {
               out.object([&] {
                   out.member("uri", uri);
                   out.member("version", document->version);
                   out.member("diagnostics", diagnosticsJson(state.published));
               });
           }));
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
