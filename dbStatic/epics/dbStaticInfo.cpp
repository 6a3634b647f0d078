// dbStaticLib info items: reading, putting and deleting the info items of a node (aliases have
// their own), and the walk over every item of the database that dbNextMatchingInfo makes.
#include "CApiPvt.hpp"

#include <epicsdb/support/Glob.hpp>

#include <cstring>

using namespace epicsdb::dbstatic;
using namespace epicsdb::epics;

namespace {

Database& databaseOf(const DBENTRY* entry) {
    return entry->pdbbase->database;
}

// From the node the entry is on (`status` 0) or past the end of a record list (non-zero): the
// first info item of this or a following node.
long firstInfoOnward(DBENTRY* entry, long status) {
    for (;;) {
        while (status) {
            status = dbNextRecordType(entry);
            if (status) return status;
            status = dbFirstRecord(entry);
        }
        if (dbFirstInfo(entry) == 0) return 0;
        status = dbNextRecord(entry);
    }
}

} // namespace

extern "C" {

long dbFirstInfo(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        pdbentry->pinfonode = nullptr;
        NodeView* view = nodeOf(pdbentry);
        if (!view) return S_dbLib_recNotFound;
        const auto infos = view->node->infos();
        if (infos.empty()) return S_dbLib_infoNotFound;
        pdbentry->pinfonode = infoView(*view, infos.front().name);
        return 0;
    });
}

long dbNextInfo(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        NodeView* view = nodeOf(pdbentry);
        if (!view) return S_dbLib_recNotFound;
        const InfoView* current = infoOf(pdbentry);
        if (!current) return S_dbLib_infoNotFound;
        const auto infos = view->node->infos();
        const std::string_view name = current->name;
        pdbentry->pinfonode = nullptr;
        for (std::size_t i = 0; i + 1 < infos.size(); ++i)
            if (infos[i].name == name) {
                pdbentry->pinfonode = infoView(*view, infos[i + 1].name);
                return 0;
            }
        return S_dbLib_infoNotFound;
    });
}

long dbFindInfo(DBENTRY* pdbentry, const char* name) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        pdbentry->pinfonode = nullptr;
        NodeView* view = nodeOf(pdbentry);
        if (!view) return S_dbLib_recNotFound;
        pdbentry->pinfonode = infoView(*view, name);
        return pdbentry->pinfonode ? 0 : S_dbLib_infoNotFound;
    });
}

const char* dbGetInfoName(DBENTRY* pdbentry) {
    return pdbentry->pinfonode ? pdbentry->pinfonode->name : nullptr;
}

const char* dbGetInfoString(DBENTRY* pdbentry) {
    InfoView* info = infoOf(pdbentry);
    if (!info) return nullptr;
    // The value may have been replaced since the entry moved here.
    if (NodeView* view = nodeOf(pdbentry))
        if (const InfoView* current = infoView(*view, info->name)) return current->string;
    return info->string;
}

const char* dbGetInfo(DBENTRY* pdbentry, const char* name) {
    if (dbFindInfo(pdbentry, name)) return nullptr;
    return dbGetInfoString(pdbentry);
}

long dbPutInfo(DBENTRY* pdbentry, const char* name, const char* string) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        NodeView* view = nodeOf(pdbentry);
        if (!view) return S_dbLib_recNotFound;
        databaseOf(pdbentry).putInfo(*view->node, name, string);
        pdbentry->pinfonode = infoView(*view, name);
        return 0;
    });
}

long dbNextMatchingInfo(DBENTRY* pdbentry, const char* pattern) {
    // EPICS's walk: the next item of this node, else the first item of the next node that has
    // one, on through the record types; with no record type selected, from the very start.
    long status = 0;
    const bool fromStart = pdbentry->precordType == nullptr;
    if (fromStart) {
        status = dbFirstRecordType(pdbentry);
        if (status) return status;
        status = firstInfoOnward(pdbentry, dbFirstRecord(pdbentry));
    }
    for (bool first = fromStart;; first = false) {
        if (!first) {
            status = dbNextInfo(pdbentry);
            if (status) status = firstInfoOnward(pdbentry, dbNextRecord(pdbentry));
        }
        if (status) return status;
        if (!pattern || !*pattern || epicsdb::support::globMatch(dbGetInfoName(pdbentry), pattern))
            return 0;
    }
}

long dbDeleteInfo(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        NodeView* view = nodeOf(pdbentry);
        if (!view) return S_dbLib_recNotFound;
        InfoView* info = infoOf(pdbentry);
        if (!info) return S_dbLib_infoNotFound;
        databaseOf(pdbentry).deleteInfo(*view->node, info->name);
        info->pointer = nullptr; // an item put again later is a new one
        pdbentry->pinfonode = nullptr;
        return 0;
    });
}

long dbPutInfoString(DBENTRY* pdbentry, const char* string) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        InfoView* info = infoOf(pdbentry);
        NodeView* view = nodeOf(pdbentry);
        if (!info || !view) return S_dbLib_infoNotFound;
        databaseOf(pdbentry).putInfo(*view->node, info->name, string);
        infoView(*view, info->name); // the view's string follows
        return 0;
    });
}

long dbPutInfoPointer(DBENTRY* pdbentry, void* pointer) {
    InfoView* info = infoOf(pdbentry);
    if (!info) return S_dbLib_infoNotFound;
    info->pointer = pointer;
    return 0;
}

void* dbGetInfoPointer(DBENTRY* pdbentry) {
    const InfoView* info = infoOf(pdbentry);
    return info ? info->pointer : nullptr;
}

} // extern "C"
