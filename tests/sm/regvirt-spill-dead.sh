#!/usr/bin/env bash
# regvirt-spill-dead.sh: a finished warp is not spilled (docs/regvirt.md
# "Spilling", victim choice).  stencil3d with [sim] min_ctas = 100 on the
# GPU-shrink (global throttle + spill, the defaults) once ended with one
# spill more than fills: the victim had executed its last instruction, its
# CTA exited while its registers were in memory, and nothing filled them.
# A finished warp's registers are dead: the spill sweep only unmaps them
# (a dead sweep: no read, store or fill).  The run must count as many fills
# as spills, at least one dead sweep, and get the result right.  About 8 CPU
# seconds: tests/long/regvirt.list.
set -u
cd "$(dirname "$0")/../.."
cfg=tests/sm/configs/regvirt_shrink_sm.ini
out=build/sim-check/regvirt-spill-dead
mkdir -p "$out"
log=$(timeout 300 build/bin/gpurf-sim --config $cfg --kernel kernels/stencil3d --set sim.min_ctas=100 \
      --set regvirt.throttle=global --set regvirt.spill=1 --out $out/stencil3d.json 2>&1) ||
  { echo "FAIL stencil3d x100: $(tail -n 2 <<<"$log")"; exit 1; }
grep -q 'result: matches the host reference' <<<"$log" || { echo "FAIL stencil3d x100: result"; exit 1; }
n() { grep -o "\"$1\": [0-9]*" $out/stencil3d.json | head -1 | awk '{print $2}'; }
sp=$(n spills) fi=$(n fills) dd=$(n dead_sweeps)
[ -n "$sp" ] && [ "$sp" -gt 0 ] && [ "$fi" = "$sp" ] || { echo "FAIL stencil3d x100: ${sp:-?} spills, ${fi:-?} fills"; exit 1; }
[ -n "$dd" ] && [ "$dd" -gt 0 ] || { echo "FAIL stencil3d x100: no dead sweep (${dd:-?})"; exit 1; }
echo "ok   stencil3d x100, global throttle + spill: $sp spills, $fi fills, $dd dead sweeps, result right"
