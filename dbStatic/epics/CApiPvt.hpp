// The EPICS dbStaticLib C API over dbstatic::Database: the DBBASE handle and the C views of
// record types, fields, menus, record nodes and info items that C code reads through a
// DBENTRY. Each view derives from its EPICS structure, so a pointer handed to C converts back
// with a static_cast. Views are made on first use and refreshed whenever they are handed out,
// so they always show the database as it is.
#pragma once

#include <dbStaticLib.h>

#include <epicsdb/dbStatic/CHandle.hpp>
#include <epicsdb/dbStatic/Database.hpp>

#include <cstdio>
#include <deque>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace epicsdb::epics {

struct MenuView : dbMenu {
    const dbstatic::Menu* menu = nullptr;
    std::vector<char*> names;
    std::vector<char*> values;
};

// A field of a record type, or one of its attributes (RTYP, VERS), which field lookup also
// finds. Exactly one of `def` and `attribute` is set.
struct FieldView : dbFldDes {
    const dbstatic::FieldDef* def = nullptr;
    const dbstatic::RecordTypeAttribute* attribute = nullptr;
};

struct TypeView : dbRecordType {
    dbstatic::RecordType* type = nullptr;
    std::size_t position = 0; // in Database::recordTypes()
    std::vector<FieldView> fields;
    std::vector<dbFldDes*> fieldPointers;
    std::vector<char*> sortedNames;
    std::vector<short> sortedIndexes;
    std::vector<short> linkIndexes;
    std::vector<FieldView> attributes;
    dbDeviceMenu deviceMenu{};
    std::vector<char*> deviceChoices;
};

// `name` points at the view's own copy: the item's text may be given back (deleteInfo), and
// the views of a node are looked up by name.
struct InfoView : dbInfoNode {
    std::string nameCopy;
};

struct NodeView : dbRecordNode {
    dbstatic::Record* node = nullptr;
    std::deque<InfoView> infos; // one per info name handed out; stable addresses
};

} // namespace epicsdb::epics

// The DBBASE handle: the database and the C views handed out so far.
struct dbBase {
    epicsdb::dbstatic::Database database;
    std::unordered_map<const epicsdb::dbstatic::RecordType*,
                       std::unique_ptr<epicsdb::epics::TypeView>>
        types;
    std::unordered_map<const epicsdb::dbstatic::Menu*, std::unique_ptr<epicsdb::epics::MenuView>>
        menus;
    std::unordered_map<const epicsdb::dbstatic::Record*, std::unique_ptr<epicsdb::epics::NodeView>>
        nodes;
};

namespace epicsdb::epics {

// EPICS C strings are char*; ours are NUL-terminated texts in the database's arena (or
// literals), never written through.
inline char* cText(std::string_view text) {
    return const_cast<char*>(text.data());
}

// ---- views (Views.cpp) ----
TypeView& typeView(dbBase& base, dbstatic::RecordType& type);
MenuView& menuView(dbBase& base, const dbstatic::Menu& menu);
NodeView& nodeView(dbBase& base, dbstatic::Record& node);
// The view of an info item of the node, or null when the node has no item of that name.
InfoView* infoView(NodeView& node, std::string_view name);

// The views an entry points at (null when not set).
inline TypeView* typeOf(const DBENTRY* entry) {
    return static_cast<TypeView*>(entry->precordType);
}
inline FieldView* fieldOf(const DBENTRY* entry) {
    return static_cast<FieldView*>(entry->pflddes);
}
inline NodeView* nodeOf(const DBENTRY* entry) {
    return static_cast<NodeView*>(entry->precnode);
}
inline InfoView* infoOf(const DBENTRY* entry) {
    return static_cast<InfoView*>(entry->pinfonode);
}

// Record type and node of the entry, refreshing the node view (flags change with aliases).
void setRecord(DBENTRY* entry, dbstatic::Record& node);
// Selects a field (or attribute) of the entry's record type; pfield follows the record.
void selectField(DBENTRY* entry, FieldView& field, short index);
// EPICS's zeroDbentry: everything but pdbbase and message.
void clearEntry(DBENTRY* entry);

// ---- values ----
// dbGetString text of a field of a record; NAME reads as the real record's name.
std::optional<std::string> fieldString(const dbstatic::Database& database,
                                       const dbstatic::Record& node,
                                       const dbstatic::FieldDef& field);
// Copies `text` into the entry's message buffer (malloc'd, grown as needed) and returns it.
char* setMessage(DBENTRY* entry, std::string_view text);

} // namespace epicsdb::epics
