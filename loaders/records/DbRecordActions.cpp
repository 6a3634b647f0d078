// What the record statements mean (EPICS-BEHAVIOUR 3.4, 3.5): record heads with their "*" and "#"
// forms, fields, info items and aliases. Each public action first tells the plan recorder
// (which keeps it only while it records), then applies.
#include "DbActions.hpp"
#include "source/SyntaxMessage.hpp"
#include <epicsdb/support/Similarity.hpp>

#include <epicsdb/dbStatic/Values.hpp>
#include <epicsdb/support/Hash.hpp>

#include <string>

namespace epicsdb::loaders {

using dbstatic::DbfType;
using dbstatic::PutError;
using support::bestMatch;
using support::bestMatchOf;

using Action = ReplayPlan::Action;

namespace {
// `did you mean "X"?`, as a fix-it that puts X where `written` is.
FixAt didYouMean(const Span& at, std::string_view written, std::string_view guess, bool safe) {
    return {at.begin, std::string(written), std::string(guess),
            "did you mean " + quoted(guess) + "?", safe};
}
} // namespace

bool DbActions::checkRecordName(std::string_view name, const Span& at) {
    if (name.empty()) {
        reporter_.error(at.begin, "record-name", "record/alias name can't be empty");
        return false;
    }
    if (plainRecordName(name)) return true;
    const char first = name.front();
    bool warnedControl = false;
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        const auto u = static_cast<unsigned char>(c);
        // A template checked alone keeps its references as written: "$(P)pump" is a name.
        if (c == '$' && templateAlone_ && i + 1 < name.size() &&
            (name[i + 1] == '(' || name[i + 1] == '{'))
            continue;
        if (u < 0x20) {
            if (!warnedControl) {
                reporter_.warning(at.begin, "record-name",
                                  "record/alias name '" + std::string(name) +
                                      "' should not contain non-printable " + describeChar(c));
                warnedControl = true;
            }
        } else if (c == ' ' || c == '"' || c == '\'' || c == '.' || c == '$') {
            reporter_.error(at.begin, "record-name",
                            "bad character '" + std::string(1, c) + "' in record/alias name " +
                                quoted(name));
            return false;
        }
    }
    if (first == '-' || first == '+' || first == '[' || first == '{')
        reporter_.warning(at.begin, "record-name",
                          "record/alias name '" + std::string(name) + "' should not begin with '" +
                              std::string(1, first) + "'");
    return true;
}

DbActions::DbActions(dbstatic::Database& db, SourceManager& sources, Reporter& reporter,
                     PlanRecorder& recorder, LoadObserver* observer, ProvenanceLog* provenance)
    : db_(db), sources_(sources), reporter_(reporter), recorder_(recorder), observer_(observer),
      provenance_(provenance) {}

void DbActions::begin() {
    recover();
    fileIds_.clear();
    lastType_ = nullptr; // definitions may have changed since the last load
    lastTypeName_.clear();
}

void DbActions::recover() {
    record_ = {};
    edits_.clear();
    menu_.name = {};
    menu_.skip = false;
    menu_.choices.clear();
    recordType_.name = {};
    recordType_.skip = false;
    recordType_.empty = true;
    recordType_.fields.clear();
    recordType_.cdefs.clear();
    recordType_.fieldValid = false;
    breaktable_.name = {};
    breaktable_.skip = false;
    breaktable_.values.clear();
}

void DbActions::beginRecord(std::string_view type, const Span& typeAt, std::string_view name,
                            const Span& nameAt, bool visible, const ReplayFacts& facts) {
    recorder_.step(Action::RecordHead, &typeAt, &nameAt, visible);
    applyRecordHead(type, typeAt, name, nameAt, visible, facts.nameLine);
}

void DbActions::field(std::string_view name, const Span& nameAt, const JsonValue& value,
                      const Span& valueAt, const ReplayFacts& facts) {
    recorder_.step(Action::Field, &nameAt, &valueAt);
    applyField(name, nameAt, value, valueAt, facts);
}

void DbActions::info(std::string_view name, const Span& nameAt, const JsonValue& value,
                     const Span& valueAt) {
    recorder_.step(Action::Info, &nameAt, &valueAt);
    applyInfo(name, nameAt, value);
}

