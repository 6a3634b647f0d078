#include "LinkRules.hpp"

#include <epicsdb/dbStatic/Values.hpp>
#include <epicsdb/support/Glob.hpp>

#include <array>

namespace epicsdb::lint {

namespace {
using dbstatic::DbfType;

// Findings about a link are at its field() line.
struct FieldReporter {
    RuleContext& context;
    const dbstatic::Record& record;
    const dbstatic::FieldDef& field;
    void operator()(std::string_view code, std::string message,
                    std::vector<std::string> notes = {}) const {
        context.report(code, record, std::move(message), std::move(notes), field.name);
    }
};
using dbstatic::LinkType;

bool isHardware(LinkType type) {
    switch (type) {
    case LinkType::VmeIo:
    case LinkType::CamacIo:
    case LinkType::AbIo:
    case LinkType::GpibIo:
    case LinkType::BitbusIo:
    case LinkType::InstIo:
    case LinkType::BbgpibIo:
    case LinkType::RfIo:
    case LinkType::VxiIo:
        return true;
    default:
        return false;
    }
}

// The words of a link (the PV name, then its modifiers); at most 16 are looked at.
struct Words {
    std::array<std::string_view, 16> items{};
    std::size_t count = 0;
    [[nodiscard]] std::size_t size() const noexcept { return count; }
    [[nodiscard]] std::string_view operator[](std::size_t i) const noexcept { return items[i]; }
};

Words words(std::string_view text) {
    Words out;
    std::size_t i = 0;
    while (i < text.size() && out.count < out.items.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
            ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\t')
            ++i;
        if (i > start) out.items[out.count++] = text.substr(start, i - start);
    }
    return out;
}

// The modifiers written after the PV name, as the user wrote them.
void checkModifiers(RuleContext& context, const dbstatic::Record& record,
                    const dbstatic::FieldDef& field, std::string_view text) {
    const FieldReporter report{context, record, field};
    // Most links have no modifier: nothing is made for them.
    const std::string_view trimmedText =
        text.substr(std::min(text.find_first_not_of(" \t"), text.size()));
    if (trimmedText.find_first_of(" \t") == std::string_view::npos) return;
    const Words all = words(text);
    constexpr std::array kKnown{"NPP", "PP", "CA", "CP", "CPP", "NMS", "MS", "MSI", "MSS"};
    // Within a group, one modifier at most: NPP/PP, CP/CPP, NMS/MS/MSI/MSS.
    std::array<std::string_view, 3> groups{};
    std::array<std::string_view, 9> seen{};
    std::size_t seenCount = 0;
    auto where = [&] { return std::string(field.name) + " of " + std::string(record.name()); };
    for (std::size_t i = 1; i < all.size(); ++i) {
        const std::string_view word = all[i];
        if (std::find(kKnown.begin(), kKnown.end(), word) == kKnown.end()) {
            report("link-mod", "unknown link modifier \"" + std::string(word) + "\" in " + where(),
                   {"modifiers are NPP, PP, CA, CP, CPP and NMS, MS, MSI, MSS"});
            continue;
        }
        if (std::find(seen.begin(), seen.begin() + seenCount, word) != seen.begin() + seenCount) {
            report("link-mod",
                   "link modifier \"" + std::string(word) + "\" given twice in " + where());
            continue;
        }
        seen[seenCount++] = word;
        const bool isSeverity = word == "NMS" || word == "MS" || word == "MSI" || word == "MSS";
        const int group = word == "NPP" || word == "PP"   ? 0
                          : word == "CP" || word == "CPP" ? 1
                          : isSeverity                    ? 2
                                                          : -1;
        if (group >= 0) {
            std::string_view& slot = groups[static_cast<std::size_t>(group)];
            if (!slot.empty()) {
                report("link-mod", "link modifiers \"" + std::string(slot) + "\" and \"" +
                                       std::string(word) + "\" contradict each other in " +
                                       where());
                continue;
            }
            slot = word;
        }
        if ((word == "CP" || word == "CPP") && field.type != DbfType::InLink)
            report("link-mod",
                   "\"" + std::string(word) + "\" applies to input links only, not to " + where());
    }
}

// "rec.FIELD$", "rec.VAL{...}" (channel filters): the record and the field named.
void splitTarget(std::string_view pv, std::string_view& record, std::string_view& field) {
    const std::size_t brace = pv.find('{');
    if (brace != std::string_view::npos) pv = pv.substr(0, brace);
    const std::size_t dot = pv.find('.');
    record = pv.substr(0, dot);
    field = dot == std::string_view::npos ? std::string_view() : pv.substr(dot + 1);
    if (!field.empty() && field.back() == '$') field.remove_suffix(1);
}

void checkTarget(RuleContext& context, const dbstatic::Record& record,
                 const dbstatic::FieldDef& field, std::string_view pv) {
    const FieldReporter report{context, record, field};
    std::string_view targetName, targetField;
    splitTarget(pv, targetName, targetField);
    if (targetName.empty()) return;
    if (context.isExternal(pv) || context.isExternal(targetName)) return;
    const LintTarget* where = nullptr;
    const dbstatic::Record* target = context.findTarget(targetName, &where);
    auto link = [&] { return std::string(field.name) + " of " + std::string(record.name()); };
    if (!target) {
        // A name made with a macro (a template checked alone) is the startup script's to say.
        if (dbstatic::hasMacroReference(targetName)) return;
        report("ext-link",
               link() + " names record \"" + std::string(targetName) + "\", which is not defined",
               {"declare it with #: external(\"" + std::string(targetName) +
                "\") or -x if another IOC has it"});
        return;
    }
    if (targetField.empty()) return;
    const dbstatic::RecordType& type = target->type();
    if (type.findField(targetField) || type.findAttribute(targetField)) return;
    report("link-field", link() + " names field \"" + std::string(targetField) + "\" of \"" +
                             std::string(targetName) + "\", but record type \"" +
                             std::string(type.name()) + "\" has no such field");
}

void checkHardware(RuleContext& context, const dbstatic::Record& record,
                   const dbstatic::FieldDef& field, const dbstatic::ParsedLink& link) {
    const FieldReporter report{context, record, field};
    const dbstatic::RecordType& type = record.type();
    const dbstatic::FieldDef* dtyp = type.dtypField();
    if (!dtyp || type.devices().empty()) return;
    // DTYP as stored (a choice string) or, unset, the first device support.
    const std::optional<std::string_view> stored = record.real().storedValue(dtyp->index);
    if (stored && dbstatic::hasMacroReference(*stored)) return; // DTYP "$(DTYP)": not known
    std::optional<std::uint16_t> index = stored ? type.findDevice(*stored) : std::uint16_t{0};
    if (stored && !index) {
        const std::optional<std::string> choice = context.db().getString(record, *dtyp);
        if (choice) index = type.findDevice(*choice);
    }
    if (!index) return;
    const dbstatic::DeviceSupport& device = type.devices()[*index];
    const bool hardDevice = isHardware(device.linkType);
    const bool hardLink = isHardware(link.type);
    auto where = [&] { return std::string(field.name) + " of " + std::string(record.name()); };
    if (hardDevice && link.type != device.linkType &&
        !(link.type == LinkType::Constant && link.text.empty())) {
        report("hw-link", where() + " is a " + std::string(dbstatic::linkTypeName(link.type)) +
                              " link, but DTYP \"" + std::string(device.choice) + "\" expects " +
                              std::string(dbstatic::linkTypeName(device.linkType)));
    } else if (!hardDevice && hardLink) {
        report("hw-link", where() + " is a hardware address (" +
                              std::string(dbstatic::linkTypeName(link.type)) + "), but DTYP \"" +
                              std::string(device.choice) + "\" is soft device support");
    }
}
} // namespace

void checkLink(RuleContext& context, const dbstatic::Record& record,
               const dbstatic::FieldDef& field, std::string_view text) {
    dbstatic::ParsedLink link;
    const dbstatic::Database& db = context.db();
    const bool parsed = dbstatic::parseLink(
        text, field.type,
        [&](std::string_view name) { return db.findLinkSupport(name) != nullptr; }, link);
    if (!parsed) return; // check reports it
    if (field.isDeviceLink) checkHardware(context, record, field, link);
    if (link.type != LinkType::PvLink) return;
    checkModifiers(context, record, field, text);
    checkTarget(context, record, field, link.text);
}

} // namespace epicsdb::lint
