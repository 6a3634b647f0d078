/* dbFldTypes.h: the EPICS field types (DBF_xxx) and request types (DBR_xxx), with the same
 * names and values as EPICS Base 7.0.8, for C code written against dbStaticLib. */
#ifndef INCdbFldTypesh
#define INCdbFldTypesh 1

#include <epicsdb/export.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    DBF_STRING,
    DBF_CHAR,
    DBF_UCHAR,
    DBF_SHORT,
    DBF_USHORT,
    DBF_LONG,
    DBF_ULONG,
    DBF_INT64,
    DBF_UINT64,
    DBF_FLOAT,
    DBF_DOUBLE,
    DBF_ENUM,
    DBF_MENU,
    DBF_DEVICE,
    DBF_INLINK,
    DBF_OUTLINK,
    DBF_FWDLINK,
    DBF_NOACCESS
} dbfType;
#define DBF_NTYPES DBF_NOACCESS + 1

typedef struct mapdbfType {
    char* strvalue;
    dbfType value;
} mapdbfType;

/* "DBF_STRING" ... "DBF_NOACCESS", in dbfType order. */
EPICSDB_API extern mapdbfType pamapdbfType[];

#define DBR_STRING DBF_STRING
#define DBR_CHAR DBF_CHAR
#define DBR_UCHAR DBF_UCHAR
#define DBR_SHORT DBF_SHORT
#define DBR_USHORT DBF_USHORT
#define DBR_LONG DBF_LONG
#define DBR_ULONG DBF_ULONG
#define DBR_INT64 DBF_INT64
#define DBR_UINT64 DBF_UINT64
#define DBR_FLOAT DBF_FLOAT
#define DBR_DOUBLE DBF_DOUBLE
#define DBR_ENUM DBF_ENUM
#define DBR_PUT_ACKT DBR_ENUM + 1
#define DBR_PUT_ACKS DBR_PUT_ACKT + 1
#define DBR_NOACCESS DBF_NOACCESS
#define VALID_DB_REQ(x) ((x >= 0) && (x <= DBR_ENUM))
#define INVALID_DB_REQ(x) ((x < 0) || (x > DBR_ENUM))

#ifdef __cplusplus
}
#endif

#endif /* INCdbFldTypesh */
