// What the .dbd/.db grammar means (EPICS-BEHAVIOUR 3.3-3.5): every statement's effect on the
// database, with EPICS's rules and messages. One class, called three ways: by the Bison actions, by
// the fused one-token statements (split here, then the same actions), and by replay plans (the
// steps of an earlier reading of the same template). The token stream, includes and syntax
// errors are the reader's (DbReader.hpp).
//
// Texts and spans passed in stay valid until the statement ends (the reader keeps the chunks
// that hold them), so definitions being built keep views, not copies.
#pragma once

#include <epicsdb/loaders/LoadObserver.hpp>

#include "AcceptedStatements.hpp"
#include "AcceptedValues.hpp"
#include "FusedStatement.hpp"
#include "JsonValue.hpp"
#include "PlanRecorder.hpp"
#include "source/ProvenanceLog.hpp"
#include "source/Reporter.hpp"
#include "source/SourceManager.hpp"
#include "source/Span.hpp"

#include <epicsdb/dbStatic/Database.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

class DbActions {
public:
    // `recorder` hears every record statement (it keeps them only while it records a plan);
    // `observer` (may be null) is told of what EPICS accepts silently.
    DbActions(dbstatic::Database& db, SourceManager& sources, Reporter& reporter,
              PlanRecorder& recorder, LoadObserver* observer = nullptr,
              ProvenanceLog* provenance = nullptr);

    // A new load: definitions may have changed since the last one.
    void begin();
    // After a syntax error: forget the statement being built (keeping scratch capacity).
    void recover();

    // ---- definitions (DbDefinitionActions.cpp) ----
    void beginMenu(std::string_view name, const Span& at);
    void choice(std::string_view name, const Span& nameAt, std::string_view value);
    void endMenu();
    void beginRecordType(std::string_view name, const Span& at);
    void cdef(std::string_view text);
    void beginFieldDef(std::string_view name, const Span& nameAt, std::string_view type,
                       const Span& typeAt);
    void fieldAttribute(std::string_view attribute, std::string_view value, const Span& valueAt);
    void endFieldDef();
    void endRecordType(const Span& at);
    void device(std::string_view recordType, const Span& typeAt, std::string_view linkType,
                const Span& linkAt, std::string_view dset, std::string_view choice);
    void driver(std::string_view name, const Span& at);
    void registrar(std::string_view name, const Span& at);
    void function(std::string_view name, const Span& at);
    void link(std::string_view name, const Span& nameAt, std::string_view jlif);
    void variable(std::string_view name, const Span& nameAt, std::string_view type);
    void beginBreaktable(std::string_view name, const Span& at);
    void breakpointValue(std::string_view value, const Span& at);
    void endBreaktable(const Span& at);

    // ---- records (DbRecordActions.cpp) ----
    // record(type, name) and grecord(...): `visible` for grecord. A replay adds what it knows
    // (ReplayFacts): what earlier loads learnt from the step is used while it holds.
    void beginRecord(std::string_view type, const Span& typeAt, std::string_view name,
                     const Span& nameAt, bool visible, const ReplayFacts& facts = {});
    void field(std::string_view name, const Span& nameAt, const JsonValue& value,
               const Span& valueAt, const ReplayFacts& facts = {});
    void info(std::string_view name, const Span& nameAt, const JsonValue& value,
              const Span& valueAt);
    void recordAlias(std::string_view alias, const Span& at);
    void alias(std::string_view record, const Span& recordAt, std::string_view alias,
               const Span& aliasAt);
    void endRecord();
    // Whether a record statement is still open (its body is applied by endRecord()).
    [[nodiscard]] bool inRecord() const noexcept { return record_.node || record_.ignoreBody; }
    // LoaderOptions::templateAlone: names and values holding a macro reference are taken as
    // written.
    void setTemplateAlone(bool on) noexcept { templateAlone_ = on; }