void DbActions::applyRecordHead(std::string_view type, const Span& typeAt, std::string_view name,
                                const Span& nameAt, bool visible, std::uint32_t nameLine,
                                std::optional<dbstatic::Database::NameHash> nameHash,
                                bool plainName) {
    record_ = {};
    edits_.clear();
    if (!plainName && !checkRecordName(name, nameAt)) {
        record_.ignoreBody = true;
        return;
    }
    if (type == "*") {
        record_.node = db_.findRecord(name);
        if (!record_.node) {
            reporter_.error(nameAt.begin, "record-unknown",
                            "record " + quoted(name) +
                                " not found (record type \"*\" "
                                "only adds to an existing record)");
            record_.ignoreBody = true;
        } else {
            noteHead(record_.node, ProvenanceLog::RecordKind::Append, typeAt);
        }
        return;
    }
    if (type == "#") {
        if (dbstatic::Record* node = db_.findRecord(name)) {
            noteHead(node, ProvenanceLog::RecordKind::Delete, typeAt);
            db_.deleteRecord(*node);
        } else
            reporter_.warning(nameAt.begin, "record-unknown",
                              "unable to delete record " + quoted(name) + ": not found");
        record_.ignoreBody = true;
        return;
    }
    // Records of one type tend to come together: remember the last type looked up, and the
    // longest name its records can have.
    if (type != lastTypeName_ || !lastType_) {
        lastType_ = db_.findRecordType(type);
        lastTypeName_.assign(type);
        const dbstatic::FieldDef* nameField = lastType_ ? lastType_->findField("NAME") : nullptr;
        lastNameSize_ = nameField ? nameField->size : 0;
    }
    dbstatic::RecordType* recordType = lastType_;
    if (!recordType) {
        std::vector<FixAt> fixes;
        const std::string_view guess =
            bestMatch(type, db_.recordTypes(), [](const auto& t) { return t.name(); });
        // Offered, not applied by --fix: another type changes what every field means.
        if (!guess.empty()) fixes.push_back(didYouMean(typeAt, type, guess, false));
        reporter_.error(typeAt.begin, "recordtype-unknown",
                        "record " + quoted(name) + " is of unknown type " + quoted(type), {},
                        std::move(fixes));
        record_.ignoreBody = true;
        return;
    }
    const dbstatic::Database::NameHash hash =
        nameHash ? *nameHash : dbstatic::Database::hashRecordName(name);
    if (dbstatic::Record* existing = db_.findRecord(name, hash)) {
        if (&existing->type() != recordType) {
            reporter_.error(typeAt.begin, "record-type-mismatch",
                            "record " + quoted(name) + " of type " +
                                quoted(existing->type().name()) + " redefined with new type " +
                                quoted(type));
            record_.ignoreBody = true;
        } else if (db_.options().recordsOnceOnly) {
            reporter_.error(nameAt.begin, "record-redefined",
                            "record " + quoted(name) + " already defined and dbRecordsOnceOnly set",
                            {"use record type \"*\" to append"});
            record_.ignoreBody = true;
        } else {
            record_.node = existing;
            noteHead(existing,
                     visible ? ProvenanceLog::RecordKind::GRecord
                             : ProvenanceLog::RecordKind::Record,
                     typeAt);
            if (observer_) {
                const dbstatic::SourcePosition first = existing->real().position();
                SourceLocation again;
                sources_.locate(nameAt.begin, again, nullptr, nullptr);
                observer_->recordDefinedAgain(
                    name, type, again, {std::string(db_.fileName(first.file)), first.line, 0});
            }
        }
        return;
    }
    if (lastNameSize_ > 0 && name.size() >= lastNameSize_) {
        reporter_.error(nameAt.begin, "record-name",
                        "can't create record " + quoted(name) + " of type " + quoted(type) +
                            ": the name is longer than " + std::to_string(lastNameSize_ - 1) +
                            " characters");
        record_.ignoreBody = true;
        return;
    }
    if (!recordType->supportRegistered()) {
        reporter_.error(nameAt.begin, "record-unregistered",
                        "can't create record " + quoted(name) + " of type " + quoted(type) +
                            ": its record support is not registered (rec_size = 0)",
                        {"did you run x_registerRecordDeviceDriver(pdbbase) yet?"});
        record_.ignoreBody = true;
        return;
    }
    record_.node = db_.createRecord(*recordType, name, hash, visible, positionOf(nameAt, nameLine));
    if (record_.node)
        noteHead(record_.node,
                 visible ? ProvenanceLog::RecordKind::GRecord : ProvenanceLog::RecordKind::Record,
                 typeAt);
}

