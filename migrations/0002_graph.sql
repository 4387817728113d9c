-- The knowledge graph of each version, extracted from its Markdown at
-- publish time, in the same transaction as the version. Rows are ordered
-- by `ord` within a version, as they appear in the file.

-- Which extractor wrote a version's graph rows; versions with an older
-- number are extracted again when the store opens.
ALTER TABLE versions ADD COLUMN graph_version INTEGER NOT NULL DEFAULT 0;
-- Labels the skill's legend declares, comma-separated, in order.
ALTER TABLE versions ADD COLUMN legend TEXT NOT NULL DEFAULT '';

-- The words that mark provenance, per database; a pack may add its own.
CREATE TABLE label_words (
    word  TEXT PRIMARY KEY NOT NULL,
    label TEXT NOT NULL CHECK (label IN ('measured', 'derived', 'judgement', 'unverified'))
);
INSERT INTO label_words (word, label) VALUES
    ('measured', 'measured'), ('derived', 'derived'), ('judgement', 'judgement'),
    ('judgment', 'judgement'), ('unverified', 'unverified');

-- Sections, claims and citations are not stored: they are extracted again
-- from the version's immutable SKILL.md blob when read (GraphExtractor is
-- deterministic, and `graph_version` names the extractor that wrote a
-- version's rows). Rules and links are rows because they are asked about
-- across skills (does duo-design-review have R4? who links here?).
CREATE TABLE rules (
    version INTEGER NOT NULL REFERENCES versions(seq),
    ord     INTEGER NOT NULL,
    rule_id TEXT NOT NULL,       -- R6
    number  INTEGER NOT NULL,
    title   TEXT,                -- the rule's text is its claims' (claims.rule_id)
    line    INTEGER NOT NULL,
    col     INTEGER NOT NULL,
    section INTEGER,             -- sections.ord
    PRIMARY KEY (version, ord)
) WITHOUT ROWID;

-- Cross-links are stored by name and resolved when read, so publishing the
-- target later resolves them.
CREATE TABLE links (
    version INTEGER NOT NULL REFERENCES versions(seq),
    ord     INTEGER NOT NULL,
    kind    TEXT NOT NULL CHECK (kind IN ('skill', 'rule')),
    skill   TEXT NOT NULL,
    rule_id TEXT,
    line    INTEGER NOT NULL,
    col     INTEGER NOT NULL,
    certain INTEGER NOT NULL,
    PRIMARY KEY (version, ord)
) WITHOUT ROWID;
CREATE INDEX links_by_target ON links (skill);

-- Pages that claims cite, published with `publish --source URL FILE`.
CREATE TABLE sources (
    seq          INTEGER PRIMARY KEY AUTOINCREMENT,
    url          TEXT NOT NULL,  -- normalized, without query or fragment
    blob         TEXT NOT NULL REFERENCES blobs(id),
    published_at TEXT NOT NULL,
    published_by TEXT NOT NULL
);
CREATE INDEX sources_by_url ON sources (url, seq);

CREATE TABLE source_sections (
    source INTEGER NOT NULL REFERENCES sources(seq),
    ord    INTEGER NOT NULL,
    title  TEXT NOT NULL,
    anchor TEXT NOT NULL,        -- the title folded for matching fragments
    line   INTEGER NOT NULL,
    text   TEXT NOT NULL,
    PRIMARY KEY (source, ord)
) WITHOUT ROWID;
