// Macros: epicsdb.expand_macros (macLib's macExpandString, as `epicsdb macros --text`),
// epicsdb.parse_macros (macParseDefns), and the macros= arguments of the other functions.
#include "Bindings.hpp"

#include <epicsdb/macLib/Definitions.hpp>
#include <epicsdb/macLib/MacroTable.hpp>

namespace epicsdb::python {

namespace {
// In double quotes, with \ and " escaped: macParseDefns reads it as one item whatever it holds
// (',', '=', spaces), and expansion gives the text back; $(...) still expands in "...".
void appendQuoted(std::string_view text, std::string& out) {
    out += '"';
    for (const char c : text) {
        if (c == '\\' || c == '"') out += '\\';
        out += c;
    }
    out += '"';
}

std::string textArgument(const py::handle& value, const char* what) {
    if (!py::isinstance<py::str>(value))
        throw py::type_error(std::string(what) + " must be a str, not " +
                             py::str(value.get_type().attr("__name__")).cast<std::string>());
    return value.cast<std::string>();
}
} // namespace

std::string macroText(const py::handle& macros) {
    if (macros.is_none()) return {};
    if (py::isinstance<py::str>(macros)) return macros.cast<std::string>();
    if (!py::isinstance(macros, py::module_::import("collections.abc").attr("Mapping")))
        throw py::type_error("macros must be a dict or a string such as \"a=1,b=2\"");
    std::string text;
    for (const py::handle name : macros) {
        const py::object value = macros[name];
        if (!text.empty()) text += ',';
        appendQuoted(textArgument(name, "a macro name"), text);
        if (value.is_none()) continue; // a name alone undefines it, as in "a,b=1"
        text += '=';
        appendQuoted(textArgument(value, "a macro value"), text);
    }
    return text;
}

void bindMacros(py::module_& module) {
    module.def(
        "expand_macros",
        [](const std::string& text, const py::object& macros, bool environment, bool strict) {
            maclib::MacroTable table(environment ? maclib::MacroTable::Environment::Use
                                                 : maclib::MacroTable::Environment::Ignore);
            std::vector<std::string> messages;
            table.setWarningSink([&messages](const maclib::Warning& warning) {
                messages.push_back(maclib::shortMessage(warning));
            });
            table.install(macroText(macros));
            std::string out;
            const maclib::ExpandStatus status = table.expand(text, out);
            if (status.abandoned() || (strict && !status.ok())) {
                py::list lines;
                for (const std::string& message : messages)
                    lines.append(toStr(message));
                py::dict extra;
                extra["text"] = toStr(out);
                extra["messages"] = lines;
                raiseError("MacroError", messages.empty() ? "macro expansion failed" : messages[0],
                           extra);
            }
            return toStr(out);
        },
        py::arg("text"), py::arg("macros") = py::none(), py::kw_only(), py::arg("env") = false,
        py::arg("strict") = true,
        "Expand $(name) and ${name} references in `text` with EPICS macLib rules (defaults "
        "$(a=x), scoped definitions $(a,b=1), quotes and escapes kept), as `epicsdb macros "
        "--text` does. `macros`: a dict (values taken literally) or an EPICS string "
        "\"a=1,b=2\"; `env`: undefined names are looked up in the environment. An undefined or "
        "recursive macro raises MacroError (its .text is the expansion, with EPICS's "
        "$(X,undefined) markers, and .messages the macLib messages); with strict=False the "
        "expansion is returned, markers and all. An expansion cut short by a bound always "
        "raises.");
    module.def(
        "parse_macros",
        [](const std::string& text) {
            py::dict out;
            for (const maclib::OwnedDefinition& item : maclib::parseDefinitions(text)) {
                if (item.value)
                    out[toStr(item.name)] = toStr(*item.value);
                else
                    out[toStr(item.name)] = py::none();
            }
            return out;
        },
        py::arg("text"),
        "The definitions of an EPICS macro string, \"a=1,b=2\" -> {'a': '1', 'b': '2'}, with "
        "macParseDefns rules: names unquoted, values raw (quotes and escapes in them are "
        "removed when they are expanded); a name without '=' maps to None (it undefines). A "
        "name given twice keeps its last value.");
}

} // namespace epicsdb::python
