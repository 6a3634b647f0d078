/* A plain C99 user of macLib.h. It is compiled as C (see CMakeLists.txt), so the header and the
 * library must work for existing EPICS C code unchanged. It writes a transcript of a small
 * session that CProgramTest.cpp checks. */
#include <macLib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int macLibCTranscript(char* buffer, size_t size);

int macLibCTranscript(char* buffer, size_t size) {
    MAC_HANDLE* handle = NULL;
    const char* pairs[] = {"P", "IOC:", "R", "ai1", NULL, NULL};
    char** defines = NULL;
    char value[MAC_SIZE];
    char* expanded;
    long count, length;
    int used = 0;

    if (macCreateHandle(&handle, pairs) != 0) return -1;
    macSuppressWarning(handle, 1);

    count = macParseDefns(NULL, "DESC='a, b', EGU = mA", &defines);
    if (macInstallMacros(handle, defines) != count) return -2;
    free(defines);

    length = macExpandString(handle, "$(P)$(R) \"$(DESC)\" $(EGU) $(NONE)", value, MAC_SIZE);
    used += snprintf(buffer + used, size - used, "%ld %ld %s\n", count, length, value);

    macPushScope(handle);
    macPutValue(handle, "R", "ao1");
    length = macGetValue(handle, "R", value, MAC_SIZE);
    used += snprintf(buffer + used, size - used, "%ld %s\n", length, value);
    macPopScope(handle);
    length = macGetValue(handle, "R", value, MAC_SIZE);
    used += snprintf(buffer + used, size - used, "%ld %s\n", length, value);

    expanded = macDefExpand("$(P)$(R)", handle);
    used += snprintf(buffer + used, size - used, "%s\n", expanded ? expanded : "NULL");
    free(expanded);
    expanded = macDefExpand("$(NONE)", handle);
    used += snprintf(buffer + used, size - used, "%s\n", expanded ? expanded : "NULL");

    if (macDeleteHandle(handle) != 0) return -3;
    return used;
}
