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
            Field("DESC", DbfType::String).size(41).group("10 - Common").prompt("Descriptor"),
            Field("ASG", DbfType::String)
                .size(29)
                .group("10 - Common")
                .special(special::As)
                .prompt("Access Security Group"),
            Field("SCAN", DbfType::Menu)
                .group("20 - Scan")
                .interest(1)
                .menu(scan)
                .special(special::Scan)
                .prompt("Scan Mechanism"),
            Field("DTYP", DbfType::Device).group("10 - Common").interest(1).prompt("Device Type"),
            Field("DISV", DbfType::Short).group("20 - Scan").initial("1").prompt("Disable Value"),
            Field("MLOK", DbfType::NoAccess)
                .interest(4)
                .extra("epicsMutexId        mlok")
                .special(special::NoMod)
                .prompt("Monitor lock"),
            Field("PROC", DbfType::UChar).interest(3).pp().prompt("Force Processing"),
            Field("UDF", DbfType::UChar)
                .group("10 - Common")
                .initial("1")
                .interest(1)
                .pp()
                .prompt("Undefined"),
            Field("FLNK", DbfType::FwdLink)
                .group("20 - Scan")
                .interest(1)
                .prompt("Forward Process Link"),
            Field("VAL", DbfType::Double)
                .group("40 - Input")
                .asl0()
                .pp()
                .prompt("Current EGU Value"),
            Field("INP", DbfType::InLink)
                .group("40 - Input")
                .interest(1)
                .prompt("Input Specification"),
            Field("PREC", DbfType::Short)
                .group("80 - Display")
                .interest(1)
                .prop()
                .prompt("Display Precision"),
            Field("EGU", DbfType::String)
                .size(16)
                .group("80 - Display")
                .interest(1)
                .prop()
                .prompt("Engineering Units"),
            Field("HOPR", DbfType::Double)
                .group("80 - Display")
                .interest(1)
                .prop()
                .prompt("High Operating Range"),
            Field("RVAL", DbfType::Long).pp().prompt("Current Raw Value"),
            Field("HASH", DbfType::ULong).interest(3).hex().prompt("Hash"),
            Field("SMOO", DbfType::Double).group("60 - Convert").interest(1).prompt("Smoothing"),
            Field("SIML", DbfType::OutLink)
                .group("90 - Simulate")
                .interest(1)
                .prompt("Simulation Mode Link"),
            Field("SDLY", DbfType::Double)
                .group("90 - Simulate")
                .initial("-1.0")
                .interest(2)
                .special(special::Mod)
                .prompt("Sim. Mode Async Delay"),
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
