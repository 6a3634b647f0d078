// Loader::loadTemplate: dbLoadTemplate(subfile, macros). The substitution file is read with the
// IOC's rules (IocSubstReader); each set, as soon as it is read, loads its template through the
// records reader like dbLoadRecords(template, callerMacros + "," + setDefinitions), so set
// values override globals, which override the caller's macros. The whole file is one
// transaction: any error leaves the database as it was (EPICS keeps the loads done before it).
// Template texts come from the Loader's file cache, so a template used by 10,000 sets is read
// once.
#include <epicsdb/loaders/Loader.hpp>

#include "LoaderImpl.hpp"
#include "source/SearchPath.hpp"
#include "source/TextFile.hpp"
#include "substitutions/IocSubstReader.hpp"

#include <functional>
#include <span>
#include <unordered_map>

namespace epicsdb::loaders {

namespace {

// Ends the outer transaction on every path out, exceptions included.
class LoadGuard {
public:
    explicit LoadGuard(dbstatic::Database& db) : db_(db) { db_.beginLoad(); }
    ~LoadGuard() {
        if (!done_) db_.endLoad(false);
    }
    LoadGuard(const LoadGuard&) = delete;
    LoadGuard& operator=(const LoadGuard&) = delete;
    void finish(bool success) {
        done_ = true;
        db_.endLoad(success);
    }

private:
    dbstatic::Database& db_;
    bool done_ = false;
};

// What a set load needs from the Loader (whose Impl is private to Loader's members).
struct TemplateLoader {
    DiagnosticSink& sink;
    const LoaderOptions& options;
    std::vector<std::string> path; // EPICS_DB_INCLUDE_PATH or "."
    std::function<bool(std::string_view, std::string&)> expandFileName;
    // Loads one template with its macros and context, as one nested transaction.
    std::function<LoadResult(const std::string& templateFile, std::string_view macros,
                             std::span<const ContextFrame> context)>
        load;
};

class TemplateLoads final : public SubstitutionHandler {
public:
    TemplateLoads(TemplateLoader loader, std::string_view macros, LoadResult& result)
        : loader_(std::move(loader)), callerMacros_(macros), result_(result) {}

    void onDiagnostic(Diagnostic diagnostic) override {
        count(diagnostic.severity);
        loader_.sink.report(std::move(diagnostic));
    }

    void onSet(const SubstitutionSet& set) override {
        if (gaveUp_ || !findTemplate(set)) return;
        // The caller's macros, then the set's (EPICS: "callerMacros,definitions").
        macros_.clear();
        macros_.append(callerMacros_);
        if (!callerMacros_.empty() && !set.definitions.empty()) macros_.push_back(',');
        macros_.append(set.definitions);
        // One frame, reused: assigning keeps its strings' capacity.
        context_.relation = "template loaded by substitution set at";
        context_.location = set.location;
        const LoadResult loaded = loader_.load(set.templateFile, macros_, {&context_, 1});
        result_.errors += loaded.errors;
        result_.warnings += loaded.warnings;
        if (result_.errors >= Reporter::kMaxErrorsPerLoad) {
            gaveUp_ = true;
            Diagnostic stop;
            stop.severity = Severity::Note;
            stop.code = "too-many-errors";
            stop.message = "too many errors, no more templates are loaded from this file";
            stop.location = set.location;
            loader_.sink.report(std::move(stop));
        }
    }

private:
    void count(Severity severity) {
        if (severity == Severity::Error)
            ++result_.errors;
        else if (severity == Severity::Warning)
            ++result_.warnings;
    }

    // Whether the template can be opened, as the records reader will look for it; a template
    // that cannot is reported once, at the `file` line of the first set that wants it.
    bool findTemplate(const SubstitutionSet& set) {
        auto known = found_.find(set.templateFile);
        if (known != found_.end()) return known->second;
        std::string expanded;
        std::string problem;
        if (!loader_.expandFileName(set.templateFile, expanded)) {
            problem = "can't open template \"" + set.templateFile +
                      "\": the name refers to an undefined environment variable";
        } else {
            std::vector<std::string> dirs = loader_.path;
            dirs.insert(dirs.end(), loader_.options.includeDirs.begin(),
                        loader_.options.includeDirs.end());
            if (!resolveFile(expanded, dirs, loader_.options.embeddedDefinitions)) {
                std::string where;
                for (const std::string& dir : dirs)
                    where += (where.empty() ? "" : ":") + dir;
                problem = "can't open template \"" + set.templateFile + "\"" +
                          (dirs.empty() ? std::string() : " (searched " + where + ")");
            }
        }
        const bool ok = problem.empty();
        found_.emplace(set.templateFile, ok);
        if (!ok) {
            Diagnostic d;
            d.code = "template-open";
            d.message = std::move(problem);
            d.location = set.fileLocation;
            onDiagnostic(std::move(d));
        }
        return ok;
    }

    TemplateLoader loader_;
    std::string_view callerMacros_;
    std::string macros_; // reused from set to set
    ContextFrame context_;
    LoadResult& result_;
    std::unordered_map<std::string, bool> found_;
    bool gaveUp_ = false;
};

} // namespace

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
        return result;
    };
    // The checks EPICS makes before reading (its -1 returns).
    if (substitutionFile.empty())
        return refuse("must specify variable substitution file", "file-open");
    if (impl.options.templateMaxVars == 0)
        return refuse("dbTemplateMaxVars = 0, must be +ve", "subst-max-vars");
    const std::string path(substitutionFile);
    std::string text;
    std::string error;
    if (!readTextFile(path, text, error))
        return refuse("can't open substitution file \"" + path + "\": " + error, "file-open");

    LoadGuard transaction(impl.db);
    TemplateLoader loader{impl.sink, impl.options, impl.defaultPath(), &Impl::expandFileName,
                          [&impl, path = impl.defaultPath()](
                              const std::string& templateFile, std::string_view setMacros,
                              std::span<const ContextFrame> context) {
                              return impl.run(
                                  setMacros, path,
                                  [&](DbReader& reader) { reader.readFile(templateFile); }, false,
                                  context);
                          }};
    TemplateLoads loads(std::move(loader), macros, result);
    IocSubstReader reader(path, text, impl.options.templateMaxVars, loads);
    reader.read();
    result.ok = result.errors == 0;
    transaction.finish(result.ok);
    result.recordsAfter = impl.db.recordCount();
    return result;
}

} // namespace epicsdb::loaders
