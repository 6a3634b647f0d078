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
    bool quietMacros = false;
    bool recordsOnce = false;
    bool strict = false;
    bool stats = false;

    // Nothing to load was named.
    [[nodiscard]] bool empty() const noexcept {
        return definitions.empty() && substitutions.empty() && files.empty();
    }
};

} // namespace epicsdb::cli
