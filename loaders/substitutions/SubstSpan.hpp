// The location type of the substitution-file parsers: byte offsets into the file's text (see
// source/LineIndex.hpp for lines and columns).
#pragma once

#include <cstdint>

namespace epicsdb::loaders {

struct SubstSpan {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
};

} // namespace epicsdb::loaders
