// Provenance (LoaderOptions::provenance): every record statement and field statement is kept
// with its place, its text as written, the macros it used and the load that brought it.
#include "LoaderFixture.hpp"
#include "ScratchDir.hpp"

#include <epicsdb/loaders/Provenance.hpp>

using epicsdb::test::LoaderFixture;
using epicsdb::test::ScratchDir;
using namespace epicsdb;

namespace {

loaders::LoaderOptions withProvenance(loaders::Provenance& provenance, bool fastPaths = true,
                                      unsigned jobs = 1) {
    loaders::LoaderOptions options;
    options.provenance = &provenance;
    options.fastPaths = fastPaths;
    options.jobs = jobs;
    return options;
}

class Provenance : public ::testing::Test {
protected:
    ScratchDir dir;
    loaders::Provenance provenance;
    dbstatic::Database db;
    DiagnosticList diagnostics;

    // The motor template of the issue: loaded by a substitution file (global, pattern rows),
    // then one field overridden by a .db of its own.
    void writeMotorFiles() {
        dir.write("db/motor.template", "record(ai, \"$(P)motor$(M)\") {\n"
                                       "    field(DESC, \"Motor $(M)\")\n"
                                       "    field(HOPR, \"$(HOPR=1)\")\n"
                                       "    field(EGU, \"$(EGU)\")\n"
                                       "}\n");
        dir.write("motors.substitutions", "global { EGU = mm }\n"
                                          "file \"motor.template\" {\n"
                                          "    pattern { M, HOPR }\n"
                                          "    { 1, 2.5 }\n"
                                          "    { 2, \"\" }\n"
                                          "}\n"
                                          "file \"motor.template\" {\n"
                                          "    { M = 3 }\n"
                                          "}\n");
        dir.write("db/overrides.db", "\n"
                                     "record(ai, \"x:motor3\") {\n"
                                     "  field(HOPR, \"7\")\n"
                                     "}\n");
    }

    void loadMotors(loaders::LoaderOptions options) {
        options.includeDirs = {dir.path("db")};
        loaders::Loader loader(db, diagnostics, options);
        ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
        ASSERT_TRUE(loader.loadTemplate(dir.path("motors.substitutions"), "P=x:").ok)
            << diagnostics.items.size();
        ASSERT_TRUE(loader.loadRecords(dir.path("db/overrides.db")).ok);
    }
};

const loaders::MacroUse* macroNamed(const loaders::Statement& s, std::string_view name) {
    for (const auto& use : s.macros)
        if (use.name == name) return &use;
    return nullptr;
}

} // namespace

TEST_F(Provenance, AFieldSetByATemplateKnowsItsStatementMacrosAndSet) {
    writeMotorFiles();
    loadMotors(withProvenance(provenance));
    const auto hopr = provenance.field(db, "x:motor1", "HOPR");
    ASSERT_TRUE(hopr);
    EXPECT_EQ(hopr->value, "2.5");
    EXPECT_TRUE(hopr->set);
    ASSERT_EQ(hopr->statements.size(), 1u);
    const loaders::Statement& s = hopr->statements[0];
    EXPECT_EQ(s.location.file, dir.path("db/motor.template"));
    EXPECT_EQ(s.location.line, 3u);
    EXPECT_EQ(s.location.column, 5u);
    EXPECT_EQ(s.keyword, "field");
    EXPECT_EQ(s.text, "field(HOPR, \"$(HOPR=1)\")");
    EXPECT_EQ(s.written, "\"$(HOPR=1)\"");
    EXPECT_EQ(s.value, "2.5");
    const loaders::MacroUse* use = macroNamed(s, "HOPR");
    ASSERT_TRUE(use);
    EXPECT_EQ(use->value, "2.5");
    EXPECT_EQ(use->origin, loaders::MacroOrigin::PatternRow);
    EXPECT_EQ(use->row, 1u);
    EXPECT_EQ(use->location.file, dir.path("motors.substitutions"));
    EXPECT_EQ(use->location.line, 4u);
    // The chain: the set, then the load (no script: the call itself).
    ASSERT_EQ(s.chain.size(), 2u);
    EXPECT_EQ(s.chain[0].location.file, dir.path("motors.substitutions"));
    EXPECT_EQ(s.chain[0].location.line, 4u);
    EXPECT_EQ(s.chain[1].text,
              "dbLoadTemplate(\"" + dir.path("motors.substitutions") + "\", \"P=x:\")");
}

