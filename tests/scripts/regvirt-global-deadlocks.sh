#!/usr/bin/env bash
# regvirt-global-deadlocks.sh: lockstep of rename_table under the paper's
# global throttle check (tests/configs/regvirt/shrink_global.ini), and the
# rate at which it deadlocks: the stimulus aborts a kernel whose rename stage
# stalled 3000 cycles with work presented and says so on stderr
# (docs/regvirt.md, decision 7).  Fails only on a lockstep failure.
#
#   tests/scripts/regvirt-global-deadlocks.sh CYCLES "SEEDS"
set -eu
cd "$(dirname "$0")/../.."
cycles=$1 seeds=$2
cfg=tests/configs/regvirt/shrink_global.ini
log=build/shrink_global/deadlocks.log
mkdir -p build/shrink_global
build/bin/gpurf-gen --config "$cfg" --out build/shrink_global
scripts/lint "$cfg"
total=0 kernels=0
for s in $seeds; do
  rc=0
  tests/scripts/cosim.sh "$cfg" rename_table "$cycles" "$s" > "$log" 2>&1 || rc=$?
  grep -v 'rename stalled' "$log" | tail -n 3
  [ "$rc" -eq 0 ] || { echo "FAIL: lockstep (seed $s), see $log"; exit 1; }
  read -r n k < <(sed -n 's/^stim: global throttle check: \([0-9]*\) of \([0-9]*\) kernels.*/\1 \2/p' "$log")
  total=$((total + n)) kernels=$((kernels + k))
done
echo "global check: $total of $kernels kernels deadlocked in $(( cycles * $(echo $seeds | wc -w) )) cycles"
