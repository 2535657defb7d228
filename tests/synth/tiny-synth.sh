#!/bin/sh
# tiny-synth.sh: the whole `make synth` flow on tiny_baseline, into
# build/test-synth/ (the user's build/tiny_baseline is left alone), and
# what its report must say:
#   - one report entry per manifest module, plus a total that sums them
#   - real logic: cells, area, transistors (exact), depth all > 0; no latch
#   - SRAM black-boxed: 1024 bytes = 8192 bits charged by the model
#     (81509.07 um^2: 4 single-port 16x128 macros, 4 x 0.0324 x (16*128*146 + 16*10*60 + 128*14.6*150 + 40000) F^2), the flops are
#     the control's only (far fewer than 8192), the 4 bank macros survive
#     in the generic netlist as instances (generic.json, read here directly)
#   - gpurf-area refuses a manifest that disagrees with the netlist, and one
#     whose bits are not rows x width x instances
set -eu
. tests/synth/common.sh
out=build/test-synth/tiny_baseline
rm -rf "$out"
build/bin/gpurf-gen --config configs/tiny_baseline.ini --out "$out"
synth/synth-all "$out" "$LIBERTY" build/bin/gpurf-area

for d in "$out"/synth/*/; do
  [ -f "$d/latches.txt" ] || continue
  [ ! -s "$d/latches.txt" ] || fail "$d: latches: $(cat "$d/latches.txt")"
done

build/bin/check_area_report "$out"
grep -qF '**total**' "$out/synth/area.md" && grep -q '`rf_banked_w4_' "$out/synth/area.md" \
  || fail "area.md lacks the module row or the total row"

# The netlist has 4 bank macros; a manifest that claims 5 must be refused.
mkdir -p "$out/lie"
sed -e 's/"instances": 4/"instances": 5/' -e 's/"bits": 8192/"bits": 10240/' \
    "$out/manifest.json" > "$out/lie/manifest.json"
grep -q '"instances": 5' "$out/lie/manifest.json" || fail "could not make the lying manifest"
set +e
build/bin/gpurf-area --manifest "$out/lie/manifest.json" --synth "$out/synth" 2>"$out/lie/err"
rc=$?
set -e
cat "$out/lie/err"
[ $rc -eq 2 ] || fail "gpurf-area exited $rc on a manifest with 5 macros, want 2"
grep -q "has 4 instances of gpurf_sram_r16_w128_m4_1rw" "$out/lie/err" || fail "message does not give the netlist's count"

set +e
build/bin/gpurf-area --manifest tests/synth/fixtures/bad_bits/manifest.json --synth "$out/synth" 2>"$out/lie/err2"
rc=$?
set -e
cat "$out/lie/err2"
[ $rc -eq 2 ] || fail "gpurf-area exited $rc on bad bits, want 2"
grep -q "bits is 4096 but rows x width x instances is 8192" "$out/lie/err2" || fail "bad-bits message"
echo "ok: tiny_baseline synthesized and checked"
