// GET /api/v1/status: the facility, its IOCs by status, records, the index's generation and
// last update, whether an update is pending, and the facility file's problems.
#include "Endpoints.hpp"
#include "JsonOut.hpp"

#include <epicsdb/loaders/DiagnosticJson.hpp>

#include <rapidjson/document.h>

#include <cstdlib>
#include <map>

namespace epicsdb::service {

std::string statusJson(ApiContext& context, const Parameters& parameters) {
    parameters.allowOnly({});
    std::map<std::string, std::string, std::less<>> meta;
    {
        Query q = context.index.query("SELECT key, value FROM meta");
        while (q.next())
            meta.emplace(q.text(0), q.text(1));
    }
    auto metaText = [&](std::string_view key) -> std::optional<std::string> {
        const auto found = meta.find(key);
        if (found == meta.end()) return std::nullopt;
        return found->second;
    };

    JsonOut json;
    json.startObject();
    json.member("facility", metaText("facility").value_or(""));
    json.member("facility_file", context.facilityFile);
    json.member("index_file", context.indexFile);
    json.member("schema", facility::kSchemaVersion);
    json.member("version", context.version);
    std::int64_t generation = 0;
    if (const auto text = metaText("generation")) generation = std::atoll(text->c_str());
    json.member("generation", generation);
    json.member("updated", metaText("updated"));

    std::map<std::string, std::int64_t, std::less<>> byStatus{
        {"ok", 0}, {"failed", 0}, {"stale", 0}};
    std::int64_t total = 0;
    {
        Query q = context.index.query("SELECT status, count(*) FROM iocs GROUP BY status");
        while (q.next()) {
            byStatus[std::string(q.text(0))] = q.integer(1);
            total += q.integer(1);
        }
    }
    json.key("iocs").startObject().member("total", total);
    for (const auto& [status, count] : byStatus)
        json.member(status, count);
    json.endObject();
    {
        Query q = context.index.query("SELECT (SELECT count(*) FROM records), "
                                      "(SELECT count(*) FROM aliases)");
        if (q.next()) json.member("records", q.integer(0)).member("aliases", q.integer(1));
    }

    const UpdateState::Snapshot state = context.state.snapshot();
    json.member("updates_pending", state.pending);
    json.member("updating", state.updating);
    json.member("last_update_started", state.lastStarted);
    json.member("last_update_finished", state.lastFinished);
    json.member("update_error", state.lastError);
    // The problems the last update wrote (a file it could read), then those of a file it could
    // not read at all.
    json.key("problems").startArray();
    if (const auto problems = metaText("problems")) {
        rapidjson::Document document;
        document.Parse(problems->data(), problems->size());
        if (!document.HasParseError() && document.IsArray())
            for (const rapidjson::Value& problem : document.GetArray())
                json.value(problem);
    }
    for (const Diagnostic& problem : state.facilityProblems)
        json.embed(loaders::diagnosticJson(problem));
    json.endArray();
    json.endObject();
    return json.take();
}

} // namespace epicsdb::service
