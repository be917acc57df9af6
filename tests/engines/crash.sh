#!/usr/bin/env bash
# A broken engine for the match runner's tests: it exits as soon as it is asked to move.
while read -r line; do
  case "$line" in
    uci) echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) exit 3 ;;
  esac
done
