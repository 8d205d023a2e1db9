#!/usr/bin/env bash
# flake-hunt.sh [--runs N] [--load] TARGET...: runs the chosen tests N times
# (default 5), with --load beside busy loops on every core, and prints each
# test that failed with how often.  A target is a suite (unit, online, web,
# e2e, serve) or a test file under tests/ (a .mjs file for node's runner;
# HUNT_PATTERN=REGEX keeps only its tests whose names match).  Build first
# (make all build/unit-tests node-deps).  docs/TESTING.md.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=5 load=0 targets=()
while [ $# -gt 0 ]; do
    case "$1" in
    --runs) runs=$2; shift 2 ;;
    --load) load=1; shift ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
    esac
done
[ ${#targets[@]} -gt 0 ] || { echo "usage: tools/flake-hunt.sh [--runs N] [--load] TARGET..." >&2; exit 2; }

export HALMA=build/halma XDG_STATE_HOME=$PWD/build/test-state
node_tests() { node --test --test-reporter=tap --test-timeout=300000 "$@"; }

# The command that runs one target once, its output in TAP or Criterion's form.
run_target() {
    case "$1" in
    unit) tools/pg-temp.sh run -- build/unit-tests --jobs 2 ;;
    online) HALMA_ONLINE_STORE=sqlite node_tests --test-concurrency=2 $(ls tests/online/*.test.mjs | grep -v '/shared\.test\.mjs$') ;;
    web) node_tests tests/web/ ;;
    e2e) node_tests --test-concurrency=2 tests/e2e/ ;;
    serve) node_tests tests/serve/server.test.mjs ;;
    *.mjs) node_tests --test-concurrency=1 ${HUNT_PATTERN:+--test-name-pattern="$HUNT_PATTERN"} "$1" ;;
    *) echo "flake-hunt: unknown target $1" >&2; return 2 ;;
    esac
}

# One failed test a line: TAP's "not ok N - name" (the innermost, so a
# file's own line is not counted beside its test), Criterion's "[FAIL] s::t".
failures() {
    sed -n -e 's/^ *not ok [0-9]* - \(.*\)$/\1/p' -e 's/^.*\[FAIL\] \(.*\)$/\1/p' "$1" |
        grep -v '^tests/' | sed 's/ # .*//' | sort -u
}

busy=()
stop_load() { [ ${#busy[@]} -gt 0 ] && kill "${busy[@]}" 2>/dev/null; }
trap stop_load EXIT
if [ $load = 1 ]; then
    for _ in $(seq "$(nproc)"); do (while :; do :; done) & busy+=($!); done
fi

logs=$(mktemp -d)
failed_runs=0
for i in $(seq "$runs"); do
    for target in "${targets[@]}"; do
        log="$logs/$(echo "$target" | tr '/' '_').$i.log"
        start=$(date +%s)
        run_target "$target" >"$log" 2>&1
        status=$?
        echo "run $i, $target: exit $status in $(( $(date +%s) - start )) s"
        [ $status = 0 ] || failed_runs=$((failed_runs + 1))
        failures "$log" >>"$logs/failed"
    done
done

echo "== $runs runs of ${targets[*]}$([ $load = 1 ] && echo ", under load on $(nproc) cores"): $failed_runs failed"
if [ -s "$logs/failed" ]; then
    sort "$logs/failed" | uniq -c | sort -rn | sed 's/^ *\([0-9]*\) /failed \1 times: /'
    echo "(logs in $logs)"
    exit 1
fi
rm -rf "$logs"
