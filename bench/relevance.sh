#!/usr/bin/env bash
# Relevance benchmark (issue 15): how often SkillStore's search puts the
# skill that answers a task phrasing first, or among the first five
# distinct skills, on real public packs, beside a plain SQLite FTS5
# baseline over the same skills, in one run. Targets: top-1 >= 90%,
# top-5 >= 98%, and above the baseline.
#
#   bench/relevance.sh [--json] [PACKS]     PACKS defaults to bench/.real-packs
#
# The packs (never committed) come from bench/real-packs.sh. Each of their
# repositories is published, as bench/real-publish.sh does, into its own
# namespace of one fresh database: the folder name lowercased, every run of
# characters outside [a-z0-9] made one '-', cut to 64.
#
# The queries are bench/relevance-queries.tsv (QUERIES overrides): a task
# phrasing, a tab, the acceptable answers (`name` or `namespace/name`,
# comma-separated). Each is asked as
#   $SKILLCTL --db DB search --json --limit 10 -- QUERY
# and the answer reduced to distinct skills by each result's `namespace` and
# `skill` fields. The baseline (bench/relevance.py) indexes the SKILL.md of
# every skill the publishes accepted in an in-memory FTS5 table (name,
# description, body; porter stemming), asks for the query's non-stop words
# joined with OR and ranks by bm25 weighted name 10, description 5, body 1.
#
# Env: SKILLCTL (default .build/release/skillctl); QUERIES; DB=PATH keeps
# the published database there (and the publishes' JSON in PATH.publish)
# and reuses it while it is newer than SKILLCTL and made from the same
# PACKS; KEEP=1 keeps the work folder of a run without DB.
# --json prints the summary (metrics, per-query ranks and results) as JSON.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
log() { echo "$@" >&2; }

json=()
if [ "${1:-}" = --json ]; then json=(--json); shift; fi
[ $# -le 1 ] || { log "usage: $0 [--json] [PACKS]"; exit 2; }
packs=${1:-bench/.real-packs}
skillctl=${SKILLCTL:-.build/release/skillctl}
queries=${QUERIES:-bench/relevance-queries.tsv}

[ -d "$packs" ] || { log "$0: $packs missing; fetch the packs and run bench/real-packs.sh first"; exit 2; }
packs=$(cd "$packs" && pwd)
[ -x "$skillctl" ] || { log "$0: $skillctl not found; build it or set SKILLCTL"; exit 2; }
skillctl=$(cd "$(dirname "$skillctl")" && pwd)/$(basename "$skillctl")
[ -f "$queries" ] || { log "$0: $queries missing"; exit 2; }
command -v python3 >/dev/null || { log "$0: python3 missing"; exit 2; }
python3 -c 'import sqlite3; sqlite3.connect(":memory:").execute("create virtual table t using fts5(x)")' 2>/dev/null \
  || { log "$0: python3's sqlite3 has no FTS5"; exit 2; }
"$skillctl" publish --help 2>&1 | grep -q -- '--namespace' \
  || { log "$0: this skillctl has no 'publish --namespace'"; exit 2; }

if [ -n "${DB:-}" ]; then
  db=$DB
  mkdir -p "$(dirname "$db")"
  db=$(cd "$(dirname "$db")" && pwd)/$(basename "$db")
else
  work=$(mktemp -d /tmp/relevance.XXXXXX)
  if [ "${KEEP:-0}" = 1 ]; then log "work folder: $work"; else trap 'rm -rf "$work"' EXIT; fi
  db=$work/relevance.db
fi
published=$db.publish

namespace_of() {
  printf '%s' "$1" | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9]+/-/g' | cut -c1-64
}

if [ -f "$db" ] && [ "$db" -nt "$skillctl" ] && [ "$(cat "$published/packs" 2>/dev/null)" = "$packs" ]; then
  log "reusing $db (newer than $skillctl; remove it to publish again)"
else
  rm -rf "$db" "$db-wal" "$db-shm" "$published"
  mkdir -p "$published"
  started=$(date +%s.%N)
  skills=0
  for dir in "$packs"/*/; do
    repo=$(basename "$dir")
    case $repo in *.part) continue ;; esac  # an extraction real-packs.sh did not finish
    # As in real-publish.sh: each repository outside any git checkout, and
    # a repository with refused skills still publishes the others (exit 1).
    status=0
    GIT_CEILING_DIRECTORIES=$packs "$skillctl" --db "$db" publish --namespace "$(namespace_of "$repo")" \
      --skip-invalid --json "${dir%/}" > "$published/$repo.json" 2> "$published/$repo.err" || status=$?
    [ "$status" -le 1 ] || log "publish of $repo failed (exit $status): $(tail -n 1 "$published/$repo.err")"
  done
  printf '%s' "$packs" > "$published/packs"
  log "published $packs in $(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b-a}') s"
fi

# Warm the page cache so the first queries do not pay for the disk.
cat "$db" > /dev/null
echo "binary: $skillctl" >&2
python3 "$here/relevance.py" run "$skillctl" "$db" "$published" "$queries" "${json[@]}"
