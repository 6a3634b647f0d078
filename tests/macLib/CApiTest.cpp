// The EPICS C API's conventions (EPICS-BEHAVIOUR 1.1, 1.8): return values, buffer handling and
// truncation, invalid handles, where messages go, environment handles, macDefExpand.
#include <macLib.h>

#include "ChildProcess.hpp"
#include "MacHandle.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <unistd.h>
#include <vector>

using epicsdb::maclib::test::Handle;
using epicsdb::maclib::test::makeHandle;
using epicsdb::test::runInChild;

namespace {

// Runs `body` in a child with stderr joined to stdout, and returns what it printed.
std::string childOutput(const std::function<void()>& body) {
    auto result = runInChild([&] {
        dup2(STDOUT_FILENO, STDERR_FILENO);
        std::setvbuf(stdout, nullptr, _IONBF, 0); // keep stdout and stderr lines in order
        body();
        std::fflush(stdout);
        return 0;
    });
    EXPECT_EQ(result.exitCode, 0);
    return result.out;
}

const char* kEnvVar = "EPICSDB_MACLIB_CAPI_VAR";

} // namespace

TEST(CApi, CreateHandleInstallsPairsAndUndefinesNullValues) {
    const char* pairs[] = {"A", "1", "B", "2", "B", nullptr, "C", "$(A)$(A)", nullptr, nullptr};
    Handle h = makeHandle(pairs);
    char buf[16];
    EXPECT_EQ(macGetValue(h.get(), "A", buf, sizeof buf), 1);
    EXPECT_EQ(macGetValue(h.get(), "B", nullptr, 0), -1);
    EXPECT_EQ(macGetValue(h.get(), "C", buf, sizeof buf), 2);
    EXPECT_STREQ(buf, "11");
}

TEST(CApi, CreateHandleRecognisesTheEnvironmentPairs) {
    setenv(kEnvVar, "from-env", 1);
    char buf[32];
    {
        const char* pairs[] = {"", "environ", nullptr, nullptr};
        Handle h = makeHandle(pairs);
        EXPECT_EQ(macGetValue(h.get(), kEnvVar, buf, sizeof buf), 8);
        EXPECT_STREQ(buf, "from-env");
        EXPECT_EQ(macGetValue(h.get(), "", nullptr, 0), -1); // the pair itself is not installed
    }
    {
        // EPICS checks pairs[3], not pairs[2]: a third entry is then ignored altogether.
        const char* pairs[] = {"", "environ", "X", nullptr};
        Handle h = makeHandle(pairs);
        EXPECT_EQ(macGetValue(h.get(), kEnvVar, nullptr, 0), 0);
        EXPECT_EQ(macGetValue(h.get(), "X", nullptr, 0), -1);
    }
    {
        // Otherwise they are an ordinary definition of the empty name.
        const char* pairs[] = {"", "environ", nullptr, "not-null", nullptr};
        Handle h = makeHandle(pairs);
        EXPECT_EQ(macGetValue(h.get(), kEnvVar, nullptr, 0), -1);
        char out[32];
        EXPECT_EQ(macExpandString(h.get(), "$()", out, sizeof out), 7);
        EXPECT_STREQ(out, "environ");
    }
    {
        Handle h = makeHandle();
        EXPECT_EQ(macGetValue(h.get(), kEnvVar, nullptr, 0), -1);
    }
    unsetenv(kEnvVar);
}

TEST(CApi, PutValueReturnsTheValueLength) {
    Handle h = makeHandle();
    EXPECT_EQ(macPutValue(h.get(), "A", "hello"), 5);
    EXPECT_EQ(macPutValue(h.get(), "A", ""), 0);
    EXPECT_EQ(macPutValue(h.get(), "A", nullptr), 0);
    EXPECT_EQ(macPutValue(h.get(), "never", nullptr), 0);
    EXPECT_EQ(macPutValue(h.get(), nullptr, "x"), -1);
}

TEST(CApi, ExpandStringNeedsRoomForMoreThanTheTerminator) {
    Handle h = makeHandle();
    char out[4] = {'~', '~', '~', '~'};
    EXPECT_EQ(macExpandString(h.get(), "abc", out, 1), -1);
    EXPECT_EQ(macExpandString(h.get(), "abc", out, 0), -1);
    EXPECT_EQ(out[0], '~');
    EXPECT_EQ(macExpandString(h.get(), "abc", out, 2), 1);
    EXPECT_STREQ(out, "a");
    EXPECT_EQ(macExpandString(h.get(), nullptr, out, 4), 0);
    EXPECT_STREQ(out, "");
}

