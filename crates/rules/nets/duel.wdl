# The win-rate model of duel (docs/wdl.md), fitted to 141142 positions by:
# ./target/release/duel wdl --variant duel --data /tmp/wdl/fit-duel.bin --check /tmp/wdl/check-duel.bin /tmp/wdl/check2-duel.bin --out crates/rules/nets/duel.wdl --svg docs/wdl/duel.svg
game=duel
positions=141142
a=62.316870,-281.285122,461.126353,-243.698422
b=40.036148,-77.649026,178.878044,-102.052006
phase_range=0.1250,0.9375
reference_phase=0.5000
