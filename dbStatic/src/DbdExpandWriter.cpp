// All definitions as one expanded .dbd, in the layout of EPICS's dbdExpand.pl (its DBD::Output
// module): sections in a fixed order, each sorted by name (Perl `sort`, i.e. byte order),
// 4-space indentation, `, ` between arguments.
#include <epicsdb/CharClass.hpp>
#include <epicsdb/dbStatic/Writers.hpp>

#include "WriterOutputPvt.hpp"

#include <algorithm>
#include <charconv>

namespace epicsdb::dbstatic {

namespace {

template <class T, class Key>
std::vector<const T*> sortedBy(const auto& items, Key key) {
    std::vector<const T*> sorted;
    sorted.reserve(items.size());
    for (const T& item : items)
        sorted.push_back(&item);
    std::stable_sort(sorted.begin(), sorted.end(),
                     [&](const T* a, const T* b) { return key(*a) < key(*b); });
    return sorted;
}

std::vector<std::string_view> sortedNames(const std::vector<std::string_view>& names) {
    std::vector<std::string_view> sorted(names);
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

// The Perl tool's name pattern ($RXname): runs of [A-Za-z0-9_-:.[]<>;], which may be joined by
// single braces. Attribute values that do not match it are written in double quotes.
bool isPerlName(std::string_view text) {
    auto nameChar = [](char c) {
        return chars::isIdentifier(c) || c == '-' || c == ':' || c == '.' || c == '[' || c == ']' ||
               c == '<' || c == '>' || c == ';';
    };
    bool previousWasName = false;
    for (const char c : text) {
        if (nameChar(c)) {
            previousWasName = true;
        } else if ((c == '{' || c == '}') && previousWasName) {
            previousWasName = false;
        } else {
            return false;
        }
    }
    return previousWasName;
}

// dbdExpand.pl rewrites the old GUI_xxx prompt groups as the numbered ones.
std::string_view promptGroupName(std::string_view group) {
    static constexpr std::pair<std::string_view, std::string_view> map[] = {
        {"GUI_COMMON", "10 - Common"},   {"GUI_ALARMS", "70 - Alarm"},
        {"GUI_BITS1", "41 - Bits (1)"},  {"GUI_BITS2", "42 - Bits (2)"},
        {"GUI_CALC", "30 - Action"},     {"GUI_CLOCK", "30 - Action"},
        {"GUI_COMPRESS", "30 - Action"}, {"GUI_CONVERT", "60 - Convert"},
        {"GUI_DISPLAY", "80 - Display"}, {"GUI_HIST", "30 - Action"},
        {"GUI_INPUTS", "40 - Input"},    {"GUI_LINKS", "40 - Link"},
        {"GUI_MBB", "30 - Action"},      {"GUI_MOTOR", "30 - Action"},
        {"GUI_OUTPUT", "50 - Output"},   {"GUI_PID", "30 - Action"},
        {"GUI_PULSE", "30 - Action"},    {"GUI_SELECT", "40 - Input"},
        {"GUI_SEQ1", "51 - Output (1)"}, {"GUI_SEQ2", "52 - Output (2)"},
        {"GUI_SEQ3", "53 - Output (3)"}, {"GUI_SUB", "30 - Action"},
        {"GUI_TIMER", "30 - Action"},    {"GUI_WAVE", "30 - Action"},
        {"GUI_SCAN", "20 - Scan"},
    };
    for (const auto& [old, current] : map)
        if (old == group) return current;
    return group;
}

void writeAttribute(std::string_view name, std::string_view value, bool alwaysQuoted,
                    writer::Output& out) {
    out << "        " << name << '(';
    if (alwaysQuoted || !isPerlName(value))
        out << '"' << value << '"';
    else
        out << value;
    out << ")\n";
}

// The attributes the definition has, in one fixed order: dbdExpand.pl writes them in Perl hash
// order, which varies; this is the order found most often in EPICS's own expanded files.
void writeField(const FieldDef& field, writer::Output& out) {
    out << "    field(" << field.name << ", " << dbfTypeName(field.type) << ") {\n";
    if (field.size != 0) writeAttribute("size", std::to_string(field.size), false, out);
    if (!field.promptGroup.empty())
        writeAttribute("promptgroup", promptGroupName(field.promptGroup), false, out);
    if (field.interest != 0) writeAttribute("interest", std::to_string(field.interest), false, out);
    if (!field.extra.empty()) writeAttribute("extra", field.extra, false, out);
    if (field.hasInitial) writeAttribute("initial", field.initial, true, out);
    if (field.hexBase) writeAttribute("base", "HEX", false, out);
    if (field.asl == AccessLevel::Asl0) writeAttribute("asl", "ASL0", false, out);
    if (field.menu) writeAttribute("menu", field.menu->name(), false, out);
    if (field.pp) writeAttribute("pp", "TRUE", false, out);
    if (field.special != 0) {
        const std::string_view name = specialName(field.special);
        writeAttribute("special", name.empty() ? std::to_string(field.special) : name, false, out);
    }
    if (field.prop) writeAttribute("prop", "YES", false, out);
    if (!field.prompt.empty()) writeAttribute("prompt", field.prompt, true, out);
    out << "    }\n";
}

void appendNumber(double value, writer::Output& out) {
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, value);
    out << std::string_view(text, static_cast<std::size_t>(result.ptr - text));
}

void writeDocument(const Database& database, writer::Output& out) {
    for (const Menu* menu :
         sortedBy<Menu>(database.menus(), [](const Menu& m) { return m.name(); })) {
        out << "menu(" << menu->name() << ") {\n";
        for (const MenuChoice& choice : menu->choices())
            out << "    choice(" << choice.name << ", \"" << choice.value << "\")\n";
        out << "}\n";
    }
    out.checkpoint();
    for (const RecordType* type : sortedBy<RecordType>(
             database.recordTypes(), [](const RecordType& t) { return t.name(); })) {
        out << "recordtype(" << type->name() << ") {\n";
        for (const std::string_view cdef : type->cdefs())
            out << "    %" << cdef << '\n';
        for (const FieldDef& field : type->fields())
            writeField(field, out);
        out << "}\n";
        for (const DeviceSupport& device : type->devices())
            out << "device(" << type->name() << ", " << linkTypeName(device.linkType) << ", "
                << device.dset << ", \"" << device.choice << "\")\n";
        out.checkpoint();
    }
    for (const std::string_view name : sortedNames(database.drivers()))
        out << "driver(" << name << ")\n";
    // Keyed by the interface name in the Perl tool, so sorted by it.
    for (const LinkSupport* link : sortedBy<LinkSupport>(
             database.linkSupports(), [](const LinkSupport& l) { return l.jlif; }))
        out << "link(" << link->name << ", " << link->jlif << ")\n";
    for (const std::string_view name : sortedNames(database.registrars()))
        out << "registrar(" << name << ")\n";
    for (const std::string_view name : sortedNames(database.functions()))
        out << "function(" << name << ")\n";
    for (const Variable* variable :
         sortedBy<Variable>(database.variables(), [](const Variable& v) { return v.name; }))
        out << "variable(" << variable->name << ", " << variable->type << ")\n";
    for (const Breaktable* table : database.breaktables()) { // already sorted by name
        out << "breaktable(\"" << table->name << "\") {\n";
        for (const BreakpointPoint& point : table->points) {
            out << "    ";
            appendNumber(point.raw, out);
            out << ", ";
            appendNumber(point.engineering, out);
            out << '\n';
        }
        out << "}\n";
    }
}

} // namespace

void writeExpandedDbd(const Database& database, std::string& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeDocument(database, o); });
}

void writeExpandedDbd(const Database& database, std::ostream& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeDocument(database, o); });
}

} // namespace epicsdb::dbstatic
