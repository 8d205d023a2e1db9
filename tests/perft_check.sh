#!/bin/sh
# perft_check.sh HALMA: the move generator against the known perft counts.
set -eu
halma=$1
status=0
check() { # camps depth expected
    got=$("$halma" perft --camps "$1" "$2")
    echo "$1 camps: $got"
    case "$got" in
    "perft $2: $3 moves,"*) ;;
    *) echo "FAIL: $1-piece perft $2 should be $3" >&2; status=1 ;;
    esac
}
check 19 5 289844520
check 13 5 98238476
exit $status
