#!/bin/bash
# pasyans-array.sh: run a pasyans tournament on a Slurm cluster as a job
# array of K shards, all writing into one shared results folder.
#
#   deploy/slurm/pasyans-array.sh -k 64 -o /shared/run1 -- \
#       pasyans tournament --games all --strategies greedy,book,solver \
#           --param solver:nodes=2000000 --deals 1000000 --seed 2026
#
# The command is a pasyans tournament without --out and without the shard
# flags: every shard I runs it with --out OUT --shard-index I --shard-count K
# --resume and plays deals [I·N/K, (I+1)·N/K) (docs/tournaments.md). The
# script submits itself with sbatch (run it on a login node; it returns the
# job ID, or with -W waits for the array and returns its highest exit code)
# and is then, inside the array, the body of each task.
#
# Options:
#   -k K      the number of shards (required)
#   -o OUT    the shared results folder (required; made if missing)
#   -n N      run at most N array tasks at once (--array=…%N; default 16)
#   -m MAX    the site's MaxArraySize (default: read from scontrol show
#             config). When K > MAX, each array task plays ⌈K/MAX⌉ or
#             ⌊K/MAX⌋ shards one after another.
#   -r LIST   redo only the shards LIST (Slurm's syntax: 2 or 0,5-7), e.g.
#             after a task failed; they continue their files (--resume).
#   -s OPT    pass OPT to sbatch (repeatable): -s --time=04:00:00
#             -s --cpus-per-task=4 -s --partition=long
#   -W        wait for the array to end (sbatch --wait)
#
# Each task writes its log to OUT/logs/pasyans-<job>_<task>.log, beside the
# results. Without --workers in the command each shard gets
# --workers $SLURM_CPUS_PER_TASK (1 by default).
#
# The merge: the tasks write their part files and shard manifests straight
# into OUT, so there is nothing to copy. When the array is done,
#
#   pasyans report --verify OUT > OUT/report.md
#
# checks that OUT holds the K shards of one run, each complete and unchanged,
# and refuses a wrong set naming the shard: a missing index (a failed task:
# redo it with -r), an index twice, a shard of another run. Then query
# OUT/results/**/*.parquet (DuckDB, Arrow, pandas) or write one file per game
# and strategy with pasyans export. See docs/cluster.md.
#
#SBATCH --job-name=pasyans
#SBATCH --cpus-per-task=1
#SBATCH --requeue

set -euo pipefail

usage() {
	sed -n '2,/^#SBATCH/{/^#SBATCH/d;s/^# \{0,1\}//;p}' "$0" >&2
	exit "$1"
}

# expand prints the indices of a Slurm index list ("0-3,7"), one a line.
expand() {
	local part
	IFS=, read -ra parts <<<"$1"
	for part in "${parts[@]}"; do
		if [[ $part =~ ^([0-9]+)-([0-9]+)$ ]]; then
			seq "${BASH_REMATCH[1]}" "${BASH_REMATCH[2]}"
		elif [[ $part =~ ^[0-9]+$ ]]; then
			echo "$part"
		else
			echo "pasyans-array: index list $1: $part is not an index or a range a-b" >&2
			return 2
		fi
	done
}

K='' OUT='' THROTTLE=16 MAXARRAY='' REDO='' WAIT='' TASK='' TASKS=''
SBATCH_OPTS=()
while getopts 'k:o:n:m:r:s:WT:t:h' opt; do
	case $opt in
	k) K=$OPTARG ;;
	o) OUT=$OPTARG ;;
	n) THROTTLE=$OPTARG ;;
	m) MAXARRAY=$OPTARG ;;
	r) REDO=$OPTARG ;;
	s) SBATCH_OPTS+=("$OPTARG") ;;
	W) WAIT=1 ;;
	T) TASK=$OPTARG ;;  # internal: the shard list of the array (task mode)
	t) TASKS=$OPTARG ;; # internal: the number of array tasks
	h) usage 0 ;;
	*) usage 2 ;;
	esac
