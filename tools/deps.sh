#!/bin/sh
# deps.sh GROUP...: installs the Debian packages a build step needs, when missing.
#   build  compilers and libraries for build/halma and the WebAssembly engine
#          (libpq-dev: the PostgreSQL store, src/online/store_pg.c; libunistring-dev:
#          the players' names, src/online/display_names.c)
#   test   the C test framework, Node.js and Debian's Chromium for the browser tests,
#          the sqlite3 shell (the online tests lock a store with it), the
#          PostgreSQL server (tools/pg-temp.sh starts a throwaway one)
#   fuzz   clang's libFuzzer runtime
# Installs with apt-get when run as root (or through sudo); otherwise names
# what is missing and fails.
set -eu

packages_for() {
    case "$1" in
    build) echo "gcc make pkg-config libmicrohttpd-dev libsqlite3-dev libpq-dev libjansson-dev libgnutls28-dev libunistring-dev clang lld" ;;
    test) echo "libcriterion-dev nodejs npm chromium valgrind wrk sqlite3 postgresql" ;;
    fuzz) echo "clang libclang-rt-dev" ;;
    *) echo "deps.sh: unknown group '$1'" >&2; exit 2 ;;
    esac
}

missing=""
for group in "$@"; do
    for pkg in $(packages_for "$group"); do
        # libclang-rt-dev is versioned in Debian 12; accept any version.
        if [ "$pkg" = libclang-rt-dev ]; then
            ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 && continue
            pkg=libclang-rt-$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p')-dev
        fi
        # Node.js may come from outside Debian (with its own npm): a working
        # command is enough.
        case "$pkg" in nodejs) command -v node >/dev/null && continue ;; npm) command -v npm >/dev/null && continue ;; esac
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing="$missing $pkg"
    done
done
[ -z "$missing" ] && exit 0

echo "Installing missing packages:$missing"
if [ "$(id -u)" = 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
else
    echo "deps.sh: please install:$missing (apt-get install$missing)" >&2
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q >/dev/null || true
$SUDO apt-get install -y -q --no-install-recommends $missing
