// dbStaticLib's debugging reports: the dbstatic report writers (Writers.hpp) onto stdout, or
// the caller's stream for dbReportDeviceConfig, with EPICS's handling of a missing database.
#include "CApiPvt.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

using namespace epicsdb::dbstatic;
using namespace epicsdb::epics;

namespace {

std::optional<std::string_view> named(const char* name) {
    return name ? std::optional<std::string_view>(name) : std::nullopt;
}

// Writes what `write(out)` produces onto `stream`; nothing without a database, but EPICS's
// message.
template <class Write>
void writeReport(DBBASE* pdbbase, FILE* stream, Write&& write) {
    if (!pdbbase) {
        std::fprintf(stderr, "pdbbase not specified\n");
        return;
    }
    guarded<int>(0, [&] {
        std::string out;
        write(pdbbase->database, out);
        std::fwrite(out.data(), 1, out.size(), stream);
        return 0;
    });
    std::fflush(stream);
}

} // namespace

extern "C" {

void dbDumpRecordType(DBBASE* pdbbase, const char* recordTypeName) {
    writeReport(pdbbase, stdout, [&](const Database& database, std::string& out) {
        writeRecordTypeLayouts(database, out, named(recordTypeName));
    });
}

void dbDumpField(DBBASE* pdbbase, const char* recordTypeName, const char* fname) {
    writeReport(pdbbase, stdout, [&](const Database& database, std::string& out) {
        writeFieldDescriptions(database, out, named(recordTypeName), named(fname));
    });
}

void dbDumpDevice(DBBASE* pdbbase, const char* recordTypeName) {
    writeReport(pdbbase, stdout, [&](const Database& database, std::string& out) {
        writeDeviceSupports(database, out, named(recordTypeName));
    });
}

void dbDumpBreaktable(DBBASE* pdbbase, const char* name) {
    writeReport(pdbbase, stdout, [&](const Database& database, std::string& out) {
        writeBreaktableIntervals(database, out, named(name));
    });
}

void dbPvdDump(DBBASE* pdbbase, int verbose) {
    writeReport(pdbbase, stdout, [&](const Database& database, std::string& out) {
        writeNameTable(database, out, pdbbase->pvdTableSize, verbose != 0);
    });
}

void dbReportDeviceConfig(DBBASE* pdbbase, FILE* report) {
    FILE* stream = report ? report : stdout;
    if (!pdbbase) {
        std::fprintf(stderr, "dbReportDeviceConfig: pdbbase not specified\n");
        return;
    }
    writeReport(pdbbase, stream, [](const Database& database, std::string& out) {
        writeDeviceConfig(database, out);
    });
    // As EPICS's finishOutstream: stdout is flushed, any other stream closed.
    if (stream != stdout && std::fclose(stream))
        std::fprintf(stderr, "fclose error %s\n", std::strerror(errno));
}

} // extern "C"
