// dbStaticLib field values: dbGetString, dbPutString, dbVerify, dbIsDefaultValue, menus and the
// field and link type tables. The value rules are the database's (EPICS-BEHAVIOUR 4); this file
// maps them to EPICS's buffers, status codes and messages.
#include "CApiPvt.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/dbStatic/Values.hpp>

#include <special.h>

#include <cstdio>
#include <cstring>
#include <string>

using namespace epicsdb::dbstatic;
using namespace epicsdb::epics;
namespace chars = epicsdb::chars;

namespace {

// Status codes of EPICS modules other than dbLib that dbPutString passes on.
constexpr long S_stdlib_noConversion = M_stdlib | 1;
constexpr long S_stdlib_extraneous = M_stdlib | 2;
constexpr long S_stdlib_underflow = M_stdlib | 3;
constexpr long S_stdlib_overflow = M_stdlib | 4;
constexpr long S_stdlib_badBase = M_stdlib | 5;
constexpr long S_db_badChoice = M_dbAccess | 13;

long statusOf(PutError error) {
    switch (error) {
    case PutError::None:
        return 0;
    case PutError::StringTooLong:
        return S_dbLib_strLen;
    case PutError::IllegalChoice:
        return S_db_badChoice;
    case PutError::NoDigits:
        return S_stdlib_noConversion;
    case PutError::Extraneous:
        return S_stdlib_extraneous;
    case PutError::Overflow:
        return S_stdlib_overflow;
    case PutError::Underflow:
        return S_stdlib_underflow;
    case PutError::BadBase:
        return S_stdlib_badBase;
    case PutError::BadField:
    case PutError::UnexpandedMacro:
    case PutError::BadCalc:
    case PutError::NotSettable:
        return S_dbLib_badField;
    }
    return S_dbLib_badField;
}

bool isNameField(const FieldDef& def) {
    return def.name == "NAME" && def.type == DbfType::String;
}

bool hasMacro(const char* text) {
    return std::strstr(text, "$(") || std::strstr(text, "${");
}

bool isBlank(const char* text) {
    for (; *text; ++text)
        if (!chars::isSpace(*text)) return false;
    return true;
}

// dbVerify of a number: EPICS parses with epicsParseXxx (strictly, for the exact width), for
// which a blank string is no number at all.
char* verifyNumber(DBENTRY* entry, DbfType type, const char* text) {
    ConvertError error = ConvertError::NoDigits;
    if (!isBlank(text)) {
        if (isFloatType(type)) {
            double value = 0;
            error = parseFloat(type, text, value);
        } else {
            std::uint64_t bits = 0;
            error = parseInteger(type, text, true, bits);
        }
    }
    if (error == ConvertError::None) return nullptr;
    return setMessage(entry, verifyErrorText(error));
}

char* verifyString(DBENTRY* entry, long size, int special, const char* text) {
    if (static_cast<long>(std::strlen(text)) >= size)
        return setMessage(entry,
                          "String too long, max " + std::to_string(size - 1) + " characters");
    if (special == SPC_CALC) {
        const std::string_view problem = checkCalcExpression(text);
        if (!problem.empty())
            return setMessage(entry, std::string(problem) + " in CALC expression '" + text + "'");
    }
    return nullptr;
}

// Exact choice strings only: dbVerify does not take menu indexes.
bool isChoice(char** choices, int count, const char* text) {
    for (int i = 0; i < count; ++i)
        if (choices[i] && std::strcmp(choices[i], text) == 0) return true;
    return false;
}

// The menu (DBF_MENU) or device menu (DBF_DEVICE) of the selected field, refreshed.
bool choicesOf(DBENTRY* entry, char**& choices, int& count) {
    const FieldView* field = fieldOf(entry);
    choices = nullptr;
    count = 0;
    if (!field) return false;
    if (field->field_type == DBF_MENU) {
        if (const auto* menu = static_cast<const dbMenu*>(field->ftPvt)) {
            choices = menu->papChoiceValue;
            count = menu->nChoice;
        }
        return true;
    }
    if (field->field_type == DBF_DEVICE) {
        TypeView* type = typeOf(entry);
        if (type && !type->type->devices().empty()) {
            typeView(*entry->pdbbase, *type->type); // device support may have grown
            choices = type->deviceMenu.papChoice;
            count = type->deviceMenu.nChoice;
        }
        return true;
    }
    return false;
}

} // namespace

