// The diff for people: one block per record, sorted by name (layout in DiffWriters.hpp).
#include <epicsdb/diff/DiffWriters.hpp>

#include <epicsdb/dbStatic/Values.hpp>

#include <ostream>

namespace epicsdb::diff {

namespace {
void appendQuoted(std::string_view text, std::string& out) {
    out += '"';
    dbstatic::appendEscaped(text, out);
    out += '"';
}

void appendLocation(const SourceLocation& where, std::string& out) {
    if (!where.known()) return;
    out += "  ";
    out += where.file;
    out += ':';
    out += std::to_string(where.line);
}

void appendFieldText(const std::optional<FieldText>& value, std::string& out) {
    if (!value) {
        out += "(none)";
        return;
    }
    appendQuoted(value->text, out);
    if (value->isDefault) out += " (default)";
}

void appendInfoText(const std::optional<std::string>& value, std::string& out) {
    if (value)
        appendQuoted(*value, out);
    else
        out += "(none)";
}

char markOf(const RecordChange& change) {
    switch (change.kind) {
    case RecordChangeKind::Added:
        return '+';
    case RecordChangeKind::Removed:
        return '-';
    case RecordChangeKind::Changed:
        break;
    }
    return '~';
}

void appendRecord(const RecordChange& change, std::string& out) {
    out += markOf(change);
    out += " record(";
    if (change.kind == RecordChangeKind::Added)
        out += change.typeAfter;
    else if (change.kind == RecordChangeKind::Removed || !change.retyped())
        out += change.typeBefore;
    else
        out += change.typeBefore + " -> " + change.typeAfter;
    out += ", ";
    appendQuoted(change.name, out);
    out += ')';
    if (change.kind != RecordChangeKind::Added) appendLocation(change.before, out);
    if (change.kind != RecordChangeKind::Removed) appendLocation(change.after, out);
    out += '\n';
    // One side only: the values it has; both: old -> new.
    const bool bothSides = change.kind == RecordChangeKind::Changed;
    for (const FieldChange& field : change.fields) {
        out += "    ";
        out += field.field;
        out += ": ";
        if (bothSides || field.before) appendFieldText(field.before, out);
        if (bothSides) out += " -> ";
        if (bothSides || field.after) appendFieldText(field.after, out);
        out += '\n';
    }
    for (const InfoChange& info : change.infos) {
        out += "    info(";
        out += info.name;
        out += "): ";
        if (bothSides || info.before) appendInfoText(info.before, out);
        if (bothSides) out += " -> ";
        if (bothSides || info.after) appendInfoText(info.after, out);
        out += '\n';
    }
    for (const AliasChange& alias : change.aliases) {
        out += "    alias ";
        appendQuoted(alias.alias, out);
        out += alias.added ? " added\n" : " removed\n";
    }
}
} // namespace

void writeText(const DatabaseDiff& diff, const DiffLabels& labels, std::ostream& out) {
    std::string chunk = "--- a: " + labels.before + "\n+++ b: " + labels.after + "\n";
    for (const RecordChange& change : diff.records) {
        appendRecord(change, chunk);
        if (chunk.size() > (1u << 16)) {
            out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
            chunk.clear();
        }
    }
    out.write(chunk.data(), static_cast<std::streamsize>(chunk.size()));
}

} // namespace epicsdb::diff
