#!/bin/sh
# Peak memory of "pasyans normalize" on a large generated input, streamed
# through a pipe, so the input never sits on disk: 1 GiB of varied
# corpus-like text by default (internal/corpuslike). Prints the peak
# resident set size and the CPU time of the normalizer process.
# Needs /usr/bin/time (GNU time). Usage: scripts/mem-normalize.sh [MB]
set -eu
mb=${1:-1024}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/pasyans" ./cmd/pasyans
go build -o "$tmp/gen" ./internal/corpuslike/gen
"$tmp/gen" -mb "$mb" -seed 7 | /usr/bin/time -f '%M %U %S' -o "$tmp/time" "$tmp/pasyans" normalize - | wc -c > "$tmp/out"
read -r peak user sys < "$tmp/time"
printf 'input %d MB, output %d bytes, peak RSS %d MB, CPU %.1f s\n' "$mb" "$(cat "$tmp/out")" $((peak / 1024)) "$(echo "$user + $sys" | bc)"
