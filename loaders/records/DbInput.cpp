#include "DbInput.hpp"

#include "LineBlocks.hpp"
#include "source/FileHandle.hpp"

#include <epicsdb/macLib/ReferenceSearch.hpp>
#include <epicsdb/support/Newlines.hpp>

#include <algorithm>
#include <cstring>
#include <new>
#include <optional>

namespace epicsdb::loaders {

struct DbInput::Open {
    std::uint32_t source = 0;
    std::string path;
    DbScanner scanner;
    CachedFile* cached = nullptr;
    bool cachedDelivered = false;
    FileHandle file;
    std::string leftover; // the partial last line of the previous block
    bool atEof = false;
    std::uint32_t nextLine = 1;
    std::uint32_t chunkBase = 0; // base offset of the chunk being scanned
    char* data = nullptr;        // the chunk being scanned, and its size (without the NULs)
    std::uint32_t size = 0;
    bool json = false; // the scanner's state
    // Lexing ahead (LexAhead.hpp): a job feeds this file, with pieces of its one chunk (a text
    // in memory) or with its blocks (a stream); `following` while its tokens are taken.
    bool ahead = false;
    bool aheadText = false;
    bool following = false;
    std::unique_ptr<AheadBatch> batch;
    std::size_t index = 0;     // the batch's next token
    std::size_t nextHead = 0;  // where the next record head to fetch ahead is looked for
    std::uint32_t lastEnd = 0; // where the last token taken ends
    // A streamed block lexed by the worker: the line it begins at (its record heads' lines are
    // counted from there); 0 for a text's pieces.
    std::uint32_t batchFirstLine = 0;
    // A template checked alone (setTemplateAlone): its undefined macros, for the one warning
    // given when the file ends: the first line that has one, how many lines do, the names.
    struct UndefinedMacros {
        std::uint32_t line = 0;
        std::uint32_t column = 0;
        std::uint32_t lines = 0;
        std::string lineText;
        std::vector<std::string> names; // in order of first use
    } undefined;
};

namespace {

std::uint32_t countLines(std::string_view text) {
    return support::countNewlines(text.data(), text.data() + text.size());
}
} // namespace

DbInput::DbInput(SourceManager& sources, Reporter& reporter, LineExpander* expander,
                 LoaderCounters& counters)
    : sources_(sources), reporter_(reporter), expander_(expander), counters_(counters) {}

DbInput::~DbInput() = default;

std::uint32_t DbInput::currentSource() const noexcept {
    return inputs_.empty() ? 0 : inputs_.back()->source;
}

// Open files (and their scanners) are reused from load to load: no allocation once warm.
DbInput::Open& DbInput::pushOpen(std::uint32_t source, std::string_view path) {
    if (spare_.empty()) {
        inputs_.push_back(std::make_unique<Open>());
    } else {
        inputs_.push_back(std::move(spare_.back()));
        spare_.pop_back();
    }
    Open& input = *inputs_.back();
    input.source = source;
    input.path.assign(path);
    input.cached = nullptr;
    input.cachedDelivered = false;
    input.leftover.clear();
    input.atEof = false;
    input.nextLine = 1;
    input.chunkBase = 0;
    input.data = nullptr;
    input.size = 0;
    input.json = false;
    input.ahead = input.aheadText = input.following = false;
    input.index = input.nextHead = 0;
    input.lastEnd = 0;
    input.batchFirstLine = 0;
    input.undefined.lines = 0;
    input.undefined.names.clear();
    input.scanner.setFusedStatements(fusedStatements_);
    return input;
}

void DbInput::endAhead(Open& input) noexcept {
    if (input.ahead) ahead_.finish();
    ahead_.recycle(std::move(input.batch));
    input.ahead = input.aheadText = input.following = false;
}

void DbInput::reportUndefinedMacros(Open& input) {
    DbInput::Open::UndefinedMacros& undefined = input.undefined;
    if (undefined.lines == 0) return;
    std::string names;
    for (const std::string& name : undefined.names)
        names += (names.empty() ? "" : ", ") + name;
    const bool one = undefined.names.size() == 1;
    std::string message = "undefined macro" + std::string(one ? " " : "s ") +
                          (names.empty() ? std::string("references") : names) + " (on " +
                          std::to_string(undefined.lines) + " line" +
                          (undefined.lines == 1 ? "" : "s") + ")";
    reporter_.reportLine(Severity::Warning, input.source, undefined.line, undefined.column,
                         "macro-undefined", std::move(message), std::move(undefined.lineText),
                         {"checked as a template: names and values that hold " +
                          std::string(one ? "it" : "them") +
                          " are taken as written; give values to check them expanded"});
    undefined.lines = 0;
    undefined.names.clear();
}

void DbInput::finishFiles() {
    for (auto it = inputs_.rbegin(); it != inputs_.rend(); ++it)
        reportUndefinedMacros(**it);
}

void DbInput::popOpen() {
    reportUndefinedMacros(*inputs_.back());
    forgetSplits();
    // The worker lets go of the file before it is closed.
    endAhead(*inputs_.back());
    inputs_.back()->file.reset();
    spare_.push_back(std::move(inputs_.back()));
    inputs_.pop_back();
}

void DbInput::reset() {
    // What a load left open is not reported in the next one.
    for (const std::unique_ptr<Open>& input : inputs_)
        input->undefined.lines = 0;
    while (!inputs_.empty())
        popOpen();
    offered_ = nullptr;
    taken_ = nullptr;
}

void DbInput::pushCached(std::uint32_t source, std::string_view path, CachedFile& file) {
    Open& input = pushOpen(source, path);
    input.cached = &file;
    loadChunk(input);
}

bool DbInput::pushStream(std::uint32_t source, const std::string& path, std::string& error) {
    FileHandle file = openFile(path, "rb");
    if (!file) {
        error = std::strerror(errno);
        return false;
    }
    Open& input = pushOpen(source, path);
    input.file = std::move(file);
    if (lexAhead_ && !ahead_.busy() &&
        ahead_.startStream(input.file.get(), expander_ != nullptr, fusedStatements_))
        input.ahead = true;
    loadChunk(input);
    return true;
}

void DbInput::expandLine(Open& input, std::string_view text, std::string& out, std::uint32_t line) {
    ++counters_.linesExpanded;
    problems_.clear();
    const std::size_t before = out.size();
    if (expander_->expandLine(text, out, problems_)) return;
    auto withoutNewline = [](std::string_view s) {
        while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
            s.remove_suffix(1);
        return s;
    };
    const std::string_view raw = withoutNewline(text);
    const std::string expanded(withoutNewline(std::string_view(out).substr(before)));
    // The column of the reference the first warning is about, else of the first reference.
    std::optional<std::size_t> at = maclib::findReference(raw, problems_.firstMacro);
    if (!at) at = raw.find_first_of('$');
    const auto column =
        static_cast<std::uint32_t>(at && *at != std::string_view::npos ? *at + 1 : 0);
    std::vector<std::string> notes = std::move(problems_.warnings);
    if (templateAlone_ && !problems_.stopped) {
        // The references left as written are the undefined macros: one warning per file.
        DbInput::Open::UndefinedMacros& undefined = input.undefined;
        const std::vector<std::string_view> names = maclib::referencedNames(expanded);
        if (undefined.lines++ == 0) {
            const std::optional<std::size_t> first =
                names.empty() ? std::nullopt : maclib::findReference(raw, names.front());
            undefined.line = line;
            undefined.column = first ? static_cast<std::uint32_t>(*first + 1) : column;
            undefined.lineText.assign(raw);
        }
        for (const std::string_view name : names)
            if (std::find(undefined.names.begin(), undefined.names.end(), name) ==
                undefined.names.end())
                undefined.names.emplace_back(name);
        problems_ = {};
        return;
    }
    if (problems_.stopped) {
        // The expansion was cut short: what it left is not the line, so none of it is read
        // (the newline stays, and with it the line numbers).
        out.resize(before);
        if (!text.empty() && text.back() == '\n') out.push_back('\n');
        reporter_.reportLine(Severity::Error, input.source, line, column, "macro-limit",
                             "macro expansion stopped: the line is not read", std::string(raw),
                             std::move(notes));
    } else {
        // EPICS warns about the line as expanded; the macLib messages name the macros.
        notes.push_back("the line expands to: " + expanded);
        reporter_.reportLine(Severity::Warning, input.source, line, column, "macro-undefined",
                             "line has undefined macros", std::string(raw), std::move(notes));
    }
    problems_ = {};
}

void DbInput::expandInto(Open& input, std::string_view raw, std::string& out,
                         std::uint32_t firstLine) {
    out.reserve(raw.size() + raw.size() / 4 + 2);
    std::uint32_t line = firstLine;
    while (!raw.empty()) {
        std::size_t end = raw.find('\n');
        end = end == std::string_view::npos ? raw.size() : end + 1;
        const std::string_view text = raw.substr(0, end);
        if (std::memchr(text.data(), '$', text.size()))
            expandLine(input, text, out, line);
        else
            out.append(text);
        raw.remove_prefix(end);
        ++line;
    }
}

void DbInput::expandCached(Open& input, const CachedFile& file, std::string& out,
                           std::vector<std::uint32_t>& lineStarts) {
    expandCachedLines(file, out, lineStarts,
                      [&](std::string_view text, std::string& into, std::uint32_t line) {
                          expandLine(input, text, into, line);
                      });
}

bool DbInput::loadChunk(Open& input) {
    forgetSplits();
    return input.cached ? loadCachedChunk(input) : loadStreamChunk(input);
}

// A cached file is one chunk: scanned in place, or expanded by its line index.
bool DbInput::loadCachedChunk(Open& input) {
    {
        if (input.cachedDelivered) return false;
        input.cachedDelivered = true;
        CachedFile& file = *input.cached;
        file.indexLines();
        SourceInfo& info = sources_.source(input.source);
        std::unique_ptr<std::string> storage;
        char* data = file.text.data(); // scanned in place when nothing needs expanding
        std::size_t size = file.content().size();
        const bool expanded = expander_ && file.hasDollar;
        if (expanded && offered_ && offered_->file == &file && inputs_.size() == 1) {
            // Expanded ahead, with this load's macros, without a problem (TemplateAhead).
            counters_.linesExpanded += offered_->linesExpanded;
            ++counters_.expansionsAhead;
            storage = std::move(offered_->text);
            info.ownLineStarts.swap(offered_->lineStarts);
            info.lineStarts = &info.ownLineStarts;
            size = storage->size() - 2;
            data = storage->data();
            taken_ = offered_;
            offered_ = nullptr;
        } else if (expanded) {
            storage = sources_.takeBuffer();
            expandCached(input, file, *storage, info.ownLineStarts);
            info.lineStarts = &info.ownLineStarts;
            size = storage->size();
            storage->append(2, '\0');
            data = storage->data();
        } else {
            info.lineStarts = &file.lineStarts;
        }
        if (!fits(input, size, 1)) return false;
        input.nextLine += file.newlines;
        Chunk& chunk = sources_.addChunk(input.source, 1, std::move(storage), data,
                                         static_cast<std::uint32_t>(size));
        chunk.expanded = expanded;
        info.rawText = file.content();
        info.rawLineStarts = &file.lineStarts;
        input.chunkBase = chunk.base;
        input.data = data;
        input.size = static_cast<std::uint32_t>(size);
        input.scanner.reset(data, size + 2);
        if (lexAhead_ && !expanded && size >= 2 * pieceBytes_ && !ahead_.busy() &&
            ahead_.startText({data, size}, pieceBytes_, fusedStatements_))
            input.ahead = input.aheadText = input.following = true;
        return true;
    }
}

// A streamed file: blocks of whole lines, read as the scanner needs them.
bool DbInput::loadStreamChunk(Open& input) {
    std::unique_ptr<std::string> raw;
    std::string_view rawText;
    bool hasDollar = false;
    if (input.ahead) {
        // The worker read the block (and lexed it, unless it is to be expanded).
        ahead_.recycle(std::move(input.batch));
        input.following = false;
        if (input.atEof) return false;
        input.batch = ahead_.next();
        if (!input.batch) throw std::bad_alloc(); // it could not even say why it stopped
        if (input.batch->error) std::rethrow_exception(input.batch->error);
        if (!input.batch->block) {
            input.atEof = true;
            return false;
        }
        raw = std::move(input.batch->block);
        if (input.batch->lexed) raw->resize(raw->size() - 2);
        ahead_.giveBuffer(sources_.takeBuffer());
        rawText = *raw;
        hasDollar = input.batch->hasDollar;
    } else {
        if (input.atEof && input.leftover.empty()) return false;
        raw = sources_.takeBuffer();
        if (!readLineBlock(input.file.get(), input.leftover, input.atEof, *raw)) {
            sources_.recycleBuffer(std::move(raw));
            return false;
        }
        rawText = *raw;
        hasDollar = std::memchr(rawText.data(), '$', rawText.size()) != nullptr;
    }

    const std::uint32_t firstLine = input.nextLine;
    input.nextLine += input.batch ? input.batch->newlines : countLines(rawText);

    std::unique_ptr<std::string> storage;
    char* data = nullptr;
    std::size_t size = rawText.size();
    if (expander_ && hasDollar) {
        storage = sources_.takeBuffer();
        expandInto(input, rawText, *storage, firstLine);
        size = storage->size();
        storage->append(2, '\0');
        data = storage->data();
        sources_.recycleBuffer(std::move(raw));
    } else {
        raw->append(2, '\0');
        storage = std::move(raw);
        data = storage->data();
    }
    if (!fits(input, size, firstLine)) {
        input.atEof = true;
        input.leftover.clear();
        return false;
    }
    Chunk& chunk = sources_.addChunk(input.source, firstLine, std::move(storage), data,
                                     static_cast<std::uint32_t>(size));
    chunk.expanded = expander_ && hasDollar;
    input.chunkBase = chunk.base;
    input.data = data;
    input.size = static_cast<std::uint32_t>(size);
    // The worker's tokens hold where the scanner would be in the INITIAL state at the start.
    if (input.batch && input.batch->lexed && !input.json) {
        input.following = true;
        input.index = input.nextHead = 0;
        input.batchFirstLine = firstLine;
    } else {
        input.scanner.reset(data, size + 2);
    }
    return true;
}

// Positions in a file are 32-bit offsets into its expanded text: past that a file is cut off
// with an error, rather than read with positions that wrap.
bool DbInput::fits(Open& input, std::size_t size, std::uint32_t line) {
    const SourceInfo& info = sources_.source(input.source);
    const std::uint64_t used =
        info.chunks.empty() ? 0 : std::uint64_t{info.chunks.back().base} + info.chunks.back().size;
    if (used + size + 2 <= maxFileBytes_) return true;
    reporter_.reportAt(Severity::Error, {info.name, line, 0}, "file-too-large",
                       "the file gives more than " + std::to_string(maxFileBytes_) +
                           " bytes (after macro expansion): the rest is not read");
    return false;
}

bool DbInput::isOpen(std::string_view path) const noexcept {
    for (const auto& input : inputs_)
        if (input->path == path) return true;
    return false;
}

// The worker's next token, from the batch being read or (a text in memory) the next one.
bool DbInput::nextAhead(Open& input, DbLexeme& lexeme) {
    for (;;) {
        AheadBatch* batch = input.batch.get();
        if (batch && input.index < batch->tokens.size()) {
            const AheadToken& token = batch->tokens[input.index++];
            lexeme.kind = token.kind;
            lexeme.offset = token.offset;
            lexeme.text = {input.data + token.textOffset, token.textLength};
            input.lastEnd = token.end;
            if (isFusedStatement(token.kind)) lastSplit_ = &token.fused;
            if (token.kind == DbTok::RecordHead && input.batchFirstLine != 0)
                lastLine_ = input.batchFirstLine + token.line;
            if (token.kind == DbTok::RecordHead && db_) {
                // A miss in a large record index stalls the record's creation: fetch the
                // next record's slot now.
                std::size_t i = std::max(input.nextHead, input.index);
                while (i < batch->tokens.size() && batch->tokens[i].kind != DbTok::RecordHead)
                    ++i;
                if (i < batch->tokens.size()) {
                    const AheadToken& head = batch->tokens[i];
                    db_->prefetchRecord(dbstatic::Database::NameHash{head.fused.hash});
                }
                input.nextHead = i + 1;
            }
            return true;
        }
        if (!pullPiece(input)) return false;
    }
}

// A text in memory: its next piece from the worker; false when there is none.
bool DbInput::pullPiece(Open& input) {
    if (!input.aheadText || !input.ahead || (input.batch && input.batch->last)) return false;
    ahead_.recycle(std::move(input.batch));
    input.batch = ahead_.next();
    input.index = input.nextHead = 0;
    if (!input.batch) {
        input.ahead = false; // the worker stopped: this reader lexes the rest
        return false;
    }
    if (input.batch->error) std::rethrow_exception(input.batch->error);
    return true;
}

void DbInput::lexFrom(Open& input, std::uint32_t offset) {
    input.following = false;
    input.scanner.resetAt(input.data, offset, std::size_t{input.size} + 2);
}

void DbInput::rejoin(Open& input, const DbLexeme& lexeme) {
    const std::uint32_t end = input.scanner.position();
    for (;;) {
        AheadBatch* batch = input.batch.get();
        if (batch && batch->lexed) {
            const std::vector<AheadToken>& tokens = batch->tokens;
            while (input.index < tokens.size() && tokens[input.index].offset < lexeme.offset)
                ++input.index;
            if (input.index < tokens.size()) {
                const AheadToken& token = tokens[input.index];
                if (token.offset == lexeme.offset && token.kind == lexeme.kind &&
                    token.end == end) {
                    ++input.index;
                    input.lastEnd = end;
                    input.following = true;
                }
                return;
            }
        }
        if (!pullPiece(input)) return;
    }
}

DbTok DbInput::next(DbLexeme& lexeme, Span& span) {
    lastSplit_ = nullptr;
    lastLine_ = 0;
    while (!inputs_.empty()) {
        Open& input = *inputs_.back();
        DbTok kind;
        if (input.following && nextAhead(input, lexeme)) {
            kind = lexeme.kind;
        } else {
            // Past the worker's last token the scanner finds the chunk's end where it would.
            if (input.following) lexFrom(input, input.lastEnd);
            kind = input.scanner.next(lexeme);
            if (input.ahead && kind != DbTok::End && !input.json) rejoin(input, lexeme);
        }
        if (kind == DbTok::End) {
            if (loadChunk(input)) continue;
            if (inputs_.size() > 1) {
                popOpen();
                continue;
            }
            span.begin = span.end = {input.source, input.chunkBase + lexeme.offset};
            return DbTok::End;
        }
        span.begin = {input.source, input.chunkBase + lexeme.offset};
        span.end = {input.source, input.chunkBase + lexeme.offset +
                                      static_cast<std::uint32_t>(lexeme.text.size())};
        return kind;
    }
    lexeme = {};
    span = {};
    return DbTok::End;
}

void DbInput::setJson(bool json) {
    if (inputs_.empty()) return;
    Open& input = *inputs_.back();
    // The worker lexes in the INITIAL state only: a value in JSON is lexed here.
    if (json && input.following) lexFrom(input, input.lastEnd);
    input.json = json;
    input.scanner.setJson(json);
}

} // namespace epicsdb::loaders
