#!/usr/bin/env bash
# two-level-demote.sh: [sim] two_level_demote, the SM two-level scheduler's
# demotion rule (common/cfg.c, docs/ltrf.md "Measured with the 2026-11-28
# defaults"), on bfs, whose global loads partly hit the L1:
#   use (the default) and miss demote different warps, so the runs differ;
#   both stay bit-exact against the host reference;
#   the key changes nothing under another scheduler (gto);
#   a value outside use|miss is refused naming the key, exit 2, no output.
set -u
cd "$(dirname "$0")/../.."
d=build/sm-two-level-demote; mkdir -p $d
cfg=tests/sm/configs/ltrf_sm.ini
bl="--set sm.scheme=baseline --set sim.active_warps=2"
. tests/sm/stats-lib.sh
run() {	# out sched [rule]
  build/bin/gpurf-sim --config $cfg --kernel kernels/bfs $bl --set sim.scheduler=$2 ${3:+--set sim.two_level_demote=$3} \
    --out $d/$1.json --quiet || fail "bfs $2 ${3:-default} did not run or missed its host reference"
}
run def two_level; run use two_level use; run miss two_level miss
run gto_use gto use; run gto_miss gto miss
[ "$(num $d/miss.json l1_hits)" -gt 0 ] || fail "bfs: no L1 hit, use and miss need not differ"
cmp -s $d/def.json $d/use.json || fail "the default is not use"
c_use=$(num $d/use.json cycles); c_miss=$(num $d/miss.json cycles)
[ "$c_use" != "$c_miss" ] || fail "use and miss both take $c_use cycles: the key changes no demotion"
cmp -s $d/gto_use.json $d/gto_miss.json || fail "two_level_demote changed a gto run"
rm -f $d/bad.json
build/bin/gpurf-sim --config $cfg --kernel kernels/bfs $bl --set sim.scheduler=two_level \
  --set sim.two_level_demote=hit --out $d/bad.json > $d/bad.out 2>&1
st=$?
[ $st -eq 2 ] || fail "two_level_demote=hit: exit $st, not 2"
grep -q "two_level_demote" $d/bad.out && grep -q "miss" $d/bad.out || fail "two_level_demote=hit: $(cat $d/bad.out)"
[ ! -e $d/bad.json ] || fail "two_level_demote=hit wrote $d/bad.json"
echo "two-level-demote: bfs use $c_use cycles, miss $c_miss; default = use; gto unchanged; bad value refused"
