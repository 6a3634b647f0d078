// The diagnostics sink of an IOC run, which knows the script lines being run. Private to the
// ioc layer.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/ioc/StartupReport.hpp>

#include <utility>
#include <vector>

namespace epicsdb::ioc {

// Forwards to the caller's sink with the current script chain appended, and counts.
class ScriptSink final : public DiagnosticSink {
public:
    ScriptSink(DiagnosticSink& target, StartupReport& report) : target_(target), report_(report) {}

    void report(Diagnostic diagnostic) override {
        diagnostic.context.insert(diagnostic.context.end(), chain_.begin(), chain_.end());
        report_.errors += diagnostic.severity == Severity::Error;
        report_.warnings += diagnostic.severity == Severity::Warning;
        target_.report(std::move(diagnostic));
    }
    // The frames (innermost first) appended to what is reported until the next call; returns
    // those it replaces (ScopedChain puts them back).
    std::vector<ContextFrame> exchangeChain(std::vector<ContextFrame> chain) noexcept {
        return std::exchange(chain_, std::move(chain));
    }

private:
    DiagnosticSink& target_;
    StartupReport& report_;
    std::vector<ContextFrame> chain_;
};

} // namespace epicsdb::ioc
