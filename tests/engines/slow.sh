#!/usr/bin/env bash
# A broken engine for the match runner's tests: it thinks for 400 ms whatever its clock says.
while read -r line; do
  case "$line" in
    uci) echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) sleep 0.4; echo "bestmove E1-E2" ;;
    quit) exit 0 ;;
  esac
done