TEST_F(Provenance, GlobalsDefaultsAndCallerMacrosAreTracedToTheirOrigins) {
    writeMotorFiles();
    loadMotors(withProvenance(provenance));
    const auto egu = provenance.field(db, "x:motor2", "EGU");
    ASSERT_TRUE(egu);
    ASSERT_EQ(egu->statements.size(), 1u);
    const loaders::MacroUse* global = macroNamed(egu->statements[0], "EGU");
    ASSERT_TRUE(global);
    EXPECT_EQ(global->origin, loaders::MacroOrigin::Global);
    EXPECT_EQ(global->location.line, 1u);
    EXPECT_EQ(global->value, "mm");

    // An empty pattern value defines the macro as empty: no default.
    const auto hopr2 = provenance.field(db, "x:motor2", "HOPR");
    ASSERT_TRUE(hopr2);
    EXPECT_EQ(hopr2->statements.back().value, "");

    const auto record = provenance.record(db, "x:motor2");
    ASSERT_TRUE(record);
    ASSERT_EQ(record->definitions.size(), 1u);
    const loaders::MacroUse* p = macroNamed(record->definitions[0], "P");
    ASSERT_TRUE(p);
    EXPECT_EQ(p->origin, loaders::MacroOrigin::LoadArgument);
    EXPECT_EQ(p->value, "x:");
    EXPECT_EQ(record->definitions[0].value, "x:motor2");
    EXPECT_EQ(record->definitions[0].keyword, "record");
    EXPECT_EQ(record->definitions[0].location.column, 1u);
}

TEST_F(Provenance, ALaterStatementReplacesAnEarlierOneAndBothAreKept) {
    writeMotorFiles();
    loadMotors(withProvenance(provenance));
    const auto hopr = provenance.field(db, "x:motor3", "HOPR");
    ASSERT_TRUE(hopr);
    EXPECT_EQ(hopr->value, "7");
    ASSERT_EQ(hopr->statements.size(), 2u);
    // First the template's default, then the override.
    const loaders::MacroUse* fallback = macroNamed(hopr->statements[0], "HOPR");
    ASSERT_TRUE(fallback);
    EXPECT_EQ(fallback->origin, loaders::MacroOrigin::Default);
    EXPECT_EQ(fallback->value, "1");
    EXPECT_EQ(hopr->statements[0].value, "1");
    EXPECT_EQ(hopr->statements[1].location.file, dir.path("db/overrides.db"));
    EXPECT_EQ(hopr->statements[1].location.line, 3u);
    EXPECT_EQ(hopr->statements[1].location.column, 3u);
    EXPECT_EQ(hopr->statements[1].value, "7");
    const auto record = provenance.record(db, "x:motor3");
    ASSERT_TRUE(record);
    ASSERT_EQ(record->definitions.size(), 2u);
    EXPECT_EQ(record->definitions[1].location.line, 2u);
}

TEST_F(Provenance, AnUnsetFieldNamesItsDefinition) {
    writeMotorFiles();
    loadMotors(withProvenance(provenance));
    const auto lopr = provenance.field(db, "x:motor1", "LOPR");
    ASSERT_TRUE(lopr);
    EXPECT_FALSE(lopr->set);
    EXPECT_TRUE(lopr->statements.empty());
    EXPECT_EQ(lopr->definedAt.file, "<epicsdb>/aiRecord.dbd");
    EXPECT_GT(lopr->definedAt.line, 0u);
    EXPECT_FALSE(provenance.field(db, "x:motor1", "NOPE"));
    EXPECT_FALSE(provenance.field(db, "nothing", "VAL"));
}

