#!/usr/bin/env bash
# Two builds of skillctl, end to end on one store, in the same run: the
# issue 15 end-to-end measure of bench/search.sh (each query's command run
# by hyperfine through a shell, its query on standard input; the median of
# the per-query medians, against the median of `versions NAME` on the same
# store) without its ripgrep half, for judging a change to what a new
# process pays.
#
#   bench/search-ab.sh OLD_SKILLCTL NEW_SKILLCTL DB [QUERIES]
#
# DB is a published store (bench/search.sh leaves one in
# /tmp/skillstore-bench); QUERIES defaults to bench/search-queries.tsv.
# Env: RUNS (hyperfine runs per command, default 5).
set -euo pipefail

[ $# -ge 3 ] || { echo "usage: $0 OLD_SKILLCTL NEW_SKILLCTL DB [QUERIES]" >&2; exit 2; }
# Paths are the caller's, made absolute before the cd below; a bare
# command name is left for PATH to find.
absolute() { [ -e "$1" ] && printf '%s/%s' "$(cd "$(dirname "$1")" && pwd)" "$(basename "$1")" || printf '%s' "$1"; }
command_path() { case $1 in */*) absolute "$1" ;; *) printf '%s' "$1" ;; esac; }
old=$(command_path "$1") new=$(command_path "$2") db=$(absolute "$3") queries=${4:+$(absolute "$4")}
cd "$(dirname "$0")/.."
queries=${queries:-bench/search-queries.tsv} runs=${RUNS:-5}
for tool in "$old" "$new"; do
  command -v "$tool" >/dev/null || { echo "$0: $tool not found" >&2; exit 2; }
done
[ -f "$db" ] || { echo "$0: no store at $db" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "$0: needs hyperfine (scripts/bootstrap installs it)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
name=$("$new" --db "$db" ls 2>/dev/null | awk 'NR == 2 { print $1 }')
# A build refuses a store that a newer one migrated (exit 3): say so here,
# since the timed runs below are silent.
for bin in "$old" "$new"; do
  "$bin" --db "$db" versions "$name" > /dev/null 2> "$work/err" || {
    echo "$0: $bin cannot read $db: $(tail -n 1 "$work/err")" >&2
    echo "$0: builds that carry different migrations need a copy of the store each" >&2
    exit 2
  }
done
hyperfine --style none --warmup 3 --runs 30 --export-json "$work/startup.json" \
  "$old --db $db versions $name" "$new --db $db versions $name" > /dev/null 2>&1
i=0
while IFS=$'\t' read -r class query options; do
  i=$((i + 1))
  printf '%s' "$query" > "$work/q$i"
  opts=""; [ "$options" = "-" ] || opts=" $options"
  hyperfine --style none --warmup 1 --runs "$runs" --export-json "$work/e$i.json" \
    "$old --db $db search -q$opts - < $work/q$i" "$new --db $db search -q$opts - < $work/q$i" > /dev/null 2>&1 \
    || { echo "$0: hyperfine failed on query $i ($query)" >&2; exit 1; }
done < "$queries"

python3 - "$work" "$i" <<'PY'
import json, statistics, sys
work, n = sys.argv[1], int(sys.argv[2])
start = [r["median"] * 1000 for r in json.load(open(work + "/startup.json"))["results"]]
runs = [[r["median"] * 1000 for r in json.load(open("%s/e%d.json" % (work, i)))["results"]] for i in range(1, n + 1)]
print("%-6s %18s %24s %16s" % ("build", "versions NAME (ms)", "search, median of %d (ms)" % n, "over start-up"))
for k, label in enumerate(["old", "new"]):
    median = statistics.median(r[k] for r in runs)
    print("%-6s %18.1f %24.1f %16.1f" % (label, start[k], median, median - start[k]))
PY