done
shift $((OPTIND - 1))
CMD=("$@")

[[ $K =~ ^[1-9][0-9]*$ ]] || { echo "pasyans-array: -k: want a shard count ≥ 1, got '$K'" >&2; exit 2; }
[ -n "$OUT" ] || { echo "pasyans-array: -o OUT is required" >&2; exit 2; }
[ ${#CMD[@]} -gt 0 ] || { echo "pasyans-array: no command: give it after --, e.g. -- pasyans tournament --deals 1000" >&2; exit 2; }
for a in "${CMD[@]}"; do
	case $a in
	--out | --out=* | --shard-index* | --shard-count* | --force)
		echo "pasyans-array: the command must not have $a: the script sets --out, the shard flags and --resume" >&2
		exit 2
		;;
	esac
done

if [ -n "$TASK" ]; then
	# Task mode: play this task's share of the shard list, one shard after
	# another; exit with the last failure's code, after trying them all.
	mapfile -t shards < <(expand "$TASK")
	t=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-0}))
	n=${#shards[@]}
	lo=$((t * n / TASKS)) hi=$(((t + 1) * n / TASKS))
	workers=()
	[[ " ${CMD[*]} " =~ \ --workers ]] || workers=(--workers "${SLURM_CPUS_PER_TASK:-1}")
	rc=0
	for ((j = lo; j < hi; j++)); do
		i=${shards[j]}
		echo "pasyans-array: job ${SLURM_ARRAY_JOB_ID:-?} task $t on $(hostname): shard $i of $K started $(date -u +%FT%TZ)" >&2
		if "${CMD[@]}" "${workers[@]}" --out "$OUT" --shard-index "$i" --shard-count "$K" --resume; then
			echo "pasyans-array: shard $i of $K done $(date -u +%FT%TZ)" >&2
		else
			rc=$?
			echo "pasyans-array: shard $i of $K failed (exit $rc): redo it with -r $i" >&2
		fi
	done
	exit "$rc"
fi

# Submit mode.
command -v sbatch >/dev/null || { echo "pasyans-array: sbatch not found: run this on a Slurm login node" >&2; exit 2; }
if [ -z "$MAXARRAY" ]; then
	MAXARRAY=$(scontrol show config 2>/dev/null | awk '$1 == "MaxArraySize" {print $3}')
	MAXARRAY=${MAXARRAY:-1001} # Slurm's default
fi
[[ $MAXARRAY =~ ^[1-9][0-9]*$ ]] || { echo "pasyans-array: MaxArraySize '$MAXARRAY': want a number ≥ 1" >&2; exit 2; }
[[ $THROTTLE =~ ^[1-9][0-9]*$ ]] || { echo "pasyans-array: -n: want a number ≥ 1, got '$THROTTLE'" >&2; exit 2; }
if [ -n "$REDO" ]; then
	list=$REDO
	mapfile -t shards < <(expand "$REDO")
	for i in "${shards[@]}"; do
		[ "$i" -lt "$K" ] || { echo "pasyans-array: -r $REDO: shard $i is not below -k $K" >&2; exit 2; }
	done
	n=${#shards[@]}
else
	list="0-$((K - 1))" n=$K
fi
# Array task IDs run from 0 to MaxArraySize-1.
tasks=$((n < MAXARRAY ? n : MAXARRAY))
mkdir -p "$OUT/logs"
OUT=$(cd "$OUT" && pwd)
args=(--array="0-$((tasks - 1))%$THROTTLE" --output="$OUT/logs/pasyans-%A_%a.log")
[ -z "$WAIT" ] || args+=(--wait)
echo "pasyans-array: $n shard(s) of $K in $tasks array task(s), at most $THROTTLE at once; logs in $OUT/logs" >&2
exec sbatch "${args[@]}" "${SBATCH_OPTS[@]}" "$0" -T "$list" -t "$tasks" -k "$K" -o "$OUT" -- "${CMD[@]}"
