// Database: the loaded database, with lazy views over it (records, record types, menus) and its
// writers (dbWriteRecord text, JSON). Nothing is copied into Python objects at load: a Record
// or a field value is made when it is asked for.
#include "Bindings.hpp"

#include <epicsdb/dbStatic/Writers.hpp>

namespace epicsdb::python {

namespace {

// keys(), values(), items() of Database.records: iterable again, with a length.
struct RecordsIterable {
    DatabasePtr owner;
    Yield yield;
};

// Database.records: name -> Record, aliases resolved.
struct RecordsView {
    DatabasePtr owner;

    [[nodiscard]] const dbstatic::Record* find(const py::handle& name) const {
        if (!py::isinstance<py::str>(name)) return nullptr;
        return owner->db.findRecord(name.cast<std::string>());
    }
};

struct RecordTypeView {
    DatabasePtr owner;
    const dbstatic::RecordType* type;
};

py::object mappingProxy(const py::dict& items) {
    return py::module_::import("types").attr("MappingProxyType")(items);
}

std::string toDb(const DatabaseState& state, int level, const std::string& recordType) {
    dbstatic::RecordWriteOptions options;
    options.level = level;
    options.recordType = recordType;
    std::string out;
    try {
        dbstatic::writeRecords(state.db, out, options);
    } catch (const dbstatic::RecordTypeNotFound& error) {
        throw py::value_error("no record type '" + error.name() + "'");
    }
    return out;
}

std::string toJson(const DatabaseState& state, bool allFields, bool sources,
                   const std::string& recordType) {
    dbstatic::JsonWriteOptions options;
    options.fields =
        allFields ? dbstatic::JsonFieldSelection::All : dbstatic::JsonFieldSelection::NonDefault;
    options.sourcePositions = sources;
    options.recordType = recordType;
    std::string out;
    try {
        dbstatic::writeJson(state.db, out, options);
    } catch (const dbstatic::RecordTypeNotFound& error) {
        throw py::value_error("no record type '" + error.name() + "'");
    }
    return out;
}

void bindViews(py::module_& module) {
    py::class_<RecordsIterable>(module, "_RecordsIterable",
                                "keys(), values() or items() of Database.records.")
        .def("__iter__",
             [](const RecordsIterable& v) { return makeRecordIterator(v.owner, v.yield); })
        .def("__len__", [](const RecordsIterable& v) { return v.owner->db.recordCount(); });

    py::class_<RecordsView>(
        module, "Records",
        "Database.records: a read-only Mapping of record name to Record. An alias's name gives "
        "its record (records[\"alias\"].name is the record's name, and `\"alias\" in records` is "
        "true), but iteration, keys() and len() count records only, in the order `epicsdb dump` "
        "writes them.")
        .def("__len__", [](const RecordsView& v) { return v.owner->db.recordCount(); })
        .def("__iter__",
             [](const RecordsView& v) { return makeRecordIterator(v.owner, Yield::Keys); })
        .def("__contains__",
             [](const RecordsView& v, const py::object& name) { return v.find(name) != nullptr; })
        .def(
            "__getitem__",
            [](const RecordsView& v, const py::object& name) {
                const dbstatic::Record* node = v.find(name);
                if (!node) throw py::key_error(py::repr(name).cast<std::string>());
                return makeRecord(v.owner, *node);
            },
            "The record of that name, or of the alias of that name; KeyError otherwise.")
        .def(
            "get",
            [](const RecordsView& v, const py::object& name, const py::object& fallback) {
                const dbstatic::Record* node = v.find(name);
                return node ? makeRecord(v.owner, *node) : fallback;
            },
            py::arg("name"), py::arg("default") = py::none(),
            "The record of that name (or alias), else `default`.")
        .def(
            "keys",
            [](const RecordsView& v) {
                return RecordsIterable{v.owner, Yield::Keys};
            },
            "The record names.")
        .def(
            "values",
            [](const RecordsView& v) {
                return RecordsIterable{v.owner, Yield::Values};
            },
            "The records.")
        .def(
            "items",
            [](const RecordsView& v) {
                return RecordsIterable{v.owner, Yield::Items};
            },
            "(name, Record) pairs.")
        .def("__repr__", [](const RecordsView& v) {
            return "<epicsdb.Records of " + std::to_string(v.owner->db.recordCount()) + " records>";
        });

    py::class_<RecordTypeView>(module, "RecordType", "A record type of the definitions.")
        .def_property_readonly(
            "name", [](const RecordTypeView& t) { return toStr(t.type->name()); }, "Its name.")
        .def_property_readonly(
            "fields",
            [](const RecordTypeView& t) {
                return tupleOf(t.type->fields(),
                               [](const dbstatic::FieldDef& field) { return toStr(field.name); });
            },
            "The names of its fields, in definition order.")
        .def_property_readonly(
            "devices",
            [](const RecordTypeView& t) {
                return tupleOf(t.type->devices(), [](const dbstatic::DeviceSupport& device) {
                    return toStr(device.choice);
                });
            },
            "The DTYP choices of its device support, in definition order.")
        .def("__repr__", [](const RecordTypeView& t) {
            return "<epicsdb.RecordType " + std::string(t.type->name()) + ">";
        });
}

} // namespace

void bindDatabase(py::module_& module) {
    bindViews(module);
    // isinstance(db.records, Mapping) holds: it has the Mapping methods of its own.
    py::module_::import("collections.abc").attr("Mapping").attr("register")(module.attr("Records"));
    py::class_<DatabaseState, DatabasePtr>(
        module, "Database",
        "A database: definitions and records, as epicsdb.load() builds it. Database() is an "
        "empty one (no definitions) to load() into.")
        .def(py::init([] { return std::make_shared<DatabaseState>(); }))
        .def_property_readonly(
            "records", [](const DatabasePtr& self) { return RecordsView{self}; },
            "The records, a read-only Mapping name -> Record (Records).")
        .def_property_readonly(
            "record_types",
            [](const DatabasePtr& self) {
                py::dict types;
                for (const dbstatic::RecordType& type : self->db.recordTypes())
                    types[toStr(type.name())] = RecordTypeView{self, &type};
                return mappingProxy(types);
            },
            "The record types, a read-only mapping name -> RecordType, in definition order.")
        .def_property_readonly(
            "menus",
            [](const DatabasePtr& self) {
                py::dict menus;
                for (const dbstatic::Menu& menu : self->db.menus())
                    menus[toStr(menu.name())] =
                        tupleOf(menu.choices(), [](const dbstatic::MenuChoice& choice) {
                            return toStr(choice.value);
                        });
                return mappingProxy(menus);
            },
            "The menus, a read-only mapping name -> tuple of the choice strings (\"Passive\", "
            "\"Event\", ...), in definition order.")
        .def_property_readonly(
            "diagnostics", [](const DatabasePtr& self) { return toPython(self->diagnostics); },
            "The diagnostics (warnings) of every load into it, in order (a new list).")
        .def(
            "__len__", [](const DatabasePtr& self) { return self->db.recordCount(); },
            "The number of records (aliases not counted).")
        .def(
            "__iter__",
            [](const DatabasePtr& self) { return makeRecordIterator(self, Yield::Values); },
            "The records, in the order `epicsdb dump` writes them.")
        .def(
            "to_db",
            [](const DatabasePtr& self, int level, const py::object& recordType) {
                return toStr(
                    toDb(*self, level, recordType.is_none() ? "" : recordType.cast<std::string>()));
            },
            py::kw_only(), py::arg("level") = 0, py::arg("record_type") = py::none(),
            "The records as `epicsdb dump` writes them (EPICS dbWriteRecord): level 0 the "
            "fields with a promptgroup whose value is not the default, 1 every such field, 2 "
            "every field; `record_type` for one type only (ValueError when there is none of "
            "that name).")
        .def(
            "to_json",
            [](const DatabasePtr& self, bool allFields, bool sources,
               const py::object& recordType) {
                return toStr(toJson(*self, allFields, sources,
                                    recordType.is_none() ? "" : recordType.cast<std::string>()));
            },
            py::kw_only(), py::arg("all_fields") = false, py::arg("sources") = false,
            py::arg("record_type") = py::none(),
            "The records as `epicsdb dump --format json` writes them: {\"records\": [...]}, "
            "each with its fields that differ from their default (`all_fields`: every field), "
            "info items and aliases; `sources` adds where each was defined.")
        .def("__repr__", [](const DatabasePtr& self) {
            return "<epicsdb.Database: " + std::to_string(self->db.recordCount()) + " records, " +
                   std::to_string(self->db.recordTypes().size()) + " record types>";
        });
}

} // namespace epicsdb::python
