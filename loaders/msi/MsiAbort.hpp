// How msi's exits travel inside the library: msi calls exit() where an error is found (after
// printing its message); we throw this and let MsiExpander::run turn it into an outcome.
#pragma once

#include <epicsdb/loaders/MsiExpander.hpp>

#include <exception>
#include <string_view>

namespace epicsdb::loaders {

struct MsiAbort : std::exception {
    explicit MsiAbort(MsiOutcome why) noexcept : outcome(why) {}
    [[nodiscard]] const char* what() const noexcept override { return "msi stopped"; }
    MsiOutcome outcome;
};

// EPICS 7.0.8 marks some msi errors with errlog's red ERROR (ERL_ERROR).
inline constexpr std::string_view kMsiErrorMark = "\033[31;1mERROR\033[0m";

} // namespace epicsdb::loaders
