// The index's schema, version 1 (docs/guide/index-schema.md shows the same statements, and a
// test holds the two together). Any change here is a new kSchemaVersion.
#include <epicsdb/facility/IndexFile.hpp>

namespace epicsdb::facility {

namespace {
constexpr std::string_view kSchema = R"sql(
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE iocs (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL UNIQUE,
    script      TEXT NOT NULL,
    status      TEXT NOT NULL CHECK (status IN ('ok', 'failed', 'stale')),
    failure     TEXT,
    fingerprint TEXT NOT NULL,
    generation  INTEGER NOT NULL,
    loaded_at   TEXT,
    checked_at  TEXT NOT NULL,
    ioc_init    INTEGER NOT NULL,
    records     INTEGER NOT NULL,
    aliases     INTEGER NOT NULL,
    errors      INTEGER NOT NULL,
    warnings    INTEGER NOT NULL,
    environment TEXT NOT NULL,
    scripts     TEXT NOT NULL,
    definitions INTEGER
);

CREATE TABLE definitions (
    id   INTEGER PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE
);

CREATE TABLE type_fields (
    definitions INTEGER NOT NULL,
    type        TEXT NOT NULL,
    field       TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    dbf         TEXT NOT NULL,
    initial     TEXT NOT NULL,
    prompt      TEXT NOT NULL,
    PRIMARY KEY (definitions, type, field)
) WITHOUT ROWID;

CREATE TABLE files (
    id   INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    hash TEXT NOT NULL,
    size INTEGER NOT NULL,
    text TEXT NOT NULL
);

CREATE TABLE ioc_files (
    ioc_id  INTEGER NOT NULL,
    file_id INTEGER NOT NULL,
    hash    TEXT NOT NULL,
    PRIMARY KEY (ioc_id, file_id)
) WITHOUT ROWID;
CREATE INDEX ioc_files_by_file ON ioc_files (file_id);

CREATE TABLE loads (
    ioc_id  INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    command TEXT NOT NULL,
    file    TEXT NOT NULL,
    macros  TEXT NOT NULL,
    path    TEXT NOT NULL,
    script  TEXT,
    line    INTEGER,
    ok      INTEGER NOT NULL,
    records INTEGER NOT NULL,
    PRIMARY KEY (ioc_id, seq)
) WITHOUT ROWID;

CREATE TABLE skipped (
    ioc_id INTEGER NOT NULL,
    seq    INTEGER NOT NULL,
    name   TEXT NOT NULL,
    text   TEXT NOT NULL,
    script TEXT,
    line   INTEGER,
    base   INTEGER NOT NULL,
    PRIMARY KEY (ioc_id, seq)
) WITHOUT ROWID;

CREATE TABLE sources (
    ioc_id  INTEGER NOT NULL,
    seq     INTEGER NOT NULL,
    file_id INTEGER NOT NULL,
    chain   TEXT NOT NULL,
    macros  TEXT NOT NULL,
    PRIMARY KEY (ioc_id, seq)
) WITHOUT ROWID;
CREATE INDEX sources_by_file ON sources (file_id);

CREATE TABLE records (
    id      INTEGER PRIMARY KEY,
    ioc_id  INTEGER NOT NULL,
    name    TEXT NOT NULL,
    type    TEXT NOT NULL,
    source  INTEGER,
    line    INTEGER,
    column  INTEGER,
    fields  TEXT NOT NULL
);
CREATE INDEX records_by_name ON records (name);
CREATE INDEX records_by_ioc ON records (ioc_id);

CREATE TABLE aliases (
    name      TEXT NOT NULL,
    record_id INTEGER NOT NULL,
    ioc_id    INTEGER NOT NULL,
    source    INTEGER,
    line      INTEGER,
    column    INTEGER
);
CREATE INDEX aliases_by_name ON aliases (name);
CREATE INDEX aliases_by_ioc ON aliases (ioc_id);

CREATE TABLE infos (
    record_id INTEGER NOT NULL,
    name      TEXT NOT NULL,
    value     TEXT NOT NULL,
    source    INTEGER,
    line      INTEGER,
    column    INTEGER,
    PRIMARY KEY (record_id, name)
) WITHOUT ROWID;

CREATE TABLE links (
    record_id    INTEGER NOT NULL,
    field        TEXT NOT NULL,
    target       TEXT NOT NULL,
    target_field TEXT NOT NULL,
    modifiers    TEXT NOT NULL,
    PRIMARY KEY (record_id, field)
) WITHOUT ROWID;
CREATE INDEX links_by_target ON links (target);

CREATE TABLE diagnostics (
    ioc_id    INTEGER NOT NULL,
    seq       INTEGER NOT NULL,
    kind      TEXT NOT NULL CHECK (kind IN ('load', 'lint')),
    record_id INTEGER,
    severity  TEXT NOT NULL,
    code      TEXT NOT NULL,
    message   TEXT NOT NULL,
    file      TEXT,
    line      INTEGER,
    column    INTEGER,
    target    TEXT,
    detail    TEXT NOT NULL,
    PRIMARY KEY (ioc_id, seq)
) WITHOUT ROWID;
CREATE INDEX diagnostics_by_record ON diagnostics (record_id) WHERE record_id IS NOT NULL;

CREATE VIEW fields (record_id, ioc_id, field, value, source, line, column) AS
    SELECT r.id, r.ioc_id, json_extract(f.value, '$[0]'), json_extract(f.value, '$[1]'),
           json_extract(f.value, '$[2]'), json_extract(f.value, '$[3]'),
           json_extract(f.value, '$[4]')
    FROM records r, json_each(r.fields) f;

CREATE VIEW names (name, record_id, ioc_id, alias) AS
    SELECT name, id, ioc_id, 0 FROM records
    UNION ALL
    SELECT name, record_id, ioc_id, 1 FROM aliases;

CREATE VIEW resolved_links (record_id, ioc_id, field, target, target_field, modifiers,
                            target_ioc_id) AS
    SELECT l.record_id, r.ioc_id, l.field, l.target, l.target_field, l.modifiers,
           COALESCE((SELECT n.ioc_id FROM names n
                     WHERE n.name = l.target AND n.ioc_id = r.ioc_id LIMIT 1),
                    (SELECT MIN(n.ioc_id) FROM names n WHERE n.name = l.target))
    FROM links l JOIN records r ON r.id = l.record_id;

CREATE VIEW findings (ioc_id, seq, record_id, severity, code, message, file, line, column,
                      detail) AS
    SELECT d.ioc_id, d.seq, d.record_id, d.severity, d.code, d.message, d.file, d.line,
           d.column, d.detail
    FROM diagnostics d
    WHERE d.kind = 'lint'
      AND NOT (d.code = 'ext-link' AND EXISTS (SELECT 1 FROM names n
                                               WHERE n.name = d.target AND n.ioc_id <> d.ioc_id));
)sql";
} // namespace

std::string_view schemaSql() noexcept {
    return kSchema.substr(1); // without the raw string's first newline
}

} // namespace epicsdb::facility
