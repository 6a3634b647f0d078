#include <epicsdb/lsp/Framing.hpp>

#include <epicsdb/CharClass.hpp>

#include <charconv>
#include <optional>

namespace epicsdb::lsp {

namespace {
bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (chars::toLower(a[i]) != chars::toLower(b[i])) return false;
    return true;
}

std::string_view trimmed(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// A shown piece of a line that is not a header, escaped and short.
std::string shown(std::string_view text) {
    std::string out;
    for (const char c : text.substr(0, 40))
        out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
    return text.size() > 40 ? out + "..." : out;
}

std::optional<std::size_t> lengthOf(std::string_view value) {
    std::size_t length = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), length);
    if (error != std::errc() || end != value.data() + value.size() || value.empty())
        return std::nullopt;
    return length;
}

bool isHeaderName(std::string_view name) {
    if (name.empty()) return false;
    for (const char c : name)
        if (!chars::isAlnum(c) && c != '-') return false;
    return true;
}

// Where a header that names the length starts in a line of something else (the rest of a
// body shorter than its header said, glued to the next header).
std::size_t lengthHeaderIn(std::string_view line) {
    for (std::size_t at = 0; at + 15 <= line.size(); ++at)
        if (equalsIgnoringCase(line.substr(at, 15), "content-length:")) return at;
    return std::string_view::npos;
}
} // namespace

MessageReader::Line MessageReader::readLine(std::string& line) {
    line.clear();
    std::streambuf& buffer = *in_.rdbuf();
    bool tooLong = false;
    for (;;) {
        const int c = buffer.sbumpc();
        if (c == std::char_traits<char>::eof()) {
            if (line.empty() && !tooLong) return Line::End;
            break;
        }
        if (c == '\n') break;
        if (line.size() < kMaxHeaderLine)
            line.push_back(static_cast<char>(c));
        else
            tooLong = true;
    }
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return tooLong ? Line::TooLong : Line::Text;
}

Incoming MessageReader::next() {
    std::optional<std::size_t> length;
    std::string badLength;
    bool sawHeader = false;
    std::string line;
    for (;;) {
        const Line got = readLine(line);
        if (got == Line::End)
            return {Incoming::Kind::End, {}, sawHeader ? "the stream ended in a header" : ""};
        if (got == Line::TooLong)
            return {Incoming::Kind::BadFrame, {}, "a header line longer than 8192 bytes"};
        if (line.empty()) {
            if (!sawHeader) continue; // blank lines between messages
            break;
        }
        std::string_view text = line;
        std::size_t colon = text.find(':');
        if (colon == std::string_view::npos || !isHeaderName(text.substr(0, colon))) {
            const std::size_t at = lengthHeaderIn(text);
            if (at == std::string_view::npos || sawHeader)
                return {Incoming::Kind::BadFrame,
                        {},
                        "not a header: \"" + shown(text) + "\" (expected Content-Length: N)"};
            text.remove_prefix(at);
            colon = text.find(':');
        }
        sawHeader = true;
        const std::string_view name = trimmed(text.substr(0, colon));
        const std::string_view value = trimmed(text.substr(colon + 1));
        if (equalsIgnoringCase(name, "content-length")) {
            length = lengthOf(value);
            if (!length) badLength = shown(value);
        }
    }
    if (!length)
        return {Incoming::Kind::BadFrame,
                {},
                badLength.empty() ? "a message without a Content-Length header"
                                  : "Content-Length is not a number: \"" + badLength + "\""};
    std::streambuf& buffer = *in_.rdbuf();
    if (*length > maxBody_) {
        // Skipped unread, so that the next message is found where it starts.
        std::size_t left = *length;
        char block[65536];
        while (left > 0) {
            const auto got =
                buffer.sgetn(block, static_cast<std::streamsize>(std::min(left, sizeof block)));
            if (got <= 0) return {Incoming::Kind::End, {}, "the stream ended in a message"};
            left -= static_cast<std::size_t>(got);
        }
        return {Incoming::Kind::BadFrame,
                {},
                "a message of " + std::to_string(*length) + " bytes (at most " +
                    std::to_string(maxBody_) + " are read)"};
    }
    Incoming message{Incoming::Kind::Message, std::string(*length, '\0'), {}};
    std::size_t have = 0;
    while (have < *length) {
        const auto got =
            buffer.sgetn(message.body.data() + have, static_cast<std::streamsize>(*length - have));
        if (got <= 0) return {Incoming::Kind::End, {}, "the stream ended in a message"};
        have += static_cast<std::size_t>(got);
    }
    return message;
}

std::string frame(std::string_view body) {
    std::string out = "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n";
    out.append(body);
    return out;
}

} // namespace epicsdb::lsp
