// The facility file, read with toml++ (header-only, without exceptions, as the lsp layer reads
// its project file). Globs are expanded with POSIX glob(3), sorted, so IOCs come in a stable
// order.
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#include <toml++/toml.h>

#include <epicsdb/facility/FacilityFile.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <glob.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;

namespace epicsdb::facility {

namespace {

constexpr std::string_view kFacilityKeys[] = {"name", "dbd", "env"};
constexpr std::string_view kIocKeys[] = {"name", "startup", "dbd", "env"};

class Reader {
public:
    Reader(std::string file, std::string root, std::vector<Diagnostic>& problems)
        : file_(std::move(file)), root_(std::move(root)), problems_(problems) {}

    SourceLocation at(const toml::node& node) const {
        const toml::source_region& where = node.source();
        return {file_, static_cast<unsigned>(where.begin.line),
                static_cast<unsigned>(where.begin.column)};
    }

    void problem(const toml::node& node, std::string message, Severity severity = Severity::Error,
                 std::string code = "facility-entry") {
        Diagnostic d;
        d.severity = severity;
        d.code = std::move(code);
        d.message = std::move(message);
        d.location = at(node);
        problems_.push_back(std::move(d));
    }

    void unknownKeys(const toml::table& table, std::span<const std::string_view> known,
                     std::string_view where) {
        for (const auto& [key, node] : table)
            if (std::find(known.begin(), known.end(), key.str()) == known.end())
                problem(node,
                        "unknown key '" + std::string(key.str()) + "' in " + std::string(where),
                        Severity::Warning, "facility-key");
    }

    std::string resolve(std::string_view path) const {
        fs::path p(path);
        if (p.is_relative()) p = fs::path(root_) / p;
        return p.lexically_normal().string();
    }

    // A string or an array of strings; false (with a problem) for anything else.
    bool paths(const toml::table& table, std::string_view key, std::vector<std::string>& out) {
        const toml::node* node = table.get(key);
        if (!node) return true;
        if (const auto* one = node->as_string()) {
            out.push_back(resolve(one->get()));
            return true;
        }
        const auto* many = node->as_array();
        if (!many) {
            problem(*node, "'" + std::string(key) + "' must be a string or an array of strings");
            return false;
        }
        for (const toml::node& item : *many) {
            const auto* text = item.as_string();
            if (!text) {
                problem(item, "'" + std::string(key) + "' must hold strings only");
                return false;
            }
            out.push_back(resolve(text->get()));
        }
        return true;
    }

