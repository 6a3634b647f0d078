// What the macro references of a script line as written gave, and where each value came from:
// an iocsh macro of iocshLoad/iocshRun (the line that gave it), an environment variable (the
// epicsEnvSet line that set it last, or the starting environment), a `$(NAME=default)`
// default, or nothing. Each value's own references follow in `inner`: those its line expanded
// when it was set, then those left in the value that expand when it is used. Used only when
// the run keeps provenance (StartupOptions::loader.provenance). Private to the ioc layer.
#pragma once

#include "MacroOrigins.hpp"
#include "RawLine.hpp"

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/ioc/ScriptEnvironment.hpp>
#include <epicsdb/loaders/Provenance.hpp>
#include <epicsdb/macLib/MacroTable.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::ioc {

class MacroUses {
public:
    MacroUses(maclib::MacroTable& table, const ScriptEnvironment& environment,
              const MacroOrigins& given) noexcept
        : table_(table), environment_(environment), given_(given) {}

    // Each reference of `written` (a line, or an argument as written), in order, with the value
    // it gives now and its origin. `at`: where `written` begins in a script, so that a default
    // written there has its location.
    [[nodiscard]] std::vector<loaders::MacroUse> of(std::string_view written,
                                                    const SourceLocation* at = nullptr);

    // The items of argument `index` of `line` (iocshLoad's or iocshRun's macros), `expanded`
    // as the command got it, each with where it was given.
    [[nodiscard]] std::vector<GivenMacro> given(const ScriptLine& line, std::size_t index,
                                                std::string_view expanded);

private:
    // Values refer to values: far enough for any script, bounded for any cycle.
    static constexpr unsigned kMaxDepth = 16;

    void collect(std::string_view written, const SourceLocation* at, unsigned depth,
                 std::vector<loaders::MacroUse>& out);
    [[nodiscard]] loaders::MacroUse use(std::string_view text, const SourceLocation* at,
                                        const RawReference& ref, unsigned depth);
    [[nodiscard]] std::string expanded(std::string_view text);

    maclib::MacroTable& table_;
    const ScriptEnvironment& environment_;
    const MacroOrigins& given_;
    std::vector<std::string> path_; // the names being resolved, outermost first
};

// Where a variable that `line` sets to `value` from its argument `index` came from: the line
// (its column that of the first argument), as written, and with `uses` (provenance kept) the
// references the argument used.
[[nodiscard]] VariableOrigin variableOrigin(const ScriptLine& line, std::size_t index,
                                            std::string_view value, MacroUses* uses);

} // namespace epicsdb::ioc
