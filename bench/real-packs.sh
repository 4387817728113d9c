#!/usr/bin/env bash
# Extracts real public skill packs, fetched beforehand as git directories,
# into one folder of plain checkouts that benchmarks and tests can read.
# Nothing extracted is ever committed: the default folder is ignored by git.
#
#   bench/real-packs.sh [--from DIR] [--to DIR]
#
# --from DIR  where fetched repositories live, one git directory per
#             repository at DIR/<owner>+<name>/repo (default /work/.mirror,
#             where the search tool's fetch puts them)
# --to DIR    the folder to fill, one subfolder per repository named
#             <owner>+<name> (default bench/.real-packs); a repository
#             already there at the same commit is left as is
#
# Prints one line per repository: its folder, commit and SKILL.md count.
# Exit 2 when no repository is found under --from.
set -euo pipefail

from=/work/.mirror
to=$(cd "$(dirname "$0")" && pwd)/.real-packs
while [ $# -gt 0 ]; do
  case $1 in
    --from) from=${2:?}; shift 2 ;;
    --to) to=${2:?}; shift 2 ;;
    *) echo "usage: $0 [--from DIR] [--to DIR]" >&2; exit 2 ;;
  esac
done

mkdir -p "$to"
found=0
for git_dir in "$from"/*/repo; do
  [ -d "$git_dir" ] || continue
  git --git-dir="$git_dir" rev-parse --verify -q HEAD >/dev/null || continue
  found=$((found + 1))
  name=$(basename "$(dirname "$git_dir")")
  commit=$(git --git-dir="$git_dir" rev-parse HEAD)
  target=$to/$name
  if [ "$(cat "$target/.commit" 2>/dev/null)" != "$commit" ]; then
    rm -rf "$target.part"
    mkdir -p "$target.part"
    # Files the snapshot lists but does not hold (large ones) are left out.
    git --git-dir="$git_dir" archive HEAD | tar -x -C "$target.part" 2>/dev/null || true
    echo "$commit" > "$target.part/.commit"
    rm -rf "$target"
    mv "$target.part" "$target"
  fi
  skills=$(find "$target" -name SKILL.md -type f | wc -l)
  printf '%s\t%s\t%s skills\n' "$target" "${commit:0:12}" "$skills"
done
if [ "$found" -eq 0 ]; then
  echo "$0: no fetched repository under $from (fetch public skill packs first, e.g. anthropics/skills)" >&2
  exit 2
fi
