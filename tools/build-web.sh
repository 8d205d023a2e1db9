#!/bin/sh
# build-web.sh SRC WASM OUT: assembles the web game in OUT from the page's
# sources in SRC and the WebAssembly module WASM.  Plain files only (no
# bundler): the service worker gets the list of files to keep offline and a
# version that changes whenever any file does; each text file gets its
# gzip twin (name.gz) beside it.
set -eu
src=$1 wasm=$2 out=$3

rm -rf "$out.tmp"
mkdir -p "$out.tmp"
cp -R "$src"/. "$out.tmp"/
cp "$wasm" "$out.tmp/halma.wasm"

cd "$out.tmp"
# index.html is kept as "./", the address the page is opened at.
files=$(find . -type f ! -name sw.js ! -name '.*' | sed 's|^\./||' | LC_ALL=C sort)
version=$(cat $files | sha256sum | cut -c1-16)
# The Learn page and the puzzles are kept when first opened, not on the first
# visit: most visits never open them (docs/DECISIONS.md, "Page weight").  Not
# the modules the game itself imports (learn-store.js, learn-glicko.js).
on_use='^(learn\.html|css/learn\.css|js/learn-(main|board|lesson-screen|puzzle-screen|lessons|play|puzzles)\.js|puzzles/.*)$'
kept=$(echo "$files" | grep -E "$on_use" | sed 's/.*/"&"/' | paste -sd, -)
files=$(echo "$files" | grep -vx index.html | grep -vE "$on_use")
list=$( (echo "./"; echo "$files") | sed 's/.*/"&"/' | paste -sd, -)
sed -e "s|__VERSION__|$version|" -e "s|__FILES__|[$list]|" -e "s|__KEPT_ON_USE__|[$kept]|" sw.js > sw.js.new
mv sw.js.new sw.js
# Every text file and the module also precompressed, for `halma serve` to
# send to browsers that take gzip (docs/DECISIONS.md, "Page weight"); -n
# leaves the name and time out, so the same files give the same bytes.
find . -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' -o -name '*.json' -o -name '*.jsonl' -o -name '*.svg' \
  -o -name '*.wasm' -o -name '*.webmanifest' \) -exec gzip -9 -k -n {} +
cd - >/dev/null

rm -rf "$out"
mv "$out.tmp" "$out"
echo "web: $out (version $version)"
