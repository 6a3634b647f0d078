// epicsdb macros: expand text with EPICS macLib rules, as a quick way to see what a database
// line or a msi template will become.
#include "Commands.hpp"

#include "CommandLine.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace epicsdb::tools {

namespace {
const char* const kUsage =
    "usage: epicsdb macros [-M DEFS]... [--env] [--quiet] [--report] [--expand FILE]...\n"
    "                      [--text TEXT]...\n"
    "Expands text with EPICS macro rules ($(name), ${name}, defaults, scoped definitions).\n"
    "Undefined or recursive references are reported and make the exit status 1.\n\n";

bool readAll(const std::string& path, std::string& text) {
    if (path == "-") {
        std::ostringstream buffer;
        buffer << std::cin.rdbuf();
        text = buffer.str();
        return true;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
    return true;
}
} // namespace

int runMacros(const Arguments& args) {
    cli::CommandLine line({
        {{"-M", "--macros"}, true, "DEFS", "macro definitions, e.g. \"P=ioc:,N=1\" (repeatable)"},
        {{"--env"}, false, "", "undefined names are looked up in the environment"},
        {{"-q", "--quiet"}, false, "", "no warnings; failed references print as $(name)"},
        {{"--report"}, false, "", "print the macro table (as macReportMacros) at the end"},
        {{"-e", "--expand"}, true, "FILE", "expand the lines of FILE ('-': standard input)"},
        {{"-t", "--text"}, true, "TEXT", "expand TEXT"},
        {{"-h", "--help"}, false, "", "show this help"},
    });
    try {
        line.parse(args);
    } catch (const cli::UsageError& error) {
        std::fprintf(stderr, "epicsdb macros: %s\n%s", error.what(), kUsage);
        return 2;
    }
    if (line.has("-h")) {
        std::printf("%s%s", kUsage, line.optionHelp().c_str());
        return 0;
    }
    if (!line.positional().empty()) {
        std::fprintf(stderr, "epicsdb macros: unexpected argument '%s'\n%s",
                     line.positional().front().c_str(), kUsage);
        return 2;
    }

    maclib::MacroTable table(line.has("--env") ? maclib::MacroTable::Environment::Use
                                               : maclib::MacroTable::Environment::Ignore);
    table.suppressWarnings(line.has("-q"));
    table.setWarningSink([](const maclib::Warning& warning) {
        // The EPICS text quotes the whole line being expanded; the macro name says enough.
        const std::string text = maclib::shortMessage(warning);
        std::fprintf(stderr, "epicsdb macros: warning: %s\n", text.c_str());
    });
    for (const std::string& definitions : line.values("-M"))
        table.install(definitions);

    bool allDefined = true;
    std::string out;
    auto expand = [&](std::string_view text) {
        out.clear();
        if (!table.expand(text, out).ok()) allDefined = false;
        std::fwrite(out.data(), 1, out.size(), stdout);
    };
    for (const std::string& text : line.values("-t")) {
        expand(text);
        std::fputc('\n', stdout);
    }
    for (const std::string& path : line.values("-e")) {
        std::string text;
        if (!readAll(path, text)) {
            std::fprintf(stderr, "epicsdb macros: can't read '%s'\n", path.c_str());
            return 2;
        }
        // Line by line, as EPICS expands database files.
        std::size_t start = 0;
        while (start < text.size()) {
            std::size_t end = text.find('\n', start);
            end = end == std::string::npos ? text.size() : end + 1;
            expand(std::string_view(text).substr(start, end - start));
            start = end;
        }
    }
    if (line.has("--report")) {
        const std::string report = table.report();
        std::fwrite(report.data(), 1, report.size(), stdout);
    }
    return allDefined ? 0 : 1;
}

} // namespace epicsdb::tools
