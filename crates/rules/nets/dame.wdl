# The win-rate model of dame (docs/wdl.md), fitted to 347972 positions by:
# ./target/release/duel wdl --variant dame --data /tmp/wdl/fit-dame.bin --check /tmp/wdl/check-dame.bin --out crates/rules/nets/dame.wdl --svg docs/wdl/dame.svg
game=dame
positions=347972
a=414.302164,-675.713962,2136.656978,-2029.954321
b=273.067823,-1859.585965,4673.159690,-3307.070700
phase_range=0.2500,0.7500
reference_phase=0.4167
