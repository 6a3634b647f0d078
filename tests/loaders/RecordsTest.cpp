// Reading records (EPICS-BEHAVIOUR 3.4, 3.5, 4.1, 4.2): heads, the "*" and "#" forms, fields,
// infos, aliases, JSON values, and the values EPICS refuses.
#include "LoaderFixture.hpp"

using epicsdb::test::LoaderFixture;
using namespace epicsdb;

using Records = LoaderFixture;

TEST_F(Records, FieldsInfosAndAliasesAreStored) {
    auto result = load(R"(
record(ai, "r:1") {
    field(DESC, "a pp b")
    field(SCAN, "1 second")
    field(VAL, 1500)
    field(EGU, "a\tb\u0041")
    field(INP, "r:2 CP MS")
    info(autosaveFields, "VAL")
    info(j, {a:1, "b":[1,2,], c:{}, +d:true, e:null})
    alias("r:1:alias")
}
grecord(bo, "r:2") { field(ZNAM, Off) field("ONAM", 'On') }
record(calc, "r:3")
alias("r:1", "r:1:other")
)");
    ASSERT_TRUE(result.ok) << allMessages();
    EXPECT_EQ(db.recordCount(), 3u);
    EXPECT_EQ(db.aliasCount(), 2u);
    EXPECT_EQ(field("r:1", "DESC"), "a pp b");
    EXPECT_EQ(field("r:1", "SCAN"), "1 second");
    EXPECT_EQ(field("r:1", "VAL"), "1500");
    EXPECT_EQ(field("r:1", "UDF"), "0"); // a put to VAL clears UDF
    EXPECT_EQ(field("r:1", "EGU"), "a\tbu0041");
    EXPECT_EQ(field("r:1", "INP"), "r:2 CP MS");
    EXPECT_EQ(field("r:2", "ZNAM"), "Off");
    EXPECT_EQ(field("r:2", "ONAM"), "On");
    EXPECT_EQ(field("r:3", "SCAN"), "Passive");

    const dbstatic::Record* r1 = db.findRecord("r:1");
    ASSERT_NE(r1, nullptr);
    ASSERT_EQ(r1->infos().size(), 2u);
    EXPECT_EQ(r1->infos()[0].name, "autosaveFields");
    EXPECT_EQ(r1->infos()[1].value, "{a:1,\"b\":[1,2,],c:{},\"+d\":true,e:null}");
    EXPECT_TRUE(r1->hasAliases());
    EXPECT_FALSE(r1->visible());
    EXPECT_TRUE(db.findRecord("r:2")->visible());
    const dbstatic::Record* alias = db.findRecord("r:1:alias");
    ASSERT_NE(alias, nullptr);
    EXPECT_TRUE(alias->isAlias());
    EXPECT_EQ(&alias->real(), r1);
    EXPECT_EQ(&db.findRecord("r:1:other")->real(), r1);
}

TEST_F(Records, SameTypeMergesAndLaterValuesWin) {
    ASSERT_TRUE(load("record(ai, a) { field(DESC, one) field(PREC, 2) }\n"
                     "record(ai, a) { field(DESC, two) }\n")
                    .ok)
        << allMessages();
    EXPECT_EQ(db.recordCount(), 1u);
    EXPECT_EQ(field("a", "DESC"), "two");
    EXPECT_EQ(field("a", "PREC"), "2");
}

TEST_F(Records, StarAppendsToARecordOrTheRecordBehindAnAlias) {
    ASSERT_TRUE(load("record(ai, a) { alias(b) }\n"
                     "record(\"*\", b) { field(DESC, \"via alias\") info(i, x) }\n")
                    .ok)
        << allMessages();
    EXPECT_EQ(field("a", "DESC"), "via alias");
    // Info items attach to the node that was named: here the alias.
    EXPECT_EQ(db.findRecord("a")->infos().size(), 0u);
    ASSERT_EQ(db.findRecord("b")->infos().size(), 1u);
    EXPECT_EQ(db.findRecord("b")->infos()[0].value, "x");
}

TEST_F(Records, HashDeletesRecordsWithTheirAliasesOrJustAnAlias) {
    ASSERT_TRUE(load("record(ai, a) { alias(a1) alias(a2) }\n"
                     "record(ai, b) { alias(b1) }\n"
                     "record(\"#\", a) { field(BOGUS, ignored) }\n"
                     "record(\"#\", b1)\n")
                    .ok)
        << allMessages();
    EXPECT_EQ(db.findRecord("a"), nullptr);
    EXPECT_EQ(db.findRecord("a1"), nullptr);
    EXPECT_EQ(db.findRecord("a2"), nullptr);
    EXPECT_NE(db.findRecord("b"), nullptr);
    EXPECT_EQ(db.findRecord("b1"), nullptr);
    EXPECT_FALSE(db.findRecord("b")->hasAliases());
    EXPECT_EQ(db.recordCount(), 1u);
    EXPECT_EQ(db.aliasCount(), 0u);
}

