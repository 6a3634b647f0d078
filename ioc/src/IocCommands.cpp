#include "IocCommands.hpp"

#include "ScopedState.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/support/Glob.hpp>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <sys/stat.h>

namespace epicsdb::ioc {

namespace {
// Commands of EPICS Base (libCom, dbCore, the CA server, access security) that report, tune a
// running IOC or need hardware: a script may use them, they do not change the database.
constexpr std::string_view kInert[] = {"help",
                                       "date",
                                       "epicsParamShow",
                                       "epicsPrtEnvParams",
                                       "registryDump",
                                       "iocLogInit",
                                       "setIocLogDisable",
                                       "iocLogShow",
                                       "eltc",
                                       "errlogInit",
                                       "errlogInit2",
                                       "errlog",
                                       "iocLogPrefix",
                                       "epicsThreadShowAll",
                                       "epicsThreadShow",
                                       "taskwdShow",
                                       "epicsMutexShowAll",
                                       "epicsThreadSleep",
                                       "epicsThreadResume",
                                       "generalTimeReport",
                                       "installLastResortEventProvider",
                                       "dbl",
                                       "dbnr",
                                       "dbla",
                                       "dbgrep",
                                       "dbgf",
                                       "dbpf",
                                       "dbpr",
                                       "dbtr",
                                       "dbtgf",
                                       "dbtpf",
                                       "dbior",
                                       "dbhcr",
                                       "gft",
                                       "pft",
                                       "tpn",
                                       "dblsr",
                                       "dbLockShowLocked",
                                       "scanOnceSetQueueSize",
                                       "scanOnceQueueShow",
                                       "scanppl",
                                       "scanpel",
                                       "postEvent",
                                       "dbCaReport",
                                       "dbel",
                                       "dbcar",
                                       "dbjlr",
                                       "dbb",
                                       "dbd",
                                       "dbc",
                                       "dbs",
                                       "dbstat",
                                       "dbp",
                                       "dbap",
                                       "dbsr",
                                       "dbcr",
                                       "asSetFilename",
                                       "asSetSubstitutions",
                                       "asInit",
                                       "asdbdump",
                                       "aspuag",
                                       "asphag",
                                       "asprules",
                                       "aspmem",
                                       "astac",
                                       "ascar",
                                       "asDumpHash",
                                       "casr",
                                       "callbackSetQueueSize",
                                       "callbackParallelThreads",
                                       "iocRun",
                                       "iocPause",
                                       "iocLogDisable",
                                       "dbCaLinkShow",
                                       "dbNotifyDump",
                                       "dbtpn",
                                       "dbPutAttribute",
                                       "coreRelease",
                                       "system",
                                       "epicsThreadSetAffinity"};

bool isDirectory(const std::string& path) {
    struct stat info {};
    return ::stat(path.empty() ? "." : path.c_str(), &info) == 0 && S_ISDIR(info.st_mode);
}

// dbTranslateEscape (epicsStrnRawFromEscaped), as echo prints its argument: \a \b \f \n \r
// \t \v \\ \' \" translated; \0 ends the text (printf stops at the NUL); \x takes one or two
// hex digits, and without any it is dropped; any other escaped character stands for itself; a
// lone backslash at the end is dropped.
std::string translateEscapes(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\') {
            out += text[i];
            continue;
        }
        if (++i == text.size()) break;
        switch (const char c = text[i]) {
        case 'a':
            out += '\a';
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'v':
            out += '\v';
            break;
        case '0':
            return out;
        case 'x': {
            int value = 0;
            int digits = 0;
            while (digits < 2 && i + 1 < text.size() && chars::isXDigit(text[i + 1])) {
                value = value * 16 + static_cast<int>(chars::hexValue(text[++i]));
                ++digits;
            }
            if (digits && value == 0) return out;
            if (digits) out += static_cast<char>(value);
            break;
        }
        default:
            out += c;
        }
    }
    return out;
}

// Names setenv and unsetenv refuse (EINVAL).
bool invalidName(std::string_view name) {
    return name.empty() || name.find('=') != std::string_view::npos;
}

// The i-th argument as the C commands take it: text ("" for NULL), optional text, integer
// (strtol's, 0 for NULL or "").
std::string textArg(const IocCommands::Args& args, std::size_t i) {
    return args[i].value_or(std::string());
}
std::optional<std::string_view> optionalArg(const IocCommands::Args& args, std::size_t i) {
    return args[i] ? std::optional<std::string_view>(*args[i]) : std::nullopt;
}
long integerArg(const IocCommands::Args& args, std::size_t i) {
    return args[i] && !args[i]->empty() ? std::strtol(args[i]->c_str(), nullptr, 0) : 0L;
}
} // namespace

