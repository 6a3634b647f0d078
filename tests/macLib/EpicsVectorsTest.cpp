// The cases of EPICS Base's own macLib unit tests (macLibTest: macExpandString on one handle
// whose definitions change along the way; macDefExpandTest: macDefExpand on fresh environment
// handles, and scopes over the environment), written here as tables and run through the C API
// and, where the C++ API says the same thing, through MacroTable too.
#include <macLib.h>

#include "MacHandle.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using epicsdb::maclib::MacroTable;
using epicsdb::maclib::test::Handle;
using epicsdb::maclib::test::makeHandle;

namespace {

// One step of the macExpandString script: define, suppress warnings, or expand and compare.
// An expected text starting with '!' must come with a negative status.
enum class Op { Put, Suppress, Check };
struct Step {
    Op op;
    const char* a;
    const char* b;
};

const std::vector<Step>& expandScript() {
    static const std::vector<Step> steps = {
        {Op::Check, "FOO", " FOO"},

        {Op::Check, "$(FOO)", "!$(FOO,undefined)"},
        {Op::Check, "${FOO}", "!$(FOO,undefined)"},
        {Op::Check, "${FOO=${FOO}}", "!$(FOO,undefined)"},
        {Op::Check, "${FOO,FOO}", "!$(FOO,undefined)"},
        {Op::Check, "${FOO,FOO=${FOO}}", "!$(FOO,recursive)"},
        {Op::Check, "${FOO,BAR}", "!$(FOO,undefined)"},
        {Op::Check, "${FOO,BAR=baz}", "!$(FOO,undefined)"},
        {Op::Check, "${FOO,BAR=${FOO}}", "!$(FOO,undefined)"},
        {Op::Check, "${FOO,BAR=baz,FUM}", "!$(FOO,undefined)"},
        {Op::Check, "${FOO=${BAR},BAR=${FOO}}", "!$(FOO,undefined)"},
        {Op::Check, "${FOO,FOO=${BAR},BAR=${FOO}}", "!$(BAR,recursive)"},

        {Op::Check, "${=}", " "},
        {Op::Check, "x${=}y", " xy"},
        {Op::Check, "${,=}", " "},
        {Op::Check, "x${,=}y", " xy"},
        {Op::Check, "${FOO=}", " "},
        {Op::Check, "x${FOO=}y", " xy"},
        {Op::Check, "${FOO=,}", " "},
        {Op::Check, "x${FOO=,}y", " xy"},
        {Op::Check, "${FOO,FOO=}", " "},
        {Op::Check, "x${FOO,FOO=}y", " xy"},
        {Op::Check, "${FOO=,BAR}", " "},
        {Op::Check, "x${FOO=,BAR}y", " xy"},
        {Op::Check, "${FOO=${BAR=}}", " "},
        {Op::Check, "x${FOO=${BAR=}}y", " xy"},
        {Op::Check, "${FOO=,BAR=baz}", " "},
        {Op::Check, "x${FOO=,BAR=baz}y", " xy"},
        {Op::Check, "${FOO=${BAR},BAR=}", " "},
        {Op::Check, "x${FOO=${BAR},BAR=}y", " xy"},
        {Op::Check, "${=BAR}", " BAR"},
        {Op::Check, "x${=BAR}y", " xBARy"},
        {Op::Check, "${FOO=BAR}", " BAR"},
        {Op::Check, "x${FOO=BAR}y", " xBARy"},

        {Op::Put, "FOO", "BLETCH"},
        {Op::Check, "${FOO}", " BLETCH"},
        {Op::Check, "${FOO,FOO}", " BLETCH"},
        {Op::Check, "x${FOO}y", " xBLETCHy"},
        {Op::Check, "x${FOO}y${FOO}z", " xBLETCHyBLETCHz"},
        {Op::Check, "${FOO=BAR}", " BLETCH"},
        {Op::Check, "x${FOO=BAR}y", " xBLETCHy"},
        {Op::Check, "${FOO=${BAZ}}", " BLETCH"},
        {Op::Check, "${FOO=${BAZ},BAR=${BAZ}}", " BLETCH"},
        {Op::Check, "x${FOO=${BAZ}}y", " xBLETCHy"},
        {Op::Check, "x${FOO=${BAZ},BAR=${BAZ}}y", " xBLETCHy"},
        {Op::Check, "${BAR=${FOO}}", " BLETCH"},
        {Op::Check, "x${BAR=${FOO}}y", " xBLETCHy"},
        {Op::Check, "w${BAR=x${FOO}y}z", " wxBLETCHyz"},

        {Op::Check, "${FOO,FOO=BAR}", " BAR"},
        {Op::Check, "x${FOO,FOO=BAR}y", " xBARy"},
        {Op::Check, "${BAR,BAR=${FOO}}", " BLETCH"},
        {Op::Check, "x${BAR,BAR=${FOO}}y", " xBLETCHy"},
        {Op::Check, "${BAR,BAR=${${FOO}},BLETCH=GRIBBLE}", " GRIBBLE"},
        {Op::Check, "x${BAR,BAR=${${FOO}},BLETCH=GRIBBLE}y", " xGRIBBLEy"},
        {Op::Check, "${${BAR,BAR=${FOO}},BLETCH=GRIBBLE}", " GRIBBLE"},
        {Op::Check, "x${${BAR,BAR=${FOO}},BLETCH=GRIBBLE}y", " xGRIBBLEy"},
        {Op::Check, "${N=${FOO}/${BAR},BAR=GLEEP}", " BLETCH/GLEEP"},

        {Op::Put, "BAR", "GLEEP"},
        {Op::Check, "${FOO}/${BAR}", " BLETCH/GLEEP"},
        {Op::Check, "x${FOO}/${BAR}y", " xBLETCH/GLEEPy"},
        {Op::Check, "${FOO,BAR}/${BAR}", " BLETCH/GLEEP"},
        {Op::Check, "${FOO,BAR=x}/${BAR}", " BLETCH/GLEEP"},
        {Op::Check, "${BAZ=BLETCH,BAR}/${BAR}", " BLETCH/GLEEP"},
        {Op::Check, "${BAZ=BLETCH,BAR=x}/${BAR}", " BLETCH/GLEEP"},
        {Op::Check, "${N=${FOO}/${BAR}}", " BLETCH/GLEEP"},

        {Op::Put, "BLETCH", "BAR"},
        {Op::Check, "${${FOO}}", " BAR"},
        {Op::Check, "x${${FOO}}y", " xBARy"},
        {Op::Check, "${${FOO}=GRIBBLE}", " BAR"},
        {Op::Check, "x${${FOO}=GRIBBLE}y", " xBARy"},

        {Op::Put, "BLETCH", "${BAR}"},
        {Op::Check, "${${FOO}}", " GLEEP"},
        {Op::Check, "${BLETCH=${FOO}}", " GLEEP"},

        {Op::Put, "FOO", "${BAR}"},
        {Op::Check, "${FOO}", " GLEEP"},
        {Op::Check, "${FOO=BLETCH,BAR=BAZ}", " BAZ"},

        {Op::Put, "BAR", "${BAZ}"},
        {Op::Check, "${FOO}", "!$(BAZ,undefined)"},

        {Op::Put, "BAR", "${BAZ=GRIBBLE}"},
        {Op::Check, "${FOO}", " GRIBBLE"},
        {Op::Check, "${FOO,BAZ=GEEK}", " GEEK"},

        {Op::Put, "BAR", "${STR1}"},
        {Op::Put, "STR1", "VAL1"},
        {Op::Put, "STR2", "VAL2"},
        {Op::Check, "${FOO}", " VAL1"},

        {Op::Put, "BAR", "${STR2}"},
        {Op::Check, "${FOO}", " VAL2"},
        {Op::Check, "$(FOO)$(FOO1)", "!VAL2$(FOO1,undefined)"},
        {Op::Check, "$(FOO1)$(FOO)", "!$(FOO1,undefined)VAL2"},

        {Op::Put, "BAR", "${FOO}"},
        {Op::Check, "${FOO}", "!$(BAR,recursive)"},
        {Op::Check, "${FOO=GRIBBLE}", "!$(BAR,recursive)"},
        {Op::Check, "${FOO=GRIBBLE,BAR=${FOO}}", "!$(BAR,recursive)"},
        {Op::Check, "${FOO,FOO=${FOO}}", "!$(FOO,recursive)"},
        {Op::Check, "${FOO=GRIBBLE,FOO=${FOO}}", "!$(FOO,recursive)"},

        {Op::Suppress, nullptr, nullptr},
        {Op::Check, "$(CRUX)", "!$(CRUX)"},
        {Op::Check, "${FOO}", "!$(BAR)"},
    };
    return steps;
}

// Silences the C layer's warnings (EPICS tests do eltc(0)) for the lifetime of the object.
class QuietStderr {
public:
    QuietStderr() { testing::internal::CaptureStderr(); }
    ~QuietStderr() { captured_ = testing::internal::GetCapturedStderr(); }

private:
    std::string captured_;
};

} // namespace

