// dbGetString of a link field after iocInit (EPICS-BEHAVIOUR 4.5). The hardware numbers print at
// the width of their link.h members (short, or unsigned char for the bitbus forms).
#include <epicsdb/dbStatic/Values.hpp>

#include "IntegerTextPvt.hpp"

namespace epicsdb::dbstatic {

namespace {

// "#C%d S%d ..." over the first `count` numbers, each narrowed like its struct member.
template <typename Narrow>
void appendAddress(const ParsedLink& link, std::string_view letters, std::string& out) {
    out.push_back('#');
    for (std::size_t i = 0; i < letters.size(); ++i) {
        if (i > 0) out.push_back(' ');
        out.push_back(letters[i]);
        appendInteger(static_cast<Narrow>(link.hw[i]), out);
    }
}

void appendParameter(const ParsedLink& link, std::string& out) {
    out.append(" @");
    out.append(link.text);
}

constexpr std::string_view severityText(MaxSeverity severity) {
    switch (severity) {
    case MaxSeverity::NMS:
        return " NMS";
    case MaxSeverity::MS:
        return " MS";
    case MaxSeverity::MSI:
        return " MSI";
    case MaxSeverity::MSS:
        return " MSS";
    }
    return " NMS";
}

} // namespace

void formatLink(const ParsedLink& link, DbfType field, std::string& out) {
    switch (link.type) {
    case LinkType::Constant:
    case LinkType::MacroLink:
    case LinkType::JsonLink:
        out.append(link.text);
        return;
    case LinkType::PvLink:
    case LinkType::DbLink:
    case LinkType::CaLink:
        out.append(link.text);
        if (field == DbfType::FwdLink) {
            if (link.ca) out.append(" CA");
            return;
        }
        out.append(link.pp    ? " PP"
                   : link.ca  ? " CA"
                   : link.cp  ? " CP"
                   : link.cpp ? " CPP"
                              : " NPP");
        out.append(severityText(link.severity));
        return;
    case LinkType::PnLink:
        out.append(link.text);
        out.append(severityText(link.severity));
        return;
    default:
        break;
    }
    // A forward link has no string form for the hardware and instrument types.
    if (field == DbfType::FwdLink) return;
    switch (link.type) {
    case LinkType::InstIo:
        out.push_back('@');
        out.append(link.text);
        return;
    case LinkType::VmeIo:
        appendAddress<std::int16_t>(link, "CS", out);
        appendParameter(link, out);
        return;
    case LinkType::CamacIo:
        // All five numbers are printed whichever of B C N [A] [F] were given.
        appendAddress<std::int16_t>(link, "BCNAF", out);
        appendParameter(link, out);
        return;
    case LinkType::RfIo:
        appendAddress<std::int16_t>(link, "RMDE", out);
        return;
    case LinkType::AbIo:
        appendAddress<std::int16_t>(link, "LACS", out);
        appendParameter(link, out);
        return;
    case LinkType::GpibIo:
        appendAddress<std::int16_t>(link, "LA", out);
        appendParameter(link, out);
        return;
    case LinkType::BitbusIo:
        appendAddress<std::uint8_t>(link, "LNPS", out);
        appendParameter(link, out);
        return;
    case LinkType::BbgpibIo:
        appendAddress<std::uint8_t>(link, "LBG", out);
        appendParameter(link, out);
        return;
    case LinkType::VxiIo:
        appendAddress<std::int16_t>(link, link.hwCount == 3 ? "VCS" : "VS", out);
        appendParameter(link, out);
        return;
    default:
        return;
    }
}

} // namespace epicsdb::dbstatic
