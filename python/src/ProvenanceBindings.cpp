// Record.provenance(field=None): where a record and its field values came from, as plain
// dicts and lists with the data of the C++ FieldProvenance and RecordProvenance
// (loaders/Provenance.hpp): the statements that set the field, the macros each used with
// their values and origins, and the load chain (includes, substitution set, startup-script
// lines).
#include "Bindings.hpp"

namespace epicsdb::python {

namespace {
// {"file", "line", "column"}, or None when the place is not known.
py::object locationDict(const SourceLocation& where) {
    if (where.file.empty()) return py::none();
    py::dict out;
    out["file"] = toStr(where.file);
    out["line"] = where.line;
    out["column"] = where.column;
    return out;
}

py::dict macroDict(const loaders::MacroUse& use);

py::list macroList(const std::vector<loaders::MacroUse>& uses) {
    py::list out;
    for (const loaders::MacroUse& use : uses)
        out.append(macroDict(use));
    return out;
}

py::dict macroDict(const loaders::MacroUse& use) {
    py::dict out;
    out["name"] = toStr(use.name);
    out["value"] = toStr(use.value);
    out["written"] = toStr(use.written);
    out["origin"] = toStr(loaders::macroOriginName(use.origin));
    out["location"] = locationDict(use.location);
    out["row"] = use.row;
    out["detail"] = toStr(use.detail);
    out["inner"] = macroList(use.inner);
    return out;
}

py::dict stepDict(const loaders::LoadStep& step) {
    py::dict out;
    out["relation"] = toStr(step.relation);
    out["file"] = toStr(step.location.file);
    out["line"] = step.location.line;
    out["column"] = step.location.column;
    out["text"] = toStr(step.text);
    out["command"] = step.command;
    out["macros"] = macroList(step.macros); // a script line's references and their values
    return out;
}

py::dict statementDict(const loaders::Statement& statement) {
    py::dict out;
    out["file"] = toStr(statement.location.file);
    out["line"] = statement.location.line;
    out["column"] = statement.location.column;
    out["keyword"] = toStr(statement.keyword);
    out["text"] = toStr(statement.text);
    out["written"] = toStr(statement.written);
    out["value"] = toStr(statement.value);
    out["macros"] = macroList(statement.macros);
    py::list chain;
    for (const loaders::LoadStep& step : statement.chain)
        chain.append(stepDict(step));
    out["chain"] = std::move(chain);
    return out;
}

py::list statementList(const std::vector<loaders::Statement>& statements) {
    py::list out;
    for (const loaders::Statement& statement : statements)
        out.append(statementDict(statement));
    return out;
}

const loaders::Provenance& provenanceOf(const RecordRef& record) {
    const loaders::Provenance* provenance = record.owner()->provenance.get();
    if (!provenance) throw py::value_error("this database keeps no provenance (no load kept it)");
    return *provenance;
}
} // namespace

py::dict toPython(const loaders::FieldProvenance& field) {
    py::dict out;
    out["record"] = toStr(field.record);
    out["field"] = toStr(field.field);
    out["value"] = toStr(field.value);
    out["set"] = field.set;
    out["statements"] = statementList(field.statements);
    out["defined_at"] = locationDict(field.definedAt);
    return out;
}

py::dict toPython(const loaders::RecordProvenance& record) {
    py::dict out;
    out["name"] = toStr(record.name);
    out["type"] = toStr(record.type);
    out["definitions"] = statementList(record.definitions);
    out["aliases"] = statementList(record.aliases);
    out["infos"] = statementList(record.infos);
    return out;
}

py::object provenanceOf(const RecordRef& record, const py::handle& field) {
    const dbstatic::Record& node = record.node();
    const loaders::Provenance& provenance = provenanceOf(record);
    if (field.is_none()) {
        const std::optional<loaders::RecordProvenance> found =
            provenance.record(record.db(), node.name());
        if (!found) throw py::key_error(std::string(node.name()));
        return toPython(*found);
    }
    if (!PyUnicode_Check(field.ptr())) throw py::type_error("a field name is a str");
    const std::string name = field.cast<std::string>();
    const std::optional<loaders::FieldProvenance> found =
        provenance.field(record.db(), node.name(), name);
    if (!found) throw py::key_error(name);
    return toPython(*found);
}

} // namespace epicsdb::python
