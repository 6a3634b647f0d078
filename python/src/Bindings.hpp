// What the binding files of the Python module share: the database a Python Database owns, the
// references Records and views hold into it, text conversion, and one bind function per file.
#pragma once

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/loaders/Provenance.hpp>

#include <pybind11/pybind11.h>

#include <cstdint>
#include <exception>
#include <iterator>
#include <memory>
#include <new>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace epicsdb::python {

namespace py = pybind11;

// The C++ database behind one Python Database. Records, views and iterators hold a shared_ptr
// to it, so it lives as long as anything that reads it (a Record outlives its Database object).
struct DatabaseState {
    dbstatic::Database db;
    std::vector<Diagnostic> diagnostics; // of every load into it, in order
    // Changed by every load: a Record or iterator made before checks its node is still there.
    std::uint64_t generation = 0;
    // Field values are formatted into it, one after the other (no allocation per field).
    std::string scratch;
    // Where its records and values came from, kept by the loads that asked for it (null: none
    // did). Made by the first such load; later loads add to it.
    std::unique_ptr<loaders::Provenance> provenance;

    // The names of a record type's fields as Python strings, made once (Record.fields makes
    // millions of keys; the same str objects serve them all). Needs the GIL.
    [[nodiscard]] const std::vector<py::object>& fieldNames(const dbstatic::RecordType& type);

private:
    std::unordered_map<const dbstatic::RecordType*, std::vector<py::object>> fieldNames_;
    const dbstatic::RecordType* lastType_ = nullptr; // records of one type come together
    const std::vector<py::object>* lastNames_ = nullptr;
};
using DatabasePtr = std::shared_ptr<DatabaseState>;

// A real record (aliases are resolved on the way in). Nodes live in the database's arena and
// are never freed, so the pointer is safe; a load may delete the record ("#" records), which
// node() checks once per load.
class RecordRef {
public:
    RecordRef(DatabasePtr owner, const dbstatic::Record& node)
        : owner_(std::move(owner)), node_(&node.real()), generation_(owner_->generation) {}
    // The node, or RuntimeError when a later load deleted the record.
    [[nodiscard]] const dbstatic::Record& node() const;
    [[nodiscard]] const dbstatic::Database& db() const noexcept { return owner_->db; }
    [[nodiscard]] const DatabasePtr& owner() const noexcept { return owner_; }
    [[nodiscard]] const dbstatic::Record* pointer() const noexcept { return node_; }

private:
    DatabasePtr owner_;
    const dbstatic::Record* node_;
    mutable std::uint64_t generation_;
};

// A new Python Record for a node (an alias gives its record). Record and the record iterator
// are plain CPython types rather than pybind11 classes: iterating 340,000 records reads
// their properties millions of times, and a C slot costs a tenth of a pybind11 call.
[[nodiscard]] py::object makeRecord(const DatabasePtr& owner, const dbstatic::Record& node);
enum class Yield : std::uint8_t { Keys, Values, Items };
// An iterator over the real records in the order `epicsdb dump` writes them: names, Records
// or (name, Record) pairs.
[[nodiscard]] py::object makeRecordIterator(const DatabasePtr& owner, Yield yield);

// A new object of one of those types, its `Payload` member built from `args` (the type
// gives back its reference when the construction throws).
template <class Object, class Payload, class... Args>
[[nodiscard]] py::object newHeapObject(PyTypeObject* type, Payload Object::*member,
                                       Args&&... args) {
    Object* object = PyObject_New(Object, type);
    if (!object) throw py::error_already_set();
    try {
        new (&(object->*member)) Payload(std::forward<Args>(args)...);
    } catch (...) {
        PyObject_Free(object);
        Py_DECREF(type);
        throw;
    }
    return py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(object));
}
// Makes the type of `spec` and adds it to the module as `name` (the module keeps it).
[[nodiscard]] inline PyTypeObject* addHeapType(py::module_& module, PyType_Spec& spec,
                                               const char* name) {
    PyObject* type = PyType_FromSpec(&spec);
    if (!type) throw py::error_already_set();
    module.attr(name) = py::reinterpret_steal<py::object>(type);
    return reinterpret_cast<PyTypeObject*>(type);
}

