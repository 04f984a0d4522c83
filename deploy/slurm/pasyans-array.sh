#!/bin/bash
# Slurm job array: a pasyans tournament split into 64 shards.
#
#   sbatch deploy/slurm-array.sh              # 64 tasks, at most 16 at a time
#   sbatch --array=0-63%32 deploy/slurm-array.sh
#
# Every task reads SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (or
# SLURM_ARRAY_TASK_MIN/MAX) itself — no --shard-index is passed — plays
# deals [I·N/K, (I+1)·N/K) and writes part-<I>-of-<K>.parquet files into
# the shared OUT folder. The array must be 0-based and contiguous
# (--array=0-K-1), so that the index is the task ID minus the minimum.
# A requeued or re-submitted task continues its part with --resume. When
# all tasks are done: pasyans report "$OUT".
#
#SBATCH --job-name=pasyans-tournament
#SBATCH --array=0-63%16
#SBATCH --cpus-per-task=2
#SBATCH --mem=512M
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --output=pasyans-%A_%a.log

set -euo pipefail

PASYANS="${PASYANS:-pasyans}"          # path to the binary
OUT="${OUT:-$HOME/pasyans/run1}"      # shared folder for all tasks
DEALS="${DEALS:-10000000}"
SEED="${SEED:-20261129}"
STRATEGIES="${STRATEGIES:-random,greedy,book,lookahead}"

mkdir -p "$OUT"
exec "$PASYANS" tournament \
  --games all \
  --strategies "$STRATEGIES" \
  --deals "$DEALS" \
  --seed "$SEED" \
  --workers "${SLURM_CPUS_PER_TASK:-1}" \
  --out "$OUT" \
  --resume \
  --quiet
