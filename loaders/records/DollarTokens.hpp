// The tokens of a replayed file's lines with '$' (ReplayPlan.hpp): the lines of this load's
// expanded text are lexed again, together, and must give the tokens the plan expects (same
// kinds, same lines); each is placed (where its text and span start in the text) and compared
// with the recorded one (SameText: the replay then reuses what the steps learnt). The replayer
// does it for a load; a worker preparing the next template instance does it ahead
// (TemplateAhead), with the same code.
#pragma once

#include "DbScanner.hpp"
#include "FusedStatement.hpp"
#include "ReplayPlan.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

struct DollarToken {
    std::uint32_t textOffset = 0; // in the expanded text: the text handed over
    std::uint32_t length = 0;
    std::uint32_t spanOffset = 0; // where the token starts (a string's opening quote)
    FusedArguments fused{};       // a fused statement's arguments
    SameText same = SameText::None;
};

class DollarLexer {
public:
    // `text` is the file's expanded text, `lineStarts` its line table. Fills `out` with one
    // entry per plan.dollarTokens, in order; false when the lines do not give the tokens.
    bool lex(const ReplayPlan& plan, std::string_view text,
             const std::vector<std::uint32_t>& lineStarts, std::vector<DollarToken>& out);

private:
    DbScanner scanner_;
    std::string dollarText_;                      // the '$' lines, one after the other
    std::vector<std::uint32_t> dollarLineStarts_; // where each starts in dollarText_
    std::vector<std::uint32_t> dollarLines_;      // and which line of the file it is
};

} // namespace epicsdb::loaders