// A tuple of `project(item)` for each item of `items`.
template <class Range, class Project>
[[nodiscard]] py::tuple tupleOf(const Range& items, Project&& project) {
    py::tuple out(std::size(items));
    std::size_t at = 0;
    for (const auto& item : items)
        out[at++] = project(item);
    return out;
}

// For the C slots of those types: runs `body`, and turns a C++ exception into the Python error
// (pybind11's exceptions, bad_alloc as MemoryError, others as RuntimeError) and `failure`.
template <class Body, class Result>
Result guarded(Body&& body, Result failure) noexcept {
    try {
        return body();
    } catch (py::error_already_set& error) {
        error.restore();
    } catch (const py::builtin_exception& error) {
        error.set_error();
    } catch (const std::bad_alloc&) {
        PyErr_NoMemory();
    } catch (const std::exception& error) {
        PyErr_SetString(PyExc_RuntimeError, error.what());
    } catch (...) {
        PyErr_SetString(PyExc_RuntimeError, "unknown C++ exception");
    }
    return failure;
}

// Text from the database as str: UTF-8, with the bytes that are not (Latin-1 files) kept as
// surrogate escapes, so every value converts and encodes back to the same bytes.
[[nodiscard]] py::str toStr(std::string_view text);
// A str, bytes or os.PathLike argument as the bytes the C++ side takes.
[[nodiscard]] std::string pathBytes(const py::handle& path);
// None, one path or an iterable of paths.
[[nodiscard]] std::vector<std::string> pathList(const py::handle& paths, const char* what);
// macros=: None, an EPICS definition string "a=1,b=2", or a mapping whose values are taken
// literally (None: undefine), as the definition string macLib reads.
[[nodiscard]] std::string macroText(const py::handle& macros);
// Record.provenance: the FieldProvenance of `field` (a str), or with None the record's
// RecordProvenance, as dicts; KeyError for a field the type lacks, ValueError when the
// database keeps no provenance.
[[nodiscard]] py::object provenanceOf(const RecordRef& record, const py::handle& field);
[[nodiscard]] py::dict toPython(const loaders::FieldProvenance& field);
[[nodiscard]] py::dict toPython(const loaders::RecordProvenance& record);
// A Python Diagnostic for a C++ one.
[[nodiscard]] py::object toPython(const Diagnostic& diagnostic);
[[nodiscard]] py::list toPython(const std::vector<Diagnostic>& diagnostics);
// Raises epicsdb.LoadError for the diagnostics (at least one an error).
[[noreturn]] void raiseLoadError(const std::vector<Diagnostic>& diagnostics);
// Raises the module's exception class `name` (epicsdb.MacroError, epicsdb.MsiError) with
// `message` and the extra attributes.
[[noreturn]] void raiseError(const char* name, const std::string& message, const py::dict& extra);

// What epicsdb.load, epicsdb.check and Database.load take, converted (with the GIL held).
struct LoadArguments {
    std::vector<std::string> paths;
    std::vector<std::string> definitions;                         // dbd=
    std::vector<std::string> includeDirs;                         // include=
    std::string macros;                                           // macros=, as a definition string
    std::vector<std::pair<std::string, std::string>> environment; // env=, for a startup script
    std::string startupScript; // the one path, when it is a startup script (.cmd, .iocsh)
    bool provenance = true;    // keep where every record and value came from (not for check)
};
[[nodiscard]] LoadArguments loadArguments(const py::args& paths, const py::handle& dbd,
                                          const py::handle& macros, const py::handle& include,
                                          const py::handle& env);
// Loads into `state` as `epicsdb check` would (the standard definitions first when
// `standardDefinitions` and no definitions are given) and returns this load's diagnostics,
// also appended to state.diagnostics. Needs no GIL when `state` is not shared yet.
std::vector<Diagnostic> loadInto(DatabaseState& state, const LoadArguments& arguments,
                                 bool standardDefinitions);
[[nodiscard]] bool hasErrors(const std::vector<Diagnostic>& diagnostics) noexcept;

void bindDiagnostics(py::module_& module);
void bindRecords(py::module_& module);
void bindRecordIterator(py::module_& module);
void bindDatabase(py::module_& module);
void bindLoads(py::module_& module);
void bindMacros(py::module_& module);
void bindMsi(py::module_& module);

} // namespace epicsdb::python
