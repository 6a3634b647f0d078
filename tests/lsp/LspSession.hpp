// An in-process client of lsp::Server for the tests: requests with ids, notifications, and
// every message the server sent, parsed.
#pragma once

#include <epicsdb/lsp/Server.hpp>

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace epicsdb::test {

using nlohmann::json;

class LspSession {
public:
    LspSession()
        : server_([this](std::string body) { sent.push_back(json::parse(body)); },
                  lsp::ServerOptions{1, "test"}) {}

    // Sends a request and returns the server's response to it (null json when none came).
    json request(const std::string& method, json params = json::object()) {
        const int id = ++lastId_;
        server_.handle(
            json{{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", params}}.dump());
        for (const json& message : sent)
            if (message.contains("id") && message["id"] == id && !message.contains("method"))
                return message;
        return nullptr;
    }
    void notify(const std::string& method, json params = json::object()) {
        server_.handle(json{{"jsonrpc", "2.0"}, {"method", method}, {"params", params}}.dump());
    }
    void raw(std::string_view body) { server_.handle(body); }

    json initialize(const std::string& rootUri = "") {
        json params = {{"processId", nullptr}, {"capabilities", json::object()}};
        if (!rootUri.empty()) params["rootUri"] = rootUri;
        json response = request("initialize", params);
        notify("initialized");
        return response;
    }
    void open(const std::string& uri, const std::string& text, int version = 1) {
        notify(
            "textDocument/didOpen",
            {{"textDocument",
              {{"uri", uri}, {"languageId", "epics-db"}, {"version", version}, {"text", text}}}});
    }
    // The diagnostics last published for `uri` (null when none were).
    json diagnostics(const std::string& uri) const {
        for (auto it = sent.rbegin(); it != sent.rend(); ++it)
            if (it->value("method", "") == "textDocument/publishDiagnostics" &&
                (*it)["params"]["uri"] == uri)
                return (*it)["params"]["diagnostics"];
        return nullptr;
    }
    static json at(const std::string& uri, unsigned line, unsigned character) {
        return {{"textDocument", {{"uri", uri}}},
                {"position", {{"line", line}, {"character", character}}}};
    }

    lsp::Server& server() { return server_; }
    std::vector<json> sent;

private:
    lsp::Server server_;
    int lastId_ = 0;
};

// The diagnostic of `code` in a list (null when none).
inline json withCode(const json& diagnostics, const std::string& code) {
    for (const json& d : diagnostics)
        if (d.value("code", "") == code) return d;
    return nullptr;
}

inline json range(unsigned l1, unsigned c1, unsigned l2, unsigned c2) {
    return {{"start", {{"line", l1}, {"character", c1}}},
            {"end", {{"line", l2}, {"character", c2}}}};
}

} // namespace epicsdb::test
