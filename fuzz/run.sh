#!/bin/sh
# Runs every fuzzing target in turn for SECONDS each (600 unless given),
# from the repository's root: `fuzz/run.sh 30`. Stops at the first target
# that finds a crash, a hang (an input that takes over 10 s; 1 s for the
# scanner) or memory over 2 GB, and names the folder holding the input that did it. Targets
# run one after another: they share the machine with other builds.
#
# Each target grows its corpus in fuzz/corpus/TARGET (not committed),
# starting from fuzz/Seeds/ and, for the SKILL.md readers, the
# repository's own skills (content/ and the test fixtures), read in place.
set -u
seconds=${1:-600}
LSAN_OPTIONS=suppressions=fuzz/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}
export LSAN_OPTIONS
binaries=fuzz/.build/release
skills="content Tests/Fixtures/search-pack/skills"

# target  seed folders
targets="
FuzzSkillDocument fuzz/Seeds/skill-document $skills
FuzzSkillGraph    fuzz/Seeds/skill-document $skills
FuzzTarArchive    fuzz/Seeds/tar-archive
FuzzIdentity      fuzz/Seeds/identity
FuzzSearchQuery   fuzz/Seeds/search-query
FuzzHTTPRouter    fuzz/Seeds/http-router
FuzzLockFile      fuzz/Seeds/lock-file
FuzzSkillScanner  fuzz/Seeds/skill-scanner $skills
"

echo "$targets" | while read -r target seeds; do
    [ -n "$target" ] || continue
    [ -z "${FUZZ_TARGET:-}" ] || [ "$FUZZ_TARGET" = "$target" ] || continue
    corpus=fuzz/corpus/$target
    crashes=fuzz/crashes/$target
    mkdir -p "$corpus" "$crashes"
    log=fuzz/corpus/$target.log
    echo "== $target for $seconds s (log: $log)"
    # The scanner promises bounded work per file: one second on one input
    # is a finding there, and inputs grow to 64 KiB to reach long lines.
    limits="-timeout=10"
    [ "$target" != FuzzSkillScanner ] || limits="-timeout=1 -max_len=65536"
    # shellcheck disable=SC2086 # $seeds is a list of folders, $limits of options
    "$binaries/$target" "$corpus" $seeds -max_total_time="$seconds" $limits -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1
    status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    peak=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -n 1)
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    echo "   ${runs:-?} executions, ${coverage:-cov: ?} edges, peak ${peak:-?} MB, $(ls "$corpus" | wc -l) inputs in its corpus"
    if [ "$status" -ne 0 ]; then
        echo "$target stopped (exit $status): the input that did it is in $crashes/; the end of $log:" >&2
        tail -n 30 "$log" >&2
        exit 1
    fi
done
