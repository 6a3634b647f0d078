// epicsdb dbd: read .dbd files and write their definitions as one expanded .dbd, as EPICS's
// dbdExpand.pl does.
#include "CommandLine.hpp"
#include "Commands.hpp"
#include "DiagnosticPrinter.hpp"
#include "OutputFile.hpp"

#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <cstdio>
#include <unistd.h>

namespace epicsdb::tools {

namespace {
const char* const kUsage =
    "usage: epicsdb dbd [-I DIR]... [-o FILE] FILE...\n"
    "Reads the .dbd files in order (includes are searched in the -I directories, then among\n"
    "the definitions built into epicsdb) and writes all definitions as one expanded .dbd.\n\n";
} // namespace

int runDbd(const Arguments& args) {
    cli::CommandLine line({
        {{"-I", "--include"}, true, "DIR", "directory searched for included files"},
        {{"-o", "--output"}, true, "FILE", "write to FILE instead of stdout"},
        {{"-h", "--help"}, false, "", "show this help"},
    });
    try {
        line.parse(args);
        if (!line.has("-h") && line.positional().empty())
            throw cli::UsageError("no .dbd files given");
    } catch (const cli::UsageError& error) {
        std::fprintf(stderr, "epicsdb dbd: %s\n%s", error.what(), kUsage);
        return 2;
    }
    if (line.has("-h")) {
        std::printf("%s%s", kUsage, line.optionHelp().c_str());
        return 0;
    }
    cli::DiagnosticPrinter printer(stderr, cli::DiagnosticFormat::Text, ::isatty(STDERR_FILENO));
    dbstatic::Database db;
    loaders::LoaderOptions options;
    options.includeDirs = line.values("-I");
    loaders::Loader loader(db, printer, options);
    for (const std::string& file : line.positional()) {
        if (std::FILE* probe = std::fopen(file.c_str(), "rb")) {
            std::fclose(probe);
        } else {
            std::fprintf(stderr, "epicsdb dbd: can't read '%s'\n", file.c_str());
            return 2;
        }
        loader.loadDatabase(file);
    }
    if (printer.errors()) return 1;
    OutputFile output(line.value("-o"));
    if (!output.ok()) {
        std::fprintf(stderr, "epicsdb dbd: can't write '%s'\n", line.value("-o")->c_str());
        return 2;
    }
    dbstatic::writeExpandedDbd(db, output.stream());
    output.stream().flush();
    return 0;
}

} // namespace epicsdb::tools
