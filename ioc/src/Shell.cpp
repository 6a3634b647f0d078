#include "Shell.hpp"

#include "ScopedState.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/macLib/MacroTable.hpp>
#include <epicsdb/macLib/ReferenceSearch.hpp>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

namespace epicsdb::ioc {

namespace {
using chars::isSpace;

constexpr std::size_t kShownLine = 400; // of a source line in a diagnostic

// A script is a file, not a directory (iocsh: "Can't open <file>: <reason>").
bool isScriptFile(const std::string& path, std::string& error) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        error = std::strerror(errno);
        return false;
    }
    if (S_ISDIR(info.st_mode)) {
        error = std::strerror(EISDIR);
        return false;
    }
    return true;
}

// A script's text, or why it cannot be read.
bool readScript(const std::string& path, std::string& text, std::string& error) {
    if (!isScriptFile(path, error)) return false;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = std::strerror(errno ? errno : EACCES);
        return false;
    }
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    if (in.bad()) {
        error = std::strerror(EIO);
        return false;
    }
    return true;
}

// Whether the script can be read, without reading it: a FIFO gives its text once, to the read
// that runs it.
bool scriptReadable(const std::string& path, std::string& error) {
    if (!isScriptFile(path, error)) return false;
    if (::access(path.c_str(), R_OK) != 0) {
        error = std::strerror(errno);
        return false;
    }
    return true;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && isSpace(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back()))
        text.remove_suffix(1);
    return text;
}

// The column (1-based) of the first reference to `name` in `raw`, or 0.
// 1-based column of the first reference to `name`, 0 when it is not found.
unsigned referenceColumn(std::string_view raw, std::string_view name) {
    const std::optional<std::size_t> at = maclib::findReference(raw, name);
    return at ? static_cast<unsigned>(*at + 1) : 0;
}
} // namespace

bool Shell::runTop(const std::string& script) {
    // As an IOC started in the script's folder: cd there (PWD follows), then `< script`.
    const std::size_t slash = script.rfind('/');
    const std::string folder = slash == std::string::npos ? "" : script.substr(0, slash + 1);
    const std::string name = slash == std::string::npos ? script : script.substr(slash + 1);
    state_.changeDirectory(folder);
    std::string error;
    if (!scriptReadable(script, error)) {
        Diagnostic d;
        d.code = "ioc-script-open";
        d.message = "Can't open " + script + ": " + error;
        d.location = {script, 0, 0};
        state_.sink.report(std::move(d));
        state_.report.unreadable = true;
        return false;
    }
    runScript(name, std::nullopt, {}, {});
    return true;
}

bool Shell::runScript(const std::string& name, std::optional<std::string> macros,
                      std::vector<GivenMacro> given, std::vector<ContextFrame> chain) {
    const std::string file =
        loaders::shownPath(loaders::resolvedIn(state_.environment.workingDirectory(), name));
    Scope scope;
    scope.file = file;
    scope.macros = std::move(macros);
    scope.given = std::move(given);
    scope.chain = std::move(chain);

    // Failures are reported at the line that asked for the script (the first frame).
    auto refuse = [&](std::string code, std::string message) {
        Diagnostic d;
        d.code = std::move(code);
        d.message = std::move(message);
        if (!scope.chain.empty()) {
            d.location = scope.chain.front().location;
            d.context.assign(scope.chain.begin() + 1, scope.chain.end());
        } else {
            d.location = {file, 0, 0};
        }
        state_.sink.report(std::move(d));
        return false;
    };
    std::string text;
    std::string error;
    if (!readScript(file, text, error)) {
        refuse("ioc-script-open", "Can't open " + file + ": " + error);
        // fopen opens a directory, and iocsh then reads nothing from it: no failure.
        return error == std::strerror(EISDIR);
    }
    const std::string real = realPath(file);
    for (std::size_t i = 0; i < openScripts_.size(); ++i) {
        if (openScripts_[i] != real) continue;
        std::string cycle;
        for (auto it = scope.chain.rbegin(); it != scope.chain.rend(); ++it)
            cycle += it->location.file + " -> ";
        return refuse("ioc-script-cycle", "script " + file + " runs itself (" + cycle + file +
                                              "): iocsh would never end");
    }
    if (depth_ >= state_.options.maxScriptDepth)
        return refuse("ioc-script-depth", "scripts nested more than " +
                                              std::to_string(state_.options.maxScriptDepth) +
                                              " deep");

    std::vector<Line> lines;
    std::size_t start = 0;
    unsigned number = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string::npos) {
            // iocsh's line reader drops a last line that has no newline.
            Diagnostic d;
            d.severity = Severity::Warning;
            d.code = "ioc-no-newline";
            d.message = "the last line has no newline: iocsh does not run it";
            d.location = {file, number + 1, 0};
            d.sourceLine = text.substr(start, std::min<std::size_t>(text.size() - start, 400));
            d.context = scope.chain;
            state_.sink.report(std::move(d));
            break;
        }
        lines.push_back({std::string_view(text).substr(start, end - start), ++number});
        start = end + 1;
    }
    state_.report.scripts.push_back(file);
    const ScopedBack open(openScripts_, real);
    const ScopedValue nested(depth_, depth_ + 1);
    const ScopedMacroScope macroScope(state_.macros, state_.macroOrigins);
    installMacros(scope);
    return body(scope, lines);
}

