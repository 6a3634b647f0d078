// Whether two texts of a field mean the same value: the canonical form diff compares.
//
// dbStatic keeps a field's text as written (after unquoting), so the comparison goes by the
// field's type with dbStatic's own value rules: integers by value (parseInteger: "010" is 8,
// "0x10" is 16), FLOAT and DOUBLE by value (parseFloat: "1.0" equals "1"), menus and DTYP by
// the choice they select (a choice string or its index), links by their parsed parts (type,
// PV name or address, modifiers: "x NPP NMS" equals "x"), strings and everything else
// exactly. A text that its type's rules refuse is compared exactly.
#pragma once

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/export.h>

#include <string_view>

namespace epicsdb::diff {

// One side of a comparison: the field's definition and record type in its own database (the
// two databases may have different definitions), and its text.
struct FieldSide {
    const dbstatic::Database& database;
    const dbstatic::RecordType& type;
    const dbstatic::FieldDef& field;
    std::string_view text;
};

[[nodiscard]] EPICSDB_API bool sameFieldValue(const FieldSide& a, const FieldSide& b);

} // namespace epicsdb::diff
