// A database loaded from texts the test writes, with the standard definitions: for tests of
// the layers that work on loaded databases (diff, graph), which often need two at once.
#pragma once

#include <epicsdb/loaders/Loader.hpp>

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace epicsdb::test {

class LoadedDatabase {
public:
    LoadedDatabase() : loader_(db_, diagnostics_) {
        EXPECT_TRUE(loader_.loadDefaultDefinitions().ok);
    }
    // Loads `text` as the file `name`; the load must succeed.
    LoadedDatabase& load(std::string_view text, std::string_view name = "test.db",
                         std::string_view macros = {}) {
        const auto result = loader_.loadRecordsText(name, text, macros);
        EXPECT_TRUE(result.ok) << messages();
        return *this;
    }
    [[nodiscard]] const dbstatic::Database& db() const noexcept { return db_; }
    [[nodiscard]] std::string messages() const {
        std::string text;
        for (const auto& d : diagnostics_.items)
            text +=
                d.location.file + ":" + std::to_string(d.location.line) + ": " + d.message + "\n";
        return text;
    }

private:
    dbstatic::Database db_;
    DiagnosticList diagnostics_;
    loaders::Loader loader_;
};

} // namespace epicsdb::test
