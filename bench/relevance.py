#!/usr/bin/env python3
"""Helper of bench/relevance.sh: scores SkillStore's search and a plain
SQLite FTS5 baseline on the same task phrasings.

  relevance.py run SKILLCTL DB PUBLISHED QUERIES [--json]

PUBLISHED is a folder holding the JSON each `skillctl publish --json` of
the corpus printed (one file per repository); paths in it are taken
relative to the current folder, where relevance.sh ran the publishes. The
baseline indexes exactly the skills those publishes accepted.

QUERIES is a TSV: the task phrasing, then a comma-separated list of the
skills that answer it, each `name` (any namespace) or `namespace/name`.
Blank lines and lines starting with '#' are skipped.

For each query, SkillStore is asked `SKILLCTL --db DB search --json
--limit 10 -- QUERY`; its answer is reduced to distinct skills in order,
whatever its shape (a list of hits, a list of skills with their passages,
or an object wrapping such a list), by each result's `namespace` and
`skill` fields. A query's rank is the position of the first acceptable
skill among the first ten distinct skills (none: missed). Reported: top-1,
top-5 and mean reciprocal rank (a miss counts 0) for both systems, and
every query either system did not answer first.
"""
import json
import os
import re
import sqlite3
import subprocess
import sys
import time

LIMIT = 10

# Words that say nothing about the task; the baseline drops them so that a
# question ("how do I ...?") is not scored on its grammar.
STOP_WORDS = set("""
a about above after again against all am an and any are as at be because been
before being below between both but by can could did do does doing down during
each few for from further had has have having he her here hers herself him
himself his how i if in into is it its itself just let lets me more most my
myself need needs no nor not now of off on once only or other our ours
ourselves out over own please same she should so some such than that the their
theirs them themselves then there these they this those through to too under
until up us very want was we were what when where which while who whom why
will with would you your yours yourself yourselves get got make use using
something thing things way help
""".split())


# --- the corpus -------------------------------------------------------------

def published_skills(folder):
    """(namespace, name, SKILL.md path) of every skill the publishes accepted."""
    skills = []
    for entry in sorted(os.listdir(folder)):
        if not entry.endswith('.json'):
            continue
        with open(os.path.join(folder, entry), encoding='utf-8') as f:
            try:
                answer = json.load(f)
            except ValueError:
                continue
        for skill in answer.get('published', []):
            skills.append((skill['namespace'], skill['name'], os.path.join(skill['path'], 'SKILL.md')))
    return skills


def front_matter(text):
    """Splits a SKILL.md into (fields, body): the top-level scalar keys of
    its YAML front-matter (plain, quoted, folded or literal, continued on
    indented lines) and the Markdown after it."""
    text = text.lstrip('\ufeff')
    match = re.match(r'---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|$)', text, re.S)
    if not match:
        return {}, text
    fields, key, lines = {}, None, []

    def close():
        if key is not None:
            value = ' '.join(l.strip() for l in lines if l.strip())
            if len(value) >= 2 and value[0] == value[-1] and value[0] in '"\'':
                value = value[1:-1]
            fields[key] = value

    for line in match.group(1).splitlines():
        top = re.match(r'([A-Za-z_][\w-]*)\s*:(.*)$', line)
        if top and not line[:1].isspace():
            close()
            key, first = top.group(1), top.group(2).strip()
            lines = [] if first in ('|', '>', '|-', '>-', '|+', '>+') else [first]
        elif key is not None:
            lines.append(line)
    close()
    return fields, text[match.end():]


# --- the baseline: plain FTS5 ----------------------------------------------

def baseline_index(skills):
    db = sqlite3.connect(':memory:')
    db.execute("CREATE VIRTUAL TABLE doc USING fts5(namespace UNINDEXED, skill UNINDEXED, "
               "name, description, body, tokenize='porter unicode61')")
    rows = []
    for namespace, name, path in skills:
        try:
            with open(path, encoding='utf-8', errors='replace') as f:
                fields, body = front_matter(f.read())
        except OSError:
            continue
        rows.append((namespace, name, name, fields.get('description', ''), body))
    db.executemany('INSERT INTO doc VALUES (?, ?, ?, ?, ?)', rows)
    db.commit()
    return db, len(rows)