TEST(EpicsMacLibTest, ExpandStringScriptThroughTheCApi) {
    QuietStderr quiet;
    Handle h = makeHandle();
    int checks = 0;
    for (const Step& step : expandScript()) {
        if (step.op == Op::Put) {
            EXPECT_EQ(macPutValue(h.get(), step.a, step.b), long(std::strlen(step.b)));
            continue;
        }
        if (step.op == Op::Suppress) {
            macSuppressWarning(h.get(), 1);
            continue;
        }
        ++checks;
        char output[MAC_SIZE] = {};
        const long status = macExpandString(h.get(), step.a, output, MAC_SIZE);
        const bool expectError = step.b[0] == '!';
        EXPECT_STREQ(output, step.b + 1) << "input " << step.a;
        EXPECT_EQ(status < 0, expectError) << "input " << step.a << ", status " << status;
        EXPECT_EQ(std::labs(status), long(std::strlen(output))) << "input " << step.a;
    }
    EXPECT_EQ(checks, 85);
}

TEST(EpicsMacLibTest, ExpandStringScriptThroughMacroTable) {
    MacroTable table;
    for (const Step& step : expandScript()) {
        if (step.op == Op::Put) {
            table.define(step.a, step.b);
        } else if (step.op == Op::Suppress) {
            table.suppressWarnings(true);
        } else {
            auto result = table.expand(step.a);
            EXPECT_EQ(result.text, step.b + 1) << "input " << step.a;
            EXPECT_EQ(!result.status.ok(), step.b[0] == '!') << "input " << step.a;
        }
    }
}

