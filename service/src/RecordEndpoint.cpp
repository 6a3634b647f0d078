// GET /api/v1/records/{name}[?defaults=1][&ioc=NAME]: one record (an alias answers with its
// record and says which alias was asked): type, IOC, where it was defined, every field set
// with its value and provenance, aliases, info items, lint's findings about it, and with
// defaults=1 the fields left unset with their record type's defaults.
#include "Endpoints.hpp"
#include "JsonOut.hpp"
#include "RecordLookup.hpp"
#include "StatementSources.hpp"

namespace epicsdb::service {

namespace {
// Fields (the fields view: the record's one JSON column, a row per field) in the record type's
// order (seq); a field the type does not list (definitions unknown) after them, by name.
constexpr std::string_view kFields = R"sql(
SELECT fl.field, fl.value, fl.source, fl.line, fl.column, t.dbf
FROM fields fl
LEFT JOIN type_fields t ON t.definitions = ?2 AND t.type = ?3 AND t.field = fl.field
WHERE fl.record_id = ?1
ORDER BY t.seq IS NULL, t.seq, fl.field)sql";

constexpr std::string_view kDefaults = R"sql(
SELECT t.field, t.initial, t.dbf, t.prompt FROM type_fields t
WHERE t.definitions = ?2 AND t.type = ?3
  AND t.field NOT IN (SELECT field FROM fields WHERE record_id = ?1)
ORDER BY t.seq)sql";

// aliases_by_ioc narrows the search to the record's IOC.
constexpr std::string_view kAliases = R"sql(
SELECT name, source, line, column FROM aliases
WHERE ioc_id = ?2 AND record_id = ?1 ORDER BY name)sql";

constexpr std::string_view kInfos = R"sql(
SELECT name, value, source, line, column FROM infos WHERE record_id = ?1 ORDER BY name)sql";

// Lint's findings as the facility sees them (the findings view: a link to a record another
// IOC defines is not one).
constexpr std::string_view kFindings = R"sql(
SELECT 'lint', severity, code, message, file, line, column, detail FROM findings
WHERE record_id = ?1 ORDER BY seq)sql";

void writeFindings(JsonOut& json, Reader& index, std::int64_t recordId) {
    json.startArray();
    Query q = index.query(kFindings);
    q.bind(1, recordId);
    while (q.next()) {
        json.startObject();
        json.member("kind", q.text(0));
        json.member("severity", q.text(1));
        json.member("code", q.text(2));
        json.member("message", q.text(3));
        json.key("file");
        q.isNull(4) ? json.null() : json.string(q.text(4));
        json.member("line", q.integer(5));
        json.member("column", q.integer(6));
        json.key("detail").embed(q.text(7));
        json.endObject();
    }
    json.endArray();
}
} // namespace

std::string recordJson(ApiContext& context, const std::string& name, const Parameters& parameters) {
    parameters.allowOnly({"defaults", "ioc"});
    const bool defaults = parameters.flag("defaults");
    const RecordLookup record = RecordLookup::find(context.index, name, parameters.text("ioc"));
    StatementSources sources(context);

    JsonOut json;
    json.startObject();
    json.member("name", record.name);
    json.member("alias", record.alias);
    json.member("type", record.type);
    json.member("ioc", record.ioc);
    json.key("also_in").startArray();
    for (const std::string& ioc : record.alsoIn)
        json.string(ioc);
    json.endArray();
    const StatementSources::Source* definedIn = sources.find(record.iocId, record.source);
    json.key("defined_at");
    sources.writePlace(json, definedIn, record.line, record.column);
    json.key("chain");
    if (definedIn)
        json.embed(definedIn->chain);
    else
        json.startArray().endArray();

    json.key("fields").startArray();
    {
        Query q = context.index.query(kFields);
        q.bind(1, record.id).bind(2, record.definitions.value_or(-1));
        q.bind(3, std::string_view(record.type));
        while (q.next()) {
            json.startObject();
            json.member("name", q.text(0));
            json.member("value", q.text(1));
            json.key("dbf");
            q.isNull(5) ? json.null() : json.string(q.text(5));
            sources.writeProvenance(json, "set_by",
                                    sources.find(record.iocId, optionalSource(q, 2)), q.integer(3),
                                    q.integer(4));
            json.endObject();
        }
    }
    json.endArray();

    if (defaults) {
        json.key("defaults").startArray();
        Query q = context.index.query(kDefaults);
        q.bind(1, record.id).bind(2, record.definitions.value_or(-1));
        q.bind(3, std::string_view(record.type));
        while (q.next()) {
            json.startObject();
            json.member("name", q.text(0));
            json.member("value", q.text(1));
            json.member("dbf", q.text(2));
            json.member("prompt", q.text(3));
            json.endObject();
        }
        json.endArray();
    }

    json.key("aliases").startArray();
    {
        Query q = context.index.query(kAliases);
        q.bind(1, record.id).bind(2, record.iocId);
        while (q.next()) {
            json.startObject();
            json.member("name", q.text(0));
            json.key("defined_at");
            sources.writePlace(json, sources.find(record.iocId, optionalSource(q, 1)), q.integer(2),
                               q.integer(3));
            json.endObject();
        }
    }
    json.endArray();

    json.key("infos").startArray();
    {
        Query q = context.index.query(kInfos);
        q.bind(1, record.id);
        while (q.next()) {
            json.startObject();
            json.member("name", q.text(0));
            json.member("value", q.text(1));
            json.key("defined_at");
            sources.writePlace(json, sources.find(record.iocId, optionalSource(q, 2)), q.integer(3),
                               q.integer(4));
            json.endObject();
        }
    }
    json.endArray();

    json.key("findings");
    writeFindings(json, context.index, record.id);
    json.endObject();
    return json.take();
}

} // namespace epicsdb::service
