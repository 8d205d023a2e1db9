#!/bin/sh
# check-layers.sh: refuses an include that points up a layer or names no layer.
# Each layer may include itself and the layers listed for it:
#   core -> nothing; engine -> core; wasm -> core, engine;
#   http -> nothing: the HTTP server knows no game, and is handed the
#           requests of online play as a handler (http/handler.h);
#   online -> core, engine, http: the referee plays by the core's rules, will
#           run the engine for computer seats, and answers over HTTP;
#   cli -> every layer.
set -eu
cd "$(dirname "$0")/.."

allowed() {
    case "$1" in
    core) echo "core" ;;
    engine) echo "core engine" ;;
    http) echo "http" ;;
    online) echo "core engine http online" ;;
    wasm) echo "core engine wasm" ;;
    cli) echo "core engine http online cli" ;;
    *) echo "" ;;
    esac
}

status=0
for dir in src/*/; do
    layer=$(basename "$dir")
    ok=$(allowed "$layer")
    if [ -z "$ok" ]; then
        echo "check-layers: src/$layer is not a known layer (tools/check-layers.sh)" >&2
        status=1
        continue
    fi
    # Quoted includes only: system headers come in with <...>.
    grep -Hn '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$dir"*.[ch] 2>/dev/null |
    while IFS= read -r hit; do
        target=$(echo "$hit" | sed 's/.*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/')
        case "$target" in
        */*) to=${target%%/*} ;;
        *) echo "check-layers: ${hit%%:*}: include \"$target\" by its layer (\"$layer/$target\")" >&2
           echo fail; continue ;;
        esac
        case " $ok " in
        *" $to "*) ;;
        *) echo "check-layers: ${hit%%:*}: $layer may not include $target (it may include: $ok)" >&2
           echo fail ;;
        esac
    done | grep -q fail && status=1
done
exit $status
