#include "FacilityFixture.hpp"
#include "ReadFile.hpp"

#include <nlohmann/json.hpp>

#include <epicsdb/facility/IndexFile.hpp>

#include <fstream>
#include <unistd.h>

namespace epicsdb::test {
namespace {

using Index = FacilityFixture;

TEST_F(Index, HoldsRecordsFieldsWithTheirStatementsAliasesInfosAndLoads) {
    const facility::IndexSummary summary = update();
    EXPECT_EQ(summary.iocs, 2u);
    EXPECT_EQ(summary.loaded, 2u);
    EXPECT_EQ(summary.failed, 0u);
    EXPECT_EQ(summary.records, 6u);
    EXPECT_EQ(summary.generation, 2);
    EXPECT_EQ(query("SELECT name, status, records, aliases, ioc_init FROM iocs ORDER BY name"),
              (std::vector<std::string>{"ioc1|ok|3|1|1", "ioc2|ok|3|1|1"}));
    // The field, its value and the statement that gave it: the template's line 4, with the
    // pattern row's macros and the chain up to the script line.
    EXPECT_EQ(one("SELECT fl.value, f.path, fl.line, fl.column FROM records r "
                  "JOIN fields fl ON fl.record_id = r.id "
                  "JOIN sources s ON s.ioc_id = fl.ioc_id AND s.seq = fl.source "
                  "JOIN files f ON f.id = s.file_id "
                  "WHERE r.name = 'demo:ioc1:m2:pos' AND fl.field = 'OUT'"),
              "demo:ioc1:m1:pos PP MS|db/motor.template|4|5");
    const std::string macros =
        one("SELECT s.macros FROM records r JOIN sources s ON s.ioc_id = r.ioc_id "
            "AND s.seq = r.source WHERE r.name = 'demo:ioc1:m2:pos'");
    const auto parsed = nlohmann::json::parse(macros);
    ASSERT_EQ(parsed.size(), 3u);
    EXPECT_EQ(parsed[0]["name"], "P");
    EXPECT_EQ(parsed[0]["origin"], "load argument");
    EXPECT_EQ(parsed[0]["inner"][0]["origin"], "script variable");
    EXPECT_EQ(parsed[0]["inner"][0]["location"]["file"], "iocBoot/ioc1/st.cmd");
    EXPECT_EQ(parsed[1]["name"], "M");
    EXPECT_EQ(parsed[1]["origin"], "pattern row");
    EXPECT_EQ(parsed[1]["row"], 2);
    EXPECT_EQ(parsed[1]["location"]["file"], "db/motors.substitutions");
    EXPECT_EQ(parsed[1]["location"]["line"], 4);
    const auto chain = nlohmann::json::parse(
        one("SELECT s.chain FROM records r JOIN sources s ON s.ioc_id = r.ioc_id "
            "AND s.seq = r.source WHERE r.name = 'demo:ioc1:m2:pos'"));
    ASSERT_EQ(chain.size(), 2u);
    EXPECT_EQ(chain[0]["text"], "row 2");
    EXPECT_EQ(chain[1]["location"]["file"], "iocBoot/ioc1/st.cmd");
    EXPECT_EQ(chain[1]["location"]["line"], 3);
    // Where records are defined, aliases, infos.
    EXPECT_EQ(one("SELECT r.line, r.column FROM records r WHERE r.name = 'demo:ioc2:y'"), "5|1");
    EXPECT_EQ(
        query("SELECT a.name, r.name, i.name FROM aliases a JOIN records r ON r.id = "
              "a.record_id JOIN iocs i ON i.id = a.ioc_id ORDER BY i.name"),
        (std::vector<std::string>{"demo:hb|demo:heartbeat|ioc1", "demo:hb|demo:heartbeat|ioc2"}));
    EXPECT_EQ(query("SELECT r.name, n.name, n.value, n.line, n.column FROM infos n "
                    "JOIN records r ON r.id = n.record_id ORDER BY r.name"),
              (std::vector<std::string>{"demo:ioc1:m1:pos|autosaveFields|VAL|5|5",
                                        "demo:ioc1:m2:pos|autosaveFields|VAL|5|5"}));
    EXPECT_EQ(query("SELECT i.name, l.seq, l.command, l.file, l.line, l.ok, l.records "
                    "FROM loads l JOIN iocs i ON i.id = l.ioc_id ORDER BY i.name, l.seq"),
              (std::vector<std::string>{"ioc1|0|dbLoadTemplate|db/motors.substitutions|3|1|2",
                                        "ioc1|1|dbLoadRecords|db/shared.db|4|1|1",
                                        "ioc2|0|dbLoadRecords|../../db/ioc2.db|1|1|2",
                                        "ioc2|1|dbLoadRecords|../../db/shared.db|2|1|1"}));
    EXPECT_EQ(one("SELECT name, text, line, base FROM skipped"),
              "drvAsynIPPortConfigure|drvAsynIPPortConfigure(\"L0\", \"10.0.0.1:4001\")|3|0");
    EXPECT_EQ(one("SELECT json_extract(environment, '$.P') FROM iocs WHERE name = 'ioc1'"),
              "demo:ioc1:");
    // Unset fields' defaults, from the record types kept once for both IOCs.
    EXPECT_EQ(one("SELECT count(*) FROM definitions"), "1");
    EXPECT_EQ(one("SELECT t.initial FROM records r JOIN iocs i ON i.id = r.ioc_id JOIN "
                  "type_fields t ON t.definitions = i.definitions AND t.type = r.type "
                  "WHERE r.name = 'demo:ioc2:y' AND t.field = 'SCAN'"),
              "Passive");
}

TEST_F(Index, ResolvesLinksAcrossIocsAndFindsDuplicates) {
    update();
    EXPECT_EQ(query("SELECT r.name, l.field, l.target, l.modifiers, t.name FROM resolved_links l "
                    "JOIN records r ON r.id = l.record_id "
                    "LEFT JOIN iocs t ON t.id = l.target_ioc_id ORDER BY r.name"),
              (std::vector<std::string>{"demo:ioc1:m1:pos|OUT|demo:ioc2:x|PP MS|ioc2",
                                        "demo:ioc1:m2:pos|OUT|demo:ioc1:m1:pos|PP MS|ioc1",
                                        "demo:ioc2:x|INP|demo:ioc2:y||ioc2"}));
    EXPECT_EQ(query("SELECT n.name, count(DISTINCT n.ioc_id) FROM names n GROUP BY n.name "
                    "HAVING count(DISTINCT n.ioc_id) > 1 ORDER BY n.name"),
              (std::vector<std::string>{"demo:hb|2", "demo:heartbeat|2"}));
    // Lint's finding about the link, on the record it is about.
    EXPECT_EQ(query("SELECT d.kind, d.code, r.name, d.file, d.line, d.target FROM diagnostics d "
                    "JOIN records r ON r.id = d.record_id"),
              (std::vector<std::string>{
                  "lint|ext-link|demo:ioc1:m1:pos|db/motor.template|4|demo:ioc2:x"}));
    // The facility has the target: not a finding of the facility; without ioc2, it is.
    EXPECT_EQ(one("SELECT count(*) FROM findings"), "0");
    writeFacility("[[ioc]]\nstartup = \"iocBoot/ioc1/st.cmd\"\n");
    update();
    EXPECT_EQ(one("SELECT code || ' ' || message FROM findings"),
              "ext-link OUT of demo:ioc1:m1:pos names record \"demo:ioc2:x\", which is not "
              "defined");
}

TEST_F(Index, KeepsTheTextAndHashOfEveryFileRead) {
    update();
    EXPECT_EQ(
        query("SELECT path FROM files ORDER BY path"),
        (std::vector<std::string>{"db/ioc2.db", "db/motor.template", "db/motors.substitutions",
                                  "db/shared.db", "iocBoot/ioc1/st.cmd", "iocBoot/ioc2/st.cmd"}));
    EXPECT_EQ(one("SELECT text FROM files WHERE path = 'db/shared.db'"), dir.read("db/shared.db"));
    EXPECT_EQ(one("SELECT length(hash) FROM files WHERE path = 'db/shared.db'"), "32");
    EXPECT_EQ(query("SELECT i.name FROM files f JOIN ioc_files x ON x.file_id = f.id JOIN iocs i "
                    "ON i.id = x.ioc_id WHERE f.path = 'db/shared.db' ORDER BY i.name"),
              (std::vector<std::string>{"ioc1", "ioc2"}));
}

TEST_F(Index, NothingChangedLoadsNothingAndKeepsTheGeneration) {
    update();
    const facility::IndexSummary again = update();
    EXPECT_EQ(again.loaded, 0u);
    EXPECT_EQ(again.unchanged, 2u);
    EXPECT_EQ(again.generation, 2);
    EXPECT_EQ(outcomes,
              (std::map<std::string, std::string>{{"ioc1", "unchanged"}, {"ioc2", "unchanged"}}));
    EXPECT_EQ(update(true).loaded, 2u);
}

TEST_F(Index, AnEditedFileLoadsAgainOnlyTheIocsThatReadIt) {
    update();
    const std::string ioc2Generation = one("SELECT generation FROM iocs WHERE name = 'ioc2'");
    dir.write("db/motors.substitutions", "file \"db/motor.template\" {\n"
                                         "    pattern { M, TARGET }\n"
                                         "    { m1, \"demo:ioc2:x CA\" }\n"
                                         "    { m3, \"demo:ioc1:m1:pos\" }\n"
                                         "}\n");
    const facility::IndexSummary summary = update();
    EXPECT_EQ(outcomes,
              (std::map<std::string, std::string>{{"ioc1", "loaded"}, {"ioc2", "unchanged"}}));
    EXPECT_EQ(summary.generation, 3);
    EXPECT_EQ(query("SELECT r.name FROM records r JOIN iocs i ON i.id = r.ioc_id "
                    "WHERE i.name = 'ioc1' ORDER BY r.name"),
              (std::vector<std::string>{"demo:heartbeat", "demo:ioc1:m1:pos", "demo:ioc1:m3:pos"}));
    EXPECT_EQ(one("SELECT generation FROM iocs WHERE name = 'ioc1'"), "3");
    EXPECT_EQ(one("SELECT generation FROM iocs WHERE name = 'ioc2'"), ioc2Generation);
    // The shared file changes: both.
    dir.write("db/shared.db", "record(bi, \"demo:heartbeat\") {\n    field(DESC, \"Beat\")\n}\n");
    update();
    EXPECT_EQ(outcomes,
              (std::map<std::string, std::string>{{"ioc1", "loaded"}, {"ioc2", "loaded"}}));
    EXPECT_EQ(query("SELECT DISTINCT value FROM fields WHERE field = 'DESC' AND record_id IN "
                    "(SELECT id FROM records WHERE name = 'demo:heartbeat')"),
              (std::vector<std::string>{"Beat"}));
    EXPECT_EQ(one("SELECT count(*) FROM aliases"), "0");
}

TEST_F(Index, IocsAddedAndRemovedWithTheFacilityFile) {
    update();
    dir.write("other/st.cmd", "dbLoadRecords(\"x.db\")\n");
    dir.write("other/x.db", "record(ao, \"demo:other\") {}\n");
    writeFacility("[[ioc]]\nstartup = \"iocBoot/ioc2/st.cmd\"\n"
                  "[[ioc]]\nname = \"third\"\nstartup = \"other/st.cmd\"\n");
    const facility::IndexSummary summary = update();
    EXPECT_EQ(summary.removed, 1u);
    EXPECT_EQ(outcomes, (std::map<std::string, std::string>{
                            {"ioc1", "removed"}, {"ioc2", "unchanged"}, {"third", "loaded"}}));
    EXPECT_EQ(query("SELECT name FROM iocs ORDER BY name"),
              (std::vector<std::string>{"ioc2", "third"}));
    // Nothing of ioc1 is left: its records, sources, loads, and the files only it read.
    EXPECT_EQ(one("SELECT count(*) FROM records WHERE name LIKE 'demo:ioc1:%'"), "0");
    EXPECT_EQ(one("SELECT count(*) FROM sources WHERE ioc_id NOT IN (SELECT id FROM iocs)"), "0");
    EXPECT_EQ(one("SELECT count(*) FROM loads WHERE ioc_id NOT IN (SELECT id FROM iocs)"), "0");
    EXPECT_EQ(one("SELECT count(*) FROM files WHERE path LIKE 'db/motor%'"), "0");
    // The link from ioc1 to ioc2 went with it; the duplicate too.
    EXPECT_EQ(one("SELECT count(*) FROM names GROUP BY name HAVING count(*) > 1"), "<0 rows>");
}

TEST_F(Index, ALoadThatStartsFailingKeepsTheLastGoodRecordsAsStale) {
    update();
    const std::string good = dir.read("db/ioc2.db");
    dir.write("db/ioc2.db", good + "record(ai, \"$(P)z\") {\n    field(SCAN, \"2 weeks\")\n}\n");
    update();
    EXPECT_EQ(outcomes.at("ioc2"), "stale");
    EXPECT_EQ(one("SELECT status FROM iocs WHERE name = 'ioc2'"), "stale");
    EXPECT_NE(one("SELECT failure FROM iocs WHERE name = 'ioc2'").find("db/ioc2.db:9:"),
              std::string::npos);
    // The last good load's records, fields and loads stay; the new failure is reported.
    EXPECT_EQ(query("SELECT r.name FROM records r JOIN iocs i ON i.id = r.ioc_id "
                    "WHERE i.name = 'ioc2' ORDER BY r.name"),
              (std::vector<std::string>{"demo:heartbeat", "demo:ioc2:x", "demo:ioc2:y"}));
    EXPECT_EQ(one("SELECT count(*) FROM loads WHERE ioc_id = (SELECT id FROM iocs WHERE name = "
                  "'ioc2')"),
              "2");
    EXPECT_EQ(one("SELECT d.severity || ' ' || d.file || ':' || d.line FROM diagnostics d JOIN "
                  "iocs i ON i.id = d.ioc_id WHERE i.name = 'ioc2' AND d.kind = 'load'"),
              "error db/ioc2.db:9");
    // A stale IOC is loaded again at every update until it loads; then it is ok.
    EXPECT_EQ(update().failed, 1u);
    dir.write("db/ioc2.db", good);
    update();
    EXPECT_EQ(outcomes.at("ioc2"), "loaded");
    EXPECT_EQ(one("SELECT status || ',' || ifnull(failure, '-') FROM iocs WHERE name = 'ioc2'"),
              "ok,-");
}

TEST_F(Index, AnIocThatNeverLoadedIsFailedWithWhatItGave) {
    dir.write("iocBoot/ioc2/st.cmd", "dbLoadRecords(\"../../db/missing.db\")\n"
                                     "dbLoadRecords(\"../../db/shared.db\")\n");
    const facility::IndexSummary summary = update();
    EXPECT_EQ(summary.failed, 1u);
    EXPECT_EQ(one("SELECT status, records FROM iocs WHERE name = 'ioc2'"), "failed|1");
    EXPECT_NE(one("SELECT failure FROM iocs WHERE name = 'ioc2'").find("missing.db"),
              std::string::npos);
}

TEST_F(Index, AnUnreadableScriptFailsItsIocOnly) {
    writeFacility("[[ioc]]\nstartup = \"iocBoot/*/st.cmd\"\n"
                  "[[ioc]]\nname = \"ghost\"\nstartup = \"nowhere/st.cmd\"\n");
    const facility::IndexSummary summary = update();
    EXPECT_EQ(summary.loaded, 2u);
    EXPECT_EQ(summary.failed, 1u);
    EXPECT_EQ(one("SELECT status, records FROM iocs WHERE name = 'ghost'"), "failed|0");
}

class BadIndexFile : public FacilityFixture {
protected:
    std::string openError(facility::OpenMode mode = facility::OpenMode::ReadWrite) {
        std::string error;
        auto index = facility::IndexFile::open(dir.path("facility.sqlite"), mode, error);
        return index ? "" : error;
    }
};

TEST_F(BadIndexFile, AFileThatIsNotADatabaseIsRefusedAndRebuildMakesItAnew) {
    dir.write("facility.sqlite", std::string(8192, 'x'));
    EXPECT_NE(openError().find("not an epicsdb facility index, or a corrupt one"),
              std::string::npos)
        << openError();
    EXPECT_NE(openError().find("--rebuild"), std::string::npos);
    EXPECT_EQ(dir.read("facility.sqlite"), std::string(8192, 'x')); // left as it was
    std::string error;
    EXPECT_TRUE(
        facility::IndexFile::open(dir.path("facility.sqlite"), facility::OpenMode::Rebuild, error))
        << error;
    EXPECT_EQ(openError(), "");
    EXPECT_EQ(update().loaded, 2u);
}

TEST_F(BadIndexFile, AnotherApplicationsDatabaseIsNotAnIndex) {
    sqlite3* db = nullptr;
    sqlite3_open(dir.path("facility.sqlite").c_str(), &db);
    sqlite3_exec(db, "CREATE TABLE t (x); INSERT INTO t VALUES (1);", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    EXPECT_NE(openError().find("not an epicsdb facility index"), std::string::npos);
}

TEST_F(BadIndexFile, AnotherSchemaVersionSaysWhichVersion) {
    update();
    sqlite3* db = nullptr;
    sqlite3_open(dir.path("facility.sqlite").c_str(), &db);
    sqlite3_exec(db, "PRAGMA user_version = 7", nullptr, nullptr, nullptr);
    sqlite3_close(db);
    EXPECT_NE(openError().find("schema version 7, this epicsdb reads version 1"), std::string::npos)
        << openError();
}

TEST_F(BadIndexFile, ACorruptedPageIsReportedNotCrashedOn) {
    update();
    {
        // Damage the middle of the file (records' pages), past the header.
        std::fstream file(dir.path("facility.sqlite"),
                          std::ios::in | std::ios::out | std::ios::binary);
        file.seekp(0, std::ios::end);
        const auto size = static_cast<long>(file.tellp());
        for (long at = 4096 + 100; at < size; at += 4096) {
            file.seekp(at);
            file << std::string(64, '\xff');
        }
    }
    std::string error;
    auto index = facility::IndexFile::open(dir.path("facility.sqlite"),
                                           facility::OpenMode::ReadWrite, error);
    if (!index) {
        EXPECT_NE(error.find("--rebuild"), std::string::npos) << error;
        return;
    }
    DiagnosticList sink;
    facility::IndexOptions options;
    options.force = true;
    try {
        facility::updateIndex(*index, readFacility(), options, sink);
        ADD_FAILURE() << "a corrupt index was written to without a word";
    } catch (const std::exception& failure) {
        EXPECT_NE(std::string(failure.what()).find("malformed"), std::string::npos)
            << failure.what();
    }
}

TEST_F(BadIndexFile, ReadOnlyNeedsAnExistingIndex) {
    EXPECT_NE(openError(facility::OpenMode::ReadOnly).find("no such index"), std::string::npos);
}

// Resident memory of this process, in KiB.
long residentKiB() {
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = 0;
    statm >> size >> resident;
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

TEST_F(Index, MemoryStaysFlatOverAThousandUpdatesOfTheSameIoc) {
    // Definitions of its own, small, so that a thousand loads take a second or two.
    dir.write("tiny/tiny.dbd", "recordtype(ao) {\n"
                               "    field(NAME, DBF_STRING) { size(61) }\n"
                               "    field(DESC, DBF_STRING) { size(41) }\n"
                               "    field(VAL, DBF_DOUBLE) { prompt(\"Value\") }\n"
                               "    field(OUT, DBF_OUTLINK) { prompt(\"Output\") }\n"
                               "}\n");
    std::string records;
    for (int i = 0; i < 50; ++i)
        records += "record(ao, \"tiny:" + std::to_string(i) + "\") {\n    field(DESC, \"n" +
                   std::to_string(i) + "\")\n    field(OUT, \"tiny:" + std::to_string(i + 1) +
                   " PP\")\n}\n";
    dir.write("tiny/tiny.db", records);
    dir.write("tiny/st.cmd", "dbLoadDatabase(\"tiny.dbd\")\n"
                             "tiny_registerRecordDeviceDriver(pdbbase)\n"
                             "dbLoadRecords(\"tiny.db\")\n");
    writeFacility("[[ioc]]\nstartup = \"tiny/st.cmd\"\n");
    std::string error;
    auto index = facility::IndexFile::open(dir.path("facility.sqlite"),
                                           facility::OpenMode::ReadWrite, error);
    ASSERT_TRUE(index) << error;
    const facility::Facility facility = readFacility();
    DiagnosticList sink;
    facility::IndexOptions options;
    options.force = true;
    long warm = 0;
    for (int i = 0; i < 1000; ++i) {
        const facility::IndexSummary summary =
            facility::updateIndex(*index, facility, options, sink);
        ASSERT_EQ(summary.loaded, 1u);
        if (i == 99) warm = residentKiB();
    }
    const long after = residentKiB();
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer keeps freed blocks in its quarantine (up to 256 MiB): resident memory
    // says nothing there; its leak checker looks at this run instead.
    (void)warm;
    (void)after;
#else
    EXPECT_LT(after - warm, 2048) << "grew from " << warm << " KiB to " << after << " KiB";
#endif
    EXPECT_EQ(one("SELECT value FROM meta WHERE key = 'generation'"), "1000");
    EXPECT_EQ(one("SELECT count(*) FROM records"), "50");
    EXPECT_EQ(one("SELECT count(*) FROM sources"), "1");
}

TEST(IndexSchema, TheGuidePageShowsTheSchemaTheIndexIsMadeWith) {
    const std::string page = readWholeFile(EPICSDB_SOURCE_DIR "/docs/guide/index-schema.md");
    const std::string marker = "```sql\nCREATE TABLE meta";
    const std::size_t begin = page.find(marker);
    ASSERT_NE(begin, std::string::npos);
    const std::size_t end = page.find("```", begin + 6);
    EXPECT_EQ(page.substr(begin + 7, end - begin - 7), facility::schemaSql());
}

} // namespace
} // namespace epicsdb::test
