// epicsdb.load, epicsdb.check and Database.load: the files taken as `epicsdb check` takes them
// (loaders::loadInputs, or ioc::runStartupScript for a startup script), the diagnostics
// collected instead of printed.
#include "Bindings.hpp"

#include <epicsdb/ioc/Startup.hpp>
#include <epicsdb/loaders/Inputs.hpp>

namespace epicsdb::python {

namespace {
const char* const kLoadDoc =
    "Load `paths` in order as `epicsdb check` takes them: a .dbd as definitions, a "
    ".substitutions (.substitution, .sub, .subs) file as dbLoadTemplate reads it, anything "
    "else as records; or one IOC startup script (.cmd, .iocsh), run from its folder as iocsh "
    "runs it. `dbd`: definition files loaded first; `macros`: for the record and substitution "
    "files, a dict (values taken literally, $(...) references in them still expand) or an "
    "EPICS string \"a=1,b=2\"; `include`: directories searched for files, templates and "
    "includes (a list, or one directory); `env`: a dict of variables added to the process's "
    "environment for a startup script (epicsdb check -e).";

const std::string kLoadFunctionDoc =
    std::string(kLoadDoc) +
    " The standard definitions built into epicsdb (those of softIoc) come first unless a .dbd "
    "is among `paths` or `dbd` is given. Returns the Database, whose records keep where they "
    "and their values came from (Record.provenance); raises LoadError when anything reported "
    "an error (the warnings are in Database.diagnostics).";
const std::string kCheckDoc =
    "What `epicsdb check` reports: loads as load() does and returns the list of Diagnostic "
    "(errors and warnings, in order) without raising. " +
    std::string(kLoadDoc);
const std::string kMethodDoc =
    "Add to this database. " + std::string(kLoadDoc) +
    " The standard definitions are never loaded here. Each file is its own transaction: a "
    "file with errors changes nothing, the others are kept; then LoadError is raised. What "
    "it loads keeps its provenance, as load() does.";

std::vector<std::pair<std::string, std::string>> environmentOf(const py::handle& env) {
    std::vector<std::pair<std::string, std::string>> out;
    if (env.is_none()) return out;
    for (const auto& [name, value] : py::dict(py::reinterpret_borrow<py::object>(env)))
        out.emplace_back(name.cast<std::string>(), value.cast<std::string>());
    return out;
}

// The provenance the loads into `state` keep, made by the first load that asks for it.
loaders::Provenance* provenanceFor(DatabaseState& state, const LoadArguments& arguments) {
    if (!arguments.provenance) return nullptr;
    if (!state.provenance) state.provenance = std::make_unique<loaders::Provenance>();
    return state.provenance.get();
}

ioc::StartupOptions startupOptions(const LoadArguments& arguments, bool standardDefinitions) {
    ioc::StartupOptions options;
    options.definitions = arguments.definitions;
    options.embeddedDefinitions = standardDefinitions;
    // An IOC starts with the environment of the process that starts it, plus env=.
    options.environment = ioc::ScriptEnvironment::fromProcess();
    for (const auto& [name, value] : arguments.environment)
        options.environment.set(name, value);
    options.loader.includeDirs = arguments.includeDirs;
    return options;
}

void defineLoadMethod(py::module_& module) {
    auto database =
        py::reinterpret_borrow<py::class_<DatabaseState, DatabasePtr>>(module.attr("Database"));
    database.def(
        "load",
        [](const DatabasePtr& self, const py::args& paths, const py::object& dbd,
           const py::object& macros, const py::object& include, const py::object& env) {
            const LoadArguments arguments = loadArguments(paths, dbd, macros, include, env);
            // With the GIL: other threads may be reading this database.
            const std::vector<Diagnostic> diagnostics = loadInto(*self, arguments, false);
            if (hasErrors(diagnostics)) raiseLoadError(diagnostics);
        },
        py::kw_only(), py::arg("dbd") = py::none(), py::arg("macros") = py::none(),
        py::arg("include") = py::none(), py::arg("env") = py::none(), kMethodDoc.c_str());
}
} // namespace

bool hasErrors(const std::vector<Diagnostic>& diagnostics) noexcept {
    for (const Diagnostic& d : diagnostics)
        if (d.severity == Severity::Error) return true;
    return false;
}

LoadArguments loadArguments(const py::args& paths, const py::handle& dbd, const py::handle& macros,
                            const py::handle& include, const py::handle& env) {
    LoadArguments arguments;
    for (const py::handle path : paths)
        arguments.paths.push_back(pathBytes(path));
    arguments.definitions = pathList(dbd, "dbd");
    arguments.includeDirs = pathList(include, "include");
    arguments.macros = macroText(macros);
    arguments.environment = environmentOf(env);
    bool startup = false;
    for (const std::string& path : arguments.paths)
        startup |= ioc::isStartupScriptName(path);
    // The rules of `epicsdb check` with a startup script.
    if (!startup) {
        if (!env.is_none()) throw py::value_error("env sets the environment of a startup script");
        return arguments;
    }
    if (arguments.paths.size() != 1)
        throw py::value_error("a startup script is loaded alone: it names the files it loads");
    if (!arguments.macros.empty())
        throw py::value_error(
            "macros do not apply to a startup script: give it variables with env=");
    arguments.startupScript = arguments.paths.front();
    return arguments;
}

std::vector<Diagnostic> loadInto(DatabaseState& state, const LoadArguments& arguments,
                                 bool standardDefinitions) {
    DiagnosticList sink;
    if (!arguments.startupScript.empty()) {
        ioc::StartupOptions options = startupOptions(arguments, standardDefinitions);
        options.loader.provenance = provenanceFor(state, arguments);
        (void)ioc::runStartupScript(arguments.startupScript, state.db, sink, std::move(options));
    } else {
        loaders::LoaderOptions options;
        options.includeDirs = arguments.includeDirs;
        options.provenance = provenanceFor(state, arguments);
        loaders::Loader loader(state.db, sink, options);
        std::vector<loaders::Input> inputs;
        for (const std::string& path : arguments.definitions)
            inputs.push_back({path, loaders::InputKind::Definitions});
        for (const std::string& path : arguments.paths)
            inputs.push_back({path, loaders::inputKindOf(path)});
        (void)loaders::loadInputs(loader, inputs, arguments.macros, standardDefinitions);
    }
    ++state.generation;
    state.diagnostics.insert(state.diagnostics.end(), sink.items.begin(), sink.items.end());
    return std::move(sink.items);
}

void bindLoads(py::module_& module) {
    module.def(
        "load",
        [](const py::args& paths, const py::object& dbd, const py::object& macros,
           const py::object& include, const py::object& env) {
            const LoadArguments arguments = loadArguments(paths, dbd, macros, include, env);
            auto state = std::make_shared<DatabaseState>();
            std::vector<Diagnostic> diagnostics;
            {
                // Nobody else sees the new database: other Python threads may run meanwhile.
                py::gil_scoped_release released;
                diagnostics = loadInto(*state, arguments, true);
            }
            if (hasErrors(diagnostics)) raiseLoadError(diagnostics);
            return state;
        },
        py::kw_only(), py::arg("dbd") = py::none(), py::arg("macros") = py::none(),
        py::arg("include") = py::none(), py::arg("env") = py::none(), kLoadFunctionDoc.c_str());
    module.def(
        "check",
        [](const py::args& paths, const py::object& dbd, const py::object& macros,
           const py::object& include, const py::object& env) {
            LoadArguments arguments = loadArguments(paths, dbd, macros, include, env);
            arguments.provenance = false; // the database is thrown away
            DatabaseState state;
            std::vector<Diagnostic> diagnostics;
            {
                py::gil_scoped_release released;
                diagnostics = loadInto(state, arguments, true);
            }
            return toPython(diagnostics);
        },
        py::kw_only(), py::arg("dbd") = py::none(), py::arg("macros") = py::none(),
        py::arg("include") = py::none(), py::arg("env") = py::none(), kCheckDoc.c_str());
    defineLoadMethod(module);
}

} // namespace epicsdb::python
