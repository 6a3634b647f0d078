// Loads record text (on the standard definitions, plus any given) into a database, as lint
// does (the loader's observer on), then runs the database rules; keeps the findings.
#pragma once

#include "ScratchDir.hpp"

#include <epicsdb/lint/Findings.hpp>
#include <epicsdb/lint/Lint.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <deque>
#include <string>

namespace epicsdb::test {

class LintFixture : public ::testing::Test {
protected:
    // Loads `text` as file `name` into IOC number `ioc` (made on first use).
    void load(const std::string& text, const std::string& name = "x.db", std::size_t ioc = 0,
              const std::string& definitions = {}) {
        while (databases.size() <= ioc) {
            databases.emplace_back();
            loaders::Loader defaults(databases.back(), loadDiagnostics);
            (void)defaults.loadDefaultDefinitions();
        }
        // Style findings come as the file is read; the rules' findings come from lint().
        loaders::LoaderOptions options;
        loadFindings.setDatabase(&databases[ioc]);
        options.observer = &loadFindings;
        options.keepFailedLoads = true;
        loaders::Loader loader(databases[ioc], loadDiagnostics, options);
        if (!definitions.empty()) (void)loader.loadDatabase(dir.write(name + ".dbd", definitions));
        (void)loader.loadRecords(dir.write(name, text));
    }
    // Runs the rules over every IOC loaded; returns "code@line" of each finding, in order.
    std::vector<std::string> lint() {
        std::vector<lint::LintTarget> targets;
        for (std::size_t i = 0; i < databases.size(); ++i)
            targets.push_back({"ioc" + std::to_string(i), &databases[i]});
        options.externals.insert(options.externals.end(), loadFindings.externals().begin(),
                                 loadFindings.externals().end());
        lint::lintDatabases(targets, options, findings);
        std::vector<std::string> out;
        for (const Diagnostic& d : findings.items)
            out.push_back(d.code + "@" + std::to_string(d.location.line));
        return out;
    }
    [[nodiscard]] std::string messages() const {
        std::string text;
        for (const Diagnostic& d : findings.items)
            text += d.message + "\n";
        return text;
    }

    ScratchDir dir;
    std::deque<dbstatic::Database> databases;
    DiagnosticList loadDiagnostics;
    DiagnosticList findings;
    lint::LoadFindings loadFindings{findings};
    lint::LintOptions options;
};

} // namespace epicsdb::test
