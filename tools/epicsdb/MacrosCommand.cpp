// epicsdb macros: expand text with EPICS macLib rules, as a quick way to see what a database
// line or a msi template will become.
#include "Commands.hpp"

#include "Command.hpp"
#include "FileAccess.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

namespace epicsdb::tools {

namespace {
const char* const kMacrosUsage =
    "usage: epicsdb macros [-M DEFS]... [--env] [--quiet] [--report] [--macro-limit SIZE]\n"
    "                      [--expand FILE]... [--text TEXT]...\n"
    "Expands text with EPICS macro rules ($(name), ${name}, defaults, scoped definitions).\n"
    "Undefined or recursive references are reported and make the exit status 1, as does an\n"
    "expansion stopped by a bound (nesting depth, --macro-limit).\n\n";

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

ExitStatus runMacros(const Arguments& args) {
    cli::Command command("macros", kMacrosUsage);
    std::vector<std::string> definitions;
    std::vector<std::string> files;
    std::vector<std::string> texts;
    bool environment = false;
    bool quiet = false;
    bool report = false;
    command.list("-M,--macros", definitions, "DEFS",
                 "macro definitions, e.g. \"P=ioc:,N=1\" (repeatable)");
    command.flag("--env", environment, "undefined names are looked up in the environment");
    command.flag("-q,--quiet", quiet, "no warnings; failed references print as $(name)");
    std::string limit;
    command.value("--macro-limit", limit, "SIZE",
                  "stop an expansion that takes more than SIZE (default 64M)", cli::kByteSize);
    command.flag("--report", report, "print the macro table (as macReportMacros) at the end");
    command.list("-e,--expand", files, "FILE", "expand the lines of FILE ('-': standard input)");
    command.list("-t,--text", texts, "TEXT", "expand TEXT");
    if (auto status = command.parse(args)) return *status;

    maclib::MacroTable table(environment ? maclib::MacroTable::Environment::Use
                                         : maclib::MacroTable::Environment::Ignore);
    table.suppressWarnings(quiet);
    if (!limit.empty()) table.setExpansionLimit(cli::parseByteSize(limit).value_or(1));
    bool stopped = false; // a bound cut an expansion short: an error, not a warning
    table.setWarningSink([&stopped](const maclib::Warning& warning) {
        // The EPICS text quotes the whole line being expanded; the macro name says enough.
        const std::string text = maclib::shortMessage(warning);
        const bool bound = warning.kind == maclib::WarningKind::TooLarge ||
                           warning.kind == maclib::WarningKind::TooDeep;
        stopped |= bound;
        std::fprintf(stderr, "epicsdb macros: %s: %s\n", bound ? "error" : "warning", text.c_str());
    });
    for (const std::string& text : definitions)
        table.install(text);

    bool allDefined = true;
    std::string out;
    auto expand = [&](std::string_view text) {
        out.clear();
        if (!table.expand(text, out).ok()) allDefined = false;
        std::fwrite(out.data(), 1, out.size(), stdout);
    };
    for (const std::string& text : texts) {
        expand(text);
        std::fputc('\n', stdout);
    }
    for (const std::string& path : files) {
        std::string text;
        if (path != "-") {
            if (const std::string reason = cli::unreadableReason(path); !reason.empty())
                return command.fail(cli::cantRead(path, reason));
        }
        if (!readAll(path, text)) return command.fail(cli::cantRead(path, "read error"));
        // Line by line, as EPICS expands database files.
        std::size_t start = 0;
        while (start < text.size()) {
            std::size_t end = text.find('\n', start);
            end = end == std::string::npos ? text.size() : end + 1;
            expand(std::string_view(text).substr(start, end - start));
            start = end;
        }
    }
    if (report) {
        const std::string text = table.report();
        std::fwrite(text.data(), 1, text.size(), stdout);
    }
    return allDefined && !stopped ? ExitStatus::Success : ExitStatus::Findings;
}

} // namespace epicsdb::tools