TEST_F(Records, DeletingANameThatDoesNotExistOnlyWarns) {
    auto result = load("record(\"#\", nothing) { field(FOO, 1) }\n");
    EXPECT_TRUE(result.ok);
    ASSERT_EQ(warnings().size(), 1u);
    EXPECT_EQ(warnings()[0]->message, "unable to delete record \"nothing\": not found");
}

TEST_F(Records, JsonValuesBecomeStrings) {
    ASSERT_TRUE(load(R"(
record(ai, j) {
    field(INP, {const: 3.5})
    field(DESC, Bare-word_string)
    field(PREC, +0x1F)
    info(i1, {x:0, +x:1, -x:2, .x:3})
    info(i2, [1, "two", three,])
    info(i3, null)
    info(i4, 'single "quoted"')
}
)")
                    .ok)
        << allMessages();
    EXPECT_EQ(field("j", "INP"), "{const:3.5}");
    EXPECT_EQ(field("j", "DESC"), "Bare-word_string");
    EXPECT_EQ(field("j", "PREC"), "31");
    const dbstatic::Record* j = db.findRecord("j");
    EXPECT_EQ(j->findInfo("i1")->value, "{x:0,\"+x\":1,\"-x\":2,\".x\":3}");
    EXPECT_EQ(j->findInfo("i2")->value, "[1,\"two\",\"three\",]");
    EXPECT_EQ(j->findInfo("i3")->value, "null");
    EXPECT_EQ(j->findInfo("i4")->value, "single \"quoted\"");
}

TEST_F(Records, RefusedValuesNameRecordFieldValueAndReason) {
    struct Case {
        const char* field;
        const char* value;
        const char* message;
        const char* note; // "" when none
    };
    const Case cases[] = {
        {"PREC", "\"abc\"", "can't set \"r.PREC\" to \"abc\": No digits to convert", ""},
        {"PREC", "1.5", "can't set \"r.PREC\" to \"1.5\": Extraneous characters", ""},
        {"SCAN", "\"1 secnd\"",
         "can't set \"r.SCAN\" to \"1 secnd\" using menu menuScan: Illegal choice",
         "did you mean \"1 second\"?"},
        {"SCAN", "99", "can't set \"r.SCAN\" to \"99\" using menu menuScan: Bad Field value", ""},
        {"DTYP", "\"zzzz\"",
         "can't set \"r.DTYP\" to \"zzzz\": no such device support for 'ai' record type: "
         "Illegal choice",
         ""},
        {"DESC", "\"0123456789012345678901234567890123456789x\"",
         "can't set \"r.DESC\" to \"0123456789012345678901234567890123456789x\": String is too "
         "long",
         ""},
        {"INP", "\"#C1 2 @x\"", "can't set \"r.INP\" to \"#C1 2 @x\": Bad Field value", ""},
        {"DESC", "'x$(P)y'",
         "can't set \"r.DESC\" to \"x$(P)y\": the value has an unexpanded macro", ""},
        {"HOPR", "1e999", "can't set \"r.HOPR\" to \"1e999\": Too large to represent", ""},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(std::string(c.field) + " " + c.value);
        diagnostics.items.clear();
        const std::string text =
            "record(ai, r) {\n  field(" + std::string(c.field) + ", " + c.value + ")\n}\n";
        EXPECT_FALSE(load(text).ok);
        ASSERT_EQ(errors().size(), 1u) << allMessages();
        EXPECT_EQ(errors()[0]->message, c.message);
        EXPECT_EQ(errors()[0]->location.line, 2u);
        EXPECT_EQ(errors()[0]->location.column, 11u + std::string(c.field).size());
        if (*c.note) {
            // A did-you-mean is a fix-it (the value as the file has it, inside its quotes).
            ASSERT_EQ(errors()[0]->fixes.size(), 1u);
            EXPECT_EQ(errors()[0]->fixes[0].message, c.note);
            EXPECT_EQ(errors()[0]->fixes[0].range.column,
                      11u + std::string(c.field).size() + (c.value[0] == '"'));
        }
        EXPECT_EQ(db.findRecord("r"), nullptr); // the failed load left nothing behind
    }
}

TEST_F(Records, UnknownFieldSuggestsTheClosestName) {
    EXPECT_FALSE(load("record(ai, r) { field(DSC, x) }\n").ok);
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_EQ(errors()[0]->message, "ai record \"r\" does not have a field \"DSC\"");
    ASSERT_EQ(errors()[0]->fixes.size(), 1u);
    const epicsdb::FixIt& fix = errors()[0]->fixes[0];
    EXPECT_EQ(fix.message.rfind("did you mean \"DESC\"?", 0), 0u);
    EXPECT_EQ(fix.replacement, "DESC");
    EXPECT_EQ(fix.range.line, 1u);
    EXPECT_EQ(fix.range.column, 23u);
    EXPECT_EQ(fix.range.endColumn, 26u);
    EXPECT_TRUE(fix.safe);
}

