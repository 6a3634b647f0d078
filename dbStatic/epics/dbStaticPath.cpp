// dbStaticLib's include path of a database: dbPath, dbAddPath, dbFreePath and dbDumpPath; the
// list is split as the readers split theirs (support/PathList.hpp).
#include "CApiPvt.hpp"

#include <dbStaticPvt.h>

#include <epicsdb/support/PathList.hpp>

#include <cstdio>
#include <cstring>

using namespace epicsdb::epics;

extern "C" {

long dbPath(DBBASE* pdbbase, const char* path) {
    if (!pdbbase) return -1;
    dbFreePath(pdbbase);
    return dbAddPath(pdbbase, path && *path ? path : ".");
}

long dbAddPath(DBBASE* pdbbase, const char* path) {
    if (!pdbbase) return -1;
    return guarded<long>(-1, [&]() -> long {
        if (!pdbbase->path) pdbbase->path.emplace();
        if (path)
            for (std::string& dir : epicsdb::support::splitPathList(path))
                pdbbase->path->push_back(std::move(dir));
        return 0;
    });
}

void dbFreePath(DBBASE* pdbbase) {
    if (pdbbase) pdbbase->path.reset();
}

void dbDumpPath(DBBASE* pdbbase) {
    if (!pdbbase) {
        std::fprintf(stderr, "pdbbase not specified\n");
        return;
    }
    if (!pdbbase->path || pdbbase->path->empty()) {
        std::printf("no path defined\n");
        return;
    }
    const auto& dirs = *pdbbase->path;
    for (std::size_t i = 0; i < dirs.size(); ++i)
        std::printf(i ? ":%s" : "%s", dirs[i].c_str());
    std::printf("\n");
}

} // extern "C"
