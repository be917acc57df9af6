#!/usr/bin/env bash
# One `duel match` split into SHARDS shards, run by GNU parallel on this machine's cores or on other
# hosts over ssh, then merged by `duel results`. The recipe: docs/cluster/parallel.md.
#
#   SHARDS=16 OUT=run1 docs/cluster/parallel.sh --engine name=new cmd=./duel-new \
#       --engine name=old cmd=./duel-old --tc 8+0.08 --games 20000 --seed 7 --sprt elo0=0 elo1=5
#
# The arguments are those of `duel match` without --shard, --resume, --pgnout and --results, which
# the script adds. Run the same command again after a failure or a kill: every shard resumes from
# its PGN and plays only what it misses.
set -euo pipefail

shards=${SHARDS:-4}  # N
out=${OUT:-shards}   # the shards' PGN, results and logs, and the merged total.json (relative paths
                     # are taken from the working directory, on remote hosts too)
duel=${DUEL:-duel}   # the duel binary: the same build, at the same path, on every host
hosts=${HOSTS:-:}    # parallel --sshlogin: ':' is this machine; e.g. ':,8/alice@box2,8/alice@box3'
jobs=${JOBS:-100%}   # shards at once on each host (100%: one per core)

# The match's arguments, quoted once more for the shell that parallel starts for each shard.
match_args=$(printf ' %q' "$@")
shard_files="$out/shard-{}"

# On a remote host a shard runs in the same directory relative to the home directory (--workdir .),
# and its files come back here when it ends.
returns=()
if [ "$hosts" != ":" ]; then
    returns=(--return "$shard_files.pgn" --return "$shard_files.json")
fi

# Every shard K in 0..N-1 is one job, its output lines tagged with K. The first failing shard stops
# the others (--halt): re-run to resume.
seq 0 $((shards - 1)) | parallel --jobs "$jobs" --sshlogin "$hosts" --workdir . \
    --halt now,fail=1 --line-buffer --tagstring 'shard {}' ${returns[@]+"${returns[@]}"} \
    "mkdir -p '$out' && '$duel' match$match_args --shard {}/$shards --resume \
        --pgnout '$shard_files.pgn' --results '$shard_files.json'"

"$duel" results "$out"/shard-*.json --output "$out/total.json"
