// The base protocol of the Language Server Protocol: messages framed by a `Content-Length`
// header, read from a stream one at a time. A frame that cannot be read (a header that is not
// one, no length, a body larger than the bound) is reported and skipped, so that the server
// keeps reading: the next header line that names a length starts the next message.
#pragma once

#include <epicsdb/export.h>

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

namespace epicsdb::lsp {

struct Incoming {
    enum class Kind {
        Message,  // `body` holds one message's bytes (not yet known to be JSON)
        BadFrame, // `problem` says what was wrong; the reader has skipped it
        End       // the stream ended (`problem` is set when it ended inside a message)
    };
    Kind kind = Kind::End;
    std::string body;
    std::string problem;
};

class EPICSDB_API MessageReader {
public:
    // The largest body read (larger ones are skipped with an error): 256 MiB.
    static constexpr std::size_t kMaxBody = std::size_t{256} << 20;
    // The longest header line: a longer one is not a header.
    static constexpr std::size_t kMaxHeaderLine = 8192;

    explicit MessageReader(std::istream& in, std::size_t maxBody = kMaxBody) noexcept
        : in_(in), maxBody_(maxBody) {}
    [[nodiscard]] Incoming next();

private:
    enum class Line { Text, TooLong, End };
    Line readLine(std::string& line);
    std::istream& in_;
    std::size_t maxBody_;
};

// `body` with its header, ready to write.
[[nodiscard]] EPICSDB_API std::string frame(std::string_view body);

} // namespace epicsdb::lsp
