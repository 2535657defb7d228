#!/usr/bin/env bash
# finereg.sh: FineReg in the SM model (cmodel/sm/sm_rfsys_finereg.c) does
# switch CTAs: on finereg_stress sgemm gets RMU swaps and restores, more
# CTAs resident than the scheduling limit, byte-identical statistics run
# after run, and its result still matches (gpurf-sim exits 1 otherwise).
# A trace also runs under FineReg (all registers live: no liveness).
set -u
cd "$(dirname "$0")/../.."
d=build/sm-finereg; mkdir -p $d
cfg=tests/sm/configs/finereg_stress.ini
for i in 1 2; do
  build/bin/gpurf-sim --config $cfg --kernel kernels/sgemm --out $d/sgemm.$i.json --quiet || exit 1
done
cmp $d/sgemm.1.json $d/sgemm.2.json || { echo "FineReg statistics differ between runs"; exit 1; }
get() { grep -o "\"$1\": [0-9]*" $d/sgemm.1.json | head -1 | cut -d' ' -f2; }
fail=0
[ "$(get swaps)" -gt 0 ] || { echo "no RMU swap"; fail=1; }
[ "$(get registers_restored)" -gt 0 ] || { echo "no register restored"; fail=1; }
[ "$(get registers_evicted)" = "$(get registers_restored)" ] || { echo "evicted != restored"; fail=1; }
lim=$(( $(get cta_limit_per_sm) * $(get sms) ))
[ "$(get max_resident_ctas)" -gt "$lim" ] || { echo "max resident CTAs $(get max_resident_ctas) not above the scheduling limit $lim"; fail=1; }
grep -q '"scheme": "finereg"' $d/sgemm.1.json || { echo "no scheme field"; fail=1; }
build/bin/gpurf-sim --config configs/finereg_gtx980.ini --trace tests/sm/trace2 --out $d/trace2.json --quiet || exit 1
[ $fail = 0 ] && echo "swaps $(get swaps), evictions $(get evictions), restores $(get restores), registers $(get registers_evicted), max resident $(get max_resident_ctas) > $lim"
exit $fail
