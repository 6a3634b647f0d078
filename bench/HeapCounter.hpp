// Counts what the process asks of the system allocator: every malloc-family call made by
// anyone (library, standard containers, operator new), live bytes and the peak. The benchmark
// program replaces malloc and friends (HeapCounter.cpp) to get these numbers.
#pragma once

#include <cstddef>

namespace epicsdb::bench {

struct HeapSnapshot {
    std::size_t calls = 0;     // malloc, calloc, realloc, aligned allocations so far
    std::size_t liveBytes = 0; // usable bytes currently allocated
    std::size_t peakBytes = 0; // highest liveBytes since the last resetPeak()
};

HeapSnapshot heapSnapshot() noexcept;
// Starts a new peak measurement from the current live bytes.
void resetPeak() noexcept;

} // namespace epicsdb::bench
