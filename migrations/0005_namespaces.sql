-- rebuilds tables
-- Namespaces: every skill lives in one, and a name is unique within its
-- namespace only, so two packs can both ship `pdf`. Skills published
-- before namespaces move into `default`. Versions gain the record of a
-- yank (a yanked version is never the latest; it still installs when a
-- lock pins it).
--
-- SQLite cannot change a table's key in place: `skills` and `versions` are
-- built again under new names, filled, and renamed over the old ones, with
-- foreign keys checked once at the end (the first line above tells the
-- migrator so). Sequences are kept, so the full-text rowids and every
-- table that points at a version stay valid.

CREATE TABLE skills_new (
    namespace  TEXT NOT NULL,
    name       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    -- The latest version that is not yanked; NULL when every version is.
    latest     INTEGER REFERENCES versions(seq),
    PRIMARY KEY (namespace, name)
) WITHOUT ROWID;
INSERT INTO skills_new (namespace, name, created_at, latest)
    SELECT 'default', name, created_at, latest FROM skills;

CREATE TABLE versions_new (
    seq           INTEGER PRIMARY KEY AUTOINCREMENT,
    namespace     TEXT NOT NULL,
    skill         TEXT NOT NULL,
    label         TEXT NOT NULL,
    skill_blob    TEXT NOT NULL REFERENCES blobs(id),
    manifest_blob TEXT NOT NULL REFERENCES blobs(id),
    description   TEXT NOT NULL,
    front_matter  TEXT NOT NULL,
    published_at  TEXT NOT NULL,
    published_by  TEXT NOT NULL,
    graph_version INTEGER NOT NULL DEFAULT 0,
    legend        TEXT NOT NULL DEFAULT '',
    yanked_at     TEXT,             -- set by `yank`, cleared by `yank --undo`
    yanked_by     TEXT,
    yank_reason   TEXT,
    FOREIGN KEY (namespace, skill) REFERENCES skills (namespace, name),
    UNIQUE (namespace, skill, label),
    UNIQUE (namespace, skill, manifest_blob)
);
INSERT INTO versions_new (seq, namespace, skill, label, skill_blob, manifest_blob, description, front_matter,
                          published_at, published_by, graph_version, legend)
    SELECT seq, 'default', skill, label, skill_blob, manifest_blob, description, front_matter,
           published_at, published_by, graph_version, legend
    FROM versions;

DROP TABLE skills;
ALTER TABLE skills_new RENAME TO skills;
DROP TABLE versions;
ALTER TABLE versions_new RENAME TO versions;

CREATE UNIQUE INDEX skills_by_latest ON skills (latest);
-- Unqualified names: which namespaces hold `pdf`?
CREATE INDEX skills_by_name ON skills (name, namespace);
CREATE INDEX versions_by_skill ON versions (namespace, skill, seq);
CREATE INDEX versions_by_graph_version ON versions (graph_version);
CREATE INDEX versions_by_manifest ON versions (manifest_blob);
CREATE INDEX versions_by_skill_blob ON versions (skill_blob);

-- A token publishes into the namespaces its glob matches. Tokens made
-- before namespaces keep what they could do: publish into `default`.
ALTER TABLE tokens ADD COLUMN namespace TEXT NOT NULL DEFAULT 'default';
