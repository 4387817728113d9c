#!/usr/bin/env bash
# Bulk-publish benchmark: how long `skillctl publish` takes to store, parse
# and index N generated skills, against the raw-SQLite baseline that only
# inserts the same bytes (bench/raw_insert.sh). Targets: skillctl median wall
# time <= 2.0 x the baseline median, and peak RSS < 512 MB.
#
#   bench/publish.sh [N] [--json]        N defaults to 20000
#
# Env: SKILLCTL (default .build/release/skillctl), COMPARE (a second binary
#      timed in the same run, e.g. one built without extraction), BENCH_SEED (default 1),
#      RUNS (default 3). The corpus is cached in
#      /tmp/skillstore-bench/corpus-N-SEED; delete it to regenerate.
# Every run gets a fresh database. Wall time and peak RSS come from
# /usr/bin/time -f '%e %M'. The medians of RUNS runs are compared.
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
# COMPARE=path: another skillctl (say, a build without extraction) timed in
# the same run, to report what skillctl adds over it.
compare=${COMPARE:-}
root=/tmp/skillstore-bench corpus=/tmp/skillstore-bench/corpus-$n-$seed
log() { echo "$@" >&2; }

[ -x /usr/bin/time ] || { log "installing GNU time"; apt-get install -y time >/dev/null; }
command -v sqlite3 >/dev/null || { log "$0: sqlite3 shell missing (apt-get install sqlite3)"; exit 2; }
command -v "$skillctl" >/dev/null || { log "$0: $skillctl not found; run 'make build' or set SKILLCTL"; exit 2; }

. bench/corpus.sh
ensure_corpus "$n" "$seed" "$corpus"
files=$(grep -c . "$corpus/manifest.txt")
mb=$(find "$corpus" -type f ! -name manifest.txt -printf '%s\n' | awk '{s += $1} END {printf "%.1f", s/1e6}')
# Warm the page cache so neither side pays for the first read from disk.
find "$corpus" -type f -exec cat {} + > /dev/null

work=$(mktemp -d "$root/run.XXXXXX")
trap 'rm -rf "$work"' EXIT
median() { sort -n | awk '{v[NR]=$1} END {print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }

: > "$work/base"; : > "$work/ctl"; : > "$work/cmp"
# One skillctl run: time it, check it, append "seconds rss" to the file named.
time_publish() {  # binary, label, results file, run number
  local db=$work/$2$4.db
  if ! /usr/bin/time -f '%e %M' -o "$work/t" "$1" --db "$db" publish "$corpus" > "$work/out" 2> "$work/err"; then
    log "$2 run $4 failed:"; tail -n 20 "$work/err" >&2; exit 1
  fi
  read -r secs rss < "$work/t"
  lines=$(wc -l < "$work/out")
  log "$2 run $4: seconds=$secs rss_kb=$rss output_lines=$lines"
  [ "$lines" -eq "$n" ] || log "  warning: expected one output line per skill ($n), got $lines"
  echo "$secs $rss" >> "$3"
  rm -f "$db"*
}
# The runs are interleaved (baseline, skillctl, comparison, baseline, ...)
# so that a machine that slows down mid-run slows all of them alike.
for i in $(seq "$runs"); do
  line=$(bench/raw_insert.sh "$corpus" "$work/base$i.db")
  log "baseline run $i: $line"
  echo "$line" | sed 's/.*seconds=\([^ ]*\).*/\1/' >> "$work/base"
  rm -f "$work/base$i.db"*
  time_publish "$skillctl" skillctl "$work/ctl" "$i"
  [ -z "$compare" ] || time_publish "$compare" compare "$work/cmp" "$i"
done

base=$(median < "$work/base")
ctl=$(cut -d' ' -f1 "$work/ctl" | median)
rss_mb=$(cut -d' ' -f2 "$work/ctl" | sort -n | tail -1 | awk '{printf "%.1f", $1/1024}')
ratio=$(awk -v a="$ctl" -v b="$base" 'BEGIN {printf "%.2f", (b > 0 ? a/b : 0)}')
ok_ratio=$(awk -v r="$ratio" 'BEGIN {print (r <= 2.0 ? "ok" : "FAIL")}')
ok_rss=$(awk -v m="$rss_mb" 'BEGIN {print (m < 512 ? "ok" : "FAIL")}')
base_cmd="bench/raw_insert.sh $corpus FRESH.db"
ctl_cmd="$skillctl --db FRESH.db publish $corpus"

if [ "$json" = 1 ]; then
  printf '{"skills":%d,"files":%d,"corpus_mb":%s,"runs":%d,"baseline_s":%s,"skillctl_s":%s,"ratio":%s,"skillctl_peak_rss_mb":%s,"ratio_ok":%s,"rss_ok":%s,"baseline_cmd":"%s","skillctl_cmd":"%s"}\n' \
    "$n" "$files" "$mb" "$runs" "$base" "$ctl" "$ratio" "$rss_mb" \
    "$([ "$ok_ratio" = ok ] && echo true || echo false)" "$([ "$ok_rss" = ok ] && echo true || echo false)" \
    "$base_cmd" "$ctl_cmd"
else
  echo "Bulk publish: $n skills, $files files, $mb MB, median of $runs runs, $(nproc) cores"
  printf '%-28s %10s  %s\n' "measure" "value" "target"
  printf '%-28s %10s  %s\n' "baseline median (s)" "$base" ""
  printf '%-28s %10s  %s\n' "skillctl median (s)" "$ctl" ""
  printf '%-28s %10s  %s\n' "ratio skillctl/baseline" "$ratio" "<= 2.0 $ok_ratio"
  printf '%-28s %10s  %s\n' "skillctl peak RSS (MB)" "$rss_mb" "< 512 $ok_rss"
  echo "baseline: $base_cmd"
  echo "skillctl: $ctl_cmd"
  if [ -n "$compare" ]; then
    cmp=$(cut -d' ' -f1 "$work/cmp" | median)
    printf '%-28s %10s  %s\n' "comparison median (s)" "$cmp" "$compare"
    printf '%-28s %10s  %s\n' "ratio skillctl/comparison" "$(awk -v a="$ctl" -v b="$cmp" 'BEGIN {printf "%.2f", a/b}')" ""
  fi
fi
