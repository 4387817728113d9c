#!/usr/bin/env bash
# Instructions each search of a query set runs, under callgrind, and those
# of `versions NAME` (the start-up the issue 15 line is measured against):
# a figure that does not move with the host's speed, to compare builds on
# one store (docs/benchmarks.md, sixteenth pass).
#
#   bench/search-instructions.sh SKILLCTL DB [QUERIES]
#
# QUERIES is a TSV file as bench/search-queries.tsv (the default): column 2
# the query, given on standard input, column 3 its options (`-` for none).
# Prints one line per query (instructions over `versions NAME`, in
# millions, then the query), then the median and the sum. Searches write
# the store's cached corpus facts: give it a copy. valgrind reads a copy
# of SKILLCTL stripped of its debug information (`strip --strip-debug`).
set -euo pipefail

if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: bench/search-instructions.sh SKILLCTL DB [QUERIES]" >&2
  exit 64
fi
skillctl=$1 db=$2 queries=${3:-$(dirname "$0")/search-queries.tsv}
for tool in valgrind strip python3; do
  command -v "$tool" > /dev/null || { echo "search-instructions: skipped, $tool is not installed" >&2; exit 0; }
done
[[ -x "$skillctl" ]] || { echo "search-instructions: no executable $skillctl" >&2; exit 66; }
[[ -f "$db" ]] || { echo "search-instructions: no store at $db" >&2; exit 66; }
[[ -f "$queries" ]] || { echo "search-instructions: no queries at $queries" >&2; exit 66; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/skillctl" "$skillctl"

# Instructions of one command, its standard input from $1 (or nothing).
instructions() {
  local input=$1; shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$work/skillctl" --db "$db" "$@" < "$input" 2>&1 > /dev/null \
    | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}

name=$("$work/skillctl" --db "$db" ls | awk 'NR == 2 { print $1 }')
startup=$(instructions /dev/null versions "$name")
: > "$work/figures"
while IFS=$'\t' read -r _ query options; do
  [[ -z "$query" || "$query" == \#* ]] && continue
  printf '%s' "$query" > "$work/query"
  extra=()
  [[ "$options" != "-" && -n "$options" ]] && read -ra extra <<< "$options"
  count=$(instructions "$work/query" search -q "${extra[@]}" -)
  printf '%s\t%s\n' "$count" "$query" >> "$work/figures"
done < "$queries"

python3 - "$work/figures" "$startup" "$name" <<'EOF'
import statistics, sys
startup = int(sys.argv[2])
rows = [line.rstrip("\n").split("\t", 1) for line in open(sys.argv[1], encoding="utf-8")]
over = [(int(count) - startup, query) for count, query in rows]
for value, query in over:
    print("%9.2f M  %s" % (value / 1e6, query))
print("versions %s: %.2f M instructions" % (sys.argv[3], startup / 1e6))
print("median over it: %.2f M; all %d searches: %.0f M" % (
    statistics.median(value for value, _ in over) / 1e6, len(over), sum(int(count) for count, _ in rows) / 1e6))
EOF
