#include "IocSubstReader.hpp"
#include "source/SyntaxMessage.hpp"

namespace epicsdb::loaders {

namespace {
using Parser = iocsubst::IocSubstParser;

// Unwinds the parser when the error limit is reached.
struct StopReading : std::exception {
    const char* what() const noexcept override { return "too many errors"; }
};

} // namespace

IocSubstReader::IocSubstReader(std::string name, std::string_view text, std::size_t maxVariables,
                               SubstitutionHandler& handler)
    : name_(std::move(name)), buffer_(scannerCopy(text)), lines_(text), maxVariables_(maxVariables),
      handler_(handler) {}

bool IocSubstReader::read() {
    scanner_.reset(buffer_.data(), buffer_.size());
    try {
        Parser parser(*this);
        parser.parse();
    } catch (const StopReading&) {
        handler_.onDiagnostic(ErrorCount::limitNote({name_, 0, 0}, "giving up on this file"));
    }
    return count_.errors() == 0;
}

void IocSubstReader::report(Severity severity, std::uint32_t offset, std::string_view code,
                            std::string message, std::vector<std::string> notes) {
    Diagnostic d;
    d.severity = severity;
    d.code = code;
    d.message = std::move(message);
    d.location = lines_.locate(name_, offset);
    d.sourceLine = lines_.lineText(d.location.line);
    d.notes = std::move(notes);
    handler_.onDiagnostic(std::move(d));
    if (count_.count(severity)) throw StopReading{};
}

Parser::symbol_type IocSubstReader::nextSymbol() {
    for (;;) {
        scanner_.next(lexeme_);
        const SubstSpan at{lexeme_.offset,
                           lexeme_.offset + static_cast<std::uint32_t>(lexeme_.text.size())};
        switch (lexeme_.kind) {
        case IocSubstTok::End:
            return Parser::make_END(at);
        case IocSubstTok::File:
            return Parser::make_FILE(at);
        case IocSubstTok::Pattern:
            return Parser::make_PATTERN(at);
        case IocSubstTok::Global:
            return Parser::make_GLOBAL(at);
        case IocSubstTok::Word:
            return Parser::make_WORD(lexeme_.text, at);
        case IocSubstTok::Quote:
            // The span covers the quotes; the value does not.
            return Parser::make_QUOTE(lexeme_.text, {at.begin, at.end + 2});
        case IocSubstTok::Equals:
            return Parser::make_EQUALS(at);
        case IocSubstTok::Comma:
            return Parser::make_COMMA(at);
        case IocSubstTok::LBrace:
            return Parser::make_LBRACE(at);
        case IocSubstTok::RBrace:
            return Parser::make_RBRACE(at);
        case IocSubstTok::BadChar: {
            // EPICS reports the character and goes on without it.
            const char c = lexeme_.text.empty() ? '\0' : lexeme_.text.front();
            std::vector<std::string> notes;
            if (c == '$' || c == '(' || c == ')')
                notes.emplace_back("dbLoadTemplate takes macro references only in quoted "
                                   "strings (msi also takes them unquoted)");
            else if (c == '"' || c == '\'')
                notes.emplace_back("a quoted string must end on the line where it starts");
            report(Severity::Error, lexeme_.offset, "subst-invalid-char",
                   "invalid character " + describeChar(c), std::move(notes));
            continue;
        }
        }
    }
}

void IocSubstReader::syntaxError(const SubstSpan& at, std::string_view found,
                                 const std::vector<std::string>& expected) {
    const bool quotable = lexeme_.kind == IocSubstTok::Word || lexeme_.kind == IocSubstTok::Quote;
    std::string message = syntaxErrorMessage(expected, found, quotable ? lexeme_.text : "");
    std::vector<std::string> notes;
    if (lexeme_.kind == IocSubstTok::End && globals_.empty() && templateFile_.empty())
        notes.emplace_back("dbLoadTemplate needs at least one `file` or `global` block");
    report(Severity::Error, at.begin, "subst-syntax", std::move(message), std::move(notes));
}

void IocSubstReader::parserMessage(const SubstSpan& at, const std::string& message) {
    report(Severity::Error, at.begin, "subst-syntax", message);
}

void IocSubstReader::beginFile(std::string_view name, const SubstSpan& at) {
    templateFile_.assign(name);
    fileAt_ = at;
    variables_.clear();
    valueCount_ = 0;
    row_ = 0;
}

void IocSubstReader::endFile() {
    // Nothing to undo: globals of the block stay (EPICS keeps them for later blocks).
}

void IocSubstReader::commitGlobals() {
    globals_ += locals_;
    locals_.clear();
    for (DefinitionOrigin& origin : localOrigins_)
        origin.kind = MacroOrigin::Global;
    globalOrigins_.insert(globalOrigins_.end(), localOrigins_.begin(), localOrigins_.end());
    localOrigins_.clear();
}

void IocSubstReader::appendItem(std::string_view name, std::string_view value, bool quoted,
                                DefinitionOrigin origin) {
    localOrigins_.push_back(origin);
    locals_ += ',';
    locals_ += name;
    locals_ += '=';
    // A quoted value is re-wrapped in double quotes, whatever quotes the file used, so that
    // macLib takes it as one value and removes the quotes when it is expanded.
    if (quoted) locals_ += '"';
    locals_ += value;
    if (quoted) locals_ += '"';
}

void IocSubstReader::definition(std::string_view name, std::string_view value, bool quoted,
                                const SubstSpan& at) {
    appendItem(
        name, value, quoted,
        {MacroOrigin::SubstitutionSet, lines_.lineOf(at.begin), lines_.columnOf(at.begin), 0});
}

void IocSubstReader::patternName(std::string_view name, const SubstSpan& at) {
    if (variables_.size() >= maxVariables_) {
        report(Severity::Error, at.begin, "subst-max-vars",
               "more than dbTemplateMaxVars = " + std::to_string(maxVariables_) +
                   " macro variables used");
        return;
    }
    variables_.emplace_back(name);
}

void IocSubstReader::patternValue(std::string_view value, bool quoted, const SubstSpan& at) {
    if (valueCount_ >= variables_.size()) {
        report(Severity::Warning, at.begin, "subst-too-many-values",
               "too many values given: the pattern has " + std::to_string(variables_.size()) +
                   " name" + (variables_.size() == 1 ? "" : "s") + "; this value is ignored");
        return;
    }
    appendItem(
        variables_[valueCount_], value, quoted,
        {MacroOrigin::PatternRow, lines_.lineOf(at.begin), lines_.columnOf(at.begin), row_ + 1});
    ++valueCount_;
}

void IocSubstReader::deprecatedSet(std::string_view word, const SubstSpan& at) {
    report(Severity::Warning, at.begin, "subst-deprecated",
           "substitution file uses deprecated syntax: the string '" + std::string(word) +
               "' that comes just before the '{' character is extraneous and should be removed");
}

// One set object is refilled for every set: its strings keep their capacity, so a file of
// thousands of sets allocates for the first few only.
void IocSubstReader::loadSet(const SubstSpan& at) {
    set_.templateFile.assign(templateFile_);
    set_.definitions.clear();
    set_.ownDefinitions = 0;
    // Both parts are ",name=value" items: drop the first comma.
    if (!globals_.empty()) {
        set_.definitions.append(globals_, 1);
        set_.ownDefinitions = locals_.empty() ? set_.definitions.size() : globals_.size();
        set_.definitions.append(locals_);
    } else if (!locals_.empty()) {
        set_.definitions.append(locals_, 1);
    }
    locate(at.begin, set_.location);
    locate(fileAt_.begin, set_.fileLocation);
    set_.origins.assign(globalOrigins_.begin(), globalOrigins_.end());
    set_.origins.insert(set_.origins.end(), localOrigins_.begin(), localOrigins_.end());
    set_.row = variables_.empty() ? 0 : ++row_; // a row of a `pattern` block
    locals_.clear();
    localOrigins_.clear();
    valueCount_ = 0;
    handler_.onSet(set_);
}

void IocSubstReader::locate(std::uint32_t offset, SourceLocation& where) const {
    where.file.assign(name_);
    where.line = lines_.lineOf(offset);
    where.column = lines_.columnOf(offset);
}

} // namespace epicsdb::loaders
