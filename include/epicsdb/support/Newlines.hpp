// Counting line ends in a run of text, 16 bytes at a time where the CPU allows: on the path of
// every record (its line, counted from the record before: about 200 bytes of short lines, where
// a memchr per line cost more) and of every block of a streamed file.
#pragma once

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace epicsdb::support {

inline std::uint32_t countNewlines(const char* begin, const char* end) noexcept {
    std::uint32_t n = 0;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    for (; end - begin >= 16; begin += 16) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(begin));
        // Few lines are shorter than 16 bytes: clearing bits beats a popcount call.
        for (auto hits = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, newline)));
             hits != 0; hits &= hits - 1)
            ++n;
    }
#endif
    for (; begin < end; ++begin)
        n += *begin == '\n';
    return n;
}

} // namespace epicsdb::support
