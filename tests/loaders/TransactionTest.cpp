// A load that fails leaves the database exactly as it was before that load.
#include "LoaderFixture.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

using epicsdb::test::LoaderFixture;
using namespace epicsdb;

namespace {

class Transactions : public LoaderFixture {
protected:
    std::string snapshot() {
        std::string out;
        dbstatic::writeRecords(db, out, {.recordType = {}, .level = 2});
        for (const auto& type : db.recordTypes())
            for (const auto* node = type.firstRecord(); node; node = node->next())
                for (const auto& info : node->infos())
                    out += std::string(node->name()) + " info " + std::string(info.name) + "=" +
                           std::string(info.value) + "\n";
        out += std::to_string(db.recordCount()) + " records, " + std::to_string(db.aliasCount()) +
               " aliases, " + std::to_string(db.recordTypes().size()) + " types, " +
               std::to_string(db.menus().size()) + " menus\n";
        return out;
    }
};

} // namespace

TEST_F(Transactions, AFailedLoadChangesNothing) {
    ASSERT_TRUE(load(R"(
record(ai, keep) { field(DESC, "original") alias(keep:alias) info(i, "1") }
record(bo, other) { field(ZNAM, zero) }
record(ai, doomed) { alias(doomed:a) }
)")
                    .ok)
        << allMessages();
    const std::string before = snapshot();

    auto result = load(R"(
record(ai, keep) { field(DESC, "changed") field(PREC, 5) info(i, "2") info(j, "3") }
record("*", keep:alias) { info(k, "4") }
record(ai, brand:new) { alias(new:alias) }
alias(other, other:alias)
record("#", doomed)
record("#", keep:alias)
menu(menuNew) { choice(menuNewA, "A") }
recordtype(newType) { field(VAL, DBF_LONG) { prompt("v") } }
device(ai, CONSTANT, devNew, "New Soft")
record(ai, broken) { field(PREC, not-a-number) }
)");
    EXPECT_FALSE(result.ok);
    EXPECT_EQ(result.errors, 1u) << allMessages();
    EXPECT_EQ(snapshot(), before);
    EXPECT_EQ(db.findRecordType("newType"), nullptr);
    EXPECT_EQ(db.findMenu("menuNew"), nullptr);
    EXPECT_FALSE(db.findRecordType("ai")->findDevice("New Soft"));
    EXPECT_NE(db.findRecord("doomed:a"), nullptr);
    EXPECT_EQ(db.findRecord("brand:new"), nullptr);

    // And the database goes on working normally afterwards.
    ASSERT_TRUE(load("record(ai, brand:new) { field(DESC, \"second try\") }\n").ok)
        << allMessages();
    EXPECT_EQ(field("brand:new", "DESC"), "second try");
    EXPECT_EQ(field("keep", "DESC"), "original");
}

TEST_F(Transactions, ARolledBackLoadGivesItsMemoryBack) {
    const auto before = db.arena().stats().bytesAllocated;
    std::string text;
    for (int i = 0; i < 2000; ++i)
        text += "record(ai, r" + std::to_string(i) + ") { field(DESC, \"some text\") }\n";
    text += "record(ai, bad) { field(PREC, x) }\n";
    EXPECT_FALSE(load(text).ok);
    EXPECT_EQ(db.arena().stats().bytesAllocated, before);
    EXPECT_EQ(db.recordCount(), 0u);
}

TEST_F(Transactions, WarningsDoNotFailALoad) {
    auto result = load("record(\"#\", nothing)\nrecord(ai, \"+plus\")\n");
    EXPECT_TRUE(result.ok);
    EXPECT_EQ(result.warnings, 2u);
    EXPECT_NE(db.findRecord("+plus"), nullptr);
}
