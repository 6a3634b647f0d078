/* dbStaticPvt.h: of EPICS's private dbStatic header, what iocsh commands and the readers call:
 * dbPvdTableSize and dbFreePath. */
#ifndef INCdbStaticPvth
#define INCdbStaticPvth 1

#include <epicsdb/export.h>

#include "dbBase.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The epicsdb record index grows with the database, so there is nothing to size; what is kept
 * is the size EPICS's record-name hash table would have, which dbPvdDump reports. As in
 * EPICS, a size that is not a power of two is refused with "dbPvdTableSize: <n> is not a power
 * of 2" on stdout and -1; otherwise the size (clamped to 256 ... 65536; 512 until set) applies
 * to the databases allocated afterwards, and 0 is returned. */
EPICSDB_API int dbPvdTableSize(int size);

/* Forgets the include path set by dbPath/dbAddPath (every read does this at its end). */
EPICSDB_API void dbFreePath(dbBase* pdbbase);

#ifdef __cplusplus
}
#endif

#endif /* INCdbStaticPvth */