def baseline_search(db, query):
    words = [w for w in re.findall(r'\w+', query.lower())]
    kept = [w for w in words if w not in STOP_WORDS] or words
    if not kept:
        return []
    match = ' OR '.join('"%s"' % w for w in dict.fromkeys(kept))
    rows = db.execute('SELECT namespace, skill FROM doc WHERE doc MATCH ? '
                      'ORDER BY bm25(doc, 10.0, 5.0, 1.0) LIMIT ?', (match, LIMIT * 3)).fetchall()
    return distinct(rows)[:LIMIT]


# --- SkillStore --------------------------------------------------------------

LIST_KEYS = ('results', 'skills', 'hits', 'items', 'groups', 'matches')
ELSEWHERE_HINTS = ('also', 'elsewhere', 'duplicate', 'namespaces', 'other')


def result_list(answer):
    """The list of results, bare or wrapped in an object."""
    if isinstance(answer, list):
        return answer
    if isinstance(answer, dict):
        for key in LIST_KEYS:
            if isinstance(answer.get(key), list):
                return answer[key]
        for value in answer.values():
            if isinstance(value, list) and all(isinstance(v, dict) for v in value):
                return value
    return []


def addresses(result):
    """Every (namespace, skill) one result stands for: its own, then the
    namespaces it says the same skill also lives in, if it says so."""
    if not isinstance(result, dict):
        return []
    namespace, skill = result.get('namespace'), result.get('skill')
    if isinstance(skill, dict):
        namespace = skill.get('namespace', namespace)
        skill = skill.get('name') or skill.get('skill')
    if skill is None:
        skill = result.get('name')
    if (skill is None or namespace is None) and isinstance(result.get('address'), str):
        head, _, tail = result['address'].rpartition('/')
        skill = skill if skill is not None else tail
        namespace = namespace if namespace is not None else head
    if not isinstance(skill, str):
        return []
    found = [(namespace or '', skill)]
    for key, value in result.items():
        if not isinstance(value, list) or not any(h in key.lower() for h in ELSEWHERE_HINTS):
            continue
        for other in value:
            if isinstance(other, str):
                head, _, tail = other.rpartition('/')
                found.append((head, tail or skill) if '/' in other else (other, skill))
            elif isinstance(other, dict) and isinstance(other.get('namespace'), str):
                found.append((other['namespace'], other.get('skill') or other.get('name') or skill))
    return found


def distinct(pairs_or_groups):
    """Keeps the first occurrence of each skill, order kept. Entries are a
    (namespace, skill) pair or a list of pairs (one result's addresses)."""
    seen, out = set(), []
    for entry in pairs_or_groups:
        group = entry if isinstance(entry, list) else [tuple(entry)]
        if not group or tuple(group[0]) in seen:
            continue
        seen.update(tuple(p) for p in group)
        out.append([tuple(p) for p in group])
    return out


def skillstore_search(skillctl, db, query):
    done = subprocess.run([skillctl, '--db', db, 'search', '--json', '--limit', str(LIMIT), '--', query],
                          capture_output=True, text=True)
    if done.returncode != 0:
        return [], 'exit %d: %s' % (done.returncode, done.stderr.strip()[:200])
    try:
        answer = json.loads(done.stdout or '[]')
    except ValueError as error:
        return [], 'not JSON: %s' % error
    return distinct([addresses(r) for r in result_list(answer) if addresses(r)])[:LIMIT], None


# --- scoring -----------------------------------------------------------------

def read_queries(path):
    queries = []
    with open(path, encoding='utf-8') as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip('\n')
            if not line.strip() or line.lstrip().startswith('#'):
                continue
            parts = line.split('\t')
            if len(parts) < 2 or not parts[1].strip():
                sys.exit('%s:%d: expected QUERY<tab>SKILLS' % (path, number))
            expected = [e.strip() for e in parts[1].split(',') if e.strip()]
            queries.append((parts[0], expected))
    return queries


def acceptable(group, expected):
    for namespace, skill in group:
        for answer in expected:
            if '/' in answer:
                if answer == '%s/%s' % (namespace, skill):
                    return True
            elif answer == skill:
                return True
    return False


