#!/usr/bin/env python3
"""Helper of bench/real-publish.sh: the corpus side and the report.

  real_publish_report.py manifest PACKS OUT
      Lists, one path a line relative to PACKS, every file a publish of
      each repository stores (the bundle of every skill folder found), for
      bench/raw_insert.sh.
  real_publish_report.py report PACKS WORK
      Reads WORK/runs.tsv and WORK/<repo>.json left by real-publish.sh and
      prints the acceptance report.

SKILL.md files are found the way SkillSource discovers skills: entries whose
names start with '.' are not searched, symlinked folders are not followed.
Unlike SkillSource, the search goes on below a folder that holds a SKILL.md:
a nested SKILL.md is a real skill the publish should account for too.
"""
import json
import os
import sys
from collections import Counter, defaultdict


def repos(packs):
    return sorted(e for e in os.listdir(packs)
                  if not e.startswith('.') and not e.endswith('.part') and os.path.isdir(os.path.join(packs, e)))


VCS_FOLDERS = ('.git', '.hg', '.svn')


def walk(root, hidden=False):
    """Yields (folder, files) below root, symlinked folders left out, and
    hidden folders too unless `hidden` (version control folders always)."""
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if (d not in VCS_FOLDERS if hidden else not d.startswith('.'))
                         and not os.path.islink(os.path.join(folder, d)))
        yield folder, sorted(f for f in files if not f.startswith('.'))


def skill_files(root):
    """The SKILL.md files discovery reaches: hidden folders are searched
    only when no skill sits outside them, as SkillSource.discover does."""
    found = [os.path.join(folder, 'SKILL.md') for folder, files in walk(root) if 'SKILL.md' in files]
    if found:
        return found
    return [os.path.join(folder, 'SKILL.md') for folder, files in walk(root, hidden=True) if 'SKILL.md' in files]


def hidden_skill_files(root):
    """SKILL.md files that discovery never reaches because a folder on the way is hidden."""
    count = 0
    for folder, dirs, files in os.walk(root):
        rel = os.path.relpath(folder, root)
        if 'SKILL.md' in files and any(p.startswith('.') for p in rel.split(os.sep) if p != '.'):
            count += 1
    return count - sum(1 for p in skill_files(root) if any(
        part.startswith('.') for part in os.path.relpath(p, root).split(os.sep)[:-1]))


def manifest(packs, out):
    lines = []
    for repo in repos(packs):
        root = os.path.join(packs, repo)
        # The outermost skill folders: a nested one is part of its parent's bundle.
        outer = []
        for path in skill_files(root):
            folder = os.path.dirname(path)
            if not any(folder == o or folder.startswith(o + os.sep) for o in outer):
                outer.append(folder)
        for top in outer:
            for folder, files in walk(top):
                for name in files:
                    path = os.path.join(folder, name)
                    if os.path.isfile(path):  # regular files and links to them, like a bundle
                        rel = os.path.relpath(path, packs)
                        if '\n' not in rel:
                            lines.append(rel)
    with open(out, 'w') as f:
        f.write(''.join(line + '\n' for line in lines))
    print(len(lines))


def skill_of(path, folders):
    """The innermost found skill folder holding path, or None."""
    path = os.path.abspath(path)
    best = None
    for folder in folders:
        if (path == folder or path.startswith(folder + os.sep)) and (best is None or len(folder) > len(best)):
            best = folder
    return best


