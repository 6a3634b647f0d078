// dbStaticPvt.h: dbPvdTableSize, which the iocsh command of that name calls. The record index
// grows with the database; the size is kept only for dbPvdDump, which reports the buckets of
// the table EPICS would have made.
#include "CApiPvt.hpp"

#include <dbStaticPvt.h>

#include <atomic>
#include <cstdio>

namespace {

constexpr unsigned kMinSize = 256;
constexpr unsigned kDefaultSize = 512;
constexpr unsigned kMaxSize = 65536;

// EPICS's dbPvdHashTableSize: process-wide, read when a database is allocated.
std::atomic<unsigned> tableSize{kDefaultSize};

} // namespace

unsigned epicsdb::epics::pvdTableSizeForNewBases() noexcept {
    return tableSize.load(std::memory_order_relaxed);
}

extern "C" {

int dbPvdTableSize(int size) {
    // EPICS's check, in unsigned arithmetic (0 passes, as it does there).
    const auto bits = static_cast<unsigned>(size);
    if (bits & (bits - 1)) {
        std::printf("dbPvdTableSize: %d is not a power of 2\n", size);
        return -1;
    }
    // EPICS clamps the signed value, so a negative power of two (INT_MIN) becomes the minimum.
    unsigned chosen = size < static_cast<int>(kMinSize) ? kMinSize : bits;
    if (size > static_cast<int>(kMaxSize)) chosen = kMaxSize;
    tableSize.store(chosen, std::memory_order_relaxed);
    return 0;
}

} // extern "C"