def rank_of(results, expected):
    for position, group in enumerate(results, 1):
        if acceptable(group, expected):
            return position
    return None


def label(group):
    if not group:
        return '(nothing)'
    namespace, skill = group[0]
    return '%s/%s' % (namespace, skill) if namespace else skill


def metrics(ranks):
    n = len(ranks) or 1
    return {
        'top1': sum(1 for r in ranks if r == 1) / n,
        'top5': sum(1 for r in ranks if r is not None and r <= 5) / n,
        'mrr': sum(1.0 / r for r in ranks if r is not None) / n,
        'found_in_10': sum(1 for r in ranks if r is not None) / n,
    }


def run(skillctl, db, published, queries_path, as_json):
    skills = published_skills(published)
    queries = read_queries(queries_path)
    known = {name for _, name, _ in skills} | {'%s/%s' % (ns, name) for ns, name, _ in skills}
    unknown = sorted({e for _, expected in queries for e in expected if e not in known})

    started = time.monotonic()
    index, indexed = baseline_index(skills)
    index_secs = time.monotonic() - started

    systems = {'skillstore': [], 'fts5': []}
    details, errors = [], []
    timings = {'skillstore': 0.0, 'fts5': 0.0}
    for query, expected in queries:
        t0 = time.monotonic()
        ours, error = skillstore_search(skillctl, db, query)
        t1 = time.monotonic()
        theirs = baseline_search(index, query)
        t2 = time.monotonic()
        timings['skillstore'] += t1 - t0
        timings['fts5'] += t2 - t1
        if error:
            errors.append({'query': query, 'error': error})
        row = {'query': query, 'expected': expected}
        for system, results in (('skillstore', ours), ('fts5', theirs)):
            rank = rank_of(results, expected)
            systems[system].append(rank)
            row[system] = {'rank': rank, 'first': label(results[0] if results else None),
                           'results': [label(g) for g in results]}
        details.append(row)

    summary = {
        'queries': len(queries),
        'skills': len(skills),
        'baseline_indexed': indexed,
        'skillstore': dict(metrics(systems['skillstore']), seconds=round(timings['skillstore'], 3)),
        'fts5': dict(metrics(systems['fts5']), seconds=round(timings['fts5'], 3),
                     index_seconds=round(index_secs, 3)),
        'errors': errors,
        'unknown_expected': unknown,
        'details': details,
    }
    if as_json:
        json.dump(summary, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return
    print('queries: %d; skills published: %d (baseline indexed %d)' % (len(queries), len(skills), indexed))
    if unknown:
        print('warning: expected skills not published: %s' % ', '.join(unknown))
    print('%-22s %12s %12s' % ('', 'SkillStore', 'FTS5 bm25'))
    for key, title in (('top1', 'top-1'), ('top5', 'top-5'), ('found_in_10', 'in first 10')):
        print('%-22s %11.1f%% %11.1f%%' % (title, 100 * summary['skillstore'][key], 100 * summary['fts5'][key]))
    print('%-22s %12.3f %12.3f' % ('mean reciprocal rank', summary['skillstore']['mrr'], summary['fts5']['mrr']))
    print('%-22s %11.2fs %11.2fs' % ('query time (total)', timings['skillstore'], timings['fts5']))
    if errors:
        print('\nSkillStore errors (%d):' % len(errors))
        for e in errors:
            print('  %s: %s' % (e['query'], e['error']))
    for system, title in (('skillstore', 'SkillStore'), ('fts5', 'FTS5 baseline')):
        misses = [d for d in details if d[system]['rank'] != 1]
        print('\n%s: not first (%d)' % (title, len(misses)))
        for d in misses:
            rank = d[system]['rank']
            print('  [%s] %s\n      expected %s; first: %s' % (
                rank if rank else '-', d['query'], ','.join(d['expected']), d[system]['first']))


def main(argv):
    args = [a for a in argv if a != '--json']
    if len(args) != 5 or args[0] != 'run':
        sys.exit(__doc__)
    run(args[1], args[2], args[3], args[4], '--json' in argv)


if __name__ == '__main__':
    main(sys.argv[1:])
