// What changed between two loaded databases, as a plain value: records added, removed or
// retyped, and per record the fields whose value changed, the info items and the aliases added
// or removed. The databases are compared, not their text: order, layout and the files records
// came from make no difference, and field values are compared in canonical form (FieldCompare).
#pragma once

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/export.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace epicsdb::diff {

// Where a record was first defined; line 0 when not known.
struct SourceLocation {
    std::string file;
    std::uint32_t line = 0;
    [[nodiscard]] bool known() const noexcept { return line != 0; }
};

// A field's value on one side: the text as stored, or the record type's default when the
// record does not set the field.
struct FieldText {
    std::string text;
    bool isDefault = false;
};

// One field that differs. A side without the value (the record is absent there, or its
// record type has no such field) is nullopt.
struct FieldChange {
    std::string field;
    std::optional<FieldText> before;
    std::optional<FieldText> after;
};

// An info item added (no before), removed (no after) or changed.
struct InfoChange {
    std::string name;
    std::optional<std::string> before;
    std::optional<std::string> after;
};

struct AliasChange {
    std::string alias;
    bool added = false; // else removed
};

enum class RecordChangeKind : std::uint8_t { Added, Removed, Changed };

// One record that differs. An added record lists the fields it sets as changes from nothing
// (a removed one, to nothing), and its aliases and info items likewise. A record whose type
// changed is Changed with typeBefore != typeAfter; its fields are compared by name.
struct RecordChange {
    RecordChangeKind kind = RecordChangeKind::Changed;
    std::string name;
    std::string typeBefore; // empty for an added record
    std::string typeAfter;  // empty for a removed record
    SourceLocation before;
    SourceLocation after;
    std::vector<FieldChange> fields;  // in field definition order
    std::vector<InfoChange> infos;    // by name
    std::vector<AliasChange> aliases; // by name

    [[nodiscard]] bool retyped() const noexcept {
        return kind == RecordChangeKind::Changed && typeBefore != typeAfter;
    }
};

struct DiffCounts {
    std::size_t added = 0;
    std::size_t removed = 0;
    std::size_t retyped = 0;
    std::size_t changed = 0; // same type, something else differs
};

struct DatabaseDiff {
    std::vector<RecordChange> records; // sorted by record name
    [[nodiscard]] bool same() const noexcept { return records.empty(); }
    [[nodiscard]] DiffCounts counts() const noexcept;
};

// Compares the records of `before` with those of `after` (definitions themselves are not
// compared). Info items of alias nodes are not compared; an alias counts by its name and the
// record it names. Linear in the records, with one hash lookup per record: nothing is
// allocated for what is the same.
[[nodiscard]] EPICSDB_API DatabaseDiff diffDatabases(const dbstatic::Database& before,
                                                     const dbstatic::Database& after);

} // namespace epicsdb::diff
