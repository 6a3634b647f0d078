// dbStaticLib writers and dumps: EPICS's file and FILE* conventions and messages around the
// dbstatic writers (Writers.hpp), which produce the text.
#include "CApiPvt.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <cerrno>
#include <cstring>
#include <ostream>
#include <streambuf>

using namespace epicsdb::dbstatic;
using namespace epicsdb::epics;

namespace {

// EPICS's red "ERROR" (EPICS-BEHAVIOUR, its notation).
constexpr const char* kError = "\033[31;1mERROR\033[0m";

// An ostream onto a C stream, so the writers can feed a FILE* chunk by chunk.
class FileBuffer final : public std::streambuf {
public:
    explicit FileBuffer(FILE* file) : file_(file) {}

protected:
    std::streamsize xsputn(const char* text, std::streamsize count) override {
        return static_cast<std::streamsize>(
            std::fwrite(text, 1, static_cast<std::size_t>(count), file_));
    }
    int_type overflow(int_type c) override {
        if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
        return std::fputc(c, file_) == EOF ? traits_type::eof() : c;
    }

private:
    FILE* file_;
};

// The dumps' ending (they return nothing, as in EPICS).
void flushStdout(long /*status*/) {
    std::fflush(stdout);
}

// Runs `write(ostream&)` onto `fp`; -1 when there is no database, as EPICS's writers do.
template <class Write>
long writeTo(DBBASE* base, FILE* fp, Write&& write) {
    if (!base) {
        std::fprintf(stderr, "pdbbase not specified\n");
        return -1;
    }
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        FileBuffer buffer(fp);
        std::ostream out(&buffer);
        write(out);
        out.flush();
        return 0;
    });
}

// EPICS's openOutstream/finishOutstream pair around a FILE* writer.
template <class WriteFp>
long writeFile(const char* filename, WriteFp&& writeFp) {
    errno = 0;
    FILE* fp = std::fopen(filename, "w");
    if (!fp) {
        std::fprintf(stderr, "%s opening %s %s\n", kError, filename, std::strerror(errno));
        return -1;
    }
    const long status = writeFp(fp);
    if (std::fclose(fp)) std::fprintf(stderr, "fclose error %s\n", std::strerror(errno));
    return status;
}

std::string_view orEmpty(const char* text) {
    return text ? std::string_view(text) : "";
}

} // namespace

extern "C" {

long dbWriteRecordFP(DBBASE* pdbbase, FILE* fp, const char* precordTypename, int level) {
    const std::string_view type = orEmpty(precordTypename);
    if (pdbbase && !type.empty() && type != "*" && !pdbbase->database.findRecordType(type)) {
        std::fprintf(stderr, "dbWriteRecordFP: No record description for %s\n", precordTypename);
        return S_dbLib_recordTypeNotFound;
    }
    return writeTo(pdbbase, fp, [&](std::ostream& out) {
        writeRecords(pdbbase->database, out, {type, level});
    });
}

long dbWriteRecord(DBBASE* pdbbase, const char* filename, const char* precordTypename, int level) {
    return writeFile(
        filename, [&](FILE* fp) { return dbWriteRecordFP(pdbbase, fp, precordTypename, level); });
}

long dbWriteMenuFP(DBBASE* pdbbase, FILE* fp, const char* menuName) {
    return writeTo(pdbbase, fp, [&](std::ostream& out) {
        writeMenus(pdbbase->database, out, orEmpty(menuName));
    });
}

long dbWriteMenu(DBBASE* pdbbase, const char* filename, const char* menuName) {
    return writeFile(filename, [&](FILE* fp) { return dbWriteMenuFP(pdbbase, fp, menuName); });
}

long dbWriteRecordTypeFP(DBBASE* pdbbase, FILE* fp, const char* recordTypeName) {
    return writeTo(pdbbase, fp, [&](std::ostream& out) {
        writeRecordTypes(pdbbase->database, out, orEmpty(recordTypeName));
    });
}

long dbWriteRecordType(DBBASE* pdbbase, const char* filename, const char* recordTypeName) {
    return writeFile(filename,
                     [&](FILE* fp) { return dbWriteRecordTypeFP(pdbbase, fp, recordTypeName); });
}

long dbWriteDeviceFP(DBBASE* pdbbase, FILE* fp) {
    if (!pdbbase) {
        std::fprintf(stderr, "dbWriteDeviceFP: pdbbase not specified\n");
        return -1;
    }
    return writeTo(pdbbase, fp, [&](std::ostream& out) { writeDevices(pdbbase->database, out); });
}

long dbWriteDevice(DBBASE* pdbbase, const char* filename) {
    return writeFile(filename, [&](FILE* fp) { return dbWriteDeviceFP(pdbbase, fp); });
}

long dbWriteDriverFP(DBBASE* pdbbase, FILE* fp) {
    return writeTo(pdbbase, fp, [&](std::ostream& out) { writeDrivers(pdbbase->database, out); });
}

long dbWriteDriver(DBBASE* pdbbase, const char* filename) {
    return writeFile(filename, [&](FILE* fp) { return dbWriteDriverFP(pdbbase, fp); });
}

long dbWriteLinkFP(DBBASE* pdbbase, FILE* fp) {
    return writeTo(pdbbase, fp,
                   [&](std::ostream& out) { writeLinkSupports(pdbbase->database, out); });
}

long dbWriteRegistrarFP(DBBASE* pdbbase, FILE* fp) {
    return writeTo(pdbbase, fp,
                   [&](std::ostream& out) { writeRegistrars(pdbbase->database, out); });
}

long dbWriteFunctionFP(DBBASE* pdbbase, FILE* fp) {
    return writeTo(pdbbase, fp, [&](std::ostream& out) { writeFunctions(pdbbase->database, out); });
}

long dbWriteVariableFP(DBBASE* pdbbase, FILE* fp) {
    return writeTo(pdbbase, fp, [&](std::ostream& out) { writeVariables(pdbbase->database, out); });
}

long dbWriteBreaktableFP(DBBASE* pdbbase, FILE* fp) {
    return writeTo(pdbbase, fp,
                   [&](std::ostream& out) { writeBreaktables(pdbbase->database, out); });
}

long dbWriteBreaktable(DBBASE* pdbbase, const char* filename) {
    return writeFile(filename, [&](FILE* fp) { return dbWriteBreaktableFP(pdbbase, fp); });
}

// ---- dumps: the writers onto stdout ----

void dbDumpRecord(DBBASE* pdbbase, const char* precordTypename, int level) {
    flushStdout(dbWriteRecordFP(pdbbase, stdout, precordTypename, level));
}

void dbDumpMenu(DBBASE* pdbbase, const char* menuName) {
    flushStdout(dbWriteMenuFP(pdbbase, stdout, menuName));
}

void dbDumpDriver(DBBASE* pdbbase) {
    flushStdout(dbWriteDriverFP(pdbbase, stdout));
}

void dbDumpLink(DBBASE* pdbbase) {
    flushStdout(dbWriteLinkFP(pdbbase, stdout));
}

void dbDumpRegistrar(DBBASE* pdbbase) {
    flushStdout(dbWriteRegistrarFP(pdbbase, stdout));
}

void dbDumpFunction(DBBASE* pdbbase) {
    flushStdout(dbWriteFunctionFP(pdbbase, stdout));
}

void dbDumpVariable(DBBASE* pdbbase) {
    flushStdout(dbWriteVariableFP(pdbbase, stdout));
}

} // extern "C"
