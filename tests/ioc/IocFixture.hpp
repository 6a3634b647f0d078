// A scratch IOC folder and one run of a startup script in it, with the diagnostics, the
// console and the report kept for the test to look at.
#pragma once

#include "DatabaseText.hpp"
#include "ScratchDir.hpp"

#include <epicsdb/ioc/Startup.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace epicsdb::test {

class IocFixture : public ::testing::Test {
protected:
    // Writes `text` as `name` in the IOC folder.
    std::string write(const std::string& name, std::string_view text) {
        return dir.write(name, text);
    }
    // Runs `script` (a path in the folder) with the embedded definitions.
    const ioc::StartupReport& run(const std::string& script = "st.cmd") {
        options.console = [this](std::string_view line) { console.emplace_back(line); };
        report = ioc::runStartupScript(dir.path(script), db, diagnostics, options);
        return report;
    }
    // The messages of every diagnostic, one per line ("code: message").
    [[nodiscard]] std::string messages() const {
        std::string text;
        for (const Diagnostic& d : diagnostics.items)
            text += d.code + ": " + d.message + "\n";
        return text;
    }
    [[nodiscard]] std::vector<std::string> recordNames() const {
        std::vector<std::string> names;
        for (const auto& type : db.recordTypes())
            for (const auto* node = type.firstRecord(); node; node = node->next())
                names.emplace_back(node->name());
        return names;
    }
    [[nodiscard]] std::string field(std::string_view record, std::string_view name) const {
        const dbstatic::Record* node = db.findRecord(record);
        if (!node) return "<no record>";
        const dbstatic::FieldDef* def = node->type().findField(name);
        if (!def) return "<no field>";
        return db.getString(*node, *def).value_or("<unset>");
    }

    ScratchDir dir;
    dbstatic::Database db;
    DiagnosticList diagnostics;
    ioc::StartupOptions options;
    ioc::StartupReport report;
    std::vector<std::string> console;
};

} // namespace epicsdb::test
