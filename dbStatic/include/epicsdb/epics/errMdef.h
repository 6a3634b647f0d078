/* errMdef.h: the EPICS module numbers that status codes are built from (status = module << 16
 * | code), for the modules epicsdb implements. Values as in EPICS Base 7.0.8. */
#ifndef INC_errMdef_H
#define INC_errMdef_H

#define M_stdlib (504 << 16)   /* EPICS standard library (number conversions) */
#define M_dbAccess (511 << 16) /* database access */
#define M_dbLib (512 << 16)    /* static database access */

#endif /* INC_errMdef_H */
