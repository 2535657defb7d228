#!/usr/bin/env bash
# regvirt-spill-starved.sh: the spill fallback's second trigger (docs/regvirt.md
# "Spilling", step 1: filling starved).  sgemm with [sim] min_ctas = 100 on
# the GPU-shrink (global throttle + spill) once hung: spilled warps that no
# longer fit, the rest of the SM quiescent at a barrier or suspended, no
# rename port holding a chunk.  It must finish (1.87 M cycles: the 2.5 M
# watchdog stops the hang in about a minute), fill every spilled warp and
# get the result right.  About 12 CPU seconds: tests/long/regvirt.list.
set -u
cd "$(dirname "$0")/../.."
cfg=tests/sm/configs/regvirt_shrink_sm.ini
out=build/sim-check/regvirt-spill-starved
mkdir -p "$out"
log=$(timeout 300 build/bin/gpurf-sim --config $cfg --kernel kernels/sgemm --set sim.min_ctas=100 \
      --set sim.max_cycles=2500000 --set regvirt.throttle=global --set regvirt.spill=1 \
      --out $out/sgemm.json 2>&1) ||
  { echo "FAIL sgemm x100 with spill: $(tail -n 2 <<<"$log")"; exit 1; }
grep -q 'result: matches the host reference' <<<"$log" || { echo "FAIL sgemm x100 with spill: result"; exit 1; }
n() { grep -o "\"$1\": [0-9]*" $out/sgemm.json | head -1 | awk '{print $2}'; }
sp=$(n spills) fi=$(n fills)
[ -n "$sp" ] && [ "$sp" -gt 0 ] && [ "$fi" = "$sp" ] || { echo "FAIL sgemm x100: ${sp:-?} spills, ${fi:-?} fills"; exit 1; }
echo "ok   sgemm x100, global throttle + spill: $sp spills, $fi fills, result right"
