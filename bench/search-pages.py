#!/usr/bin/env python3
"""Pages of the store a `skillctl search` process reads, and which code
reads them: for the issue 15 line "end to end within 5 ms of the command's
start-up", where a new process pays about 10 us for each page it reads.

    bench/search-pages.py SKILLCTL DB QUERIES COLUMN [--tables]

Runs `SKILLCTL --db DB search -q -` for each query of the TSV file QUERIES
(its COLUMN, counted from 1) under `strace -k -e pread64`, and counts each
page read (a pread of the store's page size) against the innermost Swift
function of SkillStore or skillctl on its stack that is not the SQLite
wrapper (Database, Statement, Row). Prints the mean pages a query per
function, and the mean of all; with --tables also per table or index
(SQLite's `dbstat`, which reads the whole store first: minutes for a large
one). Needs strace built with stack tracing (Debian's is) and a SKILLCTL
with its symbols (not stripped of them).
"""
import collections
import re
import subprocess
import sys


def usage():
    sys.exit("usage: bench/search-pages.py SKILLCTL DB QUERIES COLUMN [--tables]")


args = [a for a in sys.argv[1:] if a != "--tables"]
if len(args) != 4 or not args[3].isdigit():
    usage()
skillctl, db, queries_path, column = args[0], args[1], args[2], int(args[3])
page_size = int(subprocess.run(["sqlite3", db, "PRAGMA page_size"], capture_output=True, text=True, check=True).stdout)
tables = {}
if "--tables" in sys.argv:
    listing = subprocess.run(["sqlite3", db, "SELECT pageno, name FROM dbstat"], capture_output=True, text=True, check=True)
    for line in listing.stdout.splitlines():
        number, name = line.split("|", 1)
        tables[int(number)] = name

queries = []
with open(queries_path, encoding="utf-8") as handle:
    for line in handle:
        fields = line.rstrip("\n").split("\t")
        if len(fields) >= column and fields[column - 1] and not fields[0].startswith("#"):
            queries.append(fields[column - 1])
if subprocess.run(["strace", "-k", "-e", "trace=none", "true"], capture_output=True).returncode != 0:
    sys.exit("search-pages: needs strace with stack tracing (strace -k)")
if not queries:
    sys.exit(f"search-pages: no queries in column {column} of {queries_path}")

read = re.compile(r"pread64\(\d+, .*, %d, (\d+)\) = %d" % (page_size, page_size))
frame = re.compile(r"\((\$s[^+)]*)\+")
plumbing = re.compile(r"Database|Statement|Row|6SQLite")
by_function = collections.Counter()
by_table = collections.Counter()
for query in queries:
    run = subprocess.run(["strace", "-k", "-e", "trace=pread64", skillctl, "--db", db, "search", "-q", "-"],
                         input=query, capture_output=True, text=True)
    lines = run.stderr.splitlines()
    index = 0
    while index < len(lines):
        found = read.search(lines[index])
        index += 1
        if not found:
            continue
        who = "?"
        while index < len(lines) and lines[index].startswith(" >"):
            symbol = frame.search(lines[index])
            if who == "?" and symbol and ("SkillStore" in symbol.group(1) or "skillctl" in symbol.group(1)) \
                    and not plumbing.search(symbol.group(1)):
                who = symbol.group(1)
            index += 1
        by_function[who] += 1
        if tables:
            by_table[tables.get(int(found.group(1)) // page_size + 1, "?")] += 1

names = sorted(by_function)
try:
    demangled = subprocess.run(["swift-demangle", "--simplified", "--compact"], input="\n".join(names),
                               capture_output=True, text=True).stdout.splitlines()
except FileNotFoundError:  # not on PATH: the mangled names
    demangled = []
readable = dict(zip(names, demangled)) if len(demangled) == len(names) else {}
print(f"{len(queries)} queries, {sum(by_function.values()) / len(queries):.1f} pages a query "
      f"({page_size}-byte pages of {db})")
for name, count in by_function.most_common():
    print(f"{count / len(queries):8.1f}  {readable.get(name, name)[:120]}")
if tables:
    print("by table or index:")
    for name, count in by_table.most_common():
        print(f"{count / len(queries):8.1f}  {name}")