extern "C" {

mapdbfType pamapdbfType[DBF_NTYPES] = {
    {const_cast<char*>("DBF_STRING"), DBF_STRING},
    {const_cast<char*>("DBF_CHAR"), DBF_CHAR},
    {const_cast<char*>("DBF_UCHAR"), DBF_UCHAR},
    {const_cast<char*>("DBF_SHORT"), DBF_SHORT},
    {const_cast<char*>("DBF_USHORT"), DBF_USHORT},
    {const_cast<char*>("DBF_LONG"), DBF_LONG},
    {const_cast<char*>("DBF_ULONG"), DBF_ULONG},
    {const_cast<char*>("DBF_INT64"), DBF_INT64},
    {const_cast<char*>("DBF_UINT64"), DBF_UINT64},
    {const_cast<char*>("DBF_FLOAT"), DBF_FLOAT},
    {const_cast<char*>("DBF_DOUBLE"), DBF_DOUBLE},
    {const_cast<char*>("DBF_ENUM"), DBF_ENUM},
    {const_cast<char*>("DBF_MENU"), DBF_MENU},
    {const_cast<char*>("DBF_DEVICE"), DBF_DEVICE},
    {const_cast<char*>("DBF_INLINK"), DBF_INLINK},
    {const_cast<char*>("DBF_OUTLINK"), DBF_OUTLINK},
    {const_cast<char*>("DBF_FWDLINK"), DBF_FWDLINK},
    {const_cast<char*>("DBF_NOACCESS"), DBF_NOACCESS},
};

const maplinkType pamaplinkType[LINK_NTYPES] = {
    {"CONSTANT", CONSTANT},   {"PV_LINK", PV_LINK},       {"VME_IO", VME_IO},
    {"CAMAC_IO", CAMAC_IO},   {"AB_IO", AB_IO},           {"GPIB_IO", GPIB_IO},
    {"BITBUS_IO", BITBUS_IO}, {"MACRO_LINK", MACRO_LINK}, {"JSON_LINK", JSON_LINK},
    {"PN_LINK", PN_LINK},     {"DB_LINK", DB_LINK},       {"CA_LINK", CA_LINK},
    {"INST_IO", INST_IO},     {"BBGPIB_IO", BBGPIB_IO},   {"RF_IO", RF_IO},
    {"VXI_IO", VXI_IO},
};

char* dbGetString(DBENTRY* pdbentry) {
    return guarded<char*>(nullptr, [&]() -> char* {
        const FieldView* field = fieldOf(pdbentry);
        if (!field) return setMessage(pdbentry, "fldDes not found");
        if (field->attribute) return setMessage(pdbentry, field->attribute->value);
        const NodeView* node = nodeOf(pdbentry);
        if (!node) {
            // No record, so no storage to read: EPICS's answers for a NULL pfield.
            switch (field->field_type) {
            case DBF_STRING:
            case DBF_INLINK:
            case DBF_OUTLINK:
            case DBF_FWDLINK:
                return setMessage(pdbentry, "Field not allocated (NULL)");
            case DBF_MENU:
            case DBF_DEVICE:
                return setMessage(pdbentry, "Field not found");
            default:
                return nullptr;
            }
        }
        const auto text = fieldString(pdbentry->pdbbase->database, *node->node, *field->def);
        return text ? setMessage(pdbentry, *text) : nullptr;
    });
}

long dbPutString(DBENTRY* pdbentry, const char* pstring) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        FieldView* field = fieldOf(pdbentry);
        if (!field) return S_dbLib_flddesNotFound;
        const NodeView* node = nodeOf(pdbentry);
        if (!node) return S_dbLib_fieldNotFound;
        // Attributes belong to the record type and NAME to the record index: not settable here.
        if (field->attribute || isNameField(*field->def)) return S_dbLib_badField;
        const PutStatus status =
            pdbentry->pdbbase->database.putField(*node->node, *field->def, pstring);
        if (status.error == PutError::UnexpandedMacro)
            std::fprintf(stderr, "%s.%s Has unexpanded macro\n", node->recordname, field->name);
        if (status.error == PutError::BadCalc)
            std::fprintf(stderr, "%.*s in CALC expression '%s'\n",
                         static_cast<int>(status.calcError.size()), status.calcError.data(),
                         pstring);
        selectField(pdbentry, *field, pdbentry->indfield); // pfield follows the new value
        return statusOf(status.error);
    });
}

char* dbVerify(DBENTRY* pdbentry, const char* pstring) {
    return guarded<char*>(nullptr, [&]() -> char* {
        const FieldView* field = fieldOf(pdbentry);
        if (!field) return setMessage(pdbentry, "fldDes not found");
        if (hasMacro(pstring)) return nullptr;
        switch (field->field_type) {
        case DBF_STRING:
            return verifyString(pdbentry, field->size, field->special, pstring);
        case DBF_CHAR:
        case DBF_UCHAR:
        case DBF_SHORT:
        case DBF_USHORT:
        case DBF_LONG:
        case DBF_ULONG:
        case DBF_INT64:
        case DBF_UINT64:
        case DBF_ENUM:
        case DBF_FLOAT:
        case DBF_DOUBLE:
            return verifyNumber(pdbentry, static_cast<DbfType>(field->field_type), pstring);
        case DBF_MENU:
        case DBF_DEVICE: {
            char** choices = nullptr;
            int count = 0;
            choicesOf(pdbentry, choices, count);
            if (!choices || isChoice(choices, count, pstring)) return nullptr;
            return setMessage(pdbentry, field->field_type == DBF_MENU ? "Not a valid menu choice"
                                                                      : "Not a valid device type");
        }
        case DBF_INLINK:
        case DBF_OUTLINK:
        case DBF_FWDLINK:
            return nullptr;
        default:
            return setMessage(pdbentry, "Not a valid field type");
        }
    });
}

