-- The number of tokens in each row of the per-skill indexes, as FTS5's
-- skill_text_docsize and skill_lead_docsize hold it (the sum of a row's
-- column sizes), laid out for bm25 (skillstore_text_bm25 and
-- skillstore_lead_bm25, CSQLite's shim). FTS5 reads a row's size with a
-- statement per row, and the rows a query scores lie on nearly every page
-- of its docsize table; here one row holds the sizes of 4,000 consecutive
-- versions, each in 2 bytes (skill_text: 8,000 bytes, one 8 KB page) or 1
-- (skill_lead), little-endian: 0 when not known and the widest value for
-- at least that many, either of which bm25 reads from FTS5 instead. `id`
-- is the index (0 skill_text, 1 skill_lead) times 2^32 plus the version
-- divided by 4,000. Written after the full-text rows of each publish and
-- of each extraction again (SkillStore.recordSearchSizes), and for the
-- stored versions by this migration's follow-up in Swift, in its
-- transaction (SkillStore.init).
CREATE TABLE search_sizes (
    id    INTEGER PRIMARY KEY,
    sizes BLOB NOT NULL
);