TEST_F(Provenance, FastPathsAndThreadsGiveTheSameProvenance) {
    writeMotorFiles();
    // Many sets of one template: replays and the second thread's expansions.
    std::string sets = "file \"motor.template\" {\n pattern { M, HOPR }\n";
    for (int i = 0; i < 200; ++i)
        sets += " { " + std::to_string(i) + ", " + std::to_string(i * 2) + " }\n";
    sets += "}\n";
    dir.write("many.substitutions", sets);
    auto run = [&](bool fast, unsigned jobs) {
        loaders::Provenance p;
        dbstatic::Database d;
        DiagnosticList list;
        auto options = withProvenance(p, fast, jobs);
        options.includeDirs = {dir.path("db")};
        loaders::Loader loader(d, list, options);
        EXPECT_TRUE(loader.loadDefaultDefinitions().ok);
        EXPECT_TRUE(loader.loadTemplate(dir.path("many.substitutions"), "P=y:,EGU=s").ok);
        std::string all;
        for (int i = 0; i < 200; i += 37) {
            const auto f = p.field(d, "y:motor" + std::to_string(i), "HOPR");
            if (!f) return std::string("missing");
            for (const auto& s : f->statements)
                all += s.location.file + ":" + std::to_string(s.location.line) + ":" +
                       std::to_string(s.location.column) + " " + s.text + " = " + s.value + " " +
                       s.chain[0].location.file + ":" + std::to_string(s.chain[0].location.line) +
                       "\n";
        }
        return all;
    };
    const std::string slow = run(false, 1);
    EXPECT_NE(slow.find(":3:5 field(HOPR, \"$(HOPR=1)\") = 74 "), std::string::npos) << slow;
    EXPECT_EQ(run(true, 1), slow);
    EXPECT_EQ(run(true, 2), slow);
}

TEST_F(Provenance, IncludesAreInTheChain) {
    dir.write("inner.db", "record(ai, r) {\n  field(DESC, \"$(D)\")\n}\n");
    dir.write("middle.db", "\n\ninclude \"inner.db\"\n");
    const std::string top = dir.write("top.db", "include \"middle.db\"\n");
    loaders::Loader loader(db, diagnostics, withProvenance(provenance));
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    ASSERT_TRUE(loader.loadDatabase(top, dir.path(), "D=hello").ok);
    const auto desc = provenance.field(db, "r", "DESC");
    ASSERT_TRUE(desc);
    ASSERT_EQ(desc->statements.size(), 1u);
    const auto& chain = desc->statements[0].chain;
    ASSERT_EQ(chain.size(), 3u);
    EXPECT_EQ(chain[0].relation, "included from");
    EXPECT_EQ(chain[0].location.line, 3u);
    EXPECT_EQ(chain[1].location.line, 1u);
    EXPECT_EQ(chain[2].relation, "loaded by");
    EXPECT_EQ(desc->statements[0].value, "hello");
}

TEST_F(Provenance, AFailedLoadLeavesNoTrace) {
    loaders::Loader loader(db, diagnostics, withProvenance(provenance));
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    ASSERT_TRUE(loader.loadRecordsText("a.db", "record(ai, r) { field(DESC, \"one\") }\n").ok);
    EXPECT_FALSE(loader
                     .loadRecordsText("b.db", "record(ai, r) { field(DESC, \"two\") }\n"
                                              "record(ai, s) { field(PREC, \"bad\") }\n")
                     .ok);
    const auto desc = provenance.field(db, "r", "DESC");
    ASSERT_TRUE(desc);
    EXPECT_EQ(desc->value, "one");
    ASSERT_EQ(desc->statements.size(), 1u);
    EXPECT_EQ(desc->statements[0].location.file, "a.db");
    EXPECT_EQ(desc->statements[0].value, "one");
}

TEST_F(Provenance, AppendsAliasesInfosAndDeletions) {
    loaders::Loader loader(db, diagnostics, withProvenance(provenance));
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    ASSERT_TRUE(loader
                    .loadRecordsText("a.db", "record(ai, r) {\n"
                                             "  alias(\"r2\")\n"
                                             "  info(autosaveFields, \"VAL\")\n"
                                             "}\n"
                                             "alias(r, r3)\n"
                                             "record(\"*\", r2) { field(DESC, \"via alias\") }\n"
                                             "record(bo, gone) { field(DESC, \"x\") }\n"
                                             "record(\"#\", gone)\n"
                                             "record(ao, gone) { field(EGU, \"y\") }\n")
                    .ok)
        << diagnostics.items.size();
    const auto r = provenance.record(db, "r3");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->name, "r");
    ASSERT_EQ(r->definitions.size(), 2u);
    EXPECT_EQ(r->definitions[1].location.line, 6u);
    EXPECT_EQ(r->definitions[1].written, "r2");
    ASSERT_EQ(r->aliases.size(), 2u);
    ASSERT_EQ(r->infos.size(), 1u);
    EXPECT_EQ(r->infos[0].location.line, 3u);
    EXPECT_EQ(r->infos[0].value, "VAL");
    const auto desc = provenance.field(db, "r", "DESC");
    ASSERT_TRUE(desc);
    ASSERT_EQ(desc->statements.size(), 1u);
    EXPECT_EQ(desc->statements[0].location.line, 6u);
    // A record deleted and made again: only the new one's statements.
    const auto gone = provenance.record(db, "gone");
    ASSERT_TRUE(gone);
    ASSERT_EQ(gone->definitions.size(), 1u);
    EXPECT_EQ(gone->definitions[0].location.line, 9u);
    EXPECT_TRUE(provenance.field(db, "gone", "DESC")->statements.empty());
}

