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
# How to get the packs: fetch each repository of EXPECTED_PACKS below (with
# the search tool's `fetch github:OWNER/NAME`, or any git clone placed at
# DIR/<owner>+<name>/repo), then run this script, then bench/real-publish.sh.
# Any other fetched repository holding a SKILL.md is extracted too; one
# holding none (a C library fetched for another reason) is skipped.
#
# Prints one line per repository: its folder, commit and SKILL.md count, then
# the expected repositories that were not found under --from.
# Exit 2 when no repository is found under --from.
set -euo pipefail

# The packs the issue 13 benchmark was measured on. The first six are the
# ones the issue names; the rest were picked because their skill names
# collide with those (skill-creator, pdf, docx, ...) or because they are
# large packs by companies and collections.
EXPECTED_PACKS="
anthropics/skills
obra/superpowers
sickn33/antigravity-awesome-skills
K-Dense-AI/claude-scientific-skills
vercel-labs/agent-skills
ComposioHQ/awesome-claude-skills
openai/skills
trailofbits/skills
getsentry/skills
supabase/agent-skills
expo/skills
wshobson/agents
alirezarezvani/claude-skills
muratcankoylan/Agent-Skills-for-Context-Engineering
mrgoonie/claudekit-skills
0xDarkMatter/claude-mods
DongLung/claude-scientific-skills
EvoLinkAI/awesome-openclaw-skills
Dedalus-ERP-PAS/foundation-skills
AjelixAI/skills
Cogni-AI-OU/cogni-ai-copilot-collections
HybridAIOne/hybridclaw
JOHNadonis/claude-code-skills
Canepro/codex-skills
ArthurDEV44/skills
"

from=/work/.mirror
to=$(cd "$(dirname "$0")" && pwd)/.real-packs
while [ $# -gt 0 ]; do
  case $1 in
    --from) from=${2:?}; shift 2 ;;
    --to) to=${2:?}; shift 2 ;;
    *) echo "usage: $0 [--from DIR] [--to DIR]" >&2; exit 2 ;;
  esac
done

# Writes the commit's tree into an empty folder. A fetched snapshot lists
# its largest files without holding them, and `git archive` stops at the
# first missing object, so those paths are excluded by name first.
extract() {  # git dir, target folder
  local paths=() objects=() missing=() entry mode type object i=0 answer
  while IFS= read -r -d '' entry; do
    read -r mode type object <<< "${entry%%$'\t'*}"
    [ "$type" = blob ] || continue
    objects+=("$object")
    paths+=("${entry#*$'\t'}")
  done < <(git --git-dir="$1" ls-tree -r -z HEAD)
  # One batch query answers "<object> missing" for each object not held.
  while read -r answer; do
    case $answer in *' missing') missing+=(":(exclude,literal)${paths[$i]}") ;; esac
    i=$((i + 1))
  done < <(printf '%s\n' "${objects[@]}" | git --git-dir="$1" cat-file --batch-check)
  [ ${#missing[@]} -eq 0 ] || echo "  ${#missing[@]} file(s) absent from the snapshot left out" >&2
  # Still names the first absent object on stderr, yet writes every other file.
  git --git-dir="$1" archive HEAD -- . "${missing[@]}" 2>/dev/null | tar -x -C "$2"
}

mkdir -p "$to"
found=0
for git_dir in "$from"/*/repo; do
  [ -d "$git_dir" ] || continue
  git --git-dir="$git_dir" rev-parse --verify -q HEAD >/dev/null || continue
  name=$(basename "$(dirname "$git_dir")")
  if ! git --git-dir="$git_dir" ls-tree -r --name-only HEAD | grep -c '\(^\|/\)SKILL\.md$' >/dev/null; then
    echo "$name: no SKILL.md in its newest commit, skipped" >&2
    continue
  fi
  found=$((found + 1))
  commit=$(git --git-dir="$git_dir" rev-parse HEAD)
  target=$to/$name
  if [ "$(cat "$target/.commit" 2>/dev/null)" != "$commit" ]; then
    rm -rf "$target.part"
    mkdir -p "$target.part"
    extract "$git_dir" "$target.part"
    echo "$commit" > "$target.part/.commit"
    rm -rf "$target"
    mv "$target.part" "$target"
  fi
  # Counted as SkillSource discovers them: hidden folders are not searched.
  skills=$(find "$target" -name '.?*' -prune -o -name SKILL.md \( -type f -o -type l \) -print | wc -l)
  printf '%s\t%s\t%s skills\n' "$target" "${commit:0:12}" "$skills"
done

missing_packs=0
for pack in $EXPECTED_PACKS; do
  if [ ! -d "$from/${pack/\//+}/repo" ]; then
    [ "$missing_packs" -gt 0 ] || echo "Expected packs not fetched (fetch them, then run this again):"
    echo "  github:$pack"
    missing_packs=$((missing_packs + 1))
  fi
done

if [ "$found" -eq 0 ]; then
  echo "$0: no fetched repository under $from (fetch public skill packs first, e.g. anthropics/skills)" >&2
  exit 2
fi
