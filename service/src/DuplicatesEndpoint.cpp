// GET /api/v1/duplicates?limit=&offset=: the names (of records and aliases) that more than one
// IOC defines, in name order, each with the IOCs and what the name is in each.
#include "Endpoints.hpp"
#include "JsonOut.hpp"
#include "Page.hpp"

namespace epicsdb::service {

namespace {
constexpr std::string_view kCount = R"sql(
SELECT count(*) FROM (SELECT name FROM names GROUP BY name HAVING count(DISTINCT ioc_id) > 1))sql";

constexpr std::string_view kPage = R"sql(
SELECT name FROM names GROUP BY name HAVING count(DISTINCT ioc_id) > 1
ORDER BY name LIMIT ?1 OFFSET ?2)sql";

constexpr std::string_view kDefiners = R"sql(
SELECT i.name, r.name, n.alias, r.type
FROM names n JOIN records r ON r.id = n.record_id JOIN iocs i ON i.id = n.ioc_id
WHERE n.name = ?1 ORDER BY i.name, n.alias)sql";
} // namespace

std::string duplicatesJson(ApiContext& context, const Parameters& parameters) {
    parameters.allowOnly({"limit", "offset"});
    const Page page = Page::of(parameters);
    std::int64_t total = 0;
    {
        Query q = context.index.query(kCount);
        if (q.next()) total = q.integer(0);
    }
    JsonOut json;
    json.startObject();
    page.writeMembers(json, total);
    json.key("duplicates").startArray();
    Query names = context.index.query(kPage);
    names.bind(1, page.limit).bind(2, page.offset);
    while (names.next()) {
        const std::string name(names.text(0));
        json.startObject();
        json.member("name", name);
        json.key("iocs").startArray();
        Query q = context.index.query(kDefiners);
        q.bind(1, std::string_view(name));
        while (q.next()) {
            json.startObject();
            json.member("ioc", q.text(0));
            json.member("record", q.text(1));
            json.member("alias", q.integer(2) != 0);
            json.member("type", q.text(3));
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }
    json.endArray();
    json.endObject();
    return json.take();
}

} // namespace epicsdb::service
