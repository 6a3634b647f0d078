// GET /api/v1/records?match=GLOB&ioc=&type=&limit=&offset=: the names (records and aliases)
// that match, each with its record, type and IOC, in name order; and how many match in all.
#include "ApiError.hpp"
#include "Endpoints.hpp"
#include "NameGlob.hpp"
#include "Page.hpp"

namespace epicsdb::service {

namespace {
// The range on n.name lets SQLite read only the names of the prefix, from records_by_name and
// aliases_by_name (the names view is their union); GLOB then does the rest. A glob without a
// prefix end (no prefix) has a range open above: ?2 is NULL.
constexpr std::string_view kPageBounded = R"sql(
SELECT n.name, r.name, n.alias, r.type, i.name
FROM names n JOIN records r ON r.id = n.record_id JOIN iocs i ON i.id = n.ioc_id
WHERE n.name >= ?1 AND n.name < ?2 AND n.name GLOB ?3
  AND (?4 IS NULL OR i.name = ?4) AND (?5 IS NULL OR r.type = ?5)
ORDER BY n.name, i.name LIMIT ?6 OFFSET ?7)sql";
constexpr std::string_view kPageOpen = R"sql(
SELECT n.name, r.name, n.alias, r.type, i.name
FROM names n JOIN records r ON r.id = n.record_id JOIN iocs i ON i.id = n.ioc_id
WHERE n.name >= ?1 AND ?2 IS NULL AND n.name GLOB ?3
  AND (?4 IS NULL OR i.name = ?4) AND (?5 IS NULL OR r.type = ?5)
ORDER BY n.name, i.name LIMIT ?6 OFFSET ?7)sql";
constexpr std::string_view kCountBounded = R"sql(
SELECT count(*)
FROM names n JOIN records r ON r.id = n.record_id JOIN iocs i ON i.id = n.ioc_id
WHERE n.name >= ?1 AND n.name < ?2 AND n.name GLOB ?3
  AND (?4 IS NULL OR i.name = ?4) AND (?5 IS NULL OR r.type = ?5))sql";
constexpr std::string_view kCountOpen = R"sql(
SELECT count(*)
FROM names n JOIN records r ON r.id = n.record_id JOIN iocs i ON i.id = n.ioc_id
WHERE n.name >= ?1 AND ?2 IS NULL AND n.name GLOB ?3
  AND (?4 IS NULL OR i.name = ?4) AND (?5 IS NULL OR r.type = ?5))sql";

void bindFilter(Query& q, const NameGlob& glob, const std::optional<std::string>& ioc,
                const std::optional<std::string>& type) {
    q.bind(1, std::string_view(glob.lowest))
        .bind(2, glob.beyond)
        .bind(3, std::string_view(glob.pattern));
    q.bind(4, ioc).bind(5, type);
}
} // namespace

std::string recordListJson(ApiContext& context, const Parameters& parameters) {
    parameters.allowOnly({"match", "ioc", "type", "limit", "offset"});
    const NameGlob glob =
        NameGlob::parse(parameters.text("match", kMaxGlobLength * 4).value_or("*"));
    const auto ioc = parameters.text("ioc");
    const auto type = parameters.text("type");
    const Page page = Page::of(parameters);
    const bool bounded = glob.beyond.has_value();

    std::int64_t total = 0;
    {
        Query q = context.index.query(bounded ? kCountBounded : kCountOpen);
        bindFilter(q, glob, ioc, type);
        if (q.next()) total = q.integer(0);
    }
    JsonOut json;
    json.startObject();
    json.member("match", glob.pattern);
    page.writeMembers(json, total);
    json.key("records").startArray();
    Query q = context.index.query(bounded ? kPageBounded : kPageOpen);
    bindFilter(q, glob, ioc, type);
    q.bind(6, page.limit).bind(7, page.offset);
    while (q.next()) {
        json.startObject();
        json.member("name", q.text(0));
        json.member("record", q.text(1));
        json.member("alias", q.integer(2) != 0);
        json.member("type", q.text(3));
        json.member("ioc", q.text(4));
        json.endObject();
    }
    json.endArray();
    json.endObject();
    return json.take();
}

} // namespace epicsdb::service
