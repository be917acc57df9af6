#!/usr/bin/env bash
# A noisy engine for the match runner's load test: the real engine (the program given as the first
# argument) with its output flooded. Before each line the engine writes come 100 lines a reader must
# pass over: `info string` lines, `info` lines whose fields do not parse, lines that are no protocol at
# all, and bytes that are not UTF-8. The moves are the engine's own, so it plays as the engine plays.
# The process becomes the engine (exec): killing it kills the engine, and the filter ends with its
# output.
noise=""
for ((i = 0; i < 25; i++)); do
  noise+="info string spam $i: bestmove is not in this line"$'\n'
  noise+="info depth x seldepth -1 score cp nonsense nodes many pv"$'\n'
  noise+="garbage ~!@#\$%^&*() $i"$'\n'
  noise+=$'not utf-8 \x01\x7f\xc3\x28\xff '"$i"$'\n'
done
exec > >(
  while IFS= read -r line; do
    printf '%s%s\n' "$noise" "$line"
  done
)
exec "$1"
