#include "FuzzSupport.hpp"

#include <epicsdb/dbStatic/Writers.hpp>
#include <epicsdb/loaders/DiagnosticText.hpp>
#include <epicsdb/loaders/Loader.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <system_error>
#include <unistd.h>

namespace epicsdb::fuzz {

namespace fs = std::filesystem;

namespace {

// Standard error as it was when the process started: libFuzzer's -close_fd_mask=2 closes it
// before the first input (the library's own messages are not wanted), and a finding must
// still say what it is.
const int reportFd = ::dup(2);

} // namespace

bool debugging() {
    static const bool on = std::getenv("EPICSDB_FUZZ_DEBUG") != nullptr;
    return on;
}

void print(std::string_view text) {
    const int fd = reportFd >= 0 ? reportFd : 2;
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n <= 0) return;
        text.remove_prefix(static_cast<std::size_t>(n));
    }
}

void fail(std::string_view what, std::string_view detail) {
    std::string text = "epicsdb fuzz: ";
    text.append(what).append("\n");
    if (!detail.empty()) text.append(detail).append("\n"); // may hold NULs
    print(text);
    std::abort();
}

// ---- the shared definitions ----------------------------------------------------------------

dbstatic::Database& standardDatabase() {
    static dbstatic::Database* const db = [] {
        auto* database = new dbstatic::Database; // lives as long as the process
        DiagnosticList diagnostics;
        loaders::Loader loader(*database, diagnostics);
        const loaders::LoadResult result = loader.loadDefaultDefinitions();
        if (!result.ok) {
            std::string text;
            for (const Diagnostic& d : diagnostics.items)
                text += loaders::diagnosticText(d, false);
            fail("the standard definitions do not load", text);
        }
        return database;
    }();
    return *db;
}

namespace {

// Everything a rollback must give back, as one comparable text.
std::string shapeOf(const dbstatic::Database& db) {
    std::string shape;
    auto add = [&](const char* what, std::size_t n) {
        shape += what;
        shape += '=';
        shape += std::to_string(n);
        shape += ' ';
    };
    add("menus", db.menus().size());
    add("types", db.recordTypes().size());
    std::size_t devices = 0, typeRecords = 0;
    for (const auto& type : db.recordTypes()) {
        devices += type.devices().size();
        typeRecords += type.recordCount();
    }
    add("devices", devices);
    add("typeRecords", typeRecords);
    add("records", db.recordCount());
    add("aliases", db.aliasCount());
    add("drivers", db.drivers().size());
    add("registrars", db.registrars().size());
    add("functions", db.functions().size());
    add("variables", db.variables().size());
    add("links", db.linkSupports().size());
    add("breaktables", db.breaktables().size());
    add("groups", db.promptGroups().size());
    add("arena", db.arena().stats().bytesAllocated);
    return shape;
}

} // namespace

Scratchpad::Scratchpad() : db_(standardDatabase()), options_(db_.options()) {
    check(!db_.loading(), "a Scratchpad inside another");
    shape_ = shapeOf(db_);
    db_.beginLoad();
}

Scratchpad::~Scratchpad() {
    db_.endLoad(false);
    db_.options() = options_;
    db_.setSupportForNewTypes(true);
    const std::string after = shapeOf(db_);
    if (after != shape_)
        fail("the rollback of an input did not restore the database",
             "before: " + shape_ + "\nafter:  " + after);
}

// ---- bundles -------------------------------------------------------------------------------

namespace {

bool isNameChar(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-';
}

bool goodName(std::string_view name) {
    if (name.empty() || name.size() > 64) return false;
    std::size_t parts = 0;
    std::size_t start = 0;
    while (start <= name.size()) {
        std::size_t end = name.find('/', start);
        if (end == std::string_view::npos) end = name.size();
        const std::string_view part = name.substr(start, end - start);
        if (part.empty() || part == "." || part == ".." || ++parts > 3) return false;
        for (char c : part)
            if (!isNameChar(c)) return false;
        start = end + 1;
    }
    return true;
}

constexpr std::string_view kMarker = "==> ";

} // namespace

Bundle splitBundle(std::string_view input) {
    Bundle bundle;
    // Where each section line starts: at the very beginning or after a newline.
    auto nextMarker = [&](std::size_t from) {
        for (std::size_t at = from; at < input.size();) {
            if ((at == 0 || input[at - 1] == '\n') && input.substr(at, kMarker.size()) == kMarker)
                return at;
            const std::size_t nl = input.find('\n', at);
            if (nl == std::string_view::npos) break;
            at = nl + 1;
        }
        return std::string_view::npos;
    };
    std::size_t marker = nextMarker(0);
    bundle.main = input.substr(0, marker);
    while (marker != std::string_view::npos) {
        const std::size_t nameStart = marker + kMarker.size();
        std::size_t nameEnd = input.find('\n', nameStart);
        const std::size_t textStart =
            nameEnd == std::string_view::npos ? input.size() : nameEnd + 1;
        if (nameEnd == std::string_view::npos) nameEnd = input.size();
        marker = nextMarker(textStart);
        std::string_view name = input.substr(nameStart, nameEnd - nameStart);
        if (!name.empty() && name.back() == '\r') name.remove_suffix(1);
        const std::size_t textEnd = marker == std::string_view::npos ? input.size() : marker;
        if (!goodName(name) || bundle.files.size() >= kMaxBundleFiles) continue;
        const std::string_view text = input.substr(textStart, textEnd - textStart);
        bool replaced = false;
        for (BundleFile& file : bundle.files)
            if (file.name == name) {
                file.text = text;
                replaced = true;
            }
        if (!replaced) bundle.files.push_back({std::string(name), text});
    }
    return bundle;
}

