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
    // Where this load's tokens are; false when the '$' lines disagree.
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
    // This load's text and span of plan token i (inline: several per step).
    [[nodiscard]] std::string_view text(const ReplayPlan& plan, std::uint32_t i) const {
        const ReplayPlan::Token& token = plan.tokens[i];
        if (token.onDollarLine) return tokens_[i].text;
        return {chunkData_ + lineStarts_[token.line] + token.textColumn, token.length};
    }
    [[nodiscard]] Span span(const ReplayPlan& plan, std::uint32_t i) const {
        const ReplayPlan::Token& token = plan.tokens[i];
        if (token.onDollarLine) return tokens_[i].span;
        const std::uint32_t begin = chunkBase_ + lineStarts_[token.line] + token.spanColumn;
        return {{source_, begin}, {source_, begin + token.length}};
    }
    [[nodiscard]] const FusedArguments& fusedArguments(const ReplayPlan& plan,
                                                       std::uint32_t i) const;
    [[nodiscard]] SameText sameText(const ReplayPlan& plan, std::uint32_t i) const;
    [[nodiscard]] JsonValue value(const ReplayPlan& plan, std::uint32_t i) const;

    SourceManager& sources_;
    DbActions& actions_;
    const dbstatic::Database& db_;

    std::vector<Token> tokens_;   // this load's tokens on '$' lines (the others: text(), span())
    std::uint32_t firstLine_ = 1; // of the file's chunk
    // The file's one chunk and line table, for text() and span().
    std::uint32_t source_ = 0;
    const char* chunkData_ = nullptr;
    std::uint32_t chunkBase_ = 0;
    const std::uint32_t* lineStarts_ = nullptr;
    DollarLexer dollarLexer_;
    std::vector<DollarToken> dollarTokens_;
};

} // namespace epicsdb::loaders
