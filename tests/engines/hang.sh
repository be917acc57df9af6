#!/usr/bin/env bash
# A broken engine for the match runner's tests: it answers the handshake but never sends bestmove.
while read -r line; do
  case "$line" in
    uci) echo "uciok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
