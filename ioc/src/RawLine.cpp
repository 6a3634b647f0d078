#include "RawLine.hpp"

#include <algorithm>

namespace epicsdb::ioc {

namespace {
bool opensReference(std::string_view text, std::size_t at) {
    return text[at] == '$' && at + 1 < text.size() && (text[at + 1] == '(' || text[at + 1] == '{');
}

// Scans one part of a reference from `at` (its name, default or scoped definitions) to the
// first of `stops` outside nested references, or the text's end. As in macLib, the stops
// count even inside quotes.
std::size_t partEnd(std::string_view text, std::size_t at, std::string_view stops);

// The reference whose `$` is at `at`.
RawReference referenceAt(std::string_view text, std::size_t at) {
    RawReference ref;
    ref.begin = at;
    const char close = text[at + 1] == '(' ? ')' : '}';
    const std::string nameStops{'=', ',', close};
    const std::string valueStops{',', close};
    std::size_t r = at + 2;
    std::size_t end = partEnd(text, r, nameStops);
    ref.name = text.substr(r, end - r);
    if (end < text.size() && text[end] == '=') {
        r = end + 1;
        end = partEnd(text, r, valueStops);
        ref.defaultText = text.substr(r, end - r);
    }
    while (end < text.size() && text[end] == ',') { // scoped definitions: name=value items
        end = partEnd(text, end + 1, nameStops);
        if (end < text.size() && text[end] == '=') end = partEnd(text, end + 1, valueStops);
    }
    ref.end = end < text.size() ? end + 1 : text.size();
    return ref;
}

std::size_t partEnd(std::string_view text, std::size_t at, std::string_view stops) {
    while (at < text.size()) {
        if (stops.find(text[at]) != std::string_view::npos) return at;
        if (opensReference(text, at)) {
            at = referenceAt(text, at).end;
            continue;
        }
        at += text[at] == '\\' ? 2 : 1;
    }
    return text.size();
}

bool isSeparator(char c) {
    return c == ' ' || c == '\t' || c == '(' || c == ')' || c == ',' || c == '\r';
}
} // namespace

std::vector<RawReference> scanReferences(std::string_view text) {
    std::vector<RawReference> found;
    char quote = 0;
    for (std::size_t at = 0; at < text.size();) {
        const char c = text[at];
        if (quote && c == quote) {
            quote = 0;
        } else if (!quote && (c == '\'' || c == '"')) {
            quote = c;
        } else if (c == '\\') {
            at += 2;
            continue;
        } else if (quote != '\'' && opensReference(text, at)) {
            found.push_back(referenceAt(text, at));
            at = found.back().end;
            continue;
        }
        ++at;
    }
    return found;
}

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
        if (quote != '\'' && opensReference(line, at)) {
            const std::size_t end = referenceAt(line, at).end;
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
