// The token side of a read: parser driving, includes, the INITIAL/JSON switch, lexical and
// syntax errors. Grammar actions are in DbDefinitionActions.cpp and DbRecordActions.cpp.
#include "DbReader.hpp"
#include "source/SearchPath.hpp"
#include "source/SyntaxMessage.hpp"

#include <epicsdb/db/EmbeddedDefinitions.hpp>

#include <epicsdb/dbStatic/Values.hpp>

#include <algorithm>
#include <cstdio>

namespace epicsdb::loaders {

using Parser = dbgrammar::DbParser;

DbReader::DbReader(ReadContext context, SourceManager& sources, Reporter& reporter,
                   LineExpander* expander)
    : context_(std::move(context)), parser_(std::make_unique<Parser>(*this)), db_(context_.db),
      sources_(sources), reporter_(reporter),
      input_(sources, reporter, expander, context_.counters) {}

DbReader::~DbReader() = default;

void DbReader::begin(const std::vector<std::string>& searchPath, bool embeddedOnly) {
    searchPath_.assign(searchPath.begin(), searchPath.end());
    embeddedOnly_ = embeddedOnly;
    input_.reset();
    lexeme_ = {};
    lastText_ = {};
    lastKind_ = DbTok::End;
    valueState_ = ValueState::Idle;
    inRecordStatement_ = false;
    braceDepth_ = 0;
    jsonDepth_ = 0;
    jsonTooDeep_ = false;
    errorsBeforeValue_ = 0;
    skippingStatement_ = false;
    recover();
    fileIds_.clear();
    lastType_ = nullptr; // definitions may have changed since the last load
    lastTypeName_.clear();
}

bool DbReader::readFile(std::string_view name) {
    CachedFile* cached = nullptr;
    if (!pushResolved(name, nullptr, {}, &cached)) return false;
    // A cached file read before is replayed from its plan when this load allows it.
    const std::uint32_t source = input_.currentSource();
    ReplayPlans::Slot* slot = cached ? &plans_.of(*cached) : nullptr;
    if (slot && slot->plan && replay(*slot->plan, source)) {
        input_.reset();
        return true;
    }
    if (slot && !slot->plan && slot->attempts < ReplayPlans::kMaxAttempts)
        startRecording(*cached, *slot, source);
    parse();
    finishRecording();
    return true;
}

void DbReader::readText(std::string_view name, std::string_view text) {
    // Text in memory is not cached: the same name may come with other text next time.
    ownText_ = std::make_unique<CachedFile>();
    ownText_->text.reserve(text.size() + 2);
    ownText_->text.append(text);
    ownText_->text.append(2, '\0');
    ownText_->hasDollar = text.find('$') != std::string_view::npos;
    const std::uint32_t source = sources_.addSource(std::string(name));
    input_.pushCached(source, "text:" + std::string(name), *ownText_);
    parse();
}

void DbReader::parse() {
    parser_->parse();
    if (record_.node || record_.ignoreBody) doEndRecord();
}

// Opens `name` through the search path on top of the input stack.
bool DbReader::pushResolved(std::string_view name, const Position* parent, std::string relation,
                            CachedFile** cachedOut) {
    std::string expanded;
    auto fail = [&](std::string message) {
        if (parent)
            reporter_.error(*parent, "include-open", std::move(message));
        else
            reporter_.reportAt(Severity::Error, {std::string(name), 0, 0}, "file-open",
                               std::move(message));
        return false;
    };
    if (!context_.expandFileName(name, expanded))
        return fail("can't open \"" + std::string(name) +
                    "\": the name refers to an undefined environment variable");
    std::vector<std::string> dirs = searchPath_;
    dirs.insert(dirs.end(), context_.options.includeDirs.begin(),
                context_.options.includeDirs.end());
    std::optional<ResolvedFile> resolved;
    if (embeddedOnly_) {
        if (auto text = db::embeddedDefinitionFile(expanded))
            resolved = ResolvedFile{expanded, "<epicsdb>/" + expanded, *text, true};
    } else {
        resolved = resolveFile(expanded, dirs, context_.options.embeddedDefinitions);
    }
    if (!resolved) {
        std::string where;
        for (const std::string& dir : dirs)
            where += (where.empty() ? "" : ":") + dir;
        return fail("can't open \"" + std::string(name) + "\"" +
                    (dirs.empty() ? std::string() : " (searched " + where + ")"));
    }
    const std::string identity = (resolved->embedded ? "embedded:" : "") + resolved->path;
    if (input_.isOpen(identity))
        return fail("\"" + std::string(name) + "\" includes itself (include cycle)");
    if (input_.depth() >= context_.options.maxIncludeDepth)
        return fail("includes nested more than " +
                    std::to_string(context_.options.maxIncludeDepth) + " deep");

    const std::uint32_t source = sources_.addSource(resolved->shownName, parent, relation);
    if (resolved->embedded) {
        input_.pushCached(source, identity, *context_.files.put(identity, resolved->embeddedText));
    } else {
        bool tooLarge = false;
        std::string error;
        if (CachedFile* cached = context_.files.get(resolved->path, tooLarge, error)) {
            input_.pushCached(source, identity, *cached);
            if (cachedOut) *cachedOut = cached;
        } else if (!tooLarge || !input_.pushStream(source, resolved->path, error)) {
            return fail("can't read \"" + resolved->shownName + "\": " + error);
        }
    }
    return true;
}

bool DbReader::openInclude(std::string_view name, const Span& at) {
    return pushResolved(name, &at.begin, "included from");
}

// Switches the scanner to JSON for the value of field(NAME, value) and info(NAME, value) in a
// record body, and back after its closing parenthesis (the reader sees every token first).
void DbReader::trackValueState(DbTok kind) {
    if (valueState_ == ValueState::InValue) {
        switch (kind) {
        case DbTok::LBrace:
        case DbTok::JLBracket:
            ++jsonDepth_;
            break;
        case DbTok::RBrace:
        case DbTok::JRBracket:
            if (jsonDepth_ > 0) {
                --jsonDepth_;
                break;
            }
            // A '}' at depth 0 is the record's own: the value was not closed.
            if (kind == DbTok::RBrace) --braceDepth_;
            [[fallthrough]];
        case DbTok::RParen:
            if (jsonDepth_ == 0) {
                input_.setJson(false);
                valueState_ = ValueState::Idle;
            }
            break;
        default:
            break;
        }
        return;
    }
    switch (kind) {
    case DbTok::Record:
    case DbTok::Grecord:
    case DbTok::RecordHead:
        inRecordStatement_ = true;
        braceDepth_ = 0;
        break;
    case DbTok::Menu:
    case DbTok::Recordtype:
    case DbTok::Breaktable:
    case DbTok::Device:
    case DbTok::Driver:
    case DbTok::Link:
    case DbTok::Registrar:
    case DbTok::Function:
    case DbTok::Variable:
    case DbTok::Path:
    case DbTok::Addpath:
        // Only a field(...) of recordtype has this keyword inside braces: never a value.
        if (kind != DbTok::Menu || braceDepth_ == 0) {
            inRecordStatement_ = false;
            braceDepth_ = 0;
        }
        break;
    case DbTok::LBrace:
        ++braceDepth_;
        break;
    case DbTok::RBrace:
        if (braceDepth_ > 0) --braceDepth_;
        break;
    default:
        break;
    }
    switch (valueState_) {
    case ValueState::Idle:
        if ((kind == DbTok::Field || kind == DbTok::Info) && inRecordStatement_ && braceDepth_ == 1)
            valueState_ = ValueState::Keyword;
        break;
    case ValueState::Keyword:
        valueState_ = kind == DbTok::LParen ? ValueState::Paren : ValueState::Idle;
        break;
    case ValueState::Paren:
        valueState_ = (kind == DbTok::Bareword || kind == DbTok::String) ? ValueState::Name
                                                                         : ValueState::Idle;
        break;
    case ValueState::Name:
        if (kind == DbTok::Comma) {
            valueState_ = ValueState::InValue;
            jsonDepth_ = 0;
            errorsBeforeValue_ = reporter_.errors();
            input_.setJson(true);
        } else {
            valueState_ = ValueState::Idle;
        }
        break;
    case ValueState::InValue:
        break;
    }
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

// Tokens that can only begin a top-level statement: where the parser resumes after an error.
bool startsTopLevelItem(DbTok kind) {
    switch (kind) {
    case DbTok::Record:
    case DbTok::Grecord:
    case DbTok::RecordHead:
    case DbTok::Recordtype:
    case DbTok::Device:
    case DbTok::Driver:
    case DbTok::Link:
    case DbTok::Registrar:
    case DbTok::Function:
    case DbTok::Variable:
    case DbTok::Breaktable:
    case DbTok::Path:
    case DbTok::Addpath:
        return true;
    default:
        return false;
    }
}

std::string describeChar(std::string_view text) {
    const unsigned char c = text.empty() ? 0 : static_cast<unsigned char>(text[0]);
    if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02x", c);
    return hex;
}
} // namespace

Parser::symbol_type DbReader::nextSymbol() {
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
            if (nameKind != DbTok::String && nameKind != DbTok::Bareword) {
                abandonRecording();
                reporter_.error(nameSpan.begin, "syntax", "expected a file name after 'include'");
                lastText_ = name.text;
                return Parser::make_YYerror(nameSpan);
            }
            if (valueState_ != ValueState::Idle && valueState_ != ValueState::InValue)
                valueState_ = ValueState::Idle;
            abandonRecording();
            openInclude(name.text, span);
            continue;
        }
        case DbTok::BadChar:
        case DbTok::NewlineInString:
        case DbTok::BadJsonStringChar:
            abandonRecording();
            // While the parser skips a statement in error, more bad characters of it are noise.
            if (skippingStatement_) continue;
            skippingStatement_ = true;
            if (kind == DbTok::BadChar)
                reporter_.error(span.begin, "invalid-character",
                                "invalid character " + describeChar(lexeme_.text));
            else if (kind == DbTok::NewlineInString)
                reporter_.error(span.begin, "unterminated-string",
                                "newline in string, closing quote missing");
            else
                reporter_.error(span.begin, "json-string", "bad character in JSON string");
            return Parser::make_YYerror(span);
        default:
            break;
        }
        if (skippingStatement_ && startsTopLevelItem(kind)) skippingStatement_ = false;
        if (recording_) recordToken(kind, span, lexeme_.text, valueState_ == ValueState::InValue);
        trackValueState(kind);
        if (valueState_ == ValueState::InValue && jsonDepth_ > context_.options.maxNestingDepth &&
            !jsonTooDeep_) {
            jsonTooDeep_ = true;
            // A value already in error (the parser is recovering) needs no second message.
            if (reporter_.errors() != errorsBeforeValue_) continue;
            reporter_.error(span.begin, "nesting-too-deep",
                            "value nested more than " +
                                std::to_string(context_.options.maxNestingDepth) + " levels deep");
            abandonRecording();
            return Parser::make_YYerror(span);
        }
        if (jsonTooDeep_ && kind != DbTok::End) {
            if (valueState_ != ValueState::InValue) jsonTooDeep_ = false;
            continue; // swallow the rest of the runaway value
        }
        const TokenMapping& mapping = kTokenMappings[static_cast<std::size_t>(kind)];
        if (mapping.hasText) return Parser::symbol_type(mapping.kind, lexeme_.text, span);
        return Parser::symbol_type(mapping.kind, span);
    }
}

void DbReader::syntaxError(const Span& at, std::string_view found,
                           const std::vector<std::string>& expected) {
    skippingStatement_ = true;
    abandonRecording();
    const bool quotable = lastKind_ == DbTok::Bareword || lastKind_ == DbTok::String ||
                          lastKind_ == DbTok::JBare || lastKind_ == DbTok::JString ||
                          lastKind_ == DbTok::JNumber;
    std::string message = syntaxErrorMessage(expected, found, quotable ? lastText_ : "");
    reporter_.error(at.begin, "syntax", std::move(message));
}

void DbReader::parserMessage(const Span& at, const std::string& message) {
    abandonRecording();
    reporter_.error(at.begin, "syntax", message);
}

void DbReader::recover() {
    // The parser has thrown away the statement in error; start clean at the next one (keeping
    // the capacity of the scratch vectors).
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
    builtTexts_.clear();
}

void DbReader::endItem() {
    if (recording_) recordStep(ReplayPlan::Action::EndItem);
    sources_.releaseOldChunks();
    if (!builtTexts_.empty()) builtTexts_.clear();
}

} // namespace epicsdb::loaders
