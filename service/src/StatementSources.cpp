#include "StatementSources.hpp"

#include <epicsdb/macLib/ReferenceSearch.hpp>

#include <algorithm>
#include <vector>

namespace epicsdb::service {

namespace {
constexpr std::string_view kSourceQuery = R"sql(
SELECT s.file_id, f.path, f.hash, s.chain, s.macros
FROM sources s JOIN files f ON f.id = s.file_id WHERE s.ioc_id = ?1 AND s.seq = ?2)sql";

std::string_view trimmed(std::string_view text) {
    const std::size_t first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

// From `text`'s start to the ')' that closes its first '(' (quoted text skipped), or all of
// it when none does on this line.
std::string_view upToClosingParenthesis(std::string_view text) {
    int depth = 0;
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (quoted) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                quoted = false;
        } else if (c == '"') {
            quoted = true;
        } else if (c == '(') {
            ++depth;
        } else if (c == ')' && --depth == 0) {
            return text.substr(0, i + 1);
        }
    }
    return text;
}

// The names `text` refers to, outer references and those inside their names and defaults,
// each once, in order.
void collectNames(std::string_view text, std::vector<std::string>& names, int depth = 0) {
    if (depth > 8) return; // nesting deeper than anyone writes: not worth following
    for (const maclib::Reference& reference : maclib::scanReferences(text)) {
        if (reference.name.find('$') == std::string_view::npos) {
            if (std::find(names.begin(), names.end(), reference.name) == names.end())
                names.emplace_back(reference.name);
        } else {
            collectNames(reference.name, names, depth + 1);
        }
        if (reference.defaultText) collectNames(*reference.defaultText, names, depth + 1);
    }
}
} // namespace

const StatementSources::Source* StatementSources::find(std::int64_t iocId,
                                                       std::optional<std::int64_t> seq) {
    if (!seq) return nullptr;
    const std::pair key{iocId, *seq};
    if (auto found = sources_.find(key); found != sources_.end()) return found->second.get();
    std::unique_ptr<Source> source;
    Query q = context_.index.query(kSourceQuery);
    q.bind(1, iocId).bind(2, *seq);
    if (q.next()) {
        source = std::make_unique<Source>();
        source->fileId = q.integer(0);
        source->path = q.text(1);
        source->hash = q.text(2);
        source->chain = q.text(3);
        const std::string_view macros = q.text(4);
        source->macros.Parse(macros.data(), macros.size());
    }
    return sources_.emplace(key, std::move(source)).first->second.get();
}

std::string StatementSources::statementText(const Source& source, std::int64_t line,
                                            std::int64_t column) {
    if (line <= 0) return {};
    const std::string text = context_.lines.line(context_.index, source.fileId, source.hash,
                                                 static_cast<std::uint64_t>(line));
    const std::string_view view = text;
    if (column <= 0 || static_cast<std::size_t>(column) > view.size())
        return std::string(trimmed(view));
    return std::string(trimmed(upToClosingParenthesis(view.substr(column - 1))));
}

void StatementSources::writePlace(JsonOut& json, const Source* source, std::int64_t line,
                                  std::int64_t column) {
    if (!source) {
        json.null();
        return;
    }
    writePlace(json, *source, line, column, statementText(*source, line, column));
}

void StatementSources::writePlace(JsonOut& json, const Source& source, std::int64_t line,
                                  std::int64_t column, std::string_view text) {
    json.startObject();
    json.member("file", source.path);
    json.member("line", line);
    json.member("column", column);
    json.member("text", text);
    json.endObject();
}

void StatementSources::writeProvenance(JsonOut& json, std::string_view placeKey,
                                       const Source* source, std::int64_t line,
                                       std::int64_t column) {
    json.key(placeKey);
    if (!source) {
        json.null();
        json.key("macros").startArray().endArray();
        json.key("chain").startArray().endArray();
        return;
    }
    const std::string text = statementText(*source, line, column);
    writePlace(json, *source, line, column, text);
    json.key("macros");
    writeMacros(json, *source, text);
    json.key("chain").embed(source->chain);
}

void StatementSources::writeMacros(JsonOut& json, const Source& source, std::string_view text) {
    json.startArray();
    if (source.macros.IsArray()) {
        std::vector<std::string> names;
        collectNames(text, names);
        for (const std::string& name : names)
            for (const rapidjson::Value& entry : source.macros.GetArray()) {
                if (!entry.IsObject()) continue;
                const auto member = entry.FindMember("name");
                if (member == entry.MemberEnd() || !member->value.IsString() ||
                    std::string_view(member->value.GetString(), member->value.GetStringLength()) !=
                        name)
                    continue;
                json.value(entry);
                break;
            }
    }
    json.endArray();
}

} // namespace epicsdb::service
