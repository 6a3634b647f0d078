// lintDatabases: every record of every IOC through the record and link rules, then the records
// that two IOCs define.
#include <epicsdb/lint/Lint.hpp>

#include "LinkRules.hpp"
#include "RecordRules.hpp"
#include "RuleContext.hpp"

#include <epicsdb/CharClass.hpp>
#include <epicsdb/support/Glob.hpp>

#include <fstream>
#include <iterator>
#include <unordered_map>

namespace epicsdb::lint {

const std::string& SourceTexts::text(const std::string& file) {
    auto it = texts_.find(file);
    if (it == texts_.end()) {
        std::ifstream in(file, std::ios::binary);
        it = texts_
                 .emplace(file, std::string(std::istreambuf_iterator<char>(in),
                                            std::istreambuf_iterator<char>()))
                 .first;
    }
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
    SourceLocation where = locationOf(record);
    const std::string& text = texts.text(where.file);
    // From the record() line to the end of its body (the first '}' at the start of a line, or
    // the next record), the first line that sets the field.
    std::size_t start = 0;
    for (unsigned n = 1; n < where.line && start != std::string::npos; ++n) {
        start = text.find('\n', start);
        if (start != std::string::npos) ++start;
    }
    for (unsigned line = where.line; start != std::string::npos && start < text.size(); ++line) {
        const std::size_t end = text.find('\n', start);
        const std::string_view content = std::string_view(text).substr(
            start, end == std::string::npos ? std::string::npos : end - start);
        std::size_t column = 0;
        if (fieldStatementAt(content, field, column)) return {where.file, line, unsigned(column)};
        if (line > where.line && content.find("record") != std::string_view::npos &&
            content.find('(') != std::string_view::npos)
            break;
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return where;
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