// One command this shell runs: its name, how iocsh converts its arguments, and its handler.
struct IocCommands::Command {
    // How iocsh converts each argument (iocshArgType).
    enum class Arg : char { String = 's', Int = 'i', Pdbbase = 'p' };
    // A report of dbStaticLib (handler dbStaticReport): what it writes of the database.
    using Report = void (*)(const IocState& state, const Args& args, std::string& out);

    std::string_view name; // the whole name, or how it ends (bySuffix)
    std::string_view args; // one Arg letter per argument
    Handler handler;
    Report report = nullptr;
    bool bySuffix = false; // <name>_registerRecordDeviceDriver, for any <name>

    [[nodiscard]] bool isNamed(std::string_view command) const noexcept {
        return bySuffix ? command.size() > name.size() && command.ends_with(name) : command == name;
    }
};

const IocCommands::Command* IocCommands::commandNamed(std::string_view name) noexcept {
    static constexpr Command kCommands[] = {
        {"epicsEnvSet", "ss", &IocCommands::epicsEnvSet},
        {"epicsEnvUnset", "s", &IocCommands::epicsEnvUnset},
        {"epicsEnvShow", "s", &IocCommands::epicsEnvShow},
        {"cd", "s", &IocCommands::cd},
        {"pwd", "", &IocCommands::pwd},
        {"echo", "s", &IocCommands::echo},
        {"var", "ss", &IocCommands::var},
        {"dbLoadDatabase", "sss", &IocCommands::load},
        {"dbLoadRecords", "ss", &IocCommands::load},
        {"dbLoadTemplate", "ss", &IocCommands::load},
        {"iocInit", "", &IocCommands::iocInit},
        {"iocBuild", "", &IocCommands::iocInit},
        {"dbDumpRecord", "psi", &IocCommands::dbDumpRecord},
        // dbStaticLib's reports (dbStaticIocRegister.c), printed from the database as it is.
        {"dbDumpPath", "p", &IocCommands::dbStaticReport,
         [](const IocState&, const Args&, std::string& out) {
             out = "no path defined\n"; // every read discards its path at its end
         }},
        {"dbDumpMenu", "ps", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args& args, std::string& out) {
             dbstatic::writeMenus(state.db, out, textArg(args, 1));
         }},
        {"dbDumpRecordType", "ps", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args& args, std::string& out) {
             dbstatic::writeRecordTypeLayouts(state.db, out, optionalArg(args, 1));
         }},
        {"dbDumpField", "pss", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args& args, std::string& out) {
             dbstatic::writeFieldDescriptions(state.db, out, optionalArg(args, 1),
                                              optionalArg(args, 2));
         }},
        {"dbDumpDevice", "ps", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args& args, std::string& out) {
             dbstatic::writeDeviceSupports(state.db, out, optionalArg(args, 1));
         }},
        {"dbDumpDriver", "p", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args&, std::string& out) {
             dbstatic::writeDrivers(state.db, out);
         }},
        {"dbDumpLink", "p", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args&, std::string& out) {
             dbstatic::writeLinkSupports(state.db, out);
         }},
        {"dbDumpRegistrar", "p", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args&, std::string& out) {
             dbstatic::writeRegistrars(state.db, out);
         }},
        {"dbDumpFunction", "p", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args&, std::string& out) {
             dbstatic::writeFunctions(state.db, out);
         }},
        {"dbDumpVariable", "p", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args&, std::string& out) {
             dbstatic::writeVariables(state.db, out);
         }},
        {"dbDumpBreaktable", "ps", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args& args, std::string& out) {
             dbstatic::writeBreaktableIntervals(state.db, out, optionalArg(args, 1));
         }},
        {"dbPvdDump", "pi", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args& args, std::string& out) {
             dbstatic::writeNameTable(
                 state.db, out, state.pvdTableSize ? state.pvdTableSize : dbstatic::kNameTableSize,
                 integerArg(args, 1) != 0);
         }},
        {"dbPvdTableSize", "i", &IocCommands::dbPvdTableSize},
        {"dbReportDeviceConfig", "p", &IocCommands::dbStaticReport,
         [](const IocState& state, const Args&, std::string& out) {
             dbstatic::writeDeviceConfig(state.db, out);
         }},
        {"_registerRecordDeviceDriver", "p", &IocCommands::registerDriver, nullptr, true},
    };
    const auto found = std::find_if(std::begin(kCommands), std::end(kCommands),
                                    [&](const Command& command) { return command.isNamed(name); });
    return found == std::end(kCommands) ? nullptr : &*found;
}

