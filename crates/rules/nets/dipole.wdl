# The win-rate model of dipole (docs/wdl.md), fitted to 40427 positions by:
# ./target/release/duel wdl --variant dipole --data /tmp/wdl/fit-dipole.bin --check /tmp/wdl/check-dipole.bin --out crates/rules/nets/dipole.wdl --svg docs/wdl/dipole.svg
game=dipole
positions=40427
a=0.000000,0.000000,0.000000,0.000000
b=-9.246648,75.852430,-63.899130,59.520440
phase_range=0.2917,0.9167
reference_phase=0.5833
