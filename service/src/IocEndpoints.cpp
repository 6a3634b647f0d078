// GET /api/v1/iocs and /api/v1/iocs/{name}: the facility's IOCs with their status (ok,
// failed, stale), failure, counts and when they were loaded; one IOC as `epicsdb ioc --format
// json` describes it (records, aliases, loads, commands not run, environment, scripts, the
// load's diagnostics) plus the same status members.
#include "ApiError.hpp"
#include "Endpoints.hpp"
#include "JsonOut.hpp"
#include "Page.hpp"

namespace epicsdb::service {

namespace {
constexpr std::string_view kIocPage = R"sql(
SELECT id, name, script, status, failure, generation, loaded_at, checked_at, ioc_init,
       records, aliases, errors, warnings, environment, scripts FROM iocs
ORDER BY name LIMIT ?1 OFFSET ?2)sql";

constexpr std::string_view kIocNamed = R"sql(
SELECT id, name, script, status, failure, generation, loaded_at, checked_at, ioc_init,
       records, aliases, errors, warnings, environment, scripts FROM iocs WHERE name = ?1)sql";

constexpr std::string_view kRecords = R"sql(
SELECT r.name, r.type, f.path, r.line
FROM records r LEFT JOIN sources s ON s.ioc_id = r.ioc_id AND s.seq = r.source
LEFT JOIN files f ON f.id = s.file_id
WHERE r.ioc_id = ?1 ORDER BY r.id LIMIT ?2 OFFSET ?3)sql";

constexpr std::string_view kAliases = R"sql(
SELECT a.name, r.name FROM aliases a JOIN records r ON r.id = a.record_id
WHERE a.ioc_id = ?1 ORDER BY a.rowid LIMIT ?2 OFFSET ?3)sql";

constexpr std::string_view kCounts = R"sql(
SELECT (SELECT count(*) FROM records WHERE ioc_id = ?1),
       (SELECT count(*) FROM aliases WHERE ioc_id = ?1),
       (SELECT count(*) FROM diagnostics WHERE ioc_id = ?1 AND kind = 'load'))sql";

constexpr std::string_view kLoads = R"sql(
SELECT command, file, macros, path, script, line, ok, records FROM loads
WHERE ioc_id = ?1 ORDER BY seq)sql";

constexpr std::string_view kSkipped = R"sql(
SELECT name, text, script, line, base FROM skipped WHERE ioc_id = ?1 ORDER BY seq)sql";

constexpr std::string_view kDiagnostics = R"sql(
SELECT detail FROM diagnostics WHERE ioc_id = ?1 AND kind = 'load' ORDER BY seq LIMIT ?2)sql";

// The members both answers give of an IOC (the columns of kIocPage and kIocNamed, from 1).
void writeStatusMembers(JsonOut& json, const Query& q) {
    json.member("name", q.text(1));
    json.member("script", q.text(2));
    json.member("status", q.text(3));
    json.key("failure");
    q.isNull(4) ? json.null() : json.string(q.text(4));
    json.member("generation", q.integer(5));
    json.key("loaded_at");
    q.isNull(6) ? json.null() : json.string(q.text(6));
    json.member("checked_at", q.text(7));
    json.member("iocInit", q.integer(8) != 0);
    json.member("errors", q.integer(11));
    json.member("warnings", q.integer(12));
}

// {"file", "line"}, as `epicsdb ioc` writes a script line's place (empty and 0 when unknown).
void writeScriptLocation(JsonOut& json, const Query& q, int fileColumn, int lineColumn) {
    json.key("location").startObject();
    json.member("file", q.text(fileColumn));
    json.member("line", q.integer(lineColumn));
    json.endObject();
}
} // namespace

std::string iocListJson(ApiContext& context, const Parameters& parameters) {
    parameters.allowOnly({"limit", "offset"});
    const Page page = Page::of(parameters, kMaxLimit);
    std::int64_t total = 0;
    {
        Query q = context.index.query("SELECT count(*) FROM iocs");
        if (q.next()) total = q.integer(0);
    }
    JsonOut json;
    json.startObject();
    page.writeMembers(json, total);
    json.key("iocs").startArray();
    Query q = context.index.query(kIocPage);
    q.bind(1, page.limit).bind(2, page.offset);
    while (q.next()) {
        json.startObject();
        writeStatusMembers(json, q);
        json.member("records", q.integer(9));
        json.member("aliases", q.integer(10));
        json.endObject();
    }
    json.endArray();
    json.endObject();
    return json.take();
}

std::string iocJson(ApiContext& context, const std::string& name, const Parameters& parameters) {
    parameters.allowOnly({"limit", "offset"});
    const Page page = Page::of(parameters, kMaxLimit);
    Query ioc = context.index.query(kIocNamed);
    ioc.bind(1, std::string_view(name));
    if (!ioc.next()) throw notFound("no IOC named '" + name + "' in the facility");
    const std::int64_t id = ioc.integer(0);
    std::int64_t records = 0, aliases = 0, diagnostics = 0;
    {
        Query q = context.index.query(kCounts);
        q.bind(1, id);
        if (q.next()) {
            records = q.integer(0);
            aliases = q.integer(1);
            diagnostics = q.integer(2);
        }
    }

    JsonOut json;
    json.startObject();
    writeStatusMembers(json, ioc);
    json.member("limit", page.limit).member("offset", page.offset);
    json.member("records_total", records);
    json.key("records").startArray();
    {
        Query q = context.index.query(kRecords);
        q.bind(1, id).bind(2, page.limit).bind(3, page.offset);
        while (q.next()) {
            json.startObject();
            json.member("name", q.text(0));
            json.member("type", q.text(1));
            if (!q.isNull(2)) writeScriptLocation(json, q, 2, 3);
            json.endObject();
        }
    }
    json.endArray();
    json.member("aliases_total", aliases);
    json.key("aliases").startArray();
    {
        Query q = context.index.query(kAliases);
        q.bind(1, id).bind(2, page.limit).bind(3, page.offset);
        while (q.next())
            json.startObject().member("name", q.text(0)).member("record", q.text(1)).endObject();
    }
    json.endArray();
    json.key("loads").startArray();
    {
        Query q = context.index.query(kLoads);
        q.bind(1, id);
        while (q.next()) {
            json.startObject();
            json.member("command", q.text(0));
            json.member("file", q.text(1));
            json.member("macros", q.text(2));
            json.member("path", q.text(3));
            writeScriptLocation(json, q, 4, 5);
            json.member("ok", q.integer(6) != 0);
            json.member("records", q.integer(7));
            json.endObject();
        }
    }
    json.endArray();
    json.key("skipped").startArray();
    {
        Query q = context.index.query(kSkipped);
        q.bind(1, id);
        while (q.next()) {
            json.startObject();
            json.member("name", q.text(0));
            json.member("line", q.text(1));
            writeScriptLocation(json, q, 2, 3);
            json.member("base", q.integer(4) != 0);
            json.endObject();
        }
    }
    json.endArray();
    json.key("environment").embed(ioc.text(13));
    json.key("scripts").embed(ioc.text(14));
    json.member("diagnostics_total", diagnostics);
    json.key("diagnostics").startArray();
    {
        Query q = context.index.query(kDiagnostics);
        q.bind(1, id).bind(2, kMaxLimit);
        while (q.next())
            json.embed(q.text(0));
    }
    json.endArray();
    json.endObject();
    return json.take();
}

} // namespace epicsdb::service
