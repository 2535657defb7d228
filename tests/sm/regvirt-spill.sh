#!/usr/bin/env bash
# regvirt-spill.sh: the spill fallback of the regvirt subsystem (RegVirt
# Sec. 8.1, [regvirt] spill, docs/regvirt.md "Spilling").  On the GPU-shrink
# configuration the paper's global throttle deadlocks cfd under the
# same-bank renaming rule; with spill = 1 the SM model must spill a warp
# (spills > 0), fill every spilled warp back (fills = spills), and finish
# with the kernel's result equal to the host reference (bit-exact: the
# registers went to memory and came back through the file's ports).
# Second case: bicgstab with 100 CTAs (a pbr free racing a pending write).
set -u
cd "$(dirname "$0")/../.."
cfg=tests/sm/configs/regvirt_shrink_sm.ini
out=build/sim-check/regvirt-spill
mkdir -p "$out"
log=$(timeout 300 build/bin/gpurf-sim --config $cfg --kernel kernels/cfd --out $out/cfd.json \
      --set regvirt.throttle=global --set regvirt.spill=1 2>&1) ||
  { echo "FAIL cfd with spill: $(tail -n 2 <<<"$log")"; exit 1; }
grep -q 'result: matches the host reference' <<<"$log" || { echo "FAIL cfd with spill: result"; exit 1; }
n() { grep -o "\"$1\": [0-9]*" $out/cfd.json | head -1 | awk '{print $2}'; }
sp=$(n spills) fi=$(n fills) regs=$(n spilled_regs)
[ -n "$sp" ] && [ "$sp" -gt 0 ] || { echo "FAIL cfd: no spill (spills = ${sp:-missing})"; exit 1; }
[ "$fi" = "$sp" ] || { echo "FAIL cfd: $sp spills but $fi fills"; exit 1; }
[ "$regs" -ge "$sp" ] || { echo "FAIL cfd: $sp spills moved $regs registers"; exit 1; }
echo "ok   cfd, global throttle + spill: $sp spills, $fi fills, $regs registers, result right"

# A pbr's free must wait for an older write to the register it releases
# (free_inputs, write_pending): bicgstab with 100 CTAs on this
# configuration freed a register whose load result was still in flight,
# the table gave it to another warp and the late write corrupted it
# (v[2162], partial[16] wrong).  Two seconds.
log=$(timeout 120 build/bin/gpurf-sim --config $cfg --kernel kernels/bicgstab --set sim.min_ctas=100 \
      --out $out/bicgstab.json --set regvirt.throttle=global --set regvirt.spill=1 2>&1) ||
  { echo "FAIL bicgstab x100 with spill: $(tail -n 3 <<<"$log")"; exit 1; }
grep -q 'result: matches the host reference' <<<"$log" || { echo "FAIL bicgstab x100 with spill: result"; exit 1; }
echo "ok   bicgstab x100, global throttle + spill: result right (a pbr's free waits for a pending write)"
