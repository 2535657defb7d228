#!/bin/sh
# kept.sh: the kept module cache (synth/keep, synth-all's SYNTH_KEPT;
# docs/synth.md "Kept results") on fixtures/nested's two modules: keep
# copies a report's modules from the build cache with the Yosys version; a
# run with an empty build cache then takes both from the kept one and
# writes the same report; an entry of another Yosys version is not used;
# --prune removes only entries no report uses, and refuses while a module
# is missing.
set -eu
. tests/synth/common.sh
out=build/test-synth/kept
rm -rf "$out"; mkdir -p "$out"
cp -r tests/synth/fixtures/nested/rtl tests/synth/fixtures/nested/manifest.json "$out/"
run() {	# run BUILD_CACHE KEPT: synth-all on $out, its standard error in $out.err
  SYNTH_CACHE=$1 SYNTH_KEPT=$2 synth/synth-all "$out" "$LIBERTY" build/bin/gpurf-area > /dev/null 2> "$out.err" ||
    { cat "$out.err"; fail "synth-all failed"; }
}
run "$out/c1" off
grep -q "2 module(s) (0 up to date)" "$out.err" || fail "the first run did not synthesize both modules"
cp "$out/synth/area.json" "$out/area.first.json"
synth/keep --cache "$out/c1" --kept "$out/kept" "$LIBERTY" build/bin/gpurf-area "$out" > "$out.keep" ||
  { cat "$out.keep"; fail "keep failed"; }
grep -q "keep: 2 added, 0 already kept, 0 pruned, 0 missing" "$out.keep" || { cat "$out.keep"; fail "keep did not add both modules"; }
n=$(ls "$out/kept" | wc -l)
[ "$n" = 2 ] || fail "$n kept entries, want 2"
for d in "$out"/kept/*/; do
  [ "$(cat "$d/yosys.txt")" = "$(yosys -V)" ] || fail "$d/yosys.txt is not this Yosys's version"
done
# an empty build cache: both from the kept entries, the same report
run "$out/c2" "$out/kept"
grep -q "2 module(s) (2 up to date)" "$out.err" || { cat "$out.err"; fail "the kept entries were not used"; }
[ "$(grep -c 'up to date (kept: ' "$out.err")" = 2 ] || fail "synth-all does not say both came from the kept cache"
cmp -s "$out/synth/area.json" "$out/area.first.json" || fail "the kept modules give another report"
[ "$(ls "$out/c2" | wc -l)" = 2 ] || fail "the kept entries were not copied into the build cache"
# an entry of another Yosys is synthesized again
one=$(ls "$out/kept" | head -n 1)
echo "Yosys 0.0 (another)" > "$out/kept/$one/yosys.txt"
run "$out/c3" "$out/kept"
grep -q "2 module(s) (1 up to date)" "$out.err" || { cat "$out.err"; fail "an entry of another Yosys version was used"; }
# keep again renews that entry; --prune drops a stray one, keeps the two
mkdir -p "$out/kept/0123456789abcdef0123456789abcdef"
synth/keep --prune --cache "$out/c1" --kept "$out/kept" "$LIBERTY" build/bin/gpurf-area "$out" > "$out.keep"
grep -q "keep: 1 added, 1 already kept, 1 pruned, 0 missing" "$out.keep" || { cat "$out.keep"; fail "keep --prune: $(tail -n 1 "$out.keep")"; }
[ "$(ls "$out/kept" | wc -l)" = 2 ] || fail "--prune left $(ls "$out/kept" | wc -l) entries, want 2"
# a module in neither cache: exit 1, and no pruning
rm -rf "$out/kept/$one" "$out/c1/$one"
mkdir -p "$out/kept/0123456789abcdef0123456789abcdef"
if synth/keep --prune --cache "$out/c1" --kept "$out/kept" "$LIBERTY" build/bin/gpurf-area "$out" > "$out.keep" 2>&1; then
  fail "keep succeeded with a module in neither cache"
fi
grep -q "not pruning" "$out.keep" || fail "keep pruned although a module is missing"
[ -d "$out/kept/0123456789abcdef0123456789abcdef" ] || fail "keep pruned although a module is missing"
echo "ok: kept entries made, used (same report), refused under another Yosys, pruned only when complete"
