#include "RecordLookup.hpp"

#include "ApiError.hpp"

namespace epicsdb::service {

namespace {
constexpr std::string_view kByName = R"sql(
SELECT r.id, r.name, n.alias, r.type, i.id, i.name, i.definitions, r.source, r.line, r.column
FROM names n JOIN records r ON r.id = n.record_id JOIN iocs i ON i.id = n.ioc_id
WHERE n.name = ?1
ORDER BY i.name, n.alias)sql";

constexpr std::size_t kMaxNameLength = 1024;
} // namespace

RecordLookup RecordLookup::find(Reader& index, const std::string& name,
                                const std::optional<std::string>& ioc) {
    if (name.size() > kMaxNameLength)
        throw badRequest("a record name longer than " + std::to_string(kMaxNameLength) + " bytes");
    std::optional<RecordLookup> chosen;
    std::vector<std::string> iocs;
    Query q = index.query(kByName);
    q.bind(1, std::string_view(name));
    while (q.next()) {
        const std::string_view iocName = q.text(5);
        if (iocs.empty() || iocs.back() != iocName) iocs.emplace_back(iocName);
        if (chosen || (ioc && *ioc != iocName)) continue;
        RecordLookup& found = chosen.emplace();
        found.id = q.integer(0);
        found.name = q.text(1);
        if (q.integer(2) != 0) found.alias = name;
        found.type = q.text(3);
        found.iocId = q.integer(4);
        found.ioc = iocName;
        if (!q.isNull(6)) found.definitions = q.integer(6);
        if (!q.isNull(7)) found.source = q.integer(7);
        found.line = q.integer(8);
        found.column = q.integer(9);
    }
    if (!chosen) {
        if (ioc && !iocs.empty())
            throw notFound("IOC '" + *ioc + "' defines no record or alias '" + name + "'");
        throw notFound("no record or alias '" + name + "' in the facility");
    }
    for (std::string& other : iocs)
        if (other != chosen->ioc) chosen->alsoIn.push_back(std::move(other));
    return std::move(*chosen);
}

} // namespace epicsdb::service
