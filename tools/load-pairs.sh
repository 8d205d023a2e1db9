#!/bin/sh
# load-pairs.sh: two builds of `halma serve` under the online load client,
# alternating, the order swapped each pair, so that a shared machine's load
# falls on both alike (docs/MEASUREMENTS.md, "Online play").
#
#   tools/load-pairs.sh OLD_HALMA NEW_HALMA [PAIRS (4)] [BUSY (0)]
#
# BUSY: that many busy loops (nice 0) run beside the pairs, stopped after.
# LOAD_ARGS: the client's options (default --games 1000 --rate 500 --seconds 20).
# A line a run: the move's event on the opponent's stream (p50, p99 ms),
# moves/s once every game has moved, the server's CPU and the others' (not
# server, not client: what the machine's other work took); then the medians.
set -eu
old=$1 new=$2 pairs=${3:-4} busy=${4:-0}
args=${LOAD_ARGS:---games 1000 --rate 500 --seconds 20}
here=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d /tmp/load-pairs.XXXXXX)
loops=""
stop_loops() { for p in $loops; do kill "$p" 2>/dev/null || true; done; }
trap stop_loops EXIT
i=0
while [ "$i" -lt "$busy" ]; do
    nice -n 0 sh -c 'while :; do :; done' &
    loops="$loops $!"
    i=$((i + 1))
done

run() { # build-name halma pair
    mkdir -p "$out/state-$1-$3"
    # shellcheck disable=SC2086 # args is a list of options
    XDG_STATE_HOME="$out/state-$1-$3" HALMA=$2 node "$here/tests/online/load.mjs" $args >"$out/$1-$3.txt" 2>&1
    sed -n -e 's/.*opponent.s stream: p50 \([0-9.]*\) ms, p99 \([0-9.]*\) ms.*/\1 \2/p' \
        -e 's/.* \([0-9]*\) moves\/s once.*/\1/p' -e 's/^server CPU during the moves: \([0-9]*\)%.*/\1/p' \
        -e 's/.*others (not server, not client) \([0-9]*\)%.*/\1/p' "$out/$1-$3.txt" |
        paste -sd ' ' - | { read -r moves p50 p99 cpu others; echo "$3 $1 $p50 $p99 $moves $cpu $others"; } |
        tee -a "$out/runs"
}

echo "pair build p50_ms p99_ms moves/s server% others%   ($out)"
p=1
while [ "$p" -le "$pairs" ]; do
    if [ $((p % 2)) = 1 ]; then run old "$old" $p; run new "$new" $p; else run new "$new" $p; run old "$old" $p; fi
    p=$((p + 1))
done
# shellcheck disable=SC2016 # the script is JavaScript, for node
node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map((l) => l.split(" "));
const median = (xs) => { const s = xs.map(Number).sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const of = (b, k) => rows.filter((r) => r[1] === b).map((r) => r[k]);
for (const b of ["old", "new"]) console.log(`${b}: median p50 ${median(of(b, 2))} ms, p99 ${median(of(b, 3))} ms, ${median(of(b, 4))} moves/s`);
console.log(`new/old, ratio of medians: p50 ${(median(of("new", 2)) / median(of("old", 2))).toFixed(2)}, p99 ${(median(of("new", 3)) / median(of("old", 3))).toFixed(2)}`);
' "$out/runs"
