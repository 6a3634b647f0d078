#include "RecordRules.hpp"

#include <epicsdb/db/EmbeddedDefinitions.hpp>
#include <epicsdb/dbStatic/Values.hpp>

#include <algorithm>

#include <unordered_set>

namespace epicsdb::lint {

namespace {
// A field's value as EPICS would give it: the stored text (no copy), the canonical text for
// a menu set by its number, the default when the field was never set.
std::optional<std::string> value(const RuleContext& context, const dbstatic::Record& record,
                                 std::string_view field) {
    const dbstatic::FieldDef* def = record.type().findField(field);
    if (!def) return std::nullopt;
    const std::optional<std::string_view> stored = record.real().storedValue(def->index);
    if (!stored) return def->hasInitial ? std::string(def->initial) : std::string();
    if (!stored->empty() && stored->find_first_not_of("0123456789") == std::string_view::npos)
        return context.db().getString(record, *def);
    return std::string(*stored);
}

// The same for the fields most records leave alone: nothing is made when the field is unset
// and has no default.
bool fieldIs(const dbstatic::Record& record, std::string_view field, std::string_view expected,
             const RuleContext& context) {
    const dbstatic::FieldDef* def = record.type().findField(field);
    if (!def) return false;
    const std::optional<std::string_view> stored = record.real().storedValue(def->index);
    if (!stored) return def->hasInitial && def->initial == expected;
    if (*stored == expected) return true;
    return value(context, record, field) == expected;
}

// The soft device supports of EPICS Base (db/devSoft.dbd, built in) that register no I/O
// interrupt source: a record with one of them and SCAN "I/O Intr" never processes. Device
// supports of modules (swait's "Soft Channel" does raise interrupts) are not judged.
bool isBaseSoftWithoutInterrupts(std::string_view dset) {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> out;
        const std::optional<std::string_view> text = db::embeddedDefinitionFile("devSoft.dbd");
        if (!text) return out;
        for (std::size_t at = text->find("device("); at != std::string_view::npos;
             at = text->find("device(", at + 7)) {
            const std::size_t end = text->find(')', at);
            const std::string_view args = text->substr(at + 7, end - at - 7);
            // device(type, CONSTANT, dset, "choice")
            const std::size_t first = args.find(',');
            const std::size_t second = args.find(',', first + 1);
            const std::size_t third = args.find(',', second + 1);
            if (third == std::string_view::npos) continue;
            auto trim = [](std::string_view v) {
                while (!v.empty() && v.front() == ' ')
                    v.remove_prefix(1);
                while (!v.empty() && v.back() == ' ')
                    v.remove_suffix(1);
                return v;
            };
            if (trim(args.substr(first + 1, second - first - 1)) != "CONSTANT") continue;
            const std::string_view name = trim(args.substr(second + 1, third - second - 1));
            if (name != "devEventSoft") out.emplace_back(name);
        }
        return out;
    }();
    return std::find(names.begin(), names.end(), dset) != names.end();
}

void checkScan(RuleContext& context, const dbstatic::Record& record) {
    if (!fieldIs(record, "SCAN", "I/O Intr", context)) return;
    const dbstatic::RecordType& type = record.type();
    if (type.devices().empty() || !type.dtypField()) {
        context.report("scan-io-intr", record,
                       "record " + std::string(record.name()) + " has SCAN \"I/O Intr\", but " +
                           std::string(type.name()) + " records have no device support to " +
                           "raise the interrupt: it never processes");
        return;
    }
    const std::optional<std::string_view> stored =
        record.real().storedValue(type.dtypField()->index);
    const std::optional<std::uint16_t> index =
        stored ? type.findDevice(*stored) : std::optional<std::uint16_t>(0);
    if (!index) return;
    const dbstatic::DeviceSupport& device = type.devices()[*index];
    if (!isBaseSoftWithoutInterrupts(device.dset)) return;
    context.report("scan-io-intr", record,
                   "record " + std::string(record.name()) + " has SCAN \"I/O Intr\" with DTYP \"" +
                       std::string(device.choice) + "\" (" + std::string(device.dset) +
                       "), which raises no interrupt: it never processes");
}

// LINR conversions that give the same value whatever the input: LINEAR with hardware support
// (which sets ESLO from EGUF and EGUL) and EGUF equal to EGUL; SLOPE with ESLO 0.
void checkConversion(RuleContext& context, const dbstatic::Record& record) {
    const std::string_view type = record.type().name();
    if (type != "ai" && type != "ao") return;
    const std::optional<std::string> linr = value(context, record, "LINR");
    auto number = [&](std::string_view field, double fallback) {
        const std::optional<std::string> text = value(context, record, field);
        double result = fallback;
        if (text && !text->empty() &&
            dbstatic::parseFloat(dbstatic::DbfType::Double, *text, result) !=
                dbstatic::ConvertError::None)
            result = fallback;
        return result;
    };
    if (linr == "LINEAR") {
        const dbstatic::FieldDef* dtyp = record.type().dtypField();
        if (!dtyp || record.type().devices().empty()) return;
        const std::optional<std::string_view> stored = record.real().storedValue(dtyp->index);
        const std::optional<std::uint16_t> index =
            stored ? record.type().findDevice(*stored) : std::optional<std::uint16_t>(0);
        if (!index || record.type().devices()[*index].linkType == dbstatic::LinkType::Constant)
            return; // soft support converts with ESLO and EOFF
        if (number("EGUF", 0) == number("EGUL", 0))
            context.report("linr-conversion", record,
                           "record " + std::string(record.name()) +
                               " has LINR \"LINEAR\" with EGUF equal to EGUL: every raw value "
                               "converts to EGUL");
    } else if (linr == "SLOPE" && number("ESLO", 1) == 0) {
        context.report("linr-conversion", record,
                       "record " + std::string(record.name()) +
                           " has LINR \"SLOPE\" with ESLO 0: every raw value converts to EOFF");
    }
}

bool isInteger(dbstatic::DbfType type) {
    using dbstatic::DbfType;
    return type == DbfType::Char || type == DbfType::UChar || type == DbfType::Short ||
           type == DbfType::UShort || type == DbfType::Long || type == DbfType::ULong ||
           type == DbfType::Int64 || type == DbfType::UInt64;
}

// EPICS stores an integer that does not fit the field cut to its width, without a word
// (unless dbConvertStrict is set).
void checkIntegers(RuleContext& context, const dbstatic::Record& record) {
    for (const dbstatic::FieldValue& set : record.setFields()) {
        const dbstatic::FieldDef& field = record.type().field(set.field);
        if (!isInteger(field.type)) continue;
        std::uint64_t bits = 0;
        if (dbstatic::parseInteger(field.type, set.value(), true, bits) !=
            dbstatic::ConvertError::Overflow)
            continue;
        const std::optional<std::string> stored = context.db().getString(record, field);
        context.report("int-truncated", record,
                       "field " + std::string(field.name) + " of " + std::string(record.name()) +
                           " is " + std::string(set.value()) + ", which does not fit a " +
                           std::string(dbstatic::dbfTypeName(field.type)) + ": EPICS stores " +
                           stored.value_or("?"),
                       {}, field.name);
    }
}

// The record FLNK leads to in this IOC, or null.
const dbstatic::Record* forwardOf(const RuleContext& context, const dbstatic::Record& record) {
    const dbstatic::FieldDef* flnk = record.type().findField("FLNK");
    if (!flnk) return nullptr;
    const std::optional<std::string_view> text = record.real().storedValue(flnk->index);
    if (!text || text->empty()) return nullptr;
    dbstatic::ParsedLink link;
    if (!dbstatic::parseLink(
            *text, dbstatic::DbfType::FwdLink, [](std::string_view) { return false; }, link) ||
        link.type != dbstatic::LinkType::PvLink)
        return nullptr;
    const dbstatic::Record* next =
        context.db().findRecord(link.text.substr(0, link.text.find('.')));
    return next ? &next->real() : nullptr;
}

// Whether the record lies on a forward-link loop. Each record has one FLNK, so the records
// form chains that end or fall into one loop: a walk marks what it passes, and a record is
// looked at once however many chains run through it (linear in the records).
bool onForwardLoop(RuleContext& context, const dbstatic::Record& record) {
    auto& state = context.forwardLoops;
    if (auto it = state.find(&record); it != state.end()) return it->second == 2;
    std::vector<const dbstatic::Record*> walk;
    const dbstatic::Record* at = &record;
    // 1: on the current walk, 2: on a loop, 3: not on a loop.
    while (at && !state.contains(at)) {
        state[at] = 1;
        walk.push_back(at);
        at = forwardOf(context, *at);
    }
    const bool closesLoop = at && state[at] == 1;
    bool onLoop = closesLoop;
    for (auto it = walk.rbegin(); it != walk.rend(); ++it) {
        state[*it] = onLoop ? 2 : 3;
        if (closesLoop && *it == at) onLoop = false; // the records before it only lead there
    }
    return state[&record] == 2;
}

void checkPiniLoop(RuleContext& context, const dbstatic::Record& record) {
    const dbstatic::FieldDef* piniField = record.type().findField("PINI");
    if (!piniField || !record.real().storedValue(piniField->index)) return;
    const std::optional<std::string> pini = value(context, record, "PINI");
    if (!pini || *pini == "NO" || pini->empty()) return;
    if (!onForwardLoop(context, record.real())) return;
    // The loop, shortened when it is long (a note per record must stay small).
    std::string path(record.name());
    std::size_t hops = 0;
    for (const dbstatic::Record* at = forwardOf(context, record); at && at != &record.real();
         at = forwardOf(context, *at)) {
        if (++hops > 8) {
            path += " -> ...";
            break;
        }
        path += " -> " + std::string(at->name());
    }
    path += " -> " + std::string(record.real().name());
    context.report("pini-loop", record,
                   "record " + std::string(record.name()) + " has PINI \"" + *pini +
                       "\" and its forward links lead back to it",
                   {path});
}
} // namespace

void checkRecord(RuleContext& context, const dbstatic::Record& record) {
    checkScan(context, record);
    checkConversion(context, record);
    checkPiniLoop(context, record);
    checkIntegers(context, record);
}

} // namespace epicsdb::lint
