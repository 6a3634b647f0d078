#include "PrettyJson.hpp"

#include <epicsdb/support/Utf8.hpp>

#include <rapidjson/prettywriter.h>
#include <rapidjson/reader.h>

#include <stdexcept>

namespace epicsdb::cli {

namespace {

// RapidJSON's output stream concept over a std::ostream, handed the text in large pieces.
class ChunkStream {
public:
    using Ch = char;
    explicit ChunkStream(std::ostream& out) : out_(out) {}

    void Put(char c) {
        buffer_ += c;
        if (buffer_.size() >= kChunk) Flush();
    }
    void Flush() {
        out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
        buffer_.clear();
    }

private:
    static constexpr std::size_t kChunk = 1 << 16;
    std::ostream& out_;
    std::string buffer_;
};

// The bytes from text[at] that begin a UTF-8 sequence and go no further than a well-formed one
// could: the maximal ill-formed subsequence there, at least one byte, replaced as one.
std::size_t illFormedLength(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[at + i]); };
    const unsigned char lead = byte(0);
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF; // the range of the second byte
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        if (lead == 0xE0) low = 0xA0;
        if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        if (lead == 0xF0) low = 0x90;
        if (lead == 0xF4) high = 0x8F;
    } else {
        return 1;
    }
    std::size_t taken = 1;
    if (at + taken < text.size() && byte(taken) >= low && byte(taken) <= high)
        ++taken;
    else
        return taken;
    while (taken < length && at + taken < text.size() && byte(taken) >= 0x80 && byte(taken) <= 0xBF)
        ++taken;
    return taken;
}

void appendJsonString(std::string& out, std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    std::size_t at = 0;
    while (at < text.size()) {
        const auto c = static_cast<unsigned char>(text[at]);
        if (c >= 0x80) {
            if (const std::size_t length = support::utf8SequenceAt(text, at)) {
                out.append(text.substr(at, length));
                at += length;
            } else {
                out += "\xEF\xBF\xBD";
                at += illFormedLength(text, at);
            }
            continue;
        }
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (c < 0x20) {
                out += "\\u00";
                out += kHex[c >> 4];
                out += kHex[c & 0xF];
            } else {
                out += static_cast<char>(c);
            }
        }
        ++at;
    }
    out += '"';
}

} // namespace

class PrettyJson::Impl {
public:
    explicit Impl(std::ostream& out) : stream_(out), writer_(stream_) { writer_.SetIndent(' ', 2); }
    ~Impl() { stream_.Flush(); }

    void string(std::string_view text) {
        scratch_.clear();
        appendJsonString(scratch_, text);
        writer_.RawValue(scratch_.data(), scratch_.size(), rapidjson::kStringType);
    }
    rapidjson::PrettyWriter<ChunkStream>& writer() noexcept { return writer_; }

private:
    ChunkStream stream_;
    rapidjson::PrettyWriter<ChunkStream> writer_;
    std::string scratch_;
};

namespace {
// Hands a JSON text read by RapidJSON's Reader to a PrettyJson, event by event.
class Relay : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, Relay> {
public:
    explicit Relay(PrettyJson& json, rapidjson::PrettyWriter<ChunkStream>& writer)
        : json_(json), writer_(writer) {}
    bool Default() { return false; } // numbers come as RawNumber
    bool Null() { return json_.null(), true; }
    bool Bool(bool value) { return json_.boolean(value), true; }
    bool RawNumber(const char* text, rapidjson::SizeType size, bool) {
        return writer_.RawValue(text, size, rapidjson::kNumberType);
    }
    bool String(const char* text, rapidjson::SizeType size, bool) {
        return json_.string({text, size}), true;
    }
    bool Key(const char* text, rapidjson::SizeType size, bool) {
        return json_.key({text, size}), true;
    }
    bool StartObject() { return json_.startObject(), true; }
    bool EndObject(rapidjson::SizeType) { return json_.endObject(), true; }
    bool StartArray() { return json_.startArray(), true; }
    bool EndArray(rapidjson::SizeType) { return json_.endArray(), true; }

private:
    PrettyJson& json_;
    rapidjson::PrettyWriter<ChunkStream>& writer_;
};
} // namespace

PrettyJson::PrettyJson(std::ostream& out) : impl_(std::make_unique<Impl>(out)) {}
PrettyJson::~PrettyJson() = default;

void PrettyJson::startObject() {
    impl_->writer().StartObject();
}
void PrettyJson::endObject() {
    impl_->writer().EndObject();
}
void PrettyJson::startArray() {
    impl_->writer().StartArray();
}
void PrettyJson::endArray() {
    impl_->writer().EndArray();
}
void PrettyJson::key(std::string_view name) {
    impl_->string(name); // a key is a string where the writer expects a name
}
void PrettyJson::string(std::string_view text) {
    impl_->string(text);
}
void PrettyJson::boolean(bool value) {
    impl_->writer().Bool(value);
}
void PrettyJson::number(std::uint64_t value) {
    impl_->writer().Uint64(value);
}
void PrettyJson::null() {
    impl_->writer().Null();
}

void PrettyJson::embed(std::string_view json) {
    const std::string text(json); // RapidJSON's StringStream reads to a NUL
    rapidjson::StringStream in(text.c_str());
    Relay relay(*this, impl_->writer());
    rapidjson::Reader reader;
    if (!reader.Parse<rapidjson::kParseNumbersAsStringsFlag>(in, relay))
        throw std::invalid_argument("not a JSON text: " + text);
}

std::string jsonString(std::string_view text) {
    std::string out;
    appendJsonString(out, text);
    return out;
}

} // namespace epicsdb::cli
