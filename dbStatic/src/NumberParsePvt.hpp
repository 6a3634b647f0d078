// epicsParseDouble, shared by the field parsers and by the link classifier (a link text that
// parses completely as a double is a CONSTANT).
#pragma once

#include <epicsdb/dbStatic/Values.hpp>

#include <string_view>

namespace epicsdb::dbstatic {

// The whole text as one double, surrounded by optional whitespace: NoDigits, Overflow or
// Underflow (glibc's ERANGE: underflow when the result is 0, overflow otherwise), then
// Extraneous, in that order of precedence. No special case for the empty string.
ConvertError parseDoubleText(std::string_view text, double& value) noexcept;

} // namespace epicsdb::dbstatic
