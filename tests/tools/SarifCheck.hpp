// What the SARIF 2.1.0 schema requires of the parts of a log that epicsdb writes: the version,
// each run's tool.driver.name, each result's message.text, a valid level, and for each location
// an artifact URI and a region whose lines and columns count from 1. Returns one line per
// violation (none for a good log).
#pragma once

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace epicsdb::test {

namespace sarif {

inline void checkLocation(const nlohmann::json& location, const std::string& where,
                          std::vector<std::string>& problems) {
    const auto& physical = location.value("physicalLocation", nlohmann::json::object());
    const auto& artifact = physical.value("artifactLocation", nlohmann::json::object());
    if (!artifact.contains("uri") || !artifact["uri"].is_string())
        problems.push_back(where + ": physicalLocation.artifactLocation.uri is not a string");
    if (!physical.contains("region")) return;
    for (const char* key : {"startLine", "startColumn"})
        if (physical["region"].contains(key) && !(physical["region"][key].is_number_integer() &&
                                                  physical["region"][key].get<long>() >= 1))
            problems.push_back(where + ": region." + key + " is not an integer >= 1");
}

} // namespace sarif

inline std::vector<std::string> sarifProblems(const nlohmann::json& log) {
    std::vector<std::string> problems;
    if (log.value("version", "") != "2.1.0") problems.push_back("version is not \"2.1.0\"");
    if (!log.contains("runs") || !log["runs"].is_array()) {
        problems.push_back("runs is not an array");
        return problems;
    }
    for (const auto& run : log["runs"]) {
        const auto& driver =
            run.value("tool", nlohmann::json::object()).value("driver", nlohmann::json::object());
        if (!driver.contains("name") || !driver["name"].is_string() ||
            driver["name"].get<std::string>().empty())
            problems.push_back("runs[].tool.driver.name is missing");
        for (const auto& result : run.value("results", nlohmann::json::array())) {
            const bool named = result.contains("ruleId") && result["ruleId"].is_string();
            const std::string where =
                "result " + (named ? result["ruleId"].get<std::string>() : std::string("?"));
            if (!result.contains("message") || !result["message"].contains("text") ||
                !result["message"]["text"].is_string())
                problems.push_back(where + ": message.text is not a string");
            if (result.contains("ruleId") && !named)
                problems.push_back(where + ": ruleId is not a string");
            if (result.contains("level")) {
                const std::string level = result["level"].is_string() ? result["level"] : "";
                if (level != "none" && level != "note" && level != "warning" && level != "error")
                    problems.push_back(where + ": level is not none, note, warning or error");
            }
            for (const char* list : {"locations", "relatedLocations"})
                for (const auto& location : result.value(list, nlohmann::json::array()))
                    sarif::checkLocation(location, where + " " + list, problems);
        }
    }
    return problems;
}

} // namespace epicsdb::test
