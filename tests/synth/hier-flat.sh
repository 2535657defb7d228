#!/bin/sh
# hier-flat.sh: the hierarchical flow (default: each distinct module
# synthesized once, charged by its instance count) and the flat one
# (SYNTH_FLAT=1) agree within 5 % on tiny_baseline, whose rf_banked is built
# of leaf-cell instances (crossbars, decoders, arbiters): logic area, cells,
# transistors, flops; the SRAM charge is the same.
set -eu
. tests/synth/common.sh
out=build/test-synth/hier_flat
rm -rf "$out"; mkdir -p "$out"
build/bin/gpurf-gen --config configs/tiny_baseline.ini --out "$out/flat"
build/bin/gpurf-gen --config configs/tiny_baseline.ini --out "$out/hier"
SYNTH_FLAT=1 synth/synth-all --quiet "$out/flat" "$LIBERTY" build/bin/gpurf-area > "$out/flat.log" 2>&1 \
  || { cat "$out/flat.log"; fail "flat synthesis failed"; }
synth/synth-all --quiet "$out/hier" "$LIBERTY" build/bin/gpurf-area > "$out/hier.log" 2>&1 \
  || { cat "$out/hier.log"; fail "hierarchical synthesis failed"; }
# The hierarchical run really kept the hierarchy: the cells are modules of
# their own in its report, not in the flat one's.
grep -q 'gpurf_xbar_onehot' "$out"/hier/synth/rf_banked_*/liberty.txt || fail "hierarchical run flattened"
! grep -q 'gpurf_xbar_onehot' "$out"/flat/synth/rf_banked_*/liberty.txt || fail "flat run kept the hierarchy"
build/bin/compare_areas "$out/flat/synth/area.json" "$out/hier/synth/area.json" 5
