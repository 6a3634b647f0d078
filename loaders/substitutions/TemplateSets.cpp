#include "TemplateSets.hpp"

namespace epicsdb::loaders {

void TemplateSets::onDiagnostic(Diagnostic diagnostic) {
    count_.count(diagnostic.severity);
    sink_.report(std::move(diagnostic));
}

void TemplateSets::onSet(const SubstitutionSet& set) {
    if (stopped_ || !findTemplate(set)) return;
    // The caller's macros, then the set's (EPICS: "callerMacros,definitions").
    macros_.clear();
    macros_.append(callerMacros_);
    if (!callerMacros_.empty() && !set.definitions.empty()) macros_.push_back(',');
    macros_.append(set.definitions);
    // One frame, reused: assigning keeps its strings' capacity.
    context_.relation = "template loaded by substitution set at";
    context_.location = set.location;
    const Counts loaded = load_(set, macros_, {&context_, 1});
    count_.add(loaded.errors, loaded.warnings);
    if (observer_)
        observer_->templateSetLoaded(*found_.at(set.templateFile),
                                     std::string_view(set.definitions).substr(set.ownDefinitions),
                                     set.location);
    if (count_.reached()) {
        stopped_ = true;
        sink_.report(
            ErrorCount::limitNote(set.location, "no more templates are loaded from this file"));
    }
}

// Whether the template can be opened, as the load will look for it.
bool TemplateSets::findTemplate(const SubstitutionSet& set) {
    auto known = found_.find(set.templateFile);
    if (known != found_.end()) return known->second.has_value();
    FoundFile found = findFile(set.templateFile, search_, "template ");
    const bool ok = found.file.has_value();
    found_.emplace(set.templateFile,
                   ok ? std::optional<std::string>(found.file->shownName) : std::nullopt);
    if (!ok) {
        Diagnostic d;
        d.code = "template-open";
        d.message = std::move(found.problem);
        d.location = set.fileLocation;
        onDiagnostic(std::move(d));
    }
    return ok;
}

} // namespace epicsdb::loaders
