#!/bin/sh
# load.sh HALMA SECONDS [VALGRIND_HALMA]: `halma serve` under load and abuse,
# from a second process on loopback.
#   1. wrk on a 10 KiB index.html and a 256 KiB .wasm (the real ones: 10 and
#      42 KiB), with the response cache and without (--no-cache), SECONDS each:
#      requests per second and latency; any socket error or non-2xx fails;
#   2. memory under abuse: the server's RSS after a warm-up, then after
#      2 x ABUSE abusive requests (tests/serve/abuse.mjs); growth over
#      RSS_SLACK_KB fails;
#   3. with VALGRIND_HALMA (a build without -march=native): the same load, a
#      shorter one, and abuse under Valgrind memcheck, with and without the
#      cache; any error or definite leak fails.
# CI runs it with SECONDS=2 (`make serve-load-check`); `make serve-load` with
# 10 gives docs/MEASUREMENTS.md's figures.
set -eu
halma=$1 seconds=$2 valgrind_halma=${3:-}
ABUSE=${ABUSE:-3000}
RSS_SLACK_KB=${RSS_SLACK_KB:-1024}
CONNECTIONS=32 # under the server's 64 connections per client address

work=$(mktemp -d)
pid=""
cleanup() {
    [ -n "$pid" ] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT INT TERM

root="$work/root"
mkdir "$root"
cp -R tests/serve/fixtures/. "$root/"
# The sizes of the real page's files, with room to grow: index.html is about
# 10 KiB, halma.wasm 42 KiB today.
{
    cat tests/serve/fixtures/index.html
    printf '<!-- %s -->\n' "$(head -c 10240 /dev/zero | tr '\0' x)"
} >"$root/index.html"
head -c 262144 /dev/urandom >"$root/halma.wasm"

fail() {
    echo "load.sh: FAILED: $*" >&2
    exit 1
}

# start_server COMMAND...: starts `COMMAND --port 0 --root ROOT` in the
# background; sets pid and port.
start_server() {
    : >"$work/out" # emptied here, not by the child: never read the last server's port
    "$@" --port 0 --root "$root" >"$work/out" 2>"$work/err" &
    pid=$!
    tries=0
    until port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$work/out") && [ -n "$port" ]; do
        tries=$((tries + 1))
        [ $tries -gt 300 ] && fail "the server did not start: $(cat "$work/err")"
        kill -0 "$pid" 2>/dev/null || fail "the server exited: $(cat "$work/err")"
        sleep 0.1
    done
}

# stop_server: SIGTERM, and its exit status in stopped_status.
stop_server() {
    kill -TERM "$pid"
    stopped_status=0
    wait "$pid" || stopped_status=$?
    pid=""
}

rss_kb() { sed -n 's/^VmRSS:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$pid/status"; }

# bench LABEL PATH THREADS CONNECTIONS SECONDS: one wrk run, one summary line.
bench() {
    wrk -t"$3" -c"$4" -d"$5"s --latency "http://127.0.0.1:$port/$2" >"$work/wrk" 2>&1 || fail "wrk: $(cat "$work/wrk")"
    if grep -qE "Socket errors|Non-2xx" "$work/wrk"; then
        cat "$work/wrk" >&2
        fail "$1 /$2: errors under load"
    fi
    awk -v label="$1" -v path="/$2" '
        /^    Latency/ { avg = $2 }
        / 99%/ { p99 = $2 }
        /^Requests\/sec/ { rps = $2 }
        /^Transfer\/sec/ { rate = $2 }
        END { printf "  %-9s %-12s %10.0f req/s  %9s avg  %9s p99  %10s/s  0 errors\n", label, path, rps, avg, p99, rate }
    ' "$work/wrk"
}

echo "== throughput: wrk -t2 -c$CONNECTIONS, ${seconds}s each, server and wrk sharing $(nproc) cores"
for mode in cache no-cache; do
    if [ $mode = cache ]; then start_server "$halma" serve; else start_server "$halma" serve --no-cache; fi
    bench $mode index.html 2 $CONNECTIONS "$seconds"
    bench $mode halma.wasm 2 $CONNECTIONS "$seconds"
    stop_server
    [ "$stopped_status" = 0 ] || fail "exit status $stopped_status after SIGTERM"
done

echo "== memory under abuse: $ABUSE abusive requests per round"
start_server "$halma" serve
wrk -t1 -c8 -d1s "http://127.0.0.1:$port/index.html" >/dev/null
node tests/serve/abuse.mjs "$port" "$ABUSE" >/dev/null || fail "not serving after the warm-up abuse"
rss0=$(rss_kb)
node tests/serve/abuse.mjs "$port" "$ABUSE" || fail "not serving after abuse"
rss1=$(rss_kb)
node tests/serve/abuse.mjs "$port" "$ABUSE" || fail "not serving after abuse"
rss2=$(rss_kb)
stop_server
echo "  RSS after warm-up ${rss0} kB, after ${ABUSE} more ${rss1} kB, after ${ABUSE} more ${rss2} kB"
[ $((rss2 - rss0)) -le "$RSS_SLACK_KB" ] || fail "RSS grew by $((rss2 - rss0)) kB under abuse"

[ -n "$valgrind_halma" ] || exit 0
vg_seconds=$(((seconds + 1) / 2))
echo "== valgrind memcheck: wrk ${vg_seconds}s on each file and $((ABUSE / 10)) abusive requests"
for mode in cache no-cache; do
    flags=""
    [ $mode = no-cache ] && flags=--no-cache
    # shellcheck disable=SC2086
    start_server valgrind -q --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \
        --error-exitcode=99 --log-file="$work/valgrind" "$valgrind_halma" serve $flags
    bench "vg-$mode" index.html 1 4 "$vg_seconds"
    bench "vg-$mode" halma.wasm 1 4 "$vg_seconds"
    node tests/serve/abuse.mjs "$port" $((ABUSE / 10)) 4 >/dev/null || fail "not serving after abuse under valgrind"
    stop_server
    if [ "$stopped_status" != 0 ] || [ -s "$work/valgrind" ]; then
        cat "$work/valgrind" >&2
        fail "valgrind ($mode): exit status $stopped_status"
    fi
    echo "  $mode: 0 errors, no definite leaks, exit status 0"
done
