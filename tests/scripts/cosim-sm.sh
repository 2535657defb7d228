#!/usr/bin/env bash
# cosim-sm.sh: SM-driven co-simulation of a configuration on kernels.
#
#   tests/scripts/cosim-sm.sh CFG KERNEL...
#
# For each kernel `make cosim-sm` must (1) pass every register-file cycle
# the SM model ran through the co-simulated subsystem (the cycles it steps
# and the idle ones it skips), (2) report every RTL twin it was built for
# (each unit module the SM created) with at least one clock edge compared
# and every output equal, (3) end with the kernel's result equal to the
# host reference, and (4) write statistics byte-identical to gpurf-sim
# alone: the RTL's values changed nothing.
set -u
cd "$(dirname "$0")/../.."
cfg=$1; shift
name=$(basename "$cfg" .ini)
fail=0
for k in "$@"; do
  log=build/$name/cosim-sm/$k.log
  mkdir -p "build/$name/cosim-sm"
  if ! make --no-print-directory cosim-sm CFG="$cfg" KERNEL="$k" > "$log" 2>&1; then
    echo "FAIL $k: make cosim-sm failed"; tail -n 8 "$log" | sed 's/^/   /'; fail=1; continue
  fi
  # the longest SM's (an SM is stepped or skipped from its first CTA to the end)
  compared=$(grep -o 'subsystem: [0-9]* register-file cycles' "$log" | awk '$2 > n { n = $2 } END { print n + 0 }')
  cycles=$(grep -o '^  cycles [0-9]*' "$log" | awk '{ print $2 }')
  missing=
  for mod in $(sed -n 's/^cosim-sm: RTL twins of //p' "$log" | tr -d ,); do
    grep -Eq "^cosim-sm: SM [0-9]+ $mod: [1-9][0-9]* cycles compared, every output equal" "$log" || missing="$missing $mod"
  done
  build/bin/gpurf-sim --config "$cfg" --kernel "kernels/$k" --out "build/$name/cosim-sm/$k.alone.json" --quiet \
    > /dev/null 2>&1 || { echo "FAIL $k: gpurf-sim alone failed"; fail=1; continue; }
  if ! grep -q 'result: matches the host reference' "$log"; then
    echo "FAIL $k: the kernel's result is not checked equal"; fail=1
  elif [ -z "$cycles" ] || [ "$compared" -ne "$cycles" ]; then
    echo "FAIL $k: $compared register-file cycles co-simulated, but the SM ran ${cycles:-?}"; fail=1
  elif [ -n "$missing" ] || ! grep -q '^cosim-sm: RTL twins of ' "$log"; then
    echo "FAIL $k: RTL twins not compared:${missing:- (no twins listed)}"; fail=1
  elif ! cmp -s "build/$name/cosim-sm/$k.json" "build/$name/cosim-sm/$k.alone.json"; then
    echo "FAIL $k: statistics differ from gpurf-sim alone"; fail=1
  else
    echo "ok   $k: $compared cycles, $(grep -c 'cycles compared, every output equal' "$log") twins equal" \
         "($(grep -o '[0-9]* cycles compared' "$log" | awk '{ printf "%s%s", s, $1; s = "/" }') edges)," \
         "result matches, statistics identical"
  fi
done
exit $fail
