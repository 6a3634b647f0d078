/* dbStaticLib.h: the EPICS static database access API (every function of EPICS Base 7.0.8's
 * dbStaticLib.h), with EPICS's names, prototypes, status codes and return conventions, over the
 * epicsdb database. C code that uses these functions compiles and links against epicsdb
 * unchanged. The layer only translates; docs/COMPATIBILITY.md ("The C API") lists the
 * differences (loads are transactional, DBENTRY.pfield points at text, what is not provided). */
#ifndef INCdbStaticLibh
#define INCdbStaticLibh 1

#include <stddef.h>
#include <stdio.h>

#include <epicsdb/export.h>

#include "cantProceed.h"
#include "dbBase.h"
#include "dbFldTypes.h"
#include "errMdef.h"
#include "link.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef dbBase DBBASE;

/* A cursor into the database. Initialise with dbInitEntry (or dbAllocEntry); release with
 * dbFinishEntry (or dbFreeEntry), which frees `message`. */
typedef struct dbEntry {
    DBBASE* pdbbase;
    dbRecordType* precordType;
    dbFldDes* pflddes;
    dbRecordNode* precnode;
    dbInfoNode* pinfonode;
    /* Non-NULL when a field of a record is selected. It points at the field's value as text
     * (NUL-terminated), not at a binary value: use dbGetString for the EPICS form. */
    void* pfield;
    char* message; /* the buffer dbGetString and dbVerify return */
    short indfield;
} DBENTRY;

/* ---- the database and entries ---- */
EPICSDB_API DBBASE* dbAllocBase(void);
EPICSDB_API void dbFreeBase(DBBASE* pdbbase);
EPICSDB_API DBENTRY* dbAllocEntry(DBBASE* pdbbase);
EPICSDB_API void dbFreeEntry(DBENTRY* pdbentry);
EPICSDB_API void dbInitEntry(DBBASE* pdbbase, DBENTRY* pdbentry);
EPICSDB_API void dbFinishEntry(DBENTRY* pdbentry);
EPICSDB_API DBENTRY* dbCopyEntry(DBENTRY* pdbentry);
EPICSDB_API void dbCopyEntryContents(DBENTRY* pfrom, DBENTRY* pto);

/* iocsh variables read by every load (EPICS: dbRecordsOnceOnly, dbRecordsAbcSorted,
 * dbQuietMacroWarnings and dbBptNotMonotonic in dbLexRoutines.c, dbConvertStrict in
 * dbStaticLib.c). All default to 0. */
EPICSDB_API extern int dbBptNotMonotonic;
EPICSDB_API extern int dbConvertStrict;
EPICSDB_API extern int dbRecordsOnceOnly;
EPICSDB_API extern int dbRecordsAbcSorted;
EPICSDB_API extern int dbQuietMacroWarnings;

/* ---- reading ---- */
/* Reads a .dbd or .db file; *ppdbbase is allocated when NULL. `path` (NULL or "": the
 * EPICS_DB_INCLUDE_PATH environment variable, else ".") is searched for the file and its
 * includes; `substitutions` is "NAME=VAL,OTHER=SOME". Returns 0, or -1 after reporting errors
 * on stderr, in which case the database is left as it was before the call. */
EPICSDB_API long dbReadDatabase(DBBASE** ppdbbase, const char* filename, const char* path,
                                const char* substitutions);
/* The same from an open file, which is always closed. */
EPICSDB_API long dbReadDatabaseFP(DBBASE** ppdbbase, FILE* fp, const char* path,
                                  const char* substitutions);

/* The include path of the database: dbPath replaces it (NULL or "": "."), dbAddPath appends
 * the directories of a ':'-separated list. Every read sets its own and discards it at the
 * end, as EPICS does, so these matter to dbDumpPath. -1 without a database. */
EPICSDB_API long dbPath(DBBASE* pdbbase, const char* path);
EPICSDB_API long dbAddPath(DBBASE* pdbbase, const char* path);

/* Prompt groups (promptgroup("...") of field definitions) are numbered 1, 2, ... in order of
 * first appearance: NULL / 0 for an unknown one. */
EPICSDB_API char* dbGetPromptGroupNameFromKey(DBBASE* pdbbase, const short key);
EPICSDB_API short dbGetPromptGroupKeyFromName(DBBASE* pdbbase, const char* name);

