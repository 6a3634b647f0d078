// epicsdb ioc: run an IOC startup script offline and describe the IOC it builds: records and
// aliases, the loads with their macros, the commands not run, the final environment; as text,
// as one JSON object (--format json), or as record names (--records, like iocsh's dbl).
#include "Commands.hpp"
#include "LoadInputs.hpp"
#include "PrettyJson.hpp"

#include <epicsdb/loaders/DiagnosticText.hpp>

#include <cstdio>
#include <iostream>

namespace epicsdb::tools {

namespace {
const char* const kIocUsage =
    "usage: epicsdb ioc [--dbd FILE]... [-I DIR]... [-e NAME=VALUE]... [--strict-commands]\n"
    "                   [--format text|json] [--records] [--console] [-q] st.cmd\n"
    "Runs an IOC startup script offline from its folder, as iocsh runs it (environment,\n"
    "< and iocshLoad includes, cd, dbLoadDatabase, dbLoadRecords, dbLoadTemplate), and\n"
    "describes the IOC it builds. Commands that drive hardware are not run; they are listed.\n"
    "Exit status as check.\n\n";

void writeLocation(cli::PrettyJson& json, const SourceLocation& where) {
    json.key("location");
    json.startObject();
    json.member("file", where.file);
    json.key("line");
    json.number(where.line);
    json.endObject();
}

std::string loadText(const ioc::ScriptLoad& load) {
    std::string text = load.command + "(\"" + load.file + "\"";
    if (load.command == "dbLoadDatabase" && (!load.path.empty() || !load.macros.empty()))
        text += ", \"" + load.path + "\"";
    if (!load.macros.empty()) text += ", \"" + load.macros + "\"";
    return text + ")";
}

template <class Visit>
void forEachRecord(const dbstatic::Database& db, Visit&& visit) {
    for (const dbstatic::RecordType& type : db.recordTypes())
        for (const dbstatic::Record* node = type.firstRecord(); node; node = node->next())
            visit(*node);
}

void printText(const dbstatic::Database& db, const std::string& script,
               const ioc::StartupReport& report, std::size_t errors, std::size_t warnings) {
    auto count = [](std::size_t n, std::string_view what) {
        return std::to_string(n) + " " + std::string(what) +
               (n == 1                ? ""
                : what.ends_with("s") ? "es"
                                      : "s");
    };
    std::printf("IOC %s: %s, %s, %s, %s not run, %s, %s%s\n", script.c_str(),
                count(db.recordCount(), "record").c_str(), count(db.aliasCount(), "alias").c_str(),
                count(report.loads.size(), "load").c_str(),
                count(report.skipped.size(), "command").c_str(), count(errors, "error").c_str(),
                count(warnings, "warning").c_str(), report.iocInit ? ", iocInit" : "");
    if (!report.loads.empty()) std::printf("\nloads:\n");
    for (const ioc::ScriptLoad& load : report.loads)
        std::printf("  %s  %s: %s, %s\n", loaders::locationText(load.where).c_str(),
                    loadText(load).c_str(), load.ok ? "loaded" : "failed",
                    count(load.records, "record").c_str());
    if (!report.skipped.empty()) std::printf("\nnot run:\n");
    for (const ioc::SkippedCommand& skipped : report.skipped)
        std::printf("  %s  %s\n", loaders::locationText(skipped.where).c_str(),
                    skipped.line.c_str());
    if (!report.environment.variables().empty()) std::printf("\nenvironment:\n");
    for (const auto& [name, value] : report.environment.variables())
        std::printf("  %s=%s\n", name.c_str(), value.c_str());
    if (db.recordCount() || db.aliasCount()) std::printf("\nrecords:\n");
    forEachRecord(db, [](const dbstatic::Record& node) {
        if (node.isAlias())
            std::printf("  %s -> %s (alias)\n", std::string(node.name()).c_str(),
                        std::string(node.real().name()).c_str());
        else
            std::printf("  %s (%s)\n", std::string(node.name()).c_str(),
                        std::string(node.type().name()).c_str());
    });
}

// The IOC as one JSON object: records, aliases, loads, commands not run, environment,
// scripts, diagnostics, console, counts.
void writeJson(std::ostream& out, const dbstatic::Database& db, const std::string& script,
               const ioc::StartupReport& report, const DiagnosticList& diagnostics,
               const std::vector<std::string>& console) {
    cli::PrettyJson json(out);
    json.startObject();
    json.member("script", script);
    json.key("records");
    json.startArray();
    forEachRecord(db, [&](const dbstatic::Record& node) {
        if (node.isAlias()) return;
        json.startObject();
        json.member("name", node.name());
        json.member("type", node.type().name());
        if (node.position().line)
            writeLocation(
                json, {std::string(db.fileName(node.position().file)), node.position().line, 0});
        json.endObject();
    });
    json.endArray();
    json.key("aliases");
    json.startArray();
    forEachRecord(db, [&](const dbstatic::Record& node) {
        if (!node.isAlias()) return;
        json.startObject();
        json.member("name", node.name());
        json.member("record", node.real().name());
        json.endObject();
    });
    json.endArray();
    json.key("loads");
    json.startArray();
    for (const ioc::ScriptLoad& load : report.loads) {
        json.startObject();
        json.member("command", load.command);
        json.member("file", load.file);
        json.member("macros", load.macros);
        json.member("path", load.path);
        writeLocation(json, load.where);
        json.key("ok");
        json.boolean(load.ok);
        json.key("records");
        json.number(load.records);
        json.endObject();
    }
    json.endArray();
    json.key("skipped");
    json.startArray();
    for (const ioc::SkippedCommand& command : report.skipped) {
        json.startObject();
        json.member("name", command.name);
        json.member("line", command.line);
        writeLocation(json, command.where);
        json.key("base");
        json.boolean(command.known);
        json.endObject();
    }
    json.endArray();
    json.key("environment");
    json.startObject();
    for (const auto& [name, value] : report.environment.variables())
        json.member(name, value);
    json.endObject();
    json.key("scripts");
    json.startArray();
    for (const std::string& name : report.scripts)
        json.string(name);
    json.endArray();
    json.key("iocInit");
    json.boolean(report.iocInit);
    json.key("diagnostics");
    json.startArray();
    for (const Diagnostic& d : diagnostics.items)
        json.embed(cli::DiagnosticPrinter::toJson(d));
    json.endArray();
    json.key("console");
    json.startArray();
    for (const std::string& line : console)
        json.string(line);
    json.endArray();
    json.key("errors");
    json.number(diagnostics.count(Severity::Error));
    json.key("warnings");
    json.number(diagnostics.count(Severity::Warning));
    json.endObject();
}

// Prints diagnostics as they come (text on stderr) and keeps them for the JSON object.
class Collector final : public DiagnosticSink {
public:
    Collector(cli::DiagnosticPrinter* printer) : printer_(printer) {}
    void report(Diagnostic diagnostic) override {
        if (printer_) printer_->report(diagnostic);
        list.report(std::move(diagnostic));
    }
    DiagnosticList list;

private:
    cli::DiagnosticPrinter* printer_;
};
} // namespace

ExitStatus runIoc(const Arguments& args) {
    cli::Command command("ioc", kIocUsage);
    cli::InputOptions inputs(command);
    std::string format = "text";
    bool records = false;
    bool console = false;
    bool quiet = false;
    command.choice("--format", format, {"text", "json"}, "a report for people or one JSON object");
    command.flag("--records", records,
                 "print only the record and alias names, one per line (like dbl)");
    command.flag("--console", console, "print what iocsh would print while the script runs");
    command.flag("-q,--quiet", quiet, "print errors only");
    if (auto status = command.parse(args, [&] {
            if (inputs.startupScript().empty())
                throw cli::UsageError("no startup script given (a .cmd or .iocsh file, or "
                                      "--startup FILE)");
            inputs.checkStartupRules();
        }))
        return *status;

    const bool json = format == "json";
    cli::DiagnosticPrinter printer(stderr, cli::DiagnosticFormat::Text, false);
    printer.setQuietWarnings(quiet);
    Collector collector(json ? nullptr : &printer);
    std::vector<std::string> consoleLines;
    const ConsoleLine consoleSink = [&](std::string_view line) {
        if (json)
            consoleLines.emplace_back(line);
        else
            std::printf("%.*s\n", static_cast<int>(line.size()), line.data());
    };
    dbstatic::Database db;
    applyDatabaseOptions(inputs, db);
    if (!definitionsReadable(inputs)) return ExitStatus::Trouble;
    const std::string script = inputs.startupScript();
    const ioc::StartupReport report = ioc::runStartupScript(
        script, db, collector, startupOptions(inputs, {console ? consoleSink : ConsoleLine{}}));
    if (report.unreadable) {
        if (json) {
            writeJson(std::cout, db, script, report, collector.list, consoleLines);
            std::cout << '\n';
        }
        return ExitStatus::Trouble;
    }
    const std::size_t errors = collector.list.count(Severity::Error);
    if (json) {
        writeJson(std::cout, db, script, report, collector.list, consoleLines);
        std::cout << '\n';
    } else if (records) {
        // As dbl lists them: each record type's list, aliases included.
        forEachRecord(db, [](const dbstatic::Record& node) {
            std::printf("%s\n", std::string(node.name()).c_str());
        });
    } else {
        printText(db, script, report, errors, collector.list.count(Severity::Warning));
    }
    return errors ? ExitStatus::Findings : ExitStatus::Success;
}

} // namespace epicsdb::tools