    // ---- the fused one-token statements (DbFusedActions.cpp) ----
    // `record(t, n)`, `field(N, v)`, `info(N, v)` and a recordtype's `field(N, DBF_X)`, each
    // lexed as one token: split into their two arguments, then the actions above.
    void fusedRecordHead(std::string_view token, const Span& at);
    void fusedField(std::string_view token, const Span& at);
    void fusedInfo(std::string_view token, const Span& at);
    void fusedFieldDef(std::string_view token, const Span& at);
    // The same with the arguments already split, and what a replay knows.
    void fusedRecordHead(std::string_view token, const Span& at, const FusedArguments& fused,
                         const ReplayFacts& facts = {});
    void fusedField(std::string_view token, const Span& at, const FusedArguments& fused,
                    const ReplayFacts& facts = {});
    void fusedInfo(std::string_view token, const Span& at, const FusedArguments& fused,
                   const ReplayFacts& facts = {});

private:
    bool templateAlone_ = false;
    // Provenance (LoaderOptions::provenance): what each statement did, where. `at` may be any
    // token of the statement: queries find its keyword on the line.
    void noteField(std::uint16_t field, const Span& at) {
        if (provenance_) provenance_->fieldSet(field, sources_.siteOf(at.begin));
    }
    void noteHead(const dbstatic::Record* node, ProvenanceLog::RecordKind kind, const Span& at) {
        // An alias's history is its record's; deleting an alias deletes only the alias.
        if (provenance_)
            provenance_->recordHead(kind == ProvenanceLog::RecordKind::Delete ? node
                                                                              : &node->real(),
                                    kind, sources_.siteOf(at.begin));
    }
    // The record actions without telling the recorder (the fused forms tell it themselves).
    // `nameLine`: the line of the name when the caller knows it (0: look it up); `nameHash`,
    // likewise, its hash (Database::hashRecordName); `plainName`: the name is known to pass
    // checkRecordName silently (plainRecordName).
    void applyRecordHead(std::string_view type, const Span& typeAt, std::string_view name,
                         const Span& nameAt, bool visible, std::uint32_t nameLine,
                         std::optional<dbstatic::Database::NameHash> nameHash = std::nullopt,
                         bool plainName = false);
    // What applyField set when it took the value as written: the field, and the text (a view
    // into the value); no field otherwise (refused, unescaped, or taken from a replay's memo).
    struct FieldSet {
        const dbstatic::FieldDef* field = nullptr;
        std::string_view text;
    };
    FieldSet applyField(std::string_view name, const Span& nameAt, const JsonValue& value,
                        const Span& valueAt, const ReplayFacts& facts);
    void applyInfo(std::string_view name, const Span& nameAt, const JsonValue& value);
    // EPICS-BEHAVIOUR 3.5; false (after reporting) when the name is refused.
    bool checkRecordName(std::string_view name, const Span& at);
    // A replayed field statement whose texts are all as recorded, on a record of the type, under
    // the definitions and options, that an earlier replay accepted it with: the step's memo
    // (its field, and where the setter's text is in the value's); null otherwise.
    // Inline: asked for every replayed field statement.
    [[nodiscard]] const StepMemo* acceptedBefore(const ReplayFacts& facts) const noexcept {
        const StepMemo* memo = facts.memo;
        if (!memo || facts.same != SameText::All || !memo->valueAccepted || !record_.node)
            return nullptr;
        if (memo->type != &record_.node->type() || memo->definitions != db_.definitionsVersion() ||
            !(memo->options == db_.options()))
            return nullptr;
        return memo;
    }
    // The value handed to the field or info setter: quotes removed, escapes translated.
    std::string_view setterValue(const JsonValue& value);
    void reportFieldValue(const dbstatic::Record& node, const dbstatic::FieldDef& field,
                          std::string_view text, const dbstatic::PutStatus& status,
                          const Span& valueAt);
    dbstatic::SourcePosition positionOf(const Span& at, std::uint32_t line = 0);
    // A fused statement whose unquoted argument is a keyword is the syntax error that token by
    // token reading gives (EPICS: `record(ai, include)`); true after reporting it.
    bool refuseKeyword(std::string_view token, const Span& at, const FusedPiece& piece) {
        return piece.keyword && reportKeyword(token, at, piece);
    }
    bool reportKeyword(std::string_view token, const Span& at, const FusedPiece& piece);
    // The same for a statement's first argument, which a replay may know is no keyword.
    bool refuseKeywordName(std::string_view token, const Span& at, const FusedPiece& piece,
                           const ReplayFacts& facts);

    dbstatic::Database& db_;
    SourceManager& sources_;
    Reporter& reporter_;
    PlanRecorder& recorder_;
    LoadObserver* observer_;
    ProvenanceLog* provenance_;

    // Definitions being built (views stay valid until the statement ends).
    struct MenuBuild {
        std::string_view name;
        bool skip = false;
        std::vector<dbstatic::MenuChoice> choices;
        Position firstTooMany{}; // the first choice past Menu::kMaxChoices
    } menu_;
    struct RecordTypeBuild {
        std::string_view name;
        bool skip = false;
        bool empty = true;
        std::vector<dbstatic::FieldDef> fields;
        std::vector<std::string_view> cdefs;
        dbstatic::FieldDef field;
        bool fieldValid = false;
        Position fieldAt{};      // the field being read
        Position firstTooMany{}; // the first field past RecordType::kMaxFields
    } recordType_;
    struct BreaktableBuild {
        std::string_view name;
        bool skip = false;
        std::vector<double> values;
    } breaktable_;

    // The record being read.
    struct RecordBuild {
        dbstatic::Record* node = nullptr;
        bool ignoreBody = false; // "#" deletions, refused heads: body ignored silently
    } record_;
    dbstatic::FieldEdits edits_;
    std::string lastTypeName_; // the last record type looked up, and what it was
    dbstatic::RecordType* lastType_ = nullptr;
    std::uint32_t lastNameSize_ = 0;    // its NAME field's size (0: no limit on names)
    std::vector<std::int64_t> fileIds_; // database file id of each source, -1 until needed
    std::string valueScratch_;
    AcceptedValues accepted_;       // values checked before, across records and loads
    AcceptedStatements statements_; // fused field statements taken before, likewise
};

} // namespace epicsdb::loaders
