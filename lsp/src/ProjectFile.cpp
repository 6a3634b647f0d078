#include "ProjectFile.hpp"

#include "Uri.hpp"

#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#include <toml++/toml.h>

#include <fstream>
#include <sstream>

namespace epicsdb::lsp {

namespace {
std::string inRoot(const std::string& root, std::string_view path) {
    if (!path.empty() && path.front() == '/') return normalPath(path);
    return normalPath(root + "/" + std::string(path));
}

ProjectProblem problemAt(const toml::node& node, std::string message) {
    const toml::source_region& where = node.source();
    return {std::move(message), where.begin.line, where.begin.column};
}

// A string, or an array of strings, as a list.
bool stringsOf(const toml::node& node, std::string_view key, std::vector<std::string>& out,
               std::optional<ProjectProblem>& problem) {
    if (const auto* one = node.as_string()) {
        out.push_back(one->get());
        return true;
    }
    if (const auto* many = node.as_array()) {
        for (const toml::node& item : *many) {
            const auto* text = item.as_string();
            if (!text) {
                problem = problemAt(item, "'" + std::string(key) +
                                              "' holds a value that is not a string");
                return false;
            }
            out.push_back(text->get());
        }
        return true;
    }
    problem = problemAt(node, "'" + std::string(key) + "' must be a string or an array of strings");
    return false;
}
} // namespace

ProjectFile parseProjectFile(const std::string& root, std::string_view text,
                             std::optional<ProjectProblem>& problem) {
    ProjectFile project;
    project.root = normalPath(root);
    toml::parse_result parsed = toml::parse(text, std::string(kProjectFileName));
    if (!parsed) {
        const toml::parse_error& error = parsed.error();
        problem = ProjectProblem{std::string(error.description()), error.source().begin.line,
                                 error.source().begin.column};
        return project;
    }
    const toml::table& table = parsed.table();
    for (const auto& [key, node] : table) {
        const std::string_view name = key.str();
        std::vector<std::string> items;
        if (name == "dbd" || name == "include" || name == "external") {
            if (!stringsOf(node, name, items, problem)) return project;
            for (const std::string& item : items) {
                if (name == "dbd")
                    project.definitions.push_back(inRoot(project.root, item));
                else if (name == "include")
                    project.includeDirs.push_back(inRoot(project.root, item));
                else
                    project.externals.push_back(item);
            }
        } else if (name == "startup") {
            const auto* path = node.as_string();
            if (!path) {
                problem = problemAt(node, "'startup' must be a string (the path of st.cmd)");
                return project;
            }
            project.startup = inRoot(project.root, path->get());
        } else if (name == "macros") {
            project.macrosLine = node.source().begin.line;
            if (const auto* definitions = node.as_string()) {
                project.macros = definitions->get();
            } else if (const auto* macros = node.as_table()) {
                for (const auto& [macro, value] : *macros) {
                    const auto* text = value.as_string();
                    if (!text) {
                        problem = problemAt(value, "macro '" + std::string(macro.str()) +
                                                       "' must have a string value");
                        return project;
                    }
                    if (!project.macros.empty()) project.macros += ',';
                    project.macros += std::string(macro.str()) + "=" + text->get();
                    project.macroLines[std::string(macro.str())] = value.source().begin.line;
                }
            } else {
                problem = problemAt(node, "'macros' must be a table or a string NAME=VALUE,...");
                return project;
            }
        } else {
            problem = problemAt(node, "unknown key '" + std::string(name) +
                                          "' (known: dbd, include, macros, startup, external)");
            return project;
        }
    }
    return project;
}

ProjectFile readProjectFile(const std::string& root, std::optional<ProjectProblem>& problem) {
    const std::string path = normalPath(root + "/" + std::string(kProjectFileName));
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        ProjectFile project;
        project.root = normalPath(root);
        return project;
    }
    std::ostringstream text;
    text << in.rdbuf();
    return parseProjectFile(root, text.str(), problem);
}

} // namespace epicsdb::lsp
