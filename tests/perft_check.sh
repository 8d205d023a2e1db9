#!/bin/sh
# perft_check.sh HALMA: the move generator against the known perft counts,
# RULES.md's and RULES-MULTI.md's.
set -eu
halma=$1
status=0
run() { # name depth expected perft-arguments...
    name=$1 depth=$2 expected=$3
    shift 3
    got=$("$halma" perft "$@" "$depth")
    echo "$name: $got"
    case "$got" in
    "perft $depth: $expected moves,"*) ;;
    *) echo "FAIL: $name perft $depth should be $expected" >&2; status=1 ;;
    esac
}
check() { # camps depth expected
    run "$1 camps" "$2" "$3" --camps "$1"
}
check 19 5 289844520
check 13 5 98238476

four112='bb14/1b1b11y/2b10y2/13y2/3bbbb3y2y2/8y1yy4/8yy6/5b1b1y6/3b2bwyw6/9wr5/4rr1r2w5/3rr5wwww2/3rrrr2w2w3/2r1r1y5ww2/1r13w/16 w 112'
three87='b15/w15/1b1bb11/3b12/3bb3b7/5b10/16/6wb8/5w1w1r6/3r1rrbbw6/4r1rr8/2r1r5wwb3/2r2rr3w1w1w1/12w1w1/3r8w3/16 w 87'
run "four players, start" 4 1048576 --players 4
run "four partners, start" 4 1048576 --players 4 --partners
run "three players, start" 4 1421312 --players 3
run "four players, after 112" 3 1841209 --players 4 --fen "$four112"
run "four partners, after 112" 3 1841209 --players 4 --partners --fen "$four112"
run "three players, after 87" 3 2604677 --players 3 --fen "$three87"
exit $status
