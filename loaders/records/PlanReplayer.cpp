#include "PlanReplayer.hpp"

#include <algorithm>
#include <cstring>

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

bool isFused(DbTok kind) {
    return kind == DbTok::RecordHead || kind == DbTok::FieldStatement ||
           kind == DbTok::InfoStatement;
}

// The two arguments' SameText as one step's: the second counts only with the first.
SameText bothSame(SameText first, SameText second) {
    if (first == SameText::None) return SameText::None;
    return second == SameText::All ? SameText::All : SameText::Name;
}
} // namespace

bool PlanReplayer::replay(ReplayPlan& plan, std::uint32_t source) {
    if (!placeTokens(plan, source)) return false;
    takeSteps(plan);
    return true;
}

bool PlanReplayer::placeTokens(const ReplayPlan& plan, std::uint32_t source) {
    const SourceInfo& info = sources_.source(source);
    if (!info.lineStarts || info.chunks.size() != 1 || info.lineStarts->size() != plan.lineCount)
        return false;
    const Chunk& chunk = info.chunks.back();
    firstLine_ = chunk.firstLine;
    const std::vector<std::uint32_t>& lineStarts = *info.lineStarts;
    tokens_.resize(plan.tokens.size());
    if (!lexDollarLines(plan, source, chunk, lineStarts)) return false;
    // Tokens on lines without '$' are where they were, relative to their line.
    for (std::size_t i = 0; i < plan.tokens.size(); ++i) {
        const ReplayPlan::Token& token = plan.tokens[i];
        if (token.onDollarLine) continue;
        const std::uint32_t lineStart = lineStarts[token.line];
        const std::uint32_t begin = chunk.base + lineStart + token.spanColumn;
        tokens_[i] = {{chunk.data + lineStart + token.textColumn, token.length},
                      {{source, begin}, {source, begin + token.length}}};
    }
    return true;
}

// Lexes this load's '$' lines again, together, and checks that they give the tokens the plan
// expects (same kinds, same lines); places them.
bool PlanReplayer::lexDollarLines(const ReplayPlan& plan, std::uint32_t source, const Chunk& chunk,
                                  const std::vector<std::uint32_t>& lineStarts) {
    auto lineEnd = [&](std::uint32_t line) {
        return line + 1 < plan.lineCount ? lineStarts[line + 1] : chunk.size;
    };
    dollarText_.clear();
    dollarLineStarts_.clear();
    dollarLines_.clear();
    for (std::uint32_t line = 0; line < plan.lineCount; ++line) {
        if (!plan.dollarLine[line]) continue;
        dollarLineStarts_.push_back(static_cast<std::uint32_t>(dollarText_.size()));
        dollarLines_.push_back(line);
        dollarText_.append(chunk.data + lineStarts[line], lineEnd(line) - lineStarts[line]);
        if (dollarText_.empty() || dollarText_.back() != '\n') dollarText_.push_back('\n');
    }
    dollarText_.append(2, '\0');
    scanner_.restart();
    scanner_.reset(dollarText_.data(), dollarText_.size());
    std::size_t expected = 0;
    std::size_t entry = 0;
    DbLexeme lexeme;
    while (scanner_.next(lexeme) != DbTok::End) {
        while (entry + 1 < dollarLineStarts_.size() &&
               dollarLineStarts_[entry + 1] <= lexeme.offset)
            ++entry;
        if (expected == plan.dollarTokens.size()) return false;
        const std::uint32_t index = plan.dollarTokens[expected++];
        const ReplayPlan::Token& token = plan.tokens[index];
        if (token.kind != lexeme.kind || token.line != dollarLines_[entry]) return false;
        const std::uint32_t lineStart = lineStarts[token.line];
        const std::uint32_t spanColumn = lexeme.offset - dollarLineStarts_[entry];
        const auto textColumn =
            static_cast<std::uint32_t>(lexeme.text.data() - dollarText_.data()) -
            dollarLineStarts_[entry];
        const std::uint32_t begin = chunk.base + lineStart + spanColumn;
        Token& placed = tokens_[index];
        placed.text = {chunk.data + lineStart + textColumn, lexeme.text.size()};
        placed.span = {{source, begin},
                       {source, begin + static_cast<std::uint32_t>(lexeme.text.size())}};
        compareWithRecorded(plan, index);
    }
    return expected == plan.dollarTokens.size();
}

void PlanReplayer::compareWithRecorded(const ReplayPlan& plan, std::uint32_t index) {
    const ReplayPlan::Token& token = plan.tokens[index];
    Token& placed = tokens_[index];
    const std::string_view recorded(plan.recordedText.data() + token.recordedAt, token.length);
    if (placed.text == recorded) {
        placed.same = SameText::All;
        placed.fused = token.fused;
        return;
    }
    placed.same = SameText::None;
    if (!isFused(token.kind)) return;
    // Splitting reads the first argument, and finds where the second starts, from the text
    // before the second's first character: when that is as recorded, so are they. The lexer's
    // rule ends the token with the second argument, blanks and ')'.
    const FusedPiece& second = token.fused.second;
    const std::string_view text = placed.text;
    if (text.size() > second.offset + 1 &&
        std::memcmp(text.data(), recorded.data(), second.offset + 1) == 0) {
        std::size_t end = text.size() - 1;
        while (text[end - 1] == ' ' || text[end - 1] == '\t')
            --end;
        placed.fused = token.fused;
        placed.fused.second.length = static_cast<std::uint32_t>(end - second.offset);
        placed.same = SameText::Name;
        return;
    }
    placed.fused = splitFused(text);
}

std::string_view PlanReplayer::recordName(const ReplayPlan& plan,
                                          const ReplayPlan::Step& step) const {
    if (step.action == Action::RecordHead) return tokens_[step.b].text;
    return fusedArguments(plan, step.a).second.name(tokens_[step.a].text);
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
    return {literalOf(kind, tokens_[i].text), jsonKindOf(kind)};
}

// The parser would take the same actions: take them.
void PlanReplayer::takeSteps(ReplayPlan& plan) {
    plan.memos.resize(plan.steps.size());
    std::size_t nextHead = 0;
    auto prefetchNextHead = [&](std::size_t after) {
        nextHead = std::max(nextHead, after);
        while (nextHead < plan.steps.size() && !isHead(plan.steps[nextHead]))
            ++nextHead;
        if (nextHead < plan.steps.size())
            db_.prefetchRecord(recordName(plan, plan.steps[nextHead++]));
    };
    prefetchNextHead(0);
    auto text = [&](std::uint32_t i) { return tokens_[i].text; };
    auto span = [&](std::uint32_t i) -> const Span& { return tokens_[i].span; };
    // A record's name is on its token's line.
    auto lineOf = [&](std::uint32_t i) { return firstLine_ + plan.tokens[i].line; };
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
        const ReplayPlan::Step& step = plan.steps[i];
        StepMemo& memo = plan.memos[i];
        if (isHead(step)) prefetchNextHead(i + 1);
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
