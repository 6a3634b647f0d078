// epicsdb lsp: the Language Server (lsp/Server.hpp) over standard input and output, for editors.
// Its context (definitions, include directories, macros, the IOC's startup script) comes from
// the project file .epicsdb.toml at the workspace root (README.md, "epicsdb lsp").
#include "Commands.hpp"

#include "Command.hpp"

#include <epicsdb/lsp/Server.hpp>

#include <cstdio>
#include <iostream>

namespace epicsdb::tools {

namespace {
const char* const kLspUsage =
    "usage: epicsdb lsp [--stdio] [-j N]\n"
    "A Language Server (LSP 3.17) over standard input and output: diagnostics of check and\n"
    "lint as you type, hover, completion, go to definition, references, document symbols,\n"
    "formatting and quick fixes for .db, .template, .substitutions, .dbd and st.cmd files.\n"
    "The project file .epicsdb.toml at the workspace root gives the definitions (dbd), include\n"
    "directories (include), macros, the IOC's startup script (startup) and external records.\n"
    "Exit status: 0 after the client's shutdown and exit, 1 when the input ends before, 2 on\n"
    "usage errors.\n\n";
} // namespace

ExitStatus runLsp(const Arguments& args) {
    cli::Command command("lsp", kLspUsage);
    bool stdio = false;
    std::string jobs = "0";
    command.flag("--stdio", stdio,
                 "talk over standard input and output (the default; editors pass it)");
    command.value("-j,--jobs", jobs, "N", "threads a check may use (0: every core)",
                  cli::kJobCount);
    if (auto status = command.parse(args, [] {})) return *status;
    std::ios::sync_with_stdio(false);
    lsp::ServerOptions options;
    options.jobs = static_cast<unsigned>(std::stoul(jobs));
    options.version = EPICSDB_VERSION;
    // The protocol's own statuses: 0 after shutdown and exit, 1 when the input ends before.
    return lsp::serve(std::cin, std::cout, options) == 0 ? ExitStatus::Success
                                                         : ExitStatus::Findings;
}

} // namespace epicsdb::tools
