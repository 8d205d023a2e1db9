#!/bin/sh
# run.sh FUZZ_DIR SECONDS NAME...: runs each libFuzzer harness for SECONDS,
# starting from the seed corpus in tests/fuzz/corpus/NAME (never written to)
# and the inputs it found before (FUZZ_DIR/work/NAME).  Crashes are saved in
# FUZZ_DIR/artifacts/ and fail the run: add them to the corpus as
# regressions once fixed.
set -eu
dir=$1 seconds=$2
shift 2
status=0
for name in "$@"; do
    mkdir -p "$dir/work/$name" "$dir/artifacts"
    log="$dir/$name.log"
    if "$dir/fuzz_$name" -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=20 -print_final_stats=1 \
        -artifact_prefix="$dir/artifacts/$name-" "$dir/work/$name" "tests/fuzz/corpus/$name" >"$log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
        echo "fuzz $name: $runs runs in ${seconds}s, no crash"
    else
        echo "fuzz $name: FAILED (see $log)"
        grep -E "ERROR|SUMMARY|Test unit written" "$log" | head -5
        status=1
    fi
done
exit $status