// Truncation keeps the sign of the status: the status is about references, not room.
TEST(CApi, ExpandStringTruncatesAndKeepsTheSign) {
    Handle h = makeHandle();
    macSuppressWarning(h.get(), 1);
    char out[8];
    EXPECT_EQ(macExpandString(h.get(), "$(UNDEFINED)", out, sizeof out), -7);
    EXPECT_STREQ(out, "$(UNDEF");
    macPutValue(h.get(), "A", "0123456789");
    EXPECT_EQ(macExpandString(h.get(), "$(A)", out, sizeof out), 7);
    EXPECT_STREQ(out, "0123456");
}

TEST(CApi, GetValueFollowsStrncpy) {
    const char* pairs[] = {"SHORT", "abc", "LONG", "0123456789", "BAD", "$(U)", nullptr, nullptr};
    Handle h = makeHandle(pairs);
    macSuppressWarning(h.get(), 1);
    char buf[8];

    // Only "is it defined?" when there is no room or no buffer.
    EXPECT_EQ(macGetValue(h.get(), "SHORT", buf, 1), 0);
    EXPECT_EQ(macGetValue(h.get(), "SHORT", nullptr, 100), 0);
    EXPECT_EQ(macGetValue(h.get(), "NONE", buf, 1), -1);

    std::memset(buf, '~', sizeof buf);
    EXPECT_EQ(macGetValue(h.get(), "SHORT", buf, sizeof buf), 3);
    EXPECT_EQ(std::string(buf, sizeof buf), std::string("abc\0\0\0\0\0", 8)); // padded

    std::memset(buf, '~', sizeof buf);
    EXPECT_EQ(macGetValue(h.get(), "LONG", buf, sizeof buf), 8);
    EXPECT_EQ(std::string(buf, sizeof buf), "01234567"); // full: no terminator

    EXPECT_EQ(macGetValue(h.get(), "BAD", buf, sizeof buf), -4);
    EXPECT_STREQ(buf, "$(U)");

    // Undefined: the name comes back, and minus its length.
    EXPECT_EQ(macGetValue(h.get(), "NONE", buf, sizeof buf), -4);
    EXPECT_STREQ(buf, "NONE");
    std::memset(buf, '~', sizeof buf);
    EXPECT_EQ(macGetValue(h.get(), "LONGERNAME", buf, sizeof buf), -8);
    EXPECT_EQ(std::string(buf, sizeof buf), "LONGERNA");
}

// A deliberate difference: no 256-character limit on values (docs/COMPATIBILITY.md, macLib row 1).
TEST(CApi, ValuesLongerThanMacSizeAreKeptWhole) {
    Handle h = makeHandle();
    const std::string value(MAC_SIZE + 100, 'v');
    EXPECT_EQ(macPutValue(h.get(), "A", value.c_str()), long(value.size()));
    std::vector<char> out(1000);
    EXPECT_EQ(macExpandString(h.get(), "$(A)", out.data(), long(out.size())), long(value.size()));
    EXPECT_EQ(std::string(out.data()), value);
    EXPECT_EQ(macGetValue(h.get(), "A", out.data(), long(out.size())), long(value.size()));
}

TEST(CApi, ScopesPushAndPop) {
    Handle h = makeHandle();
    char buf[8];
    macPutValue(h.get(), "A", "0");
    EXPECT_EQ(macPushScope(h.get()), 0);
    macPutValue(h.get(), "A", "1");
    EXPECT_EQ(macGetValue(h.get(), "A", buf, sizeof buf), 1);
    EXPECT_STREQ(buf, "1");
    EXPECT_EQ(macPopScope(h.get()), 0);
    EXPECT_EQ(macGetValue(h.get(), "A", buf, sizeof buf), 1);
    EXPECT_STREQ(buf, "0");
}

TEST(CApi, PoppingWithoutAScopeIsAnError) {
    const std::string out = childOutput([] {
        MAC_HANDLE* h = nullptr;
        macCreateHandle(&h, nullptr);
        std::printf("%ld\n", macPopScope(h));
        macDeleteHandle(h);
    });
    EXPECT_EQ(out, "macPopScope: no scope to pop\n-1\n");
}