bool IocCommands::isKnownInert(std::string_view name) {
    return std::find(std::begin(kInert), std::end(kInert), name) != std::end(kInert);
}

void IocCommands::report(const CallSite& site, Severity severity, std::string code,
                         std::string message) const {
    Diagnostic d;
    d.severity = severity;
    d.code = std::move(code);
    d.message = std::move(message);
    d.location = site.where;
    d.sourceLine = std::string(site.sourceLine.substr(0, 400));
    d.context = site.chain;
    const ScopedChain ownChainOnly(state_.sink, {}); // d.context is the whole chain already
    state_.sink.report(std::move(d));
}

IocCommands::Outcome IocCommands::run(const std::vector<std::string>& argv, const CallSite& site) {
    const Command* command = commandNamed(argv.front());
    if (!command) return Outcome::NotFound;

    // Arguments as iocsh hands them over: missing ones are NULL, extra ones are dropped.
    const std::string_view kinds = command->args;
    Args args(kinds.size());
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        if (i + 1 < argv.size()) args[i] = argv[i + 1];
        const auto kind = static_cast<Command::Arg>(kinds[i]);
        if (kind == Command::Arg::Pdbbase && !checkPdbbase(args[i], site)) return Outcome::Failed;
        if (kind == Command::Arg::Int && args[i] && !args[i]->empty()) {
            char* end = nullptr;
            errno = 0;
            std::strtol(args[i]->c_str(), &end, 0);
            if (errno == ERANGE || *end) {
                report(site, Severity::Error, "ioc-argument",
                       (errno == ERANGE ? "Integer '" : "Illegal integer '") + *args[i] +
                           (errno == ERANGE ? "' out of range" : "'"));
                return Outcome::Failed;
            }
        }
    }
    return (this->*command->handler)(*command, args, site);
}

IocCommands::Outcome IocCommands::epicsEnvSet(const Command&, const Args& args,
                                              const CallSite& site) {
    if (!args[0]) {
        report(site, Severity::Error, "ioc-argument",
               "Missing environment variable name argument.");
        return Outcome::Ran;
    }
    if (!args[1]) {
        report(site, Severity::Error, "ioc-argument",
               "Missing environment variable value argument.");
        return Outcome::Ran;
    }
    // Where the value came from, read before the line changes anything.
    std::optional<MacroUses> uses = state_.macroUses();
    VariableOrigin origin = variableOrigin(site.line(), 2, *args[1], uses ? &*uses : nullptr);
    // iocshEnvClear first: a macro of an iocshLoad with this name no longer hides it.
    state_.undefineMacro(*args[0]);
    if (invalidName(*args[0])) {
        report(site, Severity::Error, "ioc-env",
               "setenv(\"" + *args[0] + "\", \"" + *args[1] + "\") -> " + std::to_string(EINVAL));
        return Outcome::Ran;
    }
    state_.environment.set(*args[0], *args[1], std::move(origin));
    return Outcome::Ran;
}

IocCommands::Outcome IocCommands::epicsEnvUnset(const Command&, const Args& args,
                                                const CallSite& site) {
    if (!args[0]) {
        report(site, Severity::Error, "ioc-argument",
               "Missing environment variable name argument.");
        return Outcome::Ran;
    }
    state_.undefineMacro(*args[0]);
    if (invalidName(*args[0])) {
        report(site, Severity::Error, "ioc-env",
               "unsetenv(\"" + *args[0] + "\") -> " + std::to_string(EINVAL));
        return Outcome::Ran;
    }
    state_.environment.unset(*args[0]);
    return Outcome::Ran;
}

IocCommands::Outcome IocCommands::epicsEnvShow(const Command&, const Args& args, const CallSite&) {
    // Every variable, or those whose name matches the glob pattern (none: nothing printed).
    for (const auto& [name, value] : state_.environment.variables())
        if (!args[0] || support::globMatch(name, *args[0])) state_.print(name + "=" + value);
    return Outcome::Ran;
}

IocCommands::Outcome IocCommands::cd(const Command&, const Args& args, const CallSite& site) {
    if (!args[0]) {
        report(site, Severity::Error, "ioc-cd",
               "Invalid directory path, ignored (no directory given)");
        return Outcome::Ran;
    }
    const std::string target = loaders::resolvedIn(state_.environment.workingDirectory(), *args[0]);
    if (args[0]->empty() || !isDirectory(target)) {
        report(site, Severity::Error, "ioc-cd",
               "Invalid directory path, ignored: \"" + *args[0] + "\" is not a directory");
        return Outcome::Failed;
    }
    std::optional<MacroUses> uses = state_.macroUses();
    state_.changeDirectory(target,
                           variableOrigin(site.line(), 1, *args[0], uses ? &*uses : nullptr));
    return Outcome::Ran;
}

