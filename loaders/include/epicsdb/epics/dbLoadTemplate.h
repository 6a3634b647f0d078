/* dbLoadTemplate.h: EPICS's substitution-file loader (EPICS Base 7.0.8 prototype). */
#ifndef INCdbLoadTemplateh
#define INCdbLoadTemplateh

#include <epicsdb/export.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Loads every set of `sub_file` into pdbbase, each with `cmd_collect` ("a=1,b=2") under its
 * own macros. Returns -1 only for a missing file name, dbTemplateMaxVars < 1 or a file that
 * cannot be opened; otherwise 0, even after errors (they are reported on stderr). */
EPICSDB_API int dbLoadTemplate(const char* sub_file, const char* cmd_collect);

/* iocsh variable: the most pattern names a substitution file may use (default 100). */
EPICSDB_API extern int dbTemplateMaxVars;

#ifdef __cplusplus
}
#endif

#endif /* INCdbLoadTemplateh */
