/* dbStaticPvt.h: of EPICS's private dbStatic header, only dbPvdTableSize, which the iocsh
 * command of that name calls. */
#ifndef INCdbStaticPvth
#define INCdbStaticPvth 1

#include <epicsdb/export.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Accepted for compatibility: the epicsdb record index grows with the database, so there is
 * nothing to size. As in EPICS, a size that is not a power of two is refused with
 * "dbPvdTableSize: <n> is not a power of 2" on stdout and -1; otherwise 0. */
EPICSDB_API int dbPvdTableSize(int size);

#ifdef __cplusplus
}
#endif

#endif /* INCdbStaticPvth */
