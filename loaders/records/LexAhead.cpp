#include "LexAhead.hpp"

#include "FusedStatement.hpp"
#include "LineBlocks.hpp"

#include <epicsdb/support/Newlines.hpp>

#include <algorithm>
#include <cstring>
#include <system_error>

namespace epicsdb::loaders {

namespace {
// Batches lexed and not yet taken: enough to keep the reader fed, bounded in memory.
constexpr std::size_t kMaxReadyPieces = 16;
constexpr std::size_t kMaxReadyBlocks = 1;
} // namespace

LexAhead::~LexAhead() {
    finish();
    {
        const std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    changed_.notify_all();
    if (thread_.joinable()) thread_.join();
}

bool LexAhead::startThread() noexcept {
    if (thread_.joinable()) return true;
    try {
        thread_ = std::thread([this] { run(); });
        return true;
    } catch (const std::system_error&) {
        return false; // a limit on threads or processes: one thread does it all
    }
}

bool LexAhead::startText(std::string_view text, std::size_t pieceBytes, bool fused) {
    finish();
    if (!startThread()) return false;
    textCopy_.assign(text);
    textCopy_.append(2, '\0');
    pieceBytes_ = std::max<std::size_t>(pieceBytes, 1);
    {
        const std::lock_guard lock(mutex_);
        kind_ = Kind::Text;
        fused_ = fused;
        jobActive_ = true;
        jobDone_ = false;
    }
    changed_.notify_all();
    return true;
}

bool LexAhead::startStream(std::FILE* file, bool expanding, bool fused) {
    finish();
    if (!startThread()) return false;
    {
        const std::lock_guard lock(mutex_);
        kind_ = Kind::Stream;
        file_ = file;
        expanding_ = expanding;
        fused_ = fused;
        jobActive_ = true;
        jobDone_ = false;
    }
    changed_.notify_all();
    return true;
}

std::unique_ptr<AheadBatch> LexAhead::next() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !ready_.empty() || jobDone_ || !jobActive_; });
    if (ready_.empty()) return nullptr;
    std::unique_ptr<AheadBatch> batch = std::move(ready_.front());
    ready_.pop_front();
    lock.unlock();
    changed_.notify_all();
    return batch;
}

void LexAhead::recycle(std::unique_ptr<AheadBatch> batch) {
    if (!batch) return;
    batch->tokens.clear();
    batch->block.reset();
    batch->error = nullptr;
    const std::lock_guard lock(mutex_);
    spare_.push_back(std::move(batch));
}

void LexAhead::giveBuffer(std::unique_ptr<std::string> buffer) {
    if (!buffer) return;
    buffer->clear();
    const std::lock_guard lock(mutex_);
    buffers_.push_back(std::move(buffer));
}

void LexAhead::finish() noexcept {
    std::unique_lock lock(mutex_);
    if (!jobActive_) return;
    cancel_ = true;
    changed_.notify_all();
    changed_.wait(lock, [&] { return !jobWorking_; });
    while (!ready_.empty()) {
        ready_.front()->tokens.clear();
        ready_.front()->block.reset();
        ready_.front()->error = nullptr;
        spare_.push_back(std::move(ready_.front()));
        ready_.pop_front();
    }
    jobActive_ = false;
    jobDone_ = false;
    cancel_ = false;
    file_ = nullptr;
}

void LexAhead::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        changed_.wait(lock, [&] { return stopping_ || (jobActive_ && !jobDone_ && !cancel_); });
        if (stopping_) return;
        jobWorking_ = true;
        lock.unlock();
        work();
        lock.lock();
        jobWorking_ = false;
        jobDone_ = true;
        changed_.notify_all();
    }
}

void LexAhead::work() {
    try {
        if (kind_ == Kind::Text)
            lexText();
        else
            readStream();
    } catch (...) {
        // Handed over in order: the reader meets the failure where it happened.
        try {
            auto batch = std::make_unique<AheadBatch>();
            batch->error = std::current_exception();
            batch->last = true;
            publish(std::move(batch));
        } catch (...) {
            // Not even that: the reader finds the job ended and lexes the rest itself.
        }
    }
}

bool LexAhead::cancelled() {
    const std::lock_guard lock(mutex_);
    return cancel_;
}

