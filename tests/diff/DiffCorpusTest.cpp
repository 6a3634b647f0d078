// A corpus file against itself written again (records in reverse order, another layout,
// numbers written otherwise, aliases as alias() statements): no difference; against copies with
// one field, one record and one alias changed: exactly that difference. Skipped by name when
// ../shared is absent.
#include "LoadedDatabase.hpp"
#include "ReadFile.hpp"
#include "SharedData.hpp"

#include <epicsdb/dbStatic/Values.hpp>
#include <epicsdb/diff/DatabaseDiff.hpp>
#include <epicsdb/diff/DiffWriters.hpp>

#include <gtest/gtest.h>

#include <sstream>
#include <vector>

namespace {
using epicsdb::dbstatic::Database;
using epicsdb::dbstatic::Record;
using epicsdb::test::LoadedDatabase;

constexpr const char* kFile = "corpus/epics-modules+sequencer/test/validate/pvSyncDb.db";

std::string quotedText(std::string_view value) {
    std::string out = "\"";
    epicsdb::dbstatic::appendEscaped(value, out);
    return out + "\"";
}

// What to change while writing the copy.
struct Alteration {
    std::string skipRecord;   // leave this record out
    std::string changeRecord; // give this record's DESC another value
    std::string addAlias;     // "record,alias"
};

// The database written again from what was loaded, records last to first, one statement per
// line with other spacing; a DOUBLE written as an integer gets ".0".
std::string rewrite(const Database& db, const Alteration& alteration = {}) {
    std::vector<const Record*> records;
    std::vector<const Record*> aliases;
    for (const auto& type : db.recordTypes())
        for (const Record* node = type.firstRecord(); node; node = node->next())
            (node->isAlias() ? aliases : records).push_back(node);
    std::string out = "# written again by DiffCorpusTest\n";
    for (auto it = records.rbegin(); it != records.rend(); ++it) {
        const Record& record = **it;
        if (record.name() == alteration.skipRecord) continue;
        out += "record( " + std::string(record.type().name()) + " , " + quotedText(record.name()) +
               " )\n{\n";
        for (const auto& value : record.setFields()) {
            const auto& field = record.type().field(value.field);
            std::string text(value.value());
            if (epicsdb::dbstatic::isFloatType(field.type) && !text.empty() &&
                text.find_first_not_of("-0123456789") == std::string::npos)
                text += ".0";
            out += "\tfield(" + std::string(field.name) + ",  " + quotedText(text) + ")\n";
        }
        if (record.name() == alteration.changeRecord) out += "\tfield(DESC, \"altered\")\n";
        for (const auto& info : record.infos())
            out += "\tinfo(" + std::string(info.name) + ", " + quotedText(info.value) + ")\n";
        out += "}\n\n";
    }
    for (const Record* alias : aliases)
        out +=
            "alias(" + quotedText(alias->real().name()) + ", " + quotedText(alias->name()) + ")\n";
    if (const auto comma = alteration.addAlias.find(','); comma != std::string::npos)
        out += "alias(" + quotedText(alteration.addAlias.substr(0, comma)) + ", " +
               quotedText(alteration.addAlias.substr(comma + 1)) + ")\n";
    return out;
}

class DiffCorpus : public ::testing::Test {
protected:
    void SetUp() override {
        if (!std::filesystem::exists(epicsdb::test::sharedDir() / kFile)) return;
        original.load(epicsdb::test::readWholeFile(epicsdb::test::sharedDir() / kFile), kFile);
        ASSERT_GT(original.db().recordCount(), 100u);
    }
    epicsdb::diff::DatabaseDiff against(const Alteration& alteration) {
        LoadedDatabase copy;
        copy.load(rewrite(original.db(), alteration), "copy.db");
        return epicsdb::diff::diffDatabases(original.db(), copy.db());
    }
    static std::string text(const epicsdb::diff::DatabaseDiff& diff) {
        std::ostringstream out;
        epicsdb::diff::writeText(diff, {}, out);
        return out.str();
    }
    LoadedDatabase original;
};

TEST_F(DiffCorpus, ItselfReorderedAndReformattedIsTheSame) {
    EPICSDB_REQUIRE_SHARED(kFile);
    const auto diff = against({});
    EXPECT_TRUE(diff.same()) << text(diff);
}

TEST_F(DiffCorpus, OneFieldOneRecordOneAliasChangedAreExactlyThat) {
    EPICSDB_REQUIRE_SHARED(kFile);
    const auto diff = against({"pvSync500", "pvSync7", "pvSync9,pvSync9:alias"});
    ASSERT_EQ(diff.records.size(), 3u) << text(diff);
    // In the copy, record i is written 999 - i records after the first (line 2), four lines
    // each, one fewer before it once pvSync500 is left out.
    auto copyLine = [](int i) { return std::to_string(2 + 4 * ((999 - i) - (i < 500 ? 1 : 0))); };
    const std::string file = kFile;
    EXPECT_EQ(text(diff), "--- a: a\n"
                          "+++ b: b\n"
                          "- record(ao, \"pvSync500\")  " +
                              file +
                              ":501\n"
                              "~ record(ao, \"pvSync7\")  " +
                              file + ":8  copy.db:" + copyLine(7) +
                              "\n"
                              "    DESC: \"\" (default) -> \"altered\"\n"
                              "~ record(ao, \"pvSync9\")  " +
                              file + ":10  copy.db:" + copyLine(9) +
                              "\n"
                              "    alias \"pvSync9:alias\" added\n");
}

} // namespace
