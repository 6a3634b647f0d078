// The EPICS dbStaticLib C API: navigation, entries, the C structures, values, statuses, info
// items, menus and the writers, over definitions and records read from temporary files.
#include "TestFiles.hpp"

#include <dbAccess.h>
#include <dbStaticLib.h>
#include <special.h>

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

namespace epicsdb::test {
namespace {

constexpr long kNoConversion = M_stdlib | 1;
constexpr long kExtraneous = M_stdlib | 2;
constexpr long kOverflow = M_stdlib | 4;
constexpr long kBadChoice = M_dbAccess | 13;

constexpr std::string_view kTestDb = R"(
record(tst, "r1") {
    field(DESC, "first")
    field(VAL, "42")
    info(autosave, "VAL")
    alias("r1:a")
}
grecord(tst, "r2") {
    field(SCAN, "1 second")
    field(INP, "r1.VAL CP")
}
alias("r1", "r1:b")
)";

class CApi : public ::testing::Test {
protected:
    void SetUp() override {
        const std::string dbd = dir_.write("test.dbd", kTestDbd);
        const std::string db = dir_.write("test.db", kTestDb);
        ASSERT_EQ(dbReadDatabase(&base_, dbd.c_str(), nullptr, nullptr), 0);
        ASSERT_EQ(dbReadDatabase(&base_, db.c_str(), nullptr, nullptr), 0);
        dbInitEntry(base_, &entry_);
    }
    void TearDown() override {
        dbFinishEntry(&entry_);
        dbFreeBase(base_);
    }

    std::string text(const char* value) { return value ? value : "(null)"; }
    // dbFindRecord that must succeed.
    void find(const char* name) { ASSERT_EQ(dbFindRecord(&entry_, name), 0) << name; }

