#!/usr/bin/env bash
# Start-up benchmark (issue 14): how long short skillctl commands take, end
# to end, on a 20,000-skill database, beside two floors measured in the same
# hyperfine run: a C hello world and a hello world in Swift that uses
# Foundation, built with -static-stdlib as skillctl is (`make build`).
# Targets: `skillctl --help` <= 4 ms, `versions NAME` <= 6 ms.
#
#   bench/startup.sh [N]          N defaults to 20000
#
# Env: SKILLCTL (default .build/release/skillctl, built by `make build`),
#      COMPARE (a second skillctl timed in the same run, e.g. the one before
#      a change), BENCH_SEED (default 1), RUNS (hyperfine runs per command,
#      default 300), WARMUP (default 30), LS_RUNS (runs of `ls`, default 20). The corpus is cached in
#      /tmp/skillstore-bench/corpus-N-SEED and its published database in
#      /tmp/skillstore-bench/startup-N-SEED.db (made once; delete it to
#      republish). Writes bench/out/startup.{md,json} and bench/out/startup-ls.{md,json}.
set -euo pipefail

cd "$(dirname "$0")/.."
n=${1:-20000}
case $n in ''|*[!0-9]*) echo "usage: $0 [N]" >&2; exit 2 ;; esac
seed=${BENCH_SEED:-1} runs=${RUNS:-300} warmup=${WARMUP:-30} ls_runs=${LS_RUNS:-20}
skillctl=${SKILLCTL:-.build/release/skillctl}
compare=${COMPARE:-}
root=/tmp/skillstore-bench corpus=$root/corpus-$n-$seed db=$root/startup-$n-$seed.db
floors=$root/startup-floors out=bench/out
log() { echo "$@" >&2; }

command -v hyperfine >/dev/null || { log "installing hyperfine"; apt-get install -y hyperfine >/dev/null; }
command -v "$skillctl" >/dev/null || { log "$0: $skillctl not found; run 'make build' or set SKILLCTL"; exit 2; }
export PATH=$PATH:/opt/swift/usr/bin
mkdir -p "$root" "$floors" "$out"
. bench/corpus.sh
ensure_corpus "$n" "$seed" "$corpus"
if [ ! -f "$db" ]; then
  log "publishing $corpus into $db"
  "$skillctl" --db "$db" publish -q "$corpus" > /dev/null
fi

# The floors: what any process costs (C), and what a statically linked
# Swift program that initialises Foundation costs.
if [ ! -x "$floors/hello-c" ] || [ ! -x "$floors/hello-swift" ]; then
  printf '#include <stdio.h>\nint main(void) { puts("hello"); return 0; }\n' > "$floors/hello.c"
  # Uses Foundation, so that it is linked and initialised as in skillctl.
  printf 'import Foundation\nprint("hello \\(ProcessInfo.processInfo.arguments.count) \\(URL(fileURLWithPath: "/tmp").path)")\n' \
    > "$floors/hello.swift"
  cc -O2 "$floors/hello.c" -o "$floors/hello-c"
  swiftc -O -static-stdlib "$floors/hello.swift" -o "$floors/hello-swift" 2>/dev/null
fi

name=$("$skillctl" --db "$db" ls | awk 'NR == 2 { print $1 }')
cat "$db" > /dev/null  # warm the page cache

commands=(-n "C hello world" "$floors/hello-c" -n "Swift hello world (static, Foundation)" "$floors/hello-swift")
listings=()
add() { # add LABEL BINARY
  commands+=(-n "$1 --help" "$2 --help" -n "$1 --version" "$2 --version"
    -n "$1 versions NAME" "$2 --db $db versions $name" -n "$1 get NAME" "$2 --db $db get $name")
  listings+=(-n "$1 ls (20,000 lines)" "$2 --db $db ls")
}
add skillctl "$skillctl"
[ -z "$compare" ] || add "compare" "$compare"

log "skillctl: $skillctl${compare:+, compare: $compare}; database: $db ($n skills); skill: $name"
# The short commands and their floors in one run; `ls`, which prints every
# skill and takes a hundred times longer, in a second one with fewer runs.
hyperfine -N --warmup "$warmup" --runs "$runs" --time-unit millisecond \
  --export-markdown "$out/startup.md" --export-json "$out/startup.json" "${commands[@]}"
hyperfine -N --warmup 2 --runs "$ls_runs" --time-unit millisecond \
  --export-markdown "$out/startup-ls.md" --export-json "$out/startup-ls.json" "${listings[@]}"
