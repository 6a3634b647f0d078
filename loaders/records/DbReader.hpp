// One read of a .dbd/.db source into the database: feeds the parser with tokens (splicing
// includes, switching the scanner to JSON for values), carries out every grammar action with
// EPICS's rules (SPEC.md 3.3-3.5), and reports problems with their position.
#pragma once

#include "DbInput.hpp"
#include "FusedStatement.hpp"
#include "JsonValue.hpp"
#include "ReplayPlan.hpp"
#include "records/DbParser.hpp"
#include "source/FileCache.hpp"
#include "source/Reporter.hpp"
#include "source/SourceManager.hpp"

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <deque>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// What a read needs from its Loader.
struct ReadContext {
    dbstatic::Database& db;
    FileCache& files;
    const LoaderOptions& options;
    LoaderCounters& counters;
    // Expands environment references in file names ($(TOP)/db/x.db); false when one is
    // undefined, which makes the open fail as in EPICS.
    std::function<bool(std::string_view, std::string&)> expandFileName;
};

class DbReader {
public:
    using Parser = dbgrammar::DbParser;

    // One reader serves every load of a Loader, so its buffers, scanners and parser stack are
    // reused: begin() starts a load.
    DbReader(ReadContext context, SourceManager& sources, Reporter& reporter,
             LineExpander* expander);
    ~DbReader();

    // Starts a load: the search list of the load, and whether every file is to be found among
    // the definitions compiled into the library (and nowhere else).
    void begin(const std::vector<std::string>& searchPath, bool embeddedOnly);

    // Reads `name` (searched on the path) to its end. False when it could not be opened.
    bool readFile(std::string_view name);
    // Reads text held in memory under `name`.
    void readText(std::string_view name, std::string_view text);

    // ---- parser interface ----
    Parser::symbol_type nextSymbol();
    void recover();
    void endItem();
    void syntaxError(const Span& at, std::string_view found,
                     const std::vector<std::string>& expected);
    void parserMessage(const Span& at, const std::string& message);

    void onPath(std::string_view value, const Span& at, bool append);
    void beginMenu(std::string_view name, const Span& at);
    void onChoice(std::string_view name, const Span& nameAt, std::string_view value,
                  const Span& valueAt);
    void endMenu(const Span& at);
    void beginRecordType(std::string_view name, const Span& at);
    void onCdef(std::string_view text, const Span& at);
    void beginFieldDef(std::string_view name, const Span& nameAt, std::string_view type,
                       const Span& typeAt);
    void onFieldAttribute(std::string_view attribute, const Span& attributeAt,
                          std::string_view value, const Span& valueAt);
    void endFieldDef(const Span& at);
    void endRecordType(const Span& at);
    void onDevice(std::string_view recordType, const Span& typeAt, std::string_view linkType,
                  const Span& linkAt, std::string_view dset, const Span& dsetAt,
                  std::string_view choice, const Span& choiceAt);
    void onDriver(std::string_view name, const Span& at);
    void onRegistrar(std::string_view name, const Span& at);
    void onFunction(std::string_view name, const Span& at);
    void onLink(std::string_view name, const Span& nameAt, std::string_view jlif,
                const Span& jlifAt);
    void onVariable(std::string_view name, const Span& nameAt, std::string_view type,
                    const Span& typeAt);
    void beginBreaktable(std::string_view name, const Span& at);
    void onBreakpointValue(std::string_view value, const Span& at);
    void endBreaktable(const Span& at);
    void beginRecord(std::string_view type, const Span& typeAt, std::string_view name,
                     const Span& nameAt, bool visible);
    void onField(std::string_view name, const Span& nameAt, const JsonValue& value,
                 const Span& valueAt);
    void onInfo(std::string_view name, const Span& nameAt, const JsonValue& value,
                const Span& valueAt);
    void onRecordAlias(std::string_view alias, const Span& at);
    void onAlias(std::string_view record, const Span& recordAt, std::string_view alias,
                 const Span& aliasAt);
    void endRecord();
    // The fused one-token forms (see DbLexer.l): split, then the same actions.
    void onFusedRecordHead(std::string_view text, const Span& at);
    void onFusedField(std::string_view text, const Span& at);
    void onFusedInfo(std::string_view text, const Span& at);
    void onFusedFieldDef(std::string_view text, const Span& at);

