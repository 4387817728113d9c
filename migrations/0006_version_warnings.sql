-- Lenient intake: what the Agent Skills rules ask but a published skill
-- breaks (a name unlike its folder, an over-long description, ...) is
-- accepted and recorded with its version, in the order it was found, so
-- that readers see it long after the publish.
CREATE TABLE version_warnings (
    version INTEGER NOT NULL REFERENCES versions(seq),
    ord     INTEGER NOT NULL,
    path    TEXT NOT NULL,          -- within the bundle: 'SKILL.md'
    line    INTEGER,                -- NULL when the warning has no place
    col     INTEGER,
    code    TEXT NOT NULL,          -- 'name-folder-mismatch', 'description-too-long', ...
    message TEXT NOT NULL,
    PRIMARY KEY (version, ord)
) WITHOUT ROWID;

-- The front-matter name when it is not a skill id ('Daily Paper Roast'
-- published as daily-paper-roast), kept for display; NULL otherwise.
ALTER TABLE versions ADD COLUMN declared_name TEXT;
