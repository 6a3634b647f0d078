// dbStaticPvt.h: dbPvdTableSize, which the iocsh command of that name calls. The record index
// grows with the database, so there is nothing to size; the argument is checked as EPICS does.
#include <dbStaticPvt.h>

#include <cstdio>

extern "C" {

int dbPvdTableSize(int size) {
    // EPICS's check, in unsigned arithmetic (0 passes, as it does there).
    const auto bits = static_cast<unsigned>(size);
    if (bits & (bits - 1)) {
        std::printf("dbPvdTableSize: %d is not a power of 2\n", size);
        return -1;
    }
    return 0;
}

} // extern "C"
