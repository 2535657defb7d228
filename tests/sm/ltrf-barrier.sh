#!/usr/bin/env bash
# ltrf-barrier.sh: when an LTRF warp waiting at a barrier gives its row up
# ([ltrf] barrier, docs/ltrf.md "Barrier waiters"), on reduction (a
# barrier in every step of its tree, 8-warp CTAs, 8 register-cache rows):
#   pending  a barrier waiter leaves its row as soon as another warp waits
#            for one (the two-level scheduler's demotion, as the baseline's):
#            more deactivations, and fewer scheduler cycles lost at barriers,
#            than under
#   stuck    (the rule before 2026-11-28) only when every warp holding a row
#            waits at a barrier;
#   both keep LTRF and LTRF+ bit-exact against the host reference, and a
#   value outside the two is refused naming the key (exit 2, no output).
set -u
cd "$(dirname "$0")/../.."
d=build/sm-ltrf-barrier; mkdir -p $d
. tests/sm/stats-lib.sh
for c in ltrf_sm ltrf_plus_sm; do
  for mode in pending stuck; do
    build/bin/gpurf-sim --config tests/sm/configs/$c.ini --kernel kernels/reduction --set ltrf.barrier=$mode \
      --out $d/$c.$mode.json --quiet || fail "$c reduction under barrier=$mode did not run or missed its host reference"
  done
  dp=$(num $d/$c.pending.json deactivations); ds=$(num $d/$c.stuck.json deactivations)
  bp=$(stall $d/$c.pending.json barrier); bs=$(stall $d/$c.stuck.json barrier)
  [ "$dp" -gt "$ds" ] || fail "$c: barrier=pending deactivated $dp warps, stuck $ds: waiters kept their rows"
  [ $((2 * bp)) -lt "$bs" ] || fail "$c: barrier stalls $bp under pending, $bs under stuck: not halved"
  echo "ok    $c reduction: deactivations pending $dp / stuck $ds, barrier stalls $bp / $bs"
done
refused $d tests/sm/configs/ltrf_sm.ini ltrf.barrier=never pending
echo "ltrf-barrier: pending takes waiters out and halves barrier stalls, both bit-exact, bad value refused"
