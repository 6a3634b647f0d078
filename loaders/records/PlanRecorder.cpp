#include "PlanRecorder.hpp"

#include "FusedStatement.hpp"
#include "source/FileCache.hpp"

#include <algorithm>

namespace epicsdb::loaders {

namespace {
// Tokens a plan can hold: those of record statements. Definitions, includes, JSON objects and
// arrays and lexical errors cannot be replayed.
bool isReplayableToken(DbTok kind, bool lexedInJson) {
    switch (kind) {
    case DbTok::Record:
    case DbTok::Grecord:
    case DbTok::RecordHead:
    case DbTok::FieldStatement:
    case DbTok::InfoStatement:
    case DbTok::Field:
    case DbTok::Info:
    case DbTok::Alias:
    case DbTok::Bareword:
    case DbTok::String:
    case DbTok::LParen:
    case DbTok::RParen:
    case DbTok::Comma:
    case DbTok::JString:
    case DbTok::JNumber:
    case DbTok::JBare:
    case DbTok::JNull:
    case DbTok::JTrue:
    case DbTok::JFalse:
        return true;
    case DbTok::LBrace:
    case DbTok::RBrace:
        return !lexedInJson; // record bodies, not JSON objects
    default:
        return false;
    }
}

} // namespace

void PlanRecorder::start(const CachedFile& file, ReplayPlans::Slot& slot, const SourceInfo& source,
                         std::uint32_t sourceId) {
    ++slot.attempts;
    recording_ = false;
    if (!source.lineStarts || source.chunks.size() != 1) return;
    recording_ = true;
    failed_ = false;
    slot_ = &slot;
    source_ = sourceId;
    data_ = source.chunks.back().data;
    base_ = source.chunks.back().base;
    lineStarts_ = source.lineStarts;
    tokenOffsets_.clear();
    plan_ = {};
    plan_.lineCount = static_cast<std::uint32_t>(file.lineStarts.size());
    plan_.dollarLine = file.lineHasDollar;
}

void PlanRecorder::finish() {
    if (recording_ && !failed_ && plan_.lineCount > 0) {
        plan_.memos.assign(plan_.steps.size(), {});
        plan_.heads.clear();
        for (std::size_t i = 0; i < plan_.steps.size(); ++i) {
            const ReplayPlan::Action action = plan_.steps[i].action;
            if (action == ReplayPlan::Action::RecordHead ||
                action == ReplayPlan::Action::FusedRecordHead)
                plan_.heads.push_back(static_cast<std::uint32_t>(i));
        }
        slot_->plan = std::make_unique<ReplayPlan>(std::move(plan_));
    }
    recording_ = false;
}

void PlanRecorder::addToken(DbTok kind, const Span& span, std::string_view text, bool lexedInJson) {
    if (kind == DbTok::End) return;
    if (span.begin.source != source_ || !isReplayableToken(kind, lexedInJson)) {
        failed_ = true;
        return;
    }
    const std::uint32_t offset = span.begin.offset - base_;
    const std::vector<std::uint32_t>& starts = *lineStarts_;
    const auto line = static_cast<std::uint32_t>(
        std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin() - 1);
    ReplayPlan::Token token{kind,
                            line,
                            offset - starts[line],
                            static_cast<std::uint32_t>(text.data() - data_) - starts[line],
                            static_cast<std::uint32_t>(text.size()),
                            plan_.dollarLine[line] != 0};
    // Lines with '$' are lexed again, alone and in the INITIAL state: they must not need more.
    if (token.onDollarLine && lexedInJson) {
        failed_ = true;
        return;
    }
    if (token.onDollarLine) {
        plan_.dollarTokens.push_back(static_cast<std::uint32_t>(plan_.tokens.size()));
        // A replay compares its text with this one to tell what stayed the same.
        token.recordedAt = static_cast<std::uint32_t>(plan_.recordedText.size());
        plan_.recordedText.append(text);
    }
    if (isFusedStatement(kind)) token.fused = splitFused(text);
    plan_.tokens.push_back(token);
    tokenOffsets_.push_back(span.begin.offset);
}

void PlanRecorder::addStep(ReplayPlan::Action action, const Span* a, const Span* b, bool flag) {
    auto tokenAt = [&](const Span* span, std::uint32_t& index) {
        auto it = std::lower_bound(tokenOffsets_.begin(), tokenOffsets_.end(), span->begin.offset);
        if (it == tokenOffsets_.end() || *it != span->begin.offset || span->begin.source != source_)
            return false;
        index = static_cast<std::uint32_t>(it - tokenOffsets_.begin());
        return true;
    };
    ReplayPlan::Step step{action, flag, 0, 0};
    if ((a && !tokenAt(a, step.a)) || (b && !tokenAt(b, step.b))) {
        failed_ = true;
        return;
    }
    plan_.steps.push_back(step);
}

} // namespace epicsdb::loaders
