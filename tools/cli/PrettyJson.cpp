#include "PrettyJson.hpp"

#include <epicsdb/support/JsonString.hpp>

#include <rapidjson/prettywriter.h>
#include <rapidjson/reader.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

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

} // namespace

class PrettyJson::Impl {
public:
    explicit Impl(std::ostream& out) : stream_(out), writer_(stream_) { writer_.SetIndent(' ', 2); }
    ~Impl() { stream_.Flush(); }

    void string(std::string_view text) { support::writeJsonString(writer_, text); }
    rapidjson::PrettyWriter<ChunkStream>& writer() noexcept { return writer_; }

private:
    ChunkStream stream_;
    rapidjson::PrettyWriter<ChunkStream> writer_;
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
    rapidjson::StringBuffer buffer;
    rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
    support::writeJsonString(writer, text);
    return {buffer.GetString(), buffer.GetSize()};
}

} // namespace epicsdb::cli
