// What the writers share: an output that appends to a string or feeds an ostream in chunks, the
// record-type selection of writeRecords/writeJson, and the dbGetString text of a field.
#pragma once

#include <epicsdb/dbStatic/Database.hpp>

#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::dbstatic::writer {

// Writers append to text(); with an ostream behind it, the text is handed on whenever it has
// grown past a chunk, so memory stays bounded however large the database is.
class Output {
public:
    explicit Output(std::string& target) noexcept : text_(target) {}
    explicit Output(std::ostream& stream) : text_(buffer_), stream_(&stream) {
        buffer_.reserve(chunkBytes + chunkBytes / 4);
    }
    ~Output() { flush(); }
    Output(const Output&) = delete;
    Output& operator=(const Output&) = delete;

    [[nodiscard]] std::string& text() noexcept { return text_; }
    Output& operator<<(std::string_view piece) {
        text_.append(piece);
        return *this;
    }
    Output& operator<<(char c) {
        text_.push_back(c);
        return *this;
    }
    // Call between items (records, types): hands the text on once a chunk is full.
    void checkpoint() {
        if (stream_ && buffer_.size() >= chunkBytes) flush();
    }
    void flush() {
        if (stream_ && !buffer_.empty()) {
            stream_->write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
            buffer_.clear();
        }
    }

private:
    static constexpr std::size_t chunkBytes = 64 * 1024;
    std::string buffer_;
    std::string& text_;
    std::ostream* stream_ = nullptr;
};

// Runs `body(Output&)` on an Output over `target`, a std::string or a std::ostream: the body of
// both forms of every writer.
template <class Target, class Body>
void writeTo(Target& target, Body&& body) {
    Output out(target);
    body(out);
}

// The record types a writer walks: all in definition order for "" and "*", else the one named.
// Throws RecordTypeNotFound for an unknown name.
std::vector<const RecordType*> selectRecordTypes(const Database& database,
                                                 std::string_view recordType);

} // namespace epicsdb::dbstatic::writer
