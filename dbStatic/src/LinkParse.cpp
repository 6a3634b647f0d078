// dbParseLink (EPICS-BEHAVIOUR 4.3): classifies a link field value as INST_IO, JSON_LINK, a
// hardware address, CONSTANT or PV_LINK and splits it. Runs for every link put, so the common PV
// and constant cases allocate nothing.
#include <epicsdb/dbStatic/Values.hpp>

#include "JsonLinkCheckPvt.hpp"
#include "NumberParsePvt.hpp"
#include "NumberScanPvt.hpp"

#include <epicsdb/CharClass.hpp>

#include <array>

namespace epicsdb::dbstatic {

namespace {

bool failWith(std::string* message, std::string_view first, std::string_view second = {},
              std::string_view third = {}) {
    if (message) {
        message->assign(first);
        message->append(second);
        message->append(third);
    }
    return false;
}

struct HardwareForm {
    std::string_view letters;
    LinkType type;
};

// Letter sequences dbParseLink accepts after '#', and the link type each selects.
constexpr std::array<HardwareForm, 12> hardwareForms{{
    {"CS", LinkType::VmeIo},
    {"BCN", LinkType::CamacIo},
    {"BCNA", LinkType::CamacIo},
    {"BCNF", LinkType::CamacIo},
    {"BCNAF", LinkType::CamacIo},
    {"RMDE", LinkType::RfIo},
    {"LACS", LinkType::AbIo},
    {"LA", LinkType::GpibIo},
    {"LNPS", LinkType::BitbusIo},
    {"LBG", LinkType::BbgpibIo},
    {"VCS", LinkType::VxiIo},
    {"VS", LinkType::VxiIo},
}};

// The hardware address forms: what sscanf(text, "# %c%i %c%i %c%i %c%i %c%i %c") reads, with
// glibc's %i (automatic base, the value kept as an int), then the letters looked up.
bool parseHardware(std::string_view link, ParsedLink& out, std::string* message) {
    std::string_view address = link;
    const std::size_t at = link.find('@');
    if (at != std::string_view::npos) address = link.substr(0, at);

    std::array<char, 5> letters{};
    int assigned = 0;
    std::size_t pos = 1; // after the '#'
    for (std::size_t pair = 0; pair < letters.size(); ++pair) {
        while (pos < address.size() && chars::isSpace(address[pos]))
            ++pos;
        if (pos >= address.size()) break;
        letters[pair] = address[pos++];
        ++assigned;
        const scan::ScannedInteger number = scan::scanInteger(address, pos, scan::HexPrefix::Scanf);
        if (!number.digits) break;
        out.hw[pair] = static_cast<std::int32_t>(scan::toSigned(number).value);
        pos = number.end;
        ++assigned;
    }
    if (assigned == 10) {
        while (pos < address.size() && chars::isSpace(address[pos]))
            ++pos;
        if (pos < address.size()) ++assigned; // the trailing %c caught something before the '@'
    }
    if (assigned == 0 || assigned % 2 != 0 || assigned > 10)
        return failWith(message, "bad hardware address '", address,
                        "': expected 1 to 5 letter and number pairs");

    const std::string_view found(letters.data(), static_cast<std::size_t>(assigned / 2));
    for (const HardwareForm& form : hardwareForms) {
        if (form.letters != found) continue;
        if (form.type == LinkType::RfIo && at != std::string_view::npos)
            return failWith(message, "an RF_IO address takes no '@' parameter");
        out.type = form.type;
        out.hwCount = static_cast<std::uint8_t>(found.size());
        if (at != std::string_view::npos) out.text = link.substr(at + 1);
        return true;
    }
    return failWith(message, "unknown hardware address letters '", found, "'");
}

std::string_view trimmed(std::string_view text) noexcept {
    std::size_t first = 0, last = text.size();
    while (first < last && chars::isSpace(text[first]))
        ++first;
    while (last > first && chars::isSpace(text[last - 1]))
        --last;
    return text.substr(first, last - first);
}

// A PV name runs to the first space (tabs do not separate); the rest is searched for the
// modifier names as substrings, the longer names first.
void parsePvLink(std::string_view link, DbfType field, ParsedLink& out) {
    out.type = LinkType::PvLink;
    const std::size_t space = link.find(' ');
    out.text = link.substr(0, space);
    if (space == std::string_view::npos) return;
    const std::string_view modifiers = link.substr(space + 1);
    // Inline (modifiers are a few letters, a find() call per name cost more than the search).
    auto has = [modifiers](std::string_view name) {
        for (std::size_t i = 0; i + name.size() <= modifiers.size(); ++i)
            if (modifiers[i] == name[0] && modifiers.substr(i, name.size()) == name) return true;
        return false;
    };
    if (has("NPP")) {
        // explicitly no processing modifier
    } else if (has("CPP")) {
        out.cpp = true;
    } else if (has("PP")) {
        out.pp = true;
    } else if (has("CA")) {
        out.ca = true;
    } else if (has("CP")) {
        out.cp = true;
    }

    if (has("NMS"))
        out.severity = MaxSeverity::NMS;
    else if (has("MSI"))
        out.severity = MaxSeverity::MSI;
    else if (has("MSS"))
        out.severity = MaxSeverity::MSS;
    else if (has("MS"))
        out.severity = MaxSeverity::MS;

    if (field == DbfType::OutLink) {
        out.cpp = false;
    } else if (field == DbfType::FwdLink) {
        // A forward link keeps only CA, and no maximize-severity mode either.
        out.pp = out.cp = out.cpp = false;
        out.severity = MaxSeverity::NMS;
    }
}

} // namespace

bool parseLink(std::string_view text, DbfType field,
               const std::function<bool(std::string_view)>& isJsonLinkType, ParsedLink& out,
               std::string* message) {
    out = ParsedLink{};
    const std::string_view link = trimmed(text);

    if (!link.empty() && link.front() == '@') {
        out.type = LinkType::InstIo;
        out.text = link.substr(1);
        return true;
    }
    if (!link.empty() && link.front() == '{' && link.back() == '}') {
        if (!checkJsonLink(link, isJsonLinkType, message)) return false;
        out.type = LinkType::JsonLink;
        out.text = link;
        return true;
    }
    if (!link.empty() && link.front() == '#') {
        ParsedLink hardware;
        if (!parseHardware(link, hardware, message)) return false;
        out = hardware;
        return true;
    }

    // A constant is empty or exactly one number; "1e999" or "0.1a" is not.
    double number = 0;
    if (link.empty() || parseDoubleText(link, number) == ConvertError::None) {
        out.type = LinkType::Constant;
        out.text = link;
        return true;
    }
    if (link.front() == '[' && link.back() == ']') {
        out.type = LinkType::Constant;
        out.text = link;
        out.isArrayConstant = true;
        return true;
    }
    parsePvLink(link, field, out);
    return true;
}

} // namespace epicsdb::dbstatic
