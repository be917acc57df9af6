#!/usr/bin/env bash
# A toy engine for `duel spsa`'s tests, with a known optimum: the real engine (the program given as
# the first argument) behind a spin option X (0..100) whose best value is 37. The farther X is from
# 37, the fewer nodes a `go nodes N` may search: N halved for every 6 of |X - 37| (N at 37..42, N/2
# at 43, ... 15 nodes at X = 80), so strength peaks at X = 37 and falls away on both sides.
# Every other command goes to the real engine unchanged; its answers come back unchanged.
# With a second argument, a file that does not exist yet, the first engine to be asked for a move
# creates it and dies: the test of a run whose engine dies once.
coproc ENGINE { exec "$1"; }
crash_once="$2"
x=50
# Sends $1 to the engine and passes its answers on until one starts with $2.
ask() {
  echo "$1" >&"${ENGINE[1]}"
  while read -r reply <&"${ENGINE[0]}"; do
    echo "$reply"
    [[ $reply == "$2"* ]] && return
  done
  exit 1
}
while read -r line; do
  case "$line" in
    uci)
      echo "id name toy"
      echo "option name X type spin default 50 min 0 max 100"
      echo "uciok"
      ;;
    "setoption name X value "*) x=${line##* } ;;
    isready) ask isready readyok ;;
    go*) if [[ -n $crash_once && ! -e $crash_once ]]; then touch "$crash_once"; exit 3; fi ;;&
    "go nodes "*)
      distance=$(( x > 37 ? x - 37 : 37 - x ))
      nodes=$(( ${line##* } >> (distance / 6) ))
      ask "go nodes $(( nodes > 0 ? nodes : 1 ))" bestmove
      ;;
    go*) ask "$line" bestmove ;;
    quit) echo quit >&"${ENGINE[1]}"; exit 0 ;;
    *) echo "$line" >&"${ENGINE[1]}" ;;
  esac
done
