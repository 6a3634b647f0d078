// dbStaticLib navigation: the database handle, entries, record types, fields, records and
// aliases, with EPICS's status codes and entry conventions. Translation only: the
// database does the work.
#include "CApiPvt.hpp"

#include <epicsdb/CharClass.hpp>

#include <cstdlib>
#include <cstring>

using namespace epicsdb::dbstatic;
using namespace epicsdb::epics;
namespace chars = epicsdb::chars;

namespace {

Database& databaseOf(const DBENTRY* entry) {
    return entry->pdbbase->database;
}

RecordType* typeAt(dbBase& base, std::size_t position) {
    const auto& types = base.database.recordTypes();
    if (position >= types.size()) return nullptr;
    return base.database.findRecordType(types[position].name());
}

} // namespace

Database& epicsdb::epics::databaseOf(dbBase& base) noexcept {
    return base.database;
}

extern "C" {

// ---- the database and entries ----

DBBASE* dbAllocBase(void) {
    return guarded<DBBASE*>(nullptr, [] { return std::make_unique<dbBase>().release(); });
}

void dbFreeBase(DBBASE* pdbbase) {
    const std::unique_ptr<dbBase> owner(pdbbase);
}

DBENTRY* dbAllocEntry(DBBASE* pdbbase) {
    auto* entry = static_cast<DBENTRY*>(std::calloc(1, sizeof(DBENTRY)));
    if (entry) entry->pdbbase = pdbbase;
    return entry;
}

void dbFreeEntry(DBENTRY* pdbentry) {
    if (!pdbentry) return;
    std::free(pdbentry->message);
    std::free(pdbentry);
}

void dbInitEntry(DBBASE* pdbbase, DBENTRY* pdbentry) {
    std::memset(pdbentry, 0, sizeof *pdbentry);
    pdbentry->pdbbase = pdbbase;
}

void dbFinishEntry(DBENTRY* pdbentry) {
    std::free(pdbentry->message);
    pdbentry->message = nullptr;
}

DBENTRY* dbCopyEntry(DBENTRY* pdbentry) {
    DBENTRY* copy = dbAllocEntry(pdbentry->pdbbase);
    if (copy) {
        *copy = *pdbentry;
        copy->message = nullptr;
    }
    return copy;
}

void dbCopyEntryContents(DBENTRY* pfrom, DBENTRY* pto) {
    *pto = *pfrom;
    pto->message = nullptr;
}

// ---- record types ----

long dbFindRecordType(DBENTRY* pdbentry, const char* recordTypename) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        clearEntry(pdbentry);
        RecordType* type = databaseOf(pdbentry).findRecordType(recordTypename);
        if (!type) return S_dbLib_recordTypeNotFound;
        pdbentry->precordType = &typeView(*pdbentry->pdbbase, *type);
        return 0;
    });
}

long dbFirstRecordType(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        clearEntry(pdbentry);
        RecordType* type = typeAt(*pdbentry->pdbbase, 0);
        if (!type) return S_dbLib_recordTypeNotFound;
        pdbentry->precordType = &typeView(*pdbentry->pdbbase, *type);
        return 0;
    });
}

long dbNextRecordType(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        const TypeView* current = typeOf(pdbentry);
        clearEntry(pdbentry);
        RecordType* type = current ? typeAt(*pdbentry->pdbbase, current->position + 1) : nullptr;
        if (!type) return S_dbLib_recordTypeNotFound;
        pdbentry->precordType = &typeView(*pdbentry->pdbbase, *type);
        return 0;
    });
}

char* dbGetRecordTypeName(DBENTRY* pdbentry) {
    return pdbentry->precordType ? pdbentry->precordType->name : nullptr;
}

int dbGetNRecordTypes(DBENTRY* pdbentry) {
    return static_cast<int>(databaseOf(pdbentry).recordTypes().size());
}

// ---- fields ----

long dbFirstField(DBENTRY* pdbentry, int dctonly) {
    pdbentry->indfield = -1;
    return dbNextField(pdbentry, dctonly);
}

