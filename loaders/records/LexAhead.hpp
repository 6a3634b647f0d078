// Lexing ahead on a second thread: while the parser works through one part of a file, a worker
// scans the next part with a scanner of its own, and the reader takes its tokens ready-made.
// The worker lexes in the INITIAL state only (between statements and in record bodies, where
// nearly every token is); where the reader's scanner is in another state (a JSON value that is
// not a fused statement) the reader lexes itself, and follows the worker again at the first
// token both agree on. Tokens of that state never cross a line end, so lexing whole lines apart
// gives the tokens lexing them together gives.
//
// Two kinds of work: a text held in memory (a cached file), lexed from a private copy in pieces
// of whole lines; and a file streamed from disk, read by the worker in the blocks the reader
// would read, each lexed before it is handed over (the reader then owns the block). The worker
// never touches memory the reader uses, and the reader never waits on more than the next batch.
#pragma once

#include "DbScanner.hpp"
#include "DbToken.hpp"
#include "FusedStatement.hpp"

#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace epicsdb::loaders {

// A token the worker lexed, by offsets into the text it came from.
struct AheadToken {
    DbTok kind = DbTok::End;
    // A record head: the line ends before it in its batch's text, counted here rather than by
    // the reader (the line each record keeps).
    std::uint32_t line = 0;
    std::uint32_t offset = 0;     // where the match starts (DbLexeme::offset)
    std::uint32_t end = 0;        // where it ends
    std::uint32_t textOffset = 0; // the text handed over (DbLexeme::text)
    std::uint32_t textLength = 0;
    // A fused statement's two arguments, split here rather than by the reader (a record
    // head's name lets the reader fetch its index slot ahead).
    FusedArguments fused{};
};
// A large streamed file's blocks are held with their tokens while they wait: keep it small.
static_assert(sizeof(AheadToken) <= 56);

// What the worker hands over, in order.
struct AheadBatch {
    std::vector<AheadToken> tokens;
    bool lexed = false; // false: the reader lexes this part itself
    // A streamed file's next block of whole lines (null at the file's end), with its count of
    // line ends and whether it holds a '$'. Lexed blocks end with the scanner's two NULs.
    std::unique_ptr<std::string> block;
    std::uint32_t newlines = 0;
    bool hasDollar = false;
    bool last = false;        // nothing follows
    std::exception_ptr error; // the worker failed here: the reader rethrows it
};

class LexAhead {
public:
    LexAhead() = default;
    ~LexAhead();
    LexAhead(const LexAhead&) = delete;
    LexAhead& operator=(const LexAhead&) = delete;

    [[nodiscard]] bool busy() const noexcept { return jobActive_; }
    // Lexes `text` (without the scanner's NULs) in pieces of about `pieceBytes` whole lines; the
    // text is copied first, so the caller may scan and change its own. False when no thread
    // could be started (the reader then lexes alone).
    bool startText(std::string_view text, std::size_t pieceBytes, bool fused);
    // Reads `file` from where it stands to its end in blocks; those without '$', or all of
    // them when nothing is expanded, are lexed. The file is the worker's until finish(). False
    // when no thread could be started.
    bool startStream(std::FILE* file, bool expanding, bool fused);
    // The job's next batch, waiting for it; null when the job has nothing more.
    std::unique_ptr<AheadBatch> next();
    // A batch the reader is done with (its vectors are reused).
    void recycle(std::unique_ptr<AheadBatch> batch);
    // A buffer for the blocks of a stream (the reader's spare ones), so that blocks cost no
    // allocation once warm.
    void giveBuffer(std::unique_ptr<std::string> buffer);
    // Ends the job (the worker stops where it is) and waits until the worker has let go of its
    // text or file.
    void finish() noexcept;

private:
    enum class Kind { Text, Stream };
    // The worker, started on first use; false when the system refuses a thread.
    bool startThread() noexcept;
    void run();
    void work();
    void lexText();
    void readStream();
    // Lexes text[0, size) (followed by two NULs, the worker's own memory) into `batch`, with
    // offsets moved by `shift`; returns the text's count of line ends.
    std::uint32_t lex(char* text, std::size_t size, std::uint32_t shift, AheadBatch& batch);
    [[nodiscard]] std::unique_ptr<AheadBatch> freshBatch();
    // False when the job was ended meanwhile.
    bool publish(std::unique_ptr<AheadBatch> batch);
    [[nodiscard]] bool cancelled();

    std::mutex mutex_;
    std::condition_variable changed_;
    std::thread thread_;
    bool stopping_ = false;
    // The job (set by the reader under the lock, read by the worker).
    bool jobActive_ = false;
    bool jobWorking_ = false;
    bool jobDone_ = false;
    bool cancel_ = false;
    Kind kind_ = Kind::Text;
    bool fused_ = true;
    std::string textCopy_;
    std::size_t pieceBytes_ = 0;
    std::FILE* file_ = nullptr;
    bool expanding_ = false;
    std::deque<std::unique_ptr<AheadBatch>> ready_;
    std::vector<std::unique_ptr<AheadBatch>> spare_;
    std::vector<std::unique_ptr<std::string>> buffers_;
    // The worker's own.
    DbScanner scanner_;
    std::string scratch_;
};

} // namespace epicsdb::loaders
