// dbLoadTemplate's loop over the sets of a substitution file (EPICS-BEHAVIOUR 5.1): each set, as
// soon as the reader hands it over, loads its template with the caller's macros and then the set's
// ("callerMacros,definitions", so set values override globals, which override the caller's).
// A template that cannot be found is reported once, at the `file` keyword of the first set that
// wants it; once the file's loads reach the error limit, no more templates are loaded.
#pragma once

#include <epicsdb/loaders/LoadObserver.hpp>

#include "IocSubstReader.hpp"
#include "source/ErrorCount.hpp"
#include "source/SearchPath.hpp"

#include <epicsdb/Diagnostic.hpp>

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>

namespace epicsdb::loaders {

class TemplateSets final : public SubstitutionHandler {
public:
    // What one template load counted.
    struct Counts {
        std::size_t errors = 0;
        std::size_t warnings = 0;
    };
    // Loads one template with its macros (the caller's, then the set's); `context` (the set
    // that led there) goes on every diagnostic's chain.
    using LoadSet = std::function<Counts(const SubstitutionSet& set, std::string_view macros,
                                         std::span<const ContextFrame> context)>;

    // `search` is how the loads will look for templates (checked before each first load).
    TemplateSets(DiagnosticSink& sink, FileSearch search, std::string_view callerMacros,
                 LoadSet load, LoadObserver* observer = nullptr)
        : sink_(sink), search_(search), callerMacros_(callerMacros), load_(std::move(load)),
          observer_(observer) {}

    void onSet(const SubstitutionSet& set) override;
    void onDiagnostic(Diagnostic diagnostic) override;

    // Everything counted: the file's own diagnostics and those of every load.
    [[nodiscard]] const ErrorCount& count() const noexcept { return count_; }

private:
    bool findTemplate(const SubstitutionSet& set);

    DiagnosticSink& sink_;
    FileSearch search_;
    std::string_view callerMacros_;
    LoadSet load_;
    LoadObserver* observer_; // told of each set loaded (may be null)
    ErrorCount count_;
    std::string macros_;   // reused from set to set
    ContextFrame context_; // likewise
    // Each template named: how messages name the file found, or nullopt when none was.
    std::unordered_map<std::string, std::optional<std::string>> found_;
    bool stopped_ = false;
};

} // namespace epicsdb::loaders
