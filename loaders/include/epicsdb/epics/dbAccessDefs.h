/* dbAccessDefs.h: of EPICS's dbAccessDefs.h, the load entry points and the global database
 * they load into (EPICS Base 7.0.8 names and prototypes). The run-time database access
 * (dbGetField, dbPutField, dbNameToAddr, ...) is not part of epicsdb. */
#ifndef INCdbAccessDefsh
#define INCdbAccessDefsh

#include <epicsdb/export.h>

#include "dbBase.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The database of the process: allocated by the first dbLoadDatabase/dbLoadRecords. */
EPICSDB_API extern struct dbBase* pdbbase;

/* Called after every successful dbLoadRecords with its arguments. */
typedef void (*DB_LOAD_RECORDS_HOOK_ROUTINE)(const char* filename, const char* substitutions);
EPICSDB_API extern DB_LOAD_RECORDS_HOOK_ROUTINE dbLoadRecordsHook;

/* dbReadDatabase(&pdbbase, ...). */
EPICSDB_API int dbLoadDatabase(const char* filename, const char* path, const char* substitutions);
/* dbReadDatabase(&pdbbase, filename, NULL, substitutions); on failure stderr gets
 * "ERROR failed to load '<filename>'". */
EPICSDB_API int dbLoadRecords(const char* filename, const char* substitutions);

#ifdef __cplusplus
}
#endif

#endif /* INCdbAccessDefsh */
