// Record: one record of the C++ database, a plain CPython type (Bindings.hpp says why) whose
// properties read the record when asked: nothing is copied at load. Values are the texts
// `epicsdb dump` writes (dbGetString).
#include "Bindings.hpp"

#include <cstdint>

namespace epicsdb::python {

const std::vector<py::object>& DatabaseState::fieldNames(const dbstatic::RecordType& type) {
    if (&type == lastType_) return *lastNames_;
    std::vector<py::object>& names = fieldNames_[&type];
    if (names.empty()) {
        names.reserve(type.fields().size());
        for (const dbstatic::FieldDef& field : type.fields()) {
            PyObject* name = toStr(field.name).release().ptr();
            PyUnicode_InternInPlace(&name);
            names.push_back(py::reinterpret_steal<py::object>(name));
        }
    }
    lastType_ = &type;
    lastNames_ = &names;
    return names;
}

const dbstatic::Record& RecordRef::node() const {
    if (generation_ != owner_->generation) {
        // A load ran since: the record may have been deleted (a record of type "#").
        if (owner_->db.findRecord(node_->name()) != node_)
            throw std::runtime_error("record \"" + std::string(node_->name()) +
                                     "\" was deleted by a later load");
        generation_ = owner_->generation;
    }
    return *node_;
}

namespace {

struct RecordObject {
    PyObject_HEAD RecordRef ref; // constructed in makeRecord, destroyed in deallocate
};

PyTypeObject* recordType = nullptr; // made once by bindRecords, kept by the module

const RecordRef& refOf(PyObject* self) {
    return reinterpret_cast<RecordObject*>(self)->ref;
}

// dbGetString of a field: None where EPICS gives NULL (a DTYP index out of range).
py::object fieldText(const RecordRef& record, const dbstatic::FieldDef& field) {
    std::string& text = record.owner()->scratch;
    if (!record.db().getString(record.node(), field, text)) return py::none();
    return toStr(text);
}

// Record.fields: the fields the record's files set, in definition order, as a new dict (what
// iterating millions of records wants: one object per record, C-level lookups and items()).
py::dict fieldsOf(const RecordRef& record) {
    const dbstatic::Record& node = record.node();
    const std::vector<py::object>& names = record.owner()->fieldNames(node.type());
    // Sized for its fields at once (CPython's, not in the limited API): no resize on the way.
    auto fields = py::reinterpret_steal<py::dict>(
        _PyDict_NewPresized(static_cast<Py_ssize_t>(node.setFields().size())));
    if (!fields) throw py::error_already_set();
    for (const dbstatic::FieldValue& value : node.setFields()) {
        const py::object text = fieldText(record, node.type().field(value.field));
        if (PyDict_SetItem(fields.ptr(), names[value.field].ptr(), text.ptr()) != 0)
            throw py::error_already_set();
    }
    return fields;
}

py::tuple aliasesOf(const RecordRef& record) {
    const dbstatic::Record& node = record.node();
    py::list names;
    if (node.hasAliases())
        for (const dbstatic::Record* other = node.type().firstRecord(); other;
             other = other->next())
            if (other->isAlias() && &other->real() == &node) names.append(toStr(other->name()));
    return py::tuple(names);
}

py::dict infoOf(const RecordRef& record) {
    py::dict info;
    for (const dbstatic::InfoItem& item : record.node().infos())
        info[toStr(item.name)] = toStr(item.value);
    return info;
}

py::object locationOf(const RecordRef& record) {
    const dbstatic::SourcePosition where = record.node().position();
    const std::string_view file = record.db().fileName(where.file);
    if (where.line == 0 || file.empty()) return py::none();
    return py::make_tuple(toStr(file), where.line);
}

py::object getField(const RecordRef& record, PyObject* name) {
    if (!PyUnicode_Check(name)) throw py::type_error("a field name is a str");
    Py_ssize_t length = 0;
    const char* text = PyUnicode_AsUTF8AndSize(name, &length);
    if (!text) throw py::error_already_set();
    const dbstatic::FieldDef* field =
        record.node().type().findField({text, static_cast<std::size_t>(length)});
    if (!field) throw py::key_error(std::string(text, static_cast<std::size_t>(length)));
    return fieldText(record, *field);
}

// A getter slot over a function of the record.
template <auto Read>
PyObject* getter(PyObject* self, void*) noexcept {
    return guarded([self] { return py::object(Read(refOf(self))).release().ptr(); },
                   static_cast<PyObject*>(nullptr));
}

py::object nameOf(const RecordRef& r) {
    return toStr(r.node().name());
}
py::object typeOf(const RecordRef& r) {
    return toStr(r.node().type().name());
}

PyGetSetDef properties[] = {
    {"name", getter<nameOf>, nullptr, "The name.", nullptr},
    {"type", getter<typeOf>, nullptr, "The record type's name, e.g. \"ai\".", nullptr},
    {"fields", getter<fieldsOf>, nullptr,
     "The fields its files set, in definition order: a new dict of field name to value, the "
     "text `epicsdb dump` writes (None for a DTYP with no string form). Fields left at their "
     "default are not in it: get() reads any field.",
     nullptr},
    {"aliases", getter<aliasesOf>, nullptr,
     "The names of its aliases, in the order they were defined (a tuple).", nullptr},
    {"info", getter<infoOf>, nullptr, "Its info items, name -> value, in order (a new dict).",
     nullptr},
    {"location", getter<locationOf>, nullptr,
     "(file, line) where it was first defined, or None when not known.", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyObject* get(PyObject* self, PyObject* field) noexcept {
    return guarded([&] { return getField(refOf(self), field).release().ptr(); },
                   static_cast<PyObject*>(nullptr));
}

PyObject* provenance(PyObject* self, PyObject* const* args, Py_ssize_t count) noexcept {
    return guarded(
        [&] {
            if (count > 1) throw py::type_error("provenance() takes at most one field name");
            const py::handle field = count ? py::handle(args[0]) : py::none();
            return provenanceOf(refOf(self), field).release().ptr();
        },
        static_cast<PyObject*>(nullptr));
}

PyMethodDef methods[] = {
    {"get", get, METH_O,
     "get(field, /)\n--\n\nThe value of any field of the record type, set or not (its default "
     "then), as `epicsdb dump --level 2` writes it; KeyError for a field the type does not "
     "have."},
    {"provenance", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(provenance)),
     METH_FASTCALL,
     "provenance(field=None, /)\n--\n\nWhere the field's value came from, as a dict: record, "
     "field, value, set (False: the record type's default, defined_at its .dbd line), and "
     "statements, every statement that set it in load order (the last gave the value), each "
     "with file, line, column, keyword, text, written, value, macros (name, value, written, "
     "origin such as \"pattern row\", location, row, detail, inner) and chain (relation, "
     "file, line, column, text, command: includes, substitution set, startup-script lines, "
     "innermost first). Without a field: the record's definitions, aliases and infos, each a "
     "list of statements. KeyError for a field the type does not have."},
    {nullptr, nullptr, 0, nullptr},
};

void deallocate(PyObject* self) noexcept {
    PyTypeObject* type = Py_TYPE(self);
    reinterpret_cast<RecordObject*>(self)->ref.~RecordRef();
    type->tp_free(self);
    Py_DECREF(type); // instances of a heap type hold a reference to it
}

PyObject* repr(PyObject* self) noexcept {
    return guarded(
        [self] {
            const dbstatic::Record& node = refOf(self).node();
            return toStr("<epicsdb.Record " + std::string(node.type().name()) + " " +
                         py::repr(toStr(node.name())).cast<std::string>() + ">")
                .release()
                .ptr();
        },
        static_cast<PyObject*>(nullptr));
}

PyObject* compare(PyObject* self, PyObject* other, int op) noexcept {
    if (Py_TYPE(other) != recordType || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
    const bool same = refOf(self).pointer() == refOf(other).pointer();
    return PyBool_FromLong((op == Py_EQ) == same);
}

Py_hash_t hash(PyObject* self) noexcept {
    // The node's address, without the alignment bits; never -1 (an error to Python).
    const auto bits = reinterpret_cast<std::uintptr_t>(refOf(self).pointer()) >> 4;
    return static_cast<Py_hash_t>(bits & (std::uintptr_t(-1) >> 2));
}

PyObject* refuseNew(PyTypeObject*, PyObject*, PyObject*) noexcept {
    PyErr_SetString(PyExc_TypeError, "Records come from a Database: db.records[\"name\"]");
    return nullptr;
}

PyType_Slot slots[] = {
    {Py_tp_doc, const_cast<char*>("One record of a Database (never an alias: an alias's name "
                                  "leads to its record). It keeps its Database alive.")},
    {Py_tp_dealloc, reinterpret_cast<void*>(deallocate)},
    {Py_tp_repr, reinterpret_cast<void*>(repr)},
    {Py_tp_richcompare, reinterpret_cast<void*>(compare)},
    {Py_tp_hash, reinterpret_cast<void*>(hash)},
    {Py_tp_getset, properties},
    {Py_tp_methods, methods},
    {Py_tp_new, reinterpret_cast<void*>(refuseNew)},
    {0, nullptr},
};

PyType_Spec spec = {"epicsdb.Record", sizeof(RecordObject), 0, Py_TPFLAGS_DEFAULT, slots};

} // namespace

py::object makeRecord(const DatabasePtr& owner, const dbstatic::Record& node) {
    return newHeapObject(recordType, &RecordObject::ref, owner, node);
}

void bindRecords(py::module_& module) {
    recordType = addHeapType(module, spec, "Record");
}

} // namespace epicsdb::python
