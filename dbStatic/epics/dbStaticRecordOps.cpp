// dbStaticLib operations on whole records: copying one, deleting its aliases or every record,
// and the visibility (grecord) flag.
#include "CApiPvt.hpp"

#include <cstring>
#include <vector>

using namespace epicsdb::dbstatic;
using namespace epicsdb::epics;

namespace {

long setVisibility(DBENTRY* entry, bool visible) {
    NodeView* view = nodeOf(entry);
    if (!view) return S_dbLib_recNotFound;
    if (view->node->isAlias())
        view->aliasVisible = visible;
    else
        entry->pdbbase->database.setVisible(*view->node, visible);
    nodeView(*entry->pdbbase, *view->node); // its flags follow
    return 0;
}

// dbCopyRecord's field pass: every DCT field of the source that is not default, put as text.
long copyFields(DBENTRY* from, DBENTRY* to) {
    long status = dbFirstField(from, 1);
    if (status) return status;
    status = dbFirstField(to, 1);
    while (!status) {
        if (!dbIsDefaultValue(from))
            if (const char* value = dbGetString(from)) {
                // dbGetString's buffer is the source entry's: the put reads it before any reuse.
                status = dbPutString(to, value);
                if (status) return status;
            }
        status = dbNextField(from, 1);
        if (!status) status = dbNextField(to, 1);
    }
    return 0;
}

long copyInfos(DBENTRY* from, DBENTRY* to) {
    long status = dbFirstInfo(from);
    while (!status) {
        status = dbPutInfo(to, dbGetInfoName(from), dbGetInfoString(from));
        if (status) return status;
        status = dbNextInfo(from);
    }
    return 0;
}

} // namespace

extern "C" {

long dbCopyRecord(DBENTRY* pdbentry, const char* newRecordName, int overWriteOK) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        TypeView* type = typeOf(pdbentry);
        if (!type) return S_dbLib_recordTypeNotFound;
        const auto fields = type->type->fields();
        if (fields.empty() || fields[0].name != "NAME" ||
            std::strlen(newRecordName) >= fields[0].size)
            return S_dbLib_nameLength;
        NodeView* source = nodeOf(pdbentry);
        if (!source || source->node->isAlias()) return S_dbLib_recNotFound;
        dbBase& base = *pdbentry->pdbbase;
        if (Record* existing = base.database.findRecord(newRecordName)) {
            // Replacing the source itself would leave nothing to copy (EPICS reads freed
            // memory there): refused like an existing name without overWriteOK.
            if (!overWriteOK || existing == source->node) return S_dbLib_recExists;
            deleteNode(base, *existing);
        }
        DBENTRY copy;
        dbInitEntry(&base, &copy);
        long status = dbFindRecordType(&copy, type->name);
        if (!status) status = dbCreateRecord(&copy, newRecordName);
        if (!status) status = copyFields(pdbentry, &copy);
        if (!status) status = copyInfos(pdbentry, &copy);
        dbFinishEntry(&copy);
        if (status) return status;
        return dbFindRecord(pdbentry, newRecordName); // the entry moves to the copy
    });
}

long dbDeleteAliases(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        NodeView* view = nodeOf(pdbentry);
        if (!view) return S_dbLib_recNotFound;
        if (view->node->isAlias()) return S_dbLib_recExists;
        Record& real = *view->node;
        std::vector<Record*> aliases;
        for (const Record* other = real.type().firstRecord(); other; other = other->next())
            if (other->isAlias() && &other->real() == &real)
                aliases.push_back(&mutableRecord(*other));
        for (Record* alias : aliases)
            deleteNode(*pdbentry->pdbbase, *alias);
        nodeView(*pdbentry->pdbbase, real); // no HASALIAS any more
        return 0;
    });
}

long dbFreeRecords(DBBASE* pdbbase) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        Database& database = pdbbase->database;
        for (const RecordType& type : database.recordTypes())
            while (const Record* first = type.firstRecord())
                database.deleteRecord(mutableRecord(first->real()));
        pdbbase->nodes.clear();
        return 0;
    });
}

long dbVisibleRecord(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&] { return setVisibility(pdbentry, true); });
}

long dbInvisibleRecord(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&] { return setVisibility(pdbentry, false); });
}

} // extern "C"
