-- Search by skill: one full-text row per skill version, the whole skill in
-- the fields that say most about it, so that a question in plain words is
-- ranked against each skill as one document (bm25 over a section alone
-- cannot see that a skill covers the question across its sections).
--
-- The rowid is versions.seq. Columns, weighted for bm25 in this order
-- (SkillStore.skillTextWeights): the name (hyphens read as spaces), the
-- description, every heading, rule titles, the prose (its sentences),
-- the text files of the bundle (references/*.md and the like), then
-- fenced code and scripts, in a column of their own so that code words do
-- not drown the prose. Written in the same transaction as the version.
CREATE VIRTUAL TABLE skill_text USING fts5(
    name,
    description,
    headings,
    rules,
    body,
    files,
    code,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
-- As for the section index (0003_search.sql): fewer, larger segments make
-- a large publish faster.
INSERT INTO skill_text (skill_text, rank) VALUES ('hashsize', 67108864);
INSERT INTO skill_text (skill_text, rank) VALUES ('automerge', 8);

-- Versions published before this index have no row in it: marking them
-- as extracted by an older extractor makes the next open extract each one
-- again, which writes its skill row (bundle files included) along with
-- its section rows.
UPDATE versions SET graph_version = 0;
