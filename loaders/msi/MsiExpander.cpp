// The msi expansion (msi.cpp's main loop and makeSubstitutions): one macro table with msi's
// scoping, the templates expanded piece by piece with their directives, the dependency list.
// Hot path: expandSegments(). Output goes into one buffer that is handed to the sink in large
// blocks; prepared templates make a set cost only its macro lookups.
#include <epicsdb/loaders/MsiExpander.hpp>

#include "MsiAbort.hpp"
#include "MsiFiles.hpp"
#include "source/TextFile.hpp"
#include "substitutions/MsiSubstReader.hpp"

#include <epicsdb/macLib/MacroTable.hpp>

#include <cerrno>
#include <unordered_set>

namespace epicsdb::loaders {

TextSink::~TextSink() = default;

void FileTextSink::write(std::string_view text) {
    if (std::fwrite(text.data(), 1, text.size(), stream_) != text.size() && error_ == 0)
        error_ = errno != 0 ? errno : EIO;
}

int exitStatus(MsiOutcome outcome) noexcept {
    switch (outcome) {
    case MsiOutcome::Success:
        return 0;
    case MsiOutcome::UndefinedMacros:
        return 2;
    case MsiOutcome::Aborted:
    case MsiOutcome::NoTemplate:
        return 1;
    }
    return 1;
}

namespace {
constexpr std::size_t kFlushSize = 1u << 20;
// Includes nested deeper than this fail as msi fails when it runs out of file descriptors.
constexpr std::size_t kMaxIncludeDepth = 1000;

std::vector<std::string> searchList(const std::vector<std::string>& values) {
    std::vector<std::string> list;
    for (const std::string& value : values)
        appendMsiIncludePath(value, list);
    return list;
}
} // namespace

struct MsiExpander::Impl final : MsiSetHandler {
    Impl(MsiOptions opts, MsiStreams io)
        : options(std::move(opts)), streams(std::move(io)),
          files(searchList(options.includePaths)) {
        output.reserve(kFlushSize + 8192);
    }

    MsiOutcome run();

    // MsiSetHandler
    void installGlobals(std::string_view definitions) override { table.install(definitions); }
    void requireTemplate(const std::optional<std::string>& fileName) override;
    void expandSet(const std::optional<std::string>& fileName,
                   std::string_view definitions) override;
    void message(std::string_view text) override { streams.messages.write(text); }

    void expandTemplate(const std::optional<std::string>& name);
    void openOnStack(const std::optional<std::string>& name);
    void expandSegments();
    void writePiece(const MsiTemplate& file, const MsiSegment& segment);
    void dependency(std::string_view name);
    void flush() {
        if (!output.empty()) streams.output.write(output);
        output.clear();
    }

    MsiOptions options;
    MsiStreams streams;
    MsiFiles files;
    maclib::MacroTable table;
    std::string output;
    std::unordered_set<std::string> dependencies;
    bool undefinedSeen = false;
    // A bound (expansion size, nesting depth) cut an expansion short: the output would be
    // wrong, so msi stops at the piece that did it (checked after each piece).
    bool stoppedByBound = false;
    [[noreturn]] void stopAtBound(std::string_view file, std::uint32_t line);

