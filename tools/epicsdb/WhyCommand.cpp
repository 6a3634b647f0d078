// epicsdb why: load like check, keeping where every record and field value came from, then
// tell, for each RECORD.FIELD asked, the statement that set it, its macros and their origins,
// the load chain and the statements it replaced; for each RECORD, its definitions, aliases,
// info items and set fields.
#include "Commands.hpp"
#include "LoadInputs.hpp"
#include "PrettyJson.hpp"
#include "ProvenanceText.hpp"
#include <epicsdb/loaders/ProvenanceJson.hpp>

#include <epicsdb/loaders/Provenance.hpp>
#include <epicsdb/support/Similarity.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <variant>

namespace epicsdb::tools {

namespace {
const char* const kWhyUsage =
    "usage: epicsdb why [--dbd FILE]... [-I DIR]... [-m MACROS] [-S FILE]... [--format F]\n"
    "                   FILE... [--] RECORD[.FIELD]...\n"
    "       epicsdb why [--dbd FILE]... [-e NAME=VALUE]... [options] st.cmd RECORD[.FIELD]...\n"
    "Loads like 'epicsdb check' (an argument that names an existing file is an input, any\n"
    "other a record; after '--' every argument is a record), keeping where every value came\n"
    "from. For RECORD.FIELD: the value, the statement that set it (file:line:column, as\n"
    "written), each macro it used with its value and where that was set, how the file was\n"
    "loaded (includes, substitution set, startup-script line), then the statements it\n"
    "replaced. For RECORD: its definitions, aliases, info items and set fields. An alias\n"
    "names its record. Exit status 0, 1 when a record or field does not exist or the inputs\n"
    "have errors, 2 on usage errors or unreadable files.\n\n";

using loaders::FieldProvenance;
using loaders::RecordProvenance;

struct RecordAnswer {
    RecordProvenance record;
    std::vector<FieldProvenance> fields;
};
struct FieldAnswer {
    FieldProvenance field;
};
struct NoAnswer {
    std::string message;    // "no record 'x'", "ai record 'x' has no field 'Y'"
    std::string didYouMean; // empty: nothing near
};
struct Answer {
    std::string asked;
    bool alias = false; // asked by an alias name
    std::variant<RecordAnswer, FieldAnswer, NoAnswer> what;
};

// The arguments after the "--" that ends the options, all records.
std::size_t recordsAfterOptions(const Arguments& args) {
    const auto end = std::find(args.begin(), args.end(), "--");
    return end == args.end() ? 0 : static_cast<std::size_t>(args.end() - end - 1);
}

// Moves the questions out of the positional arguments: those after "--" (the last `forced`),
// and those that name no existing file.
std::vector<std::string> takeQuestions(std::vector<std::string>& positional, std::size_t forced) {
    std::vector<std::string> questions;
    std::vector<std::string> files;
    const std::size_t firstForced = positional.size() - std::min(forced, positional.size());
    for (std::size_t i = 0; i < positional.size(); ++i) {
        std::error_code error;
        if (i < firstForced && std::filesystem::exists(positional[i], error))
            files.push_back(std::move(positional[i]));
        else
            questions.push_back(std::move(positional[i]));
    }
    positional = std::move(files);
    return questions;
}

// Every record and alias name, for a did-you-mean.
std::vector<std::string_view> recordNames(const dbstatic::Database& db) {
    std::vector<std::string_view> names;
    names.reserve(db.recordCount() + db.aliasCount());
    for (const dbstatic::RecordType& type : db.recordTypes())
        for (const dbstatic::Record* node = type.firstRecord(); node; node = node->next())
            names.push_back(node->name());
    return names;
}

std::string_view byItself(std::string_view name) {
    return name;
}

// Below this similarity a record name is not taken for a misspelling of another (as commands).
constexpr double kCloseEnough = 0.5;

// The name of `names` nearest to `asked`, when near enough; empty otherwise.
std::string_view nearestName(std::string_view asked, const std::vector<std::string_view>& names) {
    const std::string_view guess = support::bestMatch(asked, names, byItself);
    return support::nameSimilarity(asked, guess) >= kCloseEnough ? guess : std::string_view();
}

NoAnswer noRecord(const dbstatic::Database& db, const std::string& asked) {
    // The name may be all record, or a record and a field.
    const std::vector<std::string_view> names = recordNames(db);
    std::string guess(nearestName(asked, names));
    if (const std::size_t dot = asked.rfind('.'); dot != std::string::npos && dot > 0) {
        const std::string_view record = std::string_view(asked).substr(0, dot);
        const std::string_view nearRecord = nearestName(record, names);
        if (!nearRecord.empty() && (guess.empty() || support::nameSimilarity(record, nearRecord) >
                                                         support::nameSimilarity(asked, guess)))
            guess = std::string(nearRecord) + asked.substr(dot);
    }
    return {"no record '" + asked + "'", guess};
}

Answer answer(const dbstatic::Database& db, const loaders::Provenance& provenance,
              const std::string& asked) {
    if (const dbstatic::Record* node = db.findRecord(asked)) {
        const std::string_view name = node->real().name();
        std::optional<RecordProvenance> record = provenance.record(db, name);
        if (!record) return {asked, false, NoAnswer{"no provenance kept for '" + asked + "'", {}}};
        return {asked, node->isAlias(),
                RecordAnswer{std::move(*record), provenance.setFields(db, name)}};
    }
    const std::size_t dot = asked.rfind('.');
    const dbstatic::Record* node =
        dot == std::string::npos ? nullptr : db.findRecord(std::string_view(asked).substr(0, dot));
    if (!node) return {asked, false, noRecord(db, asked)};
    const std::string fieldName = asked.substr(dot + 1);
    const dbstatic::RecordType& type = node->type();
    if (!type.findField(fieldName)) {
        const std::string_view guess = support::bestMatch(
            fieldName, type.fields(), [](const dbstatic::FieldDef& field) { return field.name; });
        return {asked, false,
                NoAnswer{std::string(type.name()) + " record '" + std::string(node->name()) +
                             "' has no field '" + fieldName + "'",
                         guess.empty() ? std::string()
                                       : asked.substr(0, dot + 1) + std::string(guess)}};
    }
    std::optional<FieldProvenance> field = provenance.field(db, asked.substr(0, dot), fieldName);
    if (!field) return {asked, false, NoAnswer{"no provenance kept for '" + asked + "'", {}}};
    return {asked, node->isAlias(), FieldAnswer{std::move(*field)}};
}

std::string errorText(const NoAnswer& none) {
    return none.didYouMean.empty() ? none.message
                                   : none.message + "; did you mean '" + none.didYouMean + "'?";
}

void printText(const cli::Command& command, const std::vector<Answer>& answers) {
    bool first = true;
    for (const Answer& each : answers) {
        if (const auto* none = std::get_if<NoAnswer>(&each.what)) {
            std::fflush(stdout); // in the order asked, when both go to one terminal
            command.fail(errorText(*none), ExitStatus::Findings);
            continue;
        }
        std::string text = first ? "" : "\n";
        first = false;
        if (const auto* record = std::get_if<RecordAnswer>(&each.what)) {
            if (each.alias) text += each.asked + " is an alias of " + record->record.name + "\n";
            text += describeRecord(record->record, record->fields);
        } else {
            const FieldProvenance& field = std::get<FieldAnswer>(each.what).field;
            if (each.alias)
                text += each.asked.substr(0, each.asked.rfind('.')) + " is an alias of " +
                        field.record + "\n";
            text += describeField(field);
        }
        std::fputs(text.c_str(), stdout);
    }
}

// {"answers": [...]}: one object per question, in the order asked.
void printJson(const cli::Command& command, const std::vector<Answer>& answers) {
    {
        cli::PrettyJson pretty(std::cout);
        dbstatic::JsonValuesOf<cli::PrettyJson> json(pretty);
        json.startObject();
        json.key("answers");
        json.startArray();
        for (const Answer& each : answers) {
            json.startObject();
            json.member("asked", each.asked);
            if (const auto* record = std::get_if<RecordAnswer>(&each.what)) {
                json.member("kind", "record");
                json.member("record", record->record.name);
                json.member("type", record->record.type);
                loaders::writeRecordProvenanceMembers(json, record->record, record->fields);
            } else if (const auto* field = std::get_if<FieldAnswer>(&each.what)) {
                json.member("kind", "field");
                loaders::writeFieldProvenanceMembers(json, field->field);
            } else {
                const NoAnswer& none = std::get<NoAnswer>(each.what);
                json.member("kind", "error");
                json.member("error", none.message);
                json.key("didYouMean");
                if (none.didYouMean.empty())
                    json.null();
                else
                    json.string(none.didYouMean);
            }
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }
    std::cout << '\n' << std::flush;
    for (const Answer& each : answers)
        if (const auto* none = std::get_if<NoAnswer>(&each.what))
            command.fail(errorText(*none), ExitStatus::Findings);
}
} // namespace

ExitStatus runWhy(const Arguments& args) {
    cli::Command command("why", kWhyUsage);
    cli::InputOptions inputs(command);
    std::string format = "text";
    bool quiet = false;
    command.choice("--format", format, {"text", "json"}, "the chains as text (default) or JSON");
    command.flag("-q,--quiet", quiet, "print the inputs' errors only, not their warnings");
    std::vector<std::string> questions;
    if (auto status = command.parse(args, [&] {
            questions = takeQuestions(inputs.files, recordsAfterOptions(args));
            if (inputs.empty()) throw cli::UsageError("no files to load");
            if (questions.empty()) throw cli::UsageError("no record asked about (RECORD[.FIELD])");
            inputs.checkStartupRules();
        }))
        return *status;

    cli::DiagnosticPrinter printer;
    printer.setQuietWarnings(quiet);
    dbstatic::Database db;
    loaders::Provenance provenance;
    LoadHooks hooks;
    hooks.provenance = &provenance;
    const LoadSummary summary = loadInputs(inputs, db, printer, hooks);
    if (summary.unreadable) return ExitStatus::Trouble;
    printer.finish();

    std::vector<Answer> answers;
    answers.reserve(questions.size());
    for (const std::string& question : questions)
        answers.push_back(answer(db, provenance, question));
    if (format == "json")
        printJson(command, answers);
    else
        printText(command, answers);
    if (inputs.stats) printStats(db, summary);
    const bool unanswered = std::any_of(answers.begin(), answers.end(), [](const Answer& each) {
        return std::holds_alternative<NoAnswer>(each.what);
    });
    const ExitStatus status = statusAfterOutput(command, printer.errors());
    return unanswered ? ExitStatus::Findings : status;
}

} // namespace epicsdb::tools