def report(packs, work):
    runs = {}
    with open(os.path.join(work, 'runs.tsv')) as f:
        for line in f:
            repo, status, secs, rss_kb = line.rstrip('\n').split('\t')[:4]
            runs[repo] = (int(status), float(secs), int(rss_kb))
    found_total = accepted_total = hidden_total = 0
    refusals = defaultdict(list)       # code -> SKILL.md paths
    warnings = defaultdict(list)       # code -> SKILL.md paths
    failures = []
    rows = []
    for repo in repos(packs):
        root = os.path.abspath(os.path.join(packs, repo))
        found = [os.path.abspath(p) for p in skill_files(root)]
        folders = [os.path.dirname(p) for p in found]
        hidden = hidden_skill_files(root)
        status, secs, rss_kb = runs.get(repo, (-1, 0.0, 0))
        try:
            with open(os.path.join(work, repo + '.json')) as f:
                data = json.load(f)
        except (OSError, ValueError):
            data = {}
        if status not in (0, 1, 4) or not data:
            failures.append(f'{repo}: exit {status}, see {work}/{repo}.err')
        accepted = set()
        for result in data.get('published', []):
            path = os.path.abspath(result.get('path', ''))
            folder = path if os.path.basename(path) != 'SKILL.md' else os.path.dirname(path)
            accepted.add(folder)
            for warning in result.get('warnings') or []:
                code = warning.get('code', '?') if isinstance(warning, dict) else str(warning)
                warnings[code].append(os.path.join(folder, 'SKILL.md'))
        codes = defaultdict(set)       # skill folder -> refusal codes
        messages = {}                  # (skill folder, code) -> first message
        for diagnostic in data.get('refused', []):
            if diagnostic.get('severity') == 'warning':
                warnings[diagnostic.get('code', '?')].append(diagnostic.get('path', ''))
                continue
            folder = skill_of(diagnostic.get('path', ''), folders)
            codes[folder or root].add(diagnostic.get('code', '?'))
            messages.setdefault((folder or root, diagnostic.get('code', '?')), diagnostic.get('message', ''))
        for folder in folders:
            if folder in accepted:
                continue
            for code in sorted(codes.get(folder) or {'not-discovered'}):
                refusals[code].append((os.path.join(folder, 'SKILL.md'), messages.get((folder, code), '')))
        # Problems with the repository as a whole (no skill found in it).
        for code in (codes.get(root, ()) if root not in folders else ()):
            refusals[code].append((root + '/', messages.get((root, code), '')))
        n_accepted = sum(1 for f in folders if f in accepted)
        found_total += len(found)
        accepted_total += n_accepted
        hidden_total += hidden
        rows.append((repo, len(found), n_accepted, hidden, status, secs, rss_kb))

    print(f"{'repository':<58} {'SKILL.md':>8} {'accepted':>8} {'hidden':>6} {'exit':>4} {'seconds':>8} {'MB':>6}")
    for repo, found, accepted, hidden, status, secs, rss_kb in rows:
        print(f'{repo:<58} {found:>8} {accepted:>8} {hidden:>6} {status:>4} {secs:>8.2f} {rss_kb / 1024:>6.1f}')
    refused_total = found_total - accepted_total
    pct = 100.0 * accepted_total / found_total if found_total else 0.0
    print()
    print(f'repositories: {len(rows)}')
    print(f'SKILL.md found: {found_total} (plus {hidden_total} in hidden folders beside skills, which discovery skips)')
    print(f'accepted: {accepted_total}')
    print(f'refused: {refused_total}')
    print(f"acceptance: {pct:.1f}%  (target >= 98%: {'ok' if pct >= 98 else 'FAIL'})")
    print('refusals by code (SKILL.md files, or whole repositories for skill-missing;'
          ' a file refused for several reasons counts under each;'
          ' not-discovered: below another skill folder, which discovery does not search):')
    for code, paths in sorted(refusals.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f'  {code:<28} {len(paths):>6}')
        # Examples from different repositories first: one pack's habit says less.
        seen, examples = set(), []
        for path, message in paths:
            repo = os.path.relpath(path, packs).split(os.sep)[0]
            if repo not in seen and len(examples) < 3:
                seen.add(repo)
                examples.append((path, message))
        examples += [e for e in paths if e not in examples][:3 - len(examples)]
        for path, message in examples:
            print(f'      e.g. {os.path.relpath(path, packs)}' + (f': {message[:100]}' if message else ''))
    print('warnings by code:' + ('' if warnings else ' none reported'))
    for code, paths in sorted(warnings.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f'  {code:<28} {len(paths):>6}')
    for failure in failures:
        print(f'publish failed: {failure}')


if __name__ == '__main__':
    if len(sys.argv) == 4 and sys.argv[1] == 'manifest':
        manifest(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 4 and sys.argv[1] == 'report':
        report(sys.argv[2], sys.argv[3])
    else:
        sys.exit(f'usage: {sys.argv[0]} manifest PACKS OUT | report PACKS WORK')
