// dbLoadDatabase, dbLoadRecords, dbReadDatabaseFP, dbLoadTemplate and dbPvdTableSize: return
// codes, messages, the global pdbbase, the hook and the iocsh variables. Each scenario runs in
// a fresh process, as the globals are process-wide.
#include "TestFiles.hpp"

#include <dbAccess.h>
#include <dbLoadTemplate.h>
#include <dbStaticLib.h>
#include <dbStaticPvt.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace epicsdb::test {
namespace {

const std::string kRedError = "\033[31;1mERROR\033[0m";

// Runs `body(entry)` on an entry of `base` made for it, and gives back what it returns.
template <class Body>
auto withEntry(DBBASE* base, Body body) {
    DBENTRY entry;
    dbInitEntry(base, &entry);
    const auto result = body(entry);
    dbFinishEntry(&entry);
    return result;
}

int recordExists(const char* name, DBBASE* base = pdbbase) {
    return withEntry(base, [name](DBENTRY& entry) { return dbFindRecord(&entry, name) == 0; });
}

int nodeCount() {
    return withEntry(pdbbase, [](DBENTRY& entry) {
        int count = 0;
        for (long status = dbFirstRecordType(&entry); !status; status = dbNextRecordType(&entry))
            count += dbGetNRecords(&entry);
        return count;
    });
}

std::string hookCalls;
void hook(const char* file, const char* subs) {
    hookCalls += std::string(file) + " [" + (subs ? subs : "(null)") + "]\n";
}

TEST(Load, UsageMessagesForMissingFileNames) {
    const ChildResult result = runCapturingBoth([] {
        const int database = dbLoadDatabase(nullptr, nullptr, nullptr);
        const int records = dbLoadRecords(nullptr, nullptr);
        std::printf("%d %d\n", database, records);
        std::printf("pdbbase %s\n", pdbbase ? "set" : "null");
        return 0;
    });
    EXPECT_EQ(result.out, "Usage: dbLoadDatabase \"file\", \"path\", \"subs\"\n"
                          "Usage: dbLoadRecords \"file\", \"subs\"\n"
                          "-1 -1\n"
                          "pdbbase null\n");
}

TEST(Load, RecordsLoadIntoTheGlobalDatabaseAndCallTheHook) {
    ScratchDir dir;
    const std::string dbd = dir.write("test.dbd", kTestDbd);
    const std::string db = dir.write("a.db", "record(tst, \"$(P)a\") { field(VAL, \"$(V=1)\") }\n");
    const ChildResult result = runCapturingBoth([&] {
        std::printf("dbd %d\n", dbLoadDatabase(dbd.c_str(), nullptr, nullptr));
        dbLoadRecordsHook = hook;
        std::printf("db %d\n", dbLoadRecords(db.c_str(), "P=x:"));
        std::printf("db %d\n", dbLoadRecords(db.c_str(), "P=y:,V=5"));
        std::printf("%d %d %d\n", recordExists("x:a"), recordExists("y:a"), nodeCount());
        std::fputs(hookCalls.c_str(), stdout);
        return 0;
    });
    EXPECT_EQ(result.out, "dbd 0\ndb 0\ndb 0\n1 1 2\n" + db + " [P=x:]\n" + db + " [P=y:,V=5]\n");
}

TEST(Load, AFailedLoadReportsAndLeavesTheDatabaseAsItWas) {
    ScratchDir dir;
    const std::string dbd = dir.write("test.dbd", kTestDbd);
    const std::string good = dir.write("good.db", "record(tst, \"kept\") {}\n");
    // The first record is fine; the second has an unknown field.
    const std::string bad = dir.write("bad.db", "record(tst, \"first\") { field(VAL, 1) }\n"
                                                "record(tst, \"second\") { field(NOPE, 1) }\n");
    const ChildResult result = runCapturingBoth([&] {
        dbLoadDatabase(dbd.c_str(), nullptr, nullptr);
        dbLoadRecords(good.c_str(), nullptr);
        dbLoadRecordsHook = hook;
        const int status = dbLoadRecords(bad.c_str(), nullptr);
        const int missing = dbLoadRecords("no-such-file.db", nullptr);
        std::printf("\nstatus %d %d, kept %d, first %d, nodes %d, hook calls %zu\n", status,
                    missing, recordExists("kept"), recordExists("first"), nodeCount(),
                    hookCalls.size());
        return 0;
    });
    EXPECT_NE(result.out.find(kRedError + " failed to load '" + bad + "'\n"), std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find(kRedError + " failed to load 'no-such-file.db'\n"), std::string::npos)
        << result.out;
    EXPECT_NE(result.out.find("NOPE"), std::string::npos) << "the reason is reported\n"
                                                          << result.out;
    EXPECT_NE(result.out.find("\nstatus -1 -1, kept 1, first 0, nodes 1, hook calls 0\n"),
              std::string::npos)
        << result.out;
}

TEST(Load, IocshVariablesApplyToEveryLoad) {
    ScratchDir dir;
    const std::string dbd = dir.write("test.dbd", kTestDbd);
    const std::string db = dir.write("a.db", "record(tst, \"b\") {}\nrecord(tst, \"a\") {}\n");
    const std::string again = dir.write("again.db", "record(tst, \"a\") { field(DESC, x) }\n");
    const ChildResult result = runCapturingBoth([&] {
        dbLoadDatabase(dbd.c_str(), nullptr, nullptr);
        dbRecordsAbcSorted = 1;
        dbLoadRecords(db.c_str(), nullptr);
        withEntry(pdbbase, [](DBENTRY& entry) {
            dbFindRecordType(&entry, "tst");
            dbFirstRecord(&entry);
            return std::printf("\nfirst %s\n", dbGetRecordName(&entry));
        });
        dbRecordsOnceOnly = 1;
        std::printf("once only %d\n", dbLoadRecords(again.c_str(), nullptr));
        dbRecordsOnceOnly = 0;
        std::printf("merge %d\n", dbLoadRecords(again.c_str(), nullptr));
        return 0;
    });
    EXPECT_NE(result.out.find("\nfirst a\n"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("once only -1\n"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("merge 0\n"), std::string::npos) << result.out;
}

TEST(Load, ReadDatabaseFromAnOpenFile) {
    ScratchDir dir;
    const std::string dbd = dir.write("test.dbd", kTestDbd);
    const std::string db = dir.write("fp.db", "record(tst, \"$(N)\") {}\n");
    DBBASE* base = nullptr;
    ASSERT_EQ(dbReadDatabase(&base, dbd.c_str(), nullptr, nullptr), 0);
    ASSERT_NE(base, nullptr);
    FILE* fp = std::fopen(db.c_str(), "r");
    ASSERT_NE(fp, nullptr);
    EXPECT_EQ(dbReadDatabaseFP(&base, fp, dir.path().c_str(), "N=fromfp"), 0);
    EXPECT_TRUE(recordExists("fromfp", base));
    dbFreeBase(base);
}

TEST(Load, ReadDatabaseAllocatesTheBaseAndSearchesThePath) {
    ScratchDir dir;
    dir.write("test.dbd", kTestDbd);
    DBBASE* base = nullptr;
    EXPECT_EQ(dbReadDatabase(&base, "test.dbd", (":" + dir.path()).c_str(), nullptr), 0);
    ASSERT_NE(base, nullptr);
    EXPECT_EQ(withEntry(base, [](DBENTRY& entry) { return dbFindRecordType(&entry, "tst"); }), 0);
    dbFreeBase(base);
}

TEST(Load, TemplateReturnCodes) {
    ScratchDir dir;
    const std::string dbd = dir.write("test.dbd", kTestDbd);
    dir.write("t.db", "record(tst, \"$(P)$(N)\") { field(DESC, \"$(D=none)\") }\n");
    const std::string subs = dir.write("t.substitutions", "file \"" + dir.path("t.db") +
                                                              "\" {\n"
                                                              "    pattern { N, D }\n"
                                                              "    { 1, one }\n"
                                                              "    { 2, \"two\" }\n"
                                                              "}\n");
    const ChildResult result = runCapturingBoth([&] {
        std::printf("null %d\n", dbLoadTemplate(nullptr, nullptr));
        std::printf("empty %d\n", dbLoadTemplate("", nullptr));
        std::printf("missing %d\n", dbLoadTemplate("no-such.substitutions", nullptr));
        dbTemplateMaxVars = 0;
        std::printf("maxvars %d\n", dbLoadTemplate(subs.c_str(), nullptr));
        dbTemplateMaxVars = 100;
        dbLoadDatabase(dbd.c_str(), nullptr, nullptr);
        std::printf("good %d\n", dbLoadTemplate(subs.c_str(), "P=t:"));
        std::printf("records %d %d\n", recordExists("t:1"), recordExists("t:2"));
        return 0;
    });
    EXPECT_EQ(result.out, "must specify variable substitution file\n"
                          "null -1\n"
                          "must specify variable substitution file\n"
                          "empty -1\n"
                          "dbLoadTemplate: error opening sub file no-such.substitutions\n"
                          "missing -1\n" +
                              kRedError +
                              ": dbTemplateMaxVars = 0, must be +ve\n"
                              "maxvars -1\n"
                              "good 0\n"
                              "records 1 1\n");
}

TEST(Load, PvdTableSizeIsAcceptedWithTheEpicsPowerOfTwoCheck) {
    const ChildResult result = runCapturingBoth([] {
        for (int size : {3, 0, 256, 1024, 1 << 20, 1000, -4})
            std::printf("%d -> %d\n", size, dbPvdTableSize(size));
        return 0;
    });
    EXPECT_EQ(result.out, "dbPvdTableSize: 3 is not a power of 2\n"
                          "3 -> -1\n"
                          "0 -> 0\n"
                          "256 -> 0\n"
                          "1024 -> 0\n"
                          "1048576 -> 0\n"
                          "dbPvdTableSize: 1000 is not a power of 2\n"
                          "1000 -> -1\n"
                          "dbPvdTableSize: -4 is not a power of 2\n"
                          "-4 -> -1\n");
}

} // namespace
} // namespace epicsdb::test
