// GET /api/v1/files?path=P[&from=N&to=M]: the text of a file the index read (its path as the
// index keeps it: relative to the facility file's folder, or absolute outside it), whole or
// lines N to M, and the IOCs that read it. Only the index is read, never the disk: a path the
// index does not hold (../../etc/passwd) is not found, whatever it names.
#include "ApiError.hpp"
#include "Endpoints.hpp"
#include "JsonOut.hpp"

namespace epicsdb::service {

namespace {
constexpr std::string_view kFile = "SELECT id, hash, size FROM files WHERE path = ?1";

constexpr std::string_view kReaders = R"sql(
SELECT i.name FROM ioc_files x JOIN iocs i ON i.id = x.ioc_id WHERE x.file_id = ?1
ORDER BY i.name)sql";

constexpr std::size_t kMaxPathLength = 4096;
constexpr std::int64_t kMaxLine = 1'000'000'000;
} // namespace

std::string fileJson(ApiContext& context, const Parameters& parameters) {
    parameters.allowOnly({"path", "from", "to"});
    const auto path = parameters.text("path", kMaxPathLength);
    if (!path || path->empty()) throw badRequest("path is missing (a file the index read)");
    const auto from = parameters.integer("from", 1, kMaxLine);
    const auto to = parameters.integer("to", 1, kMaxLine);
    if (from && to && *to < *from) throw badRequest("to must not be less than from");

    Query file = context.index.query(kFile);
    file.bind(1, std::string_view(*path));
    if (!file.next()) throw notFound("the index read no file '" + *path + "'");
    const std::int64_t id = file.integer(0);
    const std::string hash(file.text(1));

    JsonOut json;
    json.startObject();
    json.member("path", *path);
    json.member("hash", hash);
    json.member("size", file.integer(2));
    json.key("iocs").startArray();
    {
        Query q = context.index.query(kReaders);
        q.bind(1, id);
        while (q.next())
            json.string(q.text(0));
    }
    json.endArray();
    if (from || to) {
        const std::int64_t first = from.value_or(1);
        const std::int64_t last = to.value_or(kMaxLine);
        json.member("from", first);
        json.member("text", context.lines.lines(context.index, id, hash, first, last));
    } else {
        std::string text;
        const TextBlob blob = context.index.fileText(id);
        blob.read(0, blob.size(), text);
        json.member("from", 1);
        json.member("text", text);
    }
    json.endObject();
    return json.take();
}

} // namespace epicsdb::service
