// Helpers of the C API tests: the test definitions (.dbd) they load, and capture of what a
// scenario prints on stdout and stderr (files go in a ScratchDir).
#pragma once

#include "ChildProcess.hpp"
#include "ScratchDir.hpp"

#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <string_view>
#include <unistd.h>

namespace epicsdb::test {

// Runs `body` in a fresh process (pdbbase and the iocsh variables start at their defaults) and
// returns what it printed on stdout and stderr, interleaved as written.
inline ChildResult runCapturingBoth(const std::function<int()>& body) {
    return runInChild([&] {
        ::dup2(STDOUT_FILENO, STDERR_FILENO);
        std::setvbuf(stderr, nullptr, _IONBF, 0);
        std::setvbuf(stdout, nullptr, _IONBF, 0);
        return body();
    });
}

// Definitions of the C API tests: two menus, a record type `tst` with one field of each kind
// that matters, and two device supports.
inline constexpr std::string_view kTestDbd = R"(
menu(menuScan) {
    choice(menuScanPassive, "Passive")
    choice(menuScanEvent, "Event")
    choice(menuScan1_second, "1 second")
}
menu(menuYesNo) {
    choice(menuYesNoNO, "NO")
    choice(menuYesNoYES, "YES")
}
recordtype(tst) {
    field(NAME, DBF_STRING) {
        size(61)
        special(SPC_NOMOD)
        prompt("Record Name")
    }
    field(DESC, DBF_STRING) {
        size(41)
        promptgroup("10 - Common")
        prompt("Descriptor")
    }
    field(SCAN, DBF_MENU) {
        promptgroup("20 - Scan")
        menu(menuScan)
        special(SPC_SCAN)
        interest(1)
        prompt("Scan Mechanism")
    }
    field(DTYP, DBF_DEVICE) {
        promptgroup("10 - Common")
        prompt("Device Type")
    }
    field(UDF, DBF_UCHAR) {
        promptgroup("10 - Common")
        initial("1")
        pp(TRUE)
        prompt("Undefined")
    }
    field(CLBK, DBF_NOACCESS) {
        extra("void *clbk")
        prompt("Callback")
    }
    field(VAL, DBF_LONG) {
        promptgroup("40 - Input")
        pp(TRUE)
        asl(ASL0)
        prompt("Value")
    }
    field(INP, DBF_INLINK) {
        promptgroup("40 - Input")
        prompt("Input Link")
    }
    field(FLNK, DBF_FWDLINK) {
        promptgroup("20 - Scan")
        prompt("Forward Link")
    }
    field(U16, DBF_USHORT) {
        promptgroup("40 - Input")
        base(HEX)
    }
    field(F64, DBF_DOUBLE) {
        promptgroup("40 - Input")
        initial("0.5")
    }
    field(CALC, DBF_STRING) {
        size(80)
        promptgroup("30 - Action")
        special(SPC_CALC)
        initial("0")
    }
    field(PINI, DBF_MENU) {
        menu(menuYesNo)
    }
}
device(tst, CONSTANT, devTstSoft, "Soft Channel")
device(tst, INST_IO, devTstInst, "Inst")
)";

} // namespace epicsdb::test
