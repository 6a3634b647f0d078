// `epicsdb lsp` as a process, fed a whole session on its standard input: bad input of every
// kind (malformed JSON, wrong Content-Length, garbage headers, unknown methods, a 50 MB
// document, requests for a document never opened) gets its JSON-RPC error, the server keeps
// serving (a request after each is answered), and it exits as LSP 3.17 says.
#include "RunProgram.hpp"
#include "ScratchDir.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

namespace epicsdb::test {
namespace {

using nlohmann::json;

std::string framed(const json& message) {
    const std::string body = message.dump();
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

json request(int id, const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"id", id}, {"method", method}, {"params", std::move(params)}};
}

json notification(const std::string& method, json params = json::object()) {
    return {{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

// Every message of the server's output, in order (the frames checked on the way).
std::vector<json> messagesOf(const std::string& out) {
    std::vector<json> messages;
    std::size_t at = 0;
    while (at < out.size()) {
        const std::size_t headerEnd = out.find("\r\n\r\n", at);
        if (headerEnd == std::string::npos) {
            ADD_FAILURE() << "output ends without a frame: " << out.substr(at, 80);
            break;
        }
        const std::string header = out.substr(at, headerEnd - at);
        EXPECT_EQ(header.rfind("Content-Length: ", 0), 0u) << header;
        const std::size_t length = std::stoul(header.substr(16));
        messages.push_back(json::parse(out.substr(headerEnd + 4, length)));
        at = headerEnd + 4 + length;
    }
    return messages;
}

const json* responseTo(const std::vector<json>& messages, int id) {
    for (const json& message : messages)
        if (message.contains("id") && message["id"] == id && !message.contains("method"))
            return &message;
    return nullptr;
}

ProgramResult runServer(const std::string& input) {
    ProgramSetup setup;
    setup.standardInput = input;
    setup.timeoutSeconds = 120;
    return runProgram(EPICSDB_TOOL, {"lsp"}, setup);
}

TEST(LspProcess, BadInputGetsErrorsAndTheServerKeepsServing) {
    const ScratchDir dir;
    const std::string uri = "file://" + dir.path() + "/big.db";
    std::string input;
    input += framed(request(1, "textDocument/hover")); // before initialize
    input += framed(
        request(2, "initialize", {{"processId", nullptr}, {"capabilities", json::object()}}));
    input += framed(notification("initialized"));
    input += "Content-Length: 12\r\n\r\n{\"jsonrpc\": "; // malformed JSON
    input += framed(request(3, "no/such/method"));
    // Wrong Content-Length: shorter than the body; the rest is skipped to the next header.
    const std::string body =
        request(4, "textDocument/documentSymbol", {{"textDocument", {{"uri", uri}}}}).dump();
    input += "Content-Length: " + std::to_string(body.size() - 10) + "\r\n\r\n" + body;
    input += "this is not a header\r\n\r\n";
    input += "Content-Length: banana\r\n\r\n";
    input += framed(request(5, "textDocument/hover",
                            {{"textDocument", {{"uri", "file:///never/opened.db"}}},
                             {"position", {{"line", 0}, {"character", 0}}}}));
    // A 50 MB document: records, then garbage.
    std::string big;
    big.reserve(50u << 20);
    for (int i = 0; big.size() < (40u << 20); ++i)
        big += "record(ai, \"r" + std::to_string(i) + "\") {\n    field(DESC, \"record " +
               std::to_string(i) + "\")\n    field(SCAN, \"1 second\")\n}\n";
    big.append((50u << 20) - big.size(), 'x');
    input += framed(notification(
        "textDocument/didOpen",
        {{"textDocument",
          {{"uri", uri}, {"languageId", "epics-db"}, {"version", 1}, {"text", big}}}}));
    input += framed(request(
        6, "textDocument/hover",
        {{"textDocument", {{"uri", uri}}}, {"position", {{"line", 1}, {"character", 11}}}}));
    input += framed(request(7, "shutdown"));
    input += framed(notification("exit"));

    const ProgramResult result = runServer(input);
    ASSERT_EQ(result.status, 0) << result.err;
    const std::vector<json> messages = messagesOf(result.out);
    auto errorCode = [&](int id) {
        const json* response = responseTo(messages, id);
        return response && response->contains("error") ? (*response)["error"]["code"].get<int>()
                                                       : 0;
    };
    EXPECT_EQ(errorCode(1), -32002);
    ASSERT_NE(responseTo(messages, 2), nullptr);
    EXPECT_EQ(errorCode(3), -32601);
    EXPECT_EQ(errorCode(5), -32602);
    // The parse errors (malformed JSON, the short frame and its rest, the bad headers) have a
    // null id.
    std::size_t parseErrors = 0;
    for (const json& message : messages)
        parseErrors += message.contains("error") && message["id"].is_null() &&
                       message["error"]["code"] == -32700;
    EXPECT_GE(parseErrors, 4u);
    const json* hover = responseTo(messages, 6);
    ASSERT_NE(hover, nullptr);
    EXPECT_NE((*hover)["result"]["contents"]["value"].get<std::string>().find("ai.DESC"),
              std::string::npos);
    const json* shutdown = responseTo(messages, 7);
    ASSERT_NE(shutdown, nullptr);
    EXPECT_TRUE((*shutdown)["result"].is_null());
    bool published = false;
    for (const json& message : messages)
        published |= message.value("method", "") == "textDocument/publishDiagnostics" &&
                     message["params"]["uri"] == uri && !message["params"]["diagnostics"].empty();
    EXPECT_TRUE(published);
}

TEST(LspProcess, TheExitStatus) {
    const std::string init = framed(request(1, "initialize", {{"capabilities", json::object()}}));
    EXPECT_EQ(
        runServer(init + framed(request(2, "shutdown")) + framed(notification("exit"))).status, 0);
    EXPECT_EQ(runServer(init + framed(notification("exit"))).status, 1);
    // The input ends without exit.
    EXPECT_EQ(runServer(init).status, 1);
    // A frame cut short at the end.
    EXPECT_EQ(runServer(init + "Content-Length: 100\r\n\r\n{").status, 1);
    const ProgramResult usage = runProgram(EPICSDB_TOOL, {"lsp", "--bogus"});
    EXPECT_EQ(usage.status, 2);
}

} // namespace
} // namespace epicsdb::test
