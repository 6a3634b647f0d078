// epicsdb: load, expand and validate EPICS IOC databases. One table names the commands, says
// what each does and runs it: `epicsdb --help` lists it, a name not in it is answered from it.
#include "CommandTable.hpp"
#include "Commands.hpp"

#include <cstdio>
#include <exception>
#include <new>
#include <string>

namespace {

using namespace epicsdb::tools;

ExitStatus runHelpOfTable(const Arguments& args);

// One row per command, in the order `epicsdb --help` lists them. tools/CMakeLists.txt reads the
// names and summaries from these lines (each command's man page, and its page of the guide).
// clang-format off
constexpr CommandEntry kCommands[] = {
    {"check",  "load definitions and databases, report every problem",                       runCheck},
    {"dump",   "load, then write every record (dbWriteRecord text or JSON)",                 runDump},
    {"dbd",    "write the expanded definitions of .dbd files (like dbdExpand.pl)",           runDbd},
    {"expand", "expand templates and substitution files, exactly like msi",                  runExpand},
    {"macros", "expand text with EPICS macro rules",                                         runMacros},
    {"ioc",    "run an IOC startup script (st.cmd) offline, describe the IOC it builds",     runIoc},
    {"lint",   "check, plus what EPICS never checks (links, hardware addresses, ...)",       runLint},
    {"diff",   "compare the databases two inputs build (or one input at a git revision)",    runDiff},
    {"graph",  "the link graph of a database (Graphviz DOT, SVG or JSON)",                   runGraph},
    {"why",    "where a record's or field's value came from: statements, macros, loads",     runWhy},
    {"fmt",    "write .db/.template/.substitutions files in one layout (--check, --diff, -i)", runFmt},
    {"index",  "index a facility's IOCs into one SQLite file (incremental, provenance, lint)", runIndex},
    {"lsp",    "a Language Server for editors (LSP over standard input and output)",         runLsp},
    {"serve",  "serve a facility's index over HTTP (JSON API), updated as its files change",  runServe},
    {"help",   "a command's page: what it does, its options, examples (or this list)",       runHelpOfTable},
};
// clang-format on

ExitStatus runHelpOfTable(const Arguments& args) {
    return runHelp(kCommands, args);
}

} // namespace

int main(int argc, char** argv) {
    using epicsdb::cli::processStatus;
    if (argc < 2) {
        std::fputs(programUsage(kCommands).c_str(), stderr);
        return processStatus(ExitStatus::Trouble);
    }
    const std::string name = argv[1];
    if (name == "-h" || name == "--help") {
        std::fputs(programUsage(kCommands).c_str(), stdout);
        return processStatus(ExitStatus::Success);
    }
    if (name == "--version") {
        std::printf("epicsdb %s\n", EPICSDB_VERSION);
        return processStatus(ExitStatus::Success);
    }
    const CommandEntry* command = findCommand(kCommands, name);
    if (!command) {
        std::fprintf(stderr, "epicsdb: %s\n%s", unknownCommand(kCommands, name).c_str(),
                     programUsage(kCommands).c_str());
        return processStatus(ExitStatus::Trouble);
    }
    try {
        return processStatus(command->run(Arguments(argv + 2, argv + argc)));
    } catch (const std::bad_alloc&) {
        // Every load is a transaction: what was loaded before is kept, the rest is not.
        std::fprintf(stderr, "epicsdb %s: out of memory\n", name.c_str());
    } catch (const std::exception& error) {
        std::fprintf(stderr, "epicsdb %s: %s\n", name.c_str(), error.what());
    }
    return processStatus(ExitStatus::Trouble);
}
