#!/usr/bin/env bash
# ltrf-deactivate.sh: the LTRF two-level scheduler's deactivation rule
# ([ltrf] deactivate, docs/ltrf.md "Deactivation") does what each reading
# promises, on real kernels:
#   miss   only a load that missed the L1 takes a warp out of the active
#          pool: such deactivations never outnumber the misses, and on a
#          kernel whose loads partly hit (sgemm) there are fewer than under
#          issue, which takes out every warp issuing a long-latency load;
#   use    a warp leaves when its next instruction waits for a load;
#   every rule keeps the kernels bit-exact and the statistics deterministic,
#   and a value outside the three is refused naming the key (exit 2).
set -u
cd "$(dirname "$0")/../.."
d=build/sm-ltrf-deact; mkdir -p $d
cfg=tests/sm/configs/ltrf_sm.ini
. tests/sm/stats-lib.sh
run() {	# mode kernel
  build/bin/gpurf-sim --config $cfg --kernel kernels/$2 --set ltrf.deactivate=$1 --out $d/$2.$1.json \
    --quiet || fail "$2 under deactivate=$1 did not run or missed its host reference"
}
for k in sgemm transpose; do
  for mode in issue miss use; do run $mode $k; done
  ll_miss=$(num $d/$k.miss.json long_latency_deactivations); misses=$(num $d/$k.miss.json load_misses)
  ll_issue=$(num $d/$k.issue.json long_latency_deactivations)
  ll_use=$(num $d/$k.use.json long_latency_deactivations)
  [ "$misses" -gt 0 ] || fail "$k: no load missed the L1"
  [ "$ll_miss" -gt 0 ] && [ "$ll_miss" -le "$misses" ] ||
    fail "$k: miss rule took out $ll_miss warps for $misses load misses"
  [ "$ll_use" -gt 0 ] || fail "$k: use rule never took a warp out"
  echo "ok    $k: long-latency deactivations issue $ll_issue, miss $ll_miss (of $misses misses), use $ll_use"
done
hits=$(grep -o '"l1_hits": [0-9]*' $d/sgemm.miss.json | grep -o '[0-9]*$')
[ "${hits:-0}" -gt 0 ] || fail "sgemm: no L1 hit, the comparison below says nothing"
[ "$(num $d/sgemm.miss.json long_latency_deactivations)" -lt "$(num $d/sgemm.issue.json long_latency_deactivations)" ] ||
  fail "sgemm: the miss rule took out no fewer warps than the issue rule although $hits loads hit"
# deterministic
build/bin/gpurf-sim --config $cfg --kernel kernels/transpose --set ltrf.deactivate=miss --out $d/again.json --quiet ||
  fail "transpose again"
cmp -s $d/transpose.miss.json $d/again.json || fail "statistics differ between two runs"
# a bad value: one message naming the key, exit 2, no output
rm -f $d/bad.json
build/bin/gpurf-sim --config $cfg --kernel kernels/transpose --set ltrf.deactivate=never --out $d/bad.json \
  > $d/bad.out 2>&1
st=$?
[ $st -eq 2 ] || fail "deactivate=never: exit $st, not 2"
grep -q "deactivate" $d/bad.out && grep -q "miss" $d/bad.out || fail "deactivate=never: $(cat $d/bad.out)"
[ ! -e $d/bad.json ] || fail "deactivate=never wrote $d/bad.json"
echo "ltrf-deactivate: miss bounded by misses and below issue on sgemm, use fires, deterministic, bad value refused"
