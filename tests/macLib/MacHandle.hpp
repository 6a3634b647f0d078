// Test helper for the C API: a MAC_HANDLE owned by a unique_ptr, so that a failed assertion
// cannot leak it.
#pragma once

#include <macLib.h>

#include <gtest/gtest.h>

#include <memory>

namespace epicsdb::maclib::test {

struct HandleDeleter {
    void operator()(MAC_HANDLE* handle) const { macDeleteHandle(handle); }
};
using Handle = std::unique_ptr<MAC_HANDLE, HandleDeleter>;

// macCreateHandle, which must succeed; `pairs` as there (null: no macros).
inline Handle makeHandle(const char* pairs[] = nullptr) {
    MAC_HANDLE* raw = nullptr;
    EXPECT_EQ(macCreateHandle(&raw, pairs), 0);
    return Handle(raw);
}

} // namespace epicsdb::maclib::test