const std::string& scratchRoot() {
    static const std::string root = [] {
        std::string base;
        if (const char* env = std::getenv("EPICSDB_FUZZ_SCRATCH"); env && *env)
            base = env;
        else if (fs::is_directory("/dev/shm"))
            base = "/dev/shm";
        else
            base = "/tmp";
        char name[64];
        std::snprintf(name, sizeof name, "/epicsdb-fuzz-%08ld", static_cast<long>(::getpid()));
        std::string path = base + name;
        std::error_code error;
        fs::remove_all(path, error);
        fs::create_directories(path, error);
        if (error) fail("cannot make the scratch folder", path);
        static const std::string removeAtExit = path;
        std::atexit([] {
            std::error_code ignored;
            fs::remove_all(removeAtExit, ignored);
        });
        return path;
    }();
    return root;
}

namespace {

void writeFile(const std::string& path, std::string_view text) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file) fail("cannot write a scratch file", path);
    if (!text.empty()) std::fwrite(text.data(), 1, text.size(), file);
    std::fclose(file);
}

} // namespace

std::string writeBundle(const Bundle& bundle, std::string_view mainName) {
    const std::string dir = scratchRoot() + "/in";
    std::error_code error;
    fs::remove_all(dir, error);
    fs::create_directory(dir, error);
    if (error) fail("cannot make the input folder", dir);
    for (const BundleFile& file : bundle.files) {
        const std::string path = dir + "/" + file.name;
        const std::size_t slash = file.name.rfind('/');
        if (slash != std::string::npos) {
            fs::create_directories(dir + "/" + file.name.substr(0, slash), error);
            // A name used both as a file and as a folder: the folder loses; skip the file.
            if (error) continue;
        }
        if (fs::is_directory(path, error)) continue;
        writeFile(path, file.text);
    }
    if (!fs::is_directory(dir + "/" + std::string(mainName), error))
        writeFile(dir + "/" + std::string(mainName), bundle.main);
    return dir;
}

// ---- filters -------------------------------------------------------------------------------

bool namesSystemFiles(std::string_view text) {
    for (std::string_view bad : {"/dev", "dev/", "/proc", "proc/", "/sys", "sys/", "/run", "fd/"})
        if (text.find(bad) != std::string_view::npos) return true;
    return false;
}

bool macroBlowupRisk(std::string_view text) {
    double bits = 0;
    std::size_t references = 0; // in this piece
    std::size_t nested = 0;     // of them, opened inside another reference
    int depth = 0;              // references open
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const char c = i < text.size() ? text[i] : '\n';
        if (c == '$' && i + 1 < text.size() && (text[i + 1] == '(' || text[i + 1] == '{')) {
            ++references;
            nested += depth > 0;
            ++depth;
            ++i; // the bracket opens the reference, it does not end a piece
            continue;
        }
        if (depth > 0 && (c == ')' || c == '}')) {
            --depth;
            continue;
        }
        if (c == '\n' || (depth == 0 && (c == ',' || c == '{' || c == '}'))) {
            if (references > kMaxReferencesPerPiece || nested > kMaxNestedReferences) return true;
            if (references >= 2) bits += std::log2(static_cast<double>(references));
            if (bits > kMaxDoublingBits) return true;
            references = nested = 0;
            depth = 0;
        }
    }
    return false;
}

// ---- diagnostics ---------------------------------------------------------------------------

void TextSink::report(Diagnostic diagnostic) {
    static const bool strict = std::getenv("EPICSDB_FUZZ_STRICT") != nullptr;
    ++count;
    const std::string text = loaders::diagnosticText(diagnostic, false);
    if (debugging()) print(text);
    full += text;
    if (strict) {
        compared += text;
        return;
    }
    if (afterSyntaxError_) return;
    // The errors after which the parser recovers: syntax errors (code "syntax", such as
    // "expected a file name after 'include'"), and the lexical errors handed to it as error
    // tokens (loaders/records/DbReader.cpp).
    const std::string& code = diagnostic.code;
    afterSyntaxError_ = code == "syntax" || diagnostic.message.starts_with("syntax error") ||
                        code == "invalid-character" || code == "unterminated-string" ||
                        code == "json-string" || code == "nesting-too-deep";
    compared += loaders::severityName(diagnostic.severity);
    compared += ' ';
    compared += diagnostic.location.file;
    compared += ':';
    compared += std::to_string(diagnostic.location.line);
    compared += '\n';
}

void TextSink::beginLoad() {
    afterSyntaxError_ = false;
    compared += "--- load\n";
    full += "--- load\n";
}

std::string dumpRecords(const dbstatic::Database& db) {
    std::string out;
    dbstatic::RecordWriteOptions options;
    options.level = 1;
    dbstatic::writeRecords(db, out, options);
    return out;
}

void checkSameOutcome(const LoadOutcome& fast, const LoadOutcome& plain) {
    const auto both = [&] {
        return "read fast: " + fast.verdicts + "\n" + fast.records + fast.full +
               "\nread plain: " + plain.verdicts + "\n" + plain.records + plain.full;
    };
    if (fast.verdicts != plain.verdicts) fail("the fast paths changed what loads", both());
    if (fast.records != plain.records) fail("the fast paths changed the records", both());
    if (fast.compared != plain.compared) fail("the fast paths changed the diagnostics", both());
}

} // namespace epicsdb::fuzz
