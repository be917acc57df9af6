#!/usr/bin/env bash
# A broken engine for the match runner's tests: it never answers uci.
while read -r line; do
  case "$line" in
    quit) exit 0 ;;
  esac
done
