/* A plain C program over the EPICS dbStaticLib API, as IOC tools are written: it includes the
 * EPICS headers by their EPICS names and must compile as C. The test runs it in a child
 * process and compares what it prints. */
#include <stdio.h>
#include <string.h>

#include "dbAccess.h"
#include "dbStaticLib.h"

int epicsdbCProgram(const char* dbd, const char* db);

static void printRecord(DBENTRY* entry) {
    long status;

    for (status = dbFirstField(entry, 1); !status; status = dbNextField(entry, 1)) {
        if (!dbIsDefaultValue(entry)) {
            const char* value = dbGetString(entry);
            printf("    %s = \"%s\"\n", dbGetFieldName(entry), value ? value : "(null)");
        }
    }
    for (status = dbFirstInfo(entry); !status; status = dbNextInfo(entry))
        printf("    info %s = \"%s\"\n", dbGetInfoName(entry), dbGetInfoString(entry));
}

int epicsdbCProgram(const char* dbd, const char* db) {
    DBENTRY entry;
    DBENTRY* copy;
    long status;
    const char* message;

    if (dbLoadDatabase(dbd, NULL, NULL) != 0) return 1;
    if (dbLoadRecords(db, "P=c:") != 0) return 2;

    dbInitEntry(pdbbase, &entry);
    printf("%d record type(s)\n", dbGetNRecordTypes(&entry));
    for (status = dbFirstRecordType(&entry); !status; status = dbNextRecordType(&entry)) {
        printf("type %s: %d nodes, %d aliases, %d fields, VAL is %s\n", dbGetRecordTypeName(&entry),
               dbGetNRecords(&entry), dbGetNAliases(&entry), entry.precordType->no_fields,
               entry.precordType->pvalFldDes->name);
        for (status = dbFirstRecord(&entry); !status; status = dbNextRecord(&entry)) {
            if (dbIsAlias(&entry)) {
                printf("  alias %s -> %s\n", dbGetRecordName(&entry),
                       entry.precnode->aliasedRecnode->recordname);
                continue;
            }
            printf("  %s%s\n", dbGetRecordName(&entry),
                   (entry.precnode->flags & DBRN_FLAGS_HASALIAS) ? " (has aliases)" : "");
            printRecord(&entry);
        }
    }

    status = dbFindRecord(&entry, "c:one.SCAN");
    printf("find %ld: %s is %s with %d choices, menu %s\n", status, entry.pflddes->name,
           dbGetFieldTypeString(entry.pflddes->field_type), dbGetNMenuChoices(&entry),
           ((dbMenu*)entry.pflddes->ftPvt)->name);
    status = dbPutString(&entry, "Event");
    printf("put %ld: now \"%s\"\n", status, dbGetString(&entry));
    message = dbVerify(&entry, "Sometimes");
    printf("verify: %s\n", message ? message : "(ok)");

    copy = dbCopyEntry(&entry);
    status = dbFindField(copy, "DESC");
    printf("copy %ld: %s = \"%s\", entry still at %s\n", status, dbGetFieldName(copy),
           dbGetString(copy), dbGetFieldName(&entry));
    dbFreeEntry(copy);

    status = dbFindRecord(&entry, "c:alias");
    printf("alias %ld: %s, ", status, dbGetRecordName(&entry));
    dbFollowAlias(&entry);
    printf("real %s\n", dbGetRecordName(&entry));
    dbFinishEntry(&entry);

    printf("--- dbWriteRecordFP level 0\n");
    fflush(stdout);
    dbWriteRecordFP(pdbbase, stdout, "*", 0);
    fflush(stdout);
    dbFreeBase(pdbbase);
    pdbbase = NULL;
    return 0;
}
