/* dbmf: EPICS-compatible C API of the epicsdb chunk pool. Same names, signatures and
 * messages as EPICS Base's dbmf.h; one process-wide pool guarded by a mutex. */
#ifndef EPICSDB_DBMF_H
#define EPICSDB_DBMF_H

#include <stddef.h>

#include <epicsdb/export.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Sets up the pool: blocks of `size` bytes (EPICS rounding: size + size % 8), `chunkItems`
 * blocks per chunk. Returns 0, or -1 (and prints a message) when already set up. Without a
 * call, the first allocation sets the pool up with 64 and 10. */
EPICSDB_API int dbmfInit(size_t size, int chunkItems);
EPICSDB_API void* dbmfMalloc(size_t bytes);
EPICSDB_API char* dbmfStrdup(const char* str);
EPICSDB_API char* dbmfStrndup(const char* str, size_t len);
EPICSDB_API char* dbmfStrcat3(const char* lhs, const char* mid, const char* rhs);
/* epicsdb extension: two-part form of dbmfStrcat3. */
EPICSDB_API char* dbmfStrcat(const char* lhs, const char* rhs);
EPICSDB_API void dbmfFree(void* bytes);
/* Gives all chunks back to the system if no block is in use. */
EPICSDB_API void dbmfFreeChunks(void);
EPICSDB_API int dbmfShow(int level);

#ifdef __cplusplus
}
#endif

#endif
