// Diagnostic: one problem a load reported, as `epicsdb check` prints it; and the raising of the
// module's exceptions.
#include "Bindings.hpp"

#include <epicsdb/loaders/DiagnosticText.hpp>

#include <pybind11/stl.h>

namespace epicsdb::python {

namespace {
// "x.db:3:7: error: message", the first line of what check prints.
std::string headline(const Diagnostic& d) {
    return loaders::locationText(d.location) + ": " + loaders::severityName(d.severity) + ": " +
           d.message;
}

std::string reprOf(const Diagnostic& d) {
    const auto quoted = [](const std::string& text) {
        return py::repr(toStr(text)).cast<std::string>();
    };
    return std::string("Diagnostic(") + quoted(loaders::severityName(d.severity)) +
           ", code=" + quoted(d.code) + ", file=" + quoted(d.location.file) +
           ", line=" + std::to_string(d.location.line) +
           ", column=" + std::to_string(d.location.column) + ", message=" + quoted(d.message) + ")";
}
// (label, file, line, column): a step of the chain or a related place.
py::tuple placeTuple(const std::string& label, const SourceLocation& where) {
    return py::make_tuple(toStr(label), toStr(where.file), where.line, where.column);
}
} // namespace

py::object toPython(const Diagnostic& diagnostic) {
    return py::cast(diagnostic);
}

py::list toPython(const std::vector<Diagnostic>& diagnostics) {
    py::list out;
    for (const Diagnostic& d : diagnostics)
        out.append(py::cast(d));
    return out;
}

void raiseLoadError(const std::vector<Diagnostic>& diagnostics) {
    const py::object type = py::module_::import("epicsdb").attr("LoadError");
    const py::object error = type(toPython(diagnostics));
    PyErr_SetObject(type.ptr(), error.ptr());
    throw py::error_already_set();
}

void raiseError(const char* name, const std::string& message, const py::dict& extra) {
    const py::object type = py::module_::import("epicsdb").attr(name);
    const py::object error = type(toStr(message), **extra);
    PyErr_SetObject(type.ptr(), error.ptr());
    throw py::error_already_set();
}

void bindDiagnostics(py::module_& module) {
    py::class_<Diagnostic>(module, "Diagnostic",
                           "One problem a load reported: what, where, and how it got there. "
                           "str() is its first line as `epicsdb check` prints it, "
                           "`file:line:column: severity: message`; `text` the whole of it.")
        .def_property_readonly(
            "severity", [](const Diagnostic& d) { return loaders::severityName(d.severity); },
            "\"error\", \"warning\" or \"note\".")
        .def_property_readonly(
            "code", [](const Diagnostic& d) { return toStr(d.code); },
            "Stable identifier of the problem, e.g. \"field-unknown\", \"macro-undefined\".")
        .def_property_readonly(
            "message", [](const Diagnostic& d) { return toStr(d.message); },
            "What was expected and what was found.")
        .def_property_readonly(
            "file", [](const Diagnostic& d) { return toStr(d.location.file); },
            "The file, as the load named it (\"\" when not known).")
        .def_property_readonly(
            "line", [](const Diagnostic& d) { return d.location.line; },
            "1-based line, 0 when not known.")
        .def_property_readonly(
            "column", [](const Diagnostic& d) { return d.location.column; },
            "1-based column (bytes), 0 when not known.")
        .def_property_readonly(
            "notes",
            [](const Diagnostic& d) {
                py::list notes;
                for (const std::string& note : d.notes)
                    notes.append(toStr(note));
                for (const FixIt& fix : d.fixes)
                    notes.append(toStr(fix.message));
                return py::tuple(notes);
            },
            "Follow-ups as the text shows them, such as 'did you mean \"DESC\"?'.")
        .def_property_readonly(
            "related",
            [](const Diagnostic& d) {
                py::list places;
                for (const RelatedLocation& place : d.related)
                    places.append(placeTuple(place.message, place.location));
                return py::tuple(places);
            },
            "Other places that explain it: (message, file, line, column) tuples such as "
            "(\"set again here\", \"a.db\", 6, 11).")
        .def_property_readonly(
            "fixes",
            [](const Diagnostic& d) {
                py::list fixes;
                for (const FixIt& fix : d.fixes) {
                    py::dict item;
                    item["message"] = toStr(fix.message);
                    item["file"] = toStr(fix.range.file);
                    item["line"] = fix.range.line;
                    item["column"] = fix.range.column;
                    item["end_line"] = fix.range.endLine;
                    item["end_column"] = fix.range.endColumn;
                    item["replacement"] = toStr(fix.replacement);
                    item["safe"] = fix.safe;
                    fixes.append(item);
                }
                return py::tuple(fixes);
            },
            "Changes that resolve it: dicts with message, file, line, column, end_line, "
            "end_column (1-based, bytes, end excluded), replacement and safe (whether "
            "`epicsdb check --fix` applies it).")
        .def_property_readonly(
            "context",
            [](const Diagnostic& d) {
                py::list frames;
                for (const ContextFrame& frame : d.context)
                    frames.append(placeTuple(frame.relation, frame.location));
                return py::tuple(frames);
            },
            "How the load got there, innermost first: (relation, file, line, column) tuples "
            "such as (\"included from\", \"top.db\", 3, 0).")
        .def_property_readonly(
            "source_line", [](const Diagnostic& d) { return toStr(d.sourceLine); },
            "The text of the line, without its newline (\"\" when not known).")
        .def_property_readonly(
            "text", [](const Diagnostic& d) { return toStr(loaders::diagnosticText(d, false)); },
            "The whole diagnostic as `epicsdb check` prints it: the include chain, the "
            "headline, the source line with a caret, the notes; every line ends in a newline.")
        .def("__str__", [](const Diagnostic& d) { return toStr(headline(d)); })
        .def("__repr__", [](const Diagnostic& d) { return toStr(reprOf(d)); });
}

} // namespace epicsdb::python
