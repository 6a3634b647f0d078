// EPICS's debugging reports of the static database, in the formats of dbStaticLib's
// dbDumpRecordType, dbDumpField, dbDumpDevice, dbDumpBreaktable, dbPvdDump and
// dbReportDeviceConfig (and the iocsh commands of those names). Run-time members, which a
// database without record support does not have, print as EPICS prints them before any
// support is loaded: NULL pointers as "(nil)", sizes and offsets as 0.
#include <epicsdb/dbStatic/Writers.hpp>

#include <epicsdb/dbStatic/Values.hpp>

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <string>
#include <vector>

namespace epicsdb::dbstatic {

namespace {

// The C formats of the reports are printf's; this appends one to `out`.
[[gnu::format(printf, 2, 3)]] void appendf(std::string& out, const char* format, ...) {
    va_list args;
    va_start(args, format);
    va_list again;
    va_copy(again, args);
    const int length = std::vsnprintf(nullptr, 0, format, args);
    va_end(args);
    if (length > 0) {
        const std::size_t at = out.size();
        out.resize(at + static_cast<std::size_t>(length) + 1);
        std::vsnprintf(out.data() + at, static_cast<std::size_t>(length) + 1, format, again);
        out.resize(at + static_cast<std::size_t>(length));
    }
    va_end(again);
}

std::string text(std::string_view view) {
    return std::string(view);
}

std::vector<const RecordType*> typesNamed(const Database& database,
                                          std::optional<std::string_view> name) {
    std::vector<const RecordType*> types;
    for (const RecordType& type : database.recordTypes())
        if (!name || type.name() == *name) types.push_back(&type);
    return types;
}

void describeField(const Database& database, const RecordType& type, const FieldDef& field,
                   std::string& out) {
    appendf(out, "    %s\n", text(field.name).c_str());
    appendf(out, "\t         prompt: %s\n", text(field.prompt).c_str());
    appendf(out, "\t          extra: %s\n", text(field.extra).c_str());
    appendf(out, "\t      indRecordType: %hd\n", static_cast<short>(field.index));
    appendf(out, "\t        special: %hd ", static_cast<short>(field.special));
    if (field.special) out += specialName(field.special); // EPICS's table, looked up by value
    out += '\n';
    appendf(out, "\t     field_type: %s\n", text(dbfTypeName(field.type)).c_str());
    appendf(out, "\tprocess_passive: %u\n", field.pp ? 1U : 0U);
    appendf(out, "\t       property: %u\n", field.prop ? 1U : 0U);
    appendf(out, "\t           base: %d\n", field.hexBase ? 1 : 0);
    if (!field.isDct())
        appendf(out, "\t    promptgroup: %d\n", 0);
    else
        appendf(out, "\t    promptgroup: %s\n",
                text(database.promptGroups()[field.promptGroupNumber - 1]).c_str());
    appendf(out, "\t       interest: %hd\n", static_cast<short>(field.interest));
    appendf(out, "\t       as_level: %d\n", field.asl == AccessLevel::Asl0 ? 0 : 1);
    appendf(out, "\t        initial: %s\n", field.hasInitial ? text(field.initial).c_str() : "");
    if (field.type == DbfType::Menu) {
        if (field.menu)
            appendf(out, "\t\t  menu: %s\n", text(field.menu->name()).c_str());
        else
            out += "\t\t  menu: NOT FOUND\n";
    }
    if (field.type == DbfType::Device) // EPICS's device menu, made once there are devices
        appendf(out, "\t          ftPvt: %p\n",
                type.devices().empty() ? nullptr : static_cast<const void*>(type.devices().data()));
    appendf(out, "\t           size: %hd\n", static_cast<short>(field.size));
    appendf(out, "\t         offset: %hd\n", static_cast<short>(0));
}

// EPICS's epicsStrHash, which places a record name in its name table. EPICS hashes plain
// char, which is signed here: the sign extension is part of the value.
unsigned nameHash(std::string_view name) {
    unsigned hash = 0;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned>(static_cast<int>(static_cast<signed char>(name[i])));
        if (i % 2 == 0)
            hash ^= ~((hash << 11) ^ c ^ (hash >> 5));
        else
            hash ^= (hash << 7) ^ c ^ (hash >> 3);
    }
    return hash;
}

// The bus dbReportDeviceConfig names for a link type, indexed as EPICS's table is: it has one
// entry fewer than there are link types, so RF_IO reads as "VXI" and VXI_IO has none.
const char* busOf(LinkType type) {
    static const char* const kBus[] = {"",       nullptr,  "VME",   "CAMAC", "AB",    "GPIB",
                                       "BITBUS", nullptr,  nullptr, nullptr, nullptr, nullptr,
                                       "INST",   "BBGPIB", "VXI",   nullptr};
    const auto index = static_cast<std::size_t>(type);
    return index < std::size(kBus) ? kBus[index] : nullptr;
}

std::string valueOf(const Database& database, const Record& node, const FieldDef* field) {
    if (!field) return {};
    return database.getString(node, *field).value_or(std::string());
}

// dbReportDeviceConfig's line for the first hardware link of a node, if it has one.
void reportNode(const Database& database, const Record& node, std::string& out) {
    constexpr std::size_t kLinkText = 275; // EPICS copies the link into a 276-byte buffer
    const RecordType& type = node.type();
    const auto hasSupport = [&](std::string_view name) {
        return database.findLinkSupport(name) != nullptr;
    };
    for (const FieldDef& field : type.fields()) {
        if (!isLinkType(field.type)) continue;
        const auto stored = node.storedValue(field.index);
        const std::string_view link = stored ? *stored : field.hasInitial ? field.initial : "";
        if (link.empty()) continue; // never set: an empty CONSTANT link
        ParsedLink parsed;
        if (!parseLink(link, field.type, hasSupport, parsed)) continue;
        const char* bus = busOf(parsed.type);
        if (parsed.type == LinkType::Constant || !bus) continue;
        const FieldDef* dtyp = type.findField("DTYP");
        if (!dtyp) return;
        std::string conversion;
        const FieldDef* linr = type.findField("LINR");
        if (linr && valueOf(database, node, linr) == "LINEAR")
            conversion = "cvt(" + valueOf(database, node, type.findField("EGUL")) + "," +
                         valueOf(database, node, type.findField("EGUF")) + ")";
        appendf(out, "%-8s %-20s %-20s %-20s %-s\n", bus, text(link.substr(0, kLinkText)).c_str(),
                valueOf(database, node, dtyp).c_str(), text(node.name()).c_str(),
                conversion.c_str());
        return;
    }
}

} // namespace

