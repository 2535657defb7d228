#!/usr/bin/env bash
# finereg-wb-deadlock.sh: the write-port deadlock of FineReg on large grids
# (docs/finereg.md, "Large grids: the write-port deadlock").  With the
# deferred-write buffer full of suspended CTAs' load results, their refused
# write-backs held every write port, the running CTAs' results queued behind
# them never landed, no running CTA became switchable, and no suspended CTA
# could come back to drain the buffer: bicgstab and cfd at min_ctas = 100
# never finished.  A 4-entry buffer reproduces it on 24 CTAs of bicgstab in
# under a second; the fix (a suspended CTA's refused write yields its port,
# sm_rfsys.h wr_yield) must let it finish, match its host reference, and
# take the yield path (writes_yielded > 0), so the test cannot pass without it.
set -u
cd "$(dirname "$0")/../.."
d=build/sm-finereg-wb; mkdir -p "$d"
out=$d/bicgstab.json
if ! msg=$(build/bin/gpurf-sim --config configs/finereg_gtx980.ini --kernel kernels/bicgstab \
    --set sim.min_ctas=24 --set finereg.deferred_writes=4 --set sim.max_cycles=500000 \
    --out "$out" --quiet 2>&1); then
  echo "FAIL  bicgstab, 24 CTAs, 4 deferred writes did not finish:"; grep -v 'entry\|warp' <<<"$msg" | tail -n 3
  exit 1
fi
get() { grep -o "\"$1\": [0-9]*" "$out" | head -1 | cut -d' ' -f2; }
y=$(get writes_yielded); s=$(get swaps)
[ -n "$y" ] && [ "$y" -gt 0 ] || { echo "FAIL  no write yielded its port (writes_yielded '$y'): the test no longer reaches the deadlock"; exit 1; }
[ "$(get registers_evicted)" = "$(get registers_restored)" ] || { echo "FAIL  evicted != restored"; exit 1; }
echo "ok    bicgstab 24 CTAs, 4 deferred writes: $(get cycles) cycles, $s swaps, $y writes yielded"
