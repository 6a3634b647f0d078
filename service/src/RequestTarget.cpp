#include "RequestTarget.hpp"

#include "ApiError.hpp"

#include <algorithm>
#include <charconv>

namespace epicsdb::service {

namespace {

int hexDigit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// `text` with its %XX escapes decoded (and '+' as a space in a query).
std::string percentDecoded(std::string_view text, bool plusIsSpace) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '%') {
            const bool complete = i + 2 < text.size();
            const int high = complete ? hexDigit(text[i + 1]) : -1;
            const int low = complete ? hexDigit(text[i + 2]) : -1;
            if (high < 0 || low < 0)
                throw badRequest("bad percent-encoding in the URL: '%' must be followed by two "
                                 "hexadecimal digits");
            c = static_cast<char>(high * 16 + low);
            i += 2;
        } else if (c == '+' && plusIsSpace) {
            c = ' ';
        }
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            throw badRequest("the URL holds a control character");
        out += c;
    }
    return out;
}

} // namespace

void Parameters::allowOnly(std::initializer_list<std::string_view> names) const {
    for (const auto& [name, value] : items_)
        if (std::find(names.begin(), names.end(), name) == names.end()) {
            std::string known;
            for (std::string_view allowed : names)
                known += (known.empty() ? "" : ", ") + std::string(allowed);
            throw badRequest("unknown parameter '" + name.substr(0, 64) + "'" +
                             (known.empty() ? " (this endpoint takes none)"
                                            : " (this endpoint takes " + known + ")"));
        }
}

const std::string* Parameters::find(std::string_view name) const {
    for (const auto& [key, value] : items_)
        if (key == name) return &value;
    return nullptr;
}

std::optional<std::string> Parameters::text(std::string_view name, std::size_t maxLength) const {
    const std::string* value = find(name);
    if (!value) return std::nullopt;
    if (value->size() > maxLength)
        throw badRequest(std::string(name) + " is longer than " + std::to_string(maxLength) +
                         " bytes");
    return *value;
}

std::optional<std::int64_t> Parameters::integer(std::string_view name, std::int64_t min,
                                                std::int64_t max) const {
    const std::string* value = find(name);
    if (!value) return std::nullopt;
    std::int64_t number = 0;
    const char* end = value->data() + value->size();
    const auto [stop, error] = std::from_chars(value->data(), end, number);
    if (value->empty() || error != std::errc() || stop != end || number < min || number > max)
        throw badRequest(std::string(name) + " must be a whole number from " + std::to_string(min) +
                         " to " + std::to_string(max));
    return number;
}

bool Parameters::flag(std::string_view name) const {
    const std::string* value = find(name);
    if (!value) return false;
    if (*value == "1" || *value == "true" || *value == "yes" || value->empty()) return true;
    if (*value == "0" || *value == "false" || *value == "no") return false;
    throw badRequest(std::string(name) + " must be 1 or 0 (true or false)");
}

RequestTarget parseRequestTarget(std::string_view target) {
    if (target.empty() || target.front() != '/')
        throw badRequest("the request target must be a path beginning with '/'");
    if (target.find('#') != std::string_view::npos)
        throw badRequest("the request target holds a fragment ('#')");
    const std::size_t question = target.find('?');
    const std::string_view path = target.substr(0, question);
    RequestTarget parsed;
    std::size_t start = 1;
    while (start <= path.size()) {
        const std::size_t slash = std::min(path.find('/', start), path.size());
        const std::string_view segment = path.substr(start, slash - start);
        // A trailing slash names the same thing as none.
        if (!(segment.empty() && slash == path.size()))
            parsed.segments.push_back(percentDecoded(segment, false));
        start = slash + 1;
    }
    if (question == std::string_view::npos) return parsed;

    std::vector<std::pair<std::string, std::string>> items;
    std::string_view query = target.substr(question + 1);
    while (!query.empty()) {
        const std::size_t amp = std::min(query.find('&'), query.size());
        const std::string_view item = query.substr(0, amp);
        query.remove_prefix(std::min(amp + 1, query.size()));
        if (item.empty()) continue;
        if (items.size() == kMaxParameters)
            throw badRequest("more than " + std::to_string(kMaxParameters) + " parameters");
        const std::size_t equals = std::min(item.find('='), item.size());
        std::string name = percentDecoded(item.substr(0, equals), true);
        std::string value = percentDecoded(item.substr(std::min(equals + 1, item.size())), true);
        for (const auto& [seen, ignored] : items)
            if (seen == name)
                throw badRequest("parameter '" + name.substr(0, 64) + "' given twice");
        items.emplace_back(std::move(name), std::move(value));
    }
    parsed.parameters = Parameters(std::move(items));
    return parsed;
}

} // namespace epicsdb::service
