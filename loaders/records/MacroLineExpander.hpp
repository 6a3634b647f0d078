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
    MacroLineExpander(bool quiet, std::size_t expansionLimit) {
        table_.suppressWarnings(quiet);
        table_.setExpansionLimit(expansionLimit);
        table_.setWarningSink([this](const maclib::Warning& warning) {
            // The diagnostic shows the line already: the warning names the macro.
            if (!problems_) return;
            if (problems_->warnings.empty()) problems_->firstMacro = warning.macro;
            problems_->warnings.push_back(maclib::shortMessage(warning));
        });
    }

    void begin(std::string_view definitions) {
        table_.pushScope();
        table_.install(definitions);
    }
    void end() { table_.popScope(); }

    bool expandLine(std::string_view line, std::string& out, LineProblems& problems) override {
        problems_ = &problems;
        const maclib::ExpandStatus status = table_.expand(line, out);
        problems_ = nullptr;
        problems.stopped = status.abandoned();
        return status.ok();
    }

    [[nodiscard]] maclib::MacroTable& table() noexcept { return table_; }

private:
    maclib::MacroTable table_;
    LineProblems* problems_ = nullptr;
};

} // namespace epicsdb::loaders
