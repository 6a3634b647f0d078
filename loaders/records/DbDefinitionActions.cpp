// What the definition statements mean (EPICS-BEHAVIOUR 3.3): menu, recordtype, device, driver,
// link, registrar, function, variable, breaktable. (path and addpath are the reader's: they change
// where includes are looked for.)
#include "DbActions.hpp"
#include "source/SyntaxMessage.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/dbStatic/Types.hpp>
#include <epicsdb/dbStatic/Values.hpp>

#include <limits>
#include <string>

namespace epicsdb::loaders {

using dbstatic::DbfType;
using dbstatic::FieldDef;

namespace {

// sscanf("%hd"), which EPICS reads size, interest and special numbers with: blanks, a sign,
// decimal digits (what follows them is ignored), the value cut to a short.
bool scanShort(std::string_view text, int& value) {
    std::size_t i = 0;
    while (i < text.size() && chars::isSpace(text[i]))
        ++i;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    if (i == text.size() || !chars::isDigit(text[i])) return false;
    // Read as a long (saturating as strtol does), then cut: "70000" is 4464 as in EPICS.
    constexpr long long kMax = std::numeric_limits<long long>::max();
    long long number = 0;
    for (; i < text.size() && chars::isDigit(text[i]); ++i) {
        const int digit = text[i] - '0';
        number = number > (kMax - digit) / 10 ? kMax : number * 10 + digit;
    }
    if (negative) number = number == kMax ? std::numeric_limits<long long>::min() : -number;
    value = static_cast<short>(number);
    return true;
}

// epicsScanDouble, which EPICS checks breaktable values with: a number at the start (strtod's
// syntax in the C locale); what follows it is ignored.
bool scanDouble(std::string_view text, double& value) {
    return dbstatic::scanDoublePrefix(text, value) > 0;
}
} // namespace

void DbActions::beginMenu(std::string_view name, const Span& at) {
    menu_ = {};
    menu_.name = name;
    if (name.empty()) {
        reporter_.error(at.begin, "menu-name", "menu name can't be empty");
        menu_.skip = true;
    }
}

void DbActions::choice(std::string_view name, const Span& nameAt, std::string_view value) {
    if (name.empty()) {
        reporter_.error(nameAt.begin, "menu-choice", "menu choice name can't be empty");
        return;
    }
    menu_.choices.push_back({name, value});
    if (menu_.choices.size() == dbstatic::Menu::kMaxChoices + 1) menu_.firstTooMany = nameAt.begin;
}

void DbActions::endMenu() {
    MenuBuild build = std::move(menu_);
    menu_ = {};
    // A menu that exists already wins; the new one is ignored without a word (as EPICS).
    if (build.skip || db_.findMenu(build.name)) return;
    if (build.choices.size() > dbstatic::Menu::kMaxChoices) {
        // A menu field holds a 16-bit index: the choices past it would read back as others.
        reporter_.error(build.firstTooMany, "menu-too-many-choices",
                        "menu " + quoted(build.name) + " has " +
                            std::to_string(build.choices.size()) + " choices; at most " +
                            std::to_string(dbstatic::Menu::kMaxChoices) + " are supported");
        return;
    }
    db_.addMenu(build.name, build.choices);
}

void DbActions::beginRecordType(std::string_view name, const Span& at) {
    recordType_ = {};
    recordType_.name = name;
    if (name.empty()) {
        reporter_.error(at.begin, "recordtype-name", "record type name can't be empty");
        recordType_.skip = true;
    }
}

void DbActions::cdef(std::string_view text) {
    recordType_.empty = false;
    // Kept as written after '%' (dbdExpand.pl writes it back so; EPICS's C reader would drop
    // one leading space, which nothing we expose can show).
    recordType_.cdefs.push_back(text);
}

void DbActions::beginFieldDef(std::string_view name, const Span& nameAt, std::string_view type,
                              const Span& typeAt) {
    recordType_.empty = false;
    recordType_.field = FieldDef{};
    recordType_.fieldValid = true;
    recordType_.fieldAt = nameAt.begin;
    if (name.empty()) {
        reporter_.error(nameAt.begin, "field-name", "field name can't be empty");
        recordType_.fieldValid = false;
        recordType_.skip = true;
        return;
    }
    if (provenance_ && !recordType_.skip)
        provenance_->fieldDefinition(recordType_.name, name, sources_.siteOf(nameAt.begin));
    auto dbfType = dbstatic::dbfTypeFromName(type);
    if (!dbfType) {
        reporter_.error(typeAt.begin, "field-type",
                        "illegal field type " + quoted(type) + " for field " + quoted(name),
                        {"expected one of DBF_STRING, DBF_CHAR, DBF_UCHAR, DBF_SHORT, "
                         "DBF_USHORT, DBF_LONG, DBF_ULONG, DBF_INT64, DBF_UINT64, DBF_FLOAT, "
                         "DBF_DOUBLE, DBF_ENUM, DBF_MENU, DBF_DEVICE, DBF_INLINK, DBF_OUTLINK, "
                         "DBF_FWDLINK or DBF_NOACCESS"});
        recordType_.fieldValid = false;
        recordType_.skip = true;
        return;
    }
    recordType_.field.name = name;
    recordType_.field.type = *dbfType;
}

void DbActions::fieldAttribute(std::string_view attribute, std::string_view value,
                               const Span& valueAt) {
    if (!recordType_.fieldValid) return;
    FieldDef& field = recordType_.field;
    if (attribute == "asl") {
        if (value == "ASL0")
            field.asl = dbstatic::AccessLevel::Asl0;
        else if (value == "ASL1")
            field.asl = dbstatic::AccessLevel::Asl1;
        else
            reporter_.error(valueAt.begin, "field-attribute",
                            "illegal access security value " + quoted(value) +
                                ": must be ASL0 or ASL1");
    } else if (attribute == "initial") {
        field.initial = value;
        field.hasInitial = true;
    } else if (attribute == "promptgroup") {
        field.promptGroup = value;
    } else if (attribute == "prompt") {
        field.prompt = value;
    } else if (attribute == "special") {
        if (auto code = dbstatic::specialFromName(value))
            field.special = *code;
        else if (int number = 0; scanShort(value, number))
            field.special = number;
        else
            reporter_.error(valueAt.begin, "field-attribute",
                            "illegal 'special' value " + quoted(value));
    } else if (attribute == "pp") {
        if (value == "YES" || value == "TRUE")
            field.pp = true;
        else if (value == "NO" || value == "FALSE")
            field.pp = false;
        else
            reporter_.error(valueAt.begin, "field-attribute",
                            "illegal 'pp' value " + quoted(value) + ", must be YES/NO/TRUE/FALSE");
    } else if (attribute == "interest") {
        if (!scanShort(value, field.interest))
            reporter_.error(valueAt.begin, "field-attribute",
                            "illegal 'interest' value " + quoted(value) + ", must be integer");
    } else if (attribute == "base") {
        if (value == "DECIMAL")
            field.hexBase = false;
        else if (value == "HEX")
            field.hexBase = true;
        else
            reporter_.error(valueAt.begin, "field-attribute",
                            "illegal 'base' value " + quoted(value) + ", must be DECIMAL/HEX");
    } else if (attribute == "size") {
        int size = 0;
        if (scanShort(value, size) && size >= 0) {
            field.size = static_cast<std::uint32_t>(size);
        } else {
            reporter_.error(valueAt.begin, "field-attribute",
                            "illegal 'size' value " + quoted(value) + ", must be integer");
        }
    } else if (attribute == "extra") {
        field.extra = value;
    } else if (attribute == "menu") {
        field.menu = db_.findMenu(value);
        if (!field.menu && !db_.options().ignoreMissingMenus) {
            reporter_.error(valueAt.begin, "menu-unknown",
                            "menu " + quoted(value) + " not found for field " + quoted(field.name));
            recordType_.skip = true;
        }
    } else if (attribute == "prop") {
        field.prop = value == "YES";
    }
    // Any other attribute is ignored without a word, as EPICS does.
}

void DbActions::endFieldDef() {
    if (recordType_.fieldValid) {
        recordType_.fields.push_back(recordType_.field);
        if (recordType_.fields.size() == dbstatic::RecordType::kMaxFields + 1)
            recordType_.firstTooMany = recordType_.fieldAt;
    }
    recordType_.fieldValid = false;
}

void DbActions::endRecordType(const Span& at) {
    RecordTypeBuild build = std::move(recordType_);
    recordType_ = {};
    if (build.skip) return;
    if (db_.findRecordType(build.name))
        return; // a later full definition, or an empty declaration, of a known type: no-op
    if (build.empty) {
        reporter_.error(at.begin, "recordtype-declaration",
                        "declaration of recordtype(" + std::string(build.name) +
                            ") preceeded full definition");
        return;
    }
    if (build.fields.size() > dbstatic::RecordType::kMaxFields) {
        // Reported at the first field too many; nothing of the type is kept.
        reporter_.error(build.firstTooMany, "recordtype-too-many-fields",
                        "record type " + quoted(build.name) + " has " +
                            std::to_string(build.fields.size()) + " fields; at most " +
                            std::to_string(dbstatic::RecordType::kMaxFields) + " are supported");
        return;
    }
    db_.addRecordType(build.name, build.fields, build.cdefs);
    for (const FieldDef& field : build.fields) {
        if (field.type == DbfType::String && field.size == 0)
            reporter_.warning(at.begin, "field-size",
                              "recordtype(" + std::string(build.name) + ")." +
                                  std::string(field.name) + " size not specified");
        if (field.type == DbfType::NoAccess && field.extra.empty())
            reporter_.warning(at.begin, "field-extra",
                              "recordtype(" + std::string(build.name) + ")." +
                                  std::string(field.name) + " extra not specified");
    }
}

void DbActions::device(std::string_view recordType, const Span& typeAt, std::string_view linkType,
                       const Span& linkAt, std::string_view dset, std::string_view choice) {
    dbstatic::RecordType* type = db_.findRecordType(recordType);
    if (!type) {
        reporter_.error(typeAt.begin, "recordtype-unknown",
                        "record type " + quoted(recordType) + " not found for device " +
                            quoted(choice));
        return;
    }
    auto link = dbstatic::linkTypeFromName(linkType);
    if (!link) {
        reporter_.error(linkAt.begin, "link-type",
                        "bad link type " + quoted(linkType) + " for device " + quoted(choice));
        return;
    }
    if (type->devices().size() >= dbstatic::RecordType::kMaxDevices && !type->findDevice(choice)) {
        // DTYP holds a 16-bit index: a device past it would read back as another.
        reporter_.error(typeAt.begin, "device-too-many",
                        "record type " + quoted(recordType) + " cannot have more than " +
                            std::to_string(dbstatic::RecordType::kMaxDevices) +
                            " device supports: device " + quoted(choice) + " is one too many");
        return;
    }
    db_.addDevice(*type, {*link, dset, choice});
}

void DbActions::driver(std::string_view name, const Span& at) {
    if (name.empty())
        reporter_.error(at.begin, "driver-name", "driver name can't be empty");
    else
        db_.addDriver(name);
}

void DbActions::registrar(std::string_view name, const Span& at) {
    if (name.empty())
        reporter_.error(at.begin, "registrar-name", "registrar name can't be empty");
    else
        db_.addRegistrar(name);
}

void DbActions::function(std::string_view name, const Span& at) {
    if (name.empty())
        reporter_.error(at.begin, "function-name", "function name can't be empty");
    else
        db_.addFunction(name);
}

void DbActions::link(std::string_view name, const Span& nameAt, std::string_view jlif) {
    if (name.empty())
        reporter_.error(nameAt.begin, "link-name", "link name can't be empty");
    else
        db_.addLinkSupport(name, jlif);
}

void DbActions::variable(std::string_view name, const Span& nameAt, std::string_view type) {
    if (name.empty())
        reporter_.error(nameAt.begin, "variable-name", "variable name can't be empty");
    else
        db_.addVariable(name, type.empty() ? "int" : type);
}

void DbActions::beginBreaktable(std::string_view name, const Span& at) {
    breaktable_ = {};
    breaktable_.name = name;
    if (name.empty()) {
        reporter_.error(at.begin, "breaktable-name", "breaktable name can't be empty");
        breaktable_.skip = true;
    }
}

void DbActions::breakpointValue(std::string_view value, const Span& at) {
    if (breaktable_.skip) return;
    double number = 0;
    if (!scanDouble(value, number)) {
        reporter_.error(at.begin, "breaktable-value",
                        "non-numeric value " + quoted(value) + " in breaktable");
        breaktable_.skip = true;
        return;
    }
    breaktable_.values.push_back(number);
}

void DbActions::endBreaktable(const Span& at) {
    BreaktableBuild build = std::move(breaktable_);
    breaktable_ = {};
    if (build.skip) return;
    const std::string name(build.name);
    if (build.values.size() % 2 != 0) {
        reporter_.error(at.begin, "breaktable-points",
                        "breaktable(" + name + "): raw value missing (odd number of values)");
        return;
    }
    if (build.values.size() < 4) {
        reporter_.error(at.begin, "breaktable-points",
                        "breaktable(" + name + "): must have at least two points");
        return;
    }
    std::vector<dbstatic::BreakpointPoint> points;
    for (std::size_t i = 0; i < build.values.size(); i += 2)
        points.push_back({build.values[i], build.values[i + 1]});
    if (!db_.options().bptNotMonotonic) {
        bool firstDown = false;
        for (std::size_t i = 1; i < points.size(); ++i) {
            const double slope = (points[i].engineering - points[i - 1].engineering) /
                                 (points[i].raw - points[i - 1].raw);
            if (slope == 0) {
                reporter_.error(at.begin, "breaktable-slope",
                                "breaktable(" + name + "): slope is zero");
                return;
            }
            const bool down = slope < 0;
            if (i == 1) {
                firstDown = down;
            } else if (down != firstDown) {
                reporter_.error(at.begin, "breaktable-slope",
                                "breaktable(" + name + "): slope changes sign");
                return;
            }
        }
    }
    db_.addBreaktable(build.name, points);
}

} // namespace epicsdb::loaders
