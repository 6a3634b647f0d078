// iocsh itself (iocsh.cpp's iocshBody): reads a script line by line, echoes it, expands its
// macros, splits it into words, and runs it: `<` includes, exit, iocshLoad, iocshRun, iocshCmd
// and `on error` here; everything else through IocCommands. Each script or command line runs
// in its own macro scope, with the macros of its iocshLoad.
#pragma once

#include "IocCommands.hpp"
#include "IocState.hpp"
#include "MacroOrigins.hpp"
#include "RawLine.hpp"
#include "ShellWords.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::ioc {

class Shell {
public:
    explicit Shell(IocState& state) : state_(state), commands_(state) {}

    // iocsh(script) from the top: false when the script could not be read.
    bool runTop(const std::string& script);

private:
    enum class OnError { Continue, Break, Halt };
    // One call of iocshBody.
    struct Scope {
        std::string file;                  // as messages name it ("" for a command line)
        std::optional<std::string> macros; // of iocshLoad, passed on to `<` includes
        std::vector<GivenMacro> given;     // the same with where each was given (provenance)
        std::vector<ContextFrame> chain;   // the lines that led here, innermost first
        OnError onError = OnError::Continue;
        double timeout = 0; // of "on error wait": Halt with a timeout waits and goes on
        bool errored = false;
        bool failed = false;      // iocshBody will return -1 (on error break, halt or wait)
        bool commandLine = false; // iocshRun/iocshCmd: no echo, "on error break"
    };
    struct Line {
        std::string_view raw;
        unsigned number = 0;
    };

    // iocshBody(pathname, NULL, macros); `caller` is the frame of the line that ran it.
    // False (iocsh's -1) when it could not be read or stopped on an error.
    bool runScript(const std::string& name, std::optional<std::string> macros,
                   std::vector<GivenMacro> given, std::vector<ContextFrame> chain);
    // iocshBody(NULL, command, macros).
    bool runCommandLine(std::string_view command, std::optional<std::string> macros,
                        std::vector<GivenMacro> given, std::vector<ContextFrame> chain);
    // The scope's macros, with where they were given, on top of iocsh's table.
    void installMacros(const Scope& scope);
    // The body shared by both: false on -1.
    bool body(Scope& scope, const std::vector<Line>& lines);
    // One line; false when the script ends here (exit, a line of separators only).
    bool runLine(Scope& scope, const Line& line);
    void dispatch(Scope& scope, const Line& line, const std::string& expanded,
                  const ShellWords& words, bool lastWordHidden);
    void onError(Scope& scope, const Line& line, const std::vector<std::string>& argv);

    void report(const Scope& scope, const Line& line, Severity severity, std::string code,
                std::string message, unsigned column = 0);
    [[nodiscard]] ContextFrame frameOf(const Scope& scope, const Line& line,
                                       std::string_view command) const;
    [[nodiscard]] std::vector<ContextFrame> chainBelow(const Scope& scope, const Line& line,
                                                       std::string_view command) const;
    [[nodiscard]] static ScriptLine scriptLine(const Scope& scope, const Line& line,
                                               std::size_t argc);
    // The items of the macro argument `index` of iocshLoad or iocshRun, with where they were
    // given; none when the run keeps no provenance.
    [[nodiscard]] std::vector<GivenMacro> givenMacros(const Scope& scope, const Line& line,
                                                      const std::vector<std::string>& argv,
                                                      std::size_t index);

    IocState& state_;
    IocCommands commands_;
    std::vector<std::string> openScripts_; // real paths of the scripts running, outermost first
    unsigned depth_ = 0;
    bool halted_ = false; // on error halt: the IOC stops for good
};

} // namespace epicsdb::ioc