std::unique_ptr<AheadBatch> LexAhead::freshBatch() {
    {
        const std::lock_guard lock(mutex_);
        if (!spare_.empty()) {
            std::unique_ptr<AheadBatch> batch = std::move(spare_.back());
            spare_.pop_back();
            batch->lexed = batch->hasDollar = batch->last = false;
            batch->newlines = 0;
            return batch;
        }
    }
    return std::make_unique<AheadBatch>();
}

bool LexAhead::publish(std::unique_ptr<AheadBatch> batch) {
    std::unique_lock lock(mutex_);
    const std::size_t most = kind_ == Kind::Text ? kMaxReadyPieces : kMaxReadyBlocks;
    changed_.wait(lock, [&] { return cancel_ || ready_.size() < most; });
    if (cancel_) return false;
    ready_.push_back(std::move(batch));
    lock.unlock();
    changed_.notify_all();
    return true;
}

std::uint32_t LexAhead::lex(char* text, std::size_t size, std::uint32_t shift, AheadBatch& batch) {
    scanner_.setFusedStatements(fused_);
    scanner_.reset(text, size + 2);
    DbLexeme lexeme;
    std::uint32_t line = 0; // line ends in text[0, counted)
    const char* counted = text;
    while (scanner_.next(lexeme) != DbTok::End) {
        AheadToken& token = batch.tokens.emplace_back();
        token.kind = lexeme.kind;
        token.offset = lexeme.offset + shift;
        token.end = scanner_.position() + shift;
        token.textOffset = static_cast<std::uint32_t>(lexeme.text.data() - text) + shift;
        token.textLength = static_cast<std::uint32_t>(lexeme.text.size());
        if (isFusedStatement(lexeme.kind)) token.fused = splitFused(lexeme.text);
        if (lexeme.kind == DbTok::RecordHead) {
            const char* at = text + lexeme.offset;
            line += support::countNewlines(counted, at);
            counted = at;
            token.line = line;
        }
    }
    batch.lexed = true;
    return line + support::countNewlines(counted, text + size);
}

void LexAhead::lexText() {
    const std::size_t size = textCopy_.size() - 2;
    std::size_t start = 0;
    while (start < size) {
        if (cancelled()) return;
        // A piece of whole lines: up to the line end at or after pieceBytes.
        std::size_t end = std::min(size, start + pieceBytes_);
        if (end < size) {
            const void* newline = std::memchr(textCopy_.data() + end - 1, '\n', size - end + 1);
            end = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) -
                                                     textCopy_.data()) +
                                1
                          : size;
        }
        std::unique_ptr<AheadBatch> batch = freshBatch();
        scratch_.assign(textCopy_, start, end - start);
        scratch_.append(2, '\0');
        lex(scratch_.data(), end - start, static_cast<std::uint32_t>(start), *batch);
        batch->last = end == size;
        if (!publish(std::move(batch))) return;
        start = end;
    }
    if (size == 0) {
        std::unique_ptr<AheadBatch> batch = freshBatch();
        batch->lexed = true;
        batch->last = true;
        publish(std::move(batch));
    }
}

// The blocks DbInput would read itself (LineBlocks.hpp).
void LexAhead::readStream() {
    std::string leftover;
    bool atEof = false;
    for (;;) {
        if (cancelled()) return;
        std::unique_ptr<AheadBatch> batch = freshBatch();
        if (atEof && leftover.empty()) {
            batch->last = true;
            publish(std::move(batch));
            return;
        }
        std::unique_ptr<std::string> raw;
        {
            const std::lock_guard lock(mutex_);
            if (!buffers_.empty()) {
                raw = std::move(buffers_.back());
                buffers_.pop_back();
            }
        }
        if (!raw) raw = std::make_unique<std::string>();
        // Room for a block after the last one's partial line (and the NULs): no reallocation
        // once warm, unless lines are very long.
        raw->reserve(kBlockBytes + (std::size_t{64} << 10) + 2);
        if (!readLineBlock(file_, leftover, atEof, *raw)) {
            batch->last = true;
            publish(std::move(batch));
            return;
        }
        batch->hasDollar = std::memchr(raw->data(), '$', raw->size()) != nullptr;
        if (!(batch->hasDollar && expanding_)) {
            const std::size_t size = raw->size();
            raw->append(2, '\0');
            batch->newlines = lex(raw->data(), size, 0, *batch);
        } else {
            batch->newlines = support::countNewlines(raw->data(), raw->data() + raw->size());
        }
        batch->block = std::move(raw);
        if (!publish(std::move(batch))) return;
    }
}

} // namespace epicsdb::loaders
