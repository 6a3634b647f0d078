#include <epicsdb/loaders/ProvenanceJson.hpp>

namespace epicsdb::loaders {

namespace {

using dbstatic::JsonValueWriter;

void writeMacroUse(JsonValueWriter& json, const MacroUse& use) {
    json.startObject();
    json.member("name", use.name);
    json.member("value", use.value);
    json.member("written", use.written);
    json.member("origin", macroOriginName(use.origin));
    json.key("location");
    writeLocationJson(json, use.location);
    if (use.origin == MacroOrigin::PatternRow) {
        json.key("row");
        json.number(use.row);
    }
    json.member("detail", use.detail);
    json.key("inner");
    json.startArray();
    for (const MacroUse& inner : use.inner)
        writeMacroUse(json, inner);
    json.endArray();
    json.endObject();
}

void writeLoadStep(JsonValueWriter& json, const LoadStep& step) {
    json.startObject();
    json.member("relation", step.relation);
    json.key("location");
    writeLocationJson(json, step.location);
    json.member("text", step.text);
    json.key("command");
    json.boolean(step.command);
    json.key("macros");
    json.startArray();
    for (const MacroUse& use : step.macros)
        writeMacroUse(json, use);
    json.endArray();
    json.endObject();
}

void writeStatement(JsonValueWriter& json, const Statement& statement) {
    json.startObject();
    json.member("keyword", statement.keyword);
    json.key("location");
    writeLocationJson(json, statement.location);
    json.member("text", statement.text);
    json.member("written", statement.written);
    json.member("value", statement.value);
    json.key("macros");
    json.startArray();
    for (const MacroUse& use : statement.macros)
        writeMacroUse(json, use);
    json.endArray();
    json.key("chain");
    json.startArray();
    for (const LoadStep& step : statement.chain)
        writeLoadStep(json, step);
    json.endArray();
    json.endObject();
}

} // namespace

void writeLocationJson(JsonValueWriter& json, const SourceLocation& where) {
    if (where.file.empty()) {
        json.null();
        return;
    }
    json.startObject();
    json.member("file", where.file);
    json.key("line");
    json.number(where.line);
    json.key("column");
    json.number(where.column);
    json.endObject();
}

void writeMacroUsesJson(JsonValueWriter& json, std::span<const MacroUse> uses) {
    json.startArray();
    for (const MacroUse& use : uses)
        writeMacroUse(json, use);
    json.endArray();
}

void writeChainJson(JsonValueWriter& json, std::span<const LoadStep> chain) {
    json.startArray();
    for (const LoadStep& step : chain)
        writeLoadStep(json, step);
    json.endArray();
}

void writeStatementsJson(JsonValueWriter& json, std::span<const Statement> statements) {
    json.startArray();
    for (const Statement& statement : statements)
        writeStatement(json, statement);
    json.endArray();
}

void writeRecordProvenanceMembers(JsonValueWriter& json, const RecordProvenance& record,
                                  std::span<const FieldProvenance> fields) {
    json.key("definitions");
    writeStatementsJson(json, record.definitions);
    json.key("aliases");
    writeStatementsJson(json, record.aliases);
    json.key("infos");
    writeStatementsJson(json, record.infos);
    json.key("fields");
    json.startObject();
    for (const FieldProvenance& field : fields) {
        json.key(field.field);
        json.startObject();
        json.member("value", field.value);
        json.key("statements");
        writeStatementsJson(json, field.statements);
        json.endObject();
    }
    json.endObject();
}

void writeFieldProvenanceMembers(JsonValueWriter& json, const FieldProvenance& field) {
    json.member("record", field.record);
    json.member("field", field.field);
    json.member("value", field.value);
    json.key("set");
    json.boolean(field.set);
    json.key("statements");
    writeStatementsJson(json, field.statements);
    json.key("definedAt");
    writeLocationJson(json, field.definedAt);
}

} // namespace epicsdb::loaders
