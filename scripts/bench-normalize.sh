#!/bin/sh
# Whole-process speed of "pasyans normalize FILE" in MB per CPU-second
# (user + system time of the process, lexicon loading included), the median
# of three runs, on 20 MB of text of two kinds:
#   repeated  the embedded corpus, repeated (the normalizer's caches see the
#             same words again and again);
#   varied    corpus-like text (internal/corpuslike): paragraphs of the
#             pre-reform documents drawn at random with fresh OCR damage, so
#             every megabyte brings new damaged words to correct.
# Needs /usr/bin/time (GNU time). Usage: scripts/bench-normalize.sh [MB]
set -eu
mb=${1:-20}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/pasyans" ./cmd/pasyans
go run ./internal/corpuslike/gen -mb "$mb" -repeat > "$tmp/repeated.txt"
go run ./internal/corpuslike/gen -mb "$mb" > "$tmp/varied.txt"
printf '%-10s %8s %12s %12s %10s\n' text MB cpu-s MB/cpu-s peak-MB
for kind in repeated varied; do
	f="$tmp/$kind.txt"
	size=$(wc -c < "$f")
	for i in 1 2 3; do
		/usr/bin/time -f '%U %S %M' -o "$tmp/t$i" "$tmp/pasyans" normalize "$f" > /dev/null
	done
	cat "$tmp/t1" "$tmp/t2" "$tmp/t3" | awk -v size="$size" -v kind="$kind" '
		{ cpu[NR] = $1 + $2; mem[NR] = $3 }
		END {
			# median of three
			for (i = 1; i <= 3; i++) for (j = i + 1; j <= 3; j++) if (cpu[j] < cpu[i]) { t = cpu[i]; cpu[i] = cpu[j]; cpu[j] = t }
			for (i = 1; i <= 3; i++) for (j = i + 1; j <= 3; j++) if (mem[j] < mem[i]) { t = mem[i]; mem[i] = mem[j]; mem[j] = t }
			mbs = size / 1048576
			printf "%-10s %8.1f %12.2f %12.1f %10.0f\n", kind, mbs, cpu[2], mbs / cpu[2], mem[2] / 1024
		}'
done
