// epicsdb.msi: the msi tool's expansion (loaders::MsiExpander), its output as a string and its
// messages as exceptions or warnings.
#include "Bindings.hpp"

#include <epicsdb/loaders/Inputs.hpp>
#include <epicsdb/loaders/MsiExpander.hpp>

namespace epicsdb::python {

namespace {
// msi's stderr, one message at a time.
class MessageLines final : public loaders::TextSink {
public:
    void write(std::string_view text) override {
        while (!text.empty() && text.back() == '\n')
            text.remove_suffix(1);
        lines.emplace_back(text);
    }
    std::vector<std::string> lines;
};
} // namespace

void bindMsi(py::module_& module) {
    module.def(
        "msi",
        [](const py::object& path, const py::object& macros, const py::object& include, bool strict,
           bool globalScope) {
            loaders::MsiOptions options;
            const std::string file = pathBytes(path);
            // As `epicsdb check` tells them apart: by the name.
            if (loaders::inputKindOf(file) == loaders::InputKind::Substitutions)
                options.substitutionFile = file;
            else
                options.templateFile = file;
            if (std::string text = macroText(macros); !text.empty())
                options.macros.push_back(std::move(text));
            options.includePaths = pathList(include, "include");
            options.undefinedIsError = strict;
            options.globalScope = globalScope;

            loaders::StringTextSink output;
            MessageLines messages;
            loaders::MsiOutcome outcome{};
            {
                py::gil_scoped_release released;
                loaders::MsiExpander expander(
                    std::move(options),
                    loaders::MsiStreams{output, messages, [] { return std::string(); }});
                outcome = expander.run();
            }
            if (outcome != loaders::MsiOutcome::Success) {
                py::list lines;
                for (const std::string& line : messages.lines)
                    lines.append(toStr(line));
                py::dict extra;
                extra["text"] = toStr(output.text());
                extra["messages"] = lines;
                raiseError("MsiError",
                           messages.lines.empty() ? "msi failed" : messages.lines.front(), extra);
            }
            // What msi prints on stderr and still succeeds with.
            const py::object warn = py::module_::import("warnings").attr("warn");
            for (const std::string& line : messages.lines)
                warn(toStr(line), py::module_::import("builtins").attr("RuntimeWarning"), 2);
            return toStr(output.text());
        },
        py::arg("path"), py::arg("macros") = py::none(), py::arg("include") = py::none(),
        py::kw_only(), py::arg("strict") = false, py::arg("global_scope") = false,
        "The text the msi tool writes for a template, or for a substitution file (by its name: "
        ".substitutions, .substitution, .sub, .subs), byte for byte: `msi -M macros -I dir "
        "template` or `msi -S file`. `macros` as for load(); `include`: msi's -I directories; "
        "`strict`: -V (undefined macros raise MsiError, whose .text is the expansion); "
        "`global_scope`: -g. Errors raise MsiError (.messages: msi's lines).");
}

} // namespace epicsdb::python
