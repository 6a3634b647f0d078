// The fused one-token statements (see DbLexer.l): split into their two arguments, a keyword
// among them refused as token-by-token reading would refuse it, then the ordinary actions.
#include "DbActions.hpp"
#include "FusedStatement.hpp"

namespace epicsdb::loaders {

using Action = ReplayPlan::Action;

namespace {
Span spanOf(const Span& token, const FusedPiece& piece) {
    Span span;
    span.begin = {token.begin.source, token.begin.offset + piece.offset};
    span.end = {token.begin.source, span.begin.offset + piece.length};
    return span;
}

JsonValue valueOf(std::string_view token, const FusedPiece& piece) {
    return {piece.in(token), piece.quoted ? JsonKind::String : JsonKind::Bare};
}

// Links name records, which seldom repeat: kept, they would only push out statements that do.
bool keepsStatements(const dbstatic::FieldDef& field) {
    using dbstatic::DbfType;
    return field.type != DbfType::InLink && field.type != DbfType::OutLink &&
           field.type != DbfType::FwdLink;
}
} // namespace

bool DbActions::reportKeyword(std::string_view token, const Span& at, const FusedPiece& piece) {
    reporter_.error(spanOf(at, piece).begin, "syntax",
                    "syntax error: expected name or quoted string, found keyword '" +
                        std::string(piece.in(token)) + "'");
    return true;
}

// Whether a piece is a keyword depends on its text only: a replay's memo remembers a first
// argument that was not.
bool DbActions::refuseKeywordName(std::string_view token, const Span& at, const FusedPiece& piece,
                                  const ReplayFacts& facts) {
    StepMemo* memo = facts.same != SameText::None ? facts.memo : nullptr;
    if (memo && memo->nameNotKeyword) return false;
    if (refuseKeyword(token, at, piece)) return true;
    if (memo) memo->nameNotKeyword = true;
    return false;
}

void DbActions::fusedRecordHead(std::string_view token, const Span& at) {
    fusedRecordHead(token, at, splitFused(token), {});
}

void DbActions::fusedRecordHead(std::string_view token, const Span& at, const FusedArguments& fused,
                                const ReplayFacts& facts) {
    recorder_.step(Action::FusedRecordHead, &at);
    if (refuseKeywordName(token, at, fused.first, facts) ||
        refuseKeyword(token, at, fused.second)) {
        record_ = {};
        record_.ignoreBody = true;
        return;
    }
    // The split (of this very token, or a replay's for this load's name) has the name's hash
    // and knows whether it is plain.
    applyRecordHead(fused.first.name(token), spanOf(at, fused.first), fused.second.name(token),
                    spanOf(at, fused.second), token.front() == 'g', facts.nameLine,
                    dbstatic::Database::NameHash{fused.hash}, fused.second.plainName);
}

void DbActions::fusedField(std::string_view token, const Span& at) {
    fusedField(token, at, splitFused(token), {});
}

void DbActions::fusedField(std::string_view token, const Span& at, const FusedArguments& fused,
                           const ReplayFacts& facts) {
    recorder_.step(Action::FusedField, &at);
    // What applyField would do, without working out the spans and the value.
    if (const StepMemo* memo = acceptedBefore(facts); memo && memo->nameNotKeyword) {
        edits_.setFieldView(
            memo->field->index,
            token.substr(fused.second.offset + memo->valueOffset, memo->valueLength),
            memo->valueHash);
        noteField(memo->field->index, at);
        return;
    }
    // Outside a replay: a statement taken before on a record of this type is taken again.
    const bool outsideReplay = !facts.memo && record_.node;
    if (outsideReplay) {
        statements_.under(db_);
        if (const AcceptedStatements::Effect* effect =
                statements_.find(record_.node->type(), token, fused.hash)) {
            // A token's text stays where it is until the record's end (the reader lets go of
            // older text only between items): no copy.
            edits_.setFieldView(effect->field,
                                token.substr(effect->valueOffset, effect->valueLength));
            noteField(effect->field, at);
            return;
        }
    }
    if (refuseKeywordName(token, at, fused.first, facts)) return;
    const FieldSet set = applyField(fused.first.name(token), spanOf(at, fused.first),
                                    valueOf(token, fused.second), spanOf(at, fused.second), facts);
    if (outsideReplay && set.field && keepsStatements(*set.field))
        statements_.add(record_.node->type(), token, fused.hash, set.field->index, set.text);
}

void DbActions::fusedInfo(std::string_view token, const Span& at) {
    fusedInfo(token, at, splitFused(token), {});
}

void DbActions::fusedInfo(std::string_view token, const Span& at, const FusedArguments& fused,
                          const ReplayFacts& facts) {
    recorder_.step(Action::FusedInfo, &at);
    if (refuseKeywordName(token, at, fused.first, facts)) return;
    applyInfo(fused.first.name(token), spanOf(at, fused.first), valueOf(token, fused.second));
}

void DbActions::fusedFieldDef(std::string_view token, const Span& at) {
    const FusedArguments fused = splitFused(token);
    if (refuseKeyword(token, at, fused.first) || refuseKeyword(token, at, fused.second)) {
        recordType_.fieldValid = false;
        recordType_.skip = true;
        return;
    }
    beginFieldDef(fused.first.name(token), spanOf(at, fused.first), fused.second.name(token),
                  spanOf(at, fused.second));
}

} // namespace epicsdb::loaders
