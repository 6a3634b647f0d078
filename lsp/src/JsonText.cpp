#include "JsonText.hpp"

#include <epicsdb/support/Utf8.hpp>

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

namespace epicsdb::lsp {

namespace {
// The document's own SAX handler, with a count of the arrays and objects open: one too many
// stops the parse.
class DepthLimited {
public:
    DepthLimited(rapidjson::Document& document, int maxDepth)
        : document_(document), maxDepth_(maxDepth) {}

    bool Null() { return document_.Null(); }
    bool Bool(bool b) { return document_.Bool(b); }
    bool Int(int i) { return document_.Int(i); }
    bool Uint(unsigned i) { return document_.Uint(i); }
    bool Int64(std::int64_t i) { return document_.Int64(i); }
    bool Uint64(std::uint64_t i) { return document_.Uint64(i); }
    bool Double(double d) { return document_.Double(d); }
    bool RawNumber(const char* text, rapidjson::SizeType length, bool copy) {
        return document_.RawNumber(text, length, copy);
    }
    bool String(const char* text, rapidjson::SizeType length, bool copy) {
        return document_.String(text, length, copy);
    }
    bool Key(const char* text, rapidjson::SizeType length, bool copy) {
        return document_.Key(text, length, copy);
    }
    bool StartObject() { return open() && document_.StartObject(); }
    bool EndObject(rapidjson::SizeType members) {
        --depth_;
        return document_.EndObject(members);
    }
    bool StartArray() { return open() && document_.StartArray(); }
    bool EndArray(rapidjson::SizeType items) {
        --depth_;
        return document_.EndArray(items);
    }

    [[nodiscard]] bool tooDeep() const noexcept { return tooDeep_; }

private:
    bool open() {
        tooDeep_ = ++depth_ > maxDepth_;
        return !tooDeep_;
    }

    rapidjson::Document& document_;
    int maxDepth_;
    int depth_ = 0;
    bool tooDeep_ = false;
};
} // namespace

JsonWriter& JsonWriter::key(std::string_view name) {
    // Keys are names of ours, and URIs (of workspace edits), which can hold any bytes.
    support::writeValidUtf8(name, [this](const char* data, std::size_t size) {
        writer_.Key(data, static_cast<rapidjson::SizeType>(size));
    });
    return *this;
}

JsonWriter& JsonWriter::string(std::string_view text) {
    support::writeValidUtf8(text, [this](const char* data, std::size_t size) {
        writer_.String(data, static_cast<rapidjson::SizeType>(size));
    });
    return *this;
}

JsonWriter& JsonWriter::number(std::int64_t value) {
    writer_.Int64(value);
    return *this;
}

JsonWriter& JsonWriter::boolean(bool value) {
    writer_.Bool(value);
    return *this;
}

JsonWriter& JsonWriter::null() {
    writer_.Null();
    return *this;
}

JsonWriter& JsonWriter::raw(const JsonText& value) {
    // The type only tells the writer that a value came (none of ours is a bare string).
    writer_.RawValue(value.text.data(), value.text.size(), rapidjson::kObjectType);
    return *this;
}

JsonWriter& JsonWriter::value(const rapidjson::Value& value) {
    value.Accept(writer_);
    return *this;
}

JsonWriter& JsonWriter::position(Position position) {
    return object([&] {
        member("line", position.line);
        member("character", position.character);
    });
}

JsonWriter& JsonWriter::range(const Range& range) {
    return object([&] {
        key("start").position(range.start);
        key("end").position(range.end);
    });
}

JsonText emptyArray() {
    return {"[]"};
}

JsonText jsonNull() {
    return {"null"};
}

std::optional<std::string> parseMessage(std::string_view body, rapidjson::Document& document,
                                        int maxDepth) {
    constexpr unsigned kFlags = rapidjson::kParseIterativeFlag |
                                rapidjson::kParseValidateEncodingFlag |
                                rapidjson::kParseFullPrecisionFlag;
    rapidjson::Reader reader;
    DepthLimited handler(document, maxDepth);
    auto parse = [&](rapidjson::Document&) {
        rapidjson::MemoryStream stream(body.data(), body.size());
        return !reader.Parse<kFlags>(stream, handler).IsError();
    };
    document.Populate(parse);
    if (handler.tooDeep())
        return "the message nests deeper than " + std::to_string(maxDepth) + " levels";
    if (reader.HasParseError())
        return "the message is not JSON: " +
               std::string(rapidjson::GetParseError_En(reader.GetParseErrorCode())) + " (at byte " +
               std::to_string(reader.GetErrorOffset()) + ")";
    return std::nullopt;
}

} // namespace epicsdb::lsp