std::vector<BreakpointInterval> breakpointIntervals(const Breaktable& table) {
    const auto points = table.points;
    std::vector<BreakpointInterval> intervals(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        intervals[i].raw = points[i].raw;
        intervals[i].engineering = points[i].engineering;
        if (i + 1 < points.size())
            intervals[i].slope = (points[i + 1].engineering - points[i].engineering) /
                                 (points[i + 1].raw - points[i].raw);
        else if (i > 0)
            intervals[i].slope = intervals[i - 1].slope; // continues past the last point
    }
    return intervals;
}

void writeRecordTypeLayouts(const Database& database, std::string& out,
                            std::optional<std::string_view> recordType) {
    for (const RecordType* type : typesNamed(database, recordType)) {
        const auto fields = type->fields();
        std::vector<std::uint16_t> sorted(fields.size());
        std::vector<std::uint16_t> links;
        short prompts = 0;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            sorted[i] = static_cast<std::uint16_t>(i);
            prompts += fields[i].isDct();
            if (isLinkType(fields[i].type)) links.push_back(static_cast<std::uint16_t>(i));
        }
        std::stable_sort(sorted.begin(), sorted.end(), [&](std::uint16_t a, std::uint16_t b) {
            return fields[a].name < fields[b].name;
        });
        appendf(out, "name(%s) no_fields(%hd) no_prompt(%hd) no_links(%hd)\n",
                text(type->name()).c_str(), static_cast<short>(fields.size()), prompts,
                static_cast<short>(links.size()));
        out += "index name\tsortind sortname\n";
        for (std::size_t i = 0; i < fields.size(); ++i)
            appendf(out, "%5d %s\t%7d %s\n", static_cast<int>(i), text(fields[i].name).c_str(),
                    static_cast<int>(sorted[i]), text(fields[sorted[i]].name).c_str());
        out += "link_ind ";
        for (const std::uint16_t link : links)
            appendf(out, " %hd", static_cast<short>(link));
        out += '\n';
        const FieldDef* val = type->valField();
        appendf(out, "indvalFlddes %d name %s\n", val ? static_cast<int>(val->index) : 0,
                val ? text(val->name).c_str() : "(null)");
        appendf(out, "rset * %p rec_size %d\n", static_cast<void*>(nullptr), 0);
    }
}

