#!/bin/sh
# Peak memory of "pasyans link" and of "pasyans normalize" on one long line:
# MB of varied corpus-like text (internal/corpuslike) written to a file,
# linked; then MB of it as one paragraph on one line, normalized. Prints the
# peak resident set size and the wall time of each. Needs /usr/bin/time (GNU
# time). Usage: scripts/mem-link.sh [MB] (default 15; the 55 MB of the
# issue's measure takes about 1.6 GB before the fix, so mind the machine).
set -eu
mb=${1:-15}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/pasyans" ./cmd/pasyans
go build -o "$tmp/gen" ./internal/corpuslike/gen
"$tmp/gen" -mb "$mb" -seed 7 > "$tmp/text.txt"
"$tmp/gen" -mb "$mb" -seed 7 -one-paragraph > "$tmp/line.txt"
/usr/bin/time -f '%M %e' -o "$tmp/time" "$tmp/pasyans" link "$tmp/text.txt" > /dev/null 2>&1 || true
read -r peak wall <<EOT
$(tail -n 1 "$tmp/time")
EOT
printf 'link of %d MB: peak RSS %d MB, %s s\n' "$mb" $((peak / 1024)) "$wall"
/usr/bin/time -f '%M %e' -o "$tmp/time" "$tmp/pasyans" normalize "$tmp/line.txt" > /dev/null
read -r peak wall <<EOT
$(tail -n 1 "$tmp/time")
EOT
printf 'normalize of one %d MB line: peak RSS %d MB, %s s\n' "$mb" $((peak / 1024)) "$wall"
