// The rules about one record as a whole: SCAN "I/O Intr" on soft device support, LINR without
// its conversion parameters, PINI on a forward-link loop.
#pragma once

#include "RuleContext.hpp"

namespace epicsdb::lint {

void checkRecord(RuleContext& context, const dbstatic::Record& record);

} // namespace epicsdb::lint
