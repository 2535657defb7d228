#!/usr/bin/env bash
# mutate-tool.sh: scripts/mutate and gpurf-mutate as a user meets them.
# A small draw on tiny_baseline's rf_banked must kill every mutant (the
# known-equivalent ones are left out of the draw); a mutant the tool writes
# differs from the generated file in exactly the line it names; bad input
# (an unknown module, a broken equivalent list, a site out of range) is
# refused with exit 2 and a message naming what is wrong.
set -u
cd "$(dirname "$0")/../.."
fail=0
cfg=configs/tiny_baseline.ini
out=build/mutate-tool
mkdir -p "$out"
build/bin/gpurf-gen --config "$cfg" --out build/tiny_baseline > /dev/null || exit 1
f=$(ls build/tiny_baseline/rtl/rf_banked_*.v)

# every drawn mutant changes one line of the file, the one the draw names
build/bin/gpurf-mutate draw "$f" 12 3 > "$out/drawn.tsv" || fail=1
[ "$(grep -c . "$out/drawn.tsv")" -eq 12 ] || { echo "FAIL: draw of 12 gave $(grep -c . "$out/drawn.tsv")"; fail=1; }
while IFS=$'\t' read -r id line cls before after; do
  build/bin/gpurf-mutate apply "$f" "$id" "$out/m.v" || { fail=1; continue; }
  changed=$(diff "$f" "$out/m.v" | grep -E '^[0-9]+c[0-9]+$')
  [ "$changed" = "${line}c${line}" ] || { echo "FAIL: site $id ($cls, line $line) changed '$changed'"; fail=1; }
done < "$out/drawn.tsv"
# the same seed draws the same sites, another seed others
build/bin/gpurf-mutate draw "$f" 12 3 | cmp -s - "$out/drawn.tsv" || { echo "FAIL: draw not deterministic"; fail=1; }
build/bin/gpurf-mutate draw "$f" 12 4 | cmp -s - "$out/drawn.tsv" && { echo "FAIL: seeds 3 and 4 drew the same"; fail=1; }
# known-equivalent sites are marked and never drawn
n_eq=$(build/bin/gpurf-mutate list "$f" --equivalent tests/mutate/equivalent.tsv | grep -c $'\tequivalent$')
[ "$n_eq" -gt 0 ] || { echo "FAIL: no site of $f marked equivalent"; fail=1; }
build/bin/gpurf-mutate list "$f" --equivalent tests/mutate/equivalent.tsv | grep $'\tequivalent$' | cut -f1 > "$out/eq.ids"
build/bin/gpurf-mutate draw "$f" 100000 1 --equivalent tests/mutate/equivalent.tsv | cut -f1 | grep -qxF -f "$out/eq.ids" \
  && { echo "FAIL: an equivalent site was drawn"; fail=1; }

# bad input: exit 2, a message naming the thing
expect2() {
  local what=$1 pat=$2; shift 2
  "$@" > "$out/bad.out" 2> "$out/bad.err"; rc=$?
  if [ $rc -ne 2 ] || ! grep -q -- "$pat" "$out/bad.err"; then
    echo "FAIL: $what: exit $rc, stderr: $(head -c 300 "$out/bad.err")"; fail=1
  fi
}
printf 'rf_banked_*.v\tnot-a-class\t*\tx\ty\tz\twhy\n' > "$out/bad.tsv"
expect2 "unknown class" "bad.tsv:1: class 'not-a-class'" build/bin/gpurf-mutate list "$f" --equivalent "$out/bad.tsv"
printf 'rf_banked_*.v\trel\t*\tx\n' > "$out/bad.tsv"
expect2 "short line" "bad.tsv:1: 4 tab-separated fields" build/bin/gpurf-mutate list "$f" --equivalent "$out/bad.tsv"
expect2 "site out of range" "ID 999999" build/bin/gpurf-mutate apply "$f" 999999 "$out/x.v"
[ -e "$out/x.v" ] && { echo "FAIL: a refused apply wrote its output"; fail=1; }
expect2 "unknown module" "MODULE=nope" scripts/mutate "$cfg" nope 2 1
expect2 "N zero" "N=0" scripts/mutate "$cfg" rf_banked 0 1
# a cell the module does not instantiate would only "survive" every mutant
build/bin/gpurf-gen --config configs/tiny_rfc.ini --out build/tiny_rfc > /dev/null || exit 1
expect2 "cell not used" "not instantiated by rf_banked" scripts/mutate configs/tiny_rfc.ini rf_banked 2 1 'gpurf_age_rank_*.v'

# the whole loop: four mutants built and run, all killed
scripts/mutate "$cfg" rf_banked 4 7 > "$out/run.out" 2>&1; rc=$?
cat "$out/run.out"
grep -q "tiny_baseline rf_banked: 4 killed, 0 survived, 0 invalid: score 100.0 %" "$out/run.out" && [ $rc -eq 0 ] \
  || { echo "FAIL: make mutate on rf_banked (exit $rc)"; fail=1; }
exit $fail
