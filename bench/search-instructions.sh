#!/usr/bin/env bash
# Instructions each search of a query set runs, under callgrind, and those
# of `versions NAME` (the start-up the issue 15 line is measured against;
# NAME the store's first skill, as bench/search-interleaved.py takes it):
# a figure that does not move with the host's speed, to compare builds on
# one store (docs/benchmarks.md, sixteenth pass).
#
#   bench/search-instructions.sh SKILLCTL DB [QUERIES]
#
# QUERIES is a TSV file as bench/search-queries.tsv (the default): column 2
# the query, given on standard input, column 3 its options (`-` for none).
# Prints one line per query (its instructions over `versions NAME`, in
# millions, then the query), then the median of those and the sum of the
# searches' own counts (start-up included in each). Opening the store may
# migrate it and mark it settled: give it a copy. valgrind reads a copy of
# SKILLCTL stripped of its debug information (`strip --strip-debug`).
#
# Exits 2 on a usage error, a missing input or tool, 1 when a command fails
# (with its arguments and its first line of error).
set -euo pipefail

usage() { echo "usage: bench/search-instructions.sh SKILLCTL DB [QUERIES]" >&2; exit 2; }
[[ $# -ge 2 && $# -le 3 ]] || usage
skillctl=$1 db=$2 queries=${3:-$(dirname "$0")/search-queries.tsv}
for tool in valgrind strip python3; do
  command -v "$tool" > /dev/null || { echo "search-instructions: needs $tool" >&2; exit 2; }
done
[[ -x "$skillctl" ]] || { echo "search-instructions: no executable $skillctl" >&2; exit 2; }
[[ -f "$db" ]] || { echo "search-instructions: no store at $db" >&2; exit 2; }
[[ -f "$queries" ]] || { echo "search-instructions: no queries at $queries" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/skillctl" "$skillctl"

# Instructions of one command (its standard input from $1, then its
# arguments after the store); on failure, says which and stops.
instructions() {
  local input=$1; shift
  if ! valgrind --tool=callgrind --callgrind-out-file=/dev/null --log-file="$work/valgrind" \
      "$work/skillctl" --db "$db" "$@" < "$input" > /dev/null 2> "$work/error"; then
    echo "search-instructions: failed: skillctl $* ($(head -n 1 "$work/error"))" >&2
    exit 1
  fi
  sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' "$work/valgrind" | tr -d ,
}

name=$("$work/skillctl" --db "$db" ls | awk 'NR == 2 { print $1 }')
[[ -n "$name" ]] || { echo "search-instructions: the store at $db has no skill" >&2; exit 2; }
startup=$(instructions /dev/null versions "$name")
: > "$work/figures"
while IFS= read -r line || [[ -n "$line" ]]; do
  [[ -z "$line" || "$line" == \#* || "$line" != *$'\t'* ]] && continue
  # Split on each tab, as bench/search-interleaved.py does.
  rest=${line#*$'\t'}
  query=${rest%%$'\t'*}
  options=-
  [[ "$rest" == *$'\t'* ]] && options=${rest#*$'\t'}
  [[ -n "$query" ]] || continue
  printf '%s' "$query" > "$work/query"
  extra=()
  [[ "$options" != "-" && -n "$options" ]] && read -ra extra <<< "$options"
  count=$(instructions "$work/query" search -q "${extra[@]}" -)
  printf '%s\t%s\n' "$count" "$query" >> "$work/figures"
done < "$queries"
[[ -s "$work/figures" ]] || { echo "search-instructions: no query in $queries" >&2; exit 2; }

python3 - "$work/figures" "$startup" "$name" <<'EOF'
import statistics, sys
startup = int(sys.argv[2])
rows = [line.rstrip("\n").split("\t", 1) for line in open(sys.argv[1], encoding="utf-8")]
over = [(int(count) - startup, query) for count, query in rows]
for value, query in over:
    print("%9.2f M  %s" % (value / 1e6, query))
print("versions %s: %.2f M instructions" % (sys.argv[3], startup / 1e6))
print("median search over it: %.2f M; all %d searches, start-up included in each: %.0f M" % (
    statistics.median(value for value, _ in over) / 1e6, len(over), sum(int(count) for count, _ in rows) / 1e6))
EOF
