// The files a user names to build a database, taken as `epicsdb check` takes them: each by its
// name (a .dbd as definitions, a substitution file as dbLoadTemplate reads it, anything else as
// records), loaded in order into one Loader, after the standard definitions when none of them
// is a .dbd. Shared by the epicsdb commands and the Python module, so both read the same
// files the same way. Startup scripts are the ioc layer's (ioc::isStartupScriptName).
#pragma once

#include <epicsdb/export.h>
#include <epicsdb/loaders/Loader.hpp>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace epicsdb::loaders {

enum class InputKind : std::uint8_t {
    Definitions,   // loadDatabase
    Records,       // loadRecords with the macros
    Substitutions, // loadTemplate with the macros
};

// By the name alone: ".dbd" is definitions; ".substitutions", ".substitution", ".sub" and
// ".subs" are substitution files; anything else holds records.
[[nodiscard]] EPICSDB_API InputKind inputKindOf(std::string_view path) noexcept;

struct Input {
    std::string path;
    InputKind kind = InputKind::Records;
};

struct InputsResult {
    std::size_t files = 0; // inputs loaded (the standard definitions not counted)
    std::size_t errors = 0;
    std::size_t warnings = 0;
};

// Loads `inputs` in order through `loader`, the record and substitution files with `macros`.
// First the standard definitions (Loader::loadDefaultDefinitions) when `standardDefinitions`
// and no input is Definitions. Every load is its own transaction, as with the Loader.
EPICSDB_API InputsResult loadInputs(Loader& loader, std::span<const Input> inputs,
                                    std::string_view macros, bool standardDefinitions = true);

} // namespace epicsdb::loaders