    ScratchDir dir_;
    DBBASE* base_ = nullptr;
    DBENTRY entry_{};
};

TEST_F(CApi, RecordTypesInDefinitionOrder) {
    EXPECT_EQ(dbGetNRecordTypes(&entry_), 1);
    ASSERT_EQ(dbFirstRecordType(&entry_), 0);
    EXPECT_STREQ(dbGetRecordTypeName(&entry_), "tst");
    EXPECT_EQ(dbNextRecordType(&entry_), S_dbLib_recordTypeNotFound);
    EXPECT_EQ(entry_.precordType, nullptr);
    EXPECT_EQ(dbFindRecordType(&entry_, "nosuch"), S_dbLib_recordTypeNotFound);
    ASSERT_EQ(dbFindRecordType(&entry_, "tst"), 0);
    EXPECT_STREQ(entry_.precordType->name, "tst");
}

TEST_F(CApi, FieldWalkAndFieldDescriptions) {
    ASSERT_EQ(dbFindRecordType(&entry_, "tst"), 0);
    std::vector<std::string> dct;
    for (long status = dbFirstField(&entry_, 1); !status; status = dbNextField(&entry_, 1))
        dct.emplace_back(dbGetFieldName(&entry_));
    EXPECT_EQ(dct, (std::vector<std::string>{"DESC", "SCAN", "DTYP", "UDF", "VAL", "INP", "FLNK",
                                             "U16", "F64", "CALC"}));
    EXPECT_EQ(entry_.pflddes, nullptr);
    EXPECT_EQ(dbGetNFields(&entry_, 1), 10);
    EXPECT_EQ(dbGetNFields(&entry_, 0), 13);
    EXPECT_EQ(entry_.pfield, nullptr) << "no record selected";

    const dbRecordType* type = entry_.precordType;
    EXPECT_EQ(type->no_fields, 13);
    EXPECT_EQ(type->no_prompt, 10);
    ASSERT_EQ(type->no_links, 2);
    EXPECT_STREQ(type->papFldDes[type->link_ind[0]]->name, "INP");
    EXPECT_STREQ(type->papFldDes[type->link_ind[1]]->name, "FLNK");
    EXPECT_STREQ(type->pvalFldDes->name, "VAL");
    EXPECT_EQ(type->papFldDes[type->indvalFlddes], type->pvalFldDes);
    for (short i = 0; i + 1 < type->no_fields; ++i)
        EXPECT_LT(std::strcmp(type->papsortFldName[i], type->papsortFldName[i + 1]), 0);
    for (short i = 0; i < type->no_fields; ++i)
        EXPECT_STREQ(type->papFldDes[type->sortFldInd[i]]->name, type->papsortFldName[i]);

    const dbFldDes* name = type->papFldDes[0];
    EXPECT_STREQ(name->name, "NAME");
    EXPECT_EQ(name->field_type, DBF_STRING);
    EXPECT_EQ(name->size, 61);
    EXPECT_EQ(name->special, SPC_NOMOD);
    EXPECT_STREQ(name->prompt, "Record Name");
    EXPECT_EQ(name->initial, nullptr);
    EXPECT_EQ(name->promptgroup, 0);
    EXPECT_EQ(name->pdbRecordType, type);

    ASSERT_EQ(dbFirstField(&entry_, 0), 0);
    for (int i = 0; i < 2; ++i)
        ASSERT_EQ(dbNextField(&entry_, 0), 0);
    const dbFldDes* scan = entry_.pflddes;
    EXPECT_STREQ(scan->name, "SCAN");
    EXPECT_EQ(entry_.indfield, 2);
    EXPECT_EQ(scan->indRecordType, 2);
    EXPECT_EQ(scan->field_type, DBF_MENU);
    EXPECT_EQ(scan->special, SPC_SCAN);
    EXPECT_EQ(scan->interest, 1);
    EXPECT_EQ(scan->promptgroup, 2) << "groups are numbered in order first seen";
    ASSERT_NE(scan->ftPvt, nullptr);
    EXPECT_STREQ(static_cast<const dbMenu*>(scan->ftPvt)->name, "menuScan");
    EXPECT_EQ(dbGetPromptGroup(&entry_), 2);
    EXPECT_STREQ(dbGetPrompt(&entry_), "Scan Mechanism");
    EXPECT_EQ(dbGetFieldDbfType(&entry_), DBF_MENU);
    EXPECT_EQ(dbGetDefault(&entry_), nullptr);

    const auto field = [&](const char* fieldName) -> const dbFldDes* {
        for (short i = 0; i < type->no_fields; ++i)
            if (std::strcmp(type->papFldDes[i]->name, fieldName) == 0) return type->papFldDes[i];
        ADD_FAILURE() << fieldName;
        return name;
    };
    EXPECT_STREQ(field("F64")->initial, "0.5");
    EXPECT_STREQ(field("CLBK")->extra, "void *clbk");
    EXPECT_EQ(field("VAL")->as_level, ASL0);
    EXPECT_EQ(field("VAL")->process_passive, 1u);
    EXPECT_EQ(field("UDF")->as_level, ASL1);
    EXPECT_EQ(field("U16")->base, CT_HEX);
    EXPECT_EQ(field("DESC")->base, CT_DECIMAL);
    EXPECT_EQ(field("CALC")->special, SPC_CALC);
    EXPECT_EQ(field("INP")->isDevLink, 1u);
    EXPECT_EQ(field("FLNK")->isDevLink, 0u);
    const auto* devices = static_cast<const dbDeviceMenu*>(field("DTYP")->ftPvt);
    ASSERT_NE(devices, nullptr);
    ASSERT_EQ(devices->nChoice, 2);
    EXPECT_STREQ(devices->papChoice[1], "Inst");
}

TEST_F(CApi, RecordsAndAliasesInListOrderWithTheirFlags) {
    ASSERT_EQ(dbFindRecordType(&entry_, "tst"), 0);
    EXPECT_EQ(dbGetNRecords(&entry_), 4);
    EXPECT_EQ(dbGetNAliases(&entry_), 2);
    EXPECT_EQ(entry_.precordType->no_aliases, 2);
    struct Seen {
        std::string name;
        int alias;
        int flags;
        std::string real;
    };
    std::vector<Seen> seen;
    for (long status = dbFirstRecord(&entry_); !status; status = dbNextRecord(&entry_)) {
        const dbRecordNode* node = entry_.precnode;
        seen.push_back({dbGetRecordName(&entry_), dbIsAlias(&entry_), node->flags,
                        node->aliasedRecnode ? node->aliasedRecnode->recordname : ""});
        EXPECT_EQ(node->precord, nullptr);
    }
    EXPECT_EQ(entry_.precnode, nullptr);
    ASSERT_EQ(seen.size(), 4u);
    const Seen expected[] = {{"r1", 0, DBRN_FLAGS_HASALIAS, ""},
                             {"r1:a", 1, DBRN_FLAGS_ISALIAS, "r1"},
                             {"r2", 0, DBRN_FLAGS_VISIBLE, ""},
                             {"r1:b", 1, DBRN_FLAGS_ISALIAS, "r1"}};
    for (std::size_t i = 0; i < 4; ++i) {
        EXPECT_EQ(seen[i].name, expected[i].name);
        EXPECT_EQ(seen[i].alias, expected[i].alias) << seen[i].name;
        EXPECT_EQ(seen[i].flags, expected[i].flags) << seen[i].name;
        EXPECT_EQ(seen[i].real, expected[i].real) << seen[i].name;
    }
    find("r2");
    EXPECT_EQ(dbIsVisibleRecord(&entry_), 1);
    find("r1");
    EXPECT_EQ(dbIsVisibleRecord(&entry_), 0);
}

TEST_F(CApi, FindRecordAndFieldByName) {
    struct Case {
        const char* name;
        long status;
        const char* field;
        const char* value;
    };
    const Case cases[] = {
        {"r1", 0, nullptr, nullptr},
        {"r1.VAL", 0, "VAL", "42"},
        {"r1.", 0, "VAL", "42"},
        {"r1.DESC  trailing", 0, "DESC", "first"},
        {"r1:a.DESC", 0, "DESC", "first"},
        {"r1:a.NAME", 0, "NAME", "r1"},
        {"r1.RTYP", 0, "RTYP", "tst"},
        {"r1.VERS", 0, "VERS", "none specified"},
        {"r1.DESC$", S_dbLib_recNotFound, nullptr, nullptr},
        {"r1.NOPE", S_dbLib_fieldNotFound, nullptr, nullptr},
        {"r1.desc", S_dbLib_fieldNotFound, nullptr, nullptr},
        {"r1.RTYPX", S_dbLib_fieldNotFound, nullptr, nullptr},
        {"nosuch", S_dbLib_recNotFound, nullptr, nullptr},
        {"nosuch.VAL", S_dbLib_recNotFound, nullptr, nullptr},
        {"r", S_dbLib_recNotFound, nullptr, nullptr},
    };
    for (const Case& c : cases) {
        EXPECT_EQ(dbFindRecord(&entry_, c.name), c.status) << c.name;
        if (c.status) continue;
        if (!c.field) {
            EXPECT_EQ(entry_.pflddes, nullptr) << c.name;
            EXPECT_EQ(dbFoundField(&entry_), 0) << c.name;
            continue;
        }
        EXPECT_STREQ(dbGetFieldName(&entry_), c.field) << c.name;
        EXPECT_EQ(dbFoundField(&entry_), 1) << c.name;
        EXPECT_EQ(text(dbGetString(&entry_)), c.value) << c.name;
    }
    // pfield is the value as text; for a string field that is the field's content.
    find("r1.DESC");
    EXPECT_STREQ(static_cast<const char*>(entry_.pfield), "first");
    find("r1.RTYP");
    EXPECT_EQ(entry_.pflddes->special, SPC_ATTRIBUTE);
    EXPECT_EQ(entry_.pflddes->size, 40);
}

TEST_F(CApi, FollowAliasMovesToTheRealNode) {
    find("r1:b.VAL");
    EXPECT_STREQ(dbGetRecordName(&entry_), "r1:b");
    EXPECT_EQ(dbIsAlias(&entry_), 1);
    EXPECT_EQ(dbFollowAlias(&entry_), 0);
    EXPECT_STREQ(dbGetRecordName(&entry_), "r1");
    EXPECT_EQ(dbIsAlias(&entry_), 0);
    EXPECT_STREQ(dbGetFieldName(&entry_), "VAL") << "the field stays selected";
    EXPECT_EQ(dbFollowAlias(&entry_), 0) << "a real record stays";
    EXPECT_STREQ(dbGetRecordName(&entry_), "r1");
    ASSERT_EQ(dbFindRecordType(&entry_, "tst"), 0);
    EXPECT_EQ(dbFollowAlias(&entry_), S_dbLib_recNotFound);
}

TEST_F(CApi, CreateDeleteAndAliasStatuses) {
    ASSERT_EQ(dbFindRecordType(&entry_, "tst"), 0);
    EXPECT_EQ(dbCreateRecord(&entry_, "new"), 0);
    EXPECT_STREQ(dbGetRecordName(&entry_), "new");
    EXPECT_EQ(dbCreateRecord(&entry_, "new"), S_dbLib_recExists);
    EXPECT_EQ(dbCreateRecord(&entry_, "r1:a"), S_dbLib_recExists) << "aliases count";
    EXPECT_EQ(dbCreateRecord(&entry_, std::string(61, 'n').c_str()), S_dbLib_nameLength);
    EXPECT_EQ(dbCreateRecord(&entry_, std::string(60, 'n').c_str()), 0);

    find("new");
    EXPECT_EQ(dbCreateAlias(&entry_, "new:alias"), 0);
    EXPECT_EQ(entry_.precnode->flags & DBRN_FLAGS_HASALIAS, DBRN_FLAGS_HASALIAS);
    EXPECT_EQ(dbCreateAlias(&entry_, "r2"), S_dbLib_recExists);
    find("new:alias");
    EXPECT_EQ(dbCreateAlias(&entry_, "new:alias2"), 0) << "an alias of an alias";
    find("new:alias2");
    dbFollowAlias(&entry_);
    EXPECT_STREQ(dbGetRecordName(&entry_), "new");
    ASSERT_EQ(dbFindRecordType(&entry_, "tst"), 0);
    EXPECT_EQ(dbCreateAlias(&entry_, "orphan"), S_dbLib_recNotFound);
    DBENTRY empty;
    dbInitEntry(base_, &empty);
    EXPECT_EQ(dbCreateAlias(&empty, "orphan"), S_dbLib_recordTypeNotFound);
    EXPECT_EQ(dbCreateRecord(&empty, "orphan"), S_dbLib_recordTypeNotFound);
    EXPECT_EQ(dbDeleteRecord(&empty), S_dbLib_recNotFound);
    dbFinishEntry(&empty);

    // Deleting an alias removes only it; deleting a record removes its aliases.
    find("r1:b");
    EXPECT_EQ(dbDeleteRecord(&entry_), 0);
    EXPECT_EQ(entry_.precnode, nullptr);
    EXPECT_EQ(dbFindRecord(&entry_, "r1:b"), S_dbLib_recNotFound);
    find("r1:a");
    find("r1");
    EXPECT_EQ(entry_.precnode->flags & DBRN_FLAGS_HASALIAS, DBRN_FLAGS_HASALIAS);
    EXPECT_EQ(dbDeleteRecord(&entry_), 0);
    EXPECT_EQ(dbFindRecord(&entry_, "r1"), S_dbLib_recNotFound);
    EXPECT_EQ(dbFindRecord(&entry_, "r1:a"), S_dbLib_recNotFound);
    find("r2");
}

TEST_F(CApi, PutStringStatusesAndGetStringForms) {
    struct Case {
        const char* field;
        const char* value;
        long status;
        const char* after; // dbGetString afterwards
    };
    const Case cases[] = {
        {"DESC", "hello", 0, "hello"},
        {"DESC", "a string of forty-one characters, too long", S_dbLib_strLen, "hello"},
        {"VAL", "12", 0, "12"},
        {"VAL", "abc", kNoConversion, "12"},
        {"VAL", "1.5", kExtraneous, "12"},
        {"VAL", "99999999999999999999", kOverflow, "12"},
        {"VAL", "4294967295", 0, "-1"},
        {"SCAN", "Event", 0, "Event"},
        {"SCAN", "2", 0, "1 second"},
        {"SCAN", "bogus", kBadChoice, "1 second"},
        {"SCAN", "3", 0, "3"},
        {"SCAN", "4", S_dbLib_badField, "3"},
        {"DTYP", "Inst", 0, "Inst"},
        {"DTYP", "nope", kBadChoice, "Inst"},
        {"U16", "255", 0, "0xff"},
        {"F64", "0.1", 0, "0.1"},
        {"F64", "1e10", 0, "1.0e+10"},
        {"INP", "#C1 S2 @parm", 0, "#C1 S2 @parm"},
        {"INP", "#ABC", S_dbLib_badField, "#C1 S2 @parm"},
        {"FLNK", "other CA", 0, "other CA"},
        {"CLBK", "x", S_dbLib_badField, "(null)"},
        {"NAME", "renamed", S_dbLib_badField, "r2"},
        {"RTYP", "other", S_dbLib_badField, "tst"},
    };
    for (const Case& c : cases) {
        find((std::string("r2.") + c.field).c_str());
        EXPECT_EQ(dbPutString(&entry_, c.value), c.status) << c.field << "=" << c.value;
        EXPECT_EQ(text(dbGetString(&entry_)), c.after) << c.field << "=" << c.value;
    }
    find("r2.UDF");
    EXPECT_STREQ(dbGetString(&entry_), "0") << "a put to VAL clears UDF";
    // The buffer returned is the entry's message buffer.
    find("r2.DESC");
    EXPECT_EQ(dbGetString(&entry_), entry_.message);
    EXPECT_EQ(dbPutString(&entry_, ""), 0);
    EXPECT_STREQ(dbGetString(&entry_), "");
}

TEST_F(CApi, PutStringMessagesOnStderr) {
    const ChildResult result = runCapturingBoth([&] {
        find("r2.DESC");
        const long macro = dbPutString(&entry_, "x$(P)y");
        find("r2.CALC");
        const long calc = dbPutString(&entry_, "1+");
        const char* stored = dbGetString(&entry_);
        std::printf("status %d %d, stored \"%s\"\n", macro == S_dbLib_badField,
                    calc == S_dbLib_badField, stored);
        return 0;
    });
    EXPECT_NE(result.out.find("r2.DESC Has unexpanded macro\n"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find(" in CALC expression '1+'\n"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("status 1 1, stored \"1+\"\n"), std::string::npos)
        << "a bad CALC expression is stored anyway\n"
        << result.out;
}

TEST_F(CApi, IsDefaultValue) {
    const std::pair<const char*, int> before[] = {
        {"r2.DESC", 1}, {"r2.SCAN", 0}, {"r2.UDF", 1},  {"r2.INP", 1},  {"r2.DTYP", 0},
        {"r2.F64", 1},  {"r2.CALC", 1}, {"r2.NAME", 0}, {"r2.RTYP", 0}, {"r1.UDF", 0},
    };
    for (const auto& [name, isDefault] : before) {
        find(name);
        EXPECT_EQ(dbIsDefaultValue(&entry_), isDefault) << name;
    }
    find("r2.F64");
    ASSERT_EQ(dbPutString(&entry_, "0.50"), 0);
    EXPECT_EQ(dbIsDefaultValue(&entry_), 1) << "equal to the initial value";
    ASSERT_EQ(dbPutString(&entry_, "0.25"), 0);
    EXPECT_EQ(dbIsDefaultValue(&entry_), 0);
    ASSERT_EQ(dbFindRecordType(&entry_, "tst"), 0);
    ASSERT_EQ(dbFirstField(&entry_, 0), 0);
    EXPECT_EQ(dbIsDefaultValue(&entry_), 0) << "no record selected";
}

TEST_F(CApi, VerifyMessages) {
    struct Case {
        const char* field;
        const char* value;
        const char* message; // nullptr: accepted
    };
    const std::string forty(40, 'x');
    const std::string fortyOne(41, 'x');
    const Case cases[] = {
        {"VAL", "12", nullptr},
        {"VAL", "-0x80000000", nullptr},
        {"VAL", "abc", "Not a valid integer"},
        {"VAL", "", "Not a valid integer"},
        {"VAL", "1.5", "Extraneous characters after number"},
        {"VAL", "0x80000000", "Number too large for field type"},
        {"VAL", "$(X)", nullptr},
        {"U16", "-65535", nullptr},
        {"U16", "65536", "Number too large for field type"},
        {"F64", ".5e3", nullptr},
        {"F64", "1e999", "Number too large for field type"},
        {"F64", "1e-999", "Number too small for field type"},
        {"F64", "None", "Not a valid integer"},
        {"DESC", forty.c_str(), nullptr},
        {"DESC", fortyOne.c_str(), "String too long, max 40 characters"},
        {"RTYP", fortyOne.c_str(), "String too long, max 39 characters"},
        {"SCAN", "Event", nullptr},
        {"SCAN", "1", "Not a valid menu choice"},
        {"DTYP", "Inst", nullptr},
        {"DTYP", "x", "Not a valid device type"},
        {"INP", "anything at all", nullptr},
        {"CLBK", "x", "Not a valid field type"},
    };
    for (const Case& c : cases) {
        find((std::string("r2.") + c.field).c_str());
        const char* message = dbVerify(&entry_, c.value);
        if (!c.message) {
            EXPECT_EQ(message, nullptr) << c.field << "=" << c.value << ": " << text(message);
            continue;
        }
        EXPECT_EQ(text(message), c.message) << c.field << "=" << c.value;
        EXPECT_EQ(message, entry_.message);
    }
    find("r2.CALC");
    const std::string calc = text(dbVerify(&entry_, "1+"));
    EXPECT_NE(calc.find(" in CALC expression '1+'"), std::string::npos) << calc;
    EXPECT_EQ(dbVerify(&entry_, "A+1"), nullptr);
    find("r2.VAL");
    EXPECT_STREQ(dbGetString(&entry_), "0") << "dbVerify stores nothing";
    DBENTRY empty;
    dbInitEntry(base_, &empty);
    EXPECT_EQ(text(dbVerify(&empty, "1")), "fldDes not found");
    EXPECT_EQ(text(dbGetString(&empty)), "fldDes not found");
    EXPECT_EQ(dbPutString(&empty, "1"), S_dbLib_flddesNotFound);
    dbFinishEntry(&empty);
}

TEST_F(CApi, InfoItemsOfRecordsAndAliases) {
    find("r1");
    ASSERT_EQ(dbFirstInfo(&entry_), 0);
    EXPECT_STREQ(dbGetInfoName(&entry_), "autosave");
    EXPECT_STREQ(dbGetInfoString(&entry_), "VAL");
    EXPECT_EQ(dbNextInfo(&entry_), S_dbLib_infoNotFound);
    EXPECT_EQ(entry_.pinfonode, nullptr);
    EXPECT_EQ(dbPutInfo(&entry_, "b", "2"), 0);
    EXPECT_EQ(dbPutInfo(&entry_, "autosave", "DESC"), 0) << "replaced in place";
    std::vector<std::string> items;
    for (long status = dbFirstInfo(&entry_); !status; status = dbNextInfo(&entry_))
        items.push_back(std::string(dbGetInfoName(&entry_)) + "=" + dbGetInfoString(&entry_));
    EXPECT_EQ(items, (std::vector<std::string>{"autosave=DESC", "b=2"}));
    EXPECT_STREQ(dbGetInfo(&entry_, "b"), "2");
    EXPECT_EQ(dbGetInfo(&entry_, "zz"), nullptr);
    EXPECT_EQ(dbFindInfo(&entry_, "zz"), S_dbLib_infoNotFound);
    ASSERT_EQ(dbFindInfo(&entry_, "b"), 0);
    EXPECT_STREQ(entry_.pinfonode->string, "2");

    find("r1:a");
    EXPECT_EQ(dbFirstInfo(&entry_), S_dbLib_infoNotFound) << "aliases have their own items";
    EXPECT_EQ(dbPutInfo(&entry_, "own", "x"), 0);
    EXPECT_STREQ(dbGetInfo(&entry_, "own"), "x");
    find("r1");
    EXPECT_EQ(dbGetInfo(&entry_, "own"), nullptr);

    ASSERT_EQ(dbFindRecordType(&entry_, "tst"), 0);
    EXPECT_EQ(dbFirstInfo(&entry_), S_dbLib_recNotFound);
    EXPECT_EQ(dbPutInfo(&entry_, "a", "b"), S_dbLib_recNotFound);
}

TEST_F(CApi, MenusAndFieldTypes) {
    find("r2.SCAN");
    EXPECT_EQ(dbGetNMenuChoices(&entry_), 3);
    char** choices = dbGetMenuChoices(&entry_);
    ASSERT_NE(choices, nullptr);
    EXPECT_STREQ(choices[2], "1 second");
    EXPECT_STREQ(dbGetMenuStringFromIndex(&entry_, 1), "Event");
    EXPECT_EQ(dbGetMenuStringFromIndex(&entry_, 3), nullptr);
    EXPECT_EQ(dbGetMenuIndexFromString(&entry_, "1 second"), 2);
    EXPECT_EQ(dbGetMenuIndexFromString(&entry_, "menuScan1_second"), -1);
    find("r2.DTYP");
    EXPECT_EQ(dbGetNMenuChoices(&entry_), 2);
    EXPECT_STREQ(dbGetMenuChoices(&entry_)[0], "Soft Channel");
    find("r2.VAL");
    EXPECT_EQ(dbGetNMenuChoices(&entry_), -1);
    EXPECT_EQ(dbGetMenuChoices(&entry_), nullptr);

    const dbMenu* yesNo = dbFindMenu(base_, "menuYesNo");
    ASSERT_NE(yesNo, nullptr);
    EXPECT_EQ(yesNo->nChoice, 2);
    EXPECT_STREQ(yesNo->papChoiceName[1], "menuYesNoYES");
    EXPECT_STREQ(yesNo->papChoiceValue[1], "YES");
    EXPECT_EQ(dbFindMenu(base_, "nosuch"), nullptr);

    EXPECT_STREQ(dbGetFieldTypeString(DBF_MENU), "DBF_MENU");
    EXPECT_STREQ(dbGetFieldTypeString(99), "BAD_DBF_TYPE");
    EXPECT_EQ(dbFindFieldType("DBF_LONG"), DBF_LONG);
    EXPECT_EQ(dbFindFieldType("LONG"), -1);
    EXPECT_STREQ(pamaplinkType[INST_IO].strvalue, "INST_IO");
}

TEST_F(CApi, EntryCopiesAndAllocatedEntries) {
    find("r1.DESC");
    ASSERT_NE(dbGetString(&entry_), nullptr);
    DBENTRY* copy = dbCopyEntry(&entry_);
    ASSERT_NE(copy, nullptr);
    EXPECT_EQ(copy->message, nullptr);
    EXPECT_EQ(copy->precnode, entry_.precnode);
    EXPECT_STREQ(dbGetString(copy), "first");
    EXPECT_NE(copy->message, entry_.message);
    dbFreeEntry(copy);

    DBENTRY contents;
    dbCopyEntryContents(&entry_, &contents);
    EXPECT_EQ(contents.message, nullptr);
    EXPECT_EQ(contents.pflddes, entry_.pflddes);
    dbFinishEntry(&contents);

    DBENTRY* allocated = dbAllocEntry(base_);
    ASSERT_NE(allocated, nullptr);
    EXPECT_EQ(allocated->pdbbase, base_);
    EXPECT_EQ(allocated->precordType, nullptr);
    EXPECT_EQ(dbFindRecord(allocated, "r2.SCAN"), 0);
    EXPECT_STREQ(dbGetString(allocated), "1 second");
    dbFreeEntry(allocated);
}

std::string readFile(FILE* file) {
    std::rewind(file);
    std::string out;
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file)) > 0;)
        out.append(buffer, n);
    return out;
}

