/* A plain C program written against EPICS's dbStaticLib.h, built against the installed
 * epicsdb with pkg-config: reads the definitions and records named on the command line and
 * prints every link field of every record, walking them with dbGetNLinks/dbGetLinkField. */
#include <dbStaticLib.h>

#include <stdio.h>

int main(int argc, char** argv) {
    DBBASE* base = NULL;
    DBENTRY entry;
    long status;
    int i;

    if (argc < 3) return 2;
    for (i = 1; i < argc; i++)
        if (dbReadDatabase(&base, argv[i], NULL, NULL) != 0) return 1;
    dbInitEntry(base, &entry);
    for (status = dbFirstRecordType(&entry); !status; status = dbNextRecordType(&entry)) {
        const int links = dbGetNLinks(&entry);
        long found;
        printf("recordtype %s: %d link fields\n", dbGetRecordTypeName(&entry), links);
        for (found = dbFirstRecord(&entry); !found; found = dbNextRecord(&entry)) {
            int link;
            if (dbIsAlias(&entry)) continue;
            for (link = 0; link < links; link++) {
                const char* value;
                if (dbGetLinkField(&entry, link) != 0) return 3;
                value = dbGetString(&entry);
                printf("  %s.%s (%s) \"%s\"\n", dbGetRecordName(&entry), dbGetFieldName(&entry),
                       dbGetFieldTypeString(dbGetFieldDbfType(&entry)), value ? value : "(null)");
            }
        }
    }
    if (dbFirstRecordType(&entry) == 0)
        printf("past the last link: %s\n",
               dbGetLinkField(&entry, dbGetNLinks(&entry)) == S_dbLib_badLink ? "S_dbLib_badLink"
                                                                              : "accepted");
    dbFinishEntry(&entry);
    dbFreeBase(base);
    return 0;
}
