// Replay plans (ReplayPlan.hpp): recording what the parser did with a cached file, and doing it
// again for the next loads of that file. The grammar-facing record actions live here too: they
// record a step (when recording) and then do the work (DbRecordActions.cpp).
#include "DbReader.hpp"

#include <algorithm>
#include <cstring>

namespace epicsdb::loaders {

using Action = ReplayPlan::Action;

namespace {
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
        return false; // definitions, includes, JSON objects and arrays, lexical errors
    }
}

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
} // namespace

// ---- grammar-facing record actions ----------------------------------------------------------

void DbReader::beginRecord(std::string_view type, const Span& typeAt, std::string_view name,
                           const Span& nameAt, bool visible) {
    if (recording_) recordStep(Action::RecordHead, &typeAt, &nameAt, visible);
    doBeginRecord(type, typeAt, name, nameAt, visible);
}

void DbReader::onField(std::string_view name, const Span& nameAt, const JsonValue& value,
                       const Span& valueAt) {
    if (recording_) recordStep(Action::Field, &nameAt, &valueAt);
    doField(name, nameAt, value, valueAt);
}

void DbReader::onInfo(std::string_view name, const Span& nameAt, const JsonValue& value,
                      const Span& valueAt) {
    if (recording_) recordStep(Action::Info, &nameAt, &valueAt);
    doInfo(name, nameAt, value, valueAt);
}

void DbReader::onFusedRecordHead(std::string_view text, const Span& at) {
    if (recording_) recordStep(Action::FusedRecordHead, &at);
    doFusedRecordHead(text, at, splitFused(text));
}

void DbReader::onFusedField(std::string_view text, const Span& at) {
    if (recording_) recordStep(Action::FusedField, &at);
    doFusedField(text, at, splitFused(text));
}

void DbReader::onFusedInfo(std::string_view text, const Span& at) {
    if (recording_) recordStep(Action::FusedInfo, &at);
    doFusedInfo(text, at, splitFused(text));
}

void DbReader::onRecordAlias(std::string_view alias, const Span& at) {
    if (recording_) recordStep(Action::RecordAlias, &at);
    doRecordAlias(alias, at);
}

void DbReader::onAlias(std::string_view record, const Span& recordAt, std::string_view alias,
                       const Span& aliasAt) {
    if (recording_) recordStep(Action::Alias, &recordAt, &aliasAt);
    doAlias(record, recordAt, alias, aliasAt);
}

void DbReader::endRecord() {
    if (recording_) recordStep(Action::EndRecord);
    doEndRecord();
}

// ---- recording --------------------------------------------------------------------------------

void DbReader::startRecording(const CachedFile& file, ReplayPlans::Slot& slot,
                              std::uint32_t source) {
    ++slot.attempts;
    const SourceInfo& info = sources_.source(source);
    if (!info.lineStarts || info.chunks.size() != 1) return;
    auto recording = std::make_unique<PlanRecording>();
    recording->slot = &slot;
    recording->source = source;
    recording->data = info.chunks.back().data;
    recording->base = info.chunks.back().base;
    recording->lineStarts = info.lineStarts;
    recording->plan.lineCount = static_cast<std::uint32_t>(file.lineStarts.size());
    recording->plan.dollarLine = file.lineHasDollar;
    recording_ = std::move(recording);
}

void DbReader::abandonRecording() noexcept {
    if (recording_) recording_->failed = true;
}