/* ---- writing (EPICS-BEHAVIOUR 4.6) ---- */
EPICSDB_API long dbWriteRecord(DBBASE* ppdbbase, const char* filename, const char* precordTypename,
                               int level);
EPICSDB_API long dbWriteRecordFP(DBBASE* ppdbbase, FILE* fp, const char* precordTypename,
                                 int level);
EPICSDB_API long dbWriteMenu(DBBASE* pdbbase, const char* filename, const char* menuName);
EPICSDB_API long dbWriteMenuFP(DBBASE* pdbbase, FILE* fp, const char* menuName);
EPICSDB_API long dbWriteRecordType(DBBASE* pdbbase, const char* filename,
                                   const char* recordTypeName);
EPICSDB_API long dbWriteRecordTypeFP(DBBASE* pdbbase, FILE* fp, const char* recordTypeName);
EPICSDB_API long dbWriteDevice(DBBASE* pdbbase, const char* filename);
EPICSDB_API long dbWriteDeviceFP(DBBASE* pdbbase, FILE* fp);
EPICSDB_API long dbWriteDriver(DBBASE* pdbbase, const char* filename);
EPICSDB_API long dbWriteDriverFP(DBBASE* pdbbase, FILE* fp);
EPICSDB_API long dbWriteLinkFP(DBBASE* pdbbase, FILE* fp);
EPICSDB_API long dbWriteRegistrarFP(DBBASE* pdbbase, FILE* fp);
EPICSDB_API long dbWriteFunctionFP(DBBASE* pdbbase, FILE* fp);
EPICSDB_API long dbWriteVariableFP(DBBASE* pdbbase, FILE* fp);
EPICSDB_API long dbWriteBreaktable(DBBASE* pdbbase, const char* filename);
EPICSDB_API long dbWriteBreaktableFP(DBBASE* pdbbase, FILE* fp);

/* ---- record types ---- */
EPICSDB_API long dbFindRecordType(DBENTRY* pdbentry, const char* recordTypename);
EPICSDB_API long dbFirstRecordType(DBENTRY* pdbentry);
EPICSDB_API long dbNextRecordType(DBENTRY* pdbentry);
EPICSDB_API char* dbGetRecordTypeName(DBENTRY* pdbentry);
EPICSDB_API int dbGetNRecordTypes(DBENTRY* pdbentry);
/* Record-type attributes (RTYP, VERS and any added here): string values of at most 39
 * characters, found by field lookup after the fields. */
EPICSDB_API long dbPutRecordAttribute(DBENTRY* pdbentry, const char* name, const char* value);
EPICSDB_API long dbGetRecordAttribute(DBENTRY* pdbentry, const char* name);
EPICSDB_API long dbGetAttributePart(DBENTRY* pdbentry, const char** ppname);

/* ---- fields of the selected record type ---- */
EPICSDB_API long dbFirstField(DBENTRY* pdbentry, int dctonly);
EPICSDB_API long dbNextField(DBENTRY* pdbentry, int dctonly);
EPICSDB_API int dbGetNFields(DBENTRY* pdbentry, int dctonly);
EPICSDB_API char* dbGetFieldName(DBENTRY* pdbentry);
EPICSDB_API int dbGetFieldDbfType(DBENTRY* pdbentry);
EPICSDB_API char* dbGetDefault(DBENTRY* pdbentry);
EPICSDB_API char* dbGetPrompt(DBENTRY* pdbentry);
EPICSDB_API int dbGetPromptGroup(DBENTRY* pdbentry);

/* ---- records and aliases ---- */
EPICSDB_API long dbCreateRecord(DBENTRY* pdbentry, const char* pname);
EPICSDB_API long dbDeleteRecord(DBENTRY* pdbentry);
/* Deletes every record and alias; 0. */
EPICSDB_API long dbFreeRecords(DBBASE* pdbbase);
EPICSDB_API long dbFindRecordPart(DBENTRY* pdbentry, const char** ppname);
EPICSDB_API long dbFindRecord(DBENTRY* pdbentry, const char* pname);
EPICSDB_API long dbFirstRecord(DBENTRY* pdbentry);
EPICSDB_API long dbNextRecord(DBENTRY* pdbentry);
EPICSDB_API int dbGetNRecords(DBENTRY* pdbentry);
EPICSDB_API int dbGetNAliases(DBENTRY* pdbentry);
EPICSDB_API char* dbGetRecordName(DBENTRY* pdbentry);
/* A new record of the entry's record's type with its DCT fields that are not default and its
 * info items; an existing record of that name is replaced when overWriteOK, else
 * S_dbLib_recExists. The entry is left on the new record. */
