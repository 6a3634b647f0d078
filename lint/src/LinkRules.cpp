#include "LinkRules.hpp"

#include <epicsdb/dbStatic/Values.hpp>
#include <epicsdb/support/Glob.hpp>
#include <epicsdb/support/Similarity.hpp>

#include <algorithm>
#include <array>
#include <optional>

namespace epicsdb::lint {

namespace {
using dbstatic::DbfType;

// Findings about a link are at its field() line, found once for all of them.
struct FieldReporter {
    RuleContext& context;
    const dbstatic::Record& record;
    const dbstatic::FieldDef& field;
    mutable std::optional<SourceLocation> found{};
    const SourceLocation& at() const {
        if (!found) found = context.locationOf(record, field.name);
        return *found;
    }
    void operator()(std::string_view code, std::string message, std::vector<std::string> notes = {},
                    std::vector<FixIt> fixes = {}) const {
        context.reportAt(code, at(), std::move(message), std::move(notes), std::move(fixes));
    }
    // A fix-it on the `nth` (0-based) whole-word `word` of the field's line, after the field's
    // name: `replacement` in its place, or with `dropSpace`, the word and the blanks before it
    // removed. None when the line does not hold it so (a value made by macros, a link written
    // over several lines).
    [[nodiscard]] std::vector<FixIt> wordFix(std::string_view word, int nth,
                                             std::string replacement, std::string message,
                                             bool dropSpace = false) const {
        const SourceLocation& at = this->at();
        if (at.line == 0 || at.column == 0) return {};
        const std::string_view line = context.texts.text(at.file).line(at.line);
        auto boundary = [](char c) { return c == ' ' || c == '\t' || c == '"'; };
        std::size_t from = std::min<std::size_t>(at.column - 1, line.size());
        for (std::size_t found = line.find(word, from); found != std::string_view::npos;
             found = line.find(word, found + 1)) {
            const std::size_t end = found + word.size();
            if (found == 0 || !boundary(line[found - 1]) || end >= line.size() ||
                !boundary(line[end]) || nth-- > 0)
                continue;
            std::size_t begin = found;
            if (dropSpace)
                while (begin > 0 && (line[begin - 1] == ' ' || line[begin - 1] == '\t'))
                    --begin;
            FixIt fix;
            fix.message = std::move(message);
            fix.range = {at.file, at.line, static_cast<unsigned>(begin + 1), at.line,
                         static_cast<unsigned>(end + 1)};
            fix.replacement = std::move(replacement);
            return {std::move(fix)};
        }
        return {};
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
            // Offered only when one modifier is nearest: PPP is as near to PP as to NPP.
            std::string_view guess;
            double best = 0.5;
            int nearest = 0;
            for (const char* known : kKnown) {
                const double score = support::nameSimilarity(word, known);
                if (score > best) {
                    best = score;
                    guess = known;
                    nearest = 1;
                } else if (score == best) {
                    ++nearest;
                }
            }
            std::vector<FixIt> fixes;
            if (nearest == 1 && !guess.empty())
                fixes = report.wordFix(word, 0, std::string(guess),
                                       "did you mean \"" + std::string(guess) + "\"?");
            report("link-mod", "unknown link modifier \"" + std::string(word) + "\" in " + where(),
                   {"modifiers are NPP, PP, CA, CP, CPP and NMS, MS, MSI, MSS"}, std::move(fixes));
            continue;
        }
        if (std::find(seen.begin(), seen.begin() + seenCount, word) != seen.begin() + seenCount) {
            report("link-mod",
                   "link modifier \"" + std::string(word) + "\" given twice in " + where(), {},
                   report.wordFix(word, 1, "", "remove the second \"" + std::string(word) + "\"",
                                  true));
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
                   "\"" + std::string(word) + "\" applies to input links only, not to " + where(),
                   {}, report.wordFix(word, 0, "", "remove \"" + std::string(word) + "\"", true));
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
