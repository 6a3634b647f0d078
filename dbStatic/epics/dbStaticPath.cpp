// dbStaticLib's include path of a database: dbPath, dbAddPath, dbFreePath and dbDumpPath, with
// EPICS's splitting of a path list (SPEC 3.1: whitespace trimmed, an empty element appends
// one "." at the end).
#include "CApiPvt.hpp"

#include <dbStaticPvt.h>

#include <epicsdb/CharClass.hpp>

#include <cstdio>
#include <cstring>

using namespace epicsdb::epics;
namespace chars = epicsdb::chars;

namespace {

constexpr char kSeparator = ':'; // OSI_PATH_LIST_SEPARATOR on POSIX

// EPICS's walk over a path list, kept step for step: it trims an element's trailing
// whitespace, then skips as many characters after it as it kept, which for "a : b" lands on
// the separator and so counts an empty element there (the quirk of SPEC 3.1).
void addPathList(std::vector<std::string>& dirs, const char* path) {
    bool expectingPath = false;
    bool sawMissingPath = false;
    while (*path) {
        if (chars::isSpace(*path)) {
            ++path;
            continue;
        }
        const char* separator = std::strchr(path, kSeparator);
        if (separator == path) {
            sawMissingPath = true;
            ++path;
            continue;
        }
        const char* last = separator ? separator - 1 : path + std::strlen(path) - 1;
        expectingPath = separator != nullptr;
        while (chars::isSpace(*last))
            --last;
        const std::size_t length = static_cast<std::size_t>(last - path) + 1;
        dirs.emplace_back(path, length);
        path += length;
        if (separator) ++path;
    }
    if (expectingPath || sawMissingPath) dirs.emplace_back(".");
}

} // namespace

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
        if (path) addPathList(*pdbbase->path, path);
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