// The last part of macLibTest: a 52-character result into buffers of 52 and 53 bytes.
TEST(EpicsMacLibTest, ExpansionStopsAtTheCapacity) {
    Handle h = makeHandle();
    macPutValue(h.get(), "OVVAR", "abcdefghijklmnopqrstuvwxyz");
    char output[54];

    std::memset(output, '~', sizeof output);
    EXPECT_EQ(macExpandString(h.get(), "abcdefghijklmnopqrstuvwxyz$(OVVAR)", output, 52), 51);
    EXPECT_EQ(output[50], 'y');
    EXPECT_EQ(output[51], '\0');
    EXPECT_EQ(output[52], '~');

    std::memset(output, '~', sizeof output);
    EXPECT_EQ(macExpandString(h.get(), "abcdefghijklmnopqrstuvwxyz$(OVVAR)", output, 53), 52);
    EXPECT_EQ(output[51], 'z');
    EXPECT_EQ(output[52], '\0');
    EXPECT_EQ(output[53], '~');
}

// ---- macDefExpandTest ------------------------------------------------------------------------

namespace {

const char* const kEnvironmentNames[] = {"FOO", "BAR",  "BAZ",  "BLETCH", "FUM", "GRIBBLE",
                                         "N",   "STR1", "STR2", "FOO1",   "A",   "B",
                                         "C",   "D",    "E",    "F",      "G"};

void clearEnvironment() {
    for (const char* name : kEnvironmentNames)
        unsetenv(name);
}

// Either set an environment variable or expand `a` with the definitions `b` on a fresh
// environment handle; `expect` null means macDefExpand must return NULL.
struct DefStep {
    bool setEnvironment;
    const char* a;
    const char* b;
    const char* expect;
};

const std::vector<DefStep>& defExpandScript() {
    static const std::vector<DefStep> steps = {
        {false, "FOO", "", "FOO"},

        {false, "${FOO}", "", nullptr},
        {false, "${FOO,BAR}", "", nullptr},
        {false, "${FOO,BAR=baz}", "", nullptr},
        {false, "${FOO,BAR=$(FOO)}", "", nullptr},
        {false, "${FOO,FOO}", "", nullptr},
        {false, "${FOO,FOO=$(FOO)}", "", nullptr},
        {false, "${FOO,BAR=baz,FUM}", "", nullptr},

        {false, "${=}", "", ""},
        {false, "x${=}y", "", "xy"},
        {false, "${,=}", "", ""},
        {false, "x${,=}y", "", "xy"},
        {false, "${FOO=}", "", ""},
        {false, "x${FOO=}y", "", "xy"},
        {false, "${FOO=,}", "", ""},
        {false, "x${FOO=,}y", "", "xy"},
        {false, "${FOO,FOO=}", "", ""},
        {false, "x${FOO,FOO=}y", "", "xy"},
        {false, "${FOO=,BAR}", "", ""},
        {false, "x${FOO=,BAR}y", "", "xy"},
        {false, "${FOO=$(BAR=)}", "", ""},
        {false, "x${FOO=$(BAR=)}y", "", "xy"},
        {false, "${FOO=,BAR=baz}", "", ""},
        {false, "x${FOO=,BAR=baz}y", "", "xy"},
        {false, "${FOO=$(BAR),BAR=}", "", ""},
        {false, "x${FOO=$(BAR),BAR=}y", "", "xy"},
        {false, "${=BAR}", "", "BAR"},
        {false, "x${=BAR}y", "", "xBARy"},
        {false, "${FOO=BAR}", "", "BAR"},
        {false, "x${FOO=BAR}y", "", "xBARy"},

        {true, "FOO", "BLETCH", nullptr},
        {false, "${FOO}", "", "BLETCH"},
        {false, "${FOO,FOO}", "", "BLETCH"},
        {false, "x${FOO}y", "", "xBLETCHy"},
        {false, "x${FOO}y${FOO}z", "", "xBLETCHyBLETCHz"},
        {false, "${FOO=BAR}", "", "BLETCH"},
        {false, "x${FOO=BAR}y", "", "xBLETCHy"},
        {false, "${FOO=${BAZ}}", "", "BLETCH"},
        {false, "${FOO=${BAZ},BAR=$(BAZ)}", "", "BLETCH"},
        {false, "x${FOO=${BAZ}}y", "", "xBLETCHy"},
        {false, "x${FOO=${BAZ},BAR=$(BAZ)}y", "", "xBLETCHy"},
        {false, "${BAR=${FOO}}", "", "BLETCH"},
        {false, "x${BAR=${FOO}}y", "", "xBLETCHy"},
        {false, "w${BAR=x${FOO}y}z", "", "wxBLETCHyz"},

        {false, "${FOO,FOO=BAR}", "", "BAR"},
        {false, "x${FOO,FOO=BAR}y", "", "xBARy"},
        {false, "${BAR,BAR=$(FOO)}", "", "BLETCH"},
        {false, "x${BAR,BAR=$(FOO)}y", "", "xBLETCHy"},
        {false, "${BAR,BAR=$($(FOO)),BLETCH=GRIBBLE}", "", "GRIBBLE"},
        {false, "x${BAR,BAR=$($(FOO)),BLETCH=GRIBBLE}y", "", "xGRIBBLEy"},
        {false, "${$(BAR,BAR=$(FOO)),BLETCH=GRIBBLE}", "", "GRIBBLE"},
        {false, "x${$(BAR,BAR=$(FOO)),BLETCH=GRIBBLE}y", "", "xGRIBBLEy"},

        {false, "${FOO}/${BAR}", "BAR=GLEEP", "BLETCH/GLEEP"},
        {false, "x${FOO}/${BAR}y", "BAR=GLEEP", "xBLETCH/GLEEPy"},
        {false, "${FOO,BAR}/${BAR}", "BAR=GLEEP", "BLETCH/GLEEP"},
        {false, "${FOO,BAR=x}/${BAR}", "BAR=GLEEP", "BLETCH/GLEEP"},
        {false, "${BAZ=BLETCH,BAR}/${BAR}", "BAR=GLEEP", "BLETCH/GLEEP"},
        {false, "${BAZ=BLETCH,BAR=x}/${BAR}", "BAR=GLEEP", "BLETCH/GLEEP"},

        {false, "${${FOO}}", "BAR=GLEEP,BLETCH=BAR", "BAR"},
        {false, "x${${FOO}}y", "BAR=GLEEP,BLETCH=BAR", "xBARy"},
        {false, "${${FOO}=GRIBBLE}", "BAR=GLEEP,BLETCH=BAR", "BAR"},
        {false, "x${${FOO}=GRIBBLE}y", "BAR=GLEEP,BLETCH=BAR", "xBARy"},

        {false, "${${FOO}}", "BAR=GLEEP,BLETCH=${BAR}", "GLEEP"},

        {true, "FOO", "${BAR}", nullptr},
        {false, "${FOO}", "BAR=GLEEP,BLETCH=${BAR}", "GLEEP"},
        {false, "${FOO}", "BAR=${BAZ},BLETCH=${BAR}", nullptr},
        {false, "${FOO}", "BAR=${BAZ=GRIBBLE},BLETCH=${BAR}", "GRIBBLE"},
        {false, "${FOO}", "BAR=${STR1},BLETCH=${BAR},STR1=VAL1,STR2=VAL2", "VAL1"},
        {false, "${FOO}", "BAR=${STR2},BLETCH=${BAR},STR1=VAL1,STR2=VAL2", "VAL2"},
        {false, "${FOO}", "BAR=${FOO},BLETCH=${BAR},STR1=VAL1,STR2=VAL2", nullptr},
        {false, "${FOO,FOO=$(FOO)}", "BAR=${FOO},BLETCH=${BAR},STR1=VAL1,STR2=VAL2", nullptr},
        {false, "${FOO=$(FOO)}", "BAR=${FOO},BLETCH=${BAR},STR1=VAL1,STR2=VAL2", nullptr},
        {false, "${FOO=$(BAR),BAR=$(FOO)}", "BAR=${FOO},BLETCH=${BAR},STR1=VAL1,STR2=VAL2",
         nullptr},
    };
    return steps;
}

const char* gEnvironPairs[] = {"", "environ", nullptr, nullptr};

} // namespace

