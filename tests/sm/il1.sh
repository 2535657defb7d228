#!/usr/bin/env bash
# il1.sh: the L1 instruction cache ([sim] il1_bytes, cmodel/sm/sm_il1.c), by
# hand-computed numbers on tests/sm/trace_il1 (simple memory model, ibuffer 2):
#   kernel 1: one warp, 8 independent instructions at 0x60..0x98, so its four
#     fetches (0x60, 0x70, 0x80, 0x90) touch two 128-byte lines: 4 accesses,
#     2 misses; nothing overlaps a fetch, so each miss adds exactly its
#     latency ([sim] dram_latency): cycles = perfect + 2 x latency;
#   kernel 2: two warps (one per scheduler) of 4 instructions in one line
#     fetch in the same cycle: warp 0 misses, warp 1 finds the line being
#     filled (a pending hit) and waits for the same fill: 4 accesses, 1 miss,
#     1 pending hit, cycles = perfect + 1 x latency;
# a hit costs nothing (the perfect cache's cycles are the base), and with
# il1_bytes = 0 the JSON has no "il1" counters (the output before issue 23).
# On the detailed memory system (configs/gtx1080_detailed.ini) the misses
# read their lines through the L2 and DRAM: the trace has no loads or
# stores, so the DRAM bytes are the 3 missed 128-byte lines, 384, and the
# L2 sees 3 accesses (0 and 0 with the perfect cache); same il1 counters.
set -u
cd "$(dirname "$0")/../.."
out=build/sm-il1; rm -rf $out; mkdir -p $out
fail=0
kcycles() { grep -o '"entry": "[^"]*", [^}]*"cycles": [0-9]*' "$1" | sed 's/.*"cycles": //' | tr '\n' ' '; }
run() {	# run NAME IL1_BYTES LATENCY
  build/bin/gpurf-sim --config configs/baseline_gtx980.ini --trace tests/sm/trace_il1 --set sim.il1_bytes=$2 \
    --set sim.dram_latency=$3 --out $out/$1.json --quiet || { echo "FAIL: run $1"; exit 1; }
}
for lat in 100 37; do
  run perfect$lat 0 $lat
  run il1_$lat 4096 $lat
  set -- $(kcycles $out/perfect$lat.json); p1=${1:-x} p2=${2:-x}
  set -- $(kcycles $out/il1_$lat.json); c1=${1:-x} c2=${2:-x}
  if [ "$c1" = $((p1 + 2 * lat)) ] && [ "$c2" = $((p2 + lat)) ]; then
    echo "ok: latency $lat: kernel 1 $c1 = $p1 + 2 x $lat, kernel 2 $c2 = $p2 + $lat"
  else echo "FAIL: latency $lat: kernel cycles $c1 $c2, expected $p1 + 2 x $lat, $p2 + $lat"; fail=1; fi
  if grep -qF '"il1": {"accesses": 8, "misses": 3, "pending_hits": 1},' $out/il1_$lat.json; then
    echo "ok: latency $lat: 8 accesses, 3 misses, 1 pending hit"
  else echo "FAIL: latency $lat: il1 counters: $(grep '"il1"' $out/il1_$lat.json)"; fail=1; fi
  if grep -q '"il1"' $out/perfect$lat.json; then echo "FAIL: il1 counters with il1_bytes = 0"; fail=1; fi
done
for b in 0 4096; do
  build/bin/gpurf-sim --config configs/gtx1080_detailed.ini --trace tests/sm/trace_il1 --set sim.il1_bytes=$b \
    --out $out/detailed$b.json --quiet || { echo "FAIL: run detailed $b"; exit 1; }
done
want=("0 0" "384 3")
for i in 0 1; do
  b=$((i * 4096))
  got="$(grep -o '"dram_bytes": [0-9]*' $out/detailed$b.json | head -1 | awk '{print $2}') $(grep -o '"l2_accesses": [0-9]*' $out/detailed$b.json | awk '{print $2}')"
  if [ "$got" = "${want[$i]}" ]; then echo "ok: detailed, il1_bytes $b: DRAM bytes and L2 accesses $got"
  else echo "FAIL: detailed, il1_bytes $b: DRAM bytes and L2 accesses '$got', expected ${want[$i]}"; fail=1; fi
done
if grep -qF '"il1": {"accesses": 8, "misses": 3, "pending_hits": 1},' $out/detailed4096.json; then
  echo "ok: detailed: 8 accesses, 3 misses, 1 pending hit"
else echo "FAIL: detailed: il1 counters: $(grep '"il1"' $out/detailed4096.json)"; fail=1; fi
exit $fail
