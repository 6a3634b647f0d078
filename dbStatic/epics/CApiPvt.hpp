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

// The table size dbPvdTableSize chose for the databases allocated from now on (EPICS: 512
// unless changed; dbStaticPvt.cpp).
unsigned pvdTableSizeForNewBases() noexcept;

struct TypeView : dbRecordType {
    dbstatic::RecordType* type = nullptr;
    std::size_t position = 0; // in Database::recordTypes()
    std::vector<FieldView> fields;
    std::vector<dbFldDes*> fieldPointers;
    std::vector<char*> sortedNames;
    std::vector<short> sortedIndexes;
    std::vector<short> linkIndexes;
    std::deque<FieldView> attributes; // grows (dbPutRecordAttribute); stable addresses
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
    // EPICS keeps the VISIBLE flag per node, so an alias node has its own (dbVisibleRecord on
    // an alias); the database keeps only the real record's.
    bool aliasVisible = false;
};

struct DriverView : drvSup {};
struct LinkSupportView : linkSup {};
struct BreaktableView : brkTable {
    std::vector<brkInt> intervals;
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
    std::unordered_map<std::string_view, std::unique_ptr<epicsdb::epics::DriverView>> drivers;
    std::unordered_map<std::string_view, std::unique_ptr<epicsdb::epics::LinkSupportView>> links;
    std::unordered_map<std::string_view, std::unique_ptr<epicsdb::epics::BreaktableView>>
        breaktables;
    // dbPath/dbAddPath: nullopt until a path is set (EPICS's pathPvt NULL), and again after
    // dbFreePath, which every read does at its end.
    std::optional<std::vector<std::string>> path;
    // Buckets of the record-name table EPICS would have made for this database (its size is
    // dbPvdTableSize's at allocation): what dbPvdDump reports.
    unsigned pvdTableSize = epicsdb::epics::pvdTableSizeForNewBases();
};

namespace epicsdb::epics {

// EPICS C strings are char*; ours are NUL-terminated texts in the database's arena (or
// literals), never written through.
inline char* cText(std::string_view text) {
    return const_cast<char*>(text.data());
}

// Records belong to the database a handle holds without const; its lists hand them out const.
inline dbstatic::Record& mutableRecord(const dbstatic::Record& node) {
    return const_cast<dbstatic::Record&>(node);
}

inline dbstatic::RecordType& mutableType(const dbstatic::RecordType& type) {
    return const_cast<dbstatic::RecordType&>(type);
}

// ---- views (Views.cpp) ----
TypeView& typeView(dbBase& base, dbstatic::RecordType& type);
MenuView& menuView(dbBase& base, const dbstatic::Menu& menu);
NodeView& nodeView(dbBase& base, dbstatic::Record& node);
// The view of an info item of the node, or null when the node has no item of that name.
InfoView* infoView(NodeView& node, std::string_view name);

// The intervals of a breakpoint table (dbstatic::breakpointIntervals) as brkInt.
void breaktableIntervals(const dbstatic::Breaktable& table, std::vector<brkInt>& out);

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

// Deletes a node (a real record with its aliases) and the views that showed them.
void deleteNode(dbBase& base, dbstatic::Record& node);
// Record type and node of the entry, refreshing the node view (flags change with aliases).
void setRecord(DBENTRY* entry, dbstatic::Record& node);
// Re-points the attribute views of a type at its attributes, adding views for new ones
// (dbPutRecordAttribute).
void refreshAttributes(TypeView& view);
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
