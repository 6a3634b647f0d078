// Databases for the writer tests, built through the Database API: a few menus and an `ai`-like
// record type whose fields follow dbCommon and aiRecord.dbd in order and attributes.
#pragma once

#include <epicsdb/dbStatic/Database.hpp>

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::test {

using namespace epicsdb::dbstatic;

// A field definition written the way a .dbd reads.
class Field {
public:
    Field(std::string_view name, DbfType type) {
        def_.name = name;
        def_.type = type;
    }
    // A field with a promptgroup and a prompt, as most are.
    Field(std::string_view name, DbfType type, std::string_view group, std::string_view prompt)
        : Field(name, type) {
        def_.promptGroup = group;
        def_.prompt = prompt;
    }
    Field& group(std::string_view g) { return def_.promptGroup = g, *this; }
    Field& prompt(std::string_view p) { return def_.prompt = p, *this; }
    Field& initial(std::string_view i) {
        def_.initial = i;
        def_.hasInitial = true;
        return *this;
    }
    Field& size(std::uint32_t s) { return def_.size = s, *this; }
    Field& special(int s) { return def_.special = s, *this; }
    Field& interest(int i) { return def_.interest = i, *this; }
    Field& menu(const Menu* m) { return def_.menu = m, *this; }
    Field& extra(std::string_view e) { return def_.extra = e, *this; }
    Field& pp() { return def_.pp = true, *this; }
    Field& prop() { return def_.prop = true, *this; }
    Field& hex() { return def_.hexBase = true, *this; }
    Field& asl0() { return def_.asl = AccessLevel::Asl0, *this; }
    operator FieldDef() const { return def_; } // NOLINT: reads like a .dbd in the tests

private:
    FieldDef def_;
};

struct AiDatabase {
    Database db;
    const Menu* scan = nullptr;
    const Menu* yesNo = nullptr;
    RecordType* ai = nullptr;

    AiDatabase() {
        const std::vector<MenuChoice> scanChoices = {{"menuScanPassive", "Passive"},
                                                     {"menuScanEvent", "Event"},
                                                     {"menuScanI_O_Intr", "I/O Intr"},
                                                     {"menuScan1_second", "1 second"}};
        scan = db.addMenu("menuScan", scanChoices).item;
        const std::vector<MenuChoice> yesNoChoices = {{"menuYesNoNO", "NO"},
                                                      {"menuYesNoYES", "YES"}};
        yesNo = db.addMenu("menuYesNo", yesNoChoices).item;
        const std::vector<FieldDef> fields = {
            Field("NAME", DbfType::String).size(61).special(special::NoMod).prompt("Record Name"),
            Field("DESC", DbfType::String, "10 - Common", "Descriptor").size(41),
            Field("ASG", DbfType::String, "10 - Common", "Access Security Group")
                .size(29)
                .special(special::As),
            Field("SCAN", DbfType::Menu, "20 - Scan", "Scan Mechanism")
                .interest(1)
                .menu(scan)
                .special(special::Scan),
            Field("DTYP", DbfType::Device, "10 - Common", "Device Type").interest(1),
            Field("DISV", DbfType::Short, "20 - Scan", "Disable Value").initial("1"),
            Field("MLOK", DbfType::NoAccess)
                .interest(4)
                .extra("epicsMutexId        mlok")
                .special(special::NoMod)
                .prompt("Monitor lock"),
            Field("PROC", DbfType::UChar).interest(3).pp().prompt("Force Processing"),
            Field("UDF", DbfType::UChar, "10 - Common", "Undefined").initial("1").interest(1).pp(),
            Field("FLNK", DbfType::FwdLink, "20 - Scan", "Forward Process Link").interest(1),
            Field("VAL", DbfType::Double, "40 - Input", "Current EGU Value").asl0().pp(),
            Field("INP", DbfType::InLink, "40 - Input", "Input Specification").interest(1),
            Field("PREC", DbfType::Short, "80 - Display", "Display Precision").interest(1).prop(),
            Field("EGU", DbfType::String, "80 - Display", "Engineering Units")
                .size(16)
                .interest(1)
                .prop(),
            Field("HOPR", DbfType::Double, "80 - Display", "High Operating Range")
                .interest(1)
                .prop(),
            Field("RVAL", DbfType::Long).pp().prompt("Current Raw Value"),
            Field("HASH", DbfType::ULong).interest(3).hex().prompt("Hash"),
            Field("SMOO", DbfType::Double, "60 - Convert", "Smoothing").interest(1),
            Field("SIML", DbfType::OutLink, "90 - Simulate", "Simulation Mode Link").interest(1),
            Field("SDLY", DbfType::Double, "90 - Simulate", "Sim. Mode Async Delay")
                .initial("-1.0")
                .interest(2)
                .special(special::Mod),
        };
        ai = db.addRecordType("ai", fields).item;
        db.addDevice(*ai, {LinkType::Constant, "devAiSoft", "Soft Channel"});
        db.addDevice(*ai, {LinkType::Constant, "devAiSoftRaw", "Raw Soft Channel"});
    }

    const FieldDef& field(std::string_view name) const {
        const FieldDef* def = ai->findField(name);
        EXPECT_NE(def, nullptr) << name;
        return *def;
    }

    // A record with field values and info items, failing the test on a refused value.
    Record& record(std::string_view name,
                   std::vector<std::pair<std::string_view, std::string_view>> fields = {},
                   std::vector<std::pair<std::string_view, std::string_view>> infos = {},
                   bool visible = false) {
        Record* node = db.createRecord(*ai, name, visible);
        EXPECT_NE(node, nullptr) << name;
        for (const auto& [field, value] : fields) {
            const PutStatus status = db.putField(*node, this->field(field), value);
            EXPECT_TRUE(status.ok())
                << name << '.' << field << '=' << value << ": " << status.text();
        }
        for (const auto& [info, value] : infos)
            db.putInfo(*node, info, value);
        return *node;
    }
};

} // namespace epicsdb::test
