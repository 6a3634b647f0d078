/* dbAccess.h: the parts of EPICS's dbAccess.h that epicsdb provides (the static database and
 * the load entry points); see dbAccessDefs.h. */
#ifndef INCdbAccessh
#define INCdbAccessh

#include "dbAccessDefs.h"
#include "dbBase.h"
#include "dbFldTypes.h"
#include "errMdef.h"
#include "link.h"

#endif /* INCdbAccessh */
