// The project file `.epicsdb.toml` at the workspace root: what check needs to know about the
// IOC a file belongs to. Keys (README.md, "epicsdb lsp"):
//   dbd      = ["dbd/app.dbd"]        definitions (default: the standard ones built in)
//   include  = ["db", "../x/db"]      directories searched for includes and templates (-I)
//   macros   = { P = "demo:" }        macros of a database opened alone (or "P=demo:,R=x")
//   startup  = "iocBoot/ioc/st.cmd"   the IOC's startup script: its loads give the context
//   external = ["OTHER:*"]            records defined elsewhere (lint's -x globs)
// Relative paths are relative to the project file's folder.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::lsp {

struct ProjectFile {
    std::string root; // the folder of the project file (or the workspace), absolute
    std::vector<std::string> definitions;
    std::vector<std::string> includeDirs;
    std::string macros; // NAME=VALUE,... as EPICS writes them
    // Where the macros are written (1-based lines; 0: not known): each of a [macros] table,
    // else the line of `macros = "..."` for all.
    std::map<std::string, unsigned, std::less<>> macroLines;
    unsigned macrosLine = 0;
    std::string startup;
    std::vector<std::string> externals;
};

struct ProjectProblem {
    std::string message;
    unsigned line = 0; // 1-based; 0 when not known
    unsigned column = 0;
};

// The project of `root`: its `.epicsdb.toml` read, or the defaults when it has none.
// `problem` is set when the file exists and cannot be read or holds a bad key.
[[nodiscard]] ProjectFile readProjectFile(const std::string& root,
                                          std::optional<ProjectProblem>& problem);
// The same from the text of the file.
[[nodiscard]] ProjectFile parseProjectFile(const std::string& root, std::string_view text,
                                           std::optional<ProjectProblem>& problem);

inline constexpr std::string_view kProjectFileName = ".epicsdb.toml";

} // namespace epicsdb::lsp
