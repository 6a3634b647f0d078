// One read of a .dbd/.db source into the database: the token stream for the parser (includes
// spliced in, the scanner switched to JSON for values), lexical and syntax errors, path and
// addpath, and the choice between parsing a cached file and replaying its plan. What the
// statements mean is DbActions'.
#pragma once

#include "DbActions.hpp"
#include "DbInput.hpp"
#include "PlanRecorder.hpp"
#include "PlanReplayer.hpp"
#include "ReplayPlan.hpp"
#include "ValueTracker.hpp"
#include "records/DbParser.hpp"
#include "source/FileCache.hpp"
#include "source/Reporter.hpp"
#include "source/SourceManager.hpp"

#include <epicsdb/dbStatic/Database.hpp>
#include <epicsdb/loaders/LoadEnvironment.hpp>
#include <epicsdb/loaders/LoadObserver.hpp>

#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

// What a read needs from the Loader that owns it.
struct ReadContext {
    dbstatic::Database& db;
    FileCache& files;
    LoaderCounters& counters;
    const std::vector<std::string>& includeDirs; // searched after the load's path
    bool embeddedFallback;    // a file found nowhere may be one compiled into the library
    unsigned maxIncludeDepth; // bounds against hostile input
    unsigned maxNestingDepth; // of JSON values
    std::uint64_t maxFileBytes;
    bool fastPaths = true; // replay plans (and the scanner's fused statements)
    unsigned jobs = 1;     // LoaderOptions::jobs
    std::size_t parallelPieceBytes = 0;
    // Environment variables and working directory of the loads; null: the process's.
    const LoadEnvironment* environment = nullptr;
    LoadObserver* observer = nullptr;    // LoaderOptions::observer
    bool templateAlone = false;          // LoaderOptions::templateAlone
    ProvenanceLog* provenance = nullptr; // LoaderOptions::provenance's
};

class DbReader {
public:
    using Parser = dbgrammar::DbParser;

    // One reader serves every load of a Loader, so its buffers, scanners, parser stack and
    // replay plans are reused: begin() starts a load.
    DbReader(ReadContext context, SourceManager& sources, Reporter& reporter,
             LineExpander* expander);
    ~DbReader();

    // Starts a load: its search path, and whether every file is to be found among the
    // definitions compiled into the library (and nowhere else).
    void begin(const std::vector<std::string>& searchPath, bool embeddedOnly);
    // Reads `name` (searched on the path) to its end. False when it could not be opened.
    bool readFile(std::string_view name);
    // The expansion of the next file read, prepared ahead (DbInput::offerExpansion).
    void offerExpansion(PreparedExpansion* prepared) noexcept { input_.offerExpansion(prepared); }
    // The cached file the last readFile() read (null when it was not cached).
    [[nodiscard]] const CachedFile* lastFile() const noexcept { return lastFile_; }
    // Its replay plan, once it has one (plans are kept, unchanged, for the Loader's life).
    [[nodiscard]] const ReplayPlan* lastPlan() noexcept {
        return lastFile_ ? plans_.of(*lastFile_).plan.get() : nullptr;
    }
    // Reads text held in memory under `name`.
    void readText(std::string_view name, std::string_view text);

    // ---- for the parser ----
    [[nodiscard]] DbActions& actions() noexcept { return actions_; }
    Parser::symbol_type nextSymbol();
    void syntaxError(const Span& at, std::string_view found,
                     const std::vector<std::string>& expected);
    void parserMessage(const Span& at, const std::string& message);
    // The parser threw a statement away (error recovery).
    void recover();
    // The parser reads the body of a record whose head it threw away: the body's errors are
    // reported again.
    void resumeInBody() noexcept { skippingStatement_ = false; }
    // A top-level statement ended.
    void endItem();
    void path(std::string_view value, bool append);
    // The fused statements (DbActions), with the arguments the worker split when it did.
    void fusedRecordHead(std::string_view token, const Span& at);
    void fusedField(std::string_view token, const Span& at);
    void fusedInfo(std::string_view token, const Span& at);
    // Storage for text the grammar builds (JSON objects and arrays), kept until the current
    // top-level statement ends. References stay valid (a deque never moves its elements).
    std::string& newText() { return builtTexts_.emplace_back(); }
    std::string_view joinText(std::string_view a, std::string_view b, std::string_view c);

private:
    void parse();
    bool openInclude(std::string_view name, const Span& at);
    // Opens `name` through the search path on top of the input stack; `parent` is where an
    // include names it (null for the file loaded).
    bool pushResolved(std::string_view name, const Position* parent, CachedFile** cached);
    // A lexical error token: reported once per statement; false to skip it silently.
    bool reportLexicalError(DbTok kind, const Span& span);
    Parser::symbol_type errorSymbol(const Span& at);
    Parser::symbol_type handOver(Parser::symbol_type symbol, DbTok kind);

    ReadContext context_;
    SourceManager& sources_;
    Reporter& reporter_;
    DbInput input_;
    PlanRecorder recorder_;
    DbActions actions_;
    ReplayPlans plans_;
    PlanReplayer replayer_;
    std::unique_ptr<Parser> parser_;
    std::shared_ptr<CachedFile> ownText_; // readText(): the text being read
    std::vector<std::string> searchPath_;
    bool embeddedOnly_ = false;
    const CachedFile* lastFile_ = nullptr;

    // Token stream state.
    DbLexeme lexeme_;
    std::string_view lastText_;
    DbTok lastKind_ = DbTok::End;
    // What nextSymbol knows of the parser's state, to run fused statements without it: the
    // last token handed over; whether the parser awaits the next item of a record body opened
    // by a fused head, or the next top-level item; a record this reader began by itself (its
    // head, and its '{'), and the tokens the parser is owed when the record is not all fused.
    enum class OwnRecord : std::uint8_t { None, Head, Body };
    DbTok lastReturned_ = DbTok::End;
    bool inRecordBody_ = false;
    bool awaitingItem_ = false;
    OwnRecord record_ = OwnRecord::None;
    Span headAt_;
    Span braceAt_;
    std::vector<Parser::symbol_type> queued_;
    std::size_t nextQueued_ = 0;
    ValueTracker values_;
    bool skippingStatement_ = false; // after an error, until the next top-level statement
    std::size_t errorsBeforeValue_ = 0;
    std::deque<std::string> builtTexts_;
};

} // namespace epicsdb::loaders
