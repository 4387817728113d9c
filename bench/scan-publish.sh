#!/usr/bin/env bash
# What the safety scan costs a bulk publish: `skillctl publish` of N
# generated skills (bench/gen_corpus.py, the corpus of bench/publish.sh)
# with the scan on (the default) against `publish --no-scan`, timed in the
# same run. Target: scanning adds at most 25% (median ratio <= 1.25).
#
#   bench/scan-publish.sh [N] [--json]        N defaults to 20000
#
# Env: SKILLCTL (default .build/release/skillctl), BENCH_SEED (default 1),
#      RUNS (default 3). The corpus is cached in
#      /tmp/skillstore-bench/corpus-N-SEED; delete it to regenerate.
# Every run gets a fresh database; the runs alternate (no scan, scan, ...)
# so that a machine that slows down mid-run slows both alike. Each scanned
# run is checked to have recorded one verdict per bundle.
set -euo pipefail

cd "$(dirname "$0")/.."
n=20000 json=0
for a in "$@"; do
  case $a in
    --json) json=1 ;;
    ''|*[!0-9]*) echo "usage: $0 [N] [--json]" >&2; exit 2 ;;
    *) n=$a ;;
  esac
done
seed=${BENCH_SEED:-1} runs=${RUNS:-3}
skillctl=${SKILLCTL:-.build/release/skillctl}
root=/tmp/skillstore-bench corpus=/tmp/skillstore-bench/corpus-$n-$seed
log() { echo "$@" >&2; }

[ -x /usr/bin/time ] || { log "installing GNU time"; apt-get install -y time >/dev/null; }
command -v sqlite3 >/dev/null || { log "$0: sqlite3 shell missing (apt-get install sqlite3)"; exit 2; }
command -v "$skillctl" >/dev/null || { log "$0: $skillctl not found; run 'make build' or set SKILLCTL"; exit 2; }

. bench/corpus.sh
ensure_corpus "$n" "$seed" "$corpus"
find "$corpus" -type f -exec cat {} + > /dev/null

mkdir -p "$root"
work=$(mktemp -d "$root/scan.XXXXXX")
trap 'rm -rf "$work"' EXIT
median() { sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

: > "$work/plain"; : > "$work/scan"
time_publish() {  # label, results file, run number, extra options...
  local label=$1 results=$2 run=$3; shift 3
  local db=$work/$label$run.db
  if ! /usr/bin/time -f '%e %M' -o "$work/t" "$skillctl" --db "$db" publish "$@" "$corpus" > "$work/out" 2> "$work/err"; then
    log "$label run $run failed:"; tail -n 20 "$work/err" >&2; exit 1
  fi
  read -r secs rss < "$work/t"
  verdicts=$(sqlite3 "$db" 'SELECT count(*) FROM scan_verdicts')
  flagged=$(sqlite3 "$db" "SELECT count(*) FROM scan_verdicts WHERE highest IN ('high', 'critical')")
  log "$label run $run: seconds=$secs rss_kb=$rss verdicts=$verdicts flagged_high=$flagged"
  if [ "$label" = scan ] && [ "$verdicts" -ne "$n" ]; then log "  warning: expected $n verdicts, got $verdicts"; fi
  echo "$secs $rss $flagged" >> "$results"
  rm -f "$db"*
}
for i in $(seq "$runs"); do
  time_publish plain "$work/plain" "$i" --no-scan
  time_publish scan "$work/scan" "$i"
done

plain=$(cut -d' ' -f1 "$work/plain" | median)
scan=$(cut -d' ' -f1 "$work/scan" | median)
flagged=$(cut -d' ' -f3 "$work/scan" | tail -1)
ratio=$(awk -v a="$scan" -v b="$plain" 'BEGIN {printf "%.3f", (b > 0 ? a/b : 0)}')
ok=$(awk -v r="$ratio" 'BEGIN {print (r <= 1.25 ? "ok" : "FAIL")}')
plain_cmd="$skillctl --db FRESH.db publish --no-scan $corpus"
scan_cmd="$skillctl --db FRESH.db publish $corpus"

if [ "$json" = 1 ]; then
  printf '{"skills":%d,"runs":%d,"no_scan_s":%s,"scan_s":%s,"ratio":%s,"ratio_ok":%s,"flagged_high":%s,"no_scan_cmd":"%s","scan_cmd":"%s"}\n' \
    "$n" "$runs" "$plain" "$scan" "$ratio" "$([ "$ok" = ok ] && echo true || echo false)" "$flagged" "$plain_cmd" "$scan_cmd"
else
  echo "Scan cost on a bulk publish: $n skills, median of $runs runs, $(nproc) cores"
  printf '%-30s %10s  %s\n' "measure" "value" "target"
  printf '%-30s %10s  %s\n' "publish --no-scan median (s)" "$plain" ""
  printf '%-30s %10s  %s\n' "publish (scan) median (s)" "$scan" ""
  printf '%-30s %10s  %s\n' "ratio scan/no-scan" "$ratio" "<= 1.25 $ok"
  printf '%-30s %10s  %s\n' "skills flagged high or above" "$flagged" ""
  echo "no scan: $plain_cmd"
  echo "scan:    $scan_cmd"
fi
