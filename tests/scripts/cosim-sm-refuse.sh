#!/usr/bin/env bash
# cosim-sm-refuse.sh: a co-simulation binary is built for the unit modules
# the SM creates for one configuration and kernel (scripts/cosim-sm-build).
# Run on a configuration whose SM creates other modules, it refuses (exit 2,
# one message naming the module and what the binary was built for, no
# statistics file) rather than co-simulating part of the subsystem, or
# nothing, and looking green.
set -u
cd "$(dirname "$0")/../.."
bin=$(scripts/cosim-sm-build configs/sm_baseline.ini reduction 2> /dev/null) || { echo "FAIL: cosim-sm build"; exit 1; }
out=build/sm_baseline/cosim-sm/refused.json
rm -f "$out"
msg=$("$bin" --config tests/sm/configs/rfc_stress.ini --kernel kernels/reduction --out "$out" 2>&1 >/dev/null); rc=$?
if [ $rc -ne 2 ]; then echo "FAIL: exit $rc, want 2: $msg"; exit 1; fi
grep -Eq 'the SM creates module [a-z0-9_]+ for this configuration and kernel, but this binary was built for rf_banked_.*; rebuild it' <<<"$msg" \
  || { echo "FAIL: message does not name the module and what the binary was built for: $msg"; exit 1; }
[ ! -e "$out" ] || { echo "FAIL: wrote $out"; exit 1; }
echo "ok: $msg"
