// The LineExpander of the loads of one Loader: one macLib table without environment access (as in
// EPICS); each load's definitions live in a scope of their own, pushed by begin() and popped by
// end(), so the table (and its memory) is reused from load to load. Warnings are collected for
// the reader to report.
#pragma once

#include "LineExpander.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

namespace epicsdb::loaders {

class MacroLineExpander final : public LineExpander {
public:
    explicit MacroLineExpander(bool quiet) {
        table_.suppressWarnings(quiet);
        table_.setWarningSink([this](const maclib::Warning& warning) {
            if (warnings_) warnings_->push_back(describe(warning));
        });
    }

    void begin(std::string_view definitions) {
        table_.pushScope();
        table_.install(definitions);
    }
    void end() { table_.popScope(); }

    bool expandLine(std::string_view line, std::string& out,
                    std::vector<std::string>& warnings) override {
        warnings_ = &warnings;
        const maclib::ExpandStatus status = table_.expand(line, out);
        warnings_ = nullptr;
        return status.ok();
    }

    [[nodiscard]] maclib::MacroTable& table() noexcept { return table_; }

private:
    // The diagnostic shows the line already: name the macro, not the whole line again.
    static std::string describe(const maclib::Warning& warning) {
        switch (warning.kind) {
        case maclib::WarningKind::Undefined:
            return "macro " + std::string(warning.macro) + " is undefined";
        case maclib::WarningKind::Recursive:
        case maclib::WarningKind::TooDeep:
            break;
        }
        std::string text(warning.message);
        if (text.rfind("macLib: ", 0) == 0) text.erase(0, 8);
        if (auto cut = text.find(" (expanding string"); cut != std::string::npos) text.erase(cut);
        return text;
    }

    maclib::MacroTable table_;
    std::vector<std::string>* warnings_ = nullptr;
};

} // namespace epicsdb::loaders