TEST(EpicsMacDefExpandTest, DefExpandScriptThroughTheCApi) {
    QuietStderr quiet;
    clearEnvironment();
    int checks = 0;
    for (const DefStep& step : defExpandScript()) {
        if (step.setEnvironment) {
            setenv(step.a, step.b, 1);
            continue;
        }
        ++checks;
        Handle h = makeHandle(gEnvironPairs);
        char** defines = nullptr;
        ASSERT_GE(macParseDefns(nullptr, step.b, &defines), 0);
        EXPECT_GE(macInstallMacros(h.get(), defines), 0);
        std::free(defines);
        char* got = macDefExpand(step.a, h.get());
        if (step.expect) {
            ASSERT_NE(got, nullptr) << "input " << step.a << " with " << step.b;
            EXPECT_STREQ(got, step.expect) << "input " << step.a << " with " << step.b;
        } else {
            EXPECT_EQ(got, nullptr)
                << "input " << step.a << " with " << step.b << " gave " << (got ? got : "");
        }
        std::free(got);
    }
    EXPECT_EQ(checks, 71);
    clearEnvironment();
}

TEST(EpicsMacDefExpandTest, DefExpandScriptThroughMacroTable) {
    clearEnvironment();
    for (const DefStep& step : defExpandScript()) {
        if (step.setEnvironment) {
            setenv(step.a, step.b, 1);
            continue;
        }
        MacroTable table(step.b, MacroTable::Environment::Use);
        auto result = table.expand(step.a);
        EXPECT_EQ(result.status.ok(), step.expect != nullptr) << "input " << step.a;
        if (step.expect) {
            EXPECT_EQ(result.text, step.expect) << "input " << step.a << " with " << step.b;
        }
    }
    clearEnvironment();
}

