// The base protocol: Content-Length frames read one at a time, and every frame that cannot
// be read skipped with its reason, so that the next one is read.
#include <epicsdb/lsp/Framing.hpp>

#include <gtest/gtest.h>

#include <sstream>

namespace epicsdb::test {
namespace {

using lsp::Incoming;

std::vector<Incoming> readAll(const std::string& input,
                              std::size_t maxBody = lsp::MessageReader::kMaxBody) {
    std::istringstream in(input);
    lsp::MessageReader reader(in, maxBody);
    std::vector<Incoming> out;
    for (int i = 0; i < 100; ++i) {
        Incoming next = reader.next();
        const bool end = next.kind == Incoming::Kind::End;
        out.push_back(std::move(next));
        if (end) break;
    }
    return out;
}

TEST(LspFraming, MessagesWithTheirHeaders) {
    const auto got = readAll(
        lsp::frame("{\"a\":1}") +
        "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 2\r\n\r\n{}" +
        "Content-Length: 3\n\n[1]");
    ASSERT_EQ(got.size(), 4u);
    EXPECT_EQ(got[0].body, "{\"a\":1}");
    EXPECT_EQ(got[1].body, "{}");
    EXPECT_EQ(got[2].body, "[1]");
    EXPECT_EQ(got[3].kind, Incoming::Kind::End);
    EXPECT_TRUE(got[3].problem.empty());
}

TEST(LspFraming, ABodyShorterThanItsLengthSaysIsAnErrorThenTheNextIsRead) {
    // Length 5 for "{\"a\":1}": "{\"a\":" is the body, the rest is garbage before the next header.
    const std::string input = "Content-Length: 5\r\n\r\n{\"a\":1}" + lsp::frame("{\"b\":2}");
    const auto got = readAll(input);
    ASSERT_GE(got.size(), 3u);
    EXPECT_EQ(got[0].kind, Incoming::Kind::Message);
    EXPECT_EQ(got[0].body, "{\"a\":");
    // The rest, `1}Content-Length: 7`, is skipped to its header.
    EXPECT_EQ(got[1].kind, Incoming::Kind::Message);
    EXPECT_EQ(got[1].body, "{\"b\":2}");
}

TEST(LspFraming, FramesThatCannotBeRead) {
    struct Case {
        std::string input;
        std::string problem;
    };
    const std::vector<Case> cases = {
        {"Content-Length: x\r\n\r\n", "Content-Length is not a number"},
        {"Content-Length: -1\r\n\r\n", "Content-Length is not a number"},
        {"Content-Type: x\r\n\r\n", "without a Content-Length"},
        {"hello world\r\n\r\n", "not a header"},
        {std::string(9000, 'x') + "\r\n", "longer than 8192"},
        {"Content-Length: 100\r\n\r\n" + std::string(100, 'y'), "a message of 100 bytes"},
    };
    for (const Case& c : cases) {
        const auto got = readAll(c.input + lsp::frame("{}"), 50);
        ASSERT_GE(got.size(), 2u) << c.input.substr(0, 40);
        EXPECT_EQ(got[0].kind, Incoming::Kind::BadFrame) << c.input.substr(0, 40);
        EXPECT_NE(got[0].problem.find(c.problem), std::string::npos) << got[0].problem;
        bool readNext = false;
        for (const Incoming& incoming : got)
            readNext |= incoming.kind == Incoming::Kind::Message && incoming.body == "{}";
        EXPECT_TRUE(readNext) << c.input.substr(0, 40);
    }
}

TEST(LspFraming, TheStreamEndingInAMessage) {
    const auto got = readAll("Content-Length: 10\r\n\r\n{\"a\"");
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].kind, Incoming::Kind::End);
    EXPECT_EQ(got[0].problem, "the stream ended in a message");
}

} // namespace
} // namespace epicsdb::test
