#!/usr/bin/env bash
# regvirt-spill-busy.sh: the spill fallback when no warp is quiescent
# (docs/regvirt.md "Spilling", step 2).  sgemm on cosim_regvirt_spill (a
# 32 KB file, global throttle + spill) deadlocked at cycle 357: one CTA held
# every bank and each of its warps had an instruction waiting for rename,
# so the victim rule (quiescent warps only) found none.  The victim may now
# be such a warp: its registers no in-flight instruction names are
# spilled, the rest stay mapped (the table's exit_keep_i).  Then a smaller
# warp's spill and fill livelocked with an older spilled warp that never
# fitted: fills now go in spill order.  It must finish, fill every spilled
# warp and get the result right.  Two CPU seconds.
set -u
cd "$(dirname "$0")/../.."
cfg=tests/sm/configs/cosim_regvirt_spill.ini
out=build/sim-check/regvirt-spill-busy
mkdir -p "$out"
log=$(timeout 120 build/bin/gpurf-sim --config $cfg --kernel kernels/sgemm --set sim.max_cycles=1000000 \
      --out $out/sgemm.json 2>&1) ||
  { echo "FAIL sgemm with spill on cosim_regvirt_spill: $(tail -n 2 <<<"$log")"; exit 1; }
grep -q 'result: matches the host reference' <<<"$log" || { echo "FAIL sgemm: result"; exit 1; }
n() { grep -o "\"$1\": [0-9]*" $out/sgemm.json | head -1 | awk '{print $2}'; }
sp=$(n spills) fi=$(n fills)
[ -n "$sp" ] && [ "$sp" -gt 0 ] && [ "$fi" = "$sp" ] || { echo "FAIL sgemm: ${sp:-?} spills, ${fi:-?} fills"; exit 1; }
echo "ok   sgemm on cosim_regvirt_spill, no warp quiescent: $sp spills, $fi fills, result right"