    // Storage for text the grammar builds (JSON objects and arrays), kept until the current
    // top-level item ends. References stay valid (a deque never moves its elements).
    std::string& newText() { return builtTexts_.emplace_back(); }
    std::string_view joinText(std::string_view a, std::string_view b, std::string_view c) {
        std::string& text = newText();
        text.reserve(a.size() + b.size() + c.size());
        text.append(a).append(b).append(c);
        return text;
    }

private:
    // The actions behind the grammar-facing ones, shared with the fused forms and replays.
    void doBeginRecord(std::string_view type, const Span& typeAt, std::string_view name,
                       const Span& nameAt, bool visible);
    void doField(std::string_view name, const Span& nameAt, const JsonValue& value,
                 const Span& valueAt);
    void doInfo(std::string_view name, const Span& nameAt, const JsonValue& value,
                const Span& valueAt);
    void doFusedRecordHead(std::string_view text, const Span& at, const FusedArguments& fused);
    void doFusedField(std::string_view text, const Span& at, const FusedArguments& fused);
    void doFusedInfo(std::string_view text, const Span& at, const FusedArguments& fused);
    void doRecordAlias(std::string_view alias, const Span& at);
    void doAlias(std::string_view record, const Span& recordAt, std::string_view alias,
                 const Span& aliasAt);
    void doEndRecord();

    // Replay plans (DbReplay.cpp).
    void startRecording(const CachedFile& file, ReplayPlans::Slot& slot, std::uint32_t source);
    void recordToken(DbTok kind, const Span& span, std::string_view text, bool lexedInJson);
    void recordStep(ReplayPlan::Action action, const Span* a = nullptr, const Span* b = nullptr,
                    bool flag = false);
    void abandonRecording() noexcept;
    void finishRecording();
    // Does the reading of a cached file again from its plan; false (having done nothing) when
    // this load's lines with '$' do not give the tokens the plan expects.
    bool replay(const ReplayPlan& plan, std::uint32_t source);

    // A fused statement whose unquoted name is a keyword: a syntax error, as token by token.
    bool refuseKeyword(std::string_view token, const Span& at, const FusedPiece& piece);
    void parse();
    bool openInclude(std::string_view name, const Span& at);
    bool pushResolved(std::string_view name, const Position* parent, std::string relation,
                      CachedFile** cachedOut = nullptr);
    void trackValueState(DbTok kind);
    // SPEC 3.5; false (after reporting) when the name is refused.
    bool checkRecordName(std::string_view name, const Span& at);
    // The value handed to the field or info setter: quotes removed, escapes translated.
    std::string_view setterValue(const JsonValue& value);

    ReadContext context_;
    bool embeddedOnly_ = false;
    std::unique_ptr<Parser> parser_;
    dbstatic::Database& db_;
    SourceManager& sources_;
    Reporter& reporter_;
    DbInput input_;
    std::unique_ptr<CachedFile> ownText_; // readText(): the text being read
    std::vector<std::string> searchPath_;

    // Token stream state.
    DbLexeme lexeme_;
    std::string_view lastText_;
    DbTok lastKind_ = DbTok::End;
    enum class ValueState { Idle, Keyword, Paren, Name, InValue } valueState_ = ValueState::Idle;
    bool inRecordStatement_ = false;
    int braceDepth_ = 0;
    unsigned jsonDepth_ = 0;
    bool jsonTooDeep_ = false;
    bool skippingStatement_ = false; // after an error, until the next top-level statement
    std::size_t errorsBeforeValue_ = 0;

    // Definitions being built (views stay valid until the item ends: chunks live that long).
    struct MenuBuild {
        std::string_view name;
        bool skip = false;
        std::vector<dbstatic::MenuChoice> choices;
    } menu_;
    struct RecordTypeBuild {
        std::string_view name;
        bool skip = false;
        bool empty = true;
        std::vector<dbstatic::FieldDef> fields;
        std::vector<std::string_view> cdefs;
        dbstatic::FieldDef field;
        bool fieldValid = false;
        bool sizeGiven = false;
        bool extraGiven = false;
    } recordType_;
    struct BreaktableBuild {
        std::string_view name;
        bool skip = false;
        std::vector<double> values;
        Span firstValue{};
    } breaktable_;

    // The record being read.
    struct RecordBuild {
        dbstatic::Record* node = nullptr;
        bool ignoreBody = false; // "#" deletions, refused heads: body ignored silently
    } record_;
    dbstatic::FieldEdits edits_;
    std::string lastTypeName_; // the last record type looked up, and what it was
    dbstatic::RecordType* lastType_ = nullptr;
    std::vector<std::int64_t> fileIds_; // database file id of each source, -1 until needed
    std::string valueScratch_;
    std::deque<std::string> builtTexts_;

    ReplayPlans plans_;
    std::unique_ptr<PlanRecording> recording_;
    struct ReplayToken {
        std::string_view text;
        Span span;
    };
    std::vector<ReplayToken> replayTokens_;
    std::vector<std::uint32_t> dollarLineStarts_; // where each '$' line starts in replayText_
    std::vector<std::uint32_t> dollarLines_;      // and which line of the file it is
    std::string replayText_;
    DbScanner replayScanner_;
};

} // namespace epicsdb::loaders