void Shell::installMacros(const Scope& scope) {
    if (!scope.macros) return;
    state_.macros.install(*scope.macros);
    state_.macroOrigins.install(scope.given);
}

bool Shell::runCommandLine(std::string_view command, std::optional<std::string> macros,
                           std::vector<GivenMacro> given, std::vector<ContextFrame> chain) {
    if (chain.empty()) return true;
    if (depth_ >= state_.options.maxScriptDepth) {
        Diagnostic d;
        d.code = "ioc-script-depth";
        d.message =
            "scripts nested more than " + std::to_string(state_.options.maxScriptDepth) + " deep";
        d.location = chain.front().location;
        state_.sink.report(std::move(d));
        return false;
    }
    // Messages inside are given at the line of the iocshRun itself.
    Scope scope;
    scope.file = chain.front().location.file;
    scope.macros = std::move(macros);
    scope.given = std::move(given);
    const unsigned number = chain.front().location.line;
    scope.chain.assign(chain.begin() + 1, chain.end());
    scope.commandLine = true;
    scope.onError = OnError::Break; // iocshCmd and iocshRun imply "on error break"
    const std::string text(command);
    const ScopedValue nested(depth_, depth_ + 1);
    const ScopedMacroScope macroScope(state_.macros, state_.macroOrigins);
    installMacros(scope);
    return body(scope, {Line{text, number}});
}

bool Shell::body(Scope& scope, const std::vector<Line>& lines) {
    for (std::size_t i = 0;; ++i) {
        if (halted_) return false;
        if (scope.errored && scope.onError != OnError::Continue) {
            const Line& at = lines[i ? i - 1 : 0];
            scope.failed = true; // iocshBody's ret = -1, whatever comes next
            if (scope.onError == OnError::Break) {
                state_.print("iocsh Error: Break");
                report(scope, at, Severity::Note, "ioc-on-error",
                       "on error break: the rest of " +
                           (scope.commandLine ? std::string("the command") : scope.file) +
                           " is not run");
                return false;
            }
            if (scope.timeout > 0 && !std::isinf(scope.timeout)) {
                // The IOC would sleep, then go on; offline there is nothing to wait for.
                char text[64];
                std::snprintf(text, sizeof text, "iocsh Error: Waiting %.1f sec ...",
                              scope.timeout);
                state_.print(text);
            } else {
                state_.print("iocsh Error: Halt");
                report(scope, at, Severity::Error, "ioc-on-error",
                       "on error halt: iocsh stops the IOC here; nothing after this line runs");
                halted_ = true;
                return false;
            }
        }
        if (i == lines.size()) return !scope.failed;
        if (!runLine(scope, lines[i])) return !halted_ && !scope.failed;
    }
}

