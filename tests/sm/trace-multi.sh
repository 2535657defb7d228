#!/usr/bin/env bash
# trace-multi.sh: gpurf-sim --trace runs every kernel of kernelslist.g in
# order (tests/sm/trace2: two hand-written kernels in the vectoradd trace's
# format), --trace-kernel N runs one, and a missing or bad kernelslist.g
# entry is reported with kernelslist.g's line, exit status 2.
#
# Counts by hand from tests/sm/trace2 (thread instructions = active lanes):
#   kernel-1.traceg: 1 CTA of 2 warps, 7 + 7 = 14 warp instructions;
#     warp 0 all 7 on 32 lanes = 224, warp 1 4 x 32 + 3 x 16 (mask 0000ffff)
#     = 176; 400 thread instructions.
#   kernel-2.traceg: 2 CTAs of 1 warp, 4 + 3 = 7 warp instructions;
#     4 x 32 - 24 (MUFU.RCP on mask 000000ff) + 3 x 32 = 200.
#   total: 3 CTAs, 21 warp and 600 thread instructions.
set -u
cd "$(dirname "$0")/../.."
out=build/sm-trace-multi; rm -rf $out; mkdir -p $out
g=configs/baseline_gtx980.ini
fail=0
want() {	# want FILE "exact text"
  if grep -qF -- "$2" "$1"; then echo "ok: $2"; else echo "FAIL: $1 lacks '$2'"; fail=1; fi
}
build/bin/gpurf-sim --config $g --trace tests/sm/trace2 --out $out/all.json --quiet || { echo "FAIL: run"; exit 1; }
want $out/all.json '"ctas": 3,'
want $out/all.json '"warp_instructions": 21,'
want $out/all.json '"thread_instructions": 600,'
want $out/all.json '{"index": 1, "file": "kernel-1.traceg", "entry": "_Z6squareIfEvPT_S1_", "ctas": 1, "threads_per_cta": 64,'
want $out/all.json '"warp_instructions": 14, "thread_instructions": 400,'
want $out/all.json '{"index": 2, "file": "kernel-2.traceg", "entry": "_Z5recipPf", "ctas": 2, "threads_per_cta": 32,'
want $out/all.json '"warp_instructions": 7, "thread_instructions": 200,'
# total cycles = the sum of the kernels' cycles (they run one after the other)
c=$(grep -o '"cycles": [0-9]*' $out/all.json | awk '{print $2}' | tr '\n' ' ')
set -- $c
if [ $# -eq 3 ] && [ $1 -eq $(($2 + $3)) ]; then echo "ok: cycles $1 = $2 + $3"; else echo "FAIL: cycles '$c'"; fail=1; fi
build/bin/gpurf-sim --config $g --trace tests/sm/trace2 --trace-kernel 2 --out $out/k2.json --quiet || { echo "FAIL: run 2"; exit 1; }
want $out/k2.json '"entry": "_Z5recipPf",'
want $out/k2.json '"warp_instructions": 7,'
want $out/k2.json '"thread_instructions": 200,'
want $out/k2.json '"cycles": '"$3"','
if grep -q kernel-1 $out/k2.json; then echo "FAIL: --trace-kernel 2 ran kernel 1"; fail=1; fi

expect() {	# expect "text in the message" gpurf-sim args...
  local want=$1; shift
  msg=$(build/bin/gpurf-sim "$@" --out $out/x.json 2>&1 >/dev/null); rc=$?
  if [ $rc -ne 2 ] || ! grep -qF -- "$want" <<<"$msg" || [ -e $out/x.json ]; then
    echo "FAIL: gpurf-sim $* -> exit $rc, '$msg' (wanted exit 2 and '$want', no output)"; fail=1
  else
    echo "ok: $msg"
  fi
}
mkdir -p $out/missing $out/bad
cp tests/sm/trace2/kernel-1.traceg $out/missing/
cp tests/sm/trace2/kernelslist.g $out/missing/
cp tests/sm/trace2/*.traceg $out/bad/
printf 'kernel-1.traceg\nMemcpyHtoD,0x1,4\nkernel-2.trace\n' > $out/bad/kernelslist.g
expect "missing/kernelslist.g:5: cannot read the kernel trace 'kernel-2.traceg'" --config $g --trace $out/missing
expect "bad/kernelslist.g:3: expected MemcpyHtoD,... or a kernel-N.traceg file name (found 'kernel-2.trace')" --config $g --trace $out/bad
expect "--trace-kernel 3, but 2 kernel traces are listed (allowed: 1..2)" --config $g --trace tests/sm/trace2 --trace-kernel 3
expect "--trace-kernel takes a kernel number" --config $g --trace tests/sm/trace2 --trace-kernel 0
expect "--trace-kernel takes a kernel number" --config $g --kernel kernels/bfs --trace-kernel 1
exit $fail
