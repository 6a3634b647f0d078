#include "DollarTokens.hpp"

#include <epicsdb/dbStatic/Database.hpp>

#include <cstring>

namespace epicsdb::loaders {

namespace {

// How a token placed in this load compares with the recorded one; its fused arguments.
void compareWithRecorded(const ReplayPlan& plan, const ReplayPlan::Token& token,
                         std::string_view text, DollarToken& placed) {
    const std::string_view recorded(plan.recordedText.data() + token.recordedAt, token.length);
    if (text == recorded) {
        placed.same = SameText::All;
        placed.fused = token.fused;
        return;
    }
    placed.same = SameText::None;
    if (!isFusedStatement(token.kind)) return;
    // Splitting reads the first argument, and finds where the second starts, from the text
    // before the second's first character: when that is as recorded, so are they. The lexer's
    // rule ends the token with the second argument, blanks and ')'.
    const FusedPiece& second = token.fused.second;
    if (text.size() > second.offset + 1 &&
        std::memcmp(text.data(), recorded.data(), second.offset + 1) == 0) {
        std::size_t end = text.size() - 1;
        while (text[end - 1] == ' ' || text[end - 1] == '\t')
            --end;
        placed.fused = token.fused;
        placed.fused.second.length = static_cast<std::uint32_t>(end - second.offset);
        placed.same = SameText::Name;
        if (token.kind == DbTok::RecordHead) {
            // This load's name: worked out here, off the reader when lexed ahead.
            const std::string_view name = placed.fused.second.name(text);
            placed.fused.second.plainName = plainRecordName(name);
            placed.fused.hash = dbstatic::Database::hashRecordName(name).value;
        }
        return;
    }
    placed.fused = splitFused(text);
}

} // namespace

bool DollarLexer::lex(const ReplayPlan& plan, std::string_view text,
                      const std::vector<std::uint32_t>& lineStarts, std::vector<DollarToken>& out) {
    auto lineEnd = [&](std::uint32_t line) {
        return line + 1 < plan.lineCount ? lineStarts[line + 1] : text.size();
    };
    dollarText_.clear();
    dollarLineStarts_.clear();
    dollarLines_.clear();
    for (std::uint32_t line = 0; line < plan.lineCount; ++line) {
        if (!plan.dollarLine[line]) continue;
        dollarLineStarts_.push_back(static_cast<std::uint32_t>(dollarText_.size()));
        dollarLines_.push_back(line);
        dollarText_.append(text.data() + lineStarts[line], lineEnd(line) - lineStarts[line]);
        if (dollarText_.empty() || dollarText_.back() != '\n') dollarText_.push_back('\n');
    }
    dollarText_.append(2, '\0');
    scanner_.restart();
    scanner_.reset(dollarText_.data(), dollarText_.size());
    out.resize(plan.dollarTokens.size());
    std::size_t expected = 0;
    std::size_t entry = 0;
    DbLexeme lexeme;
    while (scanner_.next(lexeme) != DbTok::End) {
        while (entry + 1 < dollarLineStarts_.size() &&
               dollarLineStarts_[entry + 1] <= lexeme.offset)
            ++entry;
        if (expected == plan.dollarTokens.size()) return false;
        DollarToken& placed = out[expected];
        const ReplayPlan::Token& token = plan.tokens[plan.dollarTokens[expected++]];
        if (token.kind != lexeme.kind || token.line != dollarLines_[entry]) return false;
        const std::uint32_t lineStart = lineStarts[token.line];
        placed.spanOffset = lineStart + lexeme.offset - dollarLineStarts_[entry];
        placed.textOffset = lineStart +
                            static_cast<std::uint32_t>(lexeme.text.data() - dollarText_.data()) -
                            dollarLineStarts_[entry];
        placed.length = static_cast<std::uint32_t>(lexeme.text.size());
        compareWithRecorded(plan, token, text.substr(placed.textOffset, placed.length), placed);
    }
    return expected == plan.dollarTokens.size();
}

} // namespace epicsdb::loaders
