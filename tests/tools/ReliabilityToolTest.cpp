// Hostile input and failing I/O as a user meets them through the programs: each ends at once
// with a clear error and a non-zero exit, valid output is UTF-8, and no partial file is left.
#include "ReadFile.hpp"
#include "RunProgram.hpp"
#include "ScratchDir.hpp"
#include "TextAssertions.hpp"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using epicsdb::test::ProgramResult;
using epicsdb::test::ProgramSetup;
using epicsdb::test::runProgram;
using nlohmann::json;

namespace {

class Reliability : public ::testing::Test {
protected:
    std::string write(const std::string& name, const std::string& text) {
        return dir.write(name, text);
    }
    ProgramResult epicsdb(const std::vector<std::string>& args, ProgramSetup setup = {}) {
        setup.workingDirectory = dir.path();
        return runProgram(EPICSDB_TOOL, args, setup);
    }
    ProgramResult msi(const std::vector<std::string>& args, ProgramSetup setup = {}) {
        setup.workingDirectory = dir.path();
        return runProgram(MSI_TOOL, args, setup);
    }
    [[nodiscard]] bool exists(const std::string& name) const {
        return std::filesystem::exists(dir.path(name));
    }

    epicsdb::test::ScratchDir dir;
};

using epicsdb::test::contains;

// 26 bytes that once made every macro user grow by gigabytes a minute.
const char* const kBlowUp = "b=$(c',c=$()$(b),=$(c,=$(c";

std::string doublingDefinitions(int depth) {
    std::string defs;
    for (int i = 1; i <= depth; ++i)
        defs += "A" + std::to_string(i) + "=$(A" + std::to_string(i + 1) + ")$(A" +
                std::to_string(i + 1) + "),";
    return defs + "A" + std::to_string(depth + 1) + "=xy";
}

const char* const kLatin1 = "record(ai, \"caf\xe9\") {\n"
                            "    field(DESC, \"\xff\xfe ok \xc3\xa9\")\n"
                            "    info(\"k\xe9\", \"v\xe9\")\n"
                            "    alias(\"al\xe9\")\n"
                            "}\n";

} // namespace

TEST_F(Reliability, MacrosStopsTheScopedDefinitionBlowUpWithAnError) {
    const auto r = epicsdb({"macros", "-M", kBlowUp, "--text", "x"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "epicsdb macros: error: expansion stopped after 64 MiB "
                                "(macro chain b > c > b > c"));
}

TEST_F(Reliability, MacrosTakesALimit) {
    const auto r = epicsdb(
        {"macros", "--macro-limit", "4K", "-M", doublingDefinitions(30), "--text", "$(A26)"});
    EXPECT_EQ(r.status, 1); // A1 to A25 each take more than 4 KiB to work out
    EXPECT_TRUE(contains(r.err, "error: expansion stopped after 4 KiB (macro chain A1 > A2"));
    std::string a26;
    for (int i = 0; i < 32; ++i)
        a26 += "xy";
    EXPECT_EQ(r.out, a26 + "\n"); // within the limit: whole
    for (const char* bad : {"0", "x", "12Q", "-5"}) {
        const auto refused = epicsdb({"macros", "--macro-limit", bad, "--text", "x"});
        EXPECT_EQ(refused.status, 2) << bad;
        EXPECT_TRUE(contains(refused.err, "a size such as 65536, 64K or 64M")) << bad;
    }
}

TEST_F(Reliability, CheckStopsABlowUpInMacrosAndInASubstitutionFile) {
    write("t.db", "record(ai, \"x\") {\n    field(DESC, \"$(b)\")\n}\n");
    write("t.substitutions", "file t.db {\n  { b=\"$(c,c=$()$(b),=$(c,=$(c)))\" }\n}\n");
    for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
             {"check", "-m", kBlowUp, "t.db"}, {"check", "t.substitutions"}}) {
        const auto r = epicsdb(args);
        EXPECT_EQ(r.status, 1) << args.back();
        EXPECT_TRUE(
            contains(r.err, "t.db:2:18: error: macro expansion stopped: the line is not read"));
        EXPECT_TRUE(contains(r.err, "note: expansion stopped after 64 MiB (macro chain b > c"));
    }
    const auto limited =
        epicsdb({"check", "--macro-limit", "64K", "-m", doublingDefinitions(30), "t.db"});
    EXPECT_EQ(limited.status, 1);
    EXPECT_TRUE(contains(limited.err, "expansion stopped after 64 KiB"));
}

TEST_F(Reliability, MsiStopsABlowUpWithAnErrorAndRemovesItsOutput) {
    write("t.db", "record(ai, \"x\") {\n    field(DESC, \"$(b)\")\n}\n");
    const auto r = msi({"-M", kBlowUp, "-o", "out.db", "t.db"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "msi: macro expansion stopped at line 2 of file t.db"));
    EXPECT_FALSE(exists("out.db"));
    // To standard output, what came before the line and nothing of the line itself.
    const auto toStdout = msi({"-M", kBlowUp, "t.db"});
    EXPECT_EQ(toStdout.status, 1);
    EXPECT_EQ(toStdout.out, "record(ai, \"x\") {\n");
}

