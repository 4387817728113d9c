#!/usr/bin/env bash
# Blob-serving benchmark: `skillctl serve` answering GET /api/v1/blob/<id>,
# against nginx serving the same blobs as files from disk at the same URL
# paths, in the same run, both writing their access logs to files (as users
# run them: skillstore's log is on by default, nginx's default is the
# combined format). wrk drives both alike: keep-alive, 64 connections, a
# different id on every request (bench/wrk-blobs.lua). Targets: skillstore's
# requests/s at least 1.0x nginx's, its p99 latency at most 1.5x nginx's, and
# its peak resident memory under 256 MB.
#
#   bench/serve.sh [--packs DIR | N] [--logs on|off] [--json] [--nginx-only]
#
# By default the blobs are real: the SKILL.md of every skill of the public
# packs in DIR (default /tmp/skillstore-bench/real-packs, filled by
# bench/real-packs.sh from the fetched repositories when missing), all
# published into one database (--skip-invalid: what a pack holds that
# publish refuses is left out).
# N             serve every blob of the generated corpus of N skills instead
#               (bench/gen_corpus.py)
# --logs off    both servers without an access log (default: on, to files)
# --json        also write bench/out/serve-real.json (serve-N.json) with
#               every raw figure
# --nginx-only  measure only the nginx baseline (no `serve` needed)
#
# Env: SKILLCTL (default .build/release/skillctl), BENCH_SEED (default 1),
#      RUNS (wrk runs per server, default 3), DURATION (seconds per run,
#      default 10), WARMUP (seconds of unmeasured load per server before the
#      runs, default 3), CONNECTIONS (default 64), WRK_THREADS (default 2),
#      SERVE_THREADS (skillctl serve --threads and nginx worker_processes;
#      default: the number of cores).
# Cached in /tmp/skillstore-bench (delete to rebuild): the corpus
# (corpus-N-SEED, shared with bench/publish.sh) or the packs, the published
# database (serve-N-SEED.db or serve-real.db, made once: serving does not
# depend on how it was published), every served blob exported as a file
# (serve-...-files/<id>) and the shuffled id list (serve-...-ids.txt). The
# access logs are written in the run's folder, deleted at the end (a 10 s run
# writes about 100 MB each). Both servers listen on free
# loopback ports only. The medians of RUNS runs are compared; the runs are
# interleaved, alternating which server goes first.
# Installs wrk, nginx-light and curl with apt-get when missing (without
# starting Debian's own nginx service).
set -euo pipefail

cd "$(dirname "$0")/.."
usage() { echo "usage: $0 [--packs DIR | N] [--logs on|off] [--json] [--nginx-only]" >&2; exit 2; }
n="" packs=/tmp/skillstore-bench/real-packs packs_given=0 logs=on json=0 nginx_only=0
while [ $# -gt 0 ]; do
  case $1 in
    --json) json=1 ;;
    --nginx-only) nginx_only=1 ;;
    --packs) [ $# -ge 2 ] || usage; packs=$2 packs_given=1; shift ;;
    --logs) [ $# -ge 2 ] && [[ $2 =~ ^(on|off)$ ]] || usage; logs=$2; shift ;;
    ''|*[!0-9]*) usage ;;
    *) n=$1 ;;
  esac
  shift
done
[ -z "$n" ] || [ "$packs_given" = 0 ] || usage
seed=${BENCH_SEED:-1} runs=${RUNS:-3} duration=${DURATION:-10} warmup=${WARMUP:-3}
connections=${CONNECTIONS:-64} wrk_threads=${WRK_THREADS:-2}
cores=$(nproc) serve_threads=${SERVE_THREADS:-$(nproc)}
skillctl=${SKILLCTL:-.build/release/skillctl}
root=/tmp/skillstore-bench
if [ -n "$n" ]; then
  corpus=$root/corpus-$n-$seed name=$n-$seed label=$n
else
  corpus="" name=real label=real
fi
db=$root/serve-$name.db files=$root/serve-$name-files ids=$root/serve-$name-ids.txt
lua=bench/wrk-blobs.lua out=bench/out
log() { echo "$@" >&2; }
die() { log "$0: $*"; exit 1; }

# --- tools -------------------------------------------------------------------

