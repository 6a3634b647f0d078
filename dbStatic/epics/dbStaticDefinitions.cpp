// dbStaticLib lookups of definitions: record-type attributes, prompt groups, drivers, link
// support, breakpoint tables and the link fields of a record type. The C structures are views
// made on first use (CApiPvt.hpp).
#include "CApiPvt.hpp"

#include <epicsdb/CharClass.hpp>

#include <algorithm>
#include <cstring>

using namespace epicsdb::dbstatic;
using namespace epicsdb::epics;
namespace chars = epicsdb::chars;

namespace {

// The view of a definition found by name, made on first use.
template <class View, class Map, class Describe>
View* viewByName(Map& views, std::string_view name, Describe&& describe) {
    std::unique_ptr<View>& slot = views[name];
    if (!slot) {
        slot = std::make_unique<View>();
        describe(*slot);
    }
    return slot.get();
}

} // namespace

extern "C" {

// ---- record-type attributes ----

long dbPutRecordAttribute(DBENTRY* pdbentry, const char* name, const char* value) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        TypeView* type = typeOf(pdbentry);
        if (!type) return S_dbLib_recordTypeNotFound;
        pdbentry->pdbbase->database.putAttribute(*type->type, name, value);
        refreshAttributes(*type);
        return 0;
    });
}

long dbGetAttributePart(DBENTRY* pdbentry, const char** ppname) {
    TypeView* type = typeOf(pdbentry);
    if (!type) return S_dbLib_recordTypeNotFound;
    // An attribute whose name starts the text and is not followed by an identifier character.
    const char* name = *ppname;
    for (FieldView& attribute : type->attributes) {
        const std::size_t length = std::strlen(attribute.name);
        if (std::strncmp(attribute.name, name, length) == 0 && !chars::isIdentifier(name[length])) {
            selectField(pdbentry, attribute, pdbentry->indfield);
            *ppname = name + length;
            return 0;
        }
    }
    return S_dbLib_fieldNotFound;
}

long dbGetRecordAttribute(DBENTRY* pdbentry, const char* name) {
    return dbGetAttributePart(pdbentry, &name);
}

// ---- prompt groups ----

char* dbGetPromptGroupNameFromKey(DBBASE* pdbbase, const short key) {
    if (!pdbbase) return nullptr;
    const auto& groups = pdbbase->database.promptGroups();
    if (key < 1 || static_cast<std::size_t>(key) > groups.size()) return nullptr;
    return cText(groups[static_cast<std::size_t>(key) - 1]);
}

short dbGetPromptGroupKeyFromName(DBBASE* pdbbase, const char* name) {
    if (!pdbbase || !name) return 0;
    const auto& groups = pdbbase->database.promptGroups();
    const auto it = std::find(groups.begin(), groups.end(), std::string_view(name));
    return it == groups.end() ? 0 : static_cast<short>(it - groups.begin() + 1);
}

// ---- drivers, link support, breakpoint tables ----

drvSup* dbFindDriver(dbBase* pdbbase, const char* name) {
    if (!pdbbase || !name) return nullptr;
    return guarded<drvSup*>(nullptr, [&]() -> drvSup* {
        const auto& drivers = pdbbase->database.drivers();
        const auto it = std::find(drivers.begin(), drivers.end(), std::string_view(name));
        if (it == drivers.end()) return nullptr;
        return viewByName<DriverView>(pdbbase->drivers, *it, [&](DriverView& view) {
            view.name = cText(*it);
            view.pdrvet = nullptr;
        });
    });
}

linkSup* dbFindLinkSup(dbBase* pdbbase, const char* name) {
    if (!pdbbase || !name) return nullptr;
    return guarded<linkSup*>(nullptr, [&]() -> linkSup* {
        const LinkSupport* link = pdbbase->database.findLinkSupport(name);
        if (!link) return nullptr;
        return viewByName<LinkSupportView>(pdbbase->links, link->name, [&](LinkSupportView& view) {
            view.name = cText(link->name);
            view.jlif_name = cText(link->jlif);
            view.pjlif = nullptr;
        });
    });
}

brkTable* dbFindBrkTable(DBBASE* pdbbase, const char* name) {
    if (!pdbbase || !name) return nullptr;
    return guarded<brkTable*>(nullptr, [&]() -> brkTable* {
        const Breaktable* table = pdbbase->database.findBreaktable(name);
        if (!table) return nullptr;
        return viewByName<BreaktableView>(pdbbase->breaktables, table->name,
                                          [&](BreaktableView& view) {
                                              breaktableIntervals(*table, view.intervals);
                                              view.name = cText(table->name);
                                              view.number = static_cast<long>(table->points.size());
                                              view.paBrkInt = view.intervals.data();
                                          });
    });
}

// ---- link fields ----

int dbGetNLinks(DBENTRY* pdbentry) {
    const TypeView* type = typeOf(pdbentry);
    if (!type) return S_dbLib_recordTypeNotFound;
    return type->no_links;
}

long dbGetLinkField(DBENTRY* pdbentry, int index) {
    TypeView* type = typeOf(pdbentry);
    if (!type) return S_dbLib_recordTypeNotFound;
    if (index < 0 || index >= type->no_links) return S_dbLib_badLink;
    const short field = type->link_ind[index];
    selectField(pdbentry, type->fields[field], field);
    return 0;
}

char* dbGetRelatedField(DBENTRY* pdbentry) {
    const dbFldDes* field = pdbentry->pflddes;
    if (!field || field->field_type != DBF_DEVICE) return nullptr;
    DBENTRY copy;
    dbCopyEntryContents(pdbentry, &copy);
    long status = dbFindField(&copy, "INP");
    if (status) status = dbFindField(&copy, "OUT");
    char* related = status ? nullptr : copy.pflddes->name;
    dbFinishEntry(&copy);
    return related;
}

} // extern "C"
