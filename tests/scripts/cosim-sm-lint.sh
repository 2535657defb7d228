#!/usr/bin/env bash
# cosim-sm-lint.sh: the RTL twins gpurf-sm-gen emits for an SM
# configuration and kernel (the units with the parameters the SM gives
# them, and the gpurf_sm_twins top over them) are lint-clean like every
# generated module: verilator --lint-only -Wall (no waivers) and
# iverilog -g2005.
#
#   tests/scripts/cosim-sm-lint.sh CFG:KERNEL...
set -u
cd "$(dirname "$0")/../.."
fail=0
for ck in "$@"; do
  cfg=${ck%%:*} kernel=${ck#*:}
  twins=$(scripts/cosim-sm-build --twins "$cfg" "$kernel") || { echo "FAIL $ck: gpurf-sm-gen"; fail=1; continue; }
  if ! verilator --lint-only -Wall --top-module gpurf_sm_twins "$twins"/rtl/*.v > "$twins/lint.log" 2>&1; then
    echo "FAIL $ck: verilator -Wall"; sed 's/^/   /' "$twins/lint.log" | head -n 20; fail=1
  elif ! iverilog -g2005 -s gpurf_sm_twins -o /dev/null "$twins"/rtl/*.v > "$twins/iverilog.log" 2>&1 ||
       [ -s "$twins/iverilog.log" ]; then
    echo "FAIL $ck: iverilog -g2005"; sed 's/^/   /' "$twins/iverilog.log" | head -n 20; fail=1
  else
    echo "ok   $ck: $(awk '{ printf "%s%s", s, $2; s = ", " }' "$twins/sm_modules.txt") + gpurf_sm_twins lint-clean"
  fi
done
exit $fail
