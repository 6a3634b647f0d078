#include "Checker.hpp"

#include "Uri.hpp"

#include <epicsdb/ioc/ScriptEnvironment.hpp>
#include <epicsdb/ioc/Startup.hpp>
#include <epicsdb/lint/Findings.hpp>
#include <epicsdb/lint/Lint.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace epicsdb::lsp {

namespace {
std::string folderOf(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string resolved(const std::string& directory, const std::string& name) {
    if (name.empty()) return name;
    if (name.front() == '/') return normalPath(name);
    return normalPath(directory + "/" + name);
}

// Tells lint of the files the loads read, and remembers them.
class RecordingObserver final : public loaders::LoadObserver {
public:
    RecordingObserver(lint::LoadFindings& findings, std::vector<std::string>& files,
                      const std::string& directory)
        : findings_(findings), files_(files), directory_(directory) {}
    void recordDefinedAgain(std::string_view name, std::string_view type,
                            const SourceLocation& again, const SourceLocation& first) override {
        findings_.recordDefinedAgain(name, type, again, first);
    }
    void fileRead(std::string_view file, std::string_view text) override {
        files_.push_back(resolved(directory_, std::string(file)));
        findings_.fileRead(file, text);
    }
    void templateSetLoaded(std::string_view templateFile, std::string_view definitions,
                           const SourceLocation& set) override {
        findings_.templateSetLoaded(templateFile, definitions, set);
    }

private:
    lint::LoadFindings& findings_;
    std::vector<std::string>& files_;
    const std::string& directory_;
};

bool fileExists(const std::string& path) {
    std::error_code error;
    return std::filesystem::is_regular_file(path, error);
}

// The key of the definitions a project names: the files, and the texts the editor has of them.
std::string definitionsKeyOf(const ProjectFile& project, const std::vector<std::string>& files,
                             const Documents& documents) {
    std::string key = project.definitions.empty() ? "<standard>" : "";
    for (const std::string& file : project.definitions)
        key += file + "\n";
    for (const std::string& file : files)
        if (const std::optional<std::string_view> text = documents.textOf(file))
            key += file + "=" + std::to_string(std::hash<std::string_view>()(*text)) + "\n";
    return key;
}

// The definitions of the project, or the standard ones.
void loadDefinitions(loaders::Loader& loader, const ProjectFile& project) {
    if (project.definitions.empty()) {
        (void)loader.loadDefaultDefinitions();
        return;
    }
    for (const std::string& file : project.definitions)
        (void)loader.loadDatabase(file);
}
} // namespace

std::vector<MacroSetting> macroSettings(std::string_view macros, const std::string& where,
                                        const SourceLocation& at) {
    std::vector<MacroSetting> out;
    while (!macros.empty()) {
        const std::size_t comma = macros.find(',');
        std::string_view item = macros.substr(0, comma);
        macros = comma == std::string_view::npos ? std::string_view() : macros.substr(comma + 1);
        const std::size_t equals = item.find('=');
        if (equals == std::string_view::npos) continue;
        auto trim = [](std::string_view s) {
            while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
                s.remove_prefix(1);
            while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
                s.remove_suffix(1);
            return s;
        };
        out.push_back({std::string(trim(item.substr(0, equals))),
                       std::string(trim(item.substr(equals + 1))), where, at});
    }
    return out;
}

ProjectFile projectFor(const std::string& path, const std::string& workspaceRoot,
                       const Documents& documents, std::optional<ProjectProblem>& problem,
                       std::string& projectFile) {
    std::string folder = path.empty() ? workspaceRoot : folderOf(path);
    const bool inWorkspace = !workspaceRoot.empty() &&
                             (folder == workspaceRoot || folder.starts_with(workspaceRoot + "/"));
    for (std::size_t steps = 0; !folder.empty() && steps < 64; ++steps) {
        const std::string candidate = normalPath(folder + "/" + std::string(kProjectFileName));
        // An open project file is read as the editor has it.
        if (const std::optional<std::string_view> text = documents.textOf(candidate)) {
            projectFile = candidate;
            return parseProjectFile(folder, *text, problem);
        }
        if (fileExists(candidate)) {
            projectFile = candidate;
            return readProjectFile(folder, problem);
        }
        if ((inWorkspace && folder == workspaceRoot) || folder == "/") break;
        folder = folderOf(folder);
    }
    ProjectFile defaults;
    defaults.root = workspaceRoot.empty() ? folderOf(path) : workspaceRoot;
    return defaults;
}

namespace {
// The sinks of one check: check's diagnostics and lint's findings, through lint's filter.
struct Findings {
    DiagnosticList collected;
    lint::WarningControls controls;
    lint::FindingFilter filter{collected, controls};
    lint::LoadFindings load{filter};

