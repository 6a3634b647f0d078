// Field values compared in canonical form, with dbStatic's value rules (see FieldCompare.hpp).
#include <epicsdb/diff/FieldCompare.hpp>

#include <epicsdb/CharClass.hpp>
#include <epicsdb/dbStatic/Values.hpp>

#include <cmath>
#include <optional>
#include <string>

namespace epicsdb::diff {

namespace {
using dbstatic::DbfType;

std::optional<std::uint64_t> integerValue(DbfType type, std::string_view text) {
    std::uint64_t bits = 0;
    if (dbstatic::parseInteger(type, text, false, bits) != dbstatic::ConvertError::None)
        return std::nullopt;
    return bits;
}

std::optional<double> floatValue(DbfType type, std::string_view text) {
    double value = 0;
    if (dbstatic::parseFloat(type, text, value) != dbstatic::ConvertError::None)
        return std::nullopt;
    return value;
}

bool sameNumber(double a, double b) {
    return a == b || (std::isnan(a) && std::isnan(b));
}

// The choice string a menu field's text selects (as dbGetString prints it); nothing when the
// text selects none.
std::optional<std::string_view> menuChoice(const dbstatic::FieldDef& field, std::string_view text) {
    if (!field.menu) return std::nullopt;
    const auto choices = field.menu->choices();
    std::uint16_t index = 0;
    if (const auto match = field.menu->findValue(text))
        index = *match;
    else if (!dbstatic::parseMenuIndex(text, index))
        return std::nullopt;
    if (index >= choices.size()) return std::nullopt;
    return choices[index].value;
}

// The device support choice (DTYP string) a DEVICE field's text selects.
std::optional<std::string_view> deviceChoice(const dbstatic::RecordType& type,
                                             std::string_view text) {
    const auto devices = type.devices();
    std::uint16_t index = 0;
    if (const auto match = type.findDevice(text))
        index = *match;
    else if (!dbstatic::parseMenuIndex(text, index))
        return std::nullopt;
    if (index >= devices.size()) return std::nullopt;
    return devices[index].choice;
}

std::optional<dbstatic::ParsedLink> parsedLink(const FieldSide& side) {
    dbstatic::ParsedLink link;
    const bool ok = dbstatic::parseLink(
        side.text, side.field.type,
        [&](std::string_view name) { return side.database.findLinkSupport(name) != nullptr; },
        link);
    if (!ok) return std::nullopt;
    return link;
}

// A bare word of a JSON link's text: what the scanner reads as one in a value
// (chars::isJsonWordChar), and '$', which JSON5 identifiers may hold.
bool isBareWordChar(char c) noexcept {
    return chars::isJsonWordChar(c) || c == '$';
}

// A JSON link's text in one spelling of what yajl (JSON5) reads the same: bare keys and words
// and 'single-quoted' strings "double-quoted", blanks outside strings dropped. Numbers stay as
// written.
std::string canonicalJson(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 8);
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c == '"' || c == '\'') {
            out += '"';
            std::size_t j = i + 1;
            for (; j < text.size() && text[j] != c; ++j) {
                if (text[j] == '\\' && j + 1 < text.size()) {
                    out += text[j];
                    out += text[++j];
                    continue;
                }
                if (text[j] == '"') out += '\\';
                out += text[j];
            }
            out += '"';
            i = j + 1;
        } else if (chars::isSpace(c)) {
            ++i;
        } else if (chars::isAlpha(c) || c == '_' || c == '$') {
            std::size_t j = i;
            while (j < text.size() && isBareWordChar(text[j]))
                ++j;
            const std::string_view word = text.substr(i, j - i);
            const bool literal = word == "true" || word == "false" || word == "null" ||
                                 word == "NaN" || word == "Infinity";
            if (literal)
                out += word;
            else
                out.append(1, '"').append(word).append(1, '"');
            i = j;
        } else {
            out += c;
            ++i;
        }
    }
    return out;
}

bool sameLink(const dbstatic::ParsedLink& a, const dbstatic::ParsedLink& b) {
    if (a.type == b.type && a.text != b.text) {
        // A constant that is a number is that number ("1.5" is "1.50"); a JSON link is what
        // yajl reads ({const: 1.5} is {"const":1.5}).
        if (a.type == dbstatic::LinkType::Constant && !a.isArrayConstant && !b.isArrayConstant) {
            const auto x = floatValue(DbfType::Double, a.text);
            const auto y = floatValue(DbfType::Double, b.text);
            if (!x || !y || !sameNumber(*x, *y)) return false;
        } else if (a.type == dbstatic::LinkType::JsonLink) {
            if (canonicalJson(a.text) != canonicalJson(b.text)) return false;
        } else {
            return false;
        }
        return a.pp == b.pp && a.ca == b.ca && a.cp == b.cp && a.cpp == b.cpp &&
               a.severity == b.severity && a.isArrayConstant == b.isArrayConstant;
    }
    return a.type == b.type && a.text == b.text && a.pp == b.pp && a.ca == b.ca && a.cp == b.cp &&
           a.cpp == b.cpp && a.severity == b.severity && a.hwCount == b.hwCount && a.hw == b.hw &&
           a.isArrayConstant == b.isArrayConstant;
}

template <class T>
bool sameOrExact(const std::optional<T>& a, const std::optional<T>& b, std::string_view textA,
                 std::string_view textB, bool (*same)(const T&, const T&)) {
    if (a && b) return same(*a, *b);
    return textA == textB; // a value its rules refuse is compared as written
}
} // namespace

bool sameFieldValue(const FieldSide& a, const FieldSide& b) {
    // The fast path of a whole-database diff: most values are written the same way.
    if (a.text == b.text && a.field.type == b.field.type) return true;
    if (a.field.type != b.field.type) return a.text == b.text;
    const DbfType type = a.field.type;
    if (dbstatic::isIntegerType(type) || type == DbfType::Enum)
        return sameOrExact<std::uint64_t>(
            integerValue(type, a.text), integerValue(type, b.text), a.text, b.text,
            [](const std::uint64_t& x, const std::uint64_t& y) { return x == y; });
    if (dbstatic::isFloatType(type))
        return sameOrExact<double>(
            floatValue(type, a.text), floatValue(type, b.text), a.text, b.text,
            [](const double& x, const double& y) { return sameNumber(x, y); });
    if (type == DbfType::Menu)
        return sameOrExact<std::string_view>(
            menuChoice(a.field, a.text), menuChoice(b.field, b.text), a.text, b.text,
            [](const std::string_view& x, const std::string_view& y) { return x == y; });
    if (type == DbfType::Device)
        return sameOrExact<std::string_view>(
            deviceChoice(a.type, a.text), deviceChoice(b.type, b.text), a.text, b.text,
            [](const std::string_view& x, const std::string_view& y) { return x == y; });
    if (dbstatic::isLinkType(type))
        return sameOrExact<dbstatic::ParsedLink>(parsedLink(a), parsedLink(b), a.text, b.text,
                                                 sameLink);
    return false; // strings (and anything else) exactly: the texts differ
}

} // namespace epicsdb::diff
