#!/usr/bin/env bash
# Baseline for the bulk-publish benchmark: the cost of just putting a corpus's
# bytes into SQLite with the sqlite3 shell, no parsing or extraction.
#
#   bench/raw_insert.sh DIR DB
#
# In ONE transaction, every file listed in DIR/manifest.txt goes into
#   blobs(id TEXT PRIMARY KEY, content BLOB)   -- id = path relative to DIR
# and every SKILL.md's text into an FTS5 table with the tokenizer SkillStore
# uses. The SQL script is generated first (untimed); only
# `sqlite3 DB < script.sql` is timed, with /usr/bin/time.
# The database uses WAL, like SkillStore, and the shell's
# default synchronous setting. Files are read by the shell's readfile().
#
# Prints one line: `raw_insert seconds=<wall> rss_kb=<peak RSS> files=<n>`.
set -euo pipefail

[ $# -eq 2 ] || { echo "usage: $0 DIR DB" >&2; exit 2; }
dir=$(cd "$1" && pwd)
db=$2
[ -f "$dir/manifest.txt" ] || { echo "$0: $dir/manifest.txt missing (run bench/gen_corpus.py)" >&2; exit 2; }
[ ! -e "$db" ] || { echo "$0: $db exists; give a fresh path" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sql=$work/script.sql

# Untimed: build the script. Paths are quoted as SQL literals ('' for ').
{
  echo "PRAGMA journal_mode=WAL;"
  echo "CREATE TABLE blobs(id TEXT PRIMARY KEY, content BLOB);"
  echo "CREATE VIRTUAL TABLE docs USING fts5(path, body, tokenize='porter unicode61 remove_diacritics 2');"
  echo "BEGIN;"
  sed "s/'/''/g" "$dir/manifest.txt" | awk -v d="$(printf %s "$dir" | sed "s/'/''/g")" \
    '{ printf "INSERT INTO blobs VALUES('\''%s'\'', readfile('\''%s/%s'\''));\n", $0, d, $0 }'
  echo "INSERT INTO docs(path, body) SELECT id, CAST(content AS TEXT) FROM blobs WHERE id LIKE '%/SKILL.md';"
  echo "COMMIT;"
} > "$sql"

# Timed: the inserts and the commit.
/usr/bin/time -f '%e %M' -o "$work/time" sqlite3 -bail "$db" < "$sql" > /dev/null
read -r secs rss < "$work/time"

# Untimed: check that every file landed, with its bytes.
want=$(grep -c . "$dir/manifest.txt")
got=$(sqlite3 "$db" "SELECT count(*) FROM blobs WHERE content IS NOT NULL;")
[ "$got" -eq "$want" ] || { echo "$0: only $got of $want files inserted" >&2; exit 1; }
echo "raw_insert seconds=$secs rss_kb=$rss files=$got"
