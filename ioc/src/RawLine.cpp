#include "RawLine.hpp"

#include <algorithm>

namespace epicsdb::ioc {

namespace {
bool isSeparator(char c) {
    return c == ' ' || c == '\t' || c == '(' || c == ')' || c == ',' || c == '\r';
}
} // namespace

std::vector<RawWord> rawWords(std::string_view line) {
    std::vector<RawWord> words;
    RawWord* word = nullptr; // the word being built, or null between words
    char quote = 0;
    for (std::size_t at = 0; at < line.size();) {
        const char c = line[at];
        if (!quote && (c == '<' || c == '>' || c == '\0')) break;
        if (!quote && isSeparator(c)) {
            word = nullptr;
            ++at;
            continue;
        }
        if (!word) {
            word = &words.emplace_back();
            word->begin = !quote && (c == '"' || c == '\'') ? at + 1 : at; // inside its quote
            word->spanBegin = at;
        }
        if (const auto ref = quote != '\'' ? maclib::referenceAt(line, at) : std::nullopt) {
            const std::size_t end = ref->end;
            word->text.append(line.substr(at, end - at));
            at = end;
        } else if (quote && c == quote) {
            quote = 0;
            ++at;
        } else if (!quote && (c == '"' || c == '\'')) {
            quote = c;
            ++at;
        } else if (!quote && c == '\\') {
            if (at + 1 < line.size()) word->text += line[at + 1];
            at += 2;
        } else {
            word->text += c;
            ++at;
        }
        word->spanEnd = std::min(at, line.size());
    }
    return words;
}

std::string_view ScriptLine::command() const {
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    std::string_view text = written.substr(0, written.find('\0'));
    while (!text.empty() && blank(text.front()))
        text.remove_prefix(1);
    while (!text.empty() && blank(text.back()))
        text.remove_suffix(1);
    return text;
}

std::optional<RawWord> ScriptLine::word(std::size_t index) const {
    std::vector<RawWord> words = rawWords(written);
    if (words.size() != argc || index >= words.size()) return std::nullopt;
    return std::move(words[index]);
}

} // namespace epicsdb::ioc
