// Definitions as the EPICS dbWriteMenu, dbWriteRecordType, dbWriteDevice, dbWriteDriver,
// dbWriteLinkFP, dbWriteRegistrarFP, dbWriteFunctionFP, dbWriteVariableFP and
// dbWriteBreaktable functions write them (EPICS-BEHAVIOUR 4.6 "Other writers").
#include <epicsdb/dbStatic/Writers.hpp>

#include "WriterOutputPvt.hpp"

#include <algorithm>
#include <cstdio>

namespace epicsdb::dbstatic {

namespace {

bool selectsAll(std::string_view name) {
    return name.empty() || name == "*";
}

void writeMenuList(const Database& database, writer::Output& out, std::string_view name) {
    // EPICS keeps menus in descending name order (quirk, EPICS-BEHAVIOUR 3.3).
    std::vector<const Menu*> menus;
    for (const Menu& menu : database.menus())
        if (selectsAll(name) || menu.name() == name) menus.push_back(&menu);
    std::sort(menus.begin(), menus.end(),
              [](const Menu* a, const Menu* b) { return a->name() > b->name(); });
    for (const Menu* menu : menus) {
        out << "menu(" << menu->name() << ") {\n";
        for (const MenuChoice& choice : menu->choices())
            out << "\tchoice(" << choice.name << ",\"" << choice.value << "\")\n";
        out << "}\n";
        out.checkpoint();
    }
}

// The names EPICS's special-code table knows; codes from 9 on (SPC_NTYPES) never reach it.
std::string_view smallSpecialName(int code) {
    return code < 9 ? specialName(code) : std::string_view();
}

void writeField(const Database& database, const FieldDef& field, writer::Output& out) {
    out << "\tfield(" << field.name << ',' << dbfTypeName(field.type) << ") {\n";
    out << "\t\tprompt(\"" << field.prompt << "\")\n";
    if (field.hasInitial) out << "\t\tinitial(\"" << field.initial << "\")\n";
    if (field.promptGroupNumber != 0)
        out << "\t\tpromptgroup(\"" << database.promptGroups()[field.promptGroupNumber - 1]
            << "\")\n";
    if (field.special >= 9) {
        // Quirk kept (EPICS-BEHAVIOUR 4.6): SPC_MOD and the other large codes come out as numbers.
        out << "\t\tspecial(" << std::to_string(field.special) << ")\n";
    } else if (const std::string_view name = smallSpecialName(field.special); !name.empty()) {
        out << "\t\tspecial(" << name << ")\n";
    }
    if (!field.extra.empty()) out << "\t\textra(\"" << field.extra << "\")\n";
    if (field.type == DbfType::Menu && field.menu)
        out << "\t\tmenu(" << field.menu->name() << ")\n";
    if (field.type == DbfType::String) out << "\t\tsize(" << std::to_string(field.size) << ")\n";
    if (field.pp) out << "\t\tpp(TRUE)\n";
    if (field.prop) out << "\t\tprop(YES)\n";
    if (field.hexBase) out << "\t\tbase(HEX)\n";
    if (field.interest != 0) out << "\t\tinterest(" << std::to_string(field.interest) << ")\n";
    if (field.asl == AccessLevel::Asl0) out << "\t\tasl(ASL0)\n";
    out << "\t}\n";
}

void writeRecordTypeList(const Database& database, writer::Output& out, std::string_view name) {
    for (const RecordType& type : database.recordTypes()) {
        if (!selectsAll(name) && type.name() != name) continue;
        out << "recordtype(" << type.name() << ") {\n";
        for (const FieldDef& field : type.fields())
            writeField(database, field, out);
        out << "}\n";
        out.checkpoint();
    }
}

void writeDeviceList(const Database& database, writer::Output& out) {
    for (const RecordType& type : database.recordTypes())
        for (const DeviceSupport& device : type.devices())
            out << "device(" << type.name() << ',' << linkTypeName(device.linkType) << ','
                << device.dset << ",\"" << device.choice << "\")\n";
}

void writeNames(const std::vector<std::string_view>& names, std::string_view keyword,
                writer::Output& out) {
    for (const std::string_view name : names)
        out << keyword << '(' << name << ")\n";
}

void writeLinkList(const Database& database, writer::Output& out) {
    for (const LinkSupport& link : database.linkSupports())
        out << "link(" << link.name << ',' << link.jlif << ")\n";
}

void writeVariableList(const Database& database, writer::Output& out) {
    for (const Variable& variable : database.variables())
        out << "variable(" << variable.name << ',' << variable.type << ")\n";
}

void writeBreaktableList(const Database& database, writer::Output& out) {
    for (const Breaktable* table : database.breaktables()) {
        out << "breaktable(" << table->name << ") {\n";
        for (const BreakpointPoint& point : table->points) {
            char line[80];
            const int n =
                std::snprintf(line, sizeof line, "\t%e, %e\n", point.raw, point.engineering);
            out << std::string_view(line, static_cast<std::size_t>(n));
        }
        out << "}\n";
    }
}

} // namespace

void writeMenus(const Database& database, std::string& out, std::string_view menu) {
    writer::writeTo(out, [&](writer::Output& o) { writeMenuList(database, o, menu); });
}
void writeMenus(const Database& database, std::ostream& out, std::string_view menu) {
    writer::writeTo(out, [&](writer::Output& o) { writeMenuList(database, o, menu); });
}

void writeRecordTypes(const Database& database, std::string& out, std::string_view recordType) {
    writer::writeTo(out, [&](writer::Output& o) { writeRecordTypeList(database, o, recordType); });
}
void writeRecordTypes(const Database& database, std::ostream& out, std::string_view recordType) {
    writer::writeTo(out, [&](writer::Output& o) { writeRecordTypeList(database, o, recordType); });
}

void writeDevices(const Database& database, std::string& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeDeviceList(database, o); });
}
void writeDevices(const Database& database, std::ostream& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeDeviceList(database, o); });
}

void writeDrivers(const Database& database, std::string& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeNames(database.drivers(), "driver", o); });
}
void writeDrivers(const Database& database, std::ostream& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeNames(database.drivers(), "driver", o); });
}

void writeLinkSupports(const Database& database, std::string& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeLinkList(database, o); });
}
void writeLinkSupports(const Database& database, std::ostream& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeLinkList(database, o); });
}

void writeRegistrars(const Database& database, std::string& out) {
    writer::writeTo(out,
                    [&](writer::Output& o) { writeNames(database.registrars(), "registrar", o); });
}
void writeRegistrars(const Database& database, std::ostream& out) {
    writer::writeTo(out,
                    [&](writer::Output& o) { writeNames(database.registrars(), "registrar", o); });
}

void writeFunctions(const Database& database, std::string& out) {
    writer::writeTo(out,
                    [&](writer::Output& o) { writeNames(database.functions(), "function", o); });
}
void writeFunctions(const Database& database, std::ostream& out) {
    writer::writeTo(out,
                    [&](writer::Output& o) { writeNames(database.functions(), "function", o); });
}

void writeVariables(const Database& database, std::string& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeVariableList(database, o); });
}
void writeVariables(const Database& database, std::ostream& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeVariableList(database, o); });
}

void writeBreaktables(const Database& database, std::string& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeBreaktableList(database, o); });
}
void writeBreaktables(const Database& database, std::ostream& out) {
    writer::writeTo(out, [&](writer::Output& o) { writeBreaktableList(database, o); });
}

} // namespace epicsdb::dbstatic
