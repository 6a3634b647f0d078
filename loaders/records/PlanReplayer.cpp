#include "PlanReplayer.hpp"

#include <algorithm>

namespace epicsdb::loaders {

using Action = ReplayPlan::Action;

namespace {
JsonKind jsonKindOf(DbTok kind) {
    switch (kind) {
    case DbTok::JString:
        return JsonKind::String;
    case DbTok::JNumber:
        return JsonKind::Number;
    case DbTok::JBare:
        return JsonKind::Bare;
    default:
        return JsonKind::Literal;
    }
}

// The value the grammar makes of a literal token.
std::string_view literalOf(DbTok kind, std::string_view text) {
    switch (kind) {
    case DbTok::JNull:
        return "null";
    case DbTok::JTrue:
        return "true";
    case DbTok::JFalse:
        return "false";
    default:
        return text;
    }
}

bool isHead(const ReplayPlan::Step& step) {
    return step.action == Action::RecordHead || step.action == Action::FusedRecordHead;
}

// The two arguments' SameText as one step's: the second counts only with the first.
SameText bothSame(SameText first, SameText second) {
    if (first == SameText::None) return SameText::None;
    return second == SameText::All ? SameText::All : SameText::Name;
}
} // namespace

bool PlanReplayer::replay(ReplayPlan& plan, std::uint32_t source,
                          const std::vector<DollarToken>* ahead) {
    if (!placeTokens(plan, source, ahead)) return false;
    takeSteps(plan);
    return true;
}

bool PlanReplayer::placeTokens(const ReplayPlan& plan, std::uint32_t source,
                               const std::vector<DollarToken>* ahead) {
    const SourceInfo& info = sources_.source(source);
    if (!info.lineStarts || info.chunks.size() != 1 || info.lineStarts->size() != plan.lineCount)
        return false;
    const Chunk& chunk = info.chunks.back();
    firstLine_ = chunk.firstLine;
    source_ = source;
    chunkData_ = chunk.data;
    chunkBase_ = chunk.base;
    lineStarts_ = info.lineStarts->data();
    tokens_.resize(plan.tokens.size());
    // Tokens on lines without '$' are where they were, relative to their line: placed when a
    // step asks (text, span), most never are.
    return lexDollarLines(plan, source, chunk, *info.lineStarts, ahead);
}

// This load's '$' line tokens, lexed here or ahead (DollarTokens.hpp), placed.
bool PlanReplayer::lexDollarLines(const ReplayPlan& plan, std::uint32_t source, const Chunk& chunk,
                                  const std::vector<std::uint32_t>& lineStarts,
                                  const std::vector<DollarToken>* ahead) {
    if (!ahead) {
        if (!dollarLexer_.lex(plan, {chunk.data, chunk.size}, lineStarts, dollarTokens_))
            return false;
        ahead = &dollarTokens_;
    }
    for (std::size_t k = 0; k < plan.dollarTokens.size(); ++k) {
        const DollarToken& lexed = (*ahead)[k];
        Token& placed = tokens_[plan.dollarTokens[k]];
        const std::uint32_t begin = chunk.base + lexed.spanOffset;
        placed.text = {chunk.data + lexed.textOffset, lexed.length};
        placed.span = {{source, begin}, {source, begin + lexed.length}};
        placed.fused = lexed.fused;
        placed.same = lexed.same;
    }
    return true;
}

std::string_view PlanReplayer::recordName(const ReplayPlan& plan,
                                          const ReplayPlan::Step& step) const {
    if (step.action == Action::RecordHead) return text(plan, step.b);
    return fusedArguments(plan, step.a).second.name(text(plan, step.a));
}

const FusedArguments& PlanReplayer::fusedArguments(const ReplayPlan& plan, std::uint32_t i) const {
    const ReplayPlan::Token& token = plan.tokens[i];
    return token.onDollarLine ? tokens_[i].fused : token.fused;
}

SameText PlanReplayer::sameText(const ReplayPlan& plan, std::uint32_t i) const {
    return plan.tokens[i].onDollarLine ? tokens_[i].same : SameText::All;
}

JsonValue PlanReplayer::value(const ReplayPlan& plan, std::uint32_t i) const {
    const DbTok kind = plan.tokens[i].kind;
    return {literalOf(kind, text(plan, i)), jsonKindOf(kind)};
}

// The parser would take the same actions: take them.
void PlanReplayer::takeSteps(ReplayPlan& plan) {
    plan.memos.resize(plan.steps.size());
    // The record a head step creates: its index slot is fetched one record ahead.
    std::size_t nextHead = 0; // in plan.heads
    auto prefetchNextHead = [&] {
        if (nextHead >= plan.heads.size()) return;
        const ReplayPlan::Step& head = plan.steps[plan.heads[nextHead++]];
        // A fused head's split has the name's hash (DollarTokens): no hashing here.
        if (head.action == Action::FusedRecordHead)
            db_.prefetchRecord(dbstatic::Database::NameHash{fusedArguments(plan, head.a).hash});
        else
            db_.prefetchRecord(recordName(plan, head));
    };
    prefetchNextHead();
    auto text = [&](std::uint32_t i) { return this->text(plan, i); };
    auto span = [&](std::uint32_t i) { return this->span(plan, i); };
    // A record's name is on its token's line.
    auto lineOf = [&](std::uint32_t i) { return firstLine_ + plan.tokens[i].line; };
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
        const ReplayPlan::Step& step = plan.steps[i];
        StepMemo& memo = plan.memos[i];
        if (isHead(step)) prefetchNextHead();
        switch (step.action) {
        case Action::RecordHead:
            actions_.beginRecord(
                text(step.a), span(step.a), text(step.b), span(step.b), step.flag,
                {&memo, bothSame(sameText(plan, step.a), sameText(plan, step.b)), lineOf(step.b)});
            break;
        case Action::FusedRecordHead:
            actions_.fusedRecordHead(text(step.a), span(step.a), fusedArguments(plan, step.a),
                                     {&memo, sameText(plan, step.a), lineOf(step.a)});
            break;
        case Action::Field:
            actions_.field(text(step.a), span(step.a), value(plan, step.b), span(step.b),
                           {&memo, bothSame(sameText(plan, step.a), sameText(plan, step.b))});
            break;
        case Action::Info:
            actions_.info(text(step.a), span(step.a), value(plan, step.b), span(step.b));
            break;
        case Action::FusedField:
            actions_.fusedField(text(step.a), span(step.a), fusedArguments(plan, step.a),
                                {&memo, sameText(plan, step.a)});
            break;
        case Action::FusedInfo:
            actions_.fusedInfo(text(step.a), span(step.a), fusedArguments(plan, step.a),
                               {&memo, sameText(plan, step.a)});
            break;
        case Action::RecordAlias:
            actions_.recordAlias(text(step.a), span(step.a));
            break;
        case Action::Alias:
            actions_.alias(text(step.a), span(step.a), text(step.b), span(step.b));
            break;
        case Action::EndRecord:
            actions_.endRecord();
            break;
        }
    }
}

} // namespace epicsdb::loaders
