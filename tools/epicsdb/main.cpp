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
    if (argc < 2) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    const std::string command = argv[1];
    if (command == "-h" || command == "--help" || command == "help") {
        std::fputs(kUsage, stdout);
        return 0;
    }
    if (command == "--version") {
        std::printf("epicsdb %s\n", EPICSDB_VERSION);
        return 0;
    }
    epicsdb::tools::Arguments args(argv + 2, argv + argc);
    try {
        if (command == "check") return epicsdb::tools::runCheck(args);
        if (command == "dump") return epicsdb::tools::runDump(args);
        if (command == "dbd") return epicsdb::tools::runDbd(args);
        if (command == "macros") return epicsdb::tools::runMacros(args);
        if (command == "expand") return epicsdb::tools::runExpand(args);
        if (command == "ioc") return epicsdb::tools::runIoc(args);
        if (command == "lint") return epicsdb::tools::runLint(args);
        if (command == "diff") return epicsdb::tools::runDiff(args);
        if (command == "graph") return epicsdb::tools::runGraph(args);
        if (command == "fmt") return epicsdb::tools::runFmt(args);
        if (command == "lsp") return epicsdb::tools::runLsp(args);
    } catch (const std::bad_alloc&) {
        // Every load is a transaction: what was loaded before is kept, the rest is not.
        std::fprintf(stderr, "epicsdb %s: out of memory\n", command.c_str());
        return 2;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "epicsdb %s: %s\n", command.c_str(), error.what());
        return 2;
    }
    std::fprintf(stderr, "epicsdb: unknown command '%s'\n%s", command.c_str(), kUsage);
    return 2;
}
