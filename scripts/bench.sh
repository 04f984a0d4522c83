#!/usr/bin/env bash
# bench.sh — the speed a user sees, measured on whole processes (see
# docs/tournaments.md, "Performance"):
#
#   1. a tournament per game × strategy (random, greedy, book): deals per
#      CPU-second (user+sys of the whole process, /usr/bin/time) of
#      `pasyans tournament --games G --strategies S --deals N --workers 1
#      --timing=false`, median of R runs;
#   2. two workers against one (greedy, every game in one process): wall
#      clock speed-up and CPU per deal;
#   3. peak memory (max RSS) of one tournament at N/10, N and 10·N deals;
#   4. the normalizer: MB per CPU-second of `pasyans normalize FILE` on a
#      corpus-like file of about 50 MB (the embedded corpus texts repeated).
#
# Environment: BENCH_DEALS (N, default 100000), BENCH_REPS (R, default 3),
# BENCH_GAMES (comma-separated game IDs, default all), BENCH_QUICK=1 (a
# smoke test: N=2000, R=1, a 5 MB normalizer file, no 10·N memory run),
# BIN (a pasyans binary; default: built from this checkout).
set -euo pipefail

cd "$(dirname "$0")/.."
quick=${BENCH_QUICK:-0}
if [[ $quick == 1 ]]; then
	deals=${BENCH_DEALS:-2000} reps=${BENCH_REPS:-1} norm_mb=5
else
	deals=${BENCH_DEALS:-100000} reps=${BENCH_REPS:-3} norm_mb=50
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pasyans-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
bin=${BIN:-}
if [[ -z $bin ]]; then
	bin=$tmp/pasyans
	go build -o "$bin" ./cmd/pasyans
fi
[[ -x /usr/bin/time ]] || { echo "bench.sh: /usr/bin/time is required (GNU time)" >&2; exit 1; }

if [[ -n ${BENCH_GAMES:-} ]]; then
	IFS=, read -r -a games <<<"$BENCH_GAMES"
else
	mapfile -t games < <("$bin" games --json | sed -n 's/^      "id": "\([a-z-]*\)".*/\1/p')
fi
[[ ${#games[@]} -gt 0 ]] || { echo "bench.sh: no games" >&2; exit 1; }

# measure CMD… — runs CMD under /usr/bin/time and prints "cpu_seconds
# wall_seconds max_rss_kb"; the command's own output is discarded.
measure() {
	local t
	/usr/bin/time -o "$tmp/time" -f '%U %S %e %M' "$@" >/dev/null 2>"$tmp/stderr" || {
		echo "bench.sh: failed: $*" >&2
		cat "$tmp/stderr" >&2
		exit 1
	}
	t=$(tail -n 1 "$tmp/time")
	awk '{ printf "%.3f %.3f %d\n", $1 + $2, $3, $4 }' <<<"$t"
}

# median of the numbers on stdin.
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# tournament G S N W — one whole tournament process; prints what measure prints.
tournament() {
	rm -rf "$tmp/out"
	measure "$bin" tournament --games "$1" --strategies "$2" --deals "$3" --workers "$4" \
		--timing=false --quiet --out "$tmp/out"
}

# rate G S — median over reps of deals per CPU-second.
rate() {
	local r
	for ((r = 0; r < reps; r++)); do
		tournament "$1" "$2" "$deals" 1 | awk -v n="$deals" '{ printf "%.0f\n", n / ($1 > 0 ? $1 : 0.001) }'
	done | median
}

# fmt N — N rounded, with thousands separators (1,234,567).
fmt() { printf "%.0f" "$1" | sed -e ':a' -e 's/\B[0-9]\{3\}\>/,&/' -e 'ta'; }

echo "## Tournaments: deals per CPU-second (whole process, $(fmt "$deals") deals, 1 worker, median of $reps)"
echo
echo "| game | random | greedy | book | book ÷ greedy |"
echo "|---|--:|--:|--:|--:|"
declare -a col_random col_greedy col_book
for g in "${games[@]}"; do
	r=$(rate "$g" random)
	gr=$(rate "$g" greedy)
	b=$(rate "$g" book)
	col_random+=("$r") col_greedy+=("$gr") col_book+=("$b")
	echo "| $g | $(fmt "$r") | $(fmt "$gr") | $(fmt "$b") | $(awk -v b="$b" -v g="$gr" 'BEGIN { printf "%.2f", b / g }') |"
done
med() { printf '%s\n' "$@" | median; }
minimum() { printf '%s\n' "$@" | sort -g | head -n 1; }
echo "| **median** | **$(fmt "$(med "${col_random[@]}")")** | **$(fmt "$(med "${col_greedy[@]}")")** | **$(fmt "$(med "${col_book[@]}")")** | |"
echo "| **min** | **$(fmt "$(minimum "${col_random[@]}")")** | **$(fmt "$(minimum "${col_greedy[@]}")")** | **$(fmt "$(minimum "${col_book[@]}")")** | |"
echo

all=$(IFS=,; echo "${games[*]}")
wdeals=$((deals / 5))
echo "## Workers: greedy, ${#games[@]} games × $(fmt "$wdeals") deals in one process (median of $reps)"
echo
echo "| workers | wall s | CPU s | deals per CPU-second |"
echo "|--:|--:|--:|--:|"
declare -A wall
for w in 1 2; do
	for ((r = 0; r < reps; r++)); do tournament "$all" greedy "$wdeals" "$w"; done >"$tmp/w$w"
	wall[$w]=$(awk '{ print $2 }' "$tmp/w$w" | median)
	cpu=$(awk '{ print $1 }' "$tmp/w$w" | median)
	echo "| $w | ${wall[$w]} | $cpu | $(fmt "$(awk -v n="$((wdeals * ${#games[@]}))" -v c="$cpu" 'BEGIN { printf "%.0f", n / c }')") |"
done
echo
echo "Speed-up of 2 workers over 1 (wall clock): $(awk -v a="${wall[1]}" -v b="${wall[2]}" 'BEGIN { printf "%.2f", a / b }') (target ≥ 1.8 on an otherwise idle 2-core machine)."
echo

mgame=${games[0]}
for g in "${games[@]}"; do [[ $g == napoleon ]] && mgame=napoleon; done
echo "## Peak memory: $mgame, random, 1 worker"
echo
echo "| deals | max RSS MB |"
echo "|--:|--:|"
sizes=("$((deals / 10))" "$deals")
[[ $quick == 1 ]] || sizes+=("$((deals * 10))")
for n in "${sizes[@]}"; do
	echo "| $(fmt "$n") | $(tournament "$mgame" random "$n" 1 | awk '{ printf "%.0f", $3 / 1024 }') |"
done
echo

# A corpus-like file: the embedded corpus texts repeated to about norm_mb MB.
src=(corpus/data/*.txt)
target=$((norm_mb * 1000 * 1000))
: >"$tmp/corpus.txt"
while (($(stat -c %s "$tmp/corpus.txt") < target)); do cat "${src[@]}" >>"$tmp/corpus.txt"; done
size=$(stat -c %s "$tmp/corpus.txt")
echo "## Normalizer: pasyans normalize FILE, $(awk -v s="$size" 'BEGIN { printf "%.1f", s / 1e6 }') MB of corpus text (median of $reps)"
echo
nrate=$(for ((r = 0; r < reps; r++)); do
	measure "$bin" normalize "$tmp/corpus.txt" | awk -v s="$size" '{ printf "%.2f\n", s / 1e6 / ($1 > 0 ? $1 : 0.001) }'
done | median)
echo "MB per CPU-second: $nrate"
