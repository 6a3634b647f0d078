// A database with the standard definitions and a loader reporting into a list, and what tests
// ask of them (errors, warnings, a field's value).
#pragma once

#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::test {

class LoaderFixture : public ::testing::Test {
protected:
    explicit LoaderFixture(bool standardDefinitions = true, loaders::LoaderOptions options = {})
        : loader(db, diagnostics, std::move(options)) {
        if (standardDefinitions) {
            const auto result = loader.loadDefaultDefinitions();
            EXPECT_TRUE(result.ok) << allMessages();
            diagnostics.items.clear();
        }
    }

    loaders::LoadResult load(const std::string& text, const std::string& macros = {}) {
        return loader.loadRecordsText("test.db", text, macros);
    }

    // Loads `text` alone (earlier diagnostics forgotten); the load must fail. Its first error,
    // or null.
    const Diagnostic* firstErrorOf(const std::string& text) {
        diagnostics.items.clear();
        EXPECT_FALSE(load(text).ok) << text;
        const auto all = errors();
        return all.empty() ? nullptr : all.front();
    }

    [[nodiscard]] std::vector<const Diagnostic*> errors() const {
        std::vector<const Diagnostic*> out;
        for (const auto& d : diagnostics.items)
            if (d.severity == Severity::Error) out.push_back(&d);
        return out;
    }
    [[nodiscard]] std::vector<const Diagnostic*> warnings() const {
        std::vector<const Diagnostic*> out;
        for (const auto& d : diagnostics.items)
            if (d.severity == Severity::Warning) out.push_back(&d);
        return out;
    }
    [[nodiscard]] std::string allMessages() const {
        std::string text;
        for (const auto& d : diagnostics.items) {
            text += d.location.file + ":" + std::to_string(d.location.line) + ":" +
                    std::to_string(d.location.column) + ": " + d.message + "\n";
            for (const auto& note : d.notes)
                text += "  note: " + note + "\n";
        }
        return text;
    }
    // dbGetString of rec.FIELD, "<no record>"/"<no field>" when absent.
    [[nodiscard]] std::string field(std::string_view record, std::string_view name) const {
        const dbstatic::Record* node = db.findRecord(record);
        if (!node) return "<no record>";
        const dbstatic::FieldDef* def = node->type().findField(name);
        if (!def) return "<no field>";
        return db.getString(*node, *def).value_or("<null>");
    }

    dbstatic::Database db;
    DiagnosticList diagnostics;
    loaders::Loader loader;
};

} // namespace epicsdb::test
