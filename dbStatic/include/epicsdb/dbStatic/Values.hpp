// Field value semantics of EPICS dbStaticLib (EPICS-BEHAVIOUR 4): parsing and checking a value
// for a DBF type, and printing it back the way dbGetString does. Pure functions, no database:
// the hot path of every field put, written for speed (no heap allocation on success).
#pragma once

#include <epicsdb/dbStatic/Types.hpp>
#include <epicsdb/export.h>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace epicsdb::dbstatic {

// Why a numeric conversion failed (EPICS S_stdlib_xxx codes).
enum class ConvertError : std::uint8_t {
    None,
    NoDigits,   // "No digits to convert"
    Extraneous, // "Extraneous characters"
    Overflow,   // "Too large to represent"
    Underflow,  // "Too small to represent"
    BadBase,    // "Number base not supported"
};
// The dbPutString error text (EPICS-BEHAVIOUR 4.1 table).
EPICSDB_API std::string_view convertErrorText(ConvertError error) noexcept;
// The dbVerify wording (EPICS-BEHAVIOUR 4.7): "Not a valid integer", "Number too large for field
// type", ...
EPICSDB_API std::string_view verifyErrorText(ConvertError error) noexcept;

// Whether a value holds a macro reference, "$(" or "${": EPICS refuses such a value in any
// field ("Bad Field value"); a template checked alone keeps it as written.
EPICSDB_API bool hasMacroReference(std::string_view value) noexcept;

// Integer field put (EPICS-BEHAVIOUR 4.2). Skips leading/trailing whitespace, automatic base (0x
// hex, leading 0 octal), optional sign. The empty string means 0 (dbPutStringNum); an all-blank one
// is "No digits to convert", as in EPICS. dbVerify and dbIsDefaultValue have no empty string rule:
// callers emulating them treat "" as NoDigits themselves. Lax mode: parse as 64-bit (signed or
// unsigned, '-' wrapping for unsigned) and truncate silently to the field width; only 64-bit
// overflow is an error. Strict mode (dbConvertStrict, dbVerify): range checked for the exact width
// as EPICS-BEHAVIOUR 4.2 describes. Errors are reported in EPICS's order: NoDigits, Overflow (even
// with junk after the digits), Extraneous. On success `bits` receives the value truncated to the
// field width, sign-extended for signed types; on error it is left alone. `type` is any integer
// DbfType or Enum (MENU and DEVICE read as USHORT).
EPICSDB_API ConvertError parseInteger(DbfType type, std::string_view text, bool strict,
                                      std::uint64_t& bits) noexcept;

// FLOAT/DOUBLE field put (EPICS-BEHAVIOUR 4.2): glibc strtod syntax in the C locale (decimal, hex
// floats, inf/infinity/nan/nan(...) in any case), the empty string means 0 (as above), FLOAT
// underflow/overflow rules. (quirk) glibc reports an inexact subnormal result with ERANGE,
// which EPICS turns into Overflow ("1e-310" is "Too large to represent"). On success `value`
// receives the double (for FLOAT, the value as a float would hold it); on error it is left
// alone. Any type other than Float parses as DOUBLE.
EPICSDB_API ConvertError parseFloat(DbfType type, std::string_view text, double& value) noexcept;

// strtod in the C locale, as glibc reads it (syntax, rounding), over a view: the number at the
// start of `text` after blanks, and the characters it took (0: no number, `value` untouched).
// For readers that, like EPICS's epicsScanDouble, ignore what follows the number.
EPICSDB_API std::size_t scanDoublePrefix(std::string_view text, double& value) noexcept;

// Menu/DEVICE numeric fallback (EPICS-BEHAVIOUR 4.2 step 2): epicsParseUInt16, any base, a negative
// value wrapping when its magnitude fits ("-1" is 65535). Returns false when the text is not
// such a number. "" gives 0 (EPICS turns an empty value into "0" before matching choices).
EPICSDB_API bool parseMenuIndex(std::string_view text, std::uint16_t& index) noexcept;

// dbGetString of an integer field (EPICS-BEHAVIOUR 4.5): decimal, or with `hex` (base(HEX)) "0x"
// and lowercase digits; in hex, negative CHAR/SHORT/LONG show their 32-bit two's complement and a
// negative INT64 is "-0x..." (cvtInt64ToHexString); UINT64 from only its low 32 bits (quirk).
// `bits` as parseInteger produces it. Appends to `out`.
EPICSDB_API void formatInteger(DbfType type, std::uint64_t bits, bool hex, std::string& out);
// dbGetString of FLOAT (precision 6) and DOUBLE (precision 14), the EPICS custom formatter of
// EPICS-BEHAVIOUR 4.5, byte for byte. For FLOAT the value is first rounded to float. NaN prints
// "nan" or
// "-nan" after its sign bit, as printf does. Appends to `out`.
EPICSDB_API void formatFloat(DbfType type, double value, std::string& out);

