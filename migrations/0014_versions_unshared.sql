-- `versions.unshared` is 1 when, as far as the store knows, the version
-- has no copy a search would list with it: no other version holds its
-- SKILL.md bytes (`skill_blob`) and no other namespace has a skill of its
-- name. A search reads it with the candidate's name and description (the
-- same row), and looks a skill it shows up in the indexes of blobs, names
-- and latest versions only when it is 0: at 100,000 skills those look-ups
-- were a fifth of the pages a search command read (docs/benchmarks.md,
-- thirteenth pass). 0 means "not known", never "unique": a version is
-- marked unshared by the publish that adds it (SkillStore.noteCopies, once
-- its full-text rows are written), and the same publish clears the mark on
-- every version that its new versions share bytes or a name with. Yanking
-- or unyanking changes neither: the mark is about every version, latest or
-- not. A skillctl older than this migration refuses the store, so no
-- writer adds a copy without clearing the mark.
ALTER TABLE versions ADD COLUMN unshared INTEGER NOT NULL DEFAULT 0;

UPDATE versions SET unshared = 1
WHERE NOT EXISTS (SELECT 1 FROM versions AS other
                  WHERE other.skill_blob = versions.skill_blob AND other.seq <> versions.seq)
  AND NOT EXISTS (SELECT 1 FROM skills
                  WHERE skills.name = versions.skill AND skills.namespace <> versions.namespace);
