// Replaying a plan (ReplayPlan.hpp): the next loads of a cached file take the actions its first
// reading took, without the parser and without lexing its lines that have no '$'. Only this
// load's lines with '$' are lexed again, and the plan is used only when they give the tokens it
// expects. What the actions learnt from a step in an earlier load is kept with the plan
// (StepMemo): each replayed step is told which of its texts are the same as when the plan was
// recorded, so that it can use it.
#pragma once

#include "DbActions.hpp"
#include "DbScanner.hpp"
#include "DollarTokens.hpp"
#include "ReplayPlan.hpp"
#include "source/SourceManager.hpp"

#include <epicsdb/dbStatic/Database.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

class PlanReplayer {
public:
    PlanReplayer(SourceManager& sources, DbActions& actions, const dbstatic::Database& db)
        : sources_(sources), actions_(actions), db_(db) {}

    // Reads `source` (a cached file, read whole) again from its plan; false, having done
    // nothing, when this load's lines with '$' do not give the tokens the plan expects.
    // `ahead`: those tokens, lexed ahead from the same text (null: lexed here).
    bool replay(ReplayPlan& plan, std::uint32_t source,
                const std::vector<DollarToken>* ahead = nullptr);

private:
    struct Token {
        std::string_view text;
        Span span;
        // Tokens on '$' lines: this load's fused arguments, and what is as recorded.
        FusedArguments fused{};
        SameText same = SameText::None;
    };
    // This load's text and span of every plan token; false when the '$' lines disagree.
    bool placeTokens(const ReplayPlan& plan, std::uint32_t source,
                     const std::vector<DollarToken>* ahead);
    bool lexDollarLines(const ReplayPlan& plan, std::uint32_t source, const Chunk& chunk,
                        const std::vector<std::uint32_t>& lineStarts,
                        const std::vector<DollarToken>* ahead);
    void takeSteps(ReplayPlan& plan);
    // The record a head step creates: its index slot is fetched one record ahead (a miss in a
    // large index otherwise stalls every record creation).
    [[nodiscard]] std::string_view recordName(const ReplayPlan& plan,
                                              const ReplayPlan::Step& step) const;
    [[nodiscard]] const FusedArguments& fusedArguments(const ReplayPlan& plan,
                                                       std::uint32_t i) const;
    [[nodiscard]] SameText sameText(const ReplayPlan& plan, std::uint32_t i) const;
    [[nodiscard]] JsonValue value(const ReplayPlan& plan, std::uint32_t i) const;

    SourceManager& sources_;
    DbActions& actions_;
    const dbstatic::Database& db_;

    std::vector<Token> tokens_;
    std::uint32_t firstLine_ = 1; // of the file's chunk
    DollarLexer dollarLexer_;
    std::vector<DollarToken> dollarTokens_;
};

} // namespace epicsdb::loaders