    // The files being read (outermost first) and, per file, the next segment and msi's line
    // count; the last piece read, which msi's error report quotes.
    struct Frame {
        const MsiTemplate* file;
        std::string_view shownName;
        std::size_t next = 0;
        std::uint32_t line = 0;
    };
    std::vector<Frame> stack;
    std::string_view lastPiece;
};

MsiOutcome MsiExpander::Impl::run() {
    try {
        for (const std::string& definitions : options.macros)
            table.install(definitions);
        table.suppressWarnings(!options.undefinedIsError);
        table.setWarningSink([this](const maclib::Warning& warning) {
            std::string text(warning.message);
            text.push_back('\n');
            streams.messages.write(text);
            stoppedByBound |= warning.kind == maclib::WarningKind::TooLarge ||
                              warning.kind == maclib::WarningKind::TooDeep;
        });
        if (options.dependencies) output.append(options.outputFile.value_or("")).append(":");

        if (!options.substitutionFile) {
            expandTemplate(options.templateFile);
        } else {
            const std::string& name = *options.substitutionFile;
            std::string text;
            std::string error;
            if (!readTextFile(name, text, error)) {
                std::string note(kMsiErrorMark);
                note.append(" msi: Can't open file '").append(name).append("'\n");
                message(note);
                throw MsiAbort{MsiOutcome::Aborted};
            }
            MsiSubstReader reader(name, text, *this);
            if (!reader.read()) throw MsiAbort{MsiOutcome::Aborted};
        }
        if (options.dependencies) output.push_back('\n');
        flush();
        return undefinedSeen ? MsiOutcome::UndefinedMacros : MsiOutcome::Success;
    } catch (const MsiAbort& abort) {
        // msi's exit() flushes what it has written so far.
        flush();
        return abort.outcome;
    }
}

void MsiExpander::Impl::requireTemplate(const std::optional<std::string>& fileName) {
    if (options.templateFile || fileName) return;
    message("msi: No template file\n");
    throw MsiAbort{MsiOutcome::NoTemplate};
}

void MsiExpander::Impl::expandSet(const std::optional<std::string>& fileName,
                                  std::string_view definitions) {
    requireTemplate(fileName);
    if (!options.globalScope) table.pushScope();
    table.install(definitions);
    expandTemplate(options.templateFile ? options.templateFile : fileName);
    if (!options.globalScope) table.popScope();
}

// makeSubstitutions: the template from its first line, includes spliced in where they stand.
void MsiExpander::Impl::expandTemplate(const std::optional<std::string>& name) {
    stack.clear();
    openOnStack(name);
    expandSegments();
}

void MsiExpander::Impl::openOnStack(const std::optional<std::string>& name) {
    std::optional<MsiOpened> opened;
    if (!name)
        opened = files.openStandardInput(streams.readStandardInput);
    else if (stack.size() < kMaxIncludeDepth)
        opened = files.open(*name);
    if (!opened) {
        // msi's report: the name, the last line read, then each open file from the innermost.
        std::string text(kMsiErrorMark);
        text.append(" msi: Can't open file '").append(name.value_or("")).append("'\n");
        text.append("input: '").append(lastPiece).append("' at ");
        for (auto frame = stack.rbegin(); frame != stack.rend(); ++frame) {
            text.append("line ").append(std::to_string(frame->line)).append(" of ");
            text.append(" file ").append(frame->shownName).append("\n");
            text.append(frame + 1 != stack.rend() ? "  included from " : "\n");
        }
        text.append("\n");
        message(text);
        throw MsiAbort{MsiOutcome::Aborted};
    }
    if (options.dependencies) dependency(opened->shownName);
    stack.push_back({opened->file, opened->shownName, 0, 0});
}

void MsiExpander::Impl::dependency(std::string_view name) {
    if (!dependencies.emplace(name).second) return;
    if (dependencies.size() > 1) output.append(" \\\n");
    output.append(" ").append(name);
}

void MsiExpander::Impl::expandSegments() {
    while (!stack.empty()) {
        Frame& frame = stack.back();
        const MsiTemplate& file = *frame.file;
        if (frame.next == file.segments().size()) {
            // What msi's line buffer holds now: this file's last line, unless that line was an
            // include (then the included file's last line, already recorded).
            if (!file.empty() && !file.endsWithInclude()) lastPiece = file.lastPiece();
            stack.pop_back();
            continue;
        }
        const MsiSegment& segment = file.segments()[frame.next++];
        frame.line = segment.line;
        switch (segment.kind) {
        case MsiSegment::Kind::Include: {
            lastPiece = file.slice(segment.begin, segment.end);
            openOnStack(std::string(file.slice(segment.first, segment.last)));
            break;
        }
        case MsiSegment::Kind::Substitute:
            lastPiece = file.slice(segment.begin, segment.end);
            table.install(file.slice(segment.first, segment.last));
            break;
        default:
            if (!options.dependencies) {
                const std::size_t pieceStart = output.size();
                writePiece(file, segment);
                // Expansion happens here only (install defines, the values are read later).
                if (stoppedByBound) {
                    output.resize(pieceStart); // what a bound left of the piece is not the piece
                    stopAtBound(frame.shownName, segment.line);
                }
            }
            break;
        }
        if (output.size() >= kFlushSize) flush();
    }
}

void MsiExpander::Impl::stopAtBound(std::string_view file, std::uint32_t line) {
    std::string text(kMsiErrorMark);
    text.append(" msi: macro expansion stopped at line ").append(std::to_string(line));
    text.append(" of file ").append(file).append("\n");
    message(text);
    throw MsiAbort{MsiOutcome::Aborted};
}

void MsiExpander::Impl::writePiece(const MsiTemplate& file, const MsiSegment& segment) {
    if (options.undefinedIsError) {
        // -V: every piece through macExpandString, as msi does: the table's values are
        // re-expanded (with their warnings) at the first piece after any change.
        if (segment.kind == MsiSegment::Kind::Verbatim) {
            table.expand(std::string_view(), output);
            output.append(file.slice(segment.begin, segment.end));
            return;
        }
        const std::size_t start = output.size();
        const maclib::ExpandStatus status =
            table.expand(file.slice(segment.begin, segment.end), output);
        if (output.size() - start > kMsiPieceOutput) output.resize(start + kMsiPieceOutput);
        if (!status.ok() && !undefinedSeen) {
            message("msi: Error - undefined macros present\n");
            undefinedSeen = true;
        }
        return;
    }
    // Without -V warnings are off and the status is unused, so a plain reference is exactly a
    // lookup of its cached value, and an undefined one is written `$(name)`.
    switch (segment.kind) {
    case MsiSegment::Kind::Verbatim:
        output.append(file.slice(segment.begin, segment.end));
        return;
    case MsiSegment::Kind::Simple: {
        const std::size_t start = output.size();
        const MsiOp* op = file.ops().data() + segment.first;
        const MsiOp* last = file.ops().data() + segment.last;
        for (; op != last; ++op) {
            const std::string_view text = file.slice(op->begin, op->end);
            if (op->kind == MsiOp::Kind::Literal) {
                output.append(text);
            } else if (auto value = table.getValue(text, op->nameHash)) {
                output.append(value->text);
            } else if (op->kind == MsiOp::Kind::ReferenceWithDefault) {
                output.append(file.slice(op->defaultBegin, op->defaultEnd));
            } else {
                output.append("$(").append(text).append(")");
            }
        }
        if (output.size() - start > kMsiPieceOutput) output.resize(start + kMsiPieceOutput);
        return;
    }
    default: {
        const std::size_t start = output.size();
        table.expand(file.slice(segment.begin, segment.end), output);
        if (output.size() - start > kMsiPieceOutput) output.resize(start + kMsiPieceOutput);
        return;
    }
    }
}

MsiExpander::MsiExpander(MsiOptions options, MsiStreams streams)
    : impl_(std::make_unique<Impl>(std::move(options), std::move(streams))) {}

MsiExpander::~MsiExpander() = default;

MsiOutcome MsiExpander::run() {
    return impl_->run();
}

} // namespace epicsdb::loaders
