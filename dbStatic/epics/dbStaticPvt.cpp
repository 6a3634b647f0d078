// dbStaticPvt.h: dbPvdTableSize, which the iocsh command of that name calls. The record index
// grows with the database; the size is kept only for dbPvdDump, which reports the buckets of
// the table EPICS would have made.
#include "CApiPvt.hpp"

#include <dbStaticPvt.h>

#include <epicsdb/dbStatic/Writers.hpp>

#include <atomic>
#include <cstdio>

namespace {

// EPICS's dbPvdHashTableSize: process-wide, read when a database is allocated.
std::atomic<unsigned> tableSize{epicsdb::dbstatic::kNameTableSize};

} // namespace

unsigned epicsdb::epics::pvdTableSizeForNewBases() noexcept {
    return tableSize.load(std::memory_order_relaxed);
}

extern "C" {

int dbPvdTableSize(int size) {
    const std::optional<unsigned> chosen = epicsdb::dbstatic::nameTableSize(size);
    if (!chosen) {
        std::printf("dbPvdTableSize: %d is not a power of 2\n", size);
        return -1;
    }
    tableSize.store(*chosen, std::memory_order_relaxed);
    return 0;
}

} // extern "C"