TEST_F(Provenance, ARecordStatementOnAnAliasNameExtendsTheRealRecord) {
    loaders::Loader loader(db, diagnostics, withProvenance(provenance));
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    ASSERT_TRUE(loader
                    .loadRecordsText("a.db", "record(ai, real) { field(DESC, \"first\") }\n"
                                             "alias(real, other)\n"
                                             "grecord(ai, other) {\n"
                                             "  field(DESC, \"second\")\n"
                                             "}\n")
                    .ok);
    const auto desc = provenance.field(db, "real", "DESC");
    ASSERT_TRUE(desc);
    EXPECT_EQ(desc->value, "second");
    ASSERT_EQ(desc->statements.size(), 2u);
    EXPECT_EQ(desc->statements[1].location.line, 4u);
    const auto record = provenance.record(db, "other");
    ASSERT_TRUE(record);
    ASSERT_EQ(record->definitions.size(), 2u);
    EXPECT_EQ(record->definitions[1].keyword, "grecord");
    ASSERT_EQ(record->aliases.size(), 1u);
    EXPECT_EQ(record->aliases[0].location.line, 2u);
    EXPECT_EQ(record->aliases[0].value, "other");
}

TEST_F(Provenance, WithoutAProvenanceNothingIsKeptAndLoadsAreTheSame) {
    loaders::Loader plain(db, diagnostics);
    ASSERT_TRUE(plain.loadDefaultDefinitions().ok);
    ASSERT_TRUE(plain.loadRecordsText("a.db", "record(ai, r) { field(DESC, \"x\") }\n").ok);
    EXPECT_TRUE(provenance.field(db, "r", "DESC")->set);
    EXPECT_TRUE(provenance.field(db, "r", "DESC")->statements.empty());
    EXPECT_EQ(provenance.memoryBytes(), 0u);
}

TEST_F(Provenance, AFieldSetManyTimesKeepsEveryStatementInOrder) {
    std::string text = "record(ai, r) {\n";
    for (int i = 0; i < 10000; ++i)
        text += "  field(DESC, \"v" + std::to_string(i) + "\")\n";
    text += "}\n";
    loaders::Loader loader(db, diagnostics, withProvenance(provenance));
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    ASSERT_TRUE(loader.loadRecordsText("many.db", text).ok);
    const auto desc = provenance.field(db, "r", "DESC");
    ASSERT_TRUE(desc);
    ASSERT_EQ(desc->statements.size(), 10000u);
    EXPECT_EQ(desc->statements.front().value, "v0");
    EXPECT_EQ(desc->statements.back().value, "v9999");
    EXPECT_EQ(desc->statements.back().location.line, 10001u);
}

TEST_F(Provenance, ACallersOwnTransactionRolledBackTakesTheProvenanceWithIt) {
    loaders::Loader loader(db, diagnostics, withProvenance(provenance));
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    ASSERT_TRUE(loader.loadRecordsText("a.db", "record(ai, r) { field(DESC, \"kept\") }\n").ok);
    db.beginLoad();
    ASSERT_TRUE(loader.loadRecordsText("b.db", "record(ai, r) { field(DESC, \"undone\") }\n").ok);
    EXPECT_EQ(provenance.field(db, "r", "DESC")->statements.size(), 2u);
    db.endLoad(false);
    const auto desc = provenance.field(db, "r", "DESC");
    ASSERT_EQ(desc->statements.size(), 1u);
    EXPECT_EQ(desc->statements[0].value, "kept");
}

TEST(ProvenanceLifetime, TheDatabaseMayGoFirstOrLast) {
    DiagnosticList diagnostics;
    {
        auto provenance = std::make_unique<loaders::Provenance>();
        dbstatic::Database db;
        loaders::LoaderOptions options;
        options.provenance = provenance.get();
        loaders::Loader loader(db, diagnostics, options);
        ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
        provenance.reset(); // the database forgets it
        db.beginLoad();
        db.endLoad(false);
    }
    loaders::Provenance provenance;
    {
        dbstatic::Database db;
        provenance.follow(db);
    } // the provenance forgets it
    EXPECT_EQ(provenance.memoryBytes(), 0u);
}

