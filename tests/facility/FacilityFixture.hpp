// A small facility on disk for the facility tests: two IOCs (ioc1 loads a template through a
// substitution file and links to a record of ioc2; both load shared.db, a duplicate), a
// facility file naming them by a glob, and helpers to index it and read the index back.
#pragma once

#include "ScratchDir.hpp"

#include <epicsdb/facility/FacilityFile.hpp>
#include <epicsdb/facility/Indexer.hpp>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <map>
#include <string>
#include <vector>

namespace epicsdb::test {

class FacilityFixture : public ::testing::Test {
protected:
    void SetUp() override {
        dir.write("db/motor.template", "record(ao, \"$(P)$(M):pos\") {\n"
                                       "    field(DESC, \"Motor $(M)\")\n"
                                       "    field(EGU, \"$(EGU=mm)\")\n"
                                       "    field(OUT, \"$(TARGET) PP MS\")\n"
                                       "    info(autosaveFields, \"VAL\")\n"
                                       "}\n");
        dir.write("db/motors.substitutions", "file \"db/motor.template\" {\n"
                                             "    pattern { M, TARGET }\n"
                                             "    { m1, \"demo:ioc2:x CA\" }\n"
                                             "    { m2, \"demo:ioc1:m1:pos\" }\n"
                                             "}\n");
        dir.write("db/shared.db", "record(bi, \"demo:heartbeat\") {\n"
                                  "    field(DESC, \"Shared\")\n"
                                  "    alias(\"demo:hb\")\n"
                                  "}\n");
        dir.write("db/ioc2.db", "record(ai, \"$(P)x\") {\n"
                                "    field(DESC, \"Readback\")\n"
                                "    field(INP, \"$(P)y\")\n"
                                "}\n"
                                "record(calc, \"$(P)y\") {\n"
                                "    field(CALC, \"A+1\")\n"
                                "}\n");
        dir.write("iocBoot/ioc1/st.cmd", "epicsEnvSet(\"P\", \"demo:ioc1:\")\n"
                                         "cd \"$(TOP)\"\n"
                                         "dbLoadTemplate(\"db/motors.substitutions\", \"P=$(P)\")\n"
                                         "dbLoadRecords(\"db/shared.db\")\n"
                                         "iocInit()\n");
        dir.write("iocBoot/ioc2/st.cmd", "dbLoadRecords(\"../../db/ioc2.db\", \"P=demo:ioc2:\")\n"
                                         "dbLoadRecords(\"../../db/shared.db\")\n"
                                         "drvAsynIPPortConfigure(\"L0\", \"10.0.0.1:4001\")\n"
                                         "iocInit()\n");
        writeFacility("[[ioc]]\nstartup = \"iocBoot/*/st.cmd\"\n");
    }

    void writeFacility(const std::string& iocs) {
        dir.write("facility.toml",
                  "[facility]\nname = \"demo\"\nenv = { TOP = \"" + dir.path() + "\" }\n\n" + iocs);
    }

    facility::Facility readFacility() {
        DiagnosticList problems;
        auto facility = facility::readFacilityFile(dir.path("facility.toml"), problems);
        EXPECT_TRUE(facility.has_value());
        EXPECT_EQ(problems.items.size(), 0u);
        return facility ? *facility : facility::Facility{};
    }

    facility::IndexSummary update(bool force = false) {
        std::string error;
        auto index = facility::IndexFile::open(dir.path("facility.sqlite"),
                                               facility::OpenMode::ReadWrite, error);
        EXPECT_TRUE(index) << error;
        if (!index) return {};
        DiagnosticList sink;
        facility::IndexOptions options;
        options.force = force;
        options.progress = [&](std::string_view ioc, std::string_view outcome) {
            outcomes[std::string(ioc)] = outcome;
        };
        outcomes.clear();
        return facility::updateIndex(*index, readFacility(), options, sink);
    }

    // The rows of `sql` against the index, each row's columns joined by '|'.
    std::vector<std::string> query(const std::string& sql) {
        std::vector<std::string> rows;
        sqlite3* db = nullptr;
        if (sqlite3_open_v2(dir.path("facility.sqlite").c_str(), &db, SQLITE_OPEN_READONLY,
                            nullptr) != SQLITE_OK) {
            ADD_FAILURE() << "cannot open the index";
            sqlite3_close(db);
            return rows;
        }
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
            ADD_FAILURE() << sqlite3_errmsg(db) << " in " << sql;
        } else {
            while (sqlite3_step(statement) == SQLITE_ROW) {
                std::string row;
                for (int i = 0; i < sqlite3_column_count(statement); ++i) {
                    if (i) row += '|';
                    const auto* text = sqlite3_column_text(statement, i);
                    row += text ? reinterpret_cast<const char*>(text) : "NULL";
                }
                rows.push_back(row);
            }
        }
        sqlite3_finalize(statement);
        sqlite3_close(db);
        return rows;
    }
    std::string one(const std::string& sql) {
        const auto rows = query(sql);
        return rows.size() == 1 ? rows.front() : "<" + std::to_string(rows.size()) + " rows>";
    }

    ScratchDir dir;
    std::map<std::string, std::string> outcomes;
};

} // namespace epicsdb::test
