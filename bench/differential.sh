#!/usr/bin/env bash
# Differential check: the same commands and HTTP requests against two
# skillctl binaries, old and new, compared byte for byte.
#
#   bench/differential.sh [--old COMMIT] [--new DIR] [--old-bin PATH] [--new-bin PATH]
#                         [--seeds DIR] [--skills N] [--packs DIR [--packs-limit N]] [--keep]
#
# --old COMMIT   the old binary's commit (default c393e55, the last main
#                before namespaces and lenient intake; 58cf04e is the
#                commit before the internal redesign); built with `swift build -c release`
#                in a git worktree at .build/differential/old-<commit> of this
#                repository, and reused when already built there
# --new DIR      the tree the new binary is built from (default: this
#                repository's working tree), `swift build -c release` in it
# --old-bin, --new-bin   use these binaries instead of building
# --seeds DIR    the seed skills (default ../shared/seeds beside the
#                repository; when absent, the generated corpus alone is used)
# --skills N     size of the generated corpus (default 2000)
# --packs DIR    also check real skill packs: every subfolder of DIR with a
#                SKILL.md below it (as bench/real-packs.sh --to DIR makes
#                them) is published whole into a database of its own, and its
#                skills are checked through the CLI and the server under
#                packs/<pack>/; without it, or with no pack in DIR, these
#                checks are skipped (and the run says why)
# --packs-limit N  per-skill checks on at most N of the packs' skills,
#                evenly spread over them in pack and name order (default 300)
# --keep         keep the run folders (they are printed)
#
# Both binaries get the same inputs, each its own folder and database under
# /tmp/skillstore-differential. bench/differential.py runs every command and
# route and writes one file per check; only the run's folder, clock times,
# token secrets, the server's port and timing metrics are normalized. Exit 0
# when every check is identical or listed in bench/differential-expected.tsv
# (check name or pattern with "*", tab, reason: changes made on purpose),
# 1 otherwise, 2 on
# usage errors. docs/benchmarks.md has the details.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
old=c393e55 new=$repo old_bin= new_bin= seeds=$repo/../shared/seeds skills=2000 keep=0 packs= packs_limit=300
usage() {
  echo "usage: $0 [--old COMMIT] [--new DIR] [--old-bin PATH] [--new-bin PATH] [--seeds DIR] [--skills N]" \
    "[--packs DIR [--packs-limit N]] [--keep]" >&2
  exit 2
}
while [ $# -gt 0 ]; do
  case $1 in
    --old) old=${2:?}; shift 2 ;;
    --new) new=$(cd "${2:?}" && pwd); shift 2 ;;
    --old-bin) old_bin=$(realpath "${2:?}"); shift 2 ;;
    --new-bin) new_bin=$(realpath "${2:?}"); shift 2 ;;
    --seeds) seeds=${2:?}; shift 2 ;;
    --skills) skills=${2:?}; shift 2 ;;
    --packs) packs=$(realpath -m "${2:?}"); shift 2 ;;
    --packs-limit) packs_limit=${2:?}; shift 2 ;;
    --keep) keep=1; shift ;;
    *) usage ;;
  esac
done
case $skills in ''|*[!0-9]*) usage ;; esac
case $packs_limit in ''|*[!0-9]*) usage ;; esac
export PATH=$PATH:/opt/swift/usr/bin
log() { echo "differential: $*" >&2; }
# swift build -c release in $1; on failure its last lines and exit 1 (a
# binary left from an earlier build must not stand in for a failed one).
build() {
  local out; out=$(mktemp)
  if ! (cd "$1" && swift build -c release --product skillctl > "$out" 2>&1); then
    grep -E 'error' "$out" | head -20 >&2; tail -3 "$out" >&2; rm -f "$out"
    log "the build in $1 failed"; exit 1
  fi
  tail -1 "$out" >&2; rm -f "$out"
}

# --- the two binaries ----------------------------------------------------------

if [ -z "$old_bin" ]; then
  sha=$(git -C "$repo" rev-parse --verify --quiet "$old^{commit}") || { log "no commit '$old'"; exit 2; }
  tree=$repo/.build/differential/old-${sha:0:12}
  if [ ! -x "$tree/.build/release/skillctl" ]; then
    if [ ! -d "$tree" ]; then
      git -C "$repo" worktree add --detach "$tree" "$sha" > /dev/null 2>&1 || {
        git -C "$repo" worktree prune; git -C "$repo" worktree add --detach "$tree" "$sha" > /dev/null; }
    fi
    log "building the old binary ($old = ${sha:0:12}) in $tree"
    build "$tree"
  fi
  old_bin=$tree/.build/release/skillctl
  [ -x "$old_bin" ] || { log "the old build failed"; exit 1; }
fi
if [ -z "$new_bin" ]; then
  log "building the new binary from $new"
  build "$new"
  new_bin=$new/.build/release/skillctl
  [ -x "$new_bin" ] || { log "the new build failed"; exit 1; }
fi

# --- inputs --------------------------------------------------------------------

cd "$repo"
source bench/corpus.sh
corpus=/tmp/skillstore-bench/corpus-$skills-1
ensure_corpus "$skills" 1 "$corpus"
if [ ! -d "$seeds" ]; then
  log "no seeds at $seeds: going on with the generated corpus only"
  seeds=
fi
# The real packs: checked only when --packs names a folder that holds one.
packs_skipped= pack_args=()
if [ -z "$packs" ]; then
  packs_skipped="no --packs DIR given (bench/real-packs.sh --to DIR extracts fetched packs)"
elif [ ! -d "$packs" ]; then
  packs_skipped="$packs is not a folder"
else
  mapfile -t found < <(python3 bench/differential.py packs "$packs")
  if [ ${#found[@]} = 0 ]; then
    packs_skipped="no pack in $packs (no subfolder with a SKILL.md below it)"
  else
    log "${#found[@]} real packs in $packs: ${found[*]:0:5}$([ ${#found[@]} -le 5 ] || echo ' ...')"
    pack_args=(--packs "$packs" --packs-limit "$packs_limit")
  fi
fi
[ -z "$packs_skipped" ] || log "real-pack checks skipped: $packs_skipped"
root=/tmp/skillstore-differential
mkdir -p "$root"
run=$(mktemp -d "$root/run.XXXXXX")
# One folder name per side, of the same length, so that nothing but the
# folder differs in what the commands print.
python3 bench/differential.py fixtures --out "$run/fixtures" --corpus "$corpus" --seeds "$seeds"
for side in old new; do
  bin=old_bin; [ $side = new ] && bin=new_bin
  log "running the $side binary (${!bin})"
  start=$SECONDS
  python3 bench/differential.py run --skillctl "${!bin}" --fixtures "$run/fixtures" --corpus "$corpus" \
    --work "$run/work-$side" --out "$run/out-$side" "${pack_args[@]}"
  log "$side: $((SECONDS - start)) s"
done
status=0
python3 bench/differential.py compare "$run/out-old" "$run/out-new" \
  --expected bench/differential-expected.tsv || status=$?
# Said again beside the summary, so that a run without the packs is not
# taken for one with them.
[ -z "$packs_skipped" ] || log "real-pack checks skipped: $packs_skipped"
if [ "$keep" = 1 ] || [ "$status" != 0 ]; then
  log "outputs kept in $run (out-old, out-new: one file per check)"
else
  rm -rf "$run"
fi
exit $status