// Where a record was defined: the database keeps each file name once.
dbstatic::SourcePosition DbActions::positionOf(const Span& at, std::uint32_t line) {
    const std::uint32_t source = at.begin.source;
    if (fileIds_.size() <= source) fileIds_.resize(source + 1, -1);
    if (fileIds_[source] < 0) fileIds_[source] = db_.internFile(sources_.source(source).name);
    return {static_cast<std::uint32_t>(fileIds_[source]), line ? line : sources_.lineOf(at.begin)};
}

std::string_view DbActions::setterValue(const JsonValue& value) {
    return dbstatic::setterText(value.text, value.kind == JsonKind::String, valueScratch_);
}

DbActions::FieldSet DbActions::applyField(std::string_view name, const Span& nameAt,
                                          const JsonValue& value, const Span& valueAt,
                                          const ReplayFacts& facts) {
    if (!record_.node) return {};
    dbstatic::Record& node = *record_.node;
    const dbstatic::RecordType& type = node.type();
    // A replay's texts stay where they are until the load ends: the edits can keep views.
    auto set = [&](std::uint16_t index, std::string_view text) {
        if (facts.memo && text.data() != valueScratch_.data())
            edits_.setFieldView(index, text);
        else
            edits_.setField(index, text);
    };
    // A replayed step with the value it had, accepted before, is accepted again.
    if (const StepMemo* accepted = acceptedBefore(facts)) {
        edits_.setFieldView(accepted->field->index,
                            value.text.substr(accepted->valueOffset, accepted->valueLength),
                            accepted->valueHash);
        noteField(accepted->field->index, nameAt);
        return {};
    }
    // With the name it had, on a record of the type it had, under the definitions it had, it
    // names the field it named then. Nothing else is learnt: what was refused is checked (and
    // reported) again in every load.
    StepMemo* memo = facts.same != SameText::None ? facts.memo : nullptr;
    const bool learnt =
        memo && memo->field && memo->type == &type && memo->definitions == db_.definitionsVersion();
    const dbstatic::FieldDef* field = learnt ? memo->field : type.findField(name);
    if (!field) {
        std::vector<FixAt> fixes;
        const dbstatic::FieldDef* best =
            bestMatchOf(name, type.fields(), [](const auto& f) { return f.name; });
        if (best) {
            // Sure only for a name no record type has: PREC on a bo is no misspelt PROC.
            auto nameOf = [](const auto& f) { return std::string_view(f.name); };
            bool someField = false;
            for (const dbstatic::RecordType& other : db_.recordTypes())
                someField = someField || other.findField(name) != nullptr;
            fixes.push_back(didYouMean(
                nameAt, name, best->name,
                !someField && support::isSureMatch(name, best->name, type.fields(), nameOf)));
            if (!best->prompt.empty())
                fixes.back().message += " (" + std::string(best->prompt) + ")";
        }
        reporter_.error(nameAt.begin, "field-unknown",
                        std::string(type.name()) + " record " + quoted(node.name()) +
                            " does not have a field " + quoted(name),
                        {}, std::move(fixes));
        return {};
    }
    if (field->name == "NAME") {
        reporter_.error(nameAt.begin, "field-readonly",
                        "can't set \"NAME\" field of record " + quoted(node.name()));
        return {};
    }
    if (memo && !learnt) {
        memo->definitions = db_.definitionsVersion();
        memo->type = &type;
        memo->field = field;
        memo->valueAccepted = false;
    }
    const std::string_view text = setterValue(value);
    const bool keep = AcceptedValues::worthKeeping(*field);
    if (keep) accepted_.under(db_);
    const bool knownGood = keep && accepted_.known(*field, text);
    const dbstatic::PutStatus status =
        knownGood ? dbstatic::PutStatus{} : db_.checkField(type, *field, text);
    if (status.error == PutError::UnexpandedMacro && templateAlone_) {
        set(field->index, text); // as written: what the macro will be is not known here
        noteField(field->index, nameAt);
        return {};
    }
    if (!status.ok()) {
        reportFieldValue(node, *field, text, status, valueAt);
        // A bad CALC expression is stored anyway, as EPICS does.
        if (status.error != PutError::BadCalc) return {};
    } else if (keep && !knownGood) {
        accepted_.add(*field, text);
    }
    if (status.ok() && memo && facts.same == SameText::All && text.data() != valueScratch_.data()) {
        memo->valueAccepted = true;
        memo->options = db_.options();
        memo->valueOffset = static_cast<std::uint32_t>(text.data() - value.text.data());
        memo->valueLength = static_cast<std::uint32_t>(text.size());
        memo->valueHash = support::fastHash(text);
    }
    set(field->index, text);
    noteField(field->index, nameAt);
    if (!status.ok() || text.data() == valueScratch_.data()) return {};
    return {field, text};
}

