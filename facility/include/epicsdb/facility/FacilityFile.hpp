// The facility file (facility.toml): the IOCs of a facility, each a startup script with the
// definitions and environment it starts with. Read with toml++; paths are relative to the file.
//
//     [facility]
//     name = "demo"
//     dbd = ["dbd/softIoc.dbd"]                 # every IOC's definitions (optional)
//     env = { EPICS_BASE = "/opt/epics/base" }  # every IOC's starting environment
//
//     [[ioc]]
//     startup = "iocBoot/*/st.cmd"              # a glob: one IOC per match, named after its folder
//     [[ioc]]
//     name = "vac1"
//     startup = "vacuum/iocBoot/iocvac1/st.cmd"
//     dbd = ["vacuum/dbd/vac.dbd"]              # replaces the facility's list
//     env = { TOP = "vacuum" }                  # added to (and over) the facility's
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::facility {

// One IOC of the facility, as the file resolves it.
struct IocEntry {
    std::string name;
    std::string startup;                            // the startup script, absolute
    std::vector<std::string> definitions;           // .dbd files loaded first, absolute
    std::map<std::string, std::string> environment; // the facility's, then the entry's
    SourceLocation where;                           // the [[ioc]] table that names it
    // Everything above as one canonical text: an IOC whose entry text changed is loaded again.
    [[nodiscard]] std::string fingerprint() const;
};

struct Facility {
    std::string name;
    std::string file; // the facility file, absolute
    std::string root; // its folder, absolute: paths are shown relative to it
    std::vector<IocEntry> iocs;
    // What the file says that cannot be used (a glob that matches nothing, a name given twice,
    // an unknown key): the rest of the facility is still indexed.
    std::vector<Diagnostic> problems;
};

// Reads `path`. nullopt (with the error in `sink`: file, line, column) when the file cannot be
// read or is not TOML; problems of single entries are kept in Facility::problems instead.
[[nodiscard]] EPICSDB_API std::optional<Facility> readFacilityFile(std::string_view path,
                                                                   DiagnosticSink& sink);

} // namespace epicsdb::facility