int dbIsDefaultValue(DBENTRY* pdbentry) {
    return guarded<int>(0, [&]() -> int {
        const FieldView* field = fieldOf(pdbentry);
        const NodeView* node = nodeOf(pdbentry);
        if (!field || !node) return 0;
        if (field->attribute) // a string field without an initial value
            return field->attribute->value.empty() ? 1 : 0;
        const FieldDef& def = *field->def;
        if (isNameField(def))
            return node->node->real().name() == (def.hasInitial ? def.initial : "") ? 1 : 0;
        return pdbentry->pdbbase->database.isDefaultValue(*node->node, def) ? 1 : 0;
    });
}

// ---- types and menus ----

const char* dbGetFieldTypeString(int dbfType) {
    if (dbfType >= 0 && dbfType < DBF_NTYPES) return pamapdbfType[dbfType].strvalue;
    return "BAD_DBF_TYPE";
}

int dbFindFieldType(const char* type) {
    for (const mapdbfType& entry : pamapdbfType)
        if (std::strcmp(type, entry.strvalue) == 0) return entry.value;
    return -1;
}

dbMenu* dbFindMenu(DBBASE* pdbbase, const char* name) {
    return guarded<dbMenu*>(nullptr, [&]() -> dbMenu* {
        const Menu* menu = pdbbase->database.findMenu(name);
        return menu ? &menuView(*pdbbase, *menu) : nullptr;
    });
}

char** dbGetMenuChoices(DBENTRY* pdbentry) {
    return guarded<char**>(nullptr, [&]() -> char** {
        char** choices = nullptr;
        int count = 0;
        choicesOf(pdbentry, choices, count);
        return choices;
    });
}

int dbGetMenuIndex(DBENTRY* pdbentry) {
    return guarded<int>(-1, [&]() -> int {
        const FieldView* field = fieldOf(pdbentry);
        const NodeView* node = nodeOf(pdbentry);
        if (!field || !pdbentry->pfield || !node) return -1;
        if (field->field_type != DBF_MENU && field->field_type != DBF_DEVICE) {
            std::printf("dbGetMenuIndex: Called for field type %d\n", field->field_type);
            return -1;
        }
        const auto index = pdbentry->pdbbase->database.choiceIndex(*node->node, *field->def);
        return index ? *index : 0; // EPICS's binary field holds 0 for a value that is neither
    });
}

long dbPutMenuIndex(DBENTRY* pdbentry, int index) {
    return guarded<long>(S_dbLib_outMem, [&]() -> long {
        const FieldView* field = fieldOf(pdbentry);
        if (!field) return S_dbLib_flddesNotFound;
        if (!pdbentry->pfield) return S_dbLib_fieldNotFound;
        if (field->field_type != DBF_MENU && field->field_type != DBF_DEVICE)
            return S_dbLib_badField;
        char** choices = nullptr;
        int count = 0;
        choicesOf(pdbentry, choices, count);
        if (!choices) return S_dbLib_menuNotFound;
        if (index < 0 || index >= count) return S_dbLib_badField;
        // EPICS stores a menu's index as it is (the number names the choice even where two
        // choices read the same) and puts a device's choice string.
        if (field->field_type == DBF_MENU)
            return dbPutString(pdbentry, std::to_string(index).c_str());
        return dbPutString(pdbentry, choices[index]);
    });
}

int dbGetNMenuChoices(DBENTRY* pdbentry) {
    return guarded<int>(-1, [&]() -> int {
        char** choices = nullptr;
        int count = 0;
        return choicesOf(pdbentry, choices, count) ? count : -1;
    });
}

char* dbGetMenuStringFromIndex(DBENTRY* pdbentry, int index) {
    return guarded<char*>(nullptr, [&]() -> char* {
        char** choices = nullptr;
        int count = 0;
        choicesOf(pdbentry, choices, count);
        if (!choices || index < 0 || index >= count) return nullptr;
        return choices[index];
    });
}

int dbGetMenuIndexFromString(DBENTRY* pdbentry, const char* choice) {
    return guarded<int>(-1, [&]() -> int {
        char** choices = nullptr;
        int count = 0;
        choicesOf(pdbentry, choices, count);
        for (int i = 0; i < count; ++i)
            if (std::strcmp(choice, choices[i]) == 0) return i;
        return -1;
    });
}

} // extern "C"
