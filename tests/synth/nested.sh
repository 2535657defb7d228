#!/bin/sh
# nested.sh: a composed top whose manifest memories include a submodule's
# (fixtures/nested: top_fixture holds two leaf_fixture, each with a macro).
# synth-all black-boxes leaf_fixture inside the top, so the macros must be
# charged once, in leaf_fixture's row, and the top's row must have none;
# gpurf-area used to stop with "0 instances ... says 2" (tiny_regvirt_shrink,
# whose regvirt_top file has the parameters of its rf_banked).  The report's
# "top" charges the leaf row by its instance count: 64 bits.
set -eu
. tests/synth/common.sh
out=build/test-synth/nested
rm -rf "$out"; mkdir -p "$out"
cp -r tests/synth/fixtures/nested/rtl tests/synth/fixtures/nested/manifest.json "$out/"
synth/synth-all "$out" "$LIBERTY" build/bin/gpurf-area > "$out.log" 2>&1 || { cat "$out.log"; fail "synth-all failed"; }
# area.md's row per module: | `name` | SRAM bits | ...
sram_bits() { awk -F'|' -v m="\`$1\`" '{ gsub(/ /, "", $2) } $2 == m { gsub(/ /, "", $3); print $3 }' "$out/synth/area.md"; }
top=$(sram_bits top_fixture)
leaf=$(sram_bits leaf_fixture)
[ "$leaf" = 32 ] || fail "leaf_fixture charged $leaf SRAM bits, want 32"
[ "$top" = 0 ] || fail "top_fixture charged $top SRAM bits, want 0 (its macros are the black-boxed leaves')"
# The top as a hierarchy (area.json "top", synth/area_top.c): the leaf row
# counted by its two instances, so 64 SRAM bits.
grep -qF '`leaf_fixture` x 2;' "$out/synth/area.md" || fail "the top's hierarchy does not count leaf_fixture twice"
grep -q '"sram_bits":[[:space:]]*64,' "$out/synth/area.json" || fail "top.sram_bits is not 64"
# synth-all's module cache: a second run reuses both modules, same report.
SYNTH_CACHE=$out/cache synth/synth-all "$out" "$LIBERTY" build/bin/gpurf-area > /dev/null 2>&1 || fail "synth-all (cache on) failed"
cp "$out/synth/area.json" "$out/area.first.json"
SYNTH_CACHE=$out/cache synth/synth-all "$out" "$LIBERTY" build/bin/gpurf-area 2>&1 >/dev/null |
  grep -q "2 module(s) (2 up to date)" || fail "the second run did not reuse both modules"
cmp -s "$out/synth/area.json" "$out/area.first.json" || fail "the reused modules give another report"
echo "ok: the leaves' macros charged once, in their row (leaf 32 bits, top 0); the top's hierarchy has both (64)"
