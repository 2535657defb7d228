#!/usr/bin/env bash
# regvirt-rename-queue.sh: the bounded rename queue of the regvirt subsystem
# ([regvirt] rename_queue, cmodel/sm/sm_rfsys_regvirt.c).  A queue of 12
# chunks (sgemm's two issues add at most 12) keeps the issue gate closed
# most of the time under the GPU-shrink throttle (global + spill): the kernel must still
# finish with its result right (the favoured CTA always issues: no
# deadlock), and slower than with the default bound, which the gate never
# reaches; a queue smaller than one cycle's chunks is refused (exit 2).
# The queue's push lanes ([regvirt] rename_lanes) only bound how many chunks
# enter per cycle: without spills, 12 lanes (sgemm's most) give statistics
# byte-identical to the default 32, and 8 lanes are refused.
set -u
cd "$(dirname "$0")/../.."
cfg=tests/sm/configs/regvirt_shrink_sm.ini
out=build/sim-check/regvirt-rename-queue
mkdir -p "$out"
small=$(build/bin/gpurf-sim --config $cfg --kernel kernels/sgemm --out $out/q12.json --set regvirt.rename_queue=12 2>&1) ||
  { echo "FAIL rename_queue = 12: $(tail -n 2 <<<"$small")"; exit 1; }
grep -q 'result: matches the host reference' <<<"$small" || { echo "FAIL rename_queue = 12: result"; exit 1; }
dflt=$(build/bin/gpurf-sim --config $cfg --kernel kernels/sgemm --out $out/default.json 2>&1) || { echo "FAIL default"; exit 1; }
c12=$(grep -o '^  cycles [0-9]*' <<<"$small" | awk '{print $2}')
cd_=$(grep -o '^  cycles [0-9]*' <<<"$dflt" | awk '{print $2}')
[ "$c12" -gt "$cd_" ] || { echo "FAIL the gate did not slow sgemm down ($c12 vs $cd_ cycles)"; exit 1; }
build/bin/gpurf-sim --config $cfg --kernel kernels/sgemm --out $out/q4.json --set regvirt.rename_queue=4 >/dev/null 2>$out/q4.err
rc=$?
[ $rc -eq 2 ] && grep -q 'rename_queue >= 12' $out/q4.err && [ ! -e $out/q4.json ] ||
  { echo "FAIL rename_queue = 4: exit $rc, $(cat $out/q4.err)"; exit 1; }
# without spilling: a fill's chunks take push lanes too, so with spills the
# lane count moves the fills' timing (docs/regvirt.md, "Spilling")
nosp="--set regvirt.throttle=per_bank --set regvirt.spill=0"
build/bin/gpurf-sim --config $cfg --kernel kernels/sgemm --out $out/l32.json $nosp >/dev/null 2>&1 &&
build/bin/gpurf-sim --config $cfg --kernel kernels/sgemm --out $out/l12.json $nosp --set regvirt.rename_lanes=12 >/dev/null 2>&1 &&
  cmp -s $out/l12.json $out/l32.json || { echo "FAIL rename_lanes = 12: statistics differ from the default lanes"; exit 1; }
build/bin/gpurf-sim --config $cfg --kernel kernels/sgemm --out $out/l8.json --set regvirt.rename_lanes=8 >/dev/null 2>$out/l8.err
rc=$?
[ $rc -eq 2 ] && grep -q 'rename_lanes >= 12' $out/l8.err && [ ! -e $out/l8.json ] ||
  { echo "FAIL rename_lanes = 8: exit $rc, $(cat $out/l8.err)"; exit 1; }
echo "ok   rename_queue 12: $c12 cycles (default: $cd_), result right; 4: refused; rename_lanes 12: same statistics, 8: refused"
