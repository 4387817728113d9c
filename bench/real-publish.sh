#!/usr/bin/env bash
# Real-pack benchmark (issue 13): publishes every repository of a folder of
# real public skill packs, each into its own namespace of one fresh
# database, and reports how many SKILL.md files were accepted, the refusals
# and warnings by code, the time against a raw SQLite insert of the same
# bytes, and the peak memory. Targets: >= 98% accepted, publish/raw <= 2.0x,
# peak RSS < 512 MB.
#
# How to run it:
#   1. Fetch the packs as git repositories; bench/real-packs.sh lists the
#      expected ones (anthropics/skills, obra/superpowers,
#      sickn33/antigravity-awesome-skills, K-Dense-AI/claude-scientific-skills,
#      vercel-labs/agent-skills, ComposioHQ/awesome-claude-skills and 19
#      others) and prints those still missing. Each goes to
#      /work/.mirror/<owner>+<name>/repo (the search tool's `fetch` puts
#      them there; a `git clone --bare` there works as well).
#   2. bench/real-packs.sh              # extracts them into bench/.real-packs
#   3. swift build -c release --product skillctl
#   4. bench/real-publish.sh [PACKS]    # PACKS defaults to bench/.real-packs
#
# Env: SKILLCTL (default .build/release/skillctl), KEEP=1 keeps the work
# folder (databases, each publish's JSON and stderr) and prints its path.
#
# Each repository is published with
#   skillctl --db DB publish --namespace NS --skip-invalid --json DIR
# NS being the folder name lowercased, every run of characters outside
# [a-z0-9] made one '-', cut to 64. A skillctl whose `publish --help` has no
# --namespace gets one fresh database per repository instead (said in the
# output). Wall time and peak RSS of each publish come from /usr/bin/time;
# the publish time is their sum. The baseline is bench/raw_insert.sh run on
# the same files (every file of every skill folder's bundle, hidden entries
# left out): their bytes as blobs plus one full-text row per SKILL.md, in
# one transaction, timed in the same run, before and after the publishes.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."
packs=${1:-bench/.real-packs}
skillctl=${SKILLCTL:-.build/release/skillctl}
log() { echo "$@" >&2; }

