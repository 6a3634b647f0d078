#include <epicsdb/macLib/Definitions.hpp>

#include <epicsdb/CharClass.hpp>

namespace epicsdb::maclib {

namespace {

using chars::isSpace;

// Trailing whitespace goes whatever protected it (EPICS trims after the fact, so an escaped
// or quoted space at the very end is trimmed too).
std::size_t trimEnd(std::string_view text, std::size_t begin, std::size_t end) noexcept {
    while (end > begin && isSpace(text[end - 1]))
        --end;
    return end;
}

enum class State { PreName, InName, PreValue, InValue };

} // namespace

std::string_view DefinitionReader::unquoteName(std::string_view raw) {
    if (raw.find_first_of("'\"\\") == std::string_view::npos) return raw;
    nameBuffer_.clear();
    char quote = 0;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        char c = raw[i];
        if (quote) {
            if (c == quote) {
                quote = 0;
                continue;
            }
        } else if (c == '\'' || c == '"') {
            quote = c;
            continue;
        }
        if (c == '\\' && i + 1 < raw.size()) c = raw[++i];
        nameBuffer_.push_back(c);
    }
    return nameBuffer_;
}

bool DefinitionReader::next(Definition& item) {
    State state = State::PreName;
    std::size_t nameBegin = 0;
    std::size_t nameEnd = 0;
    std::size_t valueBegin = 0;
    const std::size_t size = text_.size();

    while (pos_ < size) {
        const char c = text_[pos_];
        if (quote_) {
            if (c == quote_) quote_ = 0;
        } else if (c == '\'' || c == '"') {
            quote_ = c;
        }
        const bool escape = c == '\\' && pos_ + 1 < size;
        // Only an unquoted, unescaped character can separate or be skipped as whitespace.
        const bool plain = !quote_ && !escape;

        switch (state) {
        case State::PreName:
            if (plain && (isSpace(c) || c == ',')) break;
            nameBegin = pos_;
            state = State::InName;
            [[fallthrough]];
        case State::InName:
            if (!plain || (c != '=' && c != ',')) break;
            nameEnd = trimEnd(text_, nameBegin, pos_);
            if (c == ',') {
                ++pos_;
                item = {unquoteName(text_.substr(nameBegin, nameEnd - nameBegin)), std::nullopt};
                return true;
            }
            state = State::PreValue;
            break;
        case State::PreValue:
            if (plain && isSpace(c)) break;
            valueBegin = pos_;
            state = State::InValue;
            [[fallthrough]];
        case State::InValue:
            if (!plain || c != ',') break;
            item = {unquoteName(text_.substr(nameBegin, nameEnd - nameBegin)),
                    text_.substr(valueBegin, trimEnd(text_, valueBegin, pos_) - valueBegin)};
            ++pos_;
            return true;
        }
        // The escaped character is consumed with its backslash and never examined.
        pos_ += escape ? 2 : 1;
    }

    switch (state) {
    case State::PreName:
        return false;
    case State::InName:
        nameEnd = trimEnd(text_, nameBegin, size);
        item = {unquoteName(text_.substr(nameBegin, nameEnd - nameBegin)), std::nullopt};
        return true;
    case State::PreValue:
        item = {unquoteName(text_.substr(nameBegin, nameEnd - nameBegin)), std::string_view()};
        return true;
    case State::InValue:
        item = {unquoteName(text_.substr(nameBegin, nameEnd - nameBegin)),
                text_.substr(valueBegin, trimEnd(text_, valueBegin, size) - valueBegin)};
        return true;
    }
    return false;
}

std::vector<OwnedDefinition> parseDefinitions(std::string_view text) {
    std::vector<OwnedDefinition> items;
    DefinitionReader reader(text);
    Definition item;
    while (reader.next(item)) {
        items.push_back({std::string(item.name),
                         item.value ? std::optional<std::string>(*item.value) : std::nullopt});
    }
    return items;
}

} // namespace epicsdb::maclib
