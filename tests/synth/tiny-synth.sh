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
command -v python3 >/dev/null || { echo "skip: python3 not installed"; exit 77; }
out=build/test-synth/tiny_baseline
rm -rf "$out"
build/bin/gpurf-gen --config configs/tiny_baseline.ini --out "$out"
synth/synth-all "$out" "$LIBERTY" build/bin/gpurf-area

for d in "$out"/synth/*/; do
  [ -f "$d/latches.txt" ] || continue
  [ ! -s "$d/latches.txt" ] || fail "$d: latches: $(cat "$d/latches.txt")"
done

python3 - "$out" <<'PY'
import json, sys
out = sys.argv[1]
man = json.load(open(out + "/manifest.json"))
rep = json.load(open(out + "/synth/area.json"))
def check(cond, what):
    if not cond:
        sys.exit("FAIL: " + what)
names = [m["name"] for m in rep["modules"]]
check(sorted(names) == sorted(m["name"] for m in man["modules"]), "report modules %s != manifest" % names)
check("rf_banked" in [m["base"] for m in rep["modules"]], "no rf_banked in the report")
keys = ["sram_bits", "sram_area_um2", "ffs", "logic_cells", "logic_area_um2",
        "transistors", "logic_depth", "total_area_um2"]
for m in rep["modules"]:
    n = m["name"]
    check(m["logic_cells"] > 0, n + ": no logic cells")
    check(m["logic_area_um2"] > 0, n + ": no logic area")
    check(m["transistors"] > 0 and m["transistors_exact"], n + ": transistors not counted exactly")
    check(m["logic_depth"] > 0, n + ": no logic depth")
    check(abs(m["total_area_um2"] - m["sram_area_um2"] - m["logic_area_um2"]) < 0.02, n + ": total != sram + logic")
    check(m["ffs"] <= m["logic_cells"], n + ": more flops than cells")
rf = [m for m in rep["modules"] if m["base"] == "rf_banked"][0]
check(rf["sram_bits"] == 1024 * 8, "rf_banked SRAM bits %d, want 8192 (size_bytes = 1024)" % rf["sram_bits"])
check(abs(rf["sram_area_um2"] - 81509.07) < 0.01, "rf_banked SRAM area %r, want 81509.07" % rf["sram_area_um2"])
check(0 < rf["ffs"] < 256, "rf_banked has %d flops: SRAM bits synthesized as flops?" % rf["ffs"])
gen = json.load(open(out + "/synth/" + rf["name"] + "/generic.json"))["design"]["num_cells_by_type"]
check(gen.get("gpurf_sram_r16_w128_m4_1rw") == 4, "generic netlist has %r bank macros, want 4" % gen.get("gpurf_sram_r16_w128_m4_1rw"))
t = rep["total"]
for k in keys[:-1]:
    if k == "logic_depth":
        check(t[k] == max(m[k] for m in rep["modules"]), "total depth is not the maximum")
    else:
        check(abs(t[k] - sum(m[k] for m in rep["modules"])) < 0.05, "total %s is not the sum" % k)
md = open(out + "/synth/area.md").read()
check(rf["name"] in md and "**total**" in md, "area.md lacks the module row or the total row")
print("ok: %d modules, %d cells, %.0f um^2 logic, %.0f um^2 SRAM" %
      (len(names), t["logic_cells"], t["logic_area_um2"], t["sram_area_um2"]))
PY

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
