// IOC startup scripts (ioc/: ioc::runStartupScript, Shell, ShellWords, IocCommands): an input
// is a bundle (FuzzSupport.hpp) whose main file is st.cmd and whose other files are what it
// reads (`< envPaths`, iocshLoad scripts, .db, .template, .substitutions, .dbd files). The
// script runs as an IOC binary built with the standard definitions would run it: they are
// loaded once per process (standardDatabase), and the run is given an empty .dbd so that it
// does not load them again. Scripts nest 8 deep at most (iocsh allows 100: two `<` of itself
// would then run 2^100 times).
//
// Checks: no crash, no leak, no undefined behaviour; the report agrees with itself (counts).
#include "FuzzSupport.hpp"

#include <epicsdb/ioc/Startup.hpp>

#include <cstdint>
#include <cstdio>
#include <string>

using namespace epicsdb;

namespace {

// An empty definitions file, as the binary's compiled-in definitions (already loaded).
const std::string& emptyDefinitions() {
    static const std::string path = [] {
        const std::string name = fuzz::scratchRoot() + "/builtin.dbd";
        std::FILE* file = std::fopen(name.c_str(), "wb");
        if (!file) fuzz::fail("cannot write", name);
        std::fclose(file);
        return name;
    }();
    return path;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input = fuzz::asText(data, size);
    if (fuzz::namesSystemFiles(input) || fuzz::macroBlowupRisk(input)) return -1;
    const fuzz::Bundle bundle = fuzz::splitBundle(input);
    const std::string& definitions = emptyDefinitions();
    const std::string folder = fuzz::writeBundle(bundle, "st.cmd");

    fuzz::Scratchpad scratch;
    fuzz::TextSink sink;
    ioc::StartupOptions options;
    options.definitions = {definitions};
    options.maxScriptDepth = 8;
    options.environment.set("TOP", folder);
    options.environment.set("IOC", "iocfuzz");
    std::size_t consoleLines = 0;
    options.console = [&consoleLines](std::string_view) { ++consoleLines; };
    options.loader.maxIncludeDepth = 8;
    options.loader.useEnvironmentPath = true;
    const ioc::StartupReport report =
        ioc::runStartupScript(folder + "/st.cmd", scratch.database(), sink, std::move(options));
    if (fuzz::debugging()) {
        std::string text = "report: " + std::to_string(report.loads.size()) + " loads, " +
                           std::to_string(report.skipped.size()) + " commands not run, " +
                           std::to_string(scratch.database().recordCount()) + " records\n";
        for (const ioc::ScriptLoad& load : report.loads)
            text += "  " + load.command + " " + load.file + (load.ok ? " ok, " : " failed, ") +
                    std::to_string(load.records) + " records\n";
        fuzz::print(text);
    }
    fuzz::check(report.errors + report.warnings <= sink.count,
                "the report counts more diagnostics than were reported");
    return 0;
}
