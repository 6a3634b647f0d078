#include "MsiSubstReader.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

namespace epicsdb::loaders {

namespace {
using Parser = msisubst::MsiSubstParser;

// msi exits at the first error in the file, after its message: this unwinds the parser to read().
struct StopReading : std::exception {
    const char* what() const noexcept override { return "msi: error in substitution file"; }
};

} // namespace

MsiSubstReader::MsiSubstReader(std::string name, std::string_view text, MsiSetHandler& handler)
    : name_(std::move(name)), buffer_(scannerCopy(text)), lines_(text), handler_(handler) {}

bool MsiSubstReader::read() {
    scanner_.reset(buffer_.data(), buffer_.size());
    try {
        Parser parser(*this);
        parser.parse();
    } catch (const StopReading&) {
        return false;
    }
    return true;
}

// ---- messages ------------------------------------------------------------------------------

// msi counts one line more than it has read (its counter starts at 1 before the first line),
// and at the end of the file it has also counted the read that failed, with an empty line.
std::string MsiSubstReader::where(std::uint32_t offset, bool atEnd) const {
    std::uint32_t line = 0;
    std::string_view text;
    if (atEnd) {
        line = lines_.lineCount() + 2;
    } else {
        const std::uint32_t physical = lines_.lineOf(offset);
        line = physical + 1;
        text = lines_.lineWithNewline(physical);
    }
    std::string out =
        "  in substitution file '" + name_ + "' at line " + std::to_string(line) + ":\n  ";
    out.append(text);
    return out;
}

void MsiSubstReader::fail(std::string_view message, std::uint32_t offset, bool atEnd) const {
    std::string text = "msi: ";
    text.append(message).append("\n").append(where(offset, atEnd));
    handler_.message(text);
    throw StopReading{};
}

void MsiSubstReader::warn(std::string_view message, std::uint32_t offset) const {
    std::string text = "msi: ";
    text.append(message).append("\n").append(where(offset, false));
    handler_.message(text);
}

void MsiSubstReader::syntaxError(const SubstSpan& at, bool atEnd, bool leftBrace,
                                 bool rightBrace) const {
    std::string_view message = "Parse error, expecting 'pattern'";
    switch (where_) {
    case Where::Items:
        break;
    case Where::AfterFile:
        message = "Parse error, expecting a filename";
        break;
    case Where::AfterFileName:
    case Where::AfterPattern:
        message = "Parse error, expecting '{'";
        break;
    case Where::SetStart:
        if (rightBrace) message = "Parse error, unexpected '}'";
        break;
    case Where::PatternNames:
        message = "Parse error, expecting '}'";
        break;
    case Where::SetBody:
        if (pattern_) {
            message = "Parse error, expecting macro value";
            break;
        }
        [[fallthrough]];
    case Where::GlobalBody:
        message = leftBrace ? "Parse error, unexpected '{'" : "Parse error, incomplete file?";
        break;
    }
    fail(message, at.begin, atEnd);
}

void MsiSubstReader::parserMessage(const SubstSpan& at, const std::string& message) const {
    fail(message, at.begin, false);
}

// ---- tokens ----------------------------------------------------------------------------------

Parser::symbol_type MsiSubstReader::nextSymbol() {
    scanner_.next(lexeme_);
    const SubstSpan at{lexeme_.offset,
                       lexeme_.offset + static_cast<std::uint32_t>(lexeme_.text.size())};
    if (lexeme_.kind == MsiSubstTok::Unterminated)
        fail("Strings must be on single line\n", lexeme_.offset, false);
    runPending();
    switch (lexeme_.kind) {
    case MsiSubstTok::End:
        return Parser::make_END(at);
    case MsiSubstTok::Sep:
        return Parser::make_SEP(at);
    case MsiSubstTok::LBrace:
        return Parser::make_LBRACE(at);
    case MsiSubstTok::RBrace:
        return Parser::make_RBRACE(at);
    case MsiSubstTok::Quoted:
        return Parser::make_QUOTED(lexeme_.text, at);
    case MsiSubstTok::Word:
    case MsiSubstTok::Unterminated:
        break;
    }
    // Keywords are words with exactly these texts (a quoted "file" is a string).
    if (lexeme_.text == "global") return Parser::make_GLOBAL(lexeme_.text, at);
    if (lexeme_.text == "file") return Parser::make_FILE(lexeme_.text, at);
    if (lexeme_.text == "pattern") return Parser::make_PATTERN(lexeme_.text, at);
    return Parser::make_WORD(lexeme_.text, at);
}

void MsiSubstReader::runPending() {
    const Pending pending = pending_;
    pending_ = Pending::None;
    switch (pending) {
    case Pending::None:
        break;
    case Pending::Globals:
        handler_.installGlobals(text_);
        break;
    case Pending::Set:
        handler_.expandSet(templateFile_, text_);
        break;
    case Pending::RequireTemplate:
        handler_.requireTemplate(templateFile_);
        break;
    }
}

// ---- items -----------------------------------------------------------------------------------

void MsiSubstReader::beginGlobal() {
    where_ = Where::Items;
    afterSet_ = false;
}

void MsiSubstReader::openGlobal() {
    where_ = Where::GlobalBody;
    text_.clear();
}

void MsiSubstReader::endGlobal() {
    where_ = Where::Items;
    pending_ = Pending::Globals;
}

// `global` then `}`: msi ends the file block there; outside one, the `}` is unexpected.
void MsiSubstReader::globalBrace(const SubstSpan& at) {
    if (!inFile_) fail("Parse error, unexpected '}'", at.begin, false);
    closeFileBlock();
}

void MsiSubstReader::beginFile() {
    where_ = Where::AfterFile;
    inFile_ = true;
    afterSet_ = false;
}

void MsiSubstReader::fileName(std::string_view token, const SubstSpan&) {
    if (token.size() >= 2 && token.front() == '"' && token.back() == '"')
        token = token.substr(1, token.size() - 2);
    // macEnvExpand: environment variables, warnings not suppressed, nothing if one is undefined.
    maclib::MacroTable environment(maclib::MacroTable::Environment::Use);
    environment.setWarningSink([this](const maclib::Warning& warning) {
        std::string text(warning.message);
        text.push_back('\n');
        handler_.message(text);
    });
    maclib::Expansion expanded = environment.expand(token);
    if (expanded.status.ok())
        templateFile_ = std::move(expanded.text);
    else
        templateFile_.reset();
    pattern_ = false;
    names_.clear();
    where_ = Where::AfterFileName;
}

void MsiSubstReader::openFileBlock() {
    where_ = Where::SetStart;
}

void MsiSubstReader::openSet() {
    handler_.requireTemplate(templateFile_);
    where_ = Where::SetBody;
    text_.clear();
    valueIndex_ = 0;
    firstValue_ = true;
}

void MsiSubstReader::setSeparator() {
    if (where_ == Where::GlobalBody || !pattern_) text_.push_back(',');
}

// A regular set (or a global block) is its tokens run together, so `{a=1 b=2}` is `a=1b=2`
// (whitespace alone separates nothing); a pattern row pairs values with names by position.
void MsiSubstReader::setString(std::string_view token, const SubstSpan& at) {
    if (where_ == Where::GlobalBody || !pattern_) {
        text_.append(token);
        return;
    }
    if (!firstValue_) text_.push_back(',');
    firstValue_ = false;
    if (valueIndex_ < names_.size()) {
        text_.append(names_[valueIndex_]).append("=").append(token);
        ++valueIndex_;
    } else {
        warn("Warning, too many values given", at.begin);
    }
}

void MsiSubstReader::endSet() {
    where_ = Where::Items;
    afterSet_ = true;
    pending_ = Pending::Set;
}

void MsiSubstReader::beginPattern() {
    where_ = Where::AfterPattern;
    pattern_ = true;
    names_.clear();
}

void MsiSubstReader::openPatternNames() {
    where_ = Where::PatternNames;
}

void MsiSubstReader::patternName(std::string_view token) {
    names_.emplace_back(token);
}

void MsiSubstReader::endPattern() {
    where_ = Where::Items;
    afterSet_ = true;
    pending_ = Pending::RequireTemplate;
}

// A `}` between items ends the file block when it follows a set or a pattern header; msi
// reports it anywhere else (after `file NAME {`, after a global block, outside any block).
void MsiSubstReader::closeBrace(const SubstSpan& at) {
    if (!inFile_ || !afterSet_) fail("Parse error, unexpected '}'", at.begin, false);
    closeFileBlock();
}

void MsiSubstReader::closeFileBlock() {
    inFile_ = false;
    afterSet_ = false;
    pattern_ = false;
    names_.clear();
    templateFile_.reset();
    where_ = Where::Items;
}

} // namespace epicsdb::loaders
