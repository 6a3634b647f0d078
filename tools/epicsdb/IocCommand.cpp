// epicsdb ioc: run an IOC startup script offline and describe the IOC it builds: records and
// aliases, the loads with their macros, the commands not run, the final environment; as text,
// as one JSON object (--format json), or as record names (--records, like iocsh's dbl).
#include "Commands.hpp"
#include "LoadInputs.hpp"

#include <epicsdb/loaders/DiagnosticText.hpp>

#include <nlohmann/json.hpp>

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

using Json = nlohmann::ordered_json;

Json locationJson(const SourceLocation& where) {
    return Json{{"file", where.file}, {"line", where.line}};
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

Json toJson(const dbstatic::Database& db, const std::string& script,
            const ioc::StartupReport& report, const DiagnosticList& diagnostics,
            const std::vector<std::string>& console) {
    Json out;
    out["script"] = script;
    Json records = Json::array();
    Json aliases = Json::array();
    forEachRecord(db, [&](const dbstatic::Record& node) {
        if (node.isAlias()) {
            aliases.push_back({{"name", node.name()}, {"record", node.real().name()}});
            return;
        }
        Json record{{"name", node.name()}, {"type", node.type().name()}};
        if (node.position().line)
            record["location"] = {{"file", db.fileName(node.position().file)},
                                  {"line", node.position().line}};
        records.push_back(std::move(record));
    });
    out["records"] = std::move(records);
    out["aliases"] = std::move(aliases);
    Json loads = Json::array();
    for (const ioc::ScriptLoad& load : report.loads)
        loads.push_back({{"command", load.command},
                         {"file", load.file},
                         {"macros", load.macros},
                         {"path", load.path},
                         {"location", locationJson(load.where)},
                         {"ok", load.ok},
                         {"records", load.records}});
    out["loads"] = std::move(loads);
    Json skipped = Json::array();
    for (const ioc::SkippedCommand& command : report.skipped)
        skipped.push_back({{"name", command.name},
                           {"line", command.line},
                           {"location", locationJson(command.where)},
                           {"base", command.known}});
    out["skipped"] = std::move(skipped);
    Json environment = Json::object();
    for (const auto& [name, value] : report.environment.variables())
        environment[name] = value;
    out["environment"] = std::move(environment);
    out["scripts"] = report.scripts;
    out["iocInit"] = report.iocInit;
    Json list = Json::array();
    for (const Diagnostic& d : diagnostics.items)
        list.push_back(Json::parse(cli::DiagnosticPrinter::toJson(d)));
    out["diagnostics"] = std::move(list);
    out["console"] = console;
    out["errors"] = diagnostics.count(Severity::Error);
    out["warnings"] = diagnostics.count(Severity::Warning);
    return out;
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
        if (json)
            std::cout << toJson(db, script, report, collector.list, consoleLines)
                             .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                      << '\n';
        return ExitStatus::Trouble;
    }
    const std::size_t errors = collector.list.count(Severity::Error);
    if (json) {
        std::cout << toJson(db, script, report, collector.list, consoleLines)
                         .dump(2, ' ', false, nlohmann::json::error_handler_t::replace)
                  << '\n';
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