TEST_F(Provenance, AChainThroughAThousandIncludesIsKeptWhole) {
    constexpr int kDepth = 1000;
    for (int i = 0; i < kDepth; ++i)
        dir.write("f" + std::to_string(i) + ".db",
                  "include \"f" + std::to_string(i + 1) + ".db\"\n");
    dir.write("f" + std::to_string(kDepth) + ".db", "record(ai, deep) { field(DESC, \"end\") }\n");
    auto options = withProvenance(provenance);
    options.maxIncludeDepth = kDepth + 10;
    loaders::Loader loader(db, diagnostics, options);
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    ASSERT_TRUE(loader.loadDatabase(dir.path("f0.db"), dir.path()).ok);
    const auto desc = provenance.field(db, "deep", "DESC");
    ASSERT_TRUE(desc);
    ASSERT_EQ(desc->statements.size(), 1u);
    const auto& chain = desc->statements[0].chain;
    ASSERT_EQ(chain.size(), static_cast<std::size_t>(kDepth) + 1);
    EXPECT_EQ(chain.front().location.file, dir.path("f999.db"));
    EXPECT_EQ(chain[kDepth - 1].location.file, dir.path("f0.db"));
    EXPECT_EQ(chain.back().relation, "loaded by");
}

TEST_F(Provenance, ATemplateInstantiatedAHundredThousandTimesCostsUnderThreeHundredBytesEach) {
    dir.write("one.template", "record(ai, \"$(P)\") {\n  field(DESC, \"$(D)\")\n}\n");
    std::string sets = "file \"one.template\" {\n  pattern { P, D }\n";
    constexpr int kSets = 100000;
    for (int i = 0; i < kSets; ++i)
        sets += "  { r" + std::to_string(i) + ", d }\n";
    sets += "}\n";
    dir.write("many.substitutions", sets);
    auto options = withProvenance(provenance);
    options.includeDirs = {dir.path()};
    loaders::Loader loader(db, diagnostics, options);
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    const std::size_t before = provenance.memoryBytes();
    ASSERT_TRUE(loader.loadTemplate(dir.path("many.substitutions")).ok);
    const std::size_t perSet = (provenance.memoryBytes() - before) / kSets;
    RecordProperty("bytesPerSet", static_cast<int>(perSet));
    EXPECT_LT(perSet, 300u);
    const auto desc = provenance.field(db, "r99999", "DESC");
    ASSERT_TRUE(desc);
    ASSERT_EQ(desc->statements.size(), 1u);
    EXPECT_EQ(desc->statements[0].chain[0].location.line, static_cast<unsigned>(kSets) + 2);
    EXPECT_EQ(desc->statements[0].chain[0].text, "row 100000");
}

TEST_F(Provenance, ATextReadAgainUnderTheSameNameIsReadAsItIsNow) {
    loaders::Loader loader(db, diagnostics, withProvenance(provenance));
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    db.beginLoad();
    ASSERT_TRUE(loader.loadRecordsText("a.db", "record(ai, r) { field(DESC, \"one\") }\n").ok);
    db.endLoad(false); // an editor's check, undone before the next
    ASSERT_TRUE(
        loader.loadRecordsText("a.db", "\n\nrecord(ai, r) {\n field(DESC, \"two\")\n}\n").ok);
    const auto desc = provenance.field(db, "r", "DESC");
    ASSERT_TRUE(desc);
    ASSERT_EQ(desc->statements.size(), 1u);
    EXPECT_EQ(desc->statements[0].location.line, 4u);
    EXPECT_EQ(desc->statements[0].value, "two");
}

TEST_F(Provenance, DeletedAliasesAreNotListed) {
    loaders::Loader loader(db, diagnostics, withProvenance(provenance));
    ASSERT_TRUE(loader.loadDefaultDefinitions().ok);
    ASSERT_TRUE(loader
                    .loadRecordsText("a.db", "record(ai, r)\n"
                                             "alias(r, gone)\n"
                                             "alias(r, stays)\n"
                                             "record(\"#\", gone)\n")
                    .ok);
    const auto record = provenance.record(db, "r");
    ASSERT_TRUE(record);
    ASSERT_EQ(record->aliases.size(), 1u);
    EXPECT_EQ(record->aliases[0].value, "stays");
    EXPECT_EQ(record->aliases[0].location.line, 3u);
}
