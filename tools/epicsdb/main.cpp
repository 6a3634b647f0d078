// epicsdb: load, expand and validate EPICS IOC databases. Dispatches to the subcommands.
#include "Commands.hpp"

#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>

namespace {
const char* const kUsage =
    "usage: epicsdb <command> [options] [files]\n"
    "\n"
    "commands:\n"
    "  check    load definitions and databases, report every problem\n"
    "  dump     load, then write every record (dbWriteRecord text or JSON)\n"
    "  dbd      write the expanded definitions of .dbd files (like dbdExpand.pl)\n"
    "  expand   expand templates and substitution files, exactly like msi\n"
    "  macros   expand text with EPICS macro rules\n"
    "  ioc      run an IOC startup script (st.cmd) offline, describe the IOC it builds\n"
    "  lint     check, plus what EPICS never checks (links, hardware addresses, ...)\n"
    "  diff     compare the databases two inputs build (or one input at a git revision)\n"
    "  graph    the link graph of a database (Graphviz DOT, SVG or JSON)\n"
    "  fmt      write .db/.template/.substitutions files in one layout (--check, --diff, -i)\n"
    "  lsp      a Language Server for editors (LSP over standard input and output)\n"
    "\n"
    "'epicsdb <command> --help' describes a command. Exit status: 0 success, 1 errors in the\n"
    "input, 2 usage errors or unreadable files.\n";
} // namespace

int main(int argc, char** argv) {
    using epicsdb::cli::ExitStatus;
    using epicsdb::cli::processStatus;
    if (argc < 2) {
        std::fputs(kUsage, stderr);
        return processStatus(ExitStatus::Trouble);
    }
    const std::string command = argv[1];
    if (command == "-h" || command == "--help" || command == "help") {
        std::fputs(kUsage, stdout);
        return processStatus(ExitStatus::Success);
    }
    if (command == "--version") {
        std::printf("epicsdb %s\n", EPICSDB_VERSION);
        return processStatus(ExitStatus::Success);
    }
    epicsdb::tools::Arguments args(argv + 2, argv + argc);
    try {
        if (command == "check") return processStatus(epicsdb::tools::runCheck(args));
        if (command == "dump") return processStatus(epicsdb::tools::runDump(args));
        if (command == "dbd") return processStatus(epicsdb::tools::runDbd(args));
        if (command == "macros") return processStatus(epicsdb::tools::runMacros(args));
        if (command == "expand") return processStatus(epicsdb::tools::runExpand(args));
        if (command == "ioc") return processStatus(epicsdb::tools::runIoc(args));
        if (command == "lint") return processStatus(epicsdb::tools::runLint(args));
        if (command == "diff") return processStatus(epicsdb::tools::runDiff(args));
        if (command == "graph") return processStatus(epicsdb::tools::runGraph(args));
        if (command == "fmt") return processStatus(epicsdb::tools::runFmt(args));
        if (command == "lsp") return processStatus(epicsdb::tools::runLsp(args));
    } catch (const std::bad_alloc&) {
        // Every load is a transaction: what was loaded before is kept, the rest is not.
        std::fprintf(stderr, "epicsdb %s: out of memory\n", command.c_str());
        return processStatus(ExitStatus::Trouble);
    } catch (const std::exception& error) {
        std::fprintf(stderr, "epicsdb %s: %s\n", command.c_str(), error.what());
        return processStatus(ExitStatus::Trouble);
    }
    std::fprintf(stderr, "epicsdb: unknown command '%s'\n%s", command.c_str(), kUsage);
    return processStatus(ExitStatus::Trouble);
}