void DbActions::reportFieldValue(const dbstatic::Record& node, const dbstatic::FieldDef& field,
                                 std::string_view text, const dbstatic::PutStatus& status,
                                 const Span& valueAt) {
    const dbstatic::RecordType& type = node.type();
    std::string message = "can't set \"" + std::string(node.real().name()) + "." +
                          std::string(field.name) + "\" to " + quoted(text);
    std::vector<std::string> notes;
    std::vector<FixAt> fixes;
    switch (status.error) {
    case PutError::UnexpandedMacro:
        message += ": the value has an unexpanded macro";
        break;
    case PutError::BadCalc:
        message += ": " + std::string(status.calcError) + " in CALC expression";
        break;
    case PutError::IllegalChoice:
    case PutError::BadField:
        if (field.type == DbfType::Menu && field.menu) {
            message += " using menu " + std::string(field.menu->name());
            const std::string_view guess =
                bestMatch(text, field.menu->choices(), [](const auto& c) { return c.value; });
            if (!guess.empty())
                fixes.push_back(didYouMean(
                    valueAt, text, guess,
                    support::isSureMatch(text, guess, field.menu->choices(),
                                         [](const auto& c) { return std::string_view(c.value); })));
        } else if (field.type == DbfType::Device) {
            message +=
                ": no such device support for '" + std::string(type.name()) + "' record type";
            const std::string_view guess =
                bestMatch(text, type.devices(), [](const auto& d) { return d.choice; });
            // Offered only: an unknown DTYP is most often the device support of a module
            // whose .dbd this load has not read (asyn, stream), not a misspelt one.
            if (!guess.empty())
                fixes.push_back(didYouMean(valueAt, text, guess, false));
            else if (type.devices().empty())
                notes.push_back("record type " + quoted(type.name()) + " has no device support");
        }
        message += ": ";
        message += status.text();
        break;
    default:
        message += ": ";
        message += status.text();
        break;
    }
    reporter_.error(valueAt.begin, "field-value", std::move(message), std::move(notes),
                    std::move(fixes));
}

void DbActions::applyInfo(std::string_view name, const Span& nameAt, const JsonValue& value) {
    if (!record_.node) return;
    if (name.empty()) {
        reporter_.error(nameAt.begin, "info-name", "info item name can't be empty");
        return;
    }
    edits_.setInfo(name, setterValue(value));
    noteField(ProvenanceLog::Item::kInfo, nameAt);
}

void DbActions::recordAlias(std::string_view alias, const Span& at) {
    recorder_.step(Action::RecordAlias, &at);
    if (!record_.node) return;
    if (!checkRecordName(alias, at)) return;
    if (const dbstatic::Record* node = db_.createAlias(*record_.node, alias)) {
        if (provenance_) provenance_->alias(node, &node->real(), sources_.siteOf(at.begin));
    } else {
        reporter_.error(at.begin, "alias-exists",
                        "can't create alias " + quoted(alias) + " for " +
                            quoted(record_.node->name()) + ": the name is already in use");
    }
}

void DbActions::alias(std::string_view record, const Span& recordAt, std::string_view alias,
                      const Span& aliasAt) {
    recorder_.step(Action::Alias, &recordAt, &aliasAt);
    if (!checkRecordName(alias, aliasAt) || !checkRecordName(record, recordAt)) return;
    dbstatic::Record* target = db_.findRecord(record);
    if (!target) {
        reporter_.error(recordAt.begin, "record-unknown",
                        "alias " + quoted(alias) + " refers to unknown record " + quoted(record));
        return;
    }
    if (const dbstatic::Record* node = db_.createAlias(*target, alias)) {
        if (provenance_) provenance_->alias(node, &node->real(), sources_.siteOf(recordAt.begin));
        return;
    }
    reporter_.error(aliasAt.begin, "alias-exists",
                    "can't create alias " + quoted(alias) + " referring to " + quoted(record) +
                        ": the name is already in use");
}

void DbActions::endRecord() {
    recorder_.step(Action::EndRecord);
    if (record_.node && !edits_.empty()) db_.apply(*record_.node, edits_);
    edits_.clear();
    record_ = {};
}

} // namespace epicsdb::loaders
