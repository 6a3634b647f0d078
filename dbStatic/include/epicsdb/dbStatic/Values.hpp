// Field value semantics of EPICS dbStaticLib (SPEC.md section 4): parsing and checking a value
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
// The dbPutString error text (SPEC 4.1 table).
EPICSDB_API std::string_view convertErrorText(ConvertError error) noexcept;
// The dbVerify wording (SPEC 4.7): "Not a valid integer", "Number too large for field type", ...
EPICSDB_API std::string_view verifyErrorText(ConvertError error) noexcept;

// Integer field put (SPEC 4.2). Skips leading/trailing whitespace, automatic base (0x hex,
// leading 0 octal), optional sign; an empty or all-blank string means 0. Lax mode: parse as
// 64-bit (signed or unsigned, '-' wrapping for unsigned) and truncate silently to the field
// width; only 64-bit overflow is an error. Strict mode (dbConvertStrict, dbVerify): range
// checked for the exact width as SPEC 4.2 describes. `bits` receives the value truncated to
// the field width, sign-extended for signed types. `type` is any integer DbfType or Enum.
EPICSDB_API ConvertError parseInteger(DbfType type, std::string_view text, bool strict,
                                      std::uint64_t& bits) noexcept;

// FLOAT/DOUBLE field put (SPEC 4.2): strtod-like (decimal, hex, inf/infinity/nan in any case),
// blank means 0, FLOAT underflow/overflow rules. `value` receives the double (for FLOAT, the
// value as a float would hold it).
EPICSDB_API ConvertError parseFloat(DbfType type, std::string_view text, double& value) noexcept;

// Menu/DEVICE numeric fallback (SPEC 4.2 step 2): parse as an unsigned 16-bit integer in any
// base. Returns false when the text is not such a number.
EPICSDB_API bool parseMenuIndex(std::string_view text, std::uint16_t& index) noexcept;

// dbGetString of an integer field (SPEC 4.5): decimal, or with `hex` (base(HEX)) "0x" and
// lowercase digits; signed values as 32-bit two's complement except INT64; UINT64 from only
// its low 32 bits (quirk). Appends to `out`.
EPICSDB_API void formatInteger(DbfType type, std::uint64_t bits, bool hex, std::string& out);
// dbGetString of FLOAT (precision 6) and DOUBLE (precision 14), the EPICS custom formatter of
// SPEC 4.5. Appends to `out`.
EPICSDB_API void formatFloat(DbfType type, double value, std::string& out);

// ---- Links (SPEC 4.3) --------------------------------------------------------------------

enum class MaxSeverity : std::uint8_t { NMS, MS, MSI, MSS };

struct ParsedLink {
    LinkType type = LinkType::Constant;
    // CONSTANT: the stripped text; PV_LINK: the PV name; INST_IO and hardware links: the
    // parameter after '@'; JSON_LINK: the stripped text as written.
    std::string_view text;
    // PV_LINK modifiers after the per-field-type filter (OUTLINK drops CPP, FWDLINK keeps CA).
    bool pp = false, ca = false, cp = false, cpp = false;
    MaxSeverity severity = MaxSeverity::NMS;
    // Hardware address numbers in the order of the letters (C,S for VME_IO; B,C,N,A,F ...).
    std::array<std::int64_t, 5> hw{};
    std::uint8_t hwCount = 0;
    bool isArrayConstant = false; // CONSTANT written as [ ... ]
};

// dbParseLink: classify and split a link field value. `field` is InLink, OutLink or FwdLink.
// `isJsonLinkType(name)` says whether a JSON link type of that name was declared with link()
// in the definitions; a JSON link whose outer key is not one is rejected. Returns false
// ("Bad Field value") on a syntax error; `message` (if given) then receives the reason.
EPICSDB_API bool parseLink(std::string_view text, DbfType field,
                           const std::function<bool(std::string_view)>& isJsonLinkType,
                           ParsedLink& out, std::string* message = nullptr);

// The dbGetString form of a link after iocInit (SPEC 4.5), e.g. "x1 NPP NMS", "#C1 S2 @parm".
EPICSDB_API void formatLink(const ParsedLink& link, DbfType field, std::string& out);

// ---- Strings -----------------------------------------------------------------------------

// The setter's unquoting of a field or info value (SPEC 3.2, last bullet): when `value` is
// wrapped in a pair of matching quotes they are removed, then C escapes are translated
// (\a \b \f \n \r \t \v \\ \' \" \0, \x with one or two hex digits; any other escaped
// character stands for itself). Appends to `out`.
EPICSDB_API void unescapeValue(std::string_view value, std::string& out);

// dbWriteRecord escaping (SPEC 4.6): \a \b \f \n \r \t \v \\ \' \", other non-printable bytes
// as \xhh (lowercase). Appends to `out`.
EPICSDB_API void appendEscaped(std::string_view value, std::string& out);

// ---- CALC expressions ----------------------------------------------------------------------

// The postfix compiler's check of an SPC_CALC field: empty string when the expression is
// valid, otherwise the EPICS error text (e.g. "Syntax error", "Bad operand"...).
EPICSDB_API std::string_view checkCalcExpression(std::string_view expression);

} // namespace epicsdb::dbstatic
