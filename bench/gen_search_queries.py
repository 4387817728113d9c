#!/usr/bin/env python3
"""Write the fixed query set of the search benchmark, from a generated corpus.

    python3 bench/gen_search_queries.py CORPUS_DIR > bench/search-queries.tsv

Fifty queries, each line `CLASS<TAB>QUERY<TAB>OPTIONS` (OPTIONS is `-` or
skillctl search flags). The classes are the shapes of queries people type:
words that occur together in one sentence of some skill (two or three),
a quoted pair of adjacent words, a prefix, a skill's exact name, a word
picked from a random sentence, claims filtered by label, and three of the
corpus's most common words (which match a fifth of all sections and are the
worst case). Same corpus, same seed => the same file. Standard library only.
"""
import os
import random
import re
import sys

STOP = set("""the and each every one no with from that this when while unless because
into onto over under above below near past toward between behind around along across
beside inside means said says about their there which would could should""".split())


def sentences(path):
    """Prose lines of a SKILL.md body: no front-matter, headings, tables, code or lists of links."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    body = text.split("\n---\n", 1)[1] if text.startswith("---\n") else text
    out, in_code = [], False
    for line in body.splitlines():
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code or not line.strip() or line[0] in "#|`" or line.startswith("Load other"):
            continue
        line = re.sub(r"\]\([^)]*\)", "]", line)  # drop link targets
        for sentence in re.split(r"(?<=[.!?])\s+", line):
            words = [w.lower() for w in re.findall(r"[A-Za-z]+", sentence)]
            words = [w for w in words if len(w) >= 4 and w not in STOP and w not in
                     ("measured", "derived", "judgement", "unverified", "talk", "references")]
            if len(words) >= 3:
                out.append(words)
    return out


def main():
    corpus = sys.argv[1]
    rng = random.Random("search-queries-1")
    skills = []
    with open(os.path.join(corpus, "manifest.txt")) as f:
        skills = [line.strip() for line in f if line.strip().endswith("/SKILL.md")]
    skills.sort()

    def random_sentence():
        while True:
            found = sentences(os.path.join(corpus, rng.choice(skills)))
            if found:
                return rng.choice(found)

    rows = []
    for _ in range(15):
        rows.append(("two-words", " ".join(rng.sample(random_sentence(), 2)), "-"))
    for _ in range(10):
        rows.append(("three-words", " ".join(rng.sample(random_sentence(), 3)), "-"))
    for _ in range(5):
        words = random_sentence()
        start = rng.randrange(len(words) - 1)
        rows.append(("phrase", '"%s %s"' % (words[start], words[start + 1]), "-"))
    for _ in range(5):
        word = max(random_sentence(), key=len)
        rows.append(("prefix", word[:5] + "*", "-"))
    for _ in range(5):
        rows.append(("skill-name", rng.choice(skills).split("/")[1], "-"))
    for _ in range(5):
        rows.append(("one-word", rng.choice(random_sentence()), "-"))
    for _ in range(2):
        rows.append(("claim-label", " ".join(rng.sample(random_sentence(), 2)), "--kind claim --label measured"))
    for word in ("button", "fold", "toolbar"):
        rows.append(("common-word", word, "-"))
    assert len(rows) == 50
    for row in rows:
        print("\t".join(row))


if __name__ == "__main__":
    main()
