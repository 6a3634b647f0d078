// Where a load looks for files: EPICS's path-list splitting and the search of a file name
// through the list, with the definitions compiled into the library as a last resort.
#pragma once

#include <epicsdb/macLib/VariableSource.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// Splits a path list the way dbReadDatabase does (EPICS-BEHAVIOUR 3.1; support/PathList.hpp).
std::vector<std::string> splitDbPath(std::string_view path);

// Splits an msi -I value (EPICS-BEHAVIOUR 5.2): on ':', an empty element becomes "." at its
// position.
std::vector<std::string> splitMsiPath(std::string_view path);

struct ResolvedFile {
    std::string path;              // what to open ("dir/name", or the name as given)
    std::string shownName;         // how messages name it
    std::string_view embeddedText; // non-empty for a definition file compiled into the library
    bool embedded = false;
};

// How a load finds the files it names (the file loaded, its includes, a substitution file's
// templates): environment references in the name expanded ($(TOP)/db/x.db); then the name as
// given when it holds '/' or '\' or there is no directory to look in, otherwise the first of
// the load's path and then the -I directories that has it; then the definitions compiled into
// the library. Names and path entries that are relative are resolved in `workingDirectory`
// (the -I directories stay relative to the process's own), and environment references are
// looked up in `environment`: what a startup script's cd and epicsEnvSet changed.
struct FileSearch {
    const std::vector<std::string>& path;
    const std::vector<std::string>& includeDirs;
    enum class Embedded { Never, Fallback, Only } embedded = Embedded::Fallback;
    const maclib::VariableSource& environment = maclib::processEnvironment();
    std::string_view workingDirectory = {};
};

struct FoundFile {
    std::optional<ResolvedFile> file;
    // Without a file: why, as the message says it, e.g. `can't open "x.db" (searched .:db)`;
    // `what` in findFile names the kind of file ("template " gives `can't open template ...`).
    std::string problem;
};

// The one rule of every search, and its message.
FoundFile findFile(std::string_view name, const FileSearch& search, std::string_view what = {});

} // namespace epicsdb::loaders
