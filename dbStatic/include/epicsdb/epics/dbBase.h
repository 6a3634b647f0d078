/* dbBase.h: the structures of the static database that C code written against EPICS's
 * dbStaticLib reads through a DBENTRY: record types, field descriptions, menus, device
 * support, record nodes and info items. Member names, types and meanings are EPICS Base
 * 7.0.8's, so code that reads them compiles unchanged; each structure is a view kept up to date
 * by the epicsdb C API over its C++ database, and must not be written to.
 *
 * Not provided (see docs/COMPATIBILITY.md, "The C API"): the ELLNODE/ELLLIST list links (walk with
 * the dbFirstXxx/dbNextXxx functions instead), the members of dbBase itself (a handle here),
 * record storage (dbRecordNode.precord is NULL) and run-time members (prset, pdset, pdrvet,
 * pjlif, offset: NULL or 0). */
#ifndef INCdbBaseh
#define INCdbBaseh 1

#include "dbFldTypes.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The database: a handle made by dbAllocBase() or by the first dbReadDatabase(). */
typedef struct dbBase dbBase;

struct rset;
struct dset;
struct dsxt;

typedef struct dbMenu {
    char* name;
    int nChoice;
    char** papChoiceName;  /* C identifiers, e.g. menuScan1_second */
    char** papChoiceValue; /* what users write, e.g. "1 second" */
} dbMenu;

typedef struct devSup {
    char* name;   /* the dset name */
    char* choice; /* the DTYP string */
    int link_type;
    struct dset* pdset; /* NULL: no run time */
    struct dsxt* pdsxt; /* NULL: no run time */
} devSup;

typedef struct drvSup {
    char* name;
    struct drvet* pdrvet; /* NULL: no run time */
} drvSup;

typedef struct linkSup {
    char* name;         /* the JSON link key, e.g. "calc" */
    char* jlif_name;    /* its interface table, e.g. "lnkCalcIf" */
    struct jlif* pjlif; /* NULL: no run time */
} linkSup;

typedef struct brkInt { /* from one breakpoint to the next */
    double raw;         /* raw value at the start of the interval */
    double slope;       /* engineering units per raw unit in it */
    double eng;         /* engineering value at the start */
} brkInt;

typedef struct brkTable {
    char* name;
    long number; /* of paBrkInt */
    brkInt* paBrkInt;
} brkTable;

typedef struct dbDeviceMenu {
    int nChoice;
    char** papChoice;
} dbDeviceMenu;

typedef enum { CT_DECIMAL, CT_HEX } ctType;
typedef enum { ASL0, ASL1 } asLevel;

typedef struct dbFldDes {
    char* prompt; /* "" when the definition has none */
    char* name;
    char* extra; /* C declaration of a DBF_NOACCESS field, or NULL */
    struct dbRecordType* pdbRecordType;
    short indRecordType; /* index in pdbRecordType->papFldDes */
    short special;       /* SPC_xxx (special.h) */
    dbfType field_type;
    unsigned int process_passive : 1;
    unsigned int prop : 1;
    unsigned int isDevLink : 1; /* INP and OUT */
    ctType base;
    short promptgroup; /* 1, 2, ... in order first seen; 0 for none */
    short interest;
    asLevel as_level;
    char* initial; /* NULL when the definition has none */
    void* ftPvt;   /* DBF_MENU: the dbMenu; DBF_DEVICE: the dbDeviceMenu (NULL without devices) */
    short size;    /* DBF_STRING capacity, including the terminating NUL */
    unsigned short offset; /* 0: no record storage */
} dbFldDes;

typedef struct dbInfoNode {
    char* name;
    char* string;
    void* pointer; /* NULL */
} dbInfoNode;

#define DBRN_FLAGS_VISIBLE 1
#define DBRN_FLAGS_ISALIAS 2
#define DBRN_FLAGS_HASALIAS 4

typedef struct dbRecordNode {
    void* precord; /* NULL: epicsdb keeps field values, not record structures */
    char* recordname;
    int flags;                           /* DBRN_FLAGS_xxx */
    struct dbRecordNode* aliasedRecnode; /* the real record's node, for an alias */
} dbRecordNode;

typedef struct dbRecordType {
    char* name;
    short no_fields;
    short no_prompt; /* fields with a promptgroup */
    short no_links;
    short no_aliases;
    short* link_ind;       /* indexes in papFldDes of the link fields */
    char** papsortFldName; /* field names sorted by strcmp */
    short* sortFldInd;     /* their indexes in papFldDes */
    dbFldDes* pvalFldDes;  /* the VAL field, or NULL */
    short indvalFlddes;
    dbFldDes** papFldDes; /* in definition order */
    struct rset* prset;   /* NULL: no run time */
    int rec_size;         /* 0: no record storage */
} dbRecordType;

#ifdef __cplusplus
}
#endif

#endif /* INCdbBaseh */