long dbNextField(DBENTRY* pdbentry, int dctonly) {
    TypeView* type = typeOf(pdbentry);
    if (!type) return S_dbLib_recordTypeNotFound;
    for (short index = static_cast<short>(pdbentry->indfield + 1); index < type->no_fields;
         ++index) {
        FieldView& field = type->fields[index];
        if (dctonly && !field.promptgroup) continue;
        // DTYP is not a DCT field of a record type without device support.
        if (dctonly && field.field_type == DBF_DEVICE && type->type->devices().empty()) continue;
        selectField(pdbentry, field, index);
        return 0;
    }
    pdbentry->indfield = 0;
    pdbentry->pflddes = nullptr;
    pdbentry->pfield = nullptr;
    return S_dbLib_fieldNotFound;
}

int dbGetNFields(DBENTRY* pdbentry, int dctonly) {
    const TypeView* type = typeOf(pdbentry);
    if (!type) return S_dbLib_recordTypeNotFound;
    int count = 0;
    for (const FieldView& field : type->fields) {
        if (dctonly && field.field_type == DBF_DEVICE && type->type->devices().empty()) continue;
        count += !dctonly || field.promptgroup;
    }
    return count;
}

char* dbGetFieldName(DBENTRY* pdbentry) {
    return pdbentry->pflddes ? pdbentry->pflddes->name : nullptr;
}

int dbGetFieldDbfType(DBENTRY* pdbentry) {
    return pdbentry->pflddes ? pdbentry->pflddes->field_type : -1;
}

char* dbGetDefault(DBENTRY* pdbentry) {
    return pdbentry->pflddes ? pdbentry->pflddes->initial : nullptr;
}

char* dbGetPrompt(DBENTRY* pdbentry) {
    return pdbentry->pflddes ? pdbentry->pflddes->prompt : nullptr;
}

int dbGetPromptGroup(DBENTRY* pdbentry) {
    return pdbentry->pflddes ? pdbentry->pflddes->promptgroup : 0;
}

// ---- records ----

long dbCreateRecord(DBENTRY* pdbentry, const char* pname) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        TypeView* type = typeOf(pdbentry);
        if (!type) return S_dbLib_recordTypeNotFound;
        // The name must fit the NAME field, which EPICS requires to be the first field.
        const auto fields = type->type->fields();
        if (fields.empty() || fields[0].name != "NAME" || std::strlen(pname) >= fields[0].size)
            return S_dbLib_nameLength;
        clearEntry(pdbentry);
        Database& database = databaseOf(pdbentry);
        if (Record* existing = database.findRecord(pname)) {
            setRecord(pdbentry, *existing);
            return S_dbLib_recExists;
        }
        pdbentry->precordType = type;
        Record* node = database.createRecord(*type->type, pname, false);
        if (!node) return S_dbLib_recExists;
        pdbentry->precnode = &nodeView(*pdbentry->pdbbase, *node);
        return 0;
    });
}

long dbDeleteRecord(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        NodeView* view = nodeOf(pdbentry);
        if (!view) return S_dbLib_recNotFound;
        deleteNode(*pdbentry->pdbbase, *view->node);
        pdbentry->precnode = nullptr;
        pdbentry->pinfonode = nullptr;
        pdbentry->pfield = nullptr;
        return 0;
    });
}

long dbFindRecordPart(DBENTRY* pdbentry, const char** ppname) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        clearEntry(pdbentry);
        const char* name = *ppname;
        const char* dot = std::strchr(name, '.');
        const std::size_t length = dot ? static_cast<std::size_t>(dot - name) : std::strlen(name);
        Record* node = databaseOf(pdbentry).findRecord({name, length});
        if (!node) return S_dbLib_recNotFound;
        setRecord(pdbentry, *node);
        *ppname = name + length;
        return 0;
    });
}

long dbFindRecord(DBENTRY* pdbentry, const char* pname) {
    const long status = dbFindRecordPart(pdbentry, &pname);
    if (status) return status;
    if (*pname == '.') return dbFindField(pdbentry, pname + 1);
    return 0;
}

long dbFirstRecord(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        TypeView* type = typeOf(pdbentry);
        clearEntry(pdbentry);
        if (!type) return S_dbLib_recordTypeNotFound;
        pdbentry->precordType = type;
        const Record* first = type->type->firstRecord();
        if (!first) return S_dbLib_recNotFound;
        pdbentry->precnode = &nodeView(*pdbentry->pdbbase, mutableRecord(*first));
        return 0;
    });
}