    bool environment(const toml::table& table, std::map<std::string, std::string>& out) {
        const toml::node* node = table.get("env");
        if (!node) return true;
        const auto* values = node->as_table();
        if (!values) {
            problem(*node, "'env' must be a table of NAME = \"value\"");
            return false;
        }
        for (const auto& [name, value] : *values) {
            const auto* text = value.as_string();
            if (!text) {
                problem(value,
                        "environment variable '" + std::string(name.str()) + "' must be a string");
                return false;
            }
            out[std::string(name.str())] = text->get();
        }
        return true;
    }

private:
    std::string file_;
    std::string root_;
    std::vector<Diagnostic>& problems_;
};

std::vector<std::string> globMatches(const std::string& pattern) {
    std::vector<std::string> found;
    glob_t matches{};
    if (::glob(pattern.c_str(), GLOB_NOSORT, nullptr, &matches) == 0)
        for (std::size_t i = 0; i < matches.gl_pathc; ++i)
            found.emplace_back(matches.gl_pathv[i]);
    ::globfree(&matches);
    std::sort(found.begin(), found.end());
    return found;
}

bool hasGlob(std::string_view path) {
    return path.find_first_of("*?[") != std::string_view::npos;
}

} // namespace

std::string IocEntry::fingerprint() const {
    std::string text = "startup=" + startup + "\n";
    for (const std::string& file : definitions)
        text += "dbd=" + file + "\n";
    for (const auto& [name, value] : environment)
        text += "env:" + name + "=" + value + "\n";
    return text;
}

std::optional<Facility> readFacilityFile(std::string_view path, DiagnosticSink& sink) {
    Facility facility;
    std::error_code error;
    const fs::path absolute = fs::absolute(fs::path(path), error).lexically_normal();
    facility.file = absolute.string();
    facility.root = absolute.parent_path().string();
    const std::string shown(path);

    std::ifstream in(facility.file, std::ios::binary);
    if (!in) {
        sink.report({Severity::Error,
                     "facility-file",
                     "cannot read the facility file: " + std::string(std::strerror(errno)),
                     {shown, 0, 0},
                     {},
                     {},
                     {},
                     {},
                     {}});
        return std::nullopt;
    }
    std::ostringstream text;
    text << in.rdbuf();
    toml::parse_result parsed = toml::parse(text.str(), shown);
    if (!parsed) {
        const toml::parse_error& failure = parsed.error();
        sink.report({Severity::Error,
                     "facility-file",
                     "not a valid TOML file: " + std::string(failure.description()),
                     {shown, static_cast<unsigned>(failure.source().begin.line),
                      static_cast<unsigned>(failure.source().begin.column)},
                     {},
                     {},
                     {},
                     {},
                     {}});
        return std::nullopt;
    }
    const toml::table& top = parsed.table();
    Reader reader(shown, facility.root, facility.problems);
    for (const auto& [key, node] : top)
        if (key.str() != "facility" && key.str() != "ioc")
            reader.problem(node, "unknown table '" + std::string(key.str()) + "'",
                           Severity::Warning, "facility-key");

    std::vector<std::string> definitions;
    std::map<std::string, std::string> environment;
    facility.name = absolute.stem().string();
    if (const toml::node* node = top.get("facility")) {
        if (const toml::table* table = node->as_table()) {
            reader.unknownKeys(*table, kFacilityKeys, "[facility]");
            if (const toml::node* name = table->get("name")) {
                if (const auto* text = name->as_string())
                    facility.name = text->get();
                else
                    reader.problem(*name, "'name' must be a string");
            }
            reader.paths(*table, "dbd", definitions);
            reader.environment(*table, environment);
        } else {
            reader.problem(*node, "[facility] must be a table");
        }
    }

    const toml::node* iocs = top.get("ioc");
    const toml::array* entries = iocs ? iocs->as_array() : nullptr;
    if (iocs && !entries) reader.problem(*iocs, "'ioc' must be an array of tables: [[ioc]]");
    std::set<std::string, std::less<>> names;
    auto add = [&](IocEntry entry, const toml::node& where) {
        if (!names.insert(entry.name).second) {
            reader.problem(where, "IOC '" + entry.name + "' is named twice; this one is left out");
            return;
        }
        facility.iocs.push_back(std::move(entry));
    };
    if (entries) {
        for (const toml::node& item : *entries) {
            const toml::table* table = item.as_table();
            if (!table) {
                reader.problem(item, "each [[ioc]] must be a table");
                continue;
            }
            reader.unknownKeys(*table, kIocKeys, "[[ioc]]");
            const toml::node* startup = table->get("startup");
            const auto* script = startup ? startup->as_string() : nullptr;
            if (!script) {
                reader.problem(startup ? *startup : item,
                               "an [[ioc]] needs 'startup', the path (or glob) of its st.cmd");
                continue;
            }
            IocEntry entry;
            entry.where = reader.at(item);
            entry.definitions = definitions;
            if (table->get("dbd")) {
                entry.definitions.clear();
                if (!reader.paths(*table, "dbd", entry.definitions)) continue;
            }
            entry.environment = environment;
            if (!reader.environment(*table, entry.environment)) continue;
            std::string name;
            if (const toml::node* given = table->get("name")) {
                if (const auto* text = given->as_string()) {
                    name = text->get();
                } else {
                    reader.problem(*given, "'name' must be a string");
                    continue;
                }
            }
            const std::string resolved = reader.resolve(script->get());
            if (!hasGlob(script->get())) {
                entry.startup = resolved;
                entry.name =
                    name.empty() ? fs::path(resolved).parent_path().filename().string() : name;
                add(std::move(entry), item);
                continue;
            }
            const std::vector<std::string> matches = globMatches(resolved);
            if (matches.empty())
                reader.problem(*startup, "'" + std::string(script->get()) + "' matches no file",
                               Severity::Warning, "facility-glob");
            if (!name.empty() && matches.size() > 1) {
                reader.problem(*startup,
                               "'name' is given, but '" + std::string(script->get()) +
                                   "' matches " + std::to_string(matches.size()) +
                                   " files: each is named after its folder",
                               Severity::Warning, "facility-entry");
                name.clear();
            }
            for (const std::string& match : matches) {
                IocEntry one = entry;
                one.startup = match;
                one.name = name.empty() ? fs::path(match).parent_path().filename().string() : name;
                add(std::move(one), item);
            }
        }
    }
    return facility;
}

} // namespace epicsdb::facility
