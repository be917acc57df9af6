#!/usr/bin/env bash
# One `duel match` as a Slurm job array: array task K plays shard K of N, N being the array's size.
# Submit with the match's arguments (those of `duel match` without --shard, --resume, --pgnout and
# --results, which the script adds):
#
#   sbatch --array=0-15 docs/cluster/slurm.sh --engine name=new cmd=$HOME/duel-new \
#       --engine name=old cmd=$HOME/duel-old --tc 8+0.08 --games 40000 --seed 7 --sprt elo0=0 elo1=5
#
# then merge, when the tasks are done or at any time for the games so far:
#
#   duel results shards/shard-*.json
#
# The array must run from 0 to N-1 (a throttle such as --array=0-15%4 is fine). A task that fails,
# is preempted or requeued resumes from its PGN: every finished game is kept.
#SBATCH --job-name=duel-match
#SBATCH --cpus-per-task=2
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --output=duel-shard-%a.log
set -euo pipefail

k=${SLURM_ARRAY_TASK_ID:?submit with sbatch --array=0-<N-1>}
n=${SLURM_ARRAY_TASK_COUNT:?submit with sbatch --array=0-<N-1>}
out=${OUT:-shards}  # on a file system every node sees
duel=${DUEL:-duel}  # the same build on every node

mkdir -p "$out"
exec "$duel" match "$@" --concurrency "${SLURM_CPUS_PER_TASK:-1}" \
    --shard "$k/$n" --resume --pgnout "$out/shard-$k.pgn" --results "$out/shard-$k.json"
