// Fix-its applied to the text of one file: `epicsdb lint --fix` and `check --fix`. Only the
// bytes of each range change; everything else is kept byte for byte.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/export.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::format {

struct FixedText {
    std::string text;
    // Per fix given, whether it was applied: a fix whose range lies outside the text, or
    // overlaps one applied before it (in the order given), is left out. A fix identical to one
    // applied (a template loaded many times reports the same fix each time) counts as applied.
    std::vector<bool> applied;
};

// The fixes must all be for this text's file (their range's file is not looked at).
[[nodiscard]] EPICSDB_API FixedText applyFixes(std::string_view text, std::span<const FixIt> fixes);

} // namespace epicsdb::format
