-- Safety-scan verdicts, one per bundle (the manifest blob's id, which pins
-- every file): the same bytes get the same verdict whichever skill or
-- version holds them. `scanner_version` is the scanner that judged them;
-- `skillctl scan --all` judges again every bundle whose verdict is missing
-- or from another scanner version.
CREATE TABLE scan_verdicts (
    bundle          TEXT PRIMARY KEY NOT NULL REFERENCES blobs(id),
    scanner_version TEXT NOT NULL,
    -- The most severe finding's severity; NULL when nothing was found.
    highest         TEXT CHECK (highest IN ('low', 'medium', 'high', 'critical')),
    scanned_at      TEXT NOT NULL   -- ISO 8601, UTC
) WITHOUT ROWID;

-- The findings of a verdict, in the scanner's order.
CREATE TABLE scan_findings (
    bundle      TEXT NOT NULL REFERENCES scan_verdicts(bundle),
    ord         INTEGER NOT NULL,
    rule        TEXT NOT NULL,      -- 'download-execute', ...
    severity    TEXT NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
    path        TEXT NOT NULL,      -- within the bundle: 'scripts/setup.sh'
    line        INTEGER NOT NULL,
    col         INTEGER NOT NULL,
    evidence    TEXT NOT NULL,
    explanation TEXT NOT NULL,
    PRIMARY KEY (bundle, ord)
) WITHOUT ROWID;
