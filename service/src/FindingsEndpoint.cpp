// GET /api/v1/findings?code=&ioc=&severity=&kind=&limit=&offset=: lint's findings across the
// facility (kind lint, the default: the findings view, where a link to a record another IOC
// defines is not one), or the errors and warnings of the IOCs' loads (kind load); by IOC, then
// in the order they were reported.
#include "ApiError.hpp"
#include "Endpoints.hpp"
#include "JsonOut.hpp"
#include "Page.hpp"

namespace epicsdb::service {

namespace {
// ?4 is the kind: the rows of the other kind drop out at once.
constexpr std::string_view kCount = R"sql(
WITH d AS (
    SELECT ioc_id, seq, 'lint' AS kind, record_id, severity, code, message, file, line, column,
           detail
    FROM findings WHERE ?4 = 'lint'
    UNION ALL
    SELECT ioc_id, seq, 'load', record_id, severity, code, message, file, line, column, detail
    FROM diagnostics WHERE ?4 = 'load' AND kind = 'load')
SELECT count(*) FROM d JOIN iocs i ON i.id = d.ioc_id
WHERE (?1 IS NULL OR d.code = ?1) AND (?2 IS NULL OR i.name = ?2)
  AND (?3 IS NULL OR d.severity = ?3))sql";

constexpr std::string_view kPage = R"sql(
WITH d AS (
    SELECT ioc_id, seq, 'lint' AS kind, record_id, severity, code, message, file, line, column,
           detail
    FROM findings WHERE ?4 = 'lint'
    UNION ALL
    SELECT ioc_id, seq, 'load', record_id, severity, code, message, file, line, column, detail
    FROM diagnostics WHERE ?4 = 'load' AND kind = 'load')
SELECT i.name, d.kind, d.severity, d.code, d.message, d.file, d.line, d.column, r.name, d.detail
FROM d JOIN iocs i ON i.id = d.ioc_id LEFT JOIN records r ON r.id = d.record_id
WHERE (?1 IS NULL OR d.code = ?1) AND (?2 IS NULL OR i.name = ?2)
  AND (?3 IS NULL OR d.severity = ?3)
ORDER BY i.name, d.seq LIMIT ?5 OFFSET ?6)sql";

std::optional<std::string> oneOf(const Parameters& parameters, std::string_view name,
                                 std::initializer_list<std::string_view> values) {
    auto value = parameters.text(name, 64);
    if (!value) return value;
    for (std::string_view allowed : values)
        if (*value == allowed) return value;
    std::string list;
    for (std::string_view allowed : values)
        list += (list.empty() ? "" : ", ") + std::string(allowed);
    throw badRequest(std::string(name) + " must be one of " + list);
}
} // namespace

std::string findingsJson(ApiContext& context, const Parameters& parameters) {
    parameters.allowOnly({"code", "ioc", "severity", "kind", "limit", "offset"});
    const auto code = parameters.text("code", 256);
    const auto ioc = parameters.text("ioc");
    const auto severity = oneOf(parameters, "severity", {"error", "warning", "note"});
    const std::string kind = oneOf(parameters, "kind", {"lint", "load"}).value_or("lint");
    const Page page = Page::of(parameters);
    auto bindFilter = [&](Query& q) {
        q.bind(1, code).bind(2, ioc).bind(3, severity).bind(4, std::string_view(kind));
    };

    std::int64_t total = 0;
    {
        Query q = context.index.query(kCount);
        bindFilter(q);
        if (q.next()) total = q.integer(0);
    }
    JsonOut json;
    json.startObject();
    page.writeMembers(json, total);
    json.key("findings").startArray();
    Query q = context.index.query(kPage);
    bindFilter(q);
    q.bind(5, page.limit).bind(6, page.offset);
    while (q.next()) {
        json.startObject();
        json.member("ioc", q.text(0));
        json.member("kind", q.text(1));
        json.member("severity", q.text(2));
        json.member("code", q.text(3));
        json.member("message", q.text(4));
        json.key("file");
        q.isNull(5) ? json.null() : json.string(q.text(5));
        json.member("line", q.integer(6));
        json.member("column", q.integer(7));
        json.key("record");
        q.isNull(8) ? json.null() : json.string(q.text(8));
        json.key("detail").embed(q.text(9));
        json.endObject();
    }
    json.endArray();
    json.endObject();
    return json.take();
}

} // namespace epicsdb::service
