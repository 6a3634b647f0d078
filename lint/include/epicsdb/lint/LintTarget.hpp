// What the database rules run over: the IOCs (each a name and a loaded database) and the names
// known to be defined elsewhere.
#pragma once

#include <epicsdb/dbStatic/Database.hpp>

#include <map>
#include <string>
#include <vector>

namespace epicsdb::lint {

// One IOC as loaded: a name for messages (its st.cmd, or the files) and its database.
struct LintTarget {
    std::string name;
    const dbstatic::Database* database = nullptr;
};

struct LintOptions {
    // Names (or name.FIELD) defined outside the IOCs given: glob patterns ('*', '?'), from
    // -x, --external files and the `#: external("...")` pragmas of the loaded files.
    std::vector<std::string> externals;
    // The lines (by file) where loading reported an error: a record whose body holds one is
    // not judged, since what it holds is not what its file says (a refused DTYP leaves the
    // default, ...) and its findings would follow from that error.
    std::map<std::string, std::vector<unsigned>, std::less<>> errorLines;
};

} // namespace epicsdb::lint