TEST_F(Reliability, JsonOutputIsUtf8WhateverTheBytesOfTheFile) {
    write("latin.db", kLatin1);
    const auto dump = epicsdb({"dump", "--format", "json", "latin.db"});
    ASSERT_EQ(dump.status, 0) << dump.err;
    const json records = json::parse(dump.out)["records"]; // throws on bad UTF-8
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0]["name"], "caf\xEF\xBF\xBD");
    EXPECT_EQ(records[0]["fields"]["DESC"], "\xEF\xBF\xBD\xEF\xBF\xBD ok \xc3\xa9");
    EXPECT_EQ(records[0]["info"]["k\xEF\xBF\xBD"], "v\xEF\xBF\xBD");
    EXPECT_EQ(records[0]["aliases"][0]["name"], "al\xEF\xBF\xBD");

    write("bad.db", "record(ai, \"caf\xe9\") { field(PREC, \"\xe9\") }\n");
    const auto check = epicsdb({"check", "--format", "json", "bad.db"});
    EXPECT_EQ(check.status, 1);
    EXPECT_NO_THROW((void)json::parse(check.out.substr(0, check.out.find('\n'))));

    write("st.cmd", "epicsEnvSet(\"X\", \"caf\xe9\")\ndbLoadRecords(\"latin.db\")\n");
    const auto ioc = epicsdb({"ioc", "--format", "json", "st.cmd"});
    EXPECT_EQ(ioc.status, 0) << ioc.err;
    EXPECT_EQ(json::parse(ioc.out)["environment"]["X"], "caf\xEF\xBF\xBD");
}

TEST_F(Reliability, AnUnreadableFileSaysWhy) {
    std::filesystem::create_directory(dir.path("folder"));
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    for (const Case& c : std::vector<Case>{
             {{"check", "nope.db"}, "epicsdb: can't read 'nope.db': No such file or directory"},
             {{"check", "folder"}, "epicsdb: can't read 'folder': Is a directory"},
             {{"dump", "-S", "folder"}, "epicsdb: can't read 'folder': Is a directory"},
             {{"check", "--dbd", "folder", "x.db"}, "can't read 'folder': Is a directory"},
             {{"dbd", "folder"}, "epicsdb dbd: can't read 'folder': Is a directory"},
             {{"macros", "-e", "folder"}, "epicsdb macros: can't read 'folder': Is a directory"},
         }) {
        const auto r = epicsdb(c.args);
        EXPECT_NE(r.status, 0) << c.args[0];
        EXPECT_TRUE(contains(r.err, c.message));
    }
}

TEST_F(Reliability, AFileWithoutReadPermissionSaysSo) {
    write("secret.db", "record(ai, x) {}\n");
    ASSERT_EQ(::chmod(dir.path("secret.db").c_str(), 0), 0);
    ASSERT_EQ(::chmod(dir.path().c_str(), 0755), 0);
    ProgramSetup setup;
    if (::geteuid() == 0) { // root reads anything: the program runs as nobody
        setup.user = 65534;
        setup.group = 65534;
    }
    const auto r = epicsdb({"check", dir.path("secret.db")}, setup);
    if (r.status == 127) GTEST_SKIP() << "cannot run the program as another user here";
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(contains(r.err, "can't read '" + dir.path("secret.db") + "': Permission denied"));
}

TEST_F(Reliability, MsiRefusesADirectoryAsTemplateOrSubstitutionFile) {
    std::filesystem::create_directory(dir.path("folder"));
    write("t.db", "x\n");
    const auto asTemplate = msi({"folder"});
    EXPECT_EQ(asTemplate.status, 1);
    EXPECT_TRUE(contains(asTemplate.err, "msi: Can't open file 'folder'"));
    const auto asSubstitutions = msi({"-Sfolder", "t.db"});
    EXPECT_EQ(asSubstitutions.status, 1);
    EXPECT_TRUE(contains(asSubstitutions.err, "msi: Can't open file 'folder'"));
}

// A full disk, played by a file size limit: the error says so and no cut file is left.
TEST_F(Reliability, AFullDiskIsAnErrorAndLeavesNoPartialOutput) {
    std::string records;
    for (int i = 0; i < 2000; ++i)
        records += "record(ai, \"r" + std::to_string(i) + "\") { field(DESC, \"filler\") }\n";
    write("big.db", records);
    ProgramSetup full;
    full.fileSizeLimit = 16 * 1024;

    const auto dump = epicsdb({"dump", "-o", "out.db", "big.db"}, full);
    EXPECT_EQ(dump.status, 2);
    EXPECT_TRUE(contains(dump.err, "epicsdb dump: can't write 'out.db': File too large"));
    EXPECT_FALSE(exists("out.db"));

    const auto dbd =
        epicsdb({"dbd", "-o", "out.dbd", write("x.dbd", "menu(m) { choice(a, \"A\") }\n")}, full);
    EXPECT_EQ(dbd.status, 0) << dbd.err; // small enough

    const auto expanded = msi({"-o", "out.db", "big.db"}, full);
    EXPECT_EQ(expanded.status, 1);
    EXPECT_TRUE(contains(expanded.err, "msi: Can't write out.db: File too large"));
    EXPECT_FALSE(exists("out.db"));

    // /dev/full, which is not removed.
    const auto device = msi({"-o", "/dev/full", "big.db"});
    EXPECT_EQ(device.status, 1);
    EXPECT_TRUE(contains(device.err, "msi: Can't write /dev/full: No space left on device"));
    EXPECT_TRUE(std::filesystem::exists("/dev/full"));
}

