#!/bin/bash
# pg-temp.sh: a throwaway PostgreSQL server for the tests (store_pg.c).
#   pg-temp.sh start DIR     a new cluster in DIR/data, on 127.0.0.1 and a free
#                            port, with database halma; prints its URI (also
#                            in DIR/url): postgresql://halma@127.0.0.1:PORT/halma
#   pg-temp.sh stop DIR      stops it (fast) and removes DIR
#   pg-temp.sh pause DIR     stops it, keeping its data and port...
#   pg-temp.sh resume DIR    ...and starts it again (a server that goes away mid-game)
#   pg-temp.sh run -- CMD... runs CMD with HALMA_TEST_PG=<URI> and HALMA_PG_TEMP=<DIR>
#                            of a new server, removed afterwards whatever happens;
#                            exits with CMD's status
# PostgreSQL refuses to run as root: as root, the server side runs as the
# `postgres` user (Debian's package creates it), which then owns DIR.
set -eu

usage() { sed -n '2,11s/^# \{0,1\}//p' "$0" >&2; exit 2; }

# Debian keeps the server's programs out of PATH, one folder per major
# version: the newest, else whatever PATH has.
bin=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
if [ ! -x "$bin/pg_ctl" ]; then
    bin=$(dirname "$(command -v pg_ctl 2>/dev/null || echo /none/pg_ctl)")
fi
[ -x "$bin/pg_ctl" ] || { echo "pg-temp.sh: no PostgreSQL server found (tools/deps.sh test installs it)" >&2; exit 1; }

# as_server CMD...: runs CMD as the server's user, from a folder it may enter.
if [ "$(id -u)" = 0 ]; then
    if command -v runuser >/dev/null; then
        as_server() { (cd / && runuser -u postgres -- "$@"); }
    else
        as_server() { (cd / && setpriv --reuid=postgres --regid=postgres --init-groups -- "$@"); }
    fi
else
    as_server() { "$@"; }
fi

# Starts the cluster of $1 and waits until it accepts connections (-w); the
# reason of a failure is in $1/server.log.
pg_start() { as_server "$bin/pg_ctl" start -w -t 60 -D "$1/data" -l "$1/server.log" >/dev/null 2>&1; }
failed() { echo "pg-temp.sh: the server did not start:" >&2; tail -n 20 "$1/server.log" >&2; exit 1; }

start() {
    local dir=$1 port
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    [ ! -e "$dir/data" ] || { echo "pg-temp.sh: $dir/data exists" >&2; exit 1; }
    [ "$(id -u)" = 0 ] && chown postgres: "$dir"
    as_server test -w "$dir" || { echo "pg-temp.sh: the postgres user cannot write to $dir" >&2; exit 1; }
    # trust: only this machine's tests reach it (127.0.0.1 and a socket in
    # DIR); fsync stays on, as durability is what the store tests check.
    if ! as_server "$bin/initdb" -D "$dir/data" -A trust -U halma -E UTF8 --no-locale >"$dir/initdb.log" 2>&1; then
        cat "$dir/initdb.log" >&2
        exit 1
    fi
    echo "include 'halma.conf'" >>"$dir/data/postgresql.conf"
    # A random port, tried until one is free: another process may take any
    # port found free before the server binds it, so binding is the test
    # (and no ss or netstat is needed).
    for _ in 1 2 3 4 5 6 7 8 9 10; do
        port=$(shuf -i 20000-59999 -n 1)
        printf "listen_addresses = '127.0.0.1'\nport = %s\nunix_socket_directories = '%s'\n" \
            "$port" "$dir" | as_server tee "$dir/data/halma.conf" >/dev/null
        if pg_start "$dir"; then
            local url="postgresql://halma@127.0.0.1:$port/halma"
            "$bin/createdb" -h 127.0.0.1 -p "$port" -U halma halma
            echo "$url" >"$dir/url"
            echo "$url"
            return 0
        fi
    done
    failed "$dir"
}

stop() {
    if [ -d "$1/data" ]; then
        as_server "$bin/pg_ctl" stop -w -m fast -D "$1/data" >/dev/null 2>&1 || true
    fi
    rm -rf "$1"
}

[ $# -ge 1 ] || usage
case "$1" in
start) [ $# = 2 ] || usage; start "$2" ;;
stop) [ $# = 2 ] || usage; stop "$2" ;;
pause) [ $# = 2 ] || usage; as_server "$bin/pg_ctl" stop -w -m fast -D "$2/data" >/dev/null ;;
resume) [ $# = 2 ] || usage; pg_start "$2" || failed "$2" ;;
run)
    shift
    [ "${1-}" = -- ] && shift
    [ $# -ge 1 ] || usage
    dir=$(mktemp -d /tmp/halma-pg.XXXXXX) # short: the socket's path has a limit of 107 bytes
    trap 'stop "$dir"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    url=$(start "$dir")
    status=0
    # In the foreground, so that Ctrl-C reaches CMD (its process group's);
    # the traps run once it has ended.
    HALMA_TEST_PG=$url HALMA_PG_TEMP=$dir "$@" || status=$?
    exit $status
    ;;
*) usage ;;
esac
