// The compiled module `epicsdb`: the exceptions, then each binding file's part.
#include "Bindings.hpp"

#include <pybind11/eval.h>

namespace epicsdb::python {

namespace {
// In Python, so that they are ordinary exception classes with attributes and docstrings.
const char* const kExceptions = R"(
class Error(Exception):
    """Base class of the errors epicsdb raises."""

class LoadError(Error):
    """A load reported errors.

    ``diagnostics`` holds every Diagnostic of the load (errors and warnings, in order);
    ``str()`` is the first error, ``file:line:column: error: message``.
    """

    def __init__(self, diagnostics):
        super().__init__(diagnostics)
        self.diagnostics = list(diagnostics)

    def __str__(self):
        for diagnostic in self.diagnostics:
            if diagnostic.severity == "error":
                return str(diagnostic)
        return "the load failed"

class MacroError(Error):
    """A macro expansion failed (an undefined or recursive macro, a bound reached).

    ``text`` is the expansion as EPICS leaves it (``$(X,undefined)`` markers); ``messages``
    the macLib messages, one string each.
    """

    def __init__(self, message, text="", messages=()):
        super().__init__(message)
        self.text = text
        self.messages = list(messages)

class MsiError(Error):
    """msi stopped with an error, or found undefined macros with ``strict=True``.

    ``messages`` are the lines msi prints on stderr; ``text`` what it wrote before it stopped
    (with strict, the whole expansion and its ``$(X,undefined)`` markers).
    """

    def __init__(self, message, text="", messages=()):
        super().__init__(message)
        self.text = text
        self.messages = list(messages)
)";

void defineExceptions(py::module_& module) {
    py::dict scope;
    scope["__builtins__"] = py::module_::import("builtins");
    scope["__name__"] = "epicsdb";
    py::exec(kExceptions, scope);
    for (const char* name : {"Error", "LoadError", "MacroError", "MsiError"})
        module.attr(name) = scope[name];
}
} // namespace

} // namespace epicsdb::python

PYBIND11_MODULE(epicsdb, module) {
    using namespace epicsdb::python;
    module.doc() =
        "Load, expand and validate EPICS IOC databases (.dbd, .db, .template, .substitutions, "
        "st.cmd) with the C++ library of epicsdb.";
    module.attr("__version__") = EPICSDB_VERSION;
    defineExceptions(module);
    bindDiagnostics(module);
    bindRecords(module);
    bindRecordIterator(module);
    bindDatabase(module);
    bindLoads(module);
    bindMacros(module);
    bindMsi(module);
}