TEST_F(CApi, WritersOntoFiles) {
    FILE* file = std::tmpfile();
    ASSERT_NE(file, nullptr);
    EXPECT_EQ(dbWriteRecordFP(base_, file, "tst", 0), 0);
    EXPECT_EQ(readFile(file), "record(tst,\"r1\") {\n"
                              "\tfield(DESC,\"first\")\n"
                              "\tfield(DTYP,\"Soft Channel\")\n"
                              "\tfield(UDF,\"0\")\n"
                              "\tfield(VAL,\"42\")\n"
                              "\tinfo(\"autosave\",\"VAL\")\n"
                              "}\n"
                              "grecord(tst,\"r2\") {\n"
                              "\tfield(SCAN,\"1 second\")\n"
                              "\tfield(DTYP,\"Soft Channel\")\n"
                              "}\n"
                              "alias(\"r1\",\"r1:a\")\n"
                              "alias(\"r1\",\"r1:b\")\n");
    std::fclose(file);

    file = std::tmpfile();
    ASSERT_NE(file, nullptr);
    EXPECT_EQ(dbWriteMenuFP(base_, file, "menuYesNo"), 0);
    EXPECT_EQ(dbWriteDeviceFP(base_, file), 0);
    EXPECT_EQ(readFile(file), "menu(menuYesNo) {\n"
                              "\tchoice(menuYesNoNO,\"NO\")\n"
                              "\tchoice(menuYesNoYES,\"YES\")\n"
                              "}\n"
                              "device(tst,CONSTANT,devTstSoft,\"Soft Channel\")\n"
                              "device(tst,INST_IO,devTstInst,\"Inst\")\n");
    std::fclose(file);

    const std::string path = dir_.path("out.db");
    EXPECT_EQ(dbWriteRecord(base_, path.c_str(), "", 2), 0);
    file = std::fopen(path.c_str(), "r");
    ASSERT_NE(file, nullptr);
    const std::string level2 = readFile(file);
    std::fclose(file);
    EXPECT_EQ(level2.find("record(tst,\"r1\") {\n\tfield(NAME,\"r1\")\n"), 0u) << level2;
    EXPECT_NE(level2.find("\tfield(CLBK,\"\")\n"), std::string::npos) << level2;
}

TEST_F(CApi, WriterErrors) {
    const std::string unwritable = dir_.path("no/such/dir.db");
    const ChildResult result = runCapturingBoth([&] {
        std::printf("status %ld\n", dbWriteRecordFP(base_, stdout, "nosuch", 0));
        std::printf("status %ld\n", dbWriteRecord(base_, unwritable.c_str(), nullptr, 0));
        std::printf("status %ld\n", dbWriteRecordFP(nullptr, stdout, nullptr, 0));
        return 0;
    });
    EXPECT_EQ(result.out, "dbWriteRecordFP: No record description for nosuch\n"
                          "status " +
                              std::to_string(S_dbLib_recordTypeNotFound) +
                              "\n"
                              "\033[31;1mERROR\033[0m opening " +
                              unwritable +
                              " No such file or directory\n"
                              "status -1\n"
                              "pdbbase not specified\n"
                              "status -1\n");
}

} // namespace
} // namespace epicsdb::test
