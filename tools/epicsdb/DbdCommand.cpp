// epicsdb dbd: read .dbd files and write their definitions as one expanded .dbd, as EPICS's
// dbdExpand.pl does.
#include "Command.hpp"
#include "Commands.hpp"
#include "DiagnosticPrinter.hpp"
#include "FileAccess.hpp"
#include "WriteResult.hpp"

#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <cstdio>

namespace epicsdb::tools {

namespace {
const char* const kDbdUsage =
    "usage: epicsdb dbd [-I DIR]... [-o FILE] FILE...\n"
    "Reads the .dbd files in order (includes are searched in the -I directories, then among\n"
    "the definitions built into epicsdb) and writes all definitions as one expanded .dbd.\n\n";
} // namespace

ExitStatus runDbd(const Arguments& args) {
    cli::Command command("dbd", kDbdUsage);
    loaders::LoaderOptions options;
    std::string outputPath;
    std::vector<std::string> files;
    command.list("-I,--include", options.includeDirs, "DIR",
                 "directory searched for included files");
    command.value("-o,--output", outputPath, "FILE", "write to FILE instead of stdout",
                  cli::kFileName);
    command.files(files, ".dbd files, read in order");
    if (auto status = command.parse(args, [&] {
            if (files.empty()) throw cli::UsageError("no .dbd files given");
        }))
        return *status;

    cli::DiagnosticPrinter printer;
    dbstatic::Database db;
    loaders::Loader loader(db, printer, options);
    for (const std::string& file : files) {
        if (const std::string reason = cli::unreadableReason(file); !reason.empty())
            return command.fail(cli::cantRead(file, reason));
        loader.loadDatabase(file);
    }
    if (printer.errors()) return ExitStatus::Findings;
    const bool written = writeResult(command, outputPath, [&](std::ostream& out) {
        dbstatic::writeExpandedDbd(db, out);
        return std::string();
    });
    return written ? ExitStatus::Success : ExitStatus::Trouble;
}

} // namespace epicsdb::tools
