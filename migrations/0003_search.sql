-- Full-text search over skills, sections, rules, claims and source pages.
--
-- One FTS5 table. A skill's text is indexed once, in its section rows;
-- its rules and claims are ranges of that text (`units`), searched within
-- the sections that match. The rowid says what a row is, so that filters
-- never read a row's text (SearchRowID in Sources/SkillStore/Search):
--
--   bits 30-61  owner: versions.seq (skill, section) or sources.seq (source)
--   bits 27-29  kind: 1 skill, 2 section, 5 source
--   bits  7-26  the row's number among its owner's rows of that kind
--   bits  0-6   a section's contents: one bit per claim label it has
--               (measured, derived, judgement, unverified, cited,
--               unlabelled), then one bit if it has rules
--
-- The owner comes first so that a publish writes rowids in increasing
-- order (FTS5 flushes its pending terms whenever a rowid goes down).
-- Rows are written in the same transaction as the version or source they
-- index. Columns are weighted for bm25 in this order: a skill's name, its
-- description, section headings, then text.
CREATE VIRTUAL TABLE search USING fts5(
    name,               -- a skill row's name, hyphens read as spaces
    description,        -- a skill row's description
    headings,           -- a section's heading path; a source section's title
    body,               -- the text: a section's sentences, a source section's text
    ref UNINDEXED,      -- where it is: a line number, or a source anchor
    units UNINDEXED,    -- a section's rules and claims: kind, text range, line, label or rule id and title
    tokenize = 'porter unicode61 remove_diacritics 2'
);
-- FTS5 writes its pending terms out as a new segment every 1 MB by
-- default, and merges segments four at a time. With 64 MB and eight at a
-- time, there are fewer segments to merge, and the index of a 20,000-skill
-- publish is built in 30% less time (measured with the sqlite3 shell,
-- docs/benchmarks.md); the 64 MB are held only while a publish writes.
INSERT INTO search (search, rank) VALUES ('hashsize', 67108864);
INSERT INTO search (search, rank) VALUES ('automerge', 8);

-- The latest version of each skill (the highest publish sequence), which is
-- what search shows unless asked for all versions.
ALTER TABLE skills ADD COLUMN latest INTEGER REFERENCES versions(seq);
UPDATE skills SET latest = (SELECT max(seq) FROM versions WHERE versions.skill = skills.name);
CREATE UNIQUE INDEX skills_by_latest ON skills (latest);

-- Every open looks for versions an older extractor indexed; without this
-- index that read the whole versions table, 30 ms at 20,000 skills.
CREATE INDEX versions_by_graph_version ON versions (graph_version);
