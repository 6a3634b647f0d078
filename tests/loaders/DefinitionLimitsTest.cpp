// The largest definitions the 16-bit indexes hold: record types of up to RecordType::kMaxFields
// fields and menus of up to Menu::kMaxChoices choices load whole (their last field or choice is
// found and reads back as itself); one more is an error at the first one too many, and the load
// keeps nothing. The .dbd texts are made in memory.
#include "LoaderFixture.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

#include <stdexcept>
#include <string>
#include <vector>

using epicsdb::test::LoaderFixture;
using namespace epicsdb;

namespace {

using dbstatic::Menu;
using dbstatic::RecordType;

class DefinitionLimits : public LoaderFixture {
protected:
    DefinitionLimits() : LoaderFixture(false) {}

    // recordtype(<name>) with NAME, then fields F1 ... F<count - 1>, one a line from line 2.
    static std::string recordType(std::string_view name, std::size_t count) {
        std::string text = "recordtype(" + std::string(name) + ") {\n";
        text += "    field(NAME, DBF_STRING) { size(61) }\n";
        for (std::size_t i = 1; i < count; ++i)
            text += "    field(F" + std::to_string(i) + ", DBF_STRING) { size(8) }\n";
        return text + "}\n";
    }
    // menu(<name>) with choices c0 ... c<count - 1>, one a line from line 2.
    static std::string menu(std::string_view name, std::size_t count) {
        std::string text = "menu(" + std::string(name) + ") {\n";
        for (std::size_t i = 0; i < count; ++i)
            text += "    choice(c" + std::to_string(i) + ", \"v" + std::to_string(i) + "\")\n";
        return text + "}\n";
    }
    // The definitions a failed load must not keep, before the one that makes it fail.
    static std::string before() {
        return "menu(menuKept) { choice(k, \"K\") }\nrecordtype(small) { field(VAL, DBF_LONG) { "
               "prompt(\"v\") } }\n";
    }
};

} // namespace

TEST_F(DefinitionLimits, ARecordTypeAtTheMaximumLoadsAndFindsItsLastField) {
    constexpr std::size_t kCount = RecordType::kMaxFields;
    ASSERT_TRUE(loader.loadRecordsText("max.dbd", recordType("max", kCount)).ok) << allMessages();
    const RecordType* type = db.findRecordType("max");
    ASSERT_NE(type, nullptr);
    ASSERT_EQ(type->fields().size(), kCount);
    const std::string last = "F" + std::to_string(kCount - 1);
    const dbstatic::FieldDef* def = type->findField(last);
    ASSERT_NE(def, nullptr) << last;
    EXPECT_EQ(def->name, last);
    EXPECT_EQ(def->index, kCount - 1);
    EXPECT_EQ(type->findField("F1")->index, 1u);

    // Set, it reads back and is written under its own name, as the first one is.
    ASSERT_TRUE(load("record(max, r) { field(F1, \"first\") field(" + last + ", \"last\") }\n").ok)
        << allMessages();
    EXPECT_EQ(field("r", "F1"), "first");
    EXPECT_EQ(field("r", last), "last");
    std::string dump;
    dbstatic::writeRecords(db, dump, {.recordType = "max", .level = 2});
    EXPECT_NE(dump.find("\tfield(F1,\"first\")\n"), std::string::npos) << dump.substr(0, 200);
    EXPECT_NE(dump.find("\tfield(" + last + ",\"last\")\n"), std::string::npos);
}

TEST_F(DefinitionLimits, ARecordTypeWithTooManyFieldsIsAnErrorAndNothingIsKept) {
    // One past the maximum, and the 70,000 that 16-bit indexes used to wrap.
    for (const std::size_t count : {RecordType::kMaxFields + 1, std::size_t{70000}}) {
        SCOPED_TRACE(count);
        dbstatic::Database fresh;
        DiagnosticList list;
        loaders::Loader reader(fresh, list);
        const auto result = reader.loadRecordsText("big.dbd", before() + recordType("big", count));
        EXPECT_FALSE(result.ok);
        ASSERT_EQ(list.items.size(), 1u);
        const Diagnostic& error = list.items.front();
        EXPECT_EQ(error.severity, Severity::Error);
        EXPECT_EQ(error.message, "record type \"big\" has " + std::to_string(count) +
                                     " fields; at most 32767 are supported");
        // At the first field too many: F32767, on line 2 (before) + 1 (recordtype) + 32767.
        EXPECT_EQ(error.location.file, "big.dbd");
        EXPECT_EQ(error.location.line, 2u + 1u + RecordType::kMaxFields + 1u);
        EXPECT_EQ(error.location.column, 11u);
        EXPECT_EQ(fresh.findRecordType("big"), nullptr);
        EXPECT_EQ(fresh.findRecordType("small"), nullptr);
        EXPECT_EQ(fresh.findMenu("menuKept"), nullptr);
        EXPECT_TRUE(fresh.recordTypes().empty());
    }
}

TEST_F(DefinitionLimits, TheDatabaseRefusesTooManyFieldsItself) {
    std::vector<dbstatic::FieldDef> fields(RecordType::kMaxFields + 1);
    std::vector<std::string> names;
    for (std::size_t i = 0; i < fields.size(); ++i)
        names.push_back("F" + std::to_string(i));
    for (std::size_t i = 0; i < fields.size(); ++i)
        fields[i].name = names[i];
    EXPECT_THROW(db.addRecordType("big", fields), std::length_error);
    EXPECT_EQ(db.findRecordType("big"), nullptr);
    fields.pop_back();
    EXPECT_TRUE(db.addRecordType("max", fields).added);
}

TEST_F(DefinitionLimits, AMenuAtTheMaximumLoadsAndItsLastChoiceReadsBack) {
    constexpr std::size_t kCount = Menu::kMaxChoices;
    const std::string text = menu("menuBig", kCount) +
                             "recordtype(m) {\n    field(NAME, DBF_STRING) { size(61) }\n"
                             "    field(SEL, DBF_MENU) { menu(menuBig) }\n}\n";
    ASSERT_TRUE(loader.loadRecordsText("menu.dbd", text).ok) << allMessages();
    ASSERT_EQ(db.findMenu("menuBig")->choices().size(), kCount);
    const std::string last = "v" + std::to_string(kCount - 1);
    ASSERT_TRUE(load("record(m, r) { field(SEL, \"" + last + "\") }\n").ok) << allMessages();
    EXPECT_EQ(field("r", "SEL"), last);
}

TEST_F(DefinitionLimits, AMenuWithTooManyChoicesIsAnErrorAndNothingIsKept) {
    constexpr std::size_t kCount = Menu::kMaxChoices + 1;
    const auto result = loader.loadRecordsText("big.dbd", before() + menu("menuBig", kCount));
    EXPECT_FALSE(result.ok);
    ASSERT_EQ(diagnostics.items.size(), 1u) << allMessages();
    const Diagnostic& error = diagnostics.items.front();
    EXPECT_EQ(error.message, "menu \"menuBig\" has 65537 choices; at most 65536 are supported");
    // At the first choice too many: c65536, on line 2 (before) + 1 (menu) + 65536.
    EXPECT_EQ(error.location.file, "big.dbd");
    EXPECT_EQ(error.location.line, 2u + 1u + Menu::kMaxChoices + 1u);
    EXPECT_EQ(error.location.column, 12u);
    EXPECT_EQ(db.findMenu("menuBig"), nullptr);
    EXPECT_EQ(db.findMenu("menuKept"), nullptr);
    EXPECT_EQ(db.findRecordType("small"), nullptr);
}
