#!/bin/sh
# cells.sh: the leaf-cell library (gen/cells.c, written by gpurf-gen
# --cells): lint-clean under verilator -Wall for the parameter sets of
# tests/cells/lint_top.v, Icarus runs tests/cells/tb_cells.v against its
# reference models, Yosys finds no latch.
set -eu
cd "$(dirname "$0")/../.."
out=build/test-cells
rm -rf "$out"
build/bin/gpurf-gen --cells "$out"
verilator --lint-only -Wall --top-module lint_top tests/cells/lint_top.v "$out"/rtl/*.v
iverilog -g2005 -s tb_cells -o "$out/tb" tests/cells/tb_cells.v "$out"/rtl/*.v
vvp -n "$out/tb" > "$out/tb.log"
cat "$out/tb.log"
grep -q '^PASS cells' "$out/tb.log"
if command -v yosys > /dev/null; then
  yosys -q -p "read_verilog $(echo "$out"/rtl/*.v) tests/cells/lint_top.v; synth -top lint_top; \
select -assert-none t:\$_DLATCH* t:\$dlatch t:\$adlatch" > "$out/yosys.log" 2>&1 \
    || { cat "$out/yosys.log"; echo "FAIL: Yosys: latch or error"; exit 1; }
  echo "ok: yosys, no latch"
fi