// ---- Links (EPICS-BEHAVIOUR 4.3)
// --------------------------------------------------------------------

enum class MaxSeverity : std::uint8_t { NMS, MS, MSI, MSS };

struct ParsedLink {
    LinkType type = LinkType::Constant;
    // CONSTANT: the stripped text; PV_LINK: the PV name; INST_IO and hardware links: the
    // parameter after '@'; JSON_LINK: the stripped text as written.
    std::string_view text;
    // PV_LINK modifiers after the per-field-type filter (OUTLINK drops CPP, FWDLINK keeps CA).
    bool pp = false, ca = false, cp = false, cpp = false;
    MaxSeverity severity = MaxSeverity::NMS;
    // Hardware address numbers in the order of the letters (C,S for VME_IO; B,C,N,A,F ...),
    // each as scanf's %i stores it into an int; unused ones are 0.
    std::array<std::int64_t, 5> hw{};
    std::uint8_t hwCount = 0;     // how many letters were given (VXI_IO: 3 = VCS, 2 = VS)
    bool isArrayConstant = false; // CONSTANT written as [ ... ]
};

// dbParseLink: classify and split a link field value. `field` is InLink, OutLink or FwdLink.
// `isJsonLinkType(name)` says whether a JSON link type of that name was declared with link()
// in the definitions (an empty function declares none); a JSON link whose outer key is not
// one, or that has a second outer key, is rejected, and so is any yajl (JSON5) syntax error.
// What link support itself would refuse is not known here and is accepted. Returns false
// ("Bad Field value") on a syntax error; `message` (if given) then receives the reason (the
// EPICS errlog text for JSON links, e.g. "dbJLinkInit: Link type 'x' not found"). The views
// in `out` point into `text`. Allocates nothing except for a message or an escaped JSON key.
EPICSDB_API bool parseLink(std::string_view text, DbfType field,
                           const std::function<bool(std::string_view)>& isJsonLinkType,
                           ParsedLink& out, std::string* message = nullptr);

// The dbGetString form of a link after iocInit (EPICS-BEHAVIOUR 4.5), e.g. "x1 NPP NMS", "#C1 S2
// @parm". Hardware numbers print narrowed to their link.h member types (short; unsigned char for
// BITBUS_IO and BBGPIB_IO). A FwdLink has no form for hardware or INST_IO links (EPICS
// returns NULL): nothing is appended.
EPICSDB_API void formatLink(const ParsedLink& link, DbfType field, std::string& out);

// ---- Strings -----------------------------------------------------------------------------

// The setter's unquoting of a field or info value (EPICS-BEHAVIOUR 3.2, last bullet): when `value`
// is wrapped in a pair of matching quotes they are removed and C escapes are translated
// (\a \b \f \n \r \t \v \\ \' \" \0, \x with one or two hex digits; any other escaped
// character stands for itself, so \u0041 is "u0041"); an unquoted value is appended as it is.
// EPICS holds the result in a C string, so a NUL (from \0 or \x00) ends it. Appends to `out`.
EPICSDB_API void unescapeValue(std::string_view value, std::string& out);

// The value a field or info statement hands its setter, from its argument as written
// (`quoted`: a JSON string, quotes and all): without escapes, a view into `written` (the
// quotes dropped); with them, unescapeValue's text in `scratch` (replaced). Inline: the
// reader asks for every field statement.
inline std::string_view setterText(std::string_view written, bool quoted, std::string& scratch) {
    if (written.find('\\') == std::string_view::npos)
        return quoted && written.size() >= 2 ? written.substr(1, written.size() - 2) : written;
    scratch.clear();
    unescapeValue(written, scratch);
    return scratch;
}

// dbWriteRecord escaping (EPICS-BEHAVIOUR 4.6, epicsStrPrintEscaped): \a \b \f \n \r \t \v \\ \'
// \", other bytes outside 0x20-0x7e as \xhh (lowercase). Appends to `out`.
EPICSDB_API void appendEscaped(std::string_view value, std::string& out);

// ---- CALC expressions ----------------------------------------------------------------------

// The postfix compiler's check of an SPC_CALC field: empty string when the expression is
// valid, otherwise the EPICS error text (e.g. "Syntax error", "Bad operand"...).
EPICSDB_API std::string_view checkCalcExpression(std::string_view expression);

} // namespace epicsdb::dbstatic