bool Shell::runLine(Scope& scope, const Line& line) {
    std::string_view raw = line.raw;
    if (const std::size_t nul = raw.find('\0'); nul != std::string_view::npos) {
        report(scope, line, Severity::Error, "ioc-nul",
               "the line holds a NUL byte: iocsh reads it only up to there",
               static_cast<unsigned>(nul + 1));
        raw = raw.substr(0, nul);
    }
    std::size_t first = 0;
    while (first < raw.size() && isSpace(raw[first]))
        ++first;
    if (first < raw.size() && raw[first] == '#') {
        if (!scope.commandLine && (first + 1 >= raw.size() || raw[first + 1] != '-'))
            state_.print(raw);
        return true;
    }

    // Macro expansion of the whole line, over the environment and the iocshLoad macros.
    struct Problem {
        maclib::WarningKind kind;
        std::string macro;
        std::string text;
    };
    std::vector<Problem> problems;
    std::string expanded;
    const maclib::ExpandStatus status = [&] {
        const ScopedWarningSink collect(state_.macros, [&](const maclib::Warning& w) {
            problems.push_back({w.kind, std::string(w.macro), maclib::shortMessage(w)});
        });
        return state_.macros.expand(raw, expanded);
    }();
    if (!status.ok()) {
        // A bound that stopped the expansion says more than the markers it left behind.
        const auto [kind, code, fallback] =
            status.tooLarge    ? std::tuple(maclib::WarningKind::TooLarge, "ioc-macro-too-large",
                                            "macro expansion too large")
            : status.tooDeep   ? std::tuple(maclib::WarningKind::TooDeep, "ioc-macro-too-deep",
                                            "macro references nested too deep")
            : status.undefined ? std::tuple(maclib::WarningKind::Undefined, "ioc-macro-undefined",
                                            "a macro is undefined")
                               : std::tuple(maclib::WarningKind::Recursive, "ioc-macro-recursive",
                                            "a macro is recursive");
        std::string_view macro;
        std::string message = fallback;
        bool chosen = false;
        for (const Problem& problem : problems) {
            if (problem.kind != kind &&
                (kind == maclib::WarningKind::TooLarge || kind == maclib::WarningKind::TooDeep))
                continue;
            if (!chosen || referenceColumn(raw, problem.macro)) {
                chosen = true;
                macro = problem.macro;
                message = problem.text;
                if (referenceColumn(raw, problem.macro)) break;
            }
        }
        report(scope, line, Severity::Error, code, message + ": iocsh does not run the line",
               referenceColumn(raw, macro));
        scope.errored = true;
        return true;
    }

    std::size_t start = first;
    while (start < expanded.size() && isSpace(expanded[start]))
        ++start;
    const char c = start < expanded.size() ? expanded[start] : '\0';
    if (!scope.commandLine && !expanded.empty() &&
        (c != '#' || start + 1 >= expanded.size() || expanded[start + 1] != '-'))
        state_.print(expanded);
    if (!c || c == '#') return true;

    ShellWords words = splitShellWords(expanded, start);
    bool lastWordHidden = false;
    if (words.problem == ShellWords::Problem::DoubleRedirection) {
        // iocsh leaves its word list without its end marker: it counts one word less. A
        // command of one word is then no command; arguments are still all passed, but a
        // command that takes the word list (on) does not see the last one.
        if (words.argv.size() <= 1) words.argv.clear();
        lastWordHidden = true;
    } else if (!words.ok()) {
        report(scope, line, Severity::Error, "ioc-syntax", problemText(words.problem),
               expanded == raw ? static_cast<unsigned>(words.problemAt + 1) : 0);
        scope.errored = true;
        return true;
    }
    if (words.empty() && words.redirections.empty()) return false; // iocsh stops the script
    if (words.empty()) {
        if (const Redirection* input = words.input()) {
            // `< script`: run it with this script's macros, in the current environment.
            if (!runScript(input->file, scope.macros, scope.given,
                           chainBelow(scope, line, trimmed(expanded))))
                scope.errored = true;
        }
        return true;
    }
    if (words.argv.front() == "exit") return false;
    dispatch(scope, line, expanded, words, lastWordHidden);
    return true;
}

