// One read of a substitution file in the IOC's dbLoadTemplate dialect: feeds the parser with
// tokens (reporting and skipping invalid characters, as EPICS does), builds each set's macro
// definitions exactly as EPICS builds its dbLoadRecords argument, and hands every set to a
// handler as soon as it is complete, so loads happen in file order.
#pragma once

#include "SubstScanners.hpp"
#include "SubstSpan.hpp"
#include "source/ErrorCount.hpp"
#include "source/LineIndex.hpp"
#include "substitutions/IocSubstParser.hpp"

#include <epicsdb/Diagnostic.hpp>
#include <epicsdb/loaders/Substitutions.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace epicsdb::loaders {

class SubstitutionHandler {
public:
    virtual ~SubstitutionHandler() = default;
    virtual void onSet(const SubstitutionSet& set) = 0;
    virtual void onDiagnostic(Diagnostic diagnostic) = 0;
};

class IocSubstReader {
public:
    using Parser = iocsubst::IocSubstParser;

    // `text` is the file's content and must outlive the reader (messages quote its lines: the
    // scanner's own copy is changed while it scans).
    IocSubstReader(std::string name, std::string_view text, std::size_t maxVariables,
                   SubstitutionHandler& handler);

    // Reads to the end, or to the first syntax error. False when any error was reported.
    bool read();

    // ---- parser interface ----
    Parser::symbol_type nextSymbol();
    void syntaxError(const SubstSpan& at, std::string_view found,
                     const std::vector<std::string>& expected);
    void parserMessage(const SubstSpan& at, const std::string& message);

    void beginFile(std::string_view name, const SubstSpan& at);
    void endFile();
    void commitGlobals();
    void definition(std::string_view name, std::string_view value, bool quoted,
                    const SubstSpan& at);
    void patternName(std::string_view name, const SubstSpan& at);
    void patternValue(std::string_view value, bool quoted, const SubstSpan& at);
    void deprecatedSet(std::string_view word, const SubstSpan& at);
    void loadSet(const SubstSpan& at);

private:
    void report(Severity severity, std::uint32_t offset, std::string_view code, std::string message,
                std::vector<std::string> notes = {});
    void appendItem(std::string_view name, std::string_view value, bool quoted,
                    DefinitionOrigin origin);
    void locate(std::uint32_t offset, SourceLocation& where) const;

    std::string name_;
    std::string buffer_; // the scanner's copy: the text and two NULs
    LineIndex lines_;
    std::size_t maxVariables_;
    SubstitutionHandler& handler_;
    IocSubstScanner scanner_;
    SubstLexeme<IocSubstTok> lexeme_;
    ErrorCount count_;

    // EPICS's macro string, in two parts: the permanent globals, and the current set's items.
    // Each item is ",name=value"; the set's definitions are both parts without the first comma.
    std::string globals_;
    std::string locals_;
    // Where each item of the two parts came from (provenance), in the same order.
    std::vector<DefinitionOrigin> globalOrigins_;
    std::vector<DefinitionOrigin> localOrigins_;
    std::uint32_t row_ = 0; // sets read so far in the current `file` block
    std::string templateFile_;
    SubstSpan fileAt_;
    std::vector<std::string> variables_; // the pattern names of the current block
    std::size_t valueCount_ = 0;         // values given in the current pattern row
    SubstitutionSet set_;                // handed to the handler, refilled for each set
};

} // namespace epicsdb::loaders
