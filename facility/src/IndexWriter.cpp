#include "IndexWriter.hpp"

#include <chrono>
#include <ctime>
#include <vector>

namespace epicsdb::facility {

using sql::Statement;

std::string utcNow() {
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm parts{};
    gmtime_r(&now, &parts);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
    return text;
}

// Prepared once per writer: an IOC of 100,000 records runs them a million times.
struct IndexWriter::Statements {
    explicit Statements(sqlite3* db)
        : findIoc(db, "SELECT id, status FROM iocs WHERE name = ?1"),
          insertIoc(db, "INSERT INTO iocs (name, script, status, failure, fingerprint, generation, "
                        "loaded_at, checked_at, ioc_init, records, aliases, errors, warnings, "
                        "environment, scripts, definitions) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
                        "?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)"),
          updateIoc(db, "UPDATE iocs SET script = ?2, status = ?3, failure = ?4, fingerprint = "
                        "?5, generation = ?6, loaded_at = ?7, checked_at = ?8, ioc_init = ?9, "
                        "records = ?10, aliases = ?11, errors = ?12, warnings = ?13, "
                        "environment = ?14, scripts = ?15, definitions = ?16 WHERE id = ?1"),
          markStale(db, "UPDATE iocs SET status = 'stale', failure = ?2, fingerprint = ?3, "
                        "generation = ?4, checked_at = ?5, errors = ?6, warnings = ?7 "
                        "WHERE id = ?1"),
          findDefinitions(db, "SELECT id FROM definitions WHERE hash = ?1"),
          insertDefinitions(db, "INSERT INTO definitions (hash) VALUES (?1)"),
          insertTypeField(db, "INSERT INTO type_fields (definitions, type, field, seq, dbf, "
                              "initial, prompt) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
          upsertFile(db, "INSERT INTO files (path, hash, size, text) VALUES (?1, ?2, ?3, ?4) "
                         "ON CONFLICT (path) DO UPDATE SET hash = excluded.hash, size = "
                         "excluded.size, text = excluded.text WHERE hash <> excluded.hash"),
          findFile(db, "SELECT id FROM files WHERE path = ?1"),
          insertIocFile(db, "INSERT OR REPLACE INTO ioc_files (ioc_id, file_id, hash) "
                            "VALUES (?1, ?2, ?3)"),
          insertSource(db, "INSERT INTO sources (ioc_id, seq, file_id, chain, macros) "
                           "VALUES (?1, ?2, ?3, ?4, ?5)"),
          insertRecord(db, "INSERT INTO records (ioc_id, name, type, source, line, column, "
                           "fields) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
          insertInfo(db, "INSERT OR REPLACE INTO infos (record_id, name, value, source, "
                         "line, column) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"),
          insertLink(db, "INSERT OR REPLACE INTO links (record_id, field, target, target_field, "
                         "modifiers) VALUES (?1, ?2, ?3, ?4, ?5)"),
          insertAlias(db, "INSERT INTO aliases (name, record_id, ioc_id, source, line, column) "
                          "VALUES (?1, ?2, ?3, ?4, ?5, ?6)"),
          insertLoad(db, "INSERT INTO loads (ioc_id, seq, command, file, macros, path, script, "
                         "line, ok, records) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"),
          insertSkipped(db, "INSERT INTO skipped (ioc_id, seq, name, text, script, line, base) "
                            "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"),
          insertDiagnostic(db, "INSERT INTO diagnostics (ioc_id, seq, kind, record_id, severity, "
                               "code, message, file, line, column, target, detail) VALUES (?1, "
                               "?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)"),
          lastSeq(db, "SELECT COALESCE(MAX(seq), -1) + 1 FROM diagnostics WHERE ioc_id = ?1"),
          setMeta(db, "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)"),
          generation(db, "SELECT value FROM meta WHERE key = 'generation'") {}

    Statement findIoc, insertIoc, updateIoc, markStale, findDefinitions, insertDefinitions,
        insertTypeField, upsertFile, findFile, insertIocFile, insertSource, insertRecord,
        insertInfo, insertLink, insertAlias, insertLoad, insertSkipped, insertDiagnostic, lastSeq,
        setMeta, generation;
};

IndexWriter::IndexWriter(sqlite3* db) : db_(db), s_(std::make_unique<Statements>(db)) {}
IndexWriter::~IndexWriter() = default;

std::int64_t IndexWriter::nextGeneration() {
    std::int64_t generation = 0;
    if (s_->generation.step()) {
        generation = std::stoll(std::string(s_->generation.text(0)));
        s_->generation.step();
    }
    ++generation;
    s_->setMeta.bind(1, "generation").bind(2, std::to_string(generation)).run();
    s_->setMeta.bind(1, "updated").bind(2, utcNow()).run();
    return generation;
}

void IndexWriter::deleteRows(std::int64_t ioc) {
    static constexpr const char* kDeletes[] = {
        "DELETE FROM infos WHERE record_id IN (SELECT id FROM records WHERE ioc_id = ?1)",
        "DELETE FROM links WHERE record_id IN (SELECT id FROM records WHERE ioc_id = ?1)",
        "DELETE FROM records WHERE ioc_id = ?1",
        "DELETE FROM aliases WHERE ioc_id = ?1",
        "DELETE FROM sources WHERE ioc_id = ?1",
        "DELETE FROM loads WHERE ioc_id = ?1",
        "DELETE FROM skipped WHERE ioc_id = ?1",
        "DELETE FROM diagnostics WHERE ioc_id = ?1",
        "DELETE FROM ioc_files WHERE ioc_id = ?1",
    };
    for (const char* text : kDeletes)
        Statement(db_, text).bind(1, ioc).run();
}

// Files no IOC reads and no kept statement names; definitions no IOC uses.
void IndexWriter::collectGarbage() {
    sql::exec(db_, "DELETE FROM files WHERE id NOT IN (SELECT file_id FROM ioc_files) "
                   "AND id NOT IN (SELECT file_id FROM sources)");
    sql::exec(db_, "DELETE FROM type_fields WHERE definitions NOT IN "
                   "(SELECT definitions FROM iocs WHERE definitions IS NOT NULL)");
    sql::exec(db_, "DELETE FROM definitions WHERE id NOT IN "
                   "(SELECT definitions FROM iocs WHERE definitions IS NOT NULL)");
}

namespace {
void bindPlace(Statement& statement, int first, const PlaceRow& place) {
    if (place.source) {
        statement.bind(first, std::int64_t{*place.source});
        statement.bind(first + 1, std::int64_t{place.line});
        statement.bind(first + 2, std::int64_t{place.column});
    } else {
        statement.bindNull(first).bindNull(first + 1).bindNull(first + 2);
    }
}
} // namespace

std::string IndexWriter::write(const IocSnapshot& snapshot) {
    sql::Transaction transaction(db_);
    const std::int64_t generation = nextGeneration();
    const std::string now = utcNow();
    std::optional<std::int64_t> existing;
    std::string previous;
    if (s_->findIoc.bind(1, snapshot.name).step()) {
        existing = s_->findIoc.integer(0);
        previous = s_->findIoc.text(1);
        s_->findIoc.step();
    }

    std::vector<std::int64_t> fileIds;
    fileIds.reserve(snapshot.files.size());
    for (const FileRow& file : snapshot.files) {
        s_->upsertFile.bind(1, file.path)
            .bind(2, file.hash)
            .bind(3, static_cast<std::int64_t>(file.text.size()))
            .bind(4, file.text)
            .run();
        s_->findFile.bind(1, file.path).step();
        fileIds.push_back(s_->findFile.integer(0));
        s_->findFile.step();
    }
    auto writeIocFiles = [&](std::int64_t ioc) {
        Statement(db_, "DELETE FROM ioc_files WHERE ioc_id = ?1").bind(1, ioc).run();
        for (std::size_t i = 0; i < snapshot.files.size(); ++i)
            s_->insertIocFile.bind(1, ioc)
                .bind(2, fileIds[i])
                .bind(3, snapshot.files[i].hash)
                .run();
    };
    auto writeDiagnostics = [&](std::int64_t ioc, bool loadOnly, std::int64_t seq,
                                const std::vector<std::int64_t>* recordIds) {
        for (const DiagnosticRow& d : snapshot.diagnostics) {
            if (loadOnly && d.lint) continue;
            s_->insertDiagnostic.bind(1, ioc).bind(2, seq++).bind(3, d.lint ? "lint" : "load");
            if (d.record && recordIds)
                s_->insertDiagnostic.bind(4, (*recordIds)[*d.record]);
            else
                s_->insertDiagnostic.bindNull(4);
            s_->insertDiagnostic.bind(5, d.severity)
                .bind(6, d.code)
                .bind(7, d.message)
                .bind(8, d.file)
                .bind(9, std::int64_t{d.line})
                .bind(10, std::int64_t{d.column});
            if (d.target.empty())
                s_->insertDiagnostic.bindNull(11);
            else
                s_->insertDiagnostic.bind(11, d.target);
            s_->insertDiagnostic.bind(12, d.detail).run();
        }
    };

    // A failed load after a good one: the good rows stay, the failure is told.
    if (snapshot.failed() && existing && (previous == "ok" || previous == "stale")) {
        s_->markStale.bind(1, *existing)
            .bind(2, snapshot.failure)
            .bind(3, snapshot.fingerprint)
            .bind(4, generation)
            .bind(5, now)
            .bind(6, static_cast<std::int64_t>(snapshot.errors))
            .bind(7, static_cast<std::int64_t>(snapshot.warnings))
            .run();
        Statement(db_, "DELETE FROM diagnostics WHERE ioc_id = ?1 AND kind = 'load'")
            .bind(1, *existing)
            .run();
        s_->lastSeq.bind(1, *existing).step();
        const std::int64_t seq = s_->lastSeq.integer(0);
        s_->lastSeq.step();
        writeDiagnostics(*existing, true, seq, nullptr);
        writeIocFiles(*existing);
        collectGarbage();
        transaction.commit();
        return "stale";
    }

    // The record types, shared by every IOC built from the same definitions.
    std::int64_t definitions = 0;
    if (s_->findDefinitions.bind(1, snapshot.definitionsHash).step()) {
        definitions = s_->findDefinitions.integer(0);
        s_->findDefinitions.step();
    } else {
        s_->insertDefinitions.bind(1, snapshot.definitionsHash).run();
        definitions = sqlite3_last_insert_rowid(db_);
        for (const TypeFieldRow& field : snapshot.typeFields)
            s_->insertTypeField.bind(1, definitions)
                .bind(2, field.type)
                .bind(3, field.field)
                .bind(4, std::int64_t{field.seq})
                .bind(5, field.dbf)
                .bind(6, field.initial)
                .bind(7, field.prompt)
                .run();
    }

    const std::string status = snapshot.failed() ? "failed" : "ok";
    Statement& ioc = existing ? s_->updateIoc : s_->insertIoc;
    if (existing) {
        deleteRows(*existing);
        ioc.bind(1, *existing);
    } else {
        ioc.bind(1, snapshot.name);
    }
    ioc.bind(2, snapshot.script).bind(3, status);
    if (snapshot.failure.empty())
        ioc.bindNull(4);
    else
        ioc.bind(4, snapshot.failure);
    ioc.bind(5, snapshot.fingerprint)
        .bind(6, generation)
        .bind(7, now)
        .bind(8, now)
        .bind(9, std::int64_t{snapshot.iocInit})
        .bind(10, static_cast<std::int64_t>(snapshot.records.size()))
        .bind(11, static_cast<std::int64_t>(snapshot.aliases.size()))
        .bind(12, static_cast<std::int64_t>(snapshot.errors))
        .bind(13, static_cast<std::int64_t>(snapshot.warnings))
        .bind(14, snapshot.environment)
        .bind(15, snapshot.scripts)
        .bind(16, definitions)
        .run();
    const std::int64_t iocId = existing ? *existing : sqlite3_last_insert_rowid(db_);
    writeIocFiles(iocId);

    std::int64_t sourceSeq = 0;
    for (const SourceRow& source : snapshot.sources)
        s_->insertSource.bind(1, iocId)
            .bind(2, sourceSeq++)
            .bind(3, fileIds[source.file])
            .bind(4, source.chain)
            .bind(5, source.macros)
            .run();
    std::vector<std::int64_t> recordIds;
    recordIds.reserve(snapshot.records.size());
    for (const RecordRow& record : snapshot.records) {
        s_->insertRecord.bind(1, iocId).bind(2, record.name).bind(3, record.type);
        bindPlace(s_->insertRecord, 4, record.place);
        s_->insertRecord.bind(7, record.fields).run();
        const std::int64_t id = sqlite3_last_insert_rowid(db_);
        recordIds.push_back(id);
        for (const InfoRow& info : record.infos) {
            s_->insertInfo.bind(1, id).bind(2, info.name).bind(3, info.value);
            bindPlace(s_->insertInfo, 4, info.place);
            s_->insertInfo.run();
        }
        for (const LinkRow& link : record.links)
            s_->insertLink.bind(1, id)
                .bind(2, link.field)
                .bind(3, link.target)
                .bind(4, link.targetField)
                .bind(5, link.modifiers)
                .run();
    }
    for (const AliasRow& alias : snapshot.aliases) {
        s_->insertAlias.bind(1, alias.name).bind(2, recordIds[alias.record]).bind(3, iocId);
        bindPlace(s_->insertAlias, 4, alias.place);
        s_->insertAlias.run();
    }
    std::int64_t seq = 0;
    for (const LoadRow& load : snapshot.loads)
        s_->insertLoad.bind(1, iocId)
            .bind(2, seq++)
            .bind(3, load.command)
            .bind(4, load.file)
            .bind(5, load.macros)
            .bind(6, load.path)
            .bind(7, load.script)
            .bind(8, std::int64_t{load.line})
            .bind(9, std::int64_t{load.ok})
            .bind(10, static_cast<std::int64_t>(load.records))
            .run();
    seq = 0;
    for (const SkippedRow& skipped : snapshot.skipped)
        s_->insertSkipped.bind(1, iocId)
            .bind(2, seq++)
            .bind(3, skipped.name)
            .bind(4, skipped.text)
            .bind(5, skipped.script)
            .bind(6, std::int64_t{skipped.line})
            .bind(7, std::int64_t{skipped.base})
            .run();
    writeDiagnostics(iocId, false, 0, &recordIds);
    if (existing) collectGarbage();
    transaction.commit();
    return status;
}

void IndexWriter::remove(std::string_view ioc) {
    sql::Transaction transaction(db_);
    if (!s_->findIoc.bind(1, ioc).step()) return;
    const std::int64_t id = s_->findIoc.integer(0);
    s_->findIoc.step();
    nextGeneration();
    deleteRows(id);
    Statement(db_, "DELETE FROM iocs WHERE id = ?1").bind(1, id).run();
    collectGarbage();
    transaction.commit();
}

void IndexWriter::setMeta(
    std::initializer_list<std::pair<std::string_view, std::string_view>> values) {
    sql::Transaction transaction(db_);
    for (const auto& [key, value] : values)
        s_->setMeta.bind(1, key).bind(2, value).run();
    transaction.commit();
}

} // namespace epicsdb::facility
