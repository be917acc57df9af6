# The win-rate model of dipole (docs/wdl.md), fitted to 198880 positions by:
# ./target/release/duel wdl --variant dipole --data /tmp/wdl/fit-dipole.bin /tmp/wdl/fit2-dipole.bin --check /tmp/wdl/check-dipole.bin /tmp/wdl/check2-dipole.bin --out crates/rules/nets/dipole.wdl --svg docs/wdl/dipole.svg
game=dipole
positions=198880
a=0.000000,0.000000,0.000000,0.000000
b=-13.170966,61.002438,8.560922,-0.338795
phase_range=0.3333,0.9167
reference_phase=0.5833
