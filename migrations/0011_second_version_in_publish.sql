-- A skill's second version sets `store_facts.superseded` from the publish
-- itself (`SkillStore.noteSecondVersions`, once its full-text rows are
-- written), not from a trigger on `versions`. A statement that fires a
-- trigger runs inside a statement savepoint, and FTS5 writes its pending
-- terms out as a new segment at every savepoint: the trigger made each
-- skill of a bulk publish write three tiny segments (one per search
-- index), which FTS5 then kept merging, most of the publish's time
-- (docs/benchmarks.md, Bulk publish). A skillctl or server older than
-- this migration, publishing to a migrated store, leaves the flag unset.
DROP TRIGGER IF EXISTS store_facts_second_version;