void DbReader::recordToken(DbTok kind, const Span& span, std::string_view text, bool lexedInJson) {
    PlanRecording& r = *recording_;
    if (r.failed || kind == DbTok::End) return;
    if (span.begin.source != r.source || !isReplayableToken(kind, lexedInJson)) {
        r.failed = true;
        return;
    }
    const std::uint32_t offset = span.begin.offset - r.base;
    const std::vector<std::uint32_t>& starts = *r.lineStarts;
    const auto line = static_cast<std::uint32_t>(
        std::upper_bound(starts.begin(), starts.end(), offset) - starts.begin() - 1);
    ReplayPlan::Token token{kind,
                            line,
                            offset - starts[line],
                            static_cast<std::uint32_t>(text.data() - r.data) - starts[line],
                            static_cast<std::uint32_t>(text.size()),
                            r.plan.dollarLine[line] != 0};
    if (!token.onDollarLine && (kind == DbTok::RecordHead || kind == DbTok::FieldStatement ||
                                kind == DbTok::InfoStatement))
        token.fused = splitFused(text);
    // Lines with '$' are lexed again, alone and in the INITIAL state: they must not need more.
    if (token.onDollarLine && lexedInJson) {
        r.failed = true;
        return;
    }
    if (token.onDollarLine)
        r.plan.dollarTokens.push_back(static_cast<std::uint32_t>(r.plan.tokens.size()));
    r.plan.tokens.push_back(token);
    r.tokenOffsets.push_back(span.begin.offset);
}

void DbReader::recordStep(Action action, const Span* a, const Span* b, bool flag) {
    PlanRecording& r = *recording_;
    if (r.failed) return;
    auto tokenAt = [&](const Span* span, std::uint32_t& index) {
        auto it =
            std::lower_bound(r.tokenOffsets.begin(), r.tokenOffsets.end(), span->begin.offset);
        if (it == r.tokenOffsets.end() || *it != span->begin.offset ||
            span->begin.source != r.source)
            return false;
        index = static_cast<std::uint32_t>(it - r.tokenOffsets.begin());
        return true;
    };
    ReplayPlan::Step step{action, flag, 0, 0};
    if ((a && !tokenAt(a, step.a)) || (b && !tokenAt(b, step.b))) {
        r.failed = true;
        return;
    }
    r.plan.steps.push_back(step);
}

void DbReader::finishRecording() {
    std::unique_ptr<PlanRecording> recording = std::move(recording_);
    if (recording && !recording->failed && recording->plan.lineCount > 0)
        recording->slot->plan = std::make_unique<ReplayPlan>(std::move(recording->plan));
}

// ---- replaying --------------------------------------------------------------------------------

