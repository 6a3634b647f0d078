// Text and path arguments between Python and the library.
#include "Bindings.hpp"

namespace epicsdb::python {

py::str toStr(std::string_view text) {
    PyObject* object =
        PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "surrogateescape");
    if (!object) throw py::error_already_set();
    return py::reinterpret_steal<py::str>(object);
}

std::string pathBytes(const py::handle& path) {
    // os.fsencode: str (with the filesystem's encoding and surrogate escapes), bytes, PathLike.
    return py::module_::import("os").attr("fsencode")(path).cast<std::string>();
}

std::vector<std::string> pathList(const py::handle& paths, const char* what) {
    std::vector<std::string> out;
    if (paths.is_none()) return out;
    if (py::isinstance<py::str>(paths) || py::isinstance<py::bytes>(paths) ||
        py::hasattr(paths, "__fspath__")) {
        out.push_back(pathBytes(paths));
        return out;
    }
    if (!py::isinstance<py::iterable>(paths))
        throw py::type_error(std::string(what) + " must be a path or an iterable of paths");
    for (const py::handle item : paths)
        out.push_back(pathBytes(item));
    return out;
}

} // namespace epicsdb::python
