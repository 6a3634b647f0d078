// The iterator over a Database's records (Database.__iter__, Database.records and its keys(),
// values(), items()): a plain CPython type, as Record is, whose __next__ is a C slot.
#include "Bindings.hpp"

namespace epicsdb::python {

namespace {

// The real records in dbWriteRecord order: record types in definition order, each one's
// records in list order. Aliases are skipped (they lead to these records).
class RecordCursor {
public:
    RecordCursor(DatabasePtr owner, Yield yield)
        : owner_(std::move(owner)), generation_(owner_->generation), yield_(yield) {
        const auto& types = owner_->db.recordTypes();
        node_ = types.empty() ? nullptr : types.front().firstRecord();
        settle();
    }

    // The next item, or a null object at the end.
    py::object next() {
        if (generation_ != owner_->generation)
            throw std::runtime_error("the Database was loaded into during iteration");
        if (!node_) return {};
        const dbstatic::Record& record = *node_;
        node_ = node_->next();
        settle();
        switch (yield_) {
        case Yield::Keys:
            return toStr(record.name());
        case Yield::Values:
            return makeRecord(owner_, record);
        case Yield::Items:
            break;
        }
        return py::make_tuple(toStr(record.name()), makeRecord(owner_, record));
    }

private:
    // On to the next real record, across record types.
    void settle() {
        const auto& types = owner_->db.recordTypes();
        while (true) {
            while (node_ && node_->isAlias())
                node_ = node_->next();
            if (node_ || ++type_ >= types.size()) return;
            node_ = types[type_].firstRecord();
        }
    }

    DatabasePtr owner_;
    std::uint64_t generation_;
    Yield yield_;
    std::size_t type_ = 0;
    const dbstatic::Record* node_ = nullptr;
};

struct IteratorObject {
    PyObject_HEAD RecordCursor cursor; // constructed in makeRecordIterator, destroyed in deallocate
};

PyTypeObject* iteratorType = nullptr; // made once by bindRecordIterator, kept by the module

PyObject* next(PyObject* self) noexcept {
    // A null result without an error set is the end of the iteration.
    return guarded(
        [self] { return reinterpret_cast<IteratorObject*>(self)->cursor.next().release().ptr(); },
        static_cast<PyObject*>(nullptr));
}

void deallocate(PyObject* self) noexcept {
    PyTypeObject* type = Py_TYPE(self);
    reinterpret_cast<IteratorObject*>(self)->cursor.~RecordCursor();
    type->tp_free(self);
    Py_DECREF(type);
}

PyObject* refuseNew(PyTypeObject*, PyObject*, PyObject*) noexcept {
    PyErr_SetString(PyExc_TypeError, "iterate a Database or its records instead");
    return nullptr;
}

PyType_Slot slots[] = {
    {Py_tp_doc, const_cast<char*>("An iterator over the records of a Database.")},
    {Py_tp_dealloc, reinterpret_cast<void*>(deallocate)},
    {Py_tp_iter, reinterpret_cast<void*>(PyObject_SelfIter)},
    {Py_tp_iternext, reinterpret_cast<void*>(next)},
    {Py_tp_new, reinterpret_cast<void*>(refuseNew)},
    {0, nullptr},
};

PyType_Spec spec = {"epicsdb._RecordIterator", sizeof(IteratorObject), 0, Py_TPFLAGS_DEFAULT,
                    slots};

} // namespace

py::object makeRecordIterator(const DatabasePtr& owner, Yield yield) {
    return newHeapObject(iteratorType, &IteratorObject::cursor, owner, yield);
}

void bindRecordIterator(py::module_& module) {
    iteratorType = addHeapType(module, spec, "_RecordIterator");
}

} // namespace epicsdb::python
