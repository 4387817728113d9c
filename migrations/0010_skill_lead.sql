-- The lead fields of each skill version, name and description, in an
-- index of their own. When every word of a question is common, search
-- first asks for the skills naming or describing them all; in the
-- per-skill index (0007) that walked each word's whole list, body and
-- bundle included, to keep the few rows whose name or description holds
-- it (17 of a three-word query's 25 ms at 100,000 skills). Here the lists
-- hold only the skills naming or describing the word, and bm25 measures a
-- skill's name and description, not its whole text.
--
-- The rowid is versions.seq; the text is the per-skill row's own (the
-- name with hyphens read as spaces). Written and deleted with that row.
CREATE VIRTUAL TABLE skill_lead USING fts5(
    name,
    description,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
INSERT INTO skill_lead (skill_lead, rank) VALUES ('automerge', 8);
INSERT INTO skill_lead (rowid, name, description) SELECT rowid, name, description FROM skill_text;
