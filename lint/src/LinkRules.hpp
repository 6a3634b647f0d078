// The rules about one link field of one record: its target (ext-link, link-field), its
// modifiers (link-mod), and INP/OUT against the DTYP's device support (hw-link).
#pragma once

#include "RuleContext.hpp"

namespace epicsdb::lint {

void checkLink(RuleContext& context, const dbstatic::Record& record,
               const dbstatic::FieldDef& field, std::string_view text);

} // namespace epicsdb::lint
