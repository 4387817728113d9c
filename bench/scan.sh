#!/usr/bin/env bash
# Scores the safety scanner on the labelled corpus of bench/scan_corpus.py:
# recall per attack type and the rate per benign kind at the default
# threshold (high), and overall precision. With --packs DIR (filled by
# bench/real-packs.sh), also prints the share of real public skills flagged
# and each flagged skill with its first finding, for a hand check.
#
#   bench/scan.sh [--bin PATH] [--packs DIR] [--fail-on SEVERITY]
#
# Each corpus skill folder is scanned on its own (`skillctl scan DIR`), as a
# held-out corpus would be. Exit 1 when a target is missed (precision >=
# 0.99, recall >= 0.97 per attack type).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.build/release/skillctl
PACKS=
FAIL_ON=high
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) BIN=$2; shift 2 ;;
        --packs) PACKS=$2; shift 2 ;;
        --fail-on) FAIL_ON=$2; shift 2 ;;
        *) echo "usage: bench/scan.sh [--bin PATH] [--packs DIR] [--fail-on SEVERITY]" >&2; exit 2 ;;
    esac
done
if [ ! -x "$BIN" ]; then
    swift build -c release --product skillctl >&2
fi
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
python3 bench/scan_corpus.py "$WORK/corpus"
for skill in "$WORK"/corpus/*/*/*/; do
    "$BIN" scan --json --fail-on "$FAIL_ON" "$skill" 2>/dev/null || true
done > "$WORK/corpus.json"
status=0
python3 bench/scan_report.py --corpus --fail-on "$FAIL_ON" "$WORK/corpus.json" || status=1
if [ -n "$PACKS" ]; then
    for pack in "$PACKS"/*/; do
        "$BIN" scan --json --fail-on "$FAIL_ON" "$pack" 2>/dev/null || true
    done > "$WORK/packs.json"
    python3 bench/scan_report.py --fail-on "$FAIL_ON" "$WORK/packs.json"
fi
exit $status
