/* macLib: the EPICS Base 7.0.8 macro substitution C API over epicsdb::maclib::MacroTable.
 * Same names, prototypes, constants and return conventions as EPICS's macLib.h, so existing
 * C code compiles and links unchanged. Usable from C99 and C++.
 *
 * Messages EPICS sends to errlog (warnings, "NULL or invalid handle", ...) go to stderr with
 * the EPICS texts; macReportMacros prints to stdout.
 *
 * Differences from EPICS (docs/COMPATIBILITY.md, section macLib, rows 1-7):
 *  - No 256-character limit on names and values: MAC_SIZE is kept for callers sizing buffers,
 *    and only the caller's buffer capacity cuts what is copied out; nothing is truncated when
 *    values are stored or cached.
 *  - Translation depth is bounded (more than 256 nested levels is an error, status < 0).
 *  - A reference that ends the string with `,` is closed; EPICS loops forever.
 *  - MAC_HANDLE is opaque: its fields (magic, dirty, level, debug, list, flags) are not
 *    accessible, so the `debug` tracing switch does not exist.
 *  - A NULL handle to macInstallMacros, NULL names and a NULL definition string are refused
 *    (-1) where EPICS would crash.
 *  - macDefExpand expands once (EPICS repeats the expansion, and its warnings, for results of
 *    255 characters or more); the result is still a malloc'ed string.
 *  - No errlog: messages go to stderr, as said above.
 */
#ifndef INCmacLibH
#define INCmacLibH

#include <epicsdb/export.h>

#ifndef epicsStdCall
#define epicsStdCall
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Maximum size of a macro name or value in EPICS; kept for callers that size buffers by it. */
#define MAC_SIZE 256

/* Macro substitution context, used only through the functions below. */
typedef struct epicsdbMacHandle MAC_HANDLE;

/* Creates a context in *handle (NULL on failure). `pairs` is a NULL-terminated array of
 * name, value strings (a NULL value undefines); NULL means no macros. The pairs
 * {"", "environ", NULL, NULL} make a context that also looks names up in the environment.
 * Returns 0, or -1. */
EPICSDB_API long epicsStdCall macCreateHandle(MAC_HANDLE** handle, const char* pairs[]);

/* Non-zero suppresses warnings, and failed references are then written "$(name)". */
EPICSDB_API void epicsStdCall macSuppressWarning(MAC_HANDLE* handle, int falseTrue);

/* Expands `src` into `dest`: at most capacity-1 characters and a NUL. Returns the number of
 * characters written, negated if a reference was undefined or recursive; -1 (nothing written)
 * when capacity <= 1. Truncation is not an error. */
EPICSDB_API long epicsStdCall macExpandString(MAC_HANDLE* handle, const char* src, char* dest,
                                              long capacity);

/* Defines `name` (a NULL value undefines it at every level, stopping after a cached
 * environment variable). Returns strlen(value), 0 for NULL, -1 on error. */
EPICSDB_API long epicsStdCall macPutValue(MAC_HANDLE* handle, const char* name, const char* value);

/* Copies the expanded value of `name` to `value` like strncpy and returns its length (capacity
 * if truncated, then without NUL), negated if its expansion failed. Undefined: copies the name
 * and returns minus its length (or -capacity). With capacity <= 1 or a NULL `value`, only
 * returns 0 (defined) or -1 (undefined). */
EPICSDB_API long epicsStdCall macGetValue(MAC_HANDLE* handle, const char* name, char* value,
                                          long capacity);

/* Frees the context. 0, or -1 for an invalid handle. */
EPICSDB_API long epicsStdCall macDeleteHandle(MAC_HANDLE* handle);

/* Starts a scope / drops every definition made since the matching push. 0 or -1. */
EPICSDB_API long epicsStdCall macPushScope(MAC_HANDLE* handle);
EPICSDB_API long epicsStdCall macPopScope(MAC_HANDLE* handle);

/* Prints the definitions to stdout (debugging aid). 0 or -1. */
EPICSDB_API long epicsStdCall macReportMacros(MAC_HANDLE* handle);

/* Parses "a=xxx,b=yyy" into *pairs: name, value, name, value, ..., NULL, NULL in one block that
 * free() releases. Names lose their quotes and escapes, values are kept raw; a name without
 * `=` gets a NULL value. Returns the number of definitions, or -1 (and *pairs = NULL). The
 * handle is not used and may be NULL. */
EPICSDB_API long epicsStdCall macParseDefns(MAC_HANDLE* handle, const char* defns, char** pairs[]);

/* macPutValue for each pair in order. Returns the number of pairs, or -1. */
EPICSDB_API long epicsStdCall macInstallMacros(MAC_HANDLE* handle, char* pairs[]);

/* Expands environment variables (and the definitions of `macros`, if given) into a new string
 * that free() releases. NULL if any reference was undefined or recursive. */
EPICSDB_API char* epicsStdCall macEnvExpand(const char* str);
EPICSDB_API char* epicsStdCall macDefExpand(const char* str, MAC_HANDLE* macros);

#ifdef __cplusplus
}
#endif

#endif /* INCmacLibH */
