// The command-line rules every epicsdb command shares (tools/cli/Command.hpp and the input
// options of check and dump), read in-process: the forms values take, order, "--", help and
// the usage errors in users' words.
#include "Command.hpp"
#include "InputOptions.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using epicsdb::cli::Command;
using epicsdb::cli::ExitStatus;
using epicsdb::cli::InputOptions;

namespace {

const char* const kUsage = "usage: epicsdb try [options] FILE...\nTries options.\n\n";

// A FILE* whose text can be read back (open_memstream).
class MemoryStream {
public:
    MemoryStream() : file_(::open_memstream(&data_, &size_)) {}
    ~MemoryStream() {
        std::fclose(file_);
        std::free(data_);
    }
    MemoryStream(const MemoryStream&) = delete;
    MemoryStream& operator=(const MemoryStream&) = delete;
    [[nodiscard]] std::FILE* file() const { return file_; }
    [[nodiscard]] std::string text() const {
        std::fflush(file_);
        return {data_, size_};
    }

private:
    char* data_ = nullptr;
    std::size_t size_ = 0;
    std::FILE* file_;
};

// A command with one option of each kind, and what it printed.
struct Try {
    MemoryStream out;
    MemoryStream err;
    Command command{"try", kUsage, out.file(), err.file()};
    std::vector<std::string> includes;
    std::vector<std::string> files;
    std::string macros;
    std::string format = "db";
    std::string level = "0";
    bool quiet = false;
    std::optional<ExitStatus> status;

