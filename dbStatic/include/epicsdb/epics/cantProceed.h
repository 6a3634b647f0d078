/* cantProceed.h: the allocators behind dbStaticLib.h's dbCalloc and dbMalloc macros, with EPICS
 * Base 7.0.8's names and prototypes. */
#ifndef INCcantProceedh
#define INCcantProceedh 1

#include <stddef.h>

#include <epicsdb/export.h>

#ifdef __cplusplus
extern "C" {
#endif

/* calloc/malloc that return memory or do not return: on failure the message
 * "<errorMessage>: callocMustSucceed(<count>, <size>) - calloc failed" (or the malloc one)
 * goes to stderr and the process aborts (EPICS suspends the thread for ever). A count or size
 * of 0 gives NULL, as in EPICS. Free the memory with free(). */
EPICSDB_API void* callocMustSucceed(size_t count, size_t size, const char* errorMessage);
EPICSDB_API void* mallocMustSucceed(size_t size, const char* errorMessage);

#ifdef __cplusplus
}
#endif

#endif /* INCcantProceedh */
