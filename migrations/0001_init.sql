-- The store: content-addressed blobs, skills, and their immutable versions.

-- Every distinct byte string, stored once. `digest` is the full SHA-256 (the
-- real key); `id` is its first 16 hex characters, the public handle. A publish
-- whose id is taken by different bytes is refused before it reaches here, and
-- the UNIQUE constraint makes that impossible to get wrong.
CREATE TABLE blobs (
    digest  TEXT PRIMARY KEY NOT NULL CHECK (length(digest) = 64),
    id      TEXT NOT NULL UNIQUE CHECK (id = substr(digest, 1, 16)),
    size    INTEGER NOT NULL CHECK (size >= 0),
    content BLOB NOT NULL
);

CREATE TABLE skills (
    name       TEXT PRIMARY KEY NOT NULL,
    created_at TEXT NOT NULL
);

-- One publish of a skill. `seq` is the publish sequence across the whole
-- store; the latest version of a skill is its highest seq, never a
-- comparison of labels.
CREATE TABLE versions (
    seq           INTEGER PRIMARY KEY AUTOINCREMENT,
    skill         TEXT NOT NULL REFERENCES skills(name),
    label         TEXT NOT NULL,
    skill_blob    TEXT NOT NULL REFERENCES blobs(id),
    manifest_blob TEXT NOT NULL REFERENCES blobs(id),
    description   TEXT NOT NULL,
    front_matter  TEXT NOT NULL,   -- the front-matter as JSON
    published_at  TEXT NOT NULL,   -- ISO 8601, UTC
    published_by  TEXT NOT NULL,
    UNIQUE (skill, label),
    UNIQUE (skill, manifest_blob)
);
CREATE INDEX versions_by_skill ON versions (skill, seq);

-- The bundle of a version, also recorded in its manifest blob; kept as rows
-- so that fsck can compare the two and readers need not parse JSON.
CREATE TABLE version_files (
    version    INTEGER NOT NULL REFERENCES versions(seq),
    path       TEXT NOT NULL,
    blob       TEXT NOT NULL REFERENCES blobs(id),
    size       INTEGER NOT NULL,
    executable INTEGER NOT NULL CHECK (executable IN (0, 1)),
    PRIMARY KEY (version, path)
) WITHOUT ROWID;
