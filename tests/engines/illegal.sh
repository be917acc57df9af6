#!/usr/bin/env bash
# A broken engine for the match runner's tests: it answers the handshake but plays an illegal move.
while read -r line; do
  case "$line" in
    uci) echo "id name illegal"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "info depth 1 score cp 0"; echo "bestmove D1-D6" ;;
    quit) exit 0 ;;
  esac
done
