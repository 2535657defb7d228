#!/usr/bin/env bash
# launch-latency.sh: [sim] launch_latency (GPGPU-Sim -gpgpu_kernel_launch_latency)
# adds exactly its cycles to each kernel and changes nothing else.
#  - simple memory model, tests/sm/trace2 (two kernels): with latency L every
#    kernel's cycles are its cycles at 0 plus L, the total plus 2 L (each
#    kernel waits its own latency, as in GPGPU-Sim), and every other counter
#    of the JSON is the same;
#  - a --kernel run (sgemm) likewise.
set -u
cd "$(dirname "$0")/../.."
out=build/sm-launch-latency; rm -rf $out; mkdir -p $out
g=configs/baseline_gtx980.ini
L=1234
fail=0
run() {	# run NAME LATENCY ARGS...
  local n=$1 l=$2; shift 2
  build/bin/gpurf-sim --config $g "$@" --set sim.launch_latency=$l --out $out/$n.json --quiet ||
    { echo "FAIL: run $n"; exit 1; }
}
cycles() { grep -o '"cycles": [0-9]*' "$1" | awk '{print $2}' | tr '\n' ' '; }
# everything but cycles and what is derived from them (ipc, averages per cycle, times)
rest() { sed -E 's/"(cycles|ipc|avg_[a-z_]*|[a-z_]*seconds|[a-z_]*per_second)": [0-9.e+-]*//g' "$1"; }
check() {	# check NAME0 NAMEL KERNELS
  local a b k=$3
  a=($(cycles $out/$1.json)); b=($(cycles $out/$2.json))
  [ ${#a[@]} -eq ${#b[@]} ] && [ ${#a[@]} -ge 1 ] || { echo "FAIL: $2: cycles '${a[*]}' vs '${b[*]}'"; fail=1; return; }
  # first number is the total (kernels x L), the rest per kernel (L each)
  if [ ${b[0]} -eq $((a[0] + k * L)) ]; then echo "ok: $2 total ${b[0]} = ${a[0]} + $k x $L"
  else echo "FAIL: $2 total ${b[0]}, expected ${a[0]} + $k x $L"; fail=1; fi
  for ((i = 1; i < ${#a[@]}; i++)); do
    if [ ${b[$i]} -eq $((a[i] + L)) ]; then echo "ok: $2 kernel cycles ${b[$i]} = ${a[$i]} + $L"
    else echo "FAIL: $2 kernel cycles ${b[$i]}, expected ${a[$i]} + $L"; fail=1; fi
  done
  if [ "$(rest $out/$1.json)" = "$(rest $out/$2.json)" ]; then echo "ok: $2 other counters unchanged"
  else echo "FAIL: $2 counters other than cycles changed"; diff <(rest $out/$1.json) <(rest $out/$2.json) | head; fail=1; fi
}
run trace0 0 --trace tests/sm/trace2
run traceL $L --trace tests/sm/trace2
check trace0 traceL 2
run sgemm0 0 --kernel kernels/sgemm
run sgemmL $L --kernel kernels/sgemm
check sgemm0 sgemmL 1
exit $fail
