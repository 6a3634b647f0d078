#include <epicsdb/lint/Rules.hpp>

#include <algorithm>
#include <array>

namespace epicsdb::lint {

namespace {
constexpr std::array kRules{
    Rule{"ext-link", Severity::Warning,
         "a link (DB, CA, FLNK or output) names a record that no loaded IOC defines"},
    Rule{"link-field", Severity::Warning,
         "a link names a field that the target record's type does not have"},
    Rule{"link-mod", Severity::Warning,
         "a link modifier that is not one, is repeated, contradicts another or does not apply "
         "to that kind of link",
         FixKind::Offered},
    Rule{"hw-link", Severity::Warning,
         "INP/OUT is a hardware address of another kind than the DTYP's device support "
         "expects, or a hardware address on a soft DTYP"},
    Rule{"scan-io-intr", Severity::Warning,
         "SCAN \"I/O Intr\" on a record whose device support raises no interrupt (EPICS Base's "
         "soft supports, or none)"},
    Rule{"linr-conversion", Severity::Warning,
         "a LINR conversion that gives one value whatever the input (LINEAR with EGUF equal to "
         "EGUL on hardware support, SLOPE with ESLO 0)"},
    Rule{"pini-loop", Severity::Warning,
         "PINI on a record whose forward links lead back to itself"},
    Rule{"int-truncated", Severity::Warning,
         "an integer that does not fit its field, which EPICS cuts to the field's width"},
    Rule{"line-too-long", Severity::Warning,
         "a line longer than 1023 characters, which EPICS reads in pieces"},
    Rule{"rec-append", Severity::Warning,
         "a record is defined again with its type (not \"*\"), in another file or later in the "
         "same one"},
    Rule{"quoted", Severity::Warning,
         "a record name, alias, field or info value, or included file name is not quoted",
         FixKind::Safe},
    Rule{"field-case", Severity::Warning, "a field name that is not in upper case (dTYP)",
         FixKind::Safe},
    Rule{"field-twice", Severity::Warning, "a field set twice in one record body"},
    Rule{"varint", Severity::Warning, "variable(name) without a type (it is an int)"},
    Rule{"dbd-in-db", Severity::Warning,
         "a definition (recordtype, device, menu, ...) in a .db or .template file"},
    Rule{"commented-record", Severity::Warning, "a comment that holds a commented-out record"},
    Rule{"spec-comm", Severity::Warning, "a '#:' comment that is not a pragma epicsdb knows"},
    Rule{"macro-brace", Severity::Warning,
         "a macro reference that opens with one bracket and closes with the other: $(X} or ${X)",
         FixKind::Offered},
    Rule{"macro-unused", Severity::Warning,
         "a substitution set gives a template a macro that the template never uses"},
    Rule{"ioc-duplicate-record", Severity::Warning,
         "two IOCs of the facility define the same record name"},
};
} // namespace

std::span<const Rule> allRules() noexcept {
    return kRules;
}

const Rule* findRule(std::string_view code) noexcept {
    const auto it = std::find_if(kRules.begin(), kRules.end(),
                                 [&](const Rule& rule) { return rule.code == code; });
    return it == kRules.end() ? nullptr : &*it;
}

} // namespace epicsdb::lint
