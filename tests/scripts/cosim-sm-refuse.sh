#!/usr/bin/env bash
# cosim-sm-refuse.sh: a scheme whose register-file subsystem has no RTL top
# yet is refused by the SM-driven co-simulation (exit 2, one message naming
# the file, key and value, no statistics file) rather than co-simulating
# part of it, or nothing, and looking green.
set -u
cd "$(dirname "$0")/../.."
make --no-print-directory cosim-sm KERNEL=reduction > /dev/null 2>&1 || { echo "FAIL: cosim-sm build"; exit 1; }
out=build/sm_baseline/cosim-sm/refused.json
rm -f "$out"
msg=$(build/sm_baseline/obj/cosim-sm/Vdut --config configs/finereg_gtx980.ini --kernel kernels/reduction \
      --out "$out" 2>&1); rc=$?
if [ $rc -ne 2 ]; then echo "FAIL: exit $rc, want 2: $msg"; exit 1; fi
grep -q 'finereg_gtx980.ini: \[sm\] scheme = finereg: .*allowed: baseline' <<<"$msg" \
  || { echo "FAIL: message does not name file, key, value and what is allowed: $msg"; exit 1; }
[ ! -e "$out" ] || { echo "FAIL: wrote $out"; exit 1; }
echo "ok: $msg"
