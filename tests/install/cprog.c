/* A plain C program written against EPICS's macLib.h and dbmf.h, built against the installed
 * epicsdb with pkg-config. */
#include <dbmf.h>
#include <macLib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    MAC_HANDLE* handle = NULL;
    char** pairs = NULL;
    char buffer[100];
    long n;
    char* copy;
    void* block;

    if (macCreateHandle(&handle, NULL) != 0) return 1;
    macSuppressWarning(handle, 1);
    if (macParseDefns(handle, "P=ioc:,N=7,DESC='a, b'", &pairs) != 3) return 2;
    macInstallMacros(handle, pairs);
    free(pairs);

    n = macExpandString(handle, "$(P)ai$(N) desc=$(DESC) $(UNDEF) ${N=9}", buffer, sizeof buffer);
    printf("%ld %s\n", n, buffer);
    macPushScope(handle);
    macPutValue(handle, "N", "8");
    n = macExpandString(handle, "$(P)ai$(N)", buffer, sizeof buffer);
    printf("%ld %s\n", n, buffer);
    macPopScope(handle);
    n = macExpandString(handle, "$(P)ai$(N)", buffer, 5);
    printf("%ld %s\n", n, buffer);
    macDeleteHandle(handle);

    dbmfInit(64, 4);
    copy = dbmfStrdup("hello");
    block = dbmfMalloc(1000);
    printf("%s\n", copy);
    dbmfShow(0);
    dbmfFree(block);
    dbmfFree(copy);
    dbmfShow(0);
    return 0;
}
