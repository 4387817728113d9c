#!/usr/bin/env python3
"""Scores `skillctl scan --json` output. With --corpus, skill paths are
DIR/<label>/<type>/<skill>; prints recall per attack type, the false-positive
rate per benign kind and overall precision. Without it, prints the share of
skills flagged and the flagged ones with their first finding at or above the
threshold (for a hand check of real packs).

    python3 bench/scan_report.py [--corpus] [--fail-on high] FILE.json...
"""
import collections
import json
import sys

ORDER = ["low", "medium", "high", "critical"]


def reports(paths):
    for path in paths:
        text = open(path).read()
        decoder = json.JSONDecoder()
        index = 0
        while index < len(text):
            while index < len(text) and text[index].isspace():
                index += 1
            if index >= len(text):
                break
            value, index = decoder.raw_decode(text, index)
            yield value


def main():
    args = sys.argv[1:]
    corpus = "--corpus" in args
    threshold = "high"
    if "--fail-on" in args:
        threshold = args[args.index("--fail-on") + 1]
    files = [a for a in args if a.endswith(".json") or a.endswith(".jsonl")]
    level = ORDER.index(threshold)
    skills = []
    for report in reports(files):
        for skill in report["skills"]:
            hits = [f for f in skill["findings"] if ORDER.index(f["severity"]) >= level]
            skills.append((skill["skill"], hits))
    if not corpus:
        flagged = [(s, h) for s, h in skills if h]
        print(f"skills {len(skills)}  flagged {len(flagged)}  share {len(flagged) / max(1, len(skills)):.4f}")
        for skill, hits in flagged:
            f = hits[0]
            print(f"{skill}/{f['file']}:{f['line']}: {f['severity']} [{f['rule']}] {f['evidence']}")
        return 0
    counts = collections.defaultdict(lambda: [0, 0])
    tp = fp = 0
    misses = []
    for skill, hits in skills:
        parts = skill.rstrip("/").split("/")
        label, kind = parts[-3], parts[-2]
        counts[(label, kind)][0] += 1
        if hits:
            counts[(label, kind)][1] += 1
            if label == "malicious":
                tp += 1
            else:
                fp += 1
                misses.append(("false positive", skill, hits[0]))
        elif label == "malicious":
            misses.append(("missed", skill, None))
    ok = True
    print("label      type                      skills  flagged  rate")
    for (label, kind), (total, flagged) in sorted(counts.items()):
        rate = flagged / total
        print(f"{label:10} {kind:25} {total:6} {flagged:8}  {rate:.3f}")
        if label == "malicious" and rate < 0.97:
            ok = False
    precision = tp / max(1, tp + fp)
    malicious = sum(t for (l, _), (t, _) in counts.items() if l == "malicious")
    print(f"precision {precision:.4f}  recall {tp / max(1, malicious):.4f}")
    for what, skill, hit in misses:
        print(what, skill, (hit or {}).get("rule", ""), (hit or {}).get("evidence", ""))
    return 0 if ok and precision >= 0.99 else 1


if __name__ == "__main__":
    sys.exit(main())