# Debian's nginx packages start the system nginx (port 80, /etc/nginx) as soon
# as they are installed. A policy-rc.d that answers 101 ("action forbidden")
# stops that for the length of the install (invoke-rc.d and
# deb-systemd-invoke both obey it); an existing policy-rc.d is left alone.
# The system service plays no part here anyway: the benchmark runs its own
# nginx, with its own config, prefix and port.
install_packages() {
  local sudo=() policy=/usr/sbin/policy-rc.d ours=0 status=0
  [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  log "installing $*"
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | "${sudo[@]}" tee "$policy" > /dev/null
    "${sudo[@]}" chmod 755 "$policy"; ours=1
  fi
  "${sudo[@]}" apt-get update -qq || status=$?
  if [ "$status" -eq 0 ]; then
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >&2 || status=$?
  fi
  [ "$ours" = 0 ] || "${sudo[@]}" rm -f "$policy"
  return "$status"
}
missing=()
command -v wrk > /dev/null || missing+=(wrk)
command -v curl > /dev/null || missing+=(curl)
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || missing+=(nginx-light)
if [ ${#missing[@]} -gt 0 ] && ! install_packages "${missing[@]}"; then
  # nginx-light is gone from newer Debian releases; the full package serves
  # static files the same way.
  [ -x "$nginx" ] || missing=("${missing[@]/nginx-light/nginx}")
  install_packages "${missing[@]}" || die "could not install ${missing[*]}"
fi
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || die "nginx not found after installing it"
command -v python3 > /dev/null || die "python3 missing (apt-get install python3)"
command -v "$skillctl" > /dev/null || die "$skillctl not found; run 'make build' or set SKILLCTL"

# Fail now, not after publishing and exporting, when this skillctl cannot
# serve yet.
if [ "$nginx_only" = 0 ]; then
  help=$("$skillctl" serve --help 2>&1 || true)
  if grep -qi 'unknown command' <<< "$help"; then
    die "$skillctl has no 'serve' command (it said: $(head -n 1 <<< "$help"));
  build one that has it (make build), point SKILLCTL at it, or run with --nginx-only"
  fi
fi

# --- corpus, database, files -------------------------------------------------

mkdir -p "$root" "$out"
if [ -n "$corpus" ]; then
  . bench/corpus.sh
  ensure_corpus "$n" "$seed" "$corpus"
  sources=("$corpus") publish_flags=(-q)
else
  if [ ! -d "$packs" ] || [ -z "$(ls -A "$packs")" ]; then
    [ "$packs_given" = 0 ] || die "$packs: no such folder, or empty"
    log "extracting the fetched skill packs into $packs"
    bash bench/real-packs.sh --to "$packs" > /dev/null
  fi
  # The folders holding a SKILL.md below them (the others make publish
  # refuse everything).
  mapfile -t sources < <(python3 bench/differential.py packs "$packs" | sed "s|^|$packs/|")
  [ ${#sources[@]} -gt 0 ] || die "no skill pack in $packs"
  publish_flags=(--skip-invalid)
  # A database made from other packs is not reused.
  stamp=$(cat "$packs"/*/.commit 2> /dev/null | sha256sum | cut -c1-16)
  [ "$(cat "$db.packs" 2> /dev/null)" = "$stamp" ] || rm -f "$db"
fi
# Published under a temporary name and renamed when complete, so that an
# interrupted publish is never mistaken for the cached database.
if [ ! -f "$db" ]; then
  log "publishing ${#sources[@]} folder(s) into $db"
  rm -f "$db.tmp" "$db.tmp-wal" "$db.tmp-shm"
  # Exit 1 with --skip-invalid: some skills were refused, the rest published.
  status=0
  "$skillctl" --db "$db.tmp" publish "${publish_flags[@]}" "${sources[@]}" > /dev/null 2> "$root/publish-$name.err" || status=$?
  [ "$status" -le 1 ] || { tail -n 20 "$root/publish-$name.err" >&2; die "publishing into $db failed (exit $status)"; }
  if [ -z "$corpus" ]; then echo "$stamp" > "$db.packs"; fi
  # Fold any WAL left behind into the main file before renaming it.
  python3 -c 'import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute("PRAGMA wal_checkpoint(TRUNCATE)"); c.close()' "$db.tmp"
  rm -f "$db.tmp-wal" "$db.tmp-shm"
  mv "$db.tmp" "$db"
fi
# Every served blob as a file named by its id, for nginx, and the list of
# their ids, shuffled with a fixed seed, for wrk. Rebuilt when the database
# is newer. One Python pass with the sqlite3 module: ~46,000 files in a few
# seconds. The generated corpus serves every blob; the real packs serve
# their skills' SKILL.md files (their other files include JSON data and
# GIFs of 1-3 MB, which would measure the loopback's bandwidth instead).
if [ ! -f "$ids" ] || [ "$db" -nt "$ids" ] || [ ! -d "$files" ]; then
  log "exporting the blobs of $db into $files"
  rm -rf "$files" "$files.tmp" "$ids"
  only_skill_files=0; [ -n "$corpus" ] || only_skill_files=1
  python3 - "$db" "$files.tmp" "$ids.tmp" "$seed" "$only_skill_files" <<'PY'
import os, random, sqlite3, sys
db, outdir, ids_path, seed, only_skill_files = sys.argv[1:6]
os.makedirs(outdir)
con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
ids = []
query = "SELECT id, content FROM blobs"
if only_skill_files == "1":
    query += " WHERE id IN (SELECT skill_blob FROM versions)"
for blob_id, content in con.execute(query):
    with open(os.path.join(outdir, blob_id), "wb") as f:
        f.write(content)
    ids.append(blob_id)
ids.sort()  # a defined order before the seeded shuffle
random.Random("serve-%s" % seed).shuffle(ids)
with open(ids_path, "w") as f:
    f.write("".join(i + "\n" for i in ids))
PY
  mv "$files.tmp" "$files"
  mv "$ids.tmp" "$ids"
fi
blobs=$(wc -l < "$ids")
[ "$blobs" -gt 0 ] || die "$db has no blobs"
blob_bytes=$(find "$files" -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
# Warm the page cache so neither side pays for the first read from disk.
cat "$db" > /dev/null
find "$files" -type f -exec cat {} + > /dev/null

# --- servers -----------------------------------------------------------------

work=$(mktemp -d "$root/serve-run.XXXXXX")
chmod 755 "$work"  # nginx's workers run as nobody when started by root
ss_pid="" nginx_pid=""
# A child that has exited stays a zombie until waited for, and kill -0
# succeeds on zombies, so "alive" reads the process state instead.
alive() { local s; s=$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null) && [ "$s" != Z ]; }
# SIGTERM, up to 10 s to exit, then SIGKILL. Sets stopped_status to the exit
# status. (Not to be called in $(...): only this shell can wait for its child.)
stop() {
  local i
  kill -TERM "$1" 2> /dev/null || true
  for i in $(seq 100); do alive "$1" || break; sleep 0.1; done
  if alive "$1"; then log "pid $1 still running 10 s after SIGTERM; killing it"; kill -KILL "$1" 2> /dev/null || true; fi
  stopped_status=0
  wait "$1" 2> /dev/null || stopped_status=$?
}
cleanup() {
  [ -z "$ss_pid" ] || stop "$ss_pid"
  [ -z "$nginx_pid" ] || stop "$nginx_pid"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Port 0 makes the kernel pick a free port; the socket is closed again at
# once, and the server binds it a moment later.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
# Waits up to 60 s for URL to answer 2xx, giving up early if the server died.
wait_http() {  # name, pid, url, stderr file
  local i
  for i in $(seq 600); do
    alive "$2" || { log "$1 exited before answering $3:"; tail -n 20 "$4" >&2; exit 1; }
    curl -fsS -o /dev/null --max-time 1 "$3" 2> /dev/null && return 0
    sleep 0.1
  done
  log "$1 did not answer $3 within 60 s:"; tail -n 20 "$4" >&2; exit 1
}

nginx_port=$(free_port)
mkdir -p "$work/nginx/tmp"
# Descriptors: open_file_cache keeps every cached file open, in each worker,
# so it must fit under the process's open files limit with room for the
# connections, or nginx answers 500 (EMFILE). Some machines (containers,
# VMs) refuse to raise the hard limit even for root. When the cache cannot
# hold every blob it is turned off: with 46,055 blobs and a limit of 20,000,
# a cache evicting all the time measured about 25% fewer requests/s than no
# cache (and than a cache holding every file), which would flatter skillstore.
ulimit -n "$(ulimit -Hn)" 2> /dev/null || true
nofile=$(ulimit -n)
[ "$nofile" = unlimited ] && nofile=1048576
cache_max=$((nofile - 2 * connections - 512))
if [ "$cache_max" -ge "$blobs" ]; then
  file_cache="open_file_cache max=$cache_max inactive=300s;
  open_file_cache_valid 300s;
  open_file_cache_min_uses 1;
  open_file_cache_errors on;"
else
  file_cache="open_file_cache off;"
  log "note: nginx's open_file_cache is off: $blobs blobs do not fit under the open files limit ($nofile)"
fi
# A strong, fair baseline: one worker per core (the same as skillctl serve's
# threads), sendfile, open_file_cache holding every blob's descriptor (when
# the limit allows, above), keep-alive connections that are never closed for
# their request count, reuseport so the kernel spreads the 64 connections
# over the workers. Its access log is nginx's default: the combined format,
# unbuffered (a write per request), to a file; skillstore's goes to a file
# too. With --logs off, neither writes one. Cache-Control is added only so that both servers send headers of
# a similar size; nginx's own ETag and Last-Modified stay on.
nginx_log="access_log off;" ss_log=off
if [ "$logs" = on ]; then
  nginx_log="access_log $work/nginx/access.log combined;" ss_log=$work/skillstore-access.log
fi
cat > "$work/nginx/nginx.conf" <<EOF
daemon off;
master_process on;
worker_processes $serve_threads;
worker_rlimit_nofile $nofile;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events {
  worker_connections 4096;
}
http {
  $nginx_log
  server_tokens off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 75s;
  keepalive_requests 1000000;
  $file_cache
  client_body_temp_path $work/nginx/tmp/body;
  proxy_temp_path $work/nginx/tmp/proxy;
  types { }
  default_type text/markdown;
  server {
    listen 127.0.0.1:$nginx_port reuseport backlog=4096;
    location /api/v1/blob/ {
      alias $files/;
      add_header Cache-Control "public, max-age=31536000, immutable";
    }
    location = /healthz {
      return 200 "ok\n";
    }
  }
}
EOF
nginx_cmd=("$nginx" -p "$work/nginx/" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log")
"${nginx_cmd[@]}" -t -q 2> "$work/nginx/check.err" || { cat "$work/nginx/check.err" >&2; die "nginx rejected its config"; }
"${nginx_cmd[@]}" 2> "$work/nginx/stderr" &
nginx_pid=$!
wait_http nginx "$nginx_pid" "http://127.0.0.1:$nginx_port/healthz" "$work/nginx/error.log"
log "nginx $("$nginx" -v 2>&1 | sed 's/.*version: //') on 127.0.0.1:$nginx_port, $serve_threads workers"

ss_cmd=""
if [ "$nginx_only" = 0 ]; then
  ss_port=$(free_port)
  ss_cmd="$skillctl --db $db serve --host 127.0.0.1 --port $ss_port --threads $serve_threads --access-log $ss_log"
  "$skillctl" --db "$db" serve --host 127.0.0.1 --port "$ss_port" --threads "$serve_threads" --access-log "$ss_log" \
    > "$work/skillstore.out" 2> "$work/skillstore.err" &
  ss_pid=$!
  wait_http skillstore "$ss_pid" "http://127.0.0.1:$ss_port/healthz" "$work/skillstore.err"
  grep -q "serving http://127.0.0.1:$ss_port" "$work/skillstore.err" ||
    log "warning: skillstore did not print 'serving http://127.0.0.1:$ss_port' on stderr"
  log "skillstore on 127.0.0.1:$ss_port, --threads $serve_threads (pid $ss_pid)"
fi

servers=(nginx) ; [ "$nginx_only" = 1 ] || servers=(skillstore nginx)
port_of() { if [ "$1" = nginx ]; then echo "$nginx_port"; else echo "$ss_port"; fi; }

# Both must return the exact bytes of the blob, or the race means nothing.
for s in "${servers[@]}"; do
  for id in $(head -n 20 "$ids"); do
    curl -fsS --max-time 5 -o "$work/got" "http://127.0.0.1:$(port_of "$s")/api/v1/blob/$id" ||
      die "$s: GET /api/v1/blob/$id failed"
    cmp -s "$work/got" "$files/$id" || die "$s: GET /api/v1/blob/$id did not return the blob's bytes"
  done
  log "$s: 20 blobs fetched, bytes identical; response headers for one of them:"
  curl -sS -o /dev/null -D - "http://127.0.0.1:$(port_of "$s")/api/v1/blob/$(head -n 1 "$ids")" | tr -d '\r' | sed 's/^/    /' >&2
done

# --- load ----------------------------------------------------------------------

# On failure: wrk's output, the end of the server's log, and stop.
wrk_failed() {  # server, wrk output, message
  cat "$2" >&2
  log "--- end of the $1 log:"
  if [ "$1" = nginx ]; then tail -n 20 "$work/nginx/error.log" >&2; else tail -n 20 "$work/skillstore.err" >&2; fi
  die "$3"
}
# One wrk run against a server; appends one row to $work/results:
#   server run rps requests bytes_read avg_ms p50 p75 p90 p99 non_2xx socket_errors
# (times in ms). Any response >= 400 (what wrk counts as "Non-2xx or 3xx")
# or socket error stops the benchmark: figures with failed requests in them
# compare nothing.
run_wrk() {  # server, seconds, run number (0 = warm-up, not recorded)
  local f=$work/wrk-$1-$3.txt row
  wrk -t"$wrk_threads" -c"$connections" -d"$2s" --latency -s "$lua" "http://127.0.0.1:$(port_of "$1")/" -- "$ids" \
    > "$f" 2>&1 || wrk_failed "$1" "$f" "wrk against $1 failed"
  # wrk prints times as 123.45us / 1.23ms / 1.23s (/ 1.23m) and sizes with
  # binary prefixes (B, KB, MB, GB); everything is normalised to ms and bytes.
  row=$(awk -v server="$1" -v run="$3" '
    function ms(v,  u) { u = v; sub(/^[0-9.]+/, "", u); v += 0
      return u == "us" ? v / 1000 : u == "ms" ? v : u == "s" ? v * 1000 : u == "m" ? v * 60000 : u == "h" ? v * 3600000 : -1 }
    function bytes(v,  u) { u = v; sub(/^[0-9.]+/, "", u); v += 0
      return u == "B" ? v : u == "KB" ? v * 1024 : u == "MB" ? v * 1048576 : u == "GB" ? v * 1073741824 : u == "TB" ? v * 1099511627776 : -1 }
    $1 == "Latency" && NF > 2 { avg = ms($2) }
    /Latency Distribution/ { dist = 1; next }
    dist && $1 ~ /^[0-9]+%$/ { p[$1] = ms($2); next }
    { dist = 0 }
    / requests in / { requests = $1; read = bytes($5) }
    /Non-2xx or 3xx responses:/ { non2xx = $NF }
    /Socket errors:/ { gsub(/,/, ""); sockerr = $4 + $6 + $8 + $10 }
    /^Requests\/sec:/ { rps = $2 }
    END {
      if (rps == "" || p["99%"] == "") { print "unparsed"; exit }
      printf "%s %d %s %d %.0f %.3f %.3f %.3f %.3f %.3f %d %d\n", server, run, rps, requests, read, avg,
        p["50%"], p["75%"], p["90%"], p["99%"], non2xx + 0, sockerr + 0
    }' "$f")
  [ "$row" != unparsed ] || wrk_failed "$1" "$f" "could not read wrk's output for $1"
  set -- $row
  [ "${11}" -eq 0 ] || wrk_failed "$1" "$f" "$1 answered ${11} requests with a status >= 400 (run $2; 0 = warm-up)"
  [ "${12}" -eq 0 ] || wrk_failed "$1" "$f" "wrk saw ${12} socket errors against $1 (run $2; 0 = warm-up)"
  echo "$1 $4" >> "$work/answered"  # warm-ups included, to check the logs
  [ "$2" -eq 0 ] && return 0
  log "$1 run $2: requests/s=$3 p50_ms=$7 p99_ms=${10} bytes/response=$(( $5 / ($4 > 0 ? $4 : 1) ))"
  echo "$row" >> "$work/results"
}

for s in "${servers[@]}"; do
  log "warming up $s for ${warmup}s"
  run_wrk "$s" "$warmup" 0
done
: > "$work/results"
# Interleaved, and alternating which server goes first, so that a machine
# that slows down (or warms up) during the run affects both alike.
for i in $(seq "$runs"); do
  order=("${servers[@]}")
  [ $((i % 2)) -eq 1 ] || [ ${#servers[@]} -eq 1 ] || order=(nginx skillstore)
  for s in "${order[@]}"; do run_wrk "$s" "$duration" "$i"; done
done

# Memory, read before the servers stop. VmHWM is the peak resident set since
# the process started, file-backed (mmap) pages included.
# The split at the end tells heap (RssAnon) from mapped database pages
# (RssFile, e.g. SQLite's mmap), which VmHWM counts alike.
status_kb() { awk -v k="$2:" '$1 == k {v = $2} END {print v + 0}' "/proc/$1/status" 2> /dev/null || echo 0; }
ss_hwm=0 ss_rss=0 ss_anon=0 ss_file=0 ss_exit=""
if [ -n "$ss_pid" ]; then
  alive "$ss_pid" || die "skillstore exited during the benchmark"
  ss_hwm=$(status_kb "$ss_pid" VmHWM) ss_rss=$(status_kb "$ss_pid" VmRSS)
  ss_anon=$(status_kb "$ss_pid" RssAnon) ss_file=$(status_kb "$ss_pid" RssFile)
fi
# nginx: the master and all its workers, each one's peak, summed.
nginx_hwm=0
for p in "$nginx_pid" $(pgrep -P "$nginx_pid" || true); do nginx_hwm=$((nginx_hwm + $(status_kb "$p" VmHWM))); done
# skillctl serve must stop cleanly on SIGTERM: report its exit status.
if [ -n "$ss_pid" ]; then
  stop "$ss_pid"; ss_exit=$stopped_status ss_pid=""
  [ "$ss_exit" = 0 ] || log "warning: skillstore exited with status $ss_exit after SIGTERM"
fi

# Every answered request has its line, or the log was not written off the
# request path but lost. (A few more lines than wrk counted: the checks
# above, and requests cut off when wrk stopped.)
answered() { awk -v s="$1" '$1 == s {t += $2} END {print t + 0}' "$work/answered"; }
log_lines() { if [ -f "$1" ]; then wc -l < "$1"; else echo 0; fi; }
ss_answered=$(answered skillstore) nginx_answered=$(answered nginx)
ss_lines=$(log_lines "$work/skillstore-access.log") nginx_lines=$(log_lines "$work/nginx/access.log")
if [ "$logs" = on ] && [ "$nginx_only" = 0 ] && [ "$ss_lines" -lt "$ss_answered" ]; then
  log "warning: skillstore's access log has $ss_lines lines for $ss_answered answered requests"
fi

# --- report --------------------------------------------------------------------

wrk_version=$(wrk -v 2>&1 | head -n 1 || true)
nginx_version=$("$nginx" -v 2>&1 | sed 's/.*version: //')
python3 - "$work/results" "$out/serve-$label.json" "$json" "$work/nginx/nginx.conf" <<PY
import json, statistics, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
keys = ["server", "run", "requests_per_s", "requests", "bytes_read", "latency_avg_ms",
        "p50_ms", "p75_ms", "p90_ms", "p99_ms", "non_2xx", "socket_errors"]
runs = [dict(zip(keys, [r[0], int(r[1])] + [float(x) for x in r[2:]])) for r in rows]
def med(server, key):
    v = [r[key] for r in runs if r["server"] == server]
    return statistics.median(v) if v else None
nginx_only = $nginx_only == 1
corpus, blobs, blob_bytes = "$label", $blobs, $blob_bytes
ng_rps, ng_p99, ng_p50 = med("nginx", "requests_per_s"), med("nginx", "p99_ms"), med("nginx", "p50_ms")
ss_rps, ss_p99, ss_p50 = med("skillstore", "requests_per_s"), med("skillstore", "p99_ms"), med("skillstore", "p50_ms")
rss_mb = round($ss_hwm / 1024, 1)
rps_ratio = round(ss_rps / ng_rps, 3) if ss_rps else None
p99_ratio = round(ss_p99 / ng_p99, 3) if ss_p99 else None
ok = lambda c: None if nginx_only else bool(c)
result = {
    "corpus": "real packs' SKILL.md files" if corpus == "real" else "generated, %s skills" % corpus,
    "access_logs": "$logs", "blobs": blobs, "blob_mb": round(blob_bytes / 1e6, 1),
    "cores": $cores, "serve_threads": $serve_threads, "runs": $runs, "duration_s": $duration,
    "warmup_s": $warmup, "connections": $connections, "wrk_threads": $wrk_threads,
    "wrk": "$wrk_version", "nginx": "$nginx_version",
    "nginx_requests_per_s": ng_rps, "nginx_p50_ms": ng_p50, "nginx_p99_ms": ng_p99,
    "skillstore_requests_per_s": ss_rps, "skillstore_p50_ms": ss_p50, "skillstore_p99_ms": ss_p99,
    "rps_ratio": rps_ratio, "p99_ratio": p99_ratio,
    "skillstore_peak_rss_mb": None if nginx_only else rss_mb,
    "skillstore_rss_at_end_mb": None if nginx_only else round($ss_rss / 1024, 1),
    "skillstore_rss_anon_at_end_mb": None if nginx_only else round($ss_anon / 1024, 1),
    "skillstore_rss_file_at_end_mb": None if nginx_only else round($ss_file / 1024, 1),
    "skillstore_exit_status_on_sigterm": None if nginx_only else int("${ss_exit:-0}"),
    "nginx_peak_rss_mb_all_processes": round($nginx_hwm / 1024, 1),
    "nginx_open_file_cache": "$(head -n 1 <<< "$file_cache")", "open_files_limit": $nofile,
    "rps_ok": ok(rps_ratio is not None and rps_ratio >= 1.0),
    "p99_ok": ok(p99_ratio is not None and p99_ratio <= 1.5),
    "rss_ok": ok(rss_mb < 256),
    "skillstore_cmd": "$ss_cmd" or None,
    "nginx_cmd": "${nginx_cmd[*]}",
    "nginx_conf": open(sys.argv[4]).read(),
    "wrk_cmd": "wrk -t$wrk_threads -c$connections -d${duration}s --latency -s $lua http://127.0.0.1:PORT/ -- $ids",
    "skillstore_access_log_lines": None if nginx_only else $ss_lines,
    "skillstore_requests_answered_to_wrk": None if nginx_only else $ss_answered,
    "nginx_access_log_lines": $nginx_lines, "nginx_requests_answered_to_wrk": $nginx_answered,
    "runs_raw": runs,
}
if sys.argv[3] == "1":
    json.dump(result, open(sys.argv[2], "w"), indent=1)
mark = lambda c: "ok" if c else "FAIL"
print("Blob serving: %s, %d blobs (%.1f MB), access logs %s, wrk -t%d -c%d -d%ds keep-alive, median of %d runs, %d cores"
      % (result["corpus"], blobs, blob_bytes / 1e6, "$logs" + (" (both to files)" if "$logs" == "on" else ""), $wrk_threads, $connections, $duration, $runs, $cores))
print("%-36s %10s  %s" % ("measure", "value", "target"))
print("%-36s %10.0f" % ("nginx requests/s", ng_rps))
if not nginx_only:
    print("%-36s %10.0f" % ("skillstore requests/s", ss_rps))
    print("%-36s %10.2f  %s" % ("ratio skillstore/nginx req/s", rps_ratio, ">= 1.0 " + mark(rps_ratio >= 1.0)))
print("%-36s %10.3f" % ("nginx p50 latency (ms)", ng_p50))
print("%-36s %10.3f" % ("nginx p99 latency (ms)", ng_p99))
if not nginx_only:
    print("%-36s %10.3f" % ("skillstore p50 latency (ms)", ss_p50))
    print("%-36s %10.3f" % ("skillstore p99 latency (ms)", ss_p99))
    print("%-36s %10.2f  %s" % ("ratio skillstore/nginx p99", p99_ratio, "<= 1.5 " + mark(p99_ratio <= 1.5)))
    print("%-36s %10.1f  %s" % ("skillstore peak RSS (MB)", rss_mb, "< 256 " + mark(rss_mb < 256)))
    print("%-36s %10s" % ("  at the end: anon + file (MB)", "%.0f + %.0f" % ($ss_anon / 1024, $ss_file / 1024)))
print("%-36s %10.1f" % ("nginx peak RSS, all processes (MB)", result["nginx_peak_rss_mb_all_processes"]))
if "$logs" == "on":
    if not nginx_only:
        print("%-36s %10d  (wrk counted %d answers, warm-up included)" % ("skillstore access log lines", $ss_lines, $ss_answered))
    print("%-36s %10d  (wrk counted %d answers, warm-up included)" % ("nginx access log lines", $nginx_lines, $nginx_answered))
if not nginx_only:
    print("skillstore: " + result["skillstore_cmd"])
print("nginx:      " + result["nginx_cmd"] + "  (" + result["nginx"] + ")")
print("wrk:        " + result["wrk_cmd"])
if sys.argv[3] == "1":
    print("wrote " + sys.argv[2])
PY