bool DbReader::replay(const ReplayPlan& plan, std::uint32_t source) {
    const SourceInfo& info = sources_.source(source);
    if (!info.lineStarts || info.chunks.size() != 1 || info.lineStarts->size() != plan.lineCount)
        return false;
    const Chunk& chunk = info.chunks.back();
    const std::vector<std::uint32_t>& lineStarts = *info.lineStarts;
    auto lineEnd = [&](std::uint32_t line) {
        return line + 1 < plan.lineCount ? lineStarts[line + 1] : chunk.size;
    };

    // Lex this load's '$' lines again, together, and check they give the expected tokens.
    replayText_.clear();
    dollarLineStarts_.clear();
    dollarLines_.clear();
    for (std::uint32_t line = 0; line < plan.lineCount; ++line) {
        if (!plan.dollarLine[line]) continue;
        dollarLineStarts_.push_back(static_cast<std::uint32_t>(replayText_.size()));
        dollarLines_.push_back(line);
        replayText_.append(chunk.data + lineStarts[line], lineEnd(line) - lineStarts[line]);
        if (replayText_.empty() || replayText_.back() != '\n') replayText_.push_back('\n');
    }
    replayText_.append(2, '\0');
    replayTokens_.resize(plan.tokens.size());
    replayScanner_.restart();
    replayScanner_.reset(replayText_.data(), replayText_.size());
    std::size_t expected = 0;
    std::size_t entry = 0;
    DbLexeme lexeme;
    while (replayScanner_.next(lexeme) != DbTok::End) {
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
            static_cast<std::uint32_t>(lexeme.text.data() - replayText_.data()) -
            dollarLineStarts_[entry];
        const std::uint32_t begin = chunk.base + lineStart + spanColumn;
        replayTokens_[index] = {
            {chunk.data + lineStart + textColumn, lexeme.text.size()},
            {{source, begin}, {source, begin + static_cast<std::uint32_t>(lexeme.text.size())}}};
    }
    if (expected != plan.dollarTokens.size()) return false;
    for (std::size_t i = 0; i < plan.tokens.size(); ++i) {
        const ReplayPlan::Token& token = plan.tokens[i];
        if (token.onDollarLine) continue;
        const std::uint32_t lineStart = lineStarts[token.line];
        const std::uint32_t begin = chunk.base + lineStart + token.spanColumn;
        replayTokens_[i] = {{chunk.data + lineStart + token.textColumn, token.length},
                            {{source, begin}, {source, begin + token.length}}};
    }

    // The record index slot of each record is fetched one record ahead (a miss in a large
    // index otherwise stalls every record creation).
    auto recordName = [&](const ReplayPlan::Step& step) -> std::string_view {
        if (step.action == Action::RecordHead) return replayTokens_[step.b].text;
        const ReplayPlan::Token& token = plan.tokens[step.a];
        const std::string_view text = replayTokens_[step.a].text;
        const FusedPiece name = token.onDollarLine ? splitFused(text).second : token.fused.second;
        return name.quoted ? name.in(text).substr(1, name.length - 2) : name.in(text);
    };
    auto isHead = [](const ReplayPlan::Step& step) {
        return step.action == Action::RecordHead || step.action == Action::FusedRecordHead;
    };
    std::size_t nextHead = 0;
    auto prefetchNextHead = [&](std::size_t after) {
        nextHead = std::max(nextHead, after);
        while (nextHead < plan.steps.size() && !isHead(plan.steps[nextHead]))
            ++nextHead;
        if (nextHead < plan.steps.size()) db_.prefetchRecord(recordName(plan.steps[nextHead++]));
    };
    prefetchNextHead(0);

    // The parser would take the same actions: take them.
    auto text = [&](std::uint32_t i) { return replayTokens_[i].text; };
    auto span = [&](std::uint32_t i) -> const Span& { return replayTokens_[i].span; };
    auto fused = [&](std::uint32_t i) {
        const ReplayPlan::Token& token = plan.tokens[i];
        return token.onDollarLine ? splitFused(replayTokens_[i].text) : token.fused;
    };
    auto value = [&](std::uint32_t i) {
        const DbTok kind = plan.tokens[i].kind;
        return JsonValue{literalOf(kind, replayTokens_[i].text), jsonKindOf(kind)};
    };
    for (std::size_t i = 0; i < plan.steps.size(); ++i) {
        const ReplayPlan::Step& step = plan.steps[i];
        if (isHead(step)) prefetchNextHead(i + 1);
        switch (step.action) {
        case Action::RecordHead:
            doBeginRecord(text(step.a), span(step.a), text(step.b), span(step.b), step.flag);
            break;
        case Action::FusedRecordHead:
            doFusedRecordHead(text(step.a), span(step.a), fused(step.a));
            break;
        case Action::Field:
            doField(text(step.a), span(step.a), value(step.b), span(step.b));
            break;
        case Action::Info:
            doInfo(text(step.a), span(step.a), value(step.b), span(step.b));
            break;
        case Action::FusedField:
            doFusedField(text(step.a), span(step.a), fused(step.a));
            break;
        case Action::FusedInfo:
            doFusedInfo(text(step.a), span(step.a), fused(step.a));
            break;
        case Action::RecordAlias:
            doRecordAlias(text(step.a), span(step.a));
            break;
        case Action::Alias:
            doAlias(text(step.a), span(step.a), text(step.b), span(step.b));
            break;
        case Action::EndRecord:
            doEndRecord();
            break;
        case Action::EndItem:
            endItem();
            break;
        }
    }
    return true;
}

} // namespace epicsdb::loaders