TEST(CApi, InvalidHandlesAreRefusedWithTheEpicsMessage) {
    const std::string out = childOutput([] {
        long garbage[16] = {};
        auto* bad = reinterpret_cast<MAC_HANDLE*>(garbage);
        char buf[8];
        char* pairs[] = {nullptr, nullptr};
        for (MAC_HANDLE* h : {static_cast<MAC_HANDLE*>(nullptr), bad}) {
            std::printf("%ld\n", macExpandString(h, "x", buf, sizeof buf));
            std::printf("%ld\n", macPutValue(h, "A", "1"));
            std::printf("%ld\n", macGetValue(h, "A", buf, sizeof buf));
            std::printf("%ld\n", macDeleteHandle(h));
            std::printf("%ld\n", macPushScope(h));
            std::printf("%ld\n", macPopScope(h));
            std::printf("%ld\n", macReportMacros(h));
            std::printf("%ld\n", macInstallMacros(h, pairs));
            std::printf("%s\n", macDefExpand("x", h) ? "string" : "NULL");
            macSuppressWarning(h, 1); // silently ignored
        }
    });
    const std::string once = "macExpandString: NULL or invalid handle\n-1\n"
                             "macPutValue: NULL or invalid handle\n-1\n"
                             "macGetValue: NULL or invalid handle\n-1\n"
                             "macDeleteHandle: NULL or invalid handle\n-1\n"
                             "macPushScope: NULL or invalid handle\n-1\n"
                             "macPopScope: NULL or invalid handle\n-1\n"
                             "macReportMacros: NULL or invalid handle\n-1\n"
                             "macInstallMacros: NULL or invalid handle\n-1\n"
                             "NULL\n";
    // With a NULL handle macDefExpand makes its own; with garbage it refuses.
    std::string withNull = once;
    withNull.replace(withNull.find("NULL\n"), 5, "string\n");
    std::string withGarbage = once;
    withGarbage.replace(withGarbage.find("NULL\n"), 5,
                        "macExpandString: NULL or invalid handle\nNULL\n");
    EXPECT_EQ(out, withNull + withGarbage);
}

TEST(CApi, WarningsGoToStderrWithTheEpicsText) {
    const std::string out = childOutput([] {
        const char* pairs[] = {"A", "$(B)", "B", "$(A)", nullptr, nullptr};
        MAC_HANDLE* h = nullptr;
        macCreateHandle(&h, pairs);
        char buf[64];
        std::printf("%ld %s\n", macExpandString(h, "x$(U)y", buf, sizeof buf), buf);
        std::printf("%ld %s\n", macExpandString(h, "$(A)", buf, sizeof buf), buf);
        macSuppressWarning(h, 1);
        std::printf("%ld %s\n", macExpandString(h, "x$(U)y", buf, sizeof buf), buf);
        macDeleteHandle(h);
    });
    EXPECT_EQ(out, "macLib: macro A is recursive (expanding macro B)\n"
                   "macLib: macro B is recursive (expanding macro A)\n"
                   "macLib: macro U is undefined (expanding string x$(U)y)\n"
                   "-16 x$(U,undefined)y\n"
                   "-14 $(B,recursive)\n"
                   "-6 x$(U)y\n");
}

TEST(CApi, ReportGoesToStdout) {
    const std::string out = childOutput([] {
        const char* pairs[] = {"A", "1", "B", "$(A)2", nullptr, nullptr};
        MAC_HANDLE* h = nullptr;
        macCreateHandle(&h, pairs);
        macPushScope(h);
        std::printf("%ld\n", macReportMacros(h));
        macDeleteHandle(h);
    });
    EXPECT_EQ(out, "e name             rawval           value\n"
                   "- ----             ------           -----\n"
                   "  A                1                1\n"
                   "  B                $(A)2            12\n"
                   "s ----             ------           -----\n"
                   "0\n");
}

TEST(CApi, EnvExpandReturnsAMallocdStringOrNull) {
    setenv(kEnvVar, "value", 1);
    const std::string text = std::string("<$(") + kEnvVar + ")>";
    char* got = macEnvExpand(text.c_str());
    ASSERT_NE(got, nullptr);
    EXPECT_STREQ(got, "<value>");
    std::free(got);

    testing::internal::CaptureStderr();
    EXPECT_EQ(macEnvExpand("$(EPICSDB_MACLIB_CAPI_UNSET)"), nullptr);
    EXPECT_EQ(testing::internal::GetCapturedStderr(),
              "macLib: macro EPICSDB_MACLIB_CAPI_UNSET is undefined (expanding string "
              "$(EPICSDB_MACLIB_CAPI_UNSET))\n");

    // Long results are not cut (EPICS doubles its buffer until the result fits).
    const std::string big(3000, 'b');
    setenv(kEnvVar, big.c_str(), 1);
    got = macEnvExpand(text.c_str());
    ASSERT_NE(got, nullptr);
    EXPECT_EQ(std::string(got), "<" + big + ">");
    std::free(got);
    unsetenv(kEnvVar);
}

TEST(CApi, DefExpandUsesTheGivenHandleOnly) {
    setenv(kEnvVar, "env", 1);
    const char* pairs[] = {"A", "a", nullptr, nullptr};
    Handle h = makeHandle(pairs);
    macSuppressWarning(h.get(), 1);
    char* got = macDefExpand("$(A)", h.get());
    ASSERT_NE(got, nullptr);
    EXPECT_STREQ(got, "a");
    std::free(got);
    const std::string text = std::string("$(") + kEnvVar + ")";
    EXPECT_EQ(macDefExpand(text.c_str(), h.get()), nullptr); // not an environment handle
    unsetenv(kEnvVar);
}
