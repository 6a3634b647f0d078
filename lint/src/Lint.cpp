// lintDatabases: every record of every IOC through the record and link rules, then the records
// that two IOCs define.
#include <epicsdb/lint/Lint.hpp>

#include "LinkRules.hpp"
#include "RecordRules.hpp"
#include "RuleContext.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/support/Glob.hpp>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <unordered_map>

namespace epicsdb::lint {

const LinedText& SourceTexts::text(const std::string& file) {
    auto it = texts_.find(file);
    if (it == texts_.end()) it = texts_.emplace(file, LinedText::ofFile(file)).first;
    return it->second;
}

namespace {
// `field(NAME,` or `field("NAME",` at `at` (after blanks), with its column.
bool fieldStatementAt(std::string_view line, std::string_view name, std::size_t& column) {
    for (std::size_t at = line.find("field"); at != std::string_view::npos;
         at = line.find("field", at + 1)) {
        std::size_t i = at + 5;
        auto blanks = [&] {
            while (i < line.size() && (line[i] == ' ' || line[i] == '\t'))
                ++i;
        };
        blanks();
        if (i >= line.size() || line[i] != '(') continue;
        ++i;
        blanks();
        const bool quoted = i < line.size() && line[i] == '"';
        if (quoted) ++i;
        if (line.compare(i, name.size(), name) != 0) continue;
        i += name.size();
        if (quoted) {
            if (i >= line.size() || line[i] != '"') continue;
            ++i;
        }
        blanks();
        if (i < line.size() && line[i] == ',') {
            column = at + 1;
            return true;
        }
    }
    return false;
}
} // namespace

SourceLocation RuleContext::locationOf(const dbstatic::Record& record,
                                       std::string_view field) const {
    const SourceLocation where = locationOf(record);
    const LinedText& text = texts.text(where.file);
    // The record's body runs from its record() line to the next record() line; the last
    // statement setting the field is the one in effect. Comment lines do not count.
    SourceLocation found = where;
    for (unsigned line = where.line; line <= text.lines(); ++line) {
        std::string_view content = text.line(line);
        const std::size_t first = content.find_first_not_of(" \t");
        if (first == std::string_view::npos) continue;
        const std::string_view start = content.substr(first);
        if (start.front() == '#') continue;
        if (line > where.line && (start.starts_with("record") || start.starts_with("grecord")) &&
            start.find('(') != std::string_view::npos)
            break;
        std::size_t column = 0;
        if (fieldStatementAt(content, field, column)) found = {where.file, line, unsigned(column)};
    }
    return found;
}

bool RuleContext::hasLoadError(const dbstatic::Record& record) {
    if (options.errorLines.empty()) return false;
    const SourceLocation where = locationOf(record);
    const auto errors = options.errorLines.find(where.file);
    if (errors == options.errorLines.end()) return false;
    if (recordLines.empty()) {
        for (const dbstatic::RecordType& type : db().recordTypes())
            for (const dbstatic::Record* node = type.firstRecord(); node; node = node->next())
                if (!node->isAlias())
                    recordLines[std::string(db().fileName(node->position().file))].push_back(
                        node->position().line);
        for (auto& [file, lines] : recordLines)
            std::sort(lines.begin(), lines.end());
    }
    const std::vector<unsigned>& starts = recordLines[where.file];
    const auto next = std::upper_bound(starts.begin(), starts.end(), where.line);
    const unsigned end = next == starts.end() ? ~0u : *next;
    for (unsigned line : errors->second)
        if (line >= where.line && line < end) return true;
    return false;
}

bool RuleContext::isExternal(std::string_view name) const {
    for (const std::string& pattern : options.externals)
        if (support::globMatch(name, pattern)) return true;
    return false;
}

const dbstatic::Record* RuleContext::findTarget(std::string_view name,
                                                const LintTarget** where) const {
    if (const dbstatic::Record* local = db().findRecord(name)) {
        *where = &ioc;
        return local;
    }
    for (const LintTarget& other : iocs) {
        if (&other == &ioc) continue;
        if (const dbstatic::Record* remote = other.database->findRecord(name)) {
            *where = &other;
            return remote;
        }
    }
    return nullptr;
}

namespace {
template <class Visit>
void forEachRecord(const dbstatic::Database& db, Visit&& visit) {
    for (const dbstatic::RecordType& type : db.recordTypes())
        for (const dbstatic::Record* node = type.firstRecord(); node; node = node->next())
            if (!node->isAlias()) visit(*node);
}

bool isLink(dbstatic::DbfType type) {
    return type == dbstatic::DbfType::InLink || type == dbstatic::DbfType::OutLink ||
           type == dbstatic::DbfType::FwdLink;
}

// The same name in two IOCs: reported at the later one, the first named in a note.
void checkDuplicates(std::span<const LintTarget> iocs, const LintOptions& options,
                     DiagnosticSink& sink, SourceTexts& texts) {
    std::unordered_map<std::string_view, const LintTarget*> owner;
    for (const LintTarget& ioc : iocs) {
        RuleContext context{ioc, iocs, options, sink, texts};
        forEachRecord(*ioc.database, [&](const dbstatic::Record& record) {
            const auto [it, isNew] = owner.emplace(record.name(), &ioc);
            if (isNew) return;
            const LintTarget& first = *it->second;
            const dbstatic::Record* other = first.database->findRecord(record.name());
            RuleContext firstContext{first, iocs, options, sink, texts};
            const SourceLocation there = firstContext.locationOf(*other);
            context.report(
                "ioc-duplicate-record", record,
                "record " + std::string(record.name()) + " of " + ioc.name +
                    " is also defined by " + first.name,
                {"the other definition is at " + there.file + ":" + std::to_string(there.line)});
        });
    }
}
} // namespace

void lintDatabases(std::span<const LintTarget> iocs, const LintOptions& options,
                   DiagnosticSink& findings) {
    SourceTexts texts;
    for (const LintTarget& ioc : iocs) {
        RuleContext context{ioc, iocs, options, findings, texts};
        forEachRecord(*ioc.database, [&](const dbstatic::Record& record) {
            if (context.hasLoadError(record)) return;
            checkRecord(context, record);
            for (const dbstatic::FieldValue& set : record.setFields()) {
                const dbstatic::FieldDef& field = record.type().field(set.field);
                if (isLink(field.type)) checkLink(context, record, field, set.value());
            }
        });
    }
    if (iocs.size() > 1) checkDuplicates(iocs, options, findings, texts);
}

void readExternalPragmas(std::string_view text, std::vector<std::string>& out) {
    // #: external("name")   (dbdlint), anywhere on a line after '#'
    std::size_t at = 0;
    while ((at = text.find("#:", at)) != std::string_view::npos) {
        at += 2;
        std::size_t i = at;
        while (i < text.size() && chars::isSpace(text[i]) && text[i] != '\n')
            ++i;
        if (text.compare(i, 8, "external") != 0) continue;
        i += 8;
        while (i < text.size() && chars::isSpace(text[i]) && text[i] != '\n')
            ++i;
        if (i >= text.size() || text[i] != '(') continue;
        ++i;
        while (i < text.size() && chars::isSpace(text[i]) && text[i] != '\n')
            ++i;
        if (i >= text.size() || (text[i] != '"' && text[i] != '\'')) continue;
        const char quote = text[i++];
        const std::size_t end = text.find(quote, i);
        if (end == std::string_view::npos ||
            text.substr(i, end - i).find('\n') != std::string_view::npos)
            continue;
        out.emplace_back(text.substr(i, end - i));
    }
}

} // namespace epicsdb::lint
