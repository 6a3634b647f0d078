// What check and dump load, as their command lines name it: definitions, include directories,
// macros, substitution files, the files themselves, and the database options. LoadInputs.hpp
// loads them.
#pragma once

#include "Command.hpp"

#include <string>
#include <vector>

namespace epicsdb::cli {

struct InputOptions {
    // Declares the options on `command`, which fills this object when it parses (so it stays
    // where it is: no copies).
    explicit InputOptions(Command& command);
    InputOptions(const InputOptions&) = delete;
    InputOptions& operator=(const InputOptions&) = delete;

    std::vector<std::string> definitions;   // --dbd, in order
    std::vector<std::string> includeDirs;   // -I, in order
    std::string macros;                     // -m
    std::vector<std::string> substitutions; // -S, in order
    std::vector<std::string> files;         // the positional arguments, in order
    std::string startup;                    // --startup
    std::vector<std::string> environment;   // -e NAME=VALUE, for a startup script
    std::string macroLimit;                 // --macro-limit, checked by kByteSize
    std::string jobs;                       // -j, checked by kJobCount
    bool strictCommands = false;
    bool quietMacros = false;
    bool recordsOnce = false;
    bool strict = false;
    bool stats = false;

    // The IOC startup script to run: --startup, or the one positional file ending in .cmd or
    // .iocsh; empty when there is none.
    [[nodiscard]] std::string startupScript() const;
    // The rules of a run with a startup script (throws UsageError): the script is the only
    // file, its macros and environment come from -e.
    void checkStartupRules() const;

    // The bound on one line's macro expansion: --macro-limit, else the library's default.
    [[nodiscard]] std::size_t macroExpansionLimit() const;

    // The threads a load may use (LoaderOptions::jobs): -j, else every core (0).
    [[nodiscard]] unsigned jobCount() const;

    // Nothing to load was named.
    [[nodiscard]] bool empty() const noexcept {
        return definitions.empty() && substitutions.empty() && files.empty() && startup.empty();
    }
};

} // namespace epicsdb::cli
