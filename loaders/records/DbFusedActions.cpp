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
} // namespace

bool DbActions::refuseKeyword(std::string_view token, const Span& at, const FusedPiece& piece) {
    if (!isKeywordPiece(token, piece)) return false;
    reporter_.error(spanOf(at, piece).begin, "syntax",
                    "syntax error: expected name or quoted string, found keyword '" +
                        std::string(piece.in(token)) + "'");
    return true;
}

void DbActions::fusedRecordHead(std::string_view token, const Span& at) {
    fusedRecordHead(token, at, splitFused(token));
}

void DbActions::fusedRecordHead(std::string_view token, const Span& at,
                                const FusedArguments& fused) {
    recorder_.step(Action::FusedRecordHead, &at);
    if (refuseKeyword(token, at, fused.first) || refuseKeyword(token, at, fused.second)) {
        record_ = {};
        record_.ignoreBody = true;
        return;
    }
    applyRecordHead(fused.first.name(token), spanOf(at, fused.first), fused.second.name(token),
                    spanOf(at, fused.second), token.front() == 'g');
}

void DbActions::fusedField(std::string_view token, const Span& at) {
    fusedField(token, at, splitFused(token));
}

void DbActions::fusedField(std::string_view token, const Span& at, const FusedArguments& fused) {
    recorder_.step(Action::FusedField, &at);
    if (refuseKeyword(token, at, fused.first)) return;
    applyField(fused.first.name(token), spanOf(at, fused.first), valueOf(token, fused.second),
               spanOf(at, fused.second));
}

void DbActions::fusedInfo(std::string_view token, const Span& at) {
    fusedInfo(token, at, splitFused(token));
}

void DbActions::fusedInfo(std::string_view token, const Span& at, const FusedArguments& fused) {
    recorder_.step(Action::FusedInfo, &at);
    if (refuseKeyword(token, at, fused.first)) return;
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
