// One read of a substitution file in msi's dialect: feeds the parser with msi's tokens, keeps
// msi's run-time state (inside a file block or not, the template name, the pattern names,
// whether the last item was a set), builds each set's definitions exactly as msi concatenates
// them, and reports problems in msi's words (with its line number, one too high).
//
// msi reads the token after a set's closing brace before it expands the set (and after a
// global block's before installing it); so do we: such actions wait until the next token has
// been read, so an error in that token stops msi and us at the same point of the output.
#pragma once

#include "SubstScanners.hpp"
#include "SubstSpan.hpp"
#include "source/LineIndex.hpp"
#include "substitutions/MsiSubstParser.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

class MsiSetHandler {
public:
    virtual ~MsiSetHandler() = default;
    virtual void installGlobals(std::string_view definitions) = 0;
    // Sets are about to be read: their template must be known ("No template file" otherwise).
    virtual void requireTemplate(const std::optional<std::string>& fileName) = 0;
    virtual void expandSet(const std::optional<std::string>& fileName,
                           std::string_view definitions) = 0;
    // Text for msi's standard error.
    virtual void message(std::string_view text) = 0;
};

class MsiSubstReader {
public:
    using Parser = msisubst::MsiSubstParser;

    // `text` must outlive the reader (messages quote its lines: the scanner's own copy is
    // changed while it scans).
    MsiSubstReader(std::string name, std::string_view text, MsiSetHandler& handler);

    // Reads the whole file, or up to its first error (after msi's message): false then.
    // Exceptions of the handler pass through.
    bool read();

    // ---- parser interface ----
    Parser::symbol_type nextSymbol();
    void syntaxError(const SubstSpan& at, bool atEnd, bool leftBrace, bool rightBrace) const;
    void parserMessage(const SubstSpan& at, const std::string& message) const;

    void beginGlobal();
    void openGlobal();
    void endGlobal();
    void globalBrace(const SubstSpan& at);
    void beginFile();
    void fileName(std::string_view token, const SubstSpan& at);
    void openFileBlock();
    void openSet();
    void setSeparator();
    void setString(std::string_view token, const SubstSpan& at);
    void endSet();
    void beginPattern();
    void openPatternNames();
    void patternName(std::string_view token);
    void endPattern();
    void closeBrace(const SubstSpan& at);

private:
    // Where the parse is, for msi's wording of a syntax error.
    enum class Where {
        Items,         // between items
        AfterFile,     // after `file`
        AfterFileName, // after `file NAME`
        SetStart,      // after `file NAME {`
        AfterPattern,  // after `pattern`
        PatternNames,  // in `pattern { ... }`
        SetBody,       // in a set
        GlobalBody,    // in a global block
    };
    // An action msi takes only after reading the next token.
    enum class Pending { None, Globals, Set, RequireTemplate };

    // msi's report: its message, then the file, msi's line number and that line.
    void fail(std::string_view message, std::uint32_t offset, bool atEnd) const;
    void warn(std::string_view message, std::uint32_t offset) const;
    std::string where(std::uint32_t offset, bool atEnd) const;
    void runPending();
    void closeFileBlock();

    std::string name_;
    std::string buffer_; // the scanner's copy: the text and two NULs
    LineIndex lines_;
    MsiSetHandler& handler_;
    MsiSubstScanner scanner_;
    SubstLexeme<MsiSubstTok> lexeme_;

    Where where_ = Where::Items;
    Pending pending_ = Pending::None;
    bool inFile_ = false;                     // inside a `file` block
    bool afterSet_ = false;                   // the last item was a set or a pattern header
    bool pattern_ = false;                    // sets are pattern rows
    std::optional<std::string> templateFile_; // none when not given, or not expandable
    std::vector<std::string> names_;
    std::string text_; // the set or global block being read, as msi concatenates it
    std::size_t valueIndex_ = 0;
    bool firstValue_ = true;
};

} // namespace epicsdb::loaders
