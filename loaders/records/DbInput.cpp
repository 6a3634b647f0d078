#include "DbInput.hpp"

#include "source/FileHandle.hpp"

#include <epicsdb/macLib/ReferenceSearch.hpp>

#include <algorithm>
#include <cstring>
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
};

namespace {
constexpr std::size_t kBlockBytes = 1u << 20;

std::uint32_t countLines(std::string_view text) {
    return static_cast<std::uint32_t>(std::count(text.begin(), text.end(), '\n'));
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
    input.scanner.setFusedStatements(fusedStatements_);
    return input;
}

void DbInput::popOpen() {
    inputs_.back()->file.reset();
    spare_.push_back(std::move(inputs_.back()));
    inputs_.pop_back();
}

void DbInput::reset() {
    while (!inputs_.empty())
        popOpen();
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
    const std::string_view raw = file.content();
    const std::size_t lines = file.lineStarts.size();
    out.reserve(raw.size() + raw.size() / 4 + 2);
    lineStarts.clear();
    auto endOf = [&](std::size_t line) {
        return line + 1 < lines ? file.lineStarts[line + 1] : raw.size();
    };
    for (std::size_t line = 0; line < lines;) {
        if (file.lineHasDollar[line]) {
            lineStarts.push_back(static_cast<std::uint32_t>(out.size()));
            const std::uint32_t start = file.lineStarts[line];
            expandLine(input, raw.substr(start, endOf(line) - start), out,
                       static_cast<std::uint32_t>(line + 1));
            ++line;
            continue;
        }
        // A run of lines without '$': copied as they are.
        const std::size_t first = line;
        const std::uint32_t shift = static_cast<std::uint32_t>(out.size()) - file.lineStarts[first];
        while (line < lines && !file.lineHasDollar[line]) {
            lineStarts.push_back(file.lineStarts[line] + shift);
            ++line;
        }
        out.append(raw.data() + file.lineStarts[first], endOf(line - 1) - file.lineStarts[first]);
    }
}

bool DbInput::loadChunk(Open& input) {
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
        if (expander_ && file.hasDollar) {
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
        input.chunkBase = chunk.base;
        input.scanner.reset(data, size + 2);
        return true;
    }
}

// A streamed file: blocks of whole lines, read as the scanner needs them.
bool DbInput::loadStreamChunk(Open& input) {
    std::unique_ptr<std::string> raw;
    std::string_view rawText;
    {
        if (input.atEof && input.leftover.empty()) return false;
        raw = sources_.takeBuffer();
        raw->swap(input.leftover);
        auto readMore = [&] {
            const std::size_t old = raw->size();
            raw->resize(old + kBlockBytes);
            const std::size_t n = std::fread(raw->data() + old, 1, kBlockBytes, input.file.get());
            raw->resize(old + n);
            if (n == 0) input.atEof = true;
        };
        while (!input.atEof && raw->size() < kBlockBytes)
            readMore();
        // A line longer than a block: keep reading until it ends.
        while (!input.atEof && raw->find('\n') == std::string::npos)
            readMore();
        if (raw->empty()) {
            sources_.recycleBuffer(std::move(raw));
            return false;
        }
        if (!input.atEof) {
            const std::size_t lastNewline = raw->rfind('\n');
            input.leftover.assign(*raw, lastNewline + 1);
            raw->resize(lastNewline + 1);
        }
        rawText = *raw;
    }

    const std::uint32_t firstLine = input.nextLine;
    input.nextLine += countLines(rawText);

    std::unique_ptr<std::string> storage;
    char* data = nullptr;
    std::size_t size = rawText.size();
    if (expander_ && std::memchr(rawText.data(), '$', rawText.size())) {
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
    input.chunkBase = chunk.base;
    input.scanner.reset(data, size + 2);
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

DbTok DbInput::next(DbLexeme& lexeme, Span& span) {
    while (!inputs_.empty()) {
        Open& input = *inputs_.back();
        const DbTok kind = input.scanner.next(lexeme);
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
    if (!inputs_.empty()) inputs_.back()->scanner.setJson(json);
}

} // namespace epicsdb::loaders