void writeFieldDescriptions(const Database& database, std::string& out,
                            std::optional<std::string_view> recordType,
                            std::optional<std::string_view> field) {
    for (const RecordType* type : typesNamed(database, recordType)) {
        appendf(out, "recordtype(%s) \n", text(type->name()).c_str());
        for (const FieldDef& def : type->fields())
            if (!field || def.name == *field) describeField(database, *type, def, out);
        for (const RecordTypeAttribute& attribute : type->attributes())
            appendf(out, "Attribute: name %s value %s\n", text(attribute.name).c_str(),
                    text(attribute.value).c_str());
    }
}

void writeDeviceSupports(const Database& database, std::string& out,
                         std::optional<std::string_view> recordType) {
    if (recordType && (recordType->empty() || *recordType == "*")) recordType.reset();
    for (const RecordType* type : typesNamed(database, recordType)) {
        appendf(out, "recordtype(%s)\n", text(type->name()).c_str());
        for (const DeviceSupport& device : type->devices()) {
            appendf(out, "    device name:   %s\n", text(device.dset).c_str());
            appendf(out, "\tchoice:    %s\n", text(device.choice).c_str());
            appendf(out, "\tlink_type: %d\n", static_cast<int>(device.linkType));
            appendf(out, "\tpdset:     %p\n", static_cast<void*>(nullptr));
            appendf(out, "\tpdsxt:     %p\n", static_cast<void*>(nullptr));
        }
    }
}

void writeBreaktableIntervals(const Database& database, std::string& out,
                              std::optional<std::string_view> name) {
    for (const Breaktable* table : database.breaktables()) {
        if (name && table->name != *name) continue;
        appendf(out, "breaktable(%s) {\n", text(table->name).c_str());
        for (const BreakpointInterval& interval : breakpointIntervals(*table))
            appendf(out, "\traw=%f slope=%e eng=%f\n", interval.raw, interval.slope,
                    interval.engineering);
        out += "}\n";
    }
}

std::optional<unsigned> nameTableSize(long requested) noexcept {
    constexpr long kMin = 256, kMax = 65536;
    // EPICS checks the bits of the int as unsigned, then clamps the signed value.
    const auto bits = static_cast<unsigned>(requested);
    if (bits & (bits - 1)) return std::nullopt;
    return static_cast<unsigned>(std::clamp(requested, kMin, kMax));
}

void writeNameTable(const Database& database, std::string& out, unsigned tableSize, bool verbose) {
    // A bucket per hash value, each listing its names in creation order.
    std::vector<const Record*> nodes;
    for (const RecordType& type : database.recordTypes())
        for (const Record* node = type.firstRecord(); node; node = node->next())
            nodes.push_back(node);
    std::sort(nodes.begin(), nodes.end(),
              [](const Record* a, const Record* b) { return a->sequence() < b->sequence(); });
    std::vector<std::vector<const Record*>> buckets(tableSize);
    for (const Record* node : nodes)
        buckets[nameHash(node->name()) & (tableSize - 1)].push_back(node);

    appendf(out, "Process Variable Directory has %u buckets", tableSize);
    unsigned empty = 0;
    for (unsigned h = 0; h < tableSize; ++h) {
        const auto& bucket = buckets[h];
        if (bucket.empty()) {
            ++empty;
            continue;
        }
        appendf(out, "\n [%4u] %4d  ", h, static_cast<int>(bucket.size()));
        int column = 1;
        for (std::size_t i = 0; verbose && i < bucket.size(); ++i) {
            if (!(++column % 4)) out += "\n         ";
            appendf(out, "  %s", text(bucket[i]->name()).c_str());
        }
    }
    appendf(out, "\n%u buckets empty.\n", empty);
}

void writeDeviceConfig(const Database& database, std::string& out) {
    for (const RecordType& type : database.recordTypes())
        for (const Record* node = type.firstRecord(); node; node = node->next())
            reportNode(database, *node, out);
}

} // namespace epicsdb::dbstatic