EPICSDB_API long dbCopyRecord(DBENTRY* pdbentry, const char* newRecordName, int overWriteOK);

/* grecord versus record when written back. */
EPICSDB_API long dbVisibleRecord(DBENTRY* pdbentry);
EPICSDB_API long dbInvisibleRecord(DBENTRY* pdbentry);
EPICSDB_API int dbIsVisibleRecord(DBENTRY* pdbentry);
EPICSDB_API long dbCreateAlias(DBENTRY* pdbentry, const char* paliasName);
EPICSDB_API int dbIsAlias(DBENTRY* pdbentry);
/* Moves the entry from an alias node to its real record's node. */
EPICSDB_API int dbFollowAlias(DBENTRY* pdbentry);
/* Deletes the aliases of the entry's record (S_dbLib_recExists on an alias node). */
EPICSDB_API long dbDeleteAliases(DBENTRY* pdbentry);

/* ---- field values ---- */
EPICSDB_API long dbFindFieldPart(DBENTRY* pdbentry, const char** ppname);
EPICSDB_API long dbFindField(DBENTRY* pdbentry, const char* pfieldName);
EPICSDB_API int dbFoundField(DBENTRY* pdbentry);
/* The value as text in the entry's message buffer (valid until the next call that uses the
 * buffer), or NULL for a field with no string form. */
EPICSDB_API char* dbGetString(DBENTRY* pdbentry);
EPICSDB_API long dbPutString(DBENTRY* pdbentry, const char* pstring);
/* NULL when `pstring` would be accepted, else the reason in the message buffer
 * (EPICS-BEHAVIOUR 4.7). */
EPICSDB_API char* dbVerify(DBENTRY* pdbentry, const char* pstring);
EPICSDB_API int dbIsDefaultValue(DBENTRY* pdbentry);

/* ---- info items (of the node the entry is on: aliases have their own) ---- */
EPICSDB_API long dbFirstInfo(DBENTRY* pdbentry);
EPICSDB_API long dbNextInfo(DBENTRY* pdbentry);
EPICSDB_API long dbFindInfo(DBENTRY* pdbentry, const char* name);
/* The next info item, walking on through records and record types from the entry's position
 * (from the start when no record type is selected), whose name matches the glob `pattern`
 * ('*', '?'; NULL or "" matches all). */
EPICSDB_API long dbNextMatchingInfo(DBENTRY* pdbentry, const char* pattern);
EPICSDB_API long dbDeleteInfo(DBENTRY* pdbentry);
EPICSDB_API const char* dbGetInfoName(DBENTRY* pdbentry);
EPICSDB_API const char* dbGetInfoString(DBENTRY* pdbentry);
EPICSDB_API long dbPutInfoString(DBENTRY* pdbentry, const char* string);
/* A pointer the caller keeps with the info item (not written back anywhere). */
EPICSDB_API long dbPutInfoPointer(DBENTRY* pdbentry, void* pointer);
EPICSDB_API void* dbGetInfoPointer(DBENTRY* pdbentry);
EPICSDB_API const char* dbGetInfo(DBENTRY* pdbentry, const char* name);
EPICSDB_API long dbPutInfo(DBENTRY* pdbentry, const char* name, const char* string);

EPICSDB_API brkTable* dbFindBrkTable(DBBASE* pdbbase, const char* name);

/* ---- types and menus ---- */
EPICSDB_API const char* dbGetFieldTypeString(int dbfType);
EPICSDB_API int dbFindFieldType(const char* type);
EPICSDB_API dbMenu* dbFindMenu(DBBASE* pdbbase, const char* name);
EPICSDB_API char** dbGetMenuChoices(DBENTRY* pdbentry);
/* The choice index a MENU or DEVICE field of a record holds (-1 otherwise). */
EPICSDB_API int dbGetMenuIndex(DBENTRY* pdbentry);
EPICSDB_API long dbPutMenuIndex(DBENTRY* pdbentry, int index);
EPICSDB_API int dbGetNMenuChoices(DBENTRY* pdbentry);
EPICSDB_API char* dbGetMenuStringFromIndex(DBENTRY* pdbentry, int index);
EPICSDB_API int dbGetMenuIndexFromString(DBENTRY* pdbentry, const char* choice);