long dbNextRecord(DBENTRY* pdbentry) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        const NodeView* view = nodeOf(pdbentry);
        if (!view) return S_dbLib_recNotFound;
        const Record* next = view->node->next();
        pdbentry->precnode = next ? &nodeView(*pdbentry->pdbbase, mutableRecord(*next)) : nullptr;
        pdbentry->pfield = nullptr;
        return next ? 0 : S_dbLib_recNotFound;
    });
}

int dbGetNRecords(DBENTRY* pdbentry) {
    const TypeView* type = typeOf(pdbentry);
    return type ? static_cast<int>(type->type->recordCount()) : 0;
}

int dbGetNAliases(DBENTRY* pdbentry) {
    const TypeView* type = typeOf(pdbentry);
    return type ? static_cast<int>(type->type->aliasCount()) : 0;
}

char* dbGetRecordName(DBENTRY* pdbentry) {
    if (!pdbentry->precordType || !pdbentry->precnode) return nullptr;
    return pdbentry->precnode->recordname;
}

int dbIsVisibleRecord(DBENTRY* pdbentry) {
    const NodeView* view = nodeOf(pdbentry);
    if (!view) return 0;
    return (view->node->isAlias() ? view->aliasVisible : view->node->visible()) ? 1 : 0;
}

// ---- aliases ----

long dbCreateAlias(DBENTRY* pdbentry, const char* paliasName) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        if (!typeOf(pdbentry)) return S_dbLib_recordTypeNotFound;
        NodeView* view = nodeOf(pdbentry);
        if (!view) return S_dbLib_recNotFound;
        Database& database = databaseOf(pdbentry);
        if (database.findRecord(paliasName)) return S_dbLib_recExists;
        if (!database.createAlias(*view->node, paliasName)) return S_dbLib_recExists;
        // The real record now has an alias: refresh its flags.
        nodeView(*pdbentry->pdbbase, mutableRecord(view->node->real()));
        return 0;
    });
}

int dbIsAlias(DBENTRY* pdbentry) {
    const NodeView* view = nodeOf(pdbentry);
    return view && view->node->isAlias() ? 1 : 0;
}

int dbFollowAlias(DBENTRY* pdbentry) {
    return guarded<int>(S_dbLib_outMem, [&]() -> int {
        const NodeView* view = nodeOf(pdbentry);
        if (!view) return S_dbLib_recNotFound;
        if (view->node->isAlias())
            pdbentry->precnode = &nodeView(*pdbentry->pdbbase, mutableRecord(view->node->real()));
        return 0;
    });
}

// ---- fields by name ----

long dbFindFieldPart(DBENTRY* pdbentry, const char** ppname) {
    TypeView* type = typeOf(pdbentry);
    if (!type) return S_dbLib_recordTypeNotFound;
    if (!pdbentry->precnode) return S_dbLib_recNotFound;
    // The field name is a C identifier; an empty one means the VAL field.
    const char* name = *ppname;
    std::size_t length = 0;
    if (name[0] == '_' || chars::isAlpha(name[0]))
        while (chars::isIdentifier(name[++length])) {
        }
    if (length == 0) {
        if (!type->pvalFldDes) return S_dbLib_recordTypeNotFound;
        selectField(pdbentry, *static_cast<FieldView*>(type->pvalFldDes), type->indvalFlddes);
        return 0;
    }
    const FieldDef* def = type->type->findField({name, length});
    if (!def) return S_dbLib_fieldNotFound;
    selectField(pdbentry, type->fields[def->index], static_cast<short>(def->index));
    *ppname = name + length;
    return 0;
}

long dbFindField(DBENTRY* pdbentry, const char* pfieldName) {
    const char* rest = pfieldName;
    const long status = dbFindFieldPart(pdbentry, &rest);
    if (status == S_dbLib_fieldNotFound) return dbGetRecordAttribute(pdbentry, pfieldName);
    if (status) return status;
    // After the field name only the end or white space may follow.
    if (*rest == '\0' || chars::isSpace(*rest)) return 0;
    return S_dbLib_recNotFound;
}

int dbFoundField(DBENTRY* pdbentry) {
    return pdbentry->pfield ? 1 : 0;
}

} // extern "C"