    void lint(const std::string& name, const dbstatic::Database& db, const ProjectFile& project) {
        load.finish();
        lint::LintOptions options;
        options.errorLines = filter.errorLines();
        options.externals = project.externals;
        options.externals.insert(options.externals.end(), load.externals().begin(),
                                 load.externals().end());
        const lint::LintTarget target{name, &db};
        lint::lintDatabases(std::span(&target, 1), options, filter);
    }
};

loaders::LoaderOptions loaderOptionsOf(const ProjectFile& project, const Documents& documents,
                                       const CheckOptions& options,
                                       loaders::Provenance& provenance) {
    loaders::LoaderOptions loader;
    loader.provenance = &provenance;
    loader.includeDirs = project.includeDirs;
    loader.jobs = options.jobs;
    loader.keepFailedLoads = true;
    loader.overlay = &documents;
    return loader;
}

// The IOC `script` builds; false (and `result` untouched) when it does not read the document.
bool checkInStartup(const Document& document, const std::string& script, const ProjectFile& project,
                    const Documents& documents, const CheckOptions& options, CheckResult& result) {
    DatabasePtr db(new dbstatic::Database);
    auto provenance = std::make_unique<loaders::Provenance>();
    Findings findings;
    findings.load.setDatabase(db.get());
    std::vector<std::string> filesRead;
    const std::string directory = folderOf(script);
    RecordingObserver observer(findings.load, filesRead, directory);
    ioc::StartupOptions startup;
    startup.definitions = project.definitions;
    startup.environment = ioc::ScriptEnvironment::fromProcess();
    startup.loader = loaderOptionsOf(project, documents, options, *provenance);
    startup.loader.observer = &observer;
    const ioc::StartupReport report = ioc::runStartupScript(script, *db, findings.filter, startup);
    bool readsDocument = document.path == script;
    for (const std::string& file : filesRead)
        readsDocument |= file == document.path;
    if (!readsDocument) return false;
    findings.lint(script, *db, project);
    for (const ioc::ScriptLoad& load : report.loads)
        if (resolved(directory, load.file) == document.path) {
            result.macros = macroSettings(
                load.macros,
                load.where.file + ":" + std::to_string(load.where.line) + " (" + load.command + ")",
                {resolved(directory, load.where.file), load.where.line, load.where.column});
            break;
        }
    result.database = std::move(db);
    result.provenance = std::move(provenance);
    result.diagnostics = std::move(findings.collected.items);
    result.filesRead = std::move(filesRead);
    result.workingDirectory = directory;
    result.inStartup = true;
    return true;
}

// The document alone, with the project's definitions, include directories and macros.
void checkAlone(const Document& document, const ProjectFile& project, const Documents& documents,
                const CheckOptions& options, CheckResult& result) {
    dbstatic::Database& db = *result.database;
    Findings findings;
    findings.load.setDatabase(&db);
    result.workingDirectory = document.path.empty() ? project.root : folderOf(document.path);
    ioc::ScriptEnvironment environment = ioc::ScriptEnvironment::fromProcess();
    environment.setWorkingDirectory(result.workingDirectory);
    // A new provenance for every check: the last check's records are rolled back, and its
    // provenance would still describe them.
    result.provenance = std::make_unique<loaders::Provenance>();
    loaders::LoaderOptions loaderOptions =
        loaderOptionsOf(project, documents, options, *result.provenance);
    loaderOptions.environment = &environment;
    RecordingObserver observer(findings.load, result.filesRead, result.workingDirectory);
    loaderOptions.observer = &observer;
    loaders::Loader loader(db, findings.filter, loaderOptions);
    const std::string name = document.path.empty() ? document.uri : document.path;
    result.macros = macroSettings(project.macros, std::string(kProjectFileName),
                                  {result.projectFile, project.macrosLine, 0});
    for (MacroSetting& macro : result.macros)
        if (const auto line = project.macroLines.find(macro.name); line != project.macroLines.end())
            macro.at.line = line->second;
    // The definitions, unless they are kept from the last check; then the document's records
    // in a load of their own, which the next check rolls back.
    const bool withDefinitions =
        document.kind == DocumentKind::Database || document.kind == DocumentKind::Substitutions;
    if (withDefinitions && result.definitionsKey.empty()) {
        loadDefinitions(loader, project);
        result.definitionFiles = result.filesRead;
        result.definitionDiagnostics = findings.collected.items;
        result.definitionsKey = definitionsKeyOf(project, result.definitionFiles, documents);
    } else if (withDefinitions) {
        result.filesRead = result.definitionFiles;
        findings.collected.items = result.definitionDiagnostics;
    }
    if (withDefinitions) db.beginLoad();
    switch (document.kind) {
    case DocumentKind::Definitions:
        findings.load.fileRead(name, document.text);
        result.filesRead.push_back(name);
        (void)loader.loadRecordsText(name, document.text);
        break;
    case DocumentKind::Substitutions:
        (void)loader.loadTemplate(name, project.macros);
        break;
    case DocumentKind::Startup: // a script that is not a file: nothing to run
    case DocumentKind::Project: // checked above
        break;
    case DocumentKind::Database:
        findings.load.fileRead(name, document.text);
        result.filesRead.push_back(name);
        (void)loader.loadRecordsText(name, document.text, project.macros);
        break;
    }
    findings.lint(name, db, project);
    result.diagnostics = std::move(findings.collected.items);
}
} // namespace

void RollBackOnDelete::operator()(dbstatic::Database* database) const noexcept {
    if (database->loading()) database->endLoad(false);
    delete database;
}

CheckResult checkDocument(const Document& document, const std::string& workspaceRoot,
                          const Documents& documents, const CheckOptions& options,
                          CheckResult* previous) {
    CheckResult result;
    if (document.kind == DocumentKind::Project) {
        // The project file itself: read as TOML, its problem shown in it.
        result.database = DatabasePtr(new dbstatic::Database);
        (void)parseProjectFile(document.path.empty() ? workspaceRoot : folderOf(document.path),
                               document.text, result.projectProblem);
        result.projectFile = document.path;
        return result;
    }
    const ProjectFile project = projectFor(document.path, workspaceRoot, documents,
                                           result.projectProblem, result.projectFile);
    const bool startupDocument = document.kind == DocumentKind::Startup && !document.path.empty();
    const std::string script = startupDocument ? document.path : project.startup;
    if (!script.empty() && fileExists(script) &&
        checkInStartup(document, script, project, documents, options, result))
        return result;
    // The definitions of the last check, its records rolled back, when they still hold.
    if (previous && previous->database && !previous->definitionsKey.empty() &&
        document.kind != DocumentKind::Definitions &&
        previous->definitionsKey ==
            definitionsKeyOf(project, previous->definitionFiles, documents)) {
        result.database = std::move(previous->database);
        if (result.database->loading()) result.database->endLoad(false);
        result.definitionsKey = std::move(previous->definitionsKey);
        result.definitionFiles = std::move(previous->definitionFiles);
        result.definitionDiagnostics = std::move(previous->definitionDiagnostics);
    } else {
        result.database = DatabasePtr(new dbstatic::Database);
    }
    checkAlone(document, project, documents, options, result);
    return result;
}

} // namespace epicsdb::lsp
