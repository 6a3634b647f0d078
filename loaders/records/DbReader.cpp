// The token side of a read: the parser's token stream, includes, the INITIAL/JSON switch,
// lexical and syntax errors, and whether a cached file is parsed or replayed.
#include "DbReader.hpp"

#include "source/SearchPath.hpp"
#include "source/SyntaxMessage.hpp"
#include "source/TextFile.hpp"

#include <thread>

namespace epicsdb::loaders {

using Parser = dbgrammar::DbParser;

DbReader::DbReader(ReadContext context, SourceManager& sources, Reporter& reporter,
                   LineExpander* expander)
    : context_(std::move(context)), sources_(sources), reporter_(reporter),
      input_(sources, reporter, expander, context_.counters),
      actions_(context_.db, sources, reporter, recorder_, context_.observer, context_.provenance),
      replayer_(sources, actions_, context_.db),
      parser_(std::make_unique<Parser>(*this, actions_)) {
    input_.setFusedStatements(context_.fastPaths);
    input_.setTemplateAlone(context_.templateAlone);
    actions_.setTemplateAlone(context_.templateAlone);
    input_.setMaxFileBytes(context_.maxFileBytes);
    const unsigned cores = context_.jobs ? context_.jobs : std::thread::hardware_concurrency();
    input_.setLexAhead(cores > 1, context_.parallelPieceBytes, &context_.db);
}

DbReader::~DbReader() = default;

void DbReader::begin(const std::vector<std::string>& searchPath, bool embeddedOnly) {
    searchPath_.assign(searchPath.begin(), searchPath.end());
    embeddedOnly_ = embeddedOnly;
    input_.reset();
    lexeme_ = {};
    lastText_ = {};
    lastKind_ = DbTok::End;
    values_.reset();
    errorsBeforeValue_ = 0;
    skippingStatement_ = false;
    builtTexts_.clear();
    recorder_.stop();
    actions_.begin();
}

bool DbReader::readFile(std::string_view name) {
    CachedFile* cached = nullptr;
    lastFile_ = nullptr;
    if (!pushResolved(name, nullptr, &cached)) return false;
    lastFile_ = cached;
    // A cached file read before is replayed from its plan when this load allows it.
    const std::uint32_t source = input_.currentSource();
    ReplayPlans::Slot* slot = cached && context_.fastPaths ? &plans_.of(*cached) : nullptr;
    // The '$' line tokens may have been lexed ahead, with the text (TemplateAhead).
    const PreparedExpansion* taken = input_.takenExpansion();
    const std::vector<DollarToken>* ahead =
        slot && slot->plan && taken && taken->plan == slot->plan.get() ? &taken->dollarTokens
                                                                       : nullptr;
    if (slot && slot->plan && replayer_.replay(*slot->plan, source, ahead)) {
        ++context_.counters.replays;
        input_.reset();
        return true;
    }
    if (slot && !slot->plan && slot->attempts < ReplayPlans::kMaxAttempts)
        recorder_.start(*cached, *slot, sources_.source(source), source);
    parse();
    recorder_.finish();
    return true;
}

void DbReader::readText(std::string_view name, std::string_view text) {
    // Text in memory is not cached: the same name may come with other text next time.
    ownText_ = CachedFile::of(text);
    const std::uint32_t source = sources_.addSource(std::string(name));
    if (context_.provenance)
        context_.provenance->openSource(source, name, {}, ownText_.get(), ProvenanceLog::kNone, 0,
                                        0);
    input_.pushCached(source, "text:" + std::string(name), *ownText_);
    parse();
}

void DbReader::parse() {
    // A new parse starts where the parser awaits an item.
    inRecordBody_ = false;
    awaitingItem_ = true;
    record_ = OwnRecord::None;
    lastReturned_ = DbTok::End;
    queued_.clear();
    nextQueued_ = 0;
    parser_->parse();
    if (actions_.inRecord()) actions_.endRecord();
    input_.finishFiles();
}

bool DbReader::pushResolved(std::string_view name, const Position* parent, CachedFile** cached) {
    auto fail = [&](std::string message) {
        if (parent)
            reporter_.error(*parent, "include-open", std::move(message));
        else
            reporter_.reportAt(Severity::Error, {std::string(name), 0, 0}, "file-open",
                               std::move(message));
        return false;
    };
    using Embedded = FileSearch::Embedded;
    const LoadEnvironment* environment = context_.environment;
    const FileSearch search{searchPath_, context_.includeDirs,
                            embeddedOnly_               ? Embedded::Only
                            : context_.embeddedFallback ? Embedded::Fallback
                                                        : Embedded::Never,
                            environment ? *environment : maclib::processEnvironment(),
                            environment ? environment->workingDirectory() : ""};
    FoundFile found = findFile(name, search);
    if (!found.file) return fail(std::move(found.problem));
    const ResolvedFile& resolved = *found.file;
    // What include cycles are told by (an embedded file and a file on disk may share a name).
    std::string embeddedIdentity;
    std::string_view identity = resolved.path;
    if (resolved.embedded) identity = embeddedIdentity = "embedded:" + resolved.path;
    if (input_.isOpen(identity))
        return fail("\"" + std::string(name) + "\" includes itself (include cycle)");
    if (input_.depth() >= context_.maxIncludeDepth)
        return fail("includes nested more than " + std::to_string(context_.maxIncludeDepth) +
                    " deep");

    const std::uint32_t source = sources_.addSource(resolved.shownName, parent);
    // Provenance: this opening of the file, by the including statement's line.
    auto noteSource = [&](const CachedFile* text) {
        if (!context_.provenance) return;
        StatementSite at{ProvenanceLog::kNone, 0, 0};
        if (parent) at = sources_.siteOf(*parent);
        context_.provenance->openSource(source, resolved.shownName,
                                        resolved.embedded ? std::string_view() : resolved.path,
                                        text, at.source, at.line, at.column);
    };
    if (resolved.embedded) {
        CachedFile* file = context_.files.put(embeddedIdentity, resolved.embeddedText);
        noteSource(file);
        input_.pushCached(source, identity, *file);
        return true;
    }
    bool tooLarge = false;
    std::string error;
    CachedFile* file = context_.files.get(resolved.path, tooLarge, error);
    noteSource(file);
    if (file) {
        if (context_.observer && !file->observed) {
            file->observed = true;
            context_.observer->fileRead(resolved.shownName, file->content());
        }
        input_.pushCached(source, identity, *file);
        if (cached) *cached = file;
    } else if (!tooLarge || !input_.pushStream(source, resolved.path, error)) {
        return fail("can't read \"" + resolved.shownName + "\": " + error);
    } else if (context_.observer) {
        // Too large to keep: read once more, whole, for the observer alone (lint).
        std::string text;
        std::string ignored;
        if (readTextFile(resolved.path, text, ignored))
            context_.observer->fileRead(resolved.shownName, text);
    }
    return true;
}

bool DbReader::openInclude(std::string_view name, const Span& at) {
    return pushResolved(name, &at.begin, nullptr);
}

void DbReader::path(std::string_view value, bool append) {
    std::vector<std::string> dirs = splitDbPath(value);
    if (!append) searchPath_.clear();
    searchPath_.insert(searchPath_.end(), dirs.begin(), dirs.end());
}

void DbReader::fusedRecordHead(std::string_view token, const Span& at) {
    if (const FusedArguments* fused = input_.splitBefore(token))
        actions_.fusedRecordHead(token, at, *fused);
    else
        actions_.fusedRecordHead(token, at);
}

void DbReader::fusedField(std::string_view token, const Span& at) {
    if (const FusedArguments* fused = input_.splitBefore(token))
        actions_.fusedField(token, at, *fused);
    else
        actions_.fusedField(token, at);
}

void DbReader::fusedInfo(std::string_view token, const Span& at) {
    if (const FusedArguments* fused = input_.splitBefore(token))
        actions_.fusedInfo(token, at, *fused);
    else
        actions_.fusedInfo(token, at);
}

namespace {
// The parser token of each DbTok (in DbTok order) and whether it carries its text.
struct TokenMapping {
    Parser::token_kind_type kind;
    bool hasText;
};
using T = Parser::token;
constexpr TokenMapping kTokenMappings[] = {
    {T::TOK_END, false},        {T::TOK_YYerror, false},        {T::TOK_PATH, false},
    {T::TOK_ADDPATH, false},    {T::TOK_MENU, false},           {T::TOK_CHOICE, false},
    {T::TOK_RECORDTYPE, false}, {T::TOK_FIELD, false},          {T::TOK_DEVICE, false},
    {T::TOK_DRIVER, false},     {T::TOK_LINK, false},           {T::TOK_BREAKTABLE, false},
    {T::TOK_RECORD, false},     {T::TOK_GRECORD, false},        {T::TOK_ALIAS, false},
    {T::TOK_INFO, false},       {T::TOK_REGISTRAR, false},      {T::TOK_FUNCTION, false},
    {T::TOK_VARIABLE, false},   {T::TOK_BAREWORD, true},        {T::TOK_STRING, true},
    {T::TOK_CDEF, true},        {T::TOK_LBRACE, false},         {T::TOK_RBRACE, false},
    {T::TOK_LPAREN, false},     {T::TOK_RPAREN, false},         {T::TOK_COMMA, false},
    {T::TOK_JNULL, false},      {T::TOK_JTRUE, false},          {T::TOK_JFALSE, false},
    {T::TOK_JSTRING, true},     {T::TOK_JNUMBER, true},         {T::TOK_JBARE, true},
    {T::TOK_JCOLON, false},     {T::TOK_JLBRACKET, false},      {T::TOK_JRBRACKET, false},
    {T::TOK_RECORD_HEAD, true}, {T::TOK_FIELD_STATEMENT, true}, {T::TOK_INFO_STATEMENT, true},
    {T::TOK_YYerror, false},    {T::TOK_YYerror, false},        {T::TOK_YYerror, false},
};
static_assert(std::size(kTokenMappings) == static_cast<std::size_t>(DbTok::BadJsonStringChar) + 1,
              "one mapping per DbTok");

} // namespace

bool DbReader::reportLexicalError(DbTok kind, const Span& span) {
    recorder_.abandon();
    // While the parser skips a statement in error, more bad characters of it are noise.
    if (skippingStatement_) return false;
    skippingStatement_ = true;
    if (kind == DbTok::BadChar)
        reporter_.error(span.begin, "invalid-character",
                        "invalid character " +
                            describeChar(lexeme_.text.empty() ? '\0' : lexeme_.text.front()));
    else if (kind == DbTok::NewlineInString)
        reporter_.error(span.begin, "unterminated-string",
                        "newline in string, closing quote missing");
    else
        reporter_.error(span.begin, "json-string", "bad character in JSON string");
    return true;
}

// An error token for the parser, which then recovers.
Parser::symbol_type DbReader::errorSymbol(const Span& at) {
    return handOver(Parser::make_YYerror(at), DbTok::BadChar);
}

// The parser gets `symbol` (of `kind`), after what it has not seen of a record this reader
// began by itself: the head (its action already run) and the '{'.
Parser::symbol_type DbReader::handOver(Parser::symbol_type symbol, DbTok kind) {
    if (record_ == OwnRecord::None) {
        // A record head and its '{' always reach the parser's record body (error recovery
        // never throws a record head away: the rules with `error` are a whole item and the
        // rest of a record head, which never holds one); the '}' of that body ends the item.
        awaitingItem_ = kind == DbTok::RBrace && inRecordBody_;
        inRecordBody_ = kind == DbTok::LBrace && lastReturned_ == DbTok::RecordHead;
        lastReturned_ = kind;
        return symbol;
    }
    const bool body = record_ == OwnRecord::Body;
    record_ = OwnRecord::None;
    awaitingItem_ = inRecordBody_ = false;
    lastReturned_ = kind;
    queued_.clear();
    nextQueued_ = 0;
    if (body) queued_.push_back(Parser::make_LBRACE(braceAt_));
    queued_.push_back(std::move(symbol));
    return Parser::make_RECORD_HEAD_DONE(headAt_);
}

Parser::symbol_type DbReader::nextSymbol() {
    if (nextQueued_ < queued_.size()) return std::move(queued_[nextQueued_++]);
    Span span;
    for (;;) {
        const DbTok kind = input_.next(lexeme_, span);
        lastText_ = lexeme_.text;
        lastKind_ = kind;
        switch (kind) {
        case DbTok::Include: {
            DbLexeme name;
            Span nameSpan;
            const DbTok nameKind = input_.next(name, nameSpan);
            recorder_.abandon();
            if (nameKind != DbTok::String && nameKind != DbTok::Bareword) {
                reporter_.error(nameSpan.begin, "syntax", "expected a file name after 'include'");
                lastText_ = name.text;
                return errorSymbol(nameSpan);
            }
            values_.include();
            openInclude(name.text, span);
            continue;
        }
        case DbTok::BadChar:
        case DbTok::NewlineInString:
        case DbTok::BadJsonStringChar:
            if (!reportLexicalError(kind, span)) continue;
            return errorSymbol(span);
        default:
            break;
        }
        // Where the parser resumes after an error: a token that only begins a top-level statement.
        if (skippingStatement_ && (isRecordHead(kind) || isDefinitionKeyword(kind)))
            skippingStatement_ = false;
        recorder_.token(kind, span, lexeme_.text, values_.inValue());
        // Where the parser would shift a fused statement and reduce it at once with nothing
        // else to do, its action runs here, and the parser is handed the next token (the
        // parser was a fifth of a flat file's load): the items of a record body opened by a
        // fused head, and whole records of fused statements where the parser awaits an item.
        if (inRecordBody_ && (kind == DbTok::FieldStatement || kind == DbTok::InfoStatement) &&
            values_.idle()) {
            const FusedArguments* split = input_.lastSplit();
            if (kind == DbTok::FieldStatement)
                split ? actions_.fusedField(lexeme_.text, span, *split)
                      : actions_.fusedField(lexeme_.text, span);
            else
                split ? actions_.fusedInfo(lexeme_.text, span, *split)
                      : actions_.fusedInfo(lexeme_.text, span);
            continue;
        }
        switch (values_.observe(kind)) {
        case ValueTracker::Switch::ToJson:
            errorsBeforeValue_ = reporter_.errors();
            input_.setJson(true);
            break;
        case ValueTracker::Switch::ToInitial:
            input_.setJson(false);
            break;
        case ValueTracker::Switch::None:
            break;
        }
        switch (values_.nesting(kind, context_.maxNestingDepth)) {
        case ValueTracker::Nesting::Within:
            break;
        case ValueTracker::Nesting::TooDeep:
            // A value already in error (the parser is recovering) needs no second message.
            if (reporter_.errors() != errorsBeforeValue_) continue;
            reporter_.error(span.begin, "nesting-too-deep",
                            "value nested more than " + std::to_string(context_.maxNestingDepth) +
                                " levels deep");
            recorder_.abandon();
            return errorSymbol(span);
        case ValueTracker::Nesting::Swallowed:
            continue;
        }
        if (awaitingItem_ && kind == DbTok::RecordHead) {
            if (const FusedArguments* split = input_.lastSplit()) {
                ReplayFacts facts;
                facts.nameLine = input_.lastLine();
                actions_.fusedRecordHead(lexeme_.text, span, *split, facts);
            } else
                actions_.fusedRecordHead(lexeme_.text, span);
            awaitingItem_ = false;
            record_ = OwnRecord::Head;
            headAt_ = span;
            continue;
        }
        if (record_ == OwnRecord::Head && kind == DbTok::LBrace) {
            record_ = OwnRecord::Body;
            braceAt_ = span;
            inRecordBody_ = true;
            continue;
        }
        if (record_ == OwnRecord::Body && kind == DbTok::RBrace) {
            record_ = OwnRecord::None;
            inRecordBody_ = false;
            actions_.endRecord();
            endItem();
            awaitingItem_ = true;
            continue;
        }
        if (isFusedStatement(kind)) input_.keepLastSplit(lexeme_.text);
        const TokenMapping& mapping = kTokenMappings[static_cast<std::size_t>(kind)];
        if (mapping.hasText)
            return handOver(Parser::symbol_type(mapping.kind, lexeme_.text, span), kind);
        return handOver(Parser::symbol_type(mapping.kind, span), kind);
    }
}

void DbReader::syntaxError(const Span& at, std::string_view found,
                           const std::vector<std::string>& expected) {
    skippingStatement_ = true;
    recorder_.abandon();
    const bool quotable = lastKind_ == DbTok::Bareword || lastKind_ == DbTok::String ||
                          lastKind_ == DbTok::JBare || lastKind_ == DbTok::JString ||
                          lastKind_ == DbTok::JNumber;
    std::string message = syntaxErrorMessage(expected, found, quotable ? lastText_ : "");
    reporter_.error(at.begin, "syntax", std::move(message));
}

void DbReader::parserMessage(const Span& at, const std::string& message) {
    recorder_.abandon();
    reporter_.error(at.begin, "syntax", message);
}

void DbReader::recover() {
    // The parser has thrown away the statement in error; start clean at the next one.
    actions_.recover();
    builtTexts_.clear();
}

void DbReader::endItem() {
    sources_.releaseOldChunks();
    if (!builtTexts_.empty()) builtTexts_.clear();
}

std::string_view DbReader::joinText(std::string_view a, std::string_view b, std::string_view c) {
    std::string& text = newText();
    text.reserve(a.size() + b.size() + c.size());
    text.append(a).append(b).append(c);
    return text;
}

} // namespace epicsdb::loaders
