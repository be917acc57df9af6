# The win-rate model of alice (docs/wdl.md), fitted to 169282 positions by:
# ./target/release/duel wdl --variant alice --data /tmp/wdl/fit-alice.bin --check /tmp/wdl/check-alice.bin --out crates/rules/nets/alice.wdl --svg docs/wdl/alice.svg
game=alice
positions=169282
a=1126.629433,-4648.526760,6926.313999,-3355.810725
b=441.696634,-1440.799610,2629.407500,-1384.590979
phase_range=0.1765,1.0000
reference_phase=0.6667