void Shell::dispatch(Scope& scope, const Line& line, const std::string& expanded,
                     const ShellWords& words, bool lastWordHidden) {
    const std::vector<std::string>& argv = words.argv;
    const std::string& name = argv.front();
    auto arg = [&](std::size_t i) -> std::optional<std::string> {
        if (i < argv.size()) return argv[i];
        return std::nullopt;
    };
    const std::string_view command = trimmed(expanded);
    scope.errored = true; // an error unless a command actually runs
    if (name == "iocshLoad") {
        scope.errored = false;
        const auto file = arg(1);
        if (!file) {
            report(scope, line, Severity::Error, "ioc-argument",
                   "iocshLoad: no script named (iocsh would read the console)");
            return;
        }
        // iocshLoad sets IOCSH_STARTUP_SCRIPT, as epicsEnvSet does; its status is dropped.
        std::optional<MacroUses> uses = state_.macroUses();
        VariableOrigin origin =
            variableOrigin(scriptLine(scope, line, argv.size()), 1, *file, uses ? &*uses : nullptr);
        std::vector<GivenMacro> given = givenMacros(scope, line, argv, 2);
        state_.undefineMacro("IOCSH_STARTUP_SCRIPT");
        state_.environment.set("IOCSH_STARTUP_SCRIPT", *file, std::move(origin));
        runScript(*file, arg(2), std::move(given), chainBelow(scope, line, command));
        return;
    }
    if (name == "iocshRun" || name == "iocshCmd") {
        scope.errored = false;
        if (const auto text = arg(1))
            runCommandLine(*text, name == "iocshRun" ? arg(2) : std::nullopt,
                           name == "iocshRun" ? givenMacros(scope, line, argv, 2)
                                              : std::vector<GivenMacro>{},
                           chainBelow(scope, line, command));
        return;
    }
    if (name == "on") {
        scope.errored = false;
        onError(scope, line,
                lastWordHidden ? std::vector<std::string>(argv.begin(), argv.end() - 1) : argv);
        return;
    }

    CallSite site;
    site.where = {scope.file, line.number, 0};
    site.sourceLine = line.raw;
    site.command = command;
    site.chain = scope.chain;
    site.argc = argv.size();
    site.inFile = !scope.commandLine;
    switch (commands_.run(argv, site)) {
    case IocCommands::Outcome::Ran:
        scope.errored = false;
        return;
    case IocCommands::Outcome::Failed:
        return;
    case IocCommands::Outcome::NotFound:
        break;
    }
    SkippedCommand skipped;
    skipped.name = name;
    skipped.line = command;
    skipped.where = site.where;
    skipped.known = IocCommands::isKnownInert(name) || name == "var";
    state_.report.skipped.push_back(skipped);
    if (state_.options.strictCommands && !skipped.known) {
        report(scope, line, Severity::Error, "ioc-command-skipped",
               "command " + name + " is not run offline (--strict-commands)");
        return;
    }
    scope.errored = false; // it would have run in the IOC that has it
}

void Shell::onError(Scope& scope, const Line& line, const std::vector<std::string>& argv) {
    auto usage = [&] {
        report(scope, line, Severity::Warning, "ioc-argument",
               "Usage: on error [continue | break | halt | wait <delay>]");
    };
    if (argv.size() < 3 || argv[1] != "error") return usage();
    const std::string& what = argv[2];
    if (what == "continue") {
        scope.onError = OnError::Continue;
    } else if (what == "break") {
        scope.onError = OnError::Break;
    } else if (what == "halt") {
        scope.onError = OnError::Halt;
        scope.timeout = 0;
    } else if (what == "wait") {
        // EPICS 7.0.8 tests epicsParseDouble's status the wrong way round: a valid delay is
        // kept but reported as unparsable, an invalid one gives 5 seconds.
        scope.onError = OnError::Halt;
        if (argv.size() <= 3) {
            usage();
        } else if (char* end = nullptr; [&] {
                       const double value = std::strtod(argv[3].c_str(), &end);
                       while (end && isSpace(*end))
                           ++end;
                       if (end == argv[3].c_str() || *end) return false;
                       scope.timeout = value;
                       return true;
                   }()) {
            usage();
            report(scope, line, Severity::Warning, "ioc-argument",
                   "Unable to parse 'on error wait' time " + argv[3]);
        } else {
            scope.timeout = 5.0;
        }
    } else {
        usage();
        scope.errored = true;
    }
}

void Shell::report(const Scope& scope, const Line& line, Severity severity, std::string code,
                   std::string message, unsigned column) {
    Diagnostic d;
    d.severity = severity;
    d.code = std::move(code);
    d.message = std::move(message);
    d.location = {scope.file, line.number, column};
    d.sourceLine = std::string(line.raw.substr(0, kShownLine));
    if (line.raw.size() > kShownLine) d.sourceLine += "...";
    d.context = scope.chain;
    state_.sink.report(std::move(d));
}

ContextFrame Shell::frameOf(const Scope& scope, const Line& line, std::string_view command) const {
    return ContextFrame{
        std::string(command.substr(0, kShownLine)), {scope.file, line.number, 0}, true};
}

ScriptLine Shell::scriptLine(const Scope& scope, const Line& line, std::size_t argc) {
    return ScriptLine{line.raw, {scope.file, line.number, 0}, argc, !scope.commandLine};
}

std::vector<GivenMacro> Shell::givenMacros(const Scope& scope, const Line& line,
                                           const std::vector<std::string>& argv,
                                           std::size_t index) {
    std::optional<MacroUses> uses = state_.macroUses();
    if (!uses || index >= argv.size()) return {};
    return uses->given(scriptLine(scope, line, argv.size()), index, argv[index]);
}

std::vector<ContextFrame> Shell::chainBelow(const Scope& scope, const Line& line,
                                            std::string_view command) const {
    std::vector<ContextFrame> chain{frameOf(scope, line, command)};
    chain.insert(chain.end(), scope.chain.begin(), scope.chain.end());
    return chain;
}

} // namespace epicsdb::ioc
