// Where a command writes its result: a file given with -o, or standard output. A write that
// fails (disk full, a closed pipe) is an error the user is told of, with the system's reason,
// and leaves no partial -o file.
#pragma once

#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <ostream>
#include <streambuf>
#include <string>
#include <sys/stat.h>

namespace epicsdb::tools {

// A stream buffer over a C stream that keeps the errno of its first failed write (std::ofstream
// forgets why it failed).
class WriteBuffer final : public std::streambuf {
public:
    explicit WriteBuffer(std::FILE* file) noexcept : file_(file) {
        setp(buffer_.data(), buffer_.data() + buffer_.size());
    }
    WriteBuffer(const WriteBuffer&) = delete;
    WriteBuffer& operator=(const WriteBuffer&) = delete;

    [[nodiscard]] int error() const noexcept { return error_; }

protected:
    int_type overflow(int_type c) override {
        if (!drain()) return traits_type::eof();
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return drain() && std::fflush(file_) == 0 ? 0 : fail(); }

private:
    bool drain() {
        const auto size = static_cast<std::size_t>(pptr() - pbase());
        setp(buffer_.data(), buffer_.data() + buffer_.size());
        if (size == 0) return error_ == 0;
        if (!file_) {
            errno = EBADF;
            return fail() == 0;
        }
        errno = 0;
        if (std::fwrite(buffer_.data(), 1, size, file_) != size) return fail() == 0;
        return error_ == 0;
    }
    int fail() {
        if (error_ == 0) error_ = errno != 0 ? errno : EIO;
        return -1;
    }

    std::FILE* file_;
    std::array<char, 1 << 16> buffer_{};
    int error_ = 0;
};

class OutputFile {
public:
    // Opens `path` for writing, or uses stdout when it is empty. ok() says whether it worked;
    // openError() says why not.
    explicit OutputFile(const std::string& path)
        : path_(path), owned_(path.empty() ? nullptr : std::fopen(path.c_str(), "wb")),
          openError_(path.empty() || owned_ ? "" : std::strerror(errno)),
          file_(path.empty() ? stdout : owned_.get()) {}
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;
    ~OutputFile() {
        if (!finished_) discard();
    }

    [[nodiscard]] bool ok() const noexcept { return file_ != nullptr; }
    [[nodiscard]] const std::string& openError() const noexcept { return openError_; }
    // Only when ok().
    [[nodiscard]] std::ostream& stream() noexcept { return stream_; }

    // Everything written out. False, with the reason in `error`, when some of it could not be
    // written; a partial -o file is then removed. Without finish() (an error on the way) the
    // file is removed too.
    [[nodiscard]] bool finish(std::string& error) {
        finished_ = true;
        stream_.flush();
        int failure = buffer_.error();
        if (owned_) {
            errno = 0;
            if (std::fclose(owned_.release()) != 0 && failure == 0)
                failure = errno != 0 ? errno : EIO;
        }
        if (failure == 0) return true;
        error = std::strerror(failure);
        discard();
        return false;
    }

private:
    struct Closer {
        void operator()(std::FILE* file) const noexcept { std::fclose(file); }
    };

    // Removes a regular file only: `-o /dev/null` or a FIFO stays.
    void discard() {
        if (path_.empty()) return;
        owned_.reset();
        struct stat info {};
        if (::stat(path_.c_str(), &info) == 0 && S_ISREG(info.st_mode)) std::remove(path_.c_str());
    }

    std::string path_;
    std::unique_ptr<std::FILE, Closer> owned_; // the -o file
    std::string openError_;
    std::FILE* file_; // owned_ or stdout; null when the -o file did not open
    WriteBuffer buffer_{file_};
    std::ostream stream_{&buffer_};
    bool finished_ = false;
};

} // namespace epicsdb::tools