IocCommands::Outcome IocCommands::pwd(const Command&, const Args&, const CallSite&) {
    state_.print(realPath(std::string(state_.environment.workingDirectory())));
    return Outcome::Ran;
}

IocCommands::Outcome IocCommands::echo(const Command&, const Args& args, const CallSite&) {
    state_.print(args[0] ? translateEscapes(*args[0]) : std::string());
    return Outcome::Ran;
}

IocCommands::Outcome IocCommands::var(const Command&, const Args& args, const CallSite& site) {
    // The variables of dbCore that change how records load, in iocsh's (sorted) order; other
    // variables belong to modules or to the running IOC.
    struct Variable {
        std::string_view name;
        long value;
    };
    dbstatic::DatabaseOptions& options = state_.db.options();
    const loaders::LoaderOptions& loading = state_.loader.options();
    const Variable variables[] = {
        {"dbBptNotMonotonic", options.bptNotMonotonic},
        {"dbConvertStrict", options.convertStrict},
        {"dbQuietMacroWarnings", loading.quietMacroWarnings},
        {"dbRecordsAbcSorted", options.recordsAbcSorted},
        {"dbRecordsOnceOnly", options.recordsOnceOnly},
        {"dbTemplateMaxVars", static_cast<long>(loading.templateMaxVars)},
    };
    if (!args[1]) {
        bool found = false;
        for (const Variable& v : variables) {
            if (args[0] && !support::globMatch(v.name, *args[0])) continue;
            state_.print(std::string(v.name) + " = " + std::to_string(v.value));
            found = true;
        }
        return found ? Outcome::Ran : Outcome::NotFound;
    }
    const auto known = std::find_if(std::begin(variables), std::end(variables),
                                    [&](const Variable& v) { return v.name == *args[0]; });
    if (known == std::end(variables)) return Outcome::NotFound;
    char* end = nullptr;
    const long value = std::strtol(args[1]->c_str(), &end, 0);
    if (args[1]->empty() || *end) {
        report(site, Severity::Error, "ioc-argument",
               "Invalid integer value. Var " + *args[0] + " not changed.");
        return Outcome::Ran;
    }
    const std::string_view name = known->name;
    if (name == "dbBptNotMonotonic") options.bptNotMonotonic = value != 0;
    if (name == "dbConvertStrict") options.convertStrict = value != 0;
    if (name == "dbRecordsAbcSorted") options.recordsAbcSorted = value != 0;
    if (name == "dbRecordsOnceOnly") options.recordsOnceOnly = value != 0;
    if (name == "dbQuietMacroWarnings") state_.loader.setQuietMacroWarnings(value != 0);
    if (name == "dbTemplateMaxVars")
        state_.loader.setTemplateMaxVars(value > 0 ? static_cast<std::size_t>(value) : 0);
    return Outcome::Ran;
}

bool IocCommands::checkPdbbase(const std::optional<std::string>& arg, const CallSite& site) {
    if (arg && !arg->empty() && arg->front() != '0' && *arg != "pdbbase") {
        report(site, Severity::Error, "ioc-argument", "Expecting 'pdbbase' got '" + *arg + "'");
        return false;
    }
    if (!state_.definitionsPresent && !state_.definitionsAsked &&
        state_.options.embeddedDefinitions)
        state_.ensureDefinitions();
    if (!state_.definitionsPresent) {
        report(site, Severity::Error, "ioc-argument", "pdbbase not present");
        return false;
    }
    return true;
}

IocCommands::Outcome IocCommands::registerDriver(const Command&, const Args&, const CallSite&) {
    // The definitions given or loaded are those the binary would register.
    if (state_.registered) state_.print("Warning: Registration already done.");
    state_.registered = true;
    state_.db.registerRecordSupport();
    return Outcome::Ran;
}

// iocInit is iocBuild then iocRun: the messages are iocBuild's.
IocCommands::Outcome IocCommands::iocInit(const Command&, const Args&, const CallSite& site) {
    if (state_.initialized) {
        report(site, Severity::Error, "ioc-init",
               "iocBuild: ERROR IOC can only be initialized from uninitialized or stopped state");
        return Outcome::Failed;
    }
    if (!state_.definitionsPresent) {
        report(site, Severity::Error, "ioc-init",
               "checkDatabase: ERROR No database definitions loaded.");
        return Outcome::Failed;
    }
    state_.initialized = true;
    state_.report.iocInit = true;
    return Outcome::Ran;
}

