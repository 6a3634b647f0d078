#include "RecordRules.hpp"

#include <epicsdb/dbStatic/Values.hpp>

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

bool isZero(const std::optional<std::string>& text) {
    if (!text) return true;
    double number = 0;
    return dbstatic::parseFloat(dbstatic::DbfType::Double, *text, number) ==
               dbstatic::ConvertError::None &&
           number == 0;
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
    const std::optional<std::string> dtyp = context.db().getString(record, *type.dtypField());
    const std::optional<std::uint16_t> index = dtyp ? type.findDevice(*dtyp) : std::nullopt;
    if (!index || type.devices()[*index].linkType != dbstatic::LinkType::Constant) return;
    context.report("scan-io-intr", record,
                   "record " + std::string(record.name()) + " has SCAN \"I/O Intr\" with DTYP \"" +
                       *dtyp +
                       "\", soft device support that raises no interrupt: it never "
                       "processes");
}

void checkConversion(RuleContext& context, const dbstatic::Record& record) {
    const std::string_view type = record.type().name();
    if (type != "ai" && type != "ao") return;
    const std::optional<std::string> linr = value(context, record, "LINR");
    if (linr == "LINEAR") {
        if (isZero(value(context, record, "EGUF")) && isZero(value(context, record, "EGUL")))
            context.report("linr-conversion", record,
                           "record " + std::string(record.name()) +
                               " has LINR \"LINEAR\" but EGUF and EGUL are both 0: every raw "
                               "value converts to 0");
    } else if (linr == "SLOPE") {
        const std::optional<std::string> eslo = value(context, record, "ESLO");
        double slope = 1;
        const bool defaultSlope =
            !eslo || (dbstatic::parseFloat(dbstatic::DbfType::Double, *eslo, slope) ==
                          dbstatic::ConvertError::None &&
                      slope == 1);
        if (defaultSlope && isZero(value(context, record, "EOFF")))
            context.report("linr-conversion", record,
                           "record " + std::string(record.name()) +
                               " has LINR \"SLOPE\" but ESLO and EOFF keep their defaults (1 "
                               "and 0): the conversion changes nothing");
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

void checkPiniLoop(RuleContext& context, const dbstatic::Record& record) {
    const dbstatic::FieldDef* piniField = record.type().findField("PINI");
    if (!piniField || (!record.real().storedValue(piniField->index) && !piniField->hasInitial))
        return;
    const std::optional<std::string> pini = value(context, record, "PINI");
    if (!pini || *pini == "NO" || pini->empty()) return;
    const dbstatic::Record* current = &record;
    std::unordered_set<const dbstatic::Record*> visited{&record.real()};
    std::string path(record.name());
    for (;;) {
        const std::optional<std::string> flnk = value(context, *current, "FLNK");
        if (!flnk || flnk->empty()) return;
        dbstatic::ParsedLink link;
        if (!dbstatic::parseLink(
                *flnk, dbstatic::DbfType::FwdLink, [](std::string_view) { return false; }, link) ||
            link.type != dbstatic::LinkType::PvLink)
            return;
        const std::string_view name = link.text.substr(0, link.text.find('.'));
        const dbstatic::Record* next = context.db().findRecord(name);
        if (!next) return;
        path += " -> " + std::string(next->real().name());
        if (&next->real() == &record.real()) {
            context.report("pini-loop", record,
                           "record " + std::string(record.name()) + " has PINI \"" + *pini +
                               "\" and its forward links lead back to it",
                           {path});
            return;
        }
        if (!visited.insert(&next->real()).second) return; // a loop that does not include it
        current = &next->real();
    }
}
} // namespace

void checkRecord(RuleContext& context, const dbstatic::Record& record) {
    checkScan(context, record);
    checkConversion(context, record);
    checkPiniLoop(context, record);
    checkIntegers(context, record);
}

} // namespace epicsdb::lint