[ $# -le 1 ] || { log "usage: $0 [PACKS]"; exit 2; }
[ -d "$packs" ] || { log "$0: $packs missing; fetch the packs and run bench/real-packs.sh first"; exit 2; }
packs=$(cd "$packs" && pwd)
[ -x /usr/bin/time ] || { log "$0: GNU time missing (apt-get install time)"; exit 2; }
command -v sqlite3 >/dev/null || { log "$0: sqlite3 shell missing (apt-get install sqlite3)"; exit 2; }
command -v python3 >/dev/null || { log "$0: python3 missing"; exit 2; }
[ -x "$skillctl" ] || { log "$0: $skillctl not found; build it or set SKILLCTL"; exit 2; }
skillctl=$(cd "$(dirname "$skillctl")" && pwd)/$(basename "$skillctl")

work=$(mktemp -d /tmp/real-publish.XXXXXX)
if [ "${KEEP:-0}" = 1 ]; then log "work folder: $work"; else trap 'rm -rf "$work"' EXIT; fi

if "$skillctl" publish --help 2>&1 | grep -q -- '--namespace'; then
  namespaces=1
  echo "mode: one database, one namespace per repository"
else
  namespaces=0
  echo "mode: this skillctl has no 'publish --namespace'; one fresh database per repository instead"
fi

namespace_of() {
  printf '%s' "$1" | tr 'A-Z' 'a-z' | sed -E 's/[^a-z0-9]+/-/g' | cut -c1-64
}

# Warm the page cache so neither side pays for the first read from disk.
find "$packs" -type f -exec cat {} + > /dev/null 2>&1 || true

# The baseline: raw_insert.sh reads DIR/manifest.txt, paths relative to DIR.
mkdir -p "$work/raw"
ln -s "$packs" "$work/raw/packs"
python3 "$here/real_publish_report.py" manifest "$packs" "$work/raw/list.txt" > /dev/null
sed 's|^|packs/|' "$work/raw/list.txt" > "$work/raw/manifest.txt"
# Run once before and once after the publishes, their mean taken, so that a
# shared machine whose load changes mid-run weighs on both sides alike.
raw_insert() {
  "$here/raw_insert.sh" "$work/raw" "$work/raw.db" | tee -a "$work/raw.txt" | sed 's/.*seconds=\([^ ]*\).*/\1/'
  rm -f "$work/raw.db"*
}
raw_before=$(raw_insert)
raw_files=$(sed 's/.*files=\([^ ]*\).*/\1/' "$work/raw.txt")
raw_mb=$(cd "$work/raw" && tr '\n' '\0' < manifest.txt | xargs -0 stat -L -c %s | awk '{s += $1} END {printf "%.1f", s/1e6}')

: > "$work/runs.tsv"
started=$(date +%s.%N)
for dir in "$packs"/*/; do
  repo=$(basename "$dir")
  case $repo in *.part) continue ;; esac  # an extraction real-packs.sh did not finish
  ns=$(namespace_of "$repo")
  if [ "$namespaces" = 1 ]; then db=$work/all.db; args=(--namespace "$ns"); else db=$work/$repo.db; args=(); fi
  status=0
  # The ceiling stops git from finding a checkout around the packs folder
  # (bench/.real-packs lies in SkillStore's own): each extracted repository
  # is then, as for a user, a folder outside any git checkout.
  GIT_CEILING_DIRECTORIES=$packs /usr/bin/time -f '%e %M %U %S' -o "$work/time" \
    "$skillctl" --db "$db" publish "${args[@]}" --skip-invalid --json "${dir%/}" \
    > "$work/$repo.json" 2> "$work/$repo.err" || status=$?
  read -r secs rss user sys < <(tail -n 1 "$work/time")
  printf '%s\t%s\t%s\t%s\t%s\n' "$repo" "$status" "$secs" "$rss" "$(awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}')" >> "$work/runs.tsv"
  [ "$namespaces" = 1 ] || rm -f "$db"*
done
ended=$(date +%s.%N)
raw_after=$(raw_insert)
raw_secs=$(awk -v a="$raw_before" -v b="$raw_after" 'BEGIN {printf "%.2f", (a + b) / 2}')

python3 "$here/real_publish_report.py" report "$packs" "$work"
publish_secs=$(awk -F'\t' '{s += $3} END {printf "%.2f", s}' "$work/runs.tsv")
peak_mb=$(awk -F'\t' '$4 > m {m = $4} END {printf "%.1f", m/1024}' "$work/runs.tsv")
ratio=$(awk -v a="$publish_secs" -v b="$raw_secs" 'BEGIN {printf "%.2f", (b > 0 ? a/b : 0)}')
echo "corpus: $raw_files files, $raw_mb MB in the skill folders"
echo "raw insert baseline: ${raw_secs} s (mean of ${raw_before} s before and ${raw_after} s after; bench/raw_insert.sh on the same files, one transaction)"
publish_cpu=$(awk -F'\t' '{s += $5} END {printf "%.2f", s}' "$work/runs.tsv")
echo "publish: ${publish_secs} s summed over the repositories, ${publish_cpu} s of CPU ($(awk -v a="$started" -v b="$ended" 'BEGIN {printf "%.2f", b-a}') s wall clock)"
echo "publish/raw = ${ratio}x  (target <= 2.0: $(awk -v r="$ratio" 'BEGIN {print (r <= 2.0 ? "ok" : "FAIL")}'))"
echo "peak memory: ${peak_mb} MB  (target < 512: $(awk -v m="$peak_mb" 'BEGIN {print (m < 512 ? "ok" : "FAIL")}'))"
echo "binary: $skillctl"
