// Issue 27's exactness test, shared by the corpus and IOC tests: provenance must agree with the
// database it describes.
#pragma once

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/loaders/Provenance.hpp>

#include <string>
#include <string_view>

namespace epicsdb::test {

// Issue 27's exactness: every set field of every record has statements, and the last one,
// expanded again with the macros its load had, gives the value the database holds (UDF, which
// a put to VAL sets, needs none). Empty when all agree; otherwise the first few that do not.
inline std::string replayProblems(const dbstatic::Database& db,
                                  const loaders::Provenance& provenance) {
    std::string problems;
    std::size_t count = 0;
    auto problem = [&](const dbstatic::Record& record, std::string_view field, std::string what) {
        if (++count <= 5)
            problems += std::string(record.name()) + "." + std::string(field) + ": " + what + "\n";
    };
    for (const dbstatic::RecordType& type : db.recordTypes())
        for (const dbstatic::Record* r = type.firstRecord(); r; r = r->next()) {
            if (r->isAlias()) continue;
            for (const dbstatic::FieldValue& value : r->setFields()) {
                const std::string_view field = type.fields()[value.field].name;
                const auto chain = provenance.field(db, r->name(), field);
                if (!chain) {
                    problem(*r, field, "no provenance");
                } else if (chain->statements.empty()) {
                    if (field != "UDF") problem(*r, field, "no statement");
                } else if (chain->statements.back().value != value.value()) {
                    problem(*r, field,
                            "replayed \"" + chain->statements.back().value + "\" from " +
                                chain->statements.back().text + ", the database has \"" +
                                std::string(value.value()) + "\"");
                }
            }
        }
    if (count > 5) problems += "... " + std::to_string(count) + " fields in all\n";
    return problems;
}

} // namespace epicsdb::test
