#!/usr/bin/env bash
# cosim-sm.sh: SM-driven co-simulation of a configuration on kernels.
#
#   tests/scripts/cosim-sm.sh CFG KERNEL...
#
# For each kernel `make cosim-sm` must (1) compare as many register-file
# cycles as the SM model ran (every cycle, including the idle ones it
# skips), with every output equal, (2) end with the kernel's result equal to
# the host reference, and (3) write statistics byte-identical to gpurf-sim
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
  compared=$(awk '/cycles compared, every output equal/ { n += $(NF-5) } END { print n + 0 }' "$log")
  cycles=$(grep -o '^  cycles [0-9]*' "$log" | awk '{ print $2 }')
  build/bin/gpurf-sim --config "$cfg" --kernel "kernels/$k" --out "build/$name/cosim-sm/$k.alone.json" --quiet \
    > /dev/null 2>&1 || { echo "FAIL $k: gpurf-sim alone failed"; fail=1; continue; }
  if ! grep -q 'result: matches the host reference' "$log"; then
    echo "FAIL $k: the kernel's result is not checked equal"; fail=1
  elif [ -z "$cycles" ] || [ "$compared" -ne "$cycles" ]; then
    echo "FAIL $k: $compared register-file cycles compared, but the SM ran ${cycles:-?}"; fail=1
  elif ! cmp -s "build/$name/cosim-sm/$k.json" "build/$name/cosim-sm/$k.alone.json"; then
    echo "FAIL $k: statistics differ from gpurf-sim alone"; fail=1
  else
    echo "ok   $k: $compared cycles compared, every output equal, result matches, statistics identical"
  fi
done
exit $fail
