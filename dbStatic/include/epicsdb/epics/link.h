/* link.h: the EPICS link type numbers and PV link option bits, with the names and values of
 * EPICS Base 7.0.8. The link structures themselves (struct link, DBLINK) are not provided:
 * epicsdb keeps field values as text, so no DBENTRY field points at one (use dbGetString). */
#ifndef INC_link_H
#define INC_link_H

#include <epicsdb/export.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CONSTANT 0
#define PV_LINK 1
#define VME_IO 2
#define CAMAC_IO 3
#define AB_IO 4
#define GPIB_IO 5
#define BITBUS_IO 6
#define MACRO_LINK 7
#define JSON_LINK 8
#define PN_LINK 9
#define DB_LINK 10
#define CA_LINK 11
#define INST_IO 12
#define BBGPIB_IO 13
#define RF_IO 14
#define VXI_IO 15
#define LINK_NTYPES 16

typedef struct maplinkType {
    const char* strvalue;
    int value;
} maplinkType;

/* "CONSTANT" ... "VXI_IO", in link type order. */
EPICSDB_API extern const maplinkType pamaplinkType[LINK_NTYPES];

#define VXIDYNAMIC 0
#define VXISTATIC 1

/* Options of a PV, DB or CA link (pvlMask) */
#define pvlOptMsMode 0x3
#define pvlOptNMS 0
#define pvlOptMS 1
#define pvlOptMSI 2
#define pvlOptMSS 3
#define pvlOptPP 0x4
#define pvlOptCA 0x8
#define pvlOptCP 0x10
#define pvlOptCPP 0x20
#define pvlOptFWD 0x40
#define pvlOptInpNative 0x80
#define pvlOptInpString 0x100
#define pvlOptOutNative 0x200
#define pvlOptOutString 0x400

#define DBLINK_FLAG_INITIALIZED 1
#define DBLINK_FLAG_TSELisTIME 2

#ifdef __cplusplus
}
#endif

#endif /* INC_link_H */
