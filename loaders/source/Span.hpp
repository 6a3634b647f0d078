// Token positions of one load: which opened source, and the byte offset in its (macro-expanded)
// text. Line and column are worked out only when a diagnostic needs them.
#pragma once

#include <cstdint>

namespace epicsdb::loaders {

struct Position {
    std::uint32_t source = 0;
    std::uint32_t offset = 0;
};

// The location type of the Bison parsers (YYLLOC_DEFAULT uses begin and end).
struct Span {
    Position begin;
    Position end;
};

} // namespace epicsdb::loaders
