#!/usr/bin/env python3
"""End to end, interleaved: `skillctl search` against `versions NAME` for
several builds or stores in one run, every command of a round shuffled, so
that the load of a shared machine falls on all of them alike (hyperfine runs
one command's runs back to back). For the issue 15 line "end to end within
5 ms of the command's start-up", when comparing builds or stores.

    bench/search-interleaved.py [--json] [--options COLUMN] ROUNDS QUERIES COLUMN LABEL=SKILLCTL@DB...

DB may be a server's URL (http://127.0.0.1:PORT, `skillctl serve` of the
store): the commands then ask it (`--server`), as a CLI does that is set up
with $SKILLSTORE_SERVER.

QUERIES is a TSV file whose COLUMN (counted from 1) holds the query
(bench/search-queries.tsv: column 2); each is given on standard input
(`search -q -`). Prints, for each LABEL, the median over the queries of
each query's median wall time, the median of `versions NAME` (NAME the
store's first skill), their difference, and the same in CPU time
(the children's rusage). `versions NAME` runs as many times a round as
there are queries. The first round is a warm-up and not counted.
Each SKILLCTL runs from a copy made at the start, so that no build gains
from how long ago its file was written. --json prints the figures as a JSON
list, one object per LABEL (bench/search.sh reads it). --options COLUMN
adds that column's search options (`--kind claim`; `-` for none) to each
query's command; without it every query is a search by skill.
"""
import json
import os
import random
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def usage():
    sys.exit("usage: bench/search-interleaved.py [--json] [--options COLUMN] ROUNDS QUERIES COLUMN LABEL=SKILLCTL@DB...")


as_json, options_column = False, None
while len(sys.argv) > 1 and sys.argv[1].startswith("--"):
    if sys.argv[1] == "--json":
        as_json = True
        del sys.argv[1]
    elif sys.argv[1] == "--options" and len(sys.argv) > 2 and sys.argv[2].isdigit() and int(sys.argv[2]) > 0:
        options_column = int(sys.argv[2])
        del sys.argv[1:3]
    else:
        usage()
if len(sys.argv) < 5 or not sys.argv[1].isdigit() or not sys.argv[3].isdigit():
    usage()
rounds, column = int(sys.argv[1]), int(sys.argv[3])
if rounds < 1 or column < 1:
    usage()
variants = []
for argument in sys.argv[4:]:
    label, _, rest = argument.partition("=")
    skillctl, _, db = rest.partition("@")
    if not (label and skillctl and db):
        usage()
    variants.append((label, os.path.abspath(skillctl), db))
queries, query_options = [], []
for line in open(sys.argv[2], encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        fields = line.rstrip("\n").split("\t")
        queries.append(fields[column - 1])
        extra = fields[options_column - 1] if options_column and len(fields) >= options_column else "-"
        query_options.append([] if extra == "-" else shlex.split(extra))

def store(db):
    """The global option naming a store: a server's URL, else a database."""
    return ["--server", db] if db.startswith(("http://", "https://")) else ["--db", db]


listing = subprocess.run([variants[0][1]] + store(variants[0][2]) + ["ls"], capture_output=True, text=True, check=True)
name = listing.stdout.splitlines()[1].split()[0]
work = tempfile.mkdtemp()
# Each build runs from a copy made now: the same binary ran `versions NAME`
# 0.7 ms slower from a file written hours before than from a fresh copy
# (docs/benchmarks.md, twelfth pass), which would favour the newer build.
for index, (label, skillctl, db) in enumerate(variants):
    copy = os.path.join(work, "skillctl-%d" % index)
    shutil.copy(skillctl, copy)
    variants[index] = (label, copy, db)
query_files = []
for index, query in enumerate(queries):
    path = os.path.join(work, "q%d" % index)
    with open(path, "w", encoding="utf-8") as file:
        file.write(query)
    query_files.append(path)
null = os.open(os.devnull, os.O_WRONLY)


def run(argv, stdin_path):
    """Wall and CPU milliseconds of one command, its output discarded."""
    standard_input = os.open(stdin_path or os.devnull, os.O_RDONLY)
    start = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[
        (os.POSIX_SPAWN_DUP2, standard_input, 0), (os.POSIX_SPAWN_DUP2, null, 1), (os.POSIX_SPAWN_DUP2, null, 2)])
    _, _, usage_ = os.wait4(pid, 0)
    wall = (time.perf_counter() - start) * 1000
    os.close(standard_input)
    return wall, (usage_.ru_utime + usage_.ru_stime) * 1000


# Command k < len(queries) is query k's search; k == len(queries) is `versions NAME`.
startup = len(queries)
wall = {(label, k): [] for label, _, _ in variants for k in range(startup + 1)}
cpu = {(label, k): [] for label, _, _ in variants for k in range(startup + 1)}
for round_ in range(rounds + 1):
    # `versions NAME` runs as often as the searches together: measured
    # once a round, its median moved by up to 1 ms between two builds of
    # the same start-up, as much as the difference being measured.
    jobs = [(label, skillctl, db, k) for label, skillctl, db in variants for k in range(startup)]
    jobs += [(label, skillctl, db, startup) for label, skillctl, db in variants for _ in range(startup)]
    random.shuffle(jobs)
    for label, skillctl, db, k in jobs:
        if k == startup:
            measured = run([skillctl] + store(db) + ["versions", name], None)
        else:
            measured = run([skillctl] + store(db) + ["search", "-q"] + query_options[k] + ["-"], query_files[k])
        if round_ > 0:
            wall[(label, k)].append(measured[0])
            cpu[(label, k)].append(measured[1])
shutil.rmtree(work)

figures = []
for label, _, _ in variants:
    search = statistics.median(statistics.median(wall[(label, k)]) for k in range(startup))
    search_cpu = statistics.median(statistics.median(cpu[(label, k)]) for k in range(startup))
    start, start_cpu = statistics.median(wall[(label, startup)]), statistics.median(cpu[(label, startup)])
    figures.append({"label": label, "rounds": rounds, "queries": len(queries),
                    "search_ms": round(search, 3), "startup_ms": round(start, 3), "over_ms": round(search - start, 3),
                    "search_cpu_ms": round(search_cpu, 3), "startup_cpu_ms": round(start_cpu, 3),
                    "over_cpu_ms": round(search_cpu - start_cpu, 3)})
    if as_json:
        continue
    print("%-12s search %6.2f ms  start-up %5.2f  over %5.2f   cpu: search %6.2f start-up %5.2f over %5.2f"
          % (label, search, start, search - start, search_cpu, start_cpu, search_cpu - start_cpu))
if as_json:
    print(json.dumps(figures, indent=1))
