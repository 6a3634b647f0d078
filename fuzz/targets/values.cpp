// Field values by DBF type (dbStatic: Database::checkField/putField/getString, the value rules
// of EPICS-BEHAVIOUR 4, the writers): one record of a standard record type, and a list of puts to
// it.
//
//     ai                  the record type (a name that is not one picks a type by its hash)
//     PREC=3              a put: field name, '=', the value (a field name that is not one picks
//     INP=@x y            a field of the type by its hash); the value ends the line
//     DESC                a read only
//
// Each put: checkField and putField agree; when the value is accepted (or stored with a
// calculation error), it reads back (getString), that text is put again, accepted the same
// way, and reads back the same (put, read back, put again: the same). At the end the record is
// written as dbWriteRecord does (every DCT field) and, when every put was accepted and read
// back, that text is loaded again in place of the record and must load and write back byte
// for byte (but for UDF, which the load of VAL clears). The C API takes C strings: a value
// ends at its first NUL.
#include "FuzzSupport.hpp"

#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace epicsdb;
using dbstatic::FieldDef;
using dbstatic::PutError;

namespace {

std::uint32_t hashOf(std::string_view text) {
    std::uint32_t h = 2166136261u;
    for (unsigned char c : text)
        h = (h ^ c) * 16777619u;
    return h;
}

std::string_view line(std::string_view& rest) {
    const std::size_t end = rest.find('\n');
    const std::string_view first = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    return first.substr(0, first.find('\0'));
}

dbstatic::RecordType& typeNamed(dbstatic::Database& db, std::string_view name) {
    if (dbstatic::RecordType* type = db.findRecordType(name)) return *type;
    const auto& types = db.recordTypes();
    return *db.findRecordType(types[hashOf(name) % types.size()].name());
}

const FieldDef& fieldNamed(const dbstatic::RecordType& type, std::string_view name) {
    if (const FieldDef* field = type.findField(name)) return *field;
    return type.field(static_cast<std::uint16_t>(hashOf(name) % type.fields().size()));
}

std::string describe(const FieldDef& field, std::string_view value, std::string_view more) {
    std::string text = "field ";
    text.append(field.name).append(", value '").append(value).append("'");
    if (!more.empty()) text.append("\n").append(more);
    return text;
}

// A read-back of a floating-point field that is a subnormal number of its type.
bool subnormalText(dbstatic::DbfType type, const std::string& text) {
    using dbstatic::DbfType;
    if (type != DbfType::Double && type != DbfType::Float) return false;
    const double value = std::strtod(text.c_str(), nullptr);
    return value != 0 && std::fabs(value) < (type == DbfType::Float ? FLT_MIN : DBL_MIN);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view rest = fuzz::asText(data, size);
    fuzz::Scratchpad scratch;
    dbstatic::Database& db = scratch.database();
    dbstatic::RecordType& type = typeNamed(db, line(rest));
    if (!type.supportRegistered()) return 0;
    dbstatic::Record* record = db.createRecord(type, "fz:r", true);
    fuzz::check(record != nullptr, "createRecord failed");

    bool allAccepted = true;
    std::size_t puts = 0;
    while (!rest.empty() && puts++ < 64) {
        const std::string_view put = line(rest);
        const std::size_t equals = put.find('=');
        const FieldDef& field = fieldNamed(type, put.substr(0, equals));
        if (equals == std::string_view::npos) {
            (void)db.getString(*record, field);
            (void)db.isDefaultValue(*record, field);
            continue;
        }
        const std::string_view value = put.substr(equals + 1);
        const dbstatic::PutStatus checked = db.checkField(type, field, value);
        const dbstatic::PutStatus stored = db.putField(*record, field, value);
        fuzz::check(checked.error == stored.error, "checkField and putField disagree",
                    describe(field, value,
                             std::string(checked.text()) + " / " + std::string(stored.text())));
        (void)stored.text();
        if (!stored.ok()) allAccepted = false;
        if (!stored.ok() && stored.error != PutError::BadCalc) continue;

        const std::optional<std::string> first = db.getString(*record, field);
        if (!first) {
            // EPICS's NULL: a DTYP index one past the last choice, which EPICS accepts
            // (EPICS-BEHAVIOUR 4.5). dbWriteRecord cannot write that value, so there is no round
            // trip to check.
            allAccepted = false;
            continue;
        }
        const dbstatic::PutStatus again = db.putField(*record, field, *first);
        if (again.error == PutError::Overflow && stored.ok() && subnormalText(field.type, *first)) {
            // EPICS's quirk: a subnormal number written exactly ("0x1p-1073") is taken, but its
            // decimal read-back is inexact, strtod says ERANGE and EPICS calls that "Too large
            // to represent" (epicsParseDouble). There is no round trip to check.
            allAccepted = false;
            continue;
        }
        fuzz::check(
            again.error == stored.error, "the value read back is not accepted again",
            describe(field, value, "read back '" + *first + "': " + std::string(again.text())));
        const std::optional<std::string> second = db.getString(*record, field);
        fuzz::check(
            second == first, "put, read back, put again: not the same",
            describe(field, value,
                     "read back '" + *first + "', then '" + second.value_or("(null)") + "'"));
        (void)db.isDefaultValue(*record, field);
    }

    std::string written;
    dbstatic::writeRecord(db, *record, 1, written);
    std::string json;
    dbstatic::JsonWriteOptions options;
    options.fields = dbstatic::JsonFieldSelection::All;
    dbstatic::writeJson(db, json, options);
    if (!allAccepted) return 0;

    // What dbWriteRecord wrote loads back as the same record.
    db.deleteRecord(*record);
    fuzz::TextSink sink;
    loaders::LoaderOptions loaderOptions;
    loaderOptions.useEnvironmentPath = false;
    loaders::Loader loader(db, sink, loaderOptions);
    const loaders::LoadResult result = loader.loadRecordsText("written.db", written);
    fuzz::check(result.ok, "what dbWriteRecord wrote does not load", written + sink.full);
    const dbstatic::Record* reloaded = db.findRecord("fz:r");
    fuzz::check(reloaded != nullptr, "what dbWriteRecord wrote loads no record", written);
    std::string again;
    dbstatic::writeRecord(db, *reloaded, 1, again);
    // Except UDF: dbCommon's UDF comes before VAL, and a put to VAL clears UDF (EPICS too).
    const auto withoutUdf = [](std::string text) {
        const std::size_t at = text.find("\tfield(UDF,");
        if (at != std::string::npos) text.erase(at, text.find('\n', at) + 1 - at);
        return text;
    };
    fuzz::check(withoutUdf(again) == withoutUdf(written),
                "what dbWriteRecord wrote loads as another record",
                "written:\n" + written + "loaded and written again:\n" + again);
    return 0;
}