IocCommands::Outcome IocCommands::dbDumpRecord(const Command&, const Args& args,
                                               const CallSite& site) {
    dbstatic::RecordWriteOptions options;
    if (args[1]) options.recordType = *args[1];
    options.level = static_cast<int>(integerArg(args, 2));
    std::string text;
    try {
        dbstatic::writeRecords(state_.db, text, options);
    } catch (const dbstatic::RecordTypeNotFound& error) {
        report(site, Severity::Error, "ioc-argument",
               "dbWriteRecordFP: No record description for " + error.name());
        return Outcome::Ran;
    }
    printLines(text);
    return Outcome::Ran;
}

void IocCommands::printLines(std::string_view text) const {
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        state_.print(text.substr(start, end - start));
        start = end + 1;
    }
}

IocCommands::Outcome IocCommands::dbStaticReport(const Command& command, const Args& args,
                                                 const CallSite&) {
    std::string out;
    command.report(state_, args, out);
    printLines(out);
    return Outcome::Ran;
}

IocCommands::Outcome IocCommands::dbPvdTableSize(const Command&, const Args& args,
                                                 const CallSite&) {
    const long size = integerArg(args, 0);
    const std::optional<unsigned> tableSize = dbstatic::nameTableSize(size);
    if (!tableSize)
        state_.print("dbPvdTableSize: " + std::to_string(size) + " is not a power of 2");
    else if (!state_.definitionsPresent) // sizes the table of the database to come
        state_.pvdTableSize = *tableSize;
    return Outcome::Ran;
}

IocCommands::Outcome IocCommands::load(const Command& kind, const Args& args,
                                       const CallSite& site) {
    const std::string_view command = kind.name;
    ScriptLoad entry;
    entry.command = command;
    entry.file = args[0].value_or("");
    entry.macros = args[1].value_or("");
    if (command == "dbLoadDatabase") {
        entry.path = args[1].value_or("");
        entry.macros = args[2].value_or("");
    }
    entry.where = site.where;
    if (state_.initialized) {
        // dbReadCOM refuses silently (-2); dbLoadRecords says why, for itself and each set of
        // a dbLoadTemplate.
        report(site, Severity::Error, "ioc-after-init",
               command == "dbLoadDatabase"
                   ? "dbLoadDatabase: '" + entry.file + "' not loaded: iocInit has run"
                   : "dbLoadRecords: failed to load '" + entry.file +
                         "': Records cannot be loaded after iocInit!");
        return Outcome::Failed;
    }
    if (!args[0] && command != "dbLoadTemplate") {
        report(site, Severity::Error, "ioc-argument",
               "Usage: " + std::string(command) +
                   (command == "dbLoadDatabase" ? " \"file\", \"path\", \"subs\""
                                                : " \"file\", \"subs\""));
        return Outcome::Failed;
    }
    if (command == "dbLoadDatabase") {
        state_.definitionsAsked = state_.definitionsPresent = true;
    } else if (!state_.definitionsAsked && state_.options.embeddedDefinitions) {
        state_.ensureDefinitions();
    }

    std::vector<ContextFrame> chain{ContextFrame{std::string(site.command), site.where, true}};
    chain.insert(chain.end(), site.chain.begin(), site.chain.end());
    loaders::LoadResult result;
    {
        // The script lines and what the macros of this line, as written, gave.
        std::optional<MacroUses> uses = state_.macroUses();
        const SourceLocation lineAt = site.line().at(0);
        const ScopedCaller caller(state_.provenance(), chain,
                                  uses ? uses->of(site.sourceLine, &lineAt)
                                       : std::vector<loaders::MacroUse>{},
                                  site.sourceLine);
        const ScopedChain fromThisLine(state_.sink, std::move(chain));
        if (command == "dbLoadDatabase")
            result = state_.loader.loadDatabase(entry.file, entry.path, entry.macros);
        else if (command == "dbLoadRecords")
            result = state_.loader.loadRecords(entry.file, entry.macros);
        else
            result = state_.loader.loadTemplate(entry.file, entry.macros);
    }

    entry.ok = result.ok;
    entry.records = result.recordsAfter - result.recordsBefore;
    state_.report.loads.push_back(std::move(entry));
    // dbLoadTemplate returns -1 only when it could not start; the others on any error.
    const bool failed = command == "dbLoadTemplate" ? result.refused : !result.ok;
    return failed ? Outcome::Failed : Outcome::Ran;
}

} // namespace epicsdb::ioc