EPICSDB_API drvSup* dbFindDriver(dbBase* pdbbase, const char* name);
/* For a DEVICE field (DTYP) of a record: the name of the link it configures, INP or OUT. */
EPICSDB_API char* dbGetRelatedField(DBENTRY* pdbentry);

EPICSDB_API linkSup* dbFindLinkSup(dbBase* pdbbase, const char* name);

/* The link fields of the entry's record type: how many, and selecting the index-th. */
EPICSDB_API int dbGetNLinks(DBENTRY* pdbentry);
EPICSDB_API long dbGetLinkField(DBENTRY* pdbentry, int index);

/* ---- dumps to stdout ---- */
EPICSDB_API void dbDumpPath(DBBASE* pdbbase);
EPICSDB_API void dbDumpRecord(DBBASE* pdbbase, const char* precordTypename, int level);
EPICSDB_API void dbDumpMenu(DBBASE* pdbbase, const char* menuName);
EPICSDB_API void dbDumpRecordType(DBBASE* pdbbase, const char* recordTypeName);
EPICSDB_API void dbDumpField(DBBASE* pdbbase, const char* recordTypeName, const char* fname);
EPICSDB_API void dbDumpDevice(DBBASE* pdbbase, const char* recordTypeName);
EPICSDB_API void dbDumpDriver(DBBASE* pdbbase);
EPICSDB_API void dbDumpLink(DBBASE* pdbbase);
EPICSDB_API void dbDumpRegistrar(DBBASE* pdbbase);
EPICSDB_API void dbDumpFunction(DBBASE* pdbbase);
EPICSDB_API void dbDumpVariable(DBBASE* pdbbase);
EPICSDB_API void dbDumpBreaktable(DBBASE* pdbbase, const char* name);
/* The buckets of the record-name hash table EPICS would have built (see dbStaticPvt.h). */
EPICSDB_API void dbPvdDump(DBBASE* pdbbase, int verbose);
/* One line per record with a hardware link: bus, link, DTYP, name, conversion. `report`
 * (NULL: stdout) is closed afterwards, as EPICS does. */
EPICSDB_API void dbReportDeviceConfig(DBBASE* pdbbase, FILE* report);

/* ---- misc ---- */
#define dbCalloc(nobj, size) callocMustSucceed(nobj, size, "dbCalloc")
#define dbMalloc(size) mallocMustSucceed(size, "dbMalloc")
/* Appends `separator` (unless the string is empty) and `pnew` to a malloc'd string that grows
 * as needed; *stringLength counts its characters. Free the string with free(). */
EPICSDB_API void dbCatString(char** string, int* stringLength, char* pnew, char* separator);

/* Set by EPICS's debugging code only; kept for programs that set it. */
EPICSDB_API extern int dbStaticDebug;

#define S_dbLib_recordTypeNotFound (M_dbLib | 1) /* Record Type does not exist */
#define S_dbLib_recExists (M_dbLib | 3)          /* Record Already exists */
#define S_dbLib_recNotFound (M_dbLib | 5)        /* Record Not Found */
#define S_dbLib_flddesNotFound (M_dbLib | 7)     /* Field Description Not Found */
#define S_dbLib_fieldNotFound (M_dbLib | 9)      /* Field Not Found */
#define S_dbLib_badField (M_dbLib | 11)          /* Bad Field value */
#define S_dbLib_menuNotFound (M_dbLib | 13)      /* Menu not found */
#define S_dbLib_badLink (M_dbLib | 15)           /* Bad Link Field */
#define S_dbLib_nameLength (M_dbLib | 17)        /* Record Name is too long */
#define S_dbLib_noRecSup (M_dbLib | 19)          /* Record support not found */
#define S_dbLib_strLen (M_dbLib | 21)            /* String is too long */
#define S_dbLib_noSizeOffset (M_dbLib | 23)      /* Missing SizeOffset Routine */
#define S_dbLib_outMem (M_dbLib | 27)            /* Out of memory */
#define S_dbLib_infoNotFound (M_dbLib | 29)      /* Info item Not Found */

#ifdef __cplusplus
}
#endif

#endif /* INCdbStaticLibh */