// The scope part of macDefExpandTest (macEnvScope): definitions over environment variables,
// undefining (as iocsh does after epicsEnvSet), and what a pop uncovers.
TEST(EpicsMacDefExpandTest, ScopesOverTheEnvironment) {
    clearEnvironment();
    auto checkMac = [](MAC_HANDLE* h, const char* name, const char* value) {
        char buf[20];
        buf[19] = '\0';
        if (macGetValue(h, name, buf, 19) < 0) {
            EXPECT_EQ(value, nullptr) << "macro " << name << " undefined";
        } else {
            ASSERT_NE(value, nullptr) << "macro " << name << " is " << buf;
            EXPECT_STREQ(buf, value) << "macro " << name;
        }
    };
    auto install = [](MAC_HANDLE* h, const char* text) {
        char** defines = nullptr;
        macParseDefns(nullptr, text, &defines);
        macInstallMacros(h, defines);
        std::free(defines);
    };

    setenv("C", "3", 1);
    setenv("D", "4", 1);
    setenv("E", "5", 1);
    Handle handle = makeHandle(gEnvironPairs);
    MAC_HANDLE* h = handle.get();
    install(h, "A=1,B=2,E=15");
    checkMac(h, "A", "1");
    checkMac(h, "B", "2");
    checkMac(h, "C", "3");
    checkMac(h, "D", "4");
    checkMac(h, "E", "15");
    checkMac(h, "F", nullptr);

    macPushScope(h);
    install(h, "A=11,C=13,D=14,G=7");
    checkMac(h, "A", "11");
    checkMac(h, "B", "2");
    checkMac(h, "C", "13");
    checkMac(h, "D", "14");
    checkMac(h, "E", "15");
    checkMac(h, "F", nullptr);
    checkMac(h, "G", "7");

    setenv("D", "24", 1);
    macPutValue(h, "D", nullptr);
    setenv("F", "6", 1);
    macPutValue(h, "F", nullptr);
    setenv("G", "17", 1);
    macPutValue(h, "G", nullptr);
    checkMac(h, "D", "24");
    checkMac(h, "F", "6");
    checkMac(h, "G", "17");
    macPopScope(h);

    checkMac(h, "A", "1");
    checkMac(h, "B", "2");
    checkMac(h, "C", "3");
    checkMac(h, "D", "24");
    checkMac(h, "E", "15");
    checkMac(h, "F", "6");
    checkMac(h, "G", "17");

    macPushScope(h);
    install(h, "D=34,G=27");
    checkMac(h, "D", "34");
    checkMac(h, "G", "27");
    macPopScope(h);
    checkMac(h, "D", "24");

    handle.reset();
    clearEnvironment();
}
