#include "JsonOut.hpp"

#include <epicsdb/support/JsonString.hpp>

#include <rapidjson/document.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

namespace epicsdb::service {

JsonOut& JsonOut::startObject() {
    writer_.StartObject();
    return *this;
}

JsonOut& JsonOut::endObject() {
    writer_.EndObject();
    return *this;
}

JsonOut& JsonOut::startArray() {
    writer_.StartArray();
    return *this;
}

JsonOut& JsonOut::endArray() {
    writer_.EndArray();
    return *this;
}

JsonOut& JsonOut::key(std::string_view name) {
    support::writeValidUtf8(name, [this](const char* data, std::size_t size) {
        writer_.Key(data, static_cast<rapidjson::SizeType>(size));
    });
    return *this;
}

JsonOut& JsonOut::string(std::string_view text) {
    support::writeJsonString(writer_, text);
    return *this;
}

JsonOut& JsonOut::number(std::int64_t value) {
    writer_.Int64(value);
    return *this;
}

JsonOut& JsonOut::boolean(bool value) {
    writer_.Bool(value);
    return *this;
}

JsonOut& JsonOut::null() {
    writer_.Null();
    return *this;
}

JsonOut& JsonOut::embed(std::string_view json) {
    // Checked by writing it again into a buffer of its own (iteratively: no depth limit is
    // needed, the stack is not used); a text that is not JSON leaves nothing half written.
    constexpr unsigned kFlags = rapidjson::kParseIterativeFlag |
                                rapidjson::kParseValidateEncodingFlag |
                                rapidjson::kParseFullPrecisionFlag;
    rapidjson::StringBuffer copy;
    rapidjson::Writer<rapidjson::StringBuffer> copier(copy);
    rapidjson::MemoryStream stream(json.data(), json.size());
    rapidjson::Reader reader;
    if (reader.Parse<kFlags>(stream, copier).IsError() || !copier.IsComplete()) return null();
    writer_.RawValue(copy.GetString(), copy.GetSize(), rapidjson::kObjectType);
    return *this;
}

JsonOut& JsonOut::value(const rapidjson::Value& value) {
    value.Accept(writer_);
    return *this;
}

std::string errorJson(std::string_view message) {
    JsonOut json;
    json.startObject().member("error", message).endObject();
    return json.take();
}

} // namespace epicsdb::service
