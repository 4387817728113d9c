-- What the HTTP server needs: publishing tokens, and finding a blob's path
-- (for its Content-Type) without reading every version's files.

-- A token is shown once, when created; only its SHA-256 is kept, so a
-- copy of the database does not give away the secret.
CREATE TABLE tokens (
    name        TEXT PRIMARY KEY NOT NULL,
    hash        TEXT NOT NULL UNIQUE CHECK (length(hash) = 64),
    scope       TEXT NOT NULL,          -- a glob over skill names: '*', 'duo-*'
    created_at  TEXT NOT NULL,
    revoked_at  TEXT                    -- set by `token revoke`; the row stays for the record
);

CREATE INDEX version_files_by_blob ON version_files (blob);
CREATE INDEX versions_by_manifest ON versions (manifest_blob);