    explicit Try(const std::vector<std::string>& args, bool takesFiles = true,
                 const std::function<void()>& check = {}) {
        command.list("-I,--include", includes, "DIR", "a directory searched");
        command.value("-m,--macros", macros, "MACROS", "macro definitions");
        command.choice("--format", format, {"db", "json"}, "record text or JSON");
        command.value("--level", level, "N", "how much to write",
                      {[](const std::string& v) { return v == "0" || v == "1"; }, "0 or 1"});
        command.flag("-q,--quiet", quiet, "errors only");
        if (takesFiles) command.files(files, "files to read");
        status = command.parse(args, check);
    }
};

using Strings = std::vector<std::string>;

TEST(CommandLine, ValuesAttachedOrSeparateKeepTheirOrder) {
    const Try t({"-I", "a", "-Ib", "--include", "c", "--include=d", "-I", "e"});
    EXPECT_EQ(t.status, std::nullopt) << t.err.text();
    EXPECT_EQ(t.includes, (Strings{"a", "b", "c", "d", "e"}));
    EXPECT_EQ(t.err.text(), "");
}

TEST(CommandLine, FilesMayStandAnywhereAndDashDashEndsOptions) {
    const Try t({"one.db", "-I", "dir", "two.db", "-q", "-", "--", "-I", "--three.db"});
    EXPECT_EQ(t.status, std::nullopt) << t.err.text();
    EXPECT_EQ(t.files, (Strings{"one.db", "two.db", "-", "-I", "--three.db"}));
    EXPECT_EQ(t.includes, (Strings{"dir"}));
    EXPECT_TRUE(t.quiet);
}

TEST(CommandLine, ASeparateValueIsTakenWhateverItLooksLike) {
    for (const std::string value : {"-x", "--help", "--", "-I", "P=-1"}) {
        const Try t({"-m", value, "f.db"});
        EXPECT_EQ(t.status, std::nullopt) << value << ": " << t.err.text();
        EXPECT_EQ(t.macros, value);
        EXPECT_EQ(t.files, (Strings{"f.db"})) << value;
        EXPECT_EQ(t.out.text(), "") << value;
    }
    const Try attached({"-mP=1,Q=-2", "--macros=-y"});
    EXPECT_EQ(attached.macros, "-y"); // the last one counts
    const Try short_({"-mP=1,Q=-2"});
    EXPECT_EQ(short_.macros, "P=1,Q=-2");
}

TEST(CommandLine, AnEmptyAttachedValueIsTheEmptyValue) {
    const Try t({"--macros=", "f.db"});
    EXPECT_EQ(t.status, std::nullopt) << t.err.text();
    EXPECT_EQ(t.macros, "");
    EXPECT_EQ(t.files, Strings{"f.db"});
}

TEST(CommandLine, TheLastOfASingleValueCounts) {
    const Try t({"--format", "json", "--format=db", "-m", "A=1", "-mB=2"});
    EXPECT_EQ(t.status, std::nullopt) << t.err.text();
    EXPECT_EQ(t.format, "db");
    EXPECT_EQ(t.macros, "B=2");
}

TEST(CommandLine, UsageErrorsNameTheProblemThenShowTheUsage) {
    struct Case {
        Strings args;
        std::string reason;
    };
    const Case cases[] = {
        {{"--bogus", "f.db"}, "unknown option '--bogus'"},
        {{"-x"}, "unknown option '-x'"},
        {{"--bogus=1"}, "unknown option '--bogus=1'"},
        {{"f.db", "-m"}, "option '-m' needs a value (MACROS)"},
        {{"--include"}, "option '--include' needs a value (DIR)"},
        {{"--quiet=yes"}, "option '--quiet' takes no value"},
        {{"--format", "xml"}, "--format must be db or json, not 'xml'"},
        {{"--level=7"}, "--level must be 0 or 1, not '7'"},
        // An empty attached value is empty: it does not take the next argument.
        {{"--format=", "f.db"}, "--format must be db or json, not ''"},
        {{"--level=", "1"}, "--level must be 0 or 1, not ''"},
        {{"---x", "f.db"}, "unknown option '---x'"},
        // A flag has no value, attached or clustered.
        {{"-qx", "f.db"}, "option '-q' takes no value"},
        {{"-hq"}, "option '-h' takes no value"},
    };
    for (const Case& c : cases) {
        const Try t(c.args);
        EXPECT_EQ(t.status, ExitStatus::Trouble) << c.reason;
        EXPECT_EQ(t.err.text(), "epicsdb try: " + c.reason + "\n" + kUsage);
        EXPECT_EQ(t.out.text(), "") << c.reason;
    }
}

TEST(CommandLine, HelpShowsTheUsageAndEveryOption) {
    for (const std::string spelling : {"-h", "--help"}) {
        const Try t({"f.db", spelling});
        EXPECT_EQ(t.status, ExitStatus::Success);
        EXPECT_EQ(t.err.text(), "");
        const std::string help = t.out.text();
        EXPECT_TRUE(help.starts_with(kUsage)) << help;
        for (const char* text :
             {"-I", "--include", "DIR", "a directory searched", "-m", "--macros", "MACROS",
              "macro definitions", "--format", "db|json", "record text or JSON", "--level",
              "how much to write", "-q", "--quiet", "errors only", "-h", "--help", "files to read"})
            EXPECT_NE(help.find(text), std::string::npos) << text << " in:\n" << help;
    }
}

TEST(CommandLine, MalformedOptionsAreErrorsEvenWithHelpButTheCommandsRulesWaitForIt) {
    EXPECT_EQ(Try({"-h", "--bogus"}).status, ExitStatus::Trouble);
    EXPECT_EQ(Try({"-h", "--format", "xml"}).status, ExitStatus::Trouble);
    bool checked = false;
    const Try help({"-h"}, true, [&] {
        checked = true;
        throw epicsdb::cli::UsageError("no files");
    });
    EXPECT_EQ(help.status, ExitStatus::Success);
    EXPECT_FALSE(checked);
    const Try run({}, true, [] { throw epicsdb::cli::UsageError("no files"); });
    EXPECT_EQ(run.status, ExitStatus::Trouble);
    EXPECT_EQ(run.err.text(), std::string("epicsdb try: no files\n") + kUsage);
}

TEST(CommandLine, ACommandWithoutFilesRejectsPositionalArguments) {
    const Try t({"-q", "stray"}, false);
    EXPECT_EQ(t.status, ExitStatus::Trouble);
    EXPECT_EQ(t.err.text(), std::string("epicsdb try: unexpected argument 'stray'\n") + kUsage);
    EXPECT_EQ(Try({"-q", "--"}, false).status, std::nullopt);
    EXPECT_EQ(Try({"stray", "-h"}, false).status, ExitStatus::Success);
}

TEST(CommandLine, FailuresAfterParsingNameTheCommand) {
    Try t({});
    EXPECT_EQ(t.command.fail("can't write 'x'"), ExitStatus::Trouble);
    EXPECT_EQ(t.command.fail("3 errors", ExitStatus::Findings), ExitStatus::Findings);
    EXPECT_EQ(t.err.text(), "epicsdb try: can't write 'x'\nepicsdb try: 3 errors\n");
}

TEST(InputOptions, EveryFormGoesWhereCheckAndDumpLookForIt) {
    MemoryStream out;
    MemoryStream err;
    Command command("check", kUsage, out.file(), err.file());
    InputOptions inputs(command);
    EXPECT_EQ(command.parse({"--dbd", "a.dbd", "x.db", "-S", "s.subs", "-Iinc", "y.db",
                             "--dbd=b.dbd", "-mP=1", "--substitutions=t.subs", "--include", "i2",
                             "--strict", "--records-once"}),
              std::nullopt)
        << err.text();
    EXPECT_EQ(inputs.definitions, (Strings{"a.dbd", "b.dbd"}));
    EXPECT_EQ(inputs.files, (Strings{"x.db", "y.db"}));
    EXPECT_EQ(inputs.substitutions, (Strings{"s.subs", "t.subs"}));
    EXPECT_EQ(inputs.includeDirs, (Strings{"inc", "i2"}));
    EXPECT_EQ(inputs.macros, "P=1");
    EXPECT_TRUE(inputs.strict);
    EXPECT_TRUE(inputs.recordsOnce);
    EXPECT_FALSE(inputs.quietMacros);
    EXPECT_FALSE(inputs.stats);
    EXPECT_FALSE(inputs.empty());
}

TEST(InputOptions, AnyOfDefinitionsSubstitutionsOrFilesIsSomethingToLoad) {
    const Strings forms[] = {{"--dbd", "a.dbd"}, {"-S", "s.subs"}, {"x.db"}};
    for (const Strings& args : forms) {
        Command command("check", kUsage);
        InputOptions inputs(command);
        ASSERT_EQ(command.parse(args), std::nullopt);
        EXPECT_FALSE(inputs.empty()) << args[0];
    }
    Command command("check", kUsage);
    InputOptions inputs(command);
    ASSERT_EQ(command.parse({"-I", "dir", "-m", "P=1", "--stats"}), std::nullopt);
    EXPECT_TRUE(inputs.empty());
}

} // namespace
