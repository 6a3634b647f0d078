/* The one export macro of epicsdb: symbols marked EPICSDB_API are the library's public ABI,
 * everything else is built with hidden visibility. Usable from C and C++. */
#ifndef EPICSDB_EXPORT_H
#define EPICSDB_EXPORT_H

#if defined(_WIN32)
#if defined(EPICSDB_BUILDING)
#define EPICSDB_API __declspec(dllexport)
#else
#define EPICSDB_API
#endif
#else
#define EPICSDB_API __attribute__((visibility("default")))
#endif

#endif
