// The JSON link checker (dbStatic/src/JsonLinkCheck.cpp: yajl's syntax with EPICS's JSON5
// extensions and comments, one outer key naming a declared link type) and the link parser
// around it (parseLink, formatLink). An input is one link field value; the link types are those
// of the standard definitions (link(...) in db/links.dbd), plus "x" for inputs that want one
// that is short.
//
// Checks: no crash, no stack overflow however deep the nesting, no undefined behaviour; a
// refused JSON link says why (EPICS prints the reason); parseLink calls a value JSON only when
// the checker accepts it, for each of the three link field types; a put of the value to a
// link field is accepted as checkField says, and what reads back is accepted again.
#include "FuzzSupport.hpp"
#include "JsonLinkCheckPvt.hpp"

#include <epicsdb/dbStatic/Values.hpp>

#include <cstdint>
#include <string>

using namespace epicsdb;
using dbstatic::DbfType;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text = fuzz::asText(data, size);
    text = text.substr(0, text.find('\0')); // a field value is a C string
    const dbstatic::Database& base = fuzz::standardDatabase();
    const std::function<bool(std::string_view)> isLinkType = [&base](std::string_view name) {
        return name == "x" || base.findLinkSupport(name) != nullptr;
    };

    std::string message;
    const bool accepted = dbstatic::checkJsonLink(text, isLinkType, &message);
    fuzz::check(accepted || !message.empty(), "a JSON link refused without a message",
                std::string(text));

    for (DbfType type : {DbfType::InLink, DbfType::OutLink, DbfType::FwdLink}) {
        dbstatic::ParsedLink link;
        std::string why;
        if (!dbstatic::parseLink(text, type, isLinkType, link, &why)) continue;
        if (link.type == dbstatic::LinkType::JsonLink) {
            std::string again;
            fuzz::check(dbstatic::checkJsonLink(link.text, isLinkType, &again),
                        "parseLink took for JSON what the checker refuses",
                        std::string(link.text) + "\n" + again);
        }
        std::string formatted;
        dbstatic::formatLink(link, type, formatted);
    }

    // Through a record: the FLNK (forward link) and DOL (input link) of an ao.
    fuzz::Scratchpad scratch;
    dbstatic::Database& db = scratch.database();
    dbstatic::RecordType* ao = db.findRecordType("ao");
    fuzz::check(ao != nullptr, "no ao record type");
    dbstatic::Record* record = db.createRecord(*ao, "fz:link", true);
    for (const char* name : {"FLNK", "DOL", "OUT"}) {
        const dbstatic::FieldDef* field = ao->findField(name);
        fuzz::check(field != nullptr, "no such field", name);
        const dbstatic::PutStatus checked = db.checkField(*ao, *field, text);
        const dbstatic::PutStatus stored = db.putField(*record, *field, text);
        fuzz::check(checked.error == stored.error, "checkField and putField disagree", name);
        if (!stored.ok()) continue;
        const std::optional<std::string> first = db.getString(*record, *field);
        if (!first) continue;
        fuzz::check(db.putField(*record, *field, *first).ok(),
                    "a link read back is not accepted again", *first);
        fuzz::check(db.getString(*record, *field) == first, "a link reads back differently",
                    *first);
    }
    return 0;
}
