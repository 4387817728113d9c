-- What a search asks of the whole store, kept as it changes instead of
-- counted by every process that searches: counting which versions are not
-- their skill's latest read 180 pages of 32 KB (two index scans, about a
-- third of a cold `skillctl search` at 100,000 skills).
--
-- `superseded` is 1 once any skill or source has a version that is not its
-- latest (a second version published, every version of a skill yanked, a
-- source fetched again). Searches then keep to latest versions. It is never
-- set back to 0 (versions are never deleted; an unyank that leaves every
-- version latest again only costs searches that filter).
CREATE TABLE store_facts (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    superseded INTEGER NOT NULL CHECK (superseded IN (0, 1))
);
INSERT INTO store_facts (id, superseded) VALUES (1,
    (SELECT count(*) FROM versions) > (SELECT count(*) FROM skills WHERE latest IS NOT NULL)
    OR (SELECT count(*) FROM sources) > (SELECT count(DISTINCT url) FROM sources));

-- A skill's second version supersedes its first (or is superseded, when
-- yanked).
CREATE TRIGGER store_facts_second_version AFTER INSERT ON versions
WHEN EXISTS (SELECT 1 FROM versions
             WHERE namespace = NEW.namespace AND skill = NEW.skill AND seq <> NEW.seq)
BEGIN
    UPDATE store_facts SET superseded = 1 WHERE superseded = 0;
END;

-- Every version of a skill yanked: its versions are no longer latest.
CREATE TRIGGER store_facts_no_latest AFTER UPDATE OF latest ON skills
WHEN NEW.latest IS NULL
BEGIN
    UPDATE store_facts SET superseded = 1 WHERE superseded = 0;
END;

-- A source fetched again supersedes its earlier fetch.
CREATE TRIGGER store_facts_source_again AFTER INSERT ON sources
WHEN EXISTS (SELECT 1 FROM sources WHERE url = NEW.url AND seq <> NEW.seq)
BEGIN
    UPDATE store_facts SET superseded = 1 WHERE superseded = 0;
END;
