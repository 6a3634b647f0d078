// Loader::loadTemplate: dbLoadTemplate(subfile, macros). The substitution file is read with the
// IOC's rules (IocSubstReader); each set, as soon as it is read, loads its template through the
// records reader like dbLoadRecords(template, callerMacros + "," + setDefinitions)
// (TemplateSets). The whole file is one transaction: any error leaves the database as it was
// (EPICS keeps the loads done before it). Template texts come from the Loader's file cache, so
// a template used by 10,000 sets is read once.
#include <epicsdb/loaders/Loader.hpp>

#include "LoaderImpl.hpp"
#include "TemplateAhead.hpp"
#include "source/SearchPath.hpp"
#include "source/TextFile.hpp"
#include "substitutions/IocSubstReader.hpp"
#include "substitutions/TemplateSets.hpp"

#include <new>
#include <optional>
#include <span>
#include <system_error>

namespace epicsdb::loaders {

LoadResult Loader::loadTemplate(std::string_view substitutionFile, std::string_view macros) {
    Impl& impl = *impl_;
    LoadResult result;
    result.recordsBefore = impl.db.recordCount();
    result.recordsAfter = result.recordsBefore;
    auto refuse = [&](std::string message, std::string_view code) {
        Diagnostic d;
        d.code = code;
        d.message = std::move(message);
        d.location = {std::string(substitutionFile), 0, 0};
        impl.sink.report(std::move(d));
        result.errors = 1;
        result.refused = true;
        return result;
    };
    // The checks EPICS makes before reading (its -1 returns).
    if (substitutionFile.empty())
        return refuse("must specify variable substitution file", "file-open");
    if (impl.options.templateMaxVars == 0)
        return refuse("dbTemplateMaxVars = 0, must be +ve", "subst-max-vars");
    // Opened as given, with no search (EPICS), from the working directory of the load.
    std::string path = resolvedIn(impl.workingDirectory(), substitutionFile);
    if (!impl.workingDirectory().empty()) path = shownPath(path);
    std::string text;
    std::string error;
    if (const auto unsaved = impl.options.overlay ? impl.options.overlay->textOf(path)
                                                  : std::optional<std::string_view>()) {
        text.assign(*unsaved);
    } else if (!readTextFile(path, text, error)) {
        return refuse("can't open substitution file \"" + path + "\": " + error, "file-open");
    }

    LoadGuard transaction(impl.db);
    const ProvenanceLoad provenanceLoad(impl.provenance, {ProvenanceLog::LoadKind::Template, path},
                                        macros);
    const std::vector<std::string> searchPath = impl.defaultPath();
    const FileSearch search{searchPath, impl.options.includeDirs,
                            impl.options.embeddedDefinitions ? FileSearch::Embedded::Fallback
                                                             : FileSearch::Embedded::Never,
                            impl.environment(), impl.workingDirectory()};
    // With more than one thread, the file is read (and templates expanded) ahead.
    std::optional<TemplateAhead> ahead;
    if (impl.threads() > 1) {
        try {
            ahead.emplace(path, text, impl.options.templateMaxVars, macros,
                          Impl::quietExpansion(impl.options), impl.options.macroExpansionLimit);
        } catch (const std::system_error&) {
            // No thread to be had (a limit on threads or processes): one thread reads.
        }
    }
    PreparedExpansion* prepared = nullptr; // the current set's
    TemplateSets sets(
        impl.sink, search, macros,
        [&](const SubstitutionSet& set, std::string_view setMacros,
            std::span<const ContextFrame> context) {
            const std::string& templateFile = set.templateFile;
            const ProvenanceLog::SetNote note{&set.location, set.row, macros, set.definitions,
                                              &set.origins};
            const LoadResult loaded = impl.run(
                {ProvenanceLog::LoadKind::TemplateSet, templateFile, &note}, setMacros, searchPath,
                [&](DbReader& reader) {
                    if (prepared && prepared->macros == setMacros) reader.offerExpansion(prepared);
                    reader.readFile(templateFile);
                    if (ahead && reader.lastFile())
                        ahead->known(templateFile, reader.lastFile(), reader.lastPlan());
                },
                false, context);
            return TemplateSets::Counts{loaded.errors, loaded.warnings};
        },
        impl.options.observer);
    if (ahead) {
        for (;;) {
            std::unique_ptr<TemplateAhead::Event> event = ahead->next();
            if (!event) throw std::bad_alloc(); // the worker could not even say why it stopped
            if (event->error) std::rethrow_exception(event->error);
            if (event->kind == TemplateAhead::Event::Kind::End) break;
            if (event->kind == TemplateAhead::Event::Kind::Diagnostic) {
                sets.onDiagnostic(std::move(event->diagnostic));
            } else {
                prepared =
                    event->prepared && event->prepared->file ? event->prepared.get() : nullptr;
                sets.onSet(event->set);
                // The load took the text: a spare buffer goes back for the next ones.
                if (prepared && !prepared->text) ahead->giveBuffer(impl.sources.takeBuffer());
                prepared = nullptr;
            }
            ahead->recycle(std::move(event));
        }
    } else {
        IocSubstReader reader(path, text, impl.options.templateMaxVars, sets);
        reader.read();
    }
    result.errors = sets.count().errors();
    result.warnings = sets.count().warnings();
    result.ok = result.errors == 0;
    transaction.finish(result.ok || impl.options.keepFailedLoads);
    result.recordsAfter = impl.db.recordCount();
    return result;
}

} // namespace epicsdb::loaders
