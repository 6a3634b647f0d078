// Counting errors and warnings, with the one limit every reader and load stops at (a binary
// file would otherwise give an error per byte) and the one note that says so.
#pragma once

#include <epicsdb/Diagnostic.hpp>

#include <cstddef>
#include <string_view>

namespace epicsdb::loaders {

class ErrorCount {
public:
    static constexpr std::size_t kLimit = 100;

    // Counts one diagnostic; true when it is the error that reaches the limit.
    bool count(Severity severity) noexcept {
        if (severity == Severity::Warning) ++warnings_;
        if (severity != Severity::Error) return false;
        return ++errors_ == kLimit;
    }
    // Counts what another reader counted.
    void add(std::size_t errors, std::size_t warnings) noexcept {
        errors_ += errors;
        warnings_ += warnings;
    }
    [[nodiscard]] bool reached() const noexcept { return errors_ >= kLimit; }
    [[nodiscard]] std::size_t errors() const noexcept { return errors_; }
    [[nodiscard]] std::size_t warnings() const noexcept { return warnings_; }
    void reset() noexcept { errors_ = warnings_ = 0; }

    // The note given when the limit is reached: "too many errors, <consequence>".
    [[nodiscard]] static Diagnostic limitNote(SourceLocation where, std::string_view consequence) {
        Diagnostic note;
        note.severity = Severity::Note;
        note.code = "too-many-errors";
        note.message = "too many errors, " + std::string(consequence);
        note.location = std::move(where);
        return note;
    }

private:
    std::size_t errors_ = 0;
    std::size_t warnings_ = 0;
};

} // namespace epicsdb::loaders
