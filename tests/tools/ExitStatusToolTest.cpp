// The exit status of every epicsdb command, one row per situation a build or a script tells
// apart: 0 success, 1 findings in the input (errors, differences, a file fmt would change),
// 2 a usage error or an input that cannot be read. `expand` is msi and keeps msi's statuses.
#include "RunProgram.hpp"
#include "ScratchDir.hpp"

#include <gtest/gtest.h>

using epicsdb::test::runProgram;

namespace {

// One LSP message in its Content-Length frame.
std::string frame(const std::string& body) {
    return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

class CommandExitStatus : public ::testing::Test {
protected:
    void SetUp() override {
        dir.write("good.db", "record(ai, \"a\") {\n    field(DESC, \"d\")\n}\n");
        dir.write("other.db", "record(ai, \"a\") {\n    field(DESC, \"e\")\n}\n");
        dir.write("bad.db", "record(ai, \"a\") {\n    field(PREC, \"two\")\n}\n");
        dir.write("good.dbd", "menu(m) {\n    choice(mA, \"A\")\n}\n");
        dir.write("bad.dbd", "menu(m) {\n");
        dir.write("t.template", "x=$(X)\n");
        dir.write("st.cmd", "dbLoadRecords(\"good.db\")\n");
        dir.write("bad.cmd", "dbLoadRecords(\"bad.db\")\n");
        dir.write("messy.db", "record(ai,a){field(DESC,d)}\n");
    }
    epicsdb::test::ProgramResult run(const std::vector<std::string>& args,
                                     const std::string& input = {}) {
        return runProgram(EPICSDB_TOOL, args,
                          {.workingDirectory = dir.path(), .standardInput = input});
    }
    epicsdb::test::ScratchDir dir;
};

struct Case {
    std::vector<std::string> args;
    int status;
    std::string input = {};
};

TEST_F(CommandExitStatus, EveryCommandInEverySituation) {
    const std::string lspSession =
        frame(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}})") +
        frame(R"({"jsonrpc":"2.0","method":"initialized","params":{}})") +
        frame(R"({"jsonrpc":"2.0","id":2,"method":"shutdown"})") +
        frame(R"({"jsonrpc":"2.0","method":"exit"})");
    const Case cases[] = {
        {{"check", "good.db"}, 0},
        {{"check", "bad.db"}, 1},
        {{"check"}, 2},
        {{"check", "missing.db"}, 2},
        {{"dump", "good.db"}, 0},
        {{"dump", "bad.db"}, 1},
        {{"dump", "--level", "x", "good.db"}, 2},
        {{"dump", "missing.db"}, 2},
        {{"dump", "--type", "nosuch", "good.db"}, 2},
        {{"dbd", "good.dbd"}, 0},
        {{"dbd", "bad.dbd"}, 1},
        {{"dbd"}, 2},
        {{"dbd", "missing.dbd"}, 2},
        {{"macros", "--text", "$(X=1)"}, 0},
        {{"macros", "--text", "$(X)"}, 1},
        {{"macros", "stray"}, 2},
        {{"macros", "--expand", "missing.txt"}, 2},
        {{"ioc", "st.cmd"}, 0},
        {{"ioc", "bad.cmd"}, 1},
        {{"ioc"}, 2},
        {{"ioc", "missing.cmd"}, 2},
        {{"lint", "good.db"}, 0},
        {{"lint", "bad.db"}, 1},
        {{"lint"}, 2},
        {{"lint", "missing.db"}, 2},
        {{"lint", "--list-rules"}, 0},
        {{"diff", "good.db", "good.db"}, 0},
        {{"diff", "good.db", "other.db"}, 1},
        {{"diff", "good.db"}, 2},
        {{"diff", "good.db", "missing.db"}, 2},
        {{"diff", "good.db", "bad.db"}, 2}, // an error in loading is trouble, not a difference
        {{"graph", "good.db"}, 0},
        {{"graph", "bad.db"}, 1},
        {{"graph", "--depth", "2", "good.db"}, 2},
        {{"graph", "missing.db"}, 2},
        {{"fmt", "--check", "good.db"}, 0},
        {{"fmt", "--check", "messy.db"}, 1},
        {{"fmt", "--check", "--diff", "good.db"}, 2},
        {{"fmt", "missing.db"}, 2},
        {{"lsp"}, 0, lspSession},
        {{"lsp"}, 1}, // the input ended before the client's exit
        {{"lsp", "--bogus"}, 2},
        // msi's statuses: 1 usage and file errors, 2 undefined macros under -V.
        {{"expand", "-MX=1", "t.template"}, 0},
        {{"expand", "-V", "t.template"}, 2},
        {{"expand", "-Z"}, 1},
        {{"expand", "missing.template"}, 1},
        {{"help"}, 0},
        {{"help", "lint"}, 0},
        {{"help", "nosuch"}, 2},
        {{"help", "lint", "dump"}, 2},
        {{"--help"}, 0},
        {{"--version"}, 0},
        {{}, 2},
        {{"nosuch"}, 2},
    };
    for (const Case& c : cases) {
        std::string shown;
        for (const std::string& arg : c.args)
            shown += " " + arg;
        const auto result = run(c.args, c.input);
        EXPECT_EQ(result.status, c.status) << "epicsdb" << shown << "\n" << result.err;
    }
}

} // namespace