TEST_F(Records, RecordHeadErrors) {
    struct Case {
        const char* text;
        const char* message;
    };
    const Case cases[] = {
        {"record(nosuch, r)\n", "record \"r\" is of unknown type \"nosuch\""},
        {"record(ai, r)\nrecord(ao, r)\n",
         "record \"r\" of type \"ai\" redefined with new type \"ao\""},
        {"record(\"*\", missing) { field(DESC, x) }\n",
         "record \"missing\" not found (record type \"*\" only adds to an existing record)"},
        {"record(ai, \"\")\n", "record/alias name can't be empty"},
        {"record(ai, \"a b\")\n", "bad character ' ' in record/alias name \"a b\""},
        {"record(ai, \"a.VAL\")\n", "bad character '.' in record/alias name \"a.VAL\""},
        {"record(ai, \"a$b\")\n", "bad character '$' in record/alias name \"a$b\""},
        {"record(ai, r) { field(NAME, x) }\n", "can't set \"NAME\" field of record \"r\""},
        {"alias(nothing, a)\n", "alias \"a\" refers to unknown record \"nothing\""},
        {"record(ai, r)\nrecord(ai, s)\nalias(r, s)\n",
         "can't create alias \"s\" referring to \"r\": the name is already in use"},
        {"record(ai, r) { alias(r) }\n",
         "can't create alias \"r\" for \"r\": the name is already in use"},
        {"record(ai, "
         "\"0123456789012345678901234567890123456789012345678901234567890\")\n",
         "can't create record \"0123456789012345678901234567890123456789012345678901234567890\" "
         "of type \"ai\": the name is longer than 60 characters"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        const Diagnostic* error = firstErrorOf(c.text);
        ASSERT_NE(error, nullptr);
        EXPECT_EQ(error->message, c.message);
        EXPECT_EQ(db.recordCount(), 0u);
    }
}

TEST_F(Records, NameWarningsDoNotFailTheLoad) {
    auto result = load("record(ai, \"-lead\")\nrecord(ai, \"tab\there\")\n");
    EXPECT_TRUE(result.ok) << allMessages();
    ASSERT_EQ(warnings().size(), 2u);
    EXPECT_EQ(warnings()[0]->message, "record/alias name '-lead' should not begin with '-'");
    EXPECT_EQ(warnings()[1]->message,
              "record/alias name 'tab\there' should not contain non-printable 0x09");
}

TEST_F(Records, RecordsOnceOnlyRefusesRedefinition) {
    db.options().recordsOnceOnly = true;
    EXPECT_FALSE(load("record(ai, r)\nrecord(ai, r) { field(DESC, x) }\n").ok);
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_EQ(errors()[0]->message, "record \"r\" already defined and dbRecordsOnceOnly set");
    EXPECT_TRUE(load("record(ai, r)\nrecord(\"*\", r) { field(DESC, x) }\n").ok) << allMessages();
    EXPECT_EQ(field("r", "DESC"), "x");
}

TEST_F(Records, CalcExpressionsAreChecked) {
    EXPECT_TRUE(load("record(calc, c) { field(CALC, \"A+B*2\") }\n").ok) << allMessages();
    EXPECT_FALSE(load("record(calc, d) { field(CALC, \"A+*B\") }\n").ok);
    ASSERT_EQ(errors().size(), 1u);
    EXPECT_NE(errors()[0]->message.find("in CALC expression"), std::string::npos);
}

TEST_F(Records, DeviceChoicesFollowTheRecordType) {
    EXPECT_TRUE(load("record(ai, a) { field(DTYP, \"Soft Channel\") }\n").ok) << allMessages();
    // fanout has no device support: a DTYP string is refused (as EPICS does).
    EXPECT_FALSE(load("record(fanout, f) { field(DTYP, \"Soft Channel\") }\n").ok);
    ASSERT_EQ(errors().size(), 1u);
    ASSERT_FALSE(errors()[0]->notes.empty());
    EXPECT_EQ(errors()[0]->notes[0], "record type \"fanout\" has no device support");
}

// getString into a caller's buffer gives what the other form gives, for every field of a
// record (the buffer's earlier text replaced), and false where it gives nullopt.
TEST_F(Records, GetStringIntoABufferGivesTheSameTexts) {
    ASSERT_TRUE(load(R"(
record(ai, "r:1") { field(DESC, "d") field(SCAN, "1 second") field(VAL, 15) field(INP, "x CP") }
record(bo, "r:2") { field(DTYP, "Soft Channel") field(HIGH, "0x10") }
)")
                    .ok)
        << allMessages();
    std::string buffer = "left over";
    for (const char* name : {"r:1", "r:2"}) {
        const dbstatic::Record& node = *db.findRecord(name);
        for (const dbstatic::FieldDef& def : node.type().fields()) {
            const std::optional<std::string> text = db.getString(node, def);
            ASSERT_EQ(db.getString(node, def, buffer), text.has_value()) << def.name;
            if (text) EXPECT_EQ(buffer, *text) << name << "." << def.name;
        }
    }
}
