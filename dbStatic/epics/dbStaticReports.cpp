// dbStaticLib's debugging reports on stdout: the record-type layout (dbDumpRecordType), field
// definitions (dbDumpField), device support (dbDumpDevice), breakpoint tables
// (dbDumpBreaktable), the record-name table (dbPvdDump) and hardware addresses
// (dbReportDeviceConfig), in EPICS's formats. Run-time pointers print as EPICS prints a NULL
// one, "(nil)".
#include "CApiPvt.hpp"

#include <epicsdb/dbStatic/Values.hpp>

#include <special.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace epicsdb::dbstatic;
using namespace epicsdb::epics;

namespace {

bool pdbbaseGiven(const DBBASE* pdbbase) {
    if (!pdbbase) std::fprintf(stderr, "pdbbase not specified\n");
    return pdbbase != nullptr;
}

// The record types a report covers: the one named, or every one for NULL.
std::vector<TypeView*> typesNamed(DBBASE* pdbbase, const char* name) {
    std::vector<TypeView*> views;
    for (const RecordType& type : pdbbase->database.recordTypes())
        if (!name || type.name() == name) views.push_back(&typeView(*pdbbase, mutableType(type)));
    return views;
}

const char* orEmpty(const char* text) {
    return text ? text : "";
}

void dumpFieldDefinition(DBBASE* pdbbase, const dbFldDes& field) {
    std::printf("    %s\n", field.name);
    std::printf("\t         prompt: %s\n", orEmpty(field.prompt));
    std::printf("\t          extra: %s\n", orEmpty(field.extra));
    std::printf("\t      indRecordType: %hd\n", field.indRecordType);
    std::printf("\t        special: %hd ", field.special);
    if (field.special) {
        const std::string name(specialName(field.special));
        std::printf("%s", name.c_str());
    }
    std::printf("\n");
    std::printf("\t     field_type: %s\n", dbGetFieldTypeString(field.field_type));
    std::printf("\tprocess_passive: %u\n", static_cast<unsigned>(field.process_passive));
    std::printf("\t       property: %u\n", static_cast<unsigned>(field.prop));
    std::printf("\t           base: %d\n", static_cast<int>(field.base));
    if (!field.promptgroup)
        std::printf("\t    promptgroup: %d\n", field.promptgroup);
    else
        std::printf("\t    promptgroup: %s\n",
                    orEmpty(dbGetPromptGroupNameFromKey(pdbbase, field.promptgroup)));
    std::printf("\t       interest: %hd\n", field.interest);
    std::printf("\t       as_level: %d\n", static_cast<int>(field.as_level));
    std::printf("\t        initial: %s\n", orEmpty(field.initial));
    if (field.field_type == DBF_MENU) {
        if (field.ftPvt)
            std::printf("\t\t  menu: %s\n", static_cast<const dbMenu*>(field.ftPvt)->name);
        else
            std::printf("\t\t  menu: NOT FOUND\n");
    }
    if (field.field_type == DBF_DEVICE) std::printf("\t          ftPvt: %p\n", field.ftPvt);
    std::printf("\t           size: %hd\n", field.size);
    std::printf("\t         offset: %hd\n", static_cast<short>(field.offset));
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
const char* busOf(int linkType) {
    static const char* const kBus[LINK_NTYPES] = {
        "",      nullptr, "VME",   "CAMAC", "AB",   "GPIB",   "BITBUS", nullptr,
        nullptr, nullptr, nullptr, nullptr, "INST", "BBGPIB", "VXI",    nullptr};
    return linkType >= 0 && linkType < LINK_NTYPES ? kBus[linkType] : nullptr;
}

std::string fieldText(DBENTRY* entry, const char* field) {
    if (dbFindField(entry, field)) return {};
    const char* text = dbGetString(entry);
    return text ? text : "";
}

// One line of dbReportDeviceConfig for the first hardware link of the entry's record, if any.
void reportRecord(DBENTRY* entry, FILE* stream) {
    constexpr std::size_t kMessageSize = 276; // EPICS copies the link into a buffer this size
    const int links = dbGetNLinks(entry);
    for (int i = 0; i < links; ++i) {
        if (dbGetLinkField(entry, i)) continue;
        const char* text = static_cast<const char*>(entry->pfield);
        if (!text || !*text) continue; // never set: an empty CONSTANT link
        ParsedLink parsed;
        const DbfType type = static_cast<DbfType>(entry->pflddes->field_type);
        const Database& database = entry->pdbbase->database;
        const auto hasSupport = [&](std::string_view name) {
            return database.findLinkSupport(name) != nullptr;
        };
        if (!parseLink(text, type, hasSupport, parsed)) continue;
        const int linkType = static_cast<int>(parsed.type);
        const char* bus = busOf(linkType);
        if (!linkType || !bus) continue;
        const std::string link(text, std::min(std::strlen(text), kMessageSize - 1));
        if (dbFindField(entry, "DTYP")) return;
        const std::string dtyp = orEmpty(dbGetString(entry));
        std::string conversion;
        if (!dbFindField(entry, "LINR") && std::strcmp(orEmpty(dbGetString(entry)), "LINEAR") == 0)
            conversion = "cvt(" + fieldText(entry, "EGUL") + "," + fieldText(entry, "EGUF") + ")";
        std::fprintf(stream, "%-8s %-20s %-20s %-20s %-s\n", bus, link.c_str(), dtyp.c_str(),
                     dbGetRecordName(entry), conversion.c_str());
        return;
    }
}

} // namespace

extern "C" {

void dbDumpRecordType(DBBASE* pdbbase, const char* recordTypeName) {
    if (!pdbbaseGiven(pdbbase)) return;
    guarded<int>(0, [&] {
        for (const TypeView* type : typesNamed(pdbbase, recordTypeName)) {
            std::printf("name(%s) no_fields(%hd) no_prompt(%hd) no_links(%hd)\n", type->name,
                        type->no_fields, type->no_prompt, type->no_links);
            std::printf("index name\tsortind sortname\n");
            for (short i = 0; i < type->no_fields; ++i)
                std::printf("%5d %s\t%7d %s\n", i, type->papFldDes[i]->name, type->sortFldInd[i],
                            type->papsortFldName[i]);
            std::printf("link_ind ");
            for (short i = 0; i < type->no_links; ++i)
                std::printf(" %hd", type->link_ind[i]);
            std::printf("\n");
            std::printf("indvalFlddes %d name %s\n", type->indvalFlddes,
                        type->pvalFldDes ? type->pvalFldDes->name : "(null)");
            std::printf("rset * %p rec_size %d\n", static_cast<void*>(type->prset), type->rec_size);
        }
        return 0;
    });
    std::fflush(stdout);
}

void dbDumpField(DBBASE* pdbbase, const char* recordTypeName, const char* fname) {
    if (!pdbbaseGiven(pdbbase)) return;
    guarded<int>(0, [&] {
        for (const TypeView* type : typesNamed(pdbbase, recordTypeName)) {
            std::printf("recordtype(%s) \n", type->name);
            for (short i = 0; i < type->no_fields; ++i) {
                const dbFldDes& field = *type->papFldDes[i];
                if (fname && std::strcmp(fname, field.name) != 0) continue;
                dumpFieldDefinition(pdbbase, field);
            }
            for (const RecordTypeAttribute& attribute : type->type->attributes()) {
                const std::string name(attribute.name), value(attribute.value);
                std::printf("Attribute: name %s value %s\n", name.c_str(), value.c_str());
            }
        }
        return 0;
    });
    std::fflush(stdout);
}

void dbDumpDevice(DBBASE* pdbbase, const char* recordTypeName) {
    if (recordTypeName && (!*recordTypeName || *recordTypeName == '*')) recordTypeName = nullptr;
    if (!pdbbaseGiven(pdbbase)) return;
    guarded<int>(0, [&] {
        for (const TypeView* type : typesNamed(pdbbase, recordTypeName)) {
            std::printf("recordtype(%s)\n", type->name);
            for (const DeviceSupport& device : type->type->devices()) {
                const std::string dset(device.dset), choice(device.choice);
                std::printf("    device name:   %s\n", dset.c_str());
                std::printf("\tchoice:    %s\n", choice.c_str());
                std::printf("\tlink_type: %d\n", static_cast<int>(device.linkType));
                std::printf("\tpdset:     %p\n", static_cast<void*>(nullptr));
                std::printf("\tpdsxt:     %p\n", static_cast<void*>(nullptr));
            }
        }
        return 0;
    });
    std::fflush(stdout);
}

void dbDumpBreaktable(DBBASE* pdbbase, const char* name) {
    if (!pdbbaseGiven(pdbbase)) return;
    guarded<int>(0, [&] {
        std::vector<brkInt> intervals;
        for (const Breaktable* table : pdbbase->database.breaktables()) {
            const std::string tableName(table->name);
            if (name && tableName != name) continue;
            std::printf("breaktable(%s) {\n", tableName.c_str());
            breaktableIntervals(*table, intervals);
            for (const brkInt& interval : intervals)
                std::printf("\traw=%f slope=%e eng=%f\n", interval.raw, interval.slope,
                            interval.eng);
            std::printf("}\n");
        }
        return 0;
    });
    std::fflush(stdout);
}

void dbPvdDump(DBBASE* pdbbase, int verbose) {
    if (!pdbbaseGiven(pdbbase)) return;
    guarded<int>(0, [&] {
        // EPICS's table: a bucket per hash value, each listing its names in creation order.
        const unsigned size = pdbbase->pvdTableSize;
        std::vector<const Record*> nodes;
        for (const RecordType& type : pdbbase->database.recordTypes())
            for (const Record* node = type.firstRecord(); node; node = node->next())
                nodes.push_back(node);
        std::sort(nodes.begin(), nodes.end(),
                  [](const Record* a, const Record* b) { return a->sequence() < b->sequence(); });
        std::vector<std::vector<const Record*>> buckets(size);
        for (const Record* node : nodes)
            buckets[nameHash(node->name()) & (size - 1)].push_back(node);

        std::printf("Process Variable Directory has %u buckets", size);
        unsigned empty = 0;
        for (unsigned h = 0; h < size; ++h) {
            const auto& bucket = buckets[h];
            if (bucket.empty()) {
                ++empty;
                continue;
            }
            std::printf("\n [%4u] %4d  ", h, static_cast<int>(bucket.size()));
            int column = 1;
            for (std::size_t i = 0; verbose && i < bucket.size(); ++i) {
                if (!(++column % 4)) std::printf("\n         ");
                const std::string name(bucket[i]->name());
                std::printf("  %s", name.c_str());
            }
        }
        std::printf("\n%u buckets empty.\n", empty);
        return 0;
    });
    std::fflush(stdout);
}

void dbReportDeviceConfig(DBBASE* pdbbase, FILE* report) {
    FILE* stream = report ? report : stdout;
    if (!pdbbase) {
        std::fprintf(stderr, "dbReportDeviceConfig: pdbbase not specified\n");
        return;
    }
    guarded<int>(0, [&] {
        DBENTRY entry;
        dbInitEntry(pdbbase, &entry);
        for (long status = dbFirstRecordType(&entry); !status; status = dbNextRecordType(&entry)) {
            for (long found = dbFirstRecord(&entry); !found; found = dbNextRecord(&entry))
                reportRecord(&entry, stream);
        }
        dbFinishEntry(&entry);
        return 0;
    });
    // As EPICS's finishOutstream: stdout is flushed, any other stream closed.
    if (stream == stdout)
        std::fflush(stdout);
    else if (std::fclose(stream))
        std::fprintf(stderr, "fclose error %s\n", std::strerror(errno));
}

} // extern "C"
