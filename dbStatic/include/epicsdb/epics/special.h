/* special.h: the special-processing codes of field definitions (dbFldDes.special), with the
 * names and values of EPICS Base 7.0.8. */
#ifndef INCspecialh
#define INCspecialh 1

#ifdef __cplusplus
extern "C" {
#endif

/* Codes below 100 are handled by the database itself. */
#define SPC_NOMOD 1     /* field may not be modified */
#define SPC_DBADDR 2    /* the record adjusts the field's address */
#define SPC_SCAN 3      /* scan-related field */
#define SPC_ATTRIBUTE 4 /* record-type attribute (RTYP, VERS) */
#define SPC_ALARMACK 5  /* alarm acknowledgement */
#define SPC_AS 6        /* access security */
/* Codes from 100 on are handled by record support. */
#define SPC_MOD 100
#define SPC_RESET 101
#define SPC_LINCONV 102
#define SPC_CALC 103

/* Number of entries in the table of special names a .dbd may use. */
#define SPC_NTYPES 9

#ifdef __cplusplus
}
#endif

#endif /* INCspecialh */