// A FIFO gives its text once: every command reads it once, and nothing waits for a second writer.
TEST_F(Reliability, AFifoIsReadOnceByEveryCommand) {
    write("t.db", "record(ai, \"$(P)x\") {}\n");
    struct Case {
        std::string fifo;
        std::string text;
        std::vector<std::string> args;
    };
    for (const Case& c : std::vector<Case>{
             {"f.db", "record(ai, \"fifo\") {}\n", {"check", "f.db"}},
             {"f.db", "record(ai, \"fifo\") {}\n", {"lint", "f.db"}},
             {"f.db", "record(ai, \"fifo\") {}\n", {"dump", "f.db"}},
             {"f.substitutions", "file t.db { {P=a:} }\n", {"check", "-S", "f.substitutions"}},
             {"f.cmd", "dbLoadRecords(\"t.db\", \"P=a:\")\n", {"check", "f.cmd"}},
         }) {
        const std::string path = dir.path(c.fifo);
        std::filesystem::remove(path);
        ASSERT_EQ(::mkfifo(path.c_str(), 0644), 0);
        const pid_t writer = ::fork();
        if (writer == 0) {
            ::alarm(10);
            std::FILE* out = std::fopen(path.c_str(), "w");
            if (out) {
                std::fputs(c.text.c_str(), out);
                std::fclose(out);
            }
            ::_exit(0);
        }
        ProgramSetup setup;
        setup.timeoutSeconds = 10;
        const auto r = epicsdb(c.args, setup);
        int status = 0;
        ::kill(writer, SIGKILL); // when the program never opened the FIFO
        ::waitpid(writer, &status, 0);
        EXPECT_EQ(r.status, 0) << c.args[0] << " " << c.args.back() << ": " << r.err;
    }
}

// A template that includes itself: msi stops at its include bound (1000, where EPICS's msi runs
// out of file descriptors) with its error and the include chain, and exit status 1.
TEST_F(Reliability, MsiStopsASelfIncludeAtItsBound) {
    write("self.t", "a\ninclude \"self.t\"\n");
    ProgramSetup setup;
    setup.timeoutSeconds = 30;
    const auto r = msi({"self.t"}, setup);
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "msi: Can't open file 'self.t'"));
    EXPECT_TRUE(contains(r.err, "  included from line 2 of  file self.t"));
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1000);
}

// Where the system gives no second thread (a limit on the user's processes), loads run on one
// thread and give the same results: no error, no crash.
TEST_F(Reliability, NoThreadToBeHadMeansOneThread) {
    std::string records;
    for (int i = 0; i < 5000; ++i)
        records += "record(ai, \"r" + std::to_string(i) + "\") {\n    field(DESC, \"d\")\n}\n";
    write("big.db", records); // large enough to be lexed ahead
    write("t.template", "record(ao, \"$(P)\") { field(DRVH, \"$(MAX=10)\") }\n");
    std::string sets = "file t.template {\n    pattern { P, MAX }\n";
    for (int i = 0; i < 100; ++i)
        sets += "    { \"s" + std::to_string(i) + "\", " + std::to_string(i) + " }\n";
    write("sets.substitutions", sets + "}\n");
    for (const char* name : {"big.db", "t.template", "sets.substitutions"})
        ASSERT_EQ(::chmod(dir.path(name).c_str(), 0644), 0);
    ASSERT_EQ(::chmod(dir.path().c_str(), 0755), 0);
    ProgramSetup limited;
    limited.processLimit = 1;
    // Under AddressSanitizer the leak check at exit needs a thread of its own, which the limit
    // refuses too: not this test's subject (leaks are checked everywhere else).
    limited.environment = {{"ASAN_OPTIONS", "detect_leaks=0"}};
    if (::geteuid() == 0) { // root is not held to the limit: the program runs as nobody
        limited.user = 65534;
        limited.group = 65534;
    }
    for (const char* file : {"big.db", "sets.substitutions"}) {
        const auto one = epicsdb({"dump", "-j", "1", "-I", dir.path(), dir.path(file)});
        const auto refused =
            epicsdb({"dump", "-j", "2", "-I", dir.path(), dir.path(file)}, limited);
        if (refused.status == 127) GTEST_SKIP() << "cannot run the program as another user here";
        EXPECT_EQ(one.status, 0) << one.err;
        EXPECT_EQ(refused.status, 0) << file << ": " << refused.err;
        EXPECT_EQ(refused.out, one.out) << file;
        EXPECT_EQ(refused.err, "");
    }
}
