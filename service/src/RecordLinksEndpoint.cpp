// GET /api/v1/records/{name}/links[?ioc=NAME]: the record's links out (field, target, target
// field, modifiers, the IOC the target resolves to or external) and the links into it from
// any IOC of the facility (to its name or an alias, resolved to its IOC).
#include "Endpoints.hpp"
#include "JsonOut.hpp"
#include "RecordLookup.hpp"

namespace epicsdb::service {

namespace {
constexpr std::string_view kOut = R"sql(
SELECT l.field, l.target, l.target_field, l.modifiers, l.target_ioc_id, ti.name
FROM resolved_links l LEFT JOIN iocs ti ON ti.id = l.target_ioc_id
WHERE l.record_id = ?1 ORDER BY l.field)sql";

constexpr std::string_view kNames = R"sql(
SELECT ?1 UNION ALL
SELECT name FROM aliases WHERE ioc_id = ?2 AND record_id = ?3)sql";

// links_by_target finds them; only those that resolve to this record's IOC link to it.
constexpr std::string_view kIn = R"sql(
SELECT r.name, i.name, l.field, l.target, l.target_field, l.modifiers
FROM resolved_links l JOIN records r ON r.id = l.record_id JOIN iocs i ON i.id = l.ioc_id
WHERE l.target = ?1 AND l.target_ioc_id = ?2
ORDER BY i.name, r.name, l.field LIMIT ?3)sql";
} // namespace

std::string recordLinksJson(ApiContext& context, const std::string& name,
                            const Parameters& parameters) {
    parameters.allowOnly({"ioc"});
    const RecordLookup record = RecordLookup::find(context.index, name, parameters.text("ioc"));

    JsonOut json;
    json.startObject();
    json.member("name", record.name);
    json.member("alias", record.alias);
    json.member("ioc", record.ioc);
    json.key("out").startArray();
    {
        Query q = context.index.query(kOut);
        q.bind(1, record.id);
        while (q.next()) {
            json.startObject();
            json.member("field", q.text(0));
            json.member("target", q.text(1));
            json.member("target_field", q.text(2));
            json.member("modifiers", q.text(3));
            json.key("target_ioc");
            q.isNull(5) ? json.null() : json.string(q.text(5));
            json.member("external", q.isNull(4));
            json.endObject();
        }
    }
    json.endArray();

    std::vector<std::string> names;
    {
        Query q = context.index.query(kNames);
        q.bind(1, std::string_view(record.name)).bind(2, record.iocId).bind(3, record.id);
        while (q.next())
            names.emplace_back(q.text(0));
    }
    json.key("in").startArray();
    std::int64_t written = 0;
    bool truncated = false;
    for (const std::string& target : names) {
        Query q = context.index.query(kIn);
        q.bind(1, std::string_view(target)).bind(2, record.iocId).bind(3, kMaxLimit + 1 - written);
        while (q.next()) {
            if (written == kMaxLimit) {
                truncated = true;
                break;
            }
            ++written;
            json.startObject();
            json.member("record", q.text(0));
            json.member("ioc", q.text(1));
            json.member("field", q.text(2));
            json.member("target", q.text(3));
            json.member("target_field", q.text(4));
            json.member("modifiers", q.text(5));
            json.endObject();
        }
        if (truncated) break;
    }
    json.endArray();
    // More than kMaxLimit links in: the first kMaxLimit are listed.
    json.member("in_truncated", truncated);
    json.endObject();
    return json.take();
}

} // namespace epicsdb::service
