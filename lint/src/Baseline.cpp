#include <epicsdb/lint/Baseline.hpp>
#include <epicsdb/lint/Rules.hpp>

#include <fstream>

namespace epicsdb::lint {

namespace {
constexpr const char* kHeader = "# epicsdb lint baseline 1: count, code, file, message";

// Tabs, newlines and backslashes escaped, so that a line is one finding.
std::string escaped(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
    return out;
}

std::string unescaped(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\\' || i + 1 == text.size()) {
            out += text[i];
            continue;
        }
        const char c = text[++i];
        out += c == 't' ? '\t' : c == 'n' ? '\n' : c;
    }
    return out;
}

bool acceptable(const Diagnostic& finding) {
    return finding.severity != Severity::Error || findRule(finding.code) != nullptr;
}
} // namespace

std::optional<Baseline> Baseline::read(const std::string& path, std::string& error) {
    std::ifstream in(path);
    if (!in) {
        error = "can't read baseline '" + path + "'";
        return std::nullopt;
    }
    Baseline baseline;
    unsigned number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back(); // written on Windows
        if (line.empty() || line.front() == '#') continue;
        std::vector<std::string> parts;
        std::size_t start = 0;
        for (int i = 0; i < 3; ++i) {
            const std::size_t tab = line.find('\t', start);
            if (tab == std::string::npos) break;
            parts.push_back(line.substr(start, tab - start));
            start = tab + 1;
        }
        parts.push_back(line.substr(start));
        std::size_t count = 0;
        const bool digits = !parts[0].empty() && parts[0].size() <= 9 &&
                            parts[0].find_first_not_of("0123456789") == std::string::npos;
        if (digits) count = std::stoul(parts[0]);
        if (parts.size() != 4 || !digits || count == 0) {
            error = path + ":" + std::to_string(number) +
                    ": not a baseline entry (count, code, file and message, by tabs)";
            return std::nullopt;
        }
        baseline.counts_[{unescaped(parts[1]), unescaped(parts[2]), unescaped(parts[3])}] += count;
    }
    return baseline;
}

bool Baseline::write(const std::string& path, const std::vector<Diagnostic>& findings,
                     std::string& error) {
    std::map<Key, std::size_t> counts;
    for (const Diagnostic& finding : findings)
        if (acceptable(finding)) ++counts[{finding.code, finding.location.file, finding.message}];
    std::ofstream out(path, std::ios::trunc);
    if (!out) {
        error = "can't write baseline '" + path + "'";
        return false;
    }
    out << kHeader << '\n';
    for (const auto& [key, count] : counts)
        out << count << '\t' << escaped(std::get<0>(key)) << '\t' << escaped(std::get<1>(key))
            << '\t' << escaped(std::get<2>(key)) << '\n';
    out.flush();
    if (!out) {
        error = "can't write baseline '" + path + "'";
        return false;
    }
    return true;
}

bool Baseline::accepts(const Diagnostic& finding) {
    if (!acceptable(finding)) return false;
    const auto it = counts_.find({finding.code, finding.location.file, finding.message});
    if (it == counts_.end() || it->second == 0) return false;
    --it->second;
    return true;
}

} // namespace epicsdb::lint
