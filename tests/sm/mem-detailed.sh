#!/usr/bin/env bash
# mem-detailed.sh: the detailed memory system ([mem] model = detailed) in
# the whole model:
#   - every scheme's kernels still match their host references on it (the
#     timing may not change a value; LTRF and FineReg react to its misses),
#     and every kernel on a starved one (1 L1 MSHR, reservation fails);
#   - it is deterministic: two runs give byte-identical statistics, and one
#     with another DRAM scheduler gives other numbers;
#   - it changes the timing (the simple model's cycles differ) and counts
#     what Accel-Sim counts (L1, L2, DRAM counters in the JSON);
#   - a bad [mem] value exits 2 naming the key, with no statistics file.
# Usage: tests/sm/mem-detailed.sh
set -u
cd "$(dirname "$0")/../.."
d=build/sm-mem-detailed; rm -rf $d; mkdir -p $d
fail=0
D="--set mem.model=detailed"
for c in configs/finereg_gtx980.ini configs/rfc_gebhart.ini configs/sharing_c2050.ini \
         tests/sm/configs/regvirt_sm.ini tests/sm/configs/ltrf_sm.ini tests/sm/configs/ltrf_plus_sm.ini \
         tests/sm/configs/four_sms.ini; do
  for k in bfs kmeans sgemm transpose lbm; do
    n=$(basename $c .ini)
    build/bin/gpurf-sim --config $c --kernel kernels/$k $D --out $d/$n-$k.json --quiet ||
      { echo "FAIL $n $k under the detailed memory system"; fail=1; }
  done
done
# one L1 MSHR merging nothing, one L2 read per slice, one-entry DRAM queues, 2 SMs: every
# kernel retries lines after reservation fails at both levels and still matches
for k in $(ls -d kernels/*/ | xargs -n1 basename | grep -v common); do
  build/bin/gpurf-sim --config configs/gtx1080_detailed.ini --set mem.l1_mshrs=1 --set mem.l1_mshr_merge=1 \
    --set mem.l2_mshrs=1 --set mem.dram_queue=1 --set mem.l1_skip_global=0 --set sim.sms=2 \
    --kernel kernels/$k --out $d/stress-$k.json --quiet || { echo "FAIL $k on the starved memory system"; fail=1; }
done
grep -q '"l1d_reservation_fails": 0,' $d/stress-sgemm.json && { echo "FAIL: no L1 reservation fail"; fail=1; }
grep -q '"l2_reservation_fails": 0,' $d/stress-sgemm.json && { echo "FAIL: no L2 reservation fail"; fail=1; }
for i in 1 2; do
  build/bin/gpurf-sim --config configs/gtx1080_detailed.ini --kernel kernels/kmeans --out $d/det.$i.json --quiet || fail=1
done
cmp -s $d/det.1.json $d/det.2.json || { echo "FAIL: two detailed runs differ"; fail=1; }
# cfd queues enough at DRAM for the scheduler to matter
for s in frfcfs fifo; do
  build/bin/gpurf-sim --config configs/gtx1080_detailed.ini --kernel kernels/cfd --set mem.dram_sched=$s \
    --out $d/cfd-$s.json --quiet || fail=1
done
cmp -s $d/cfd-frfcfs.json $d/cfd-fifo.json && { echo "FAIL: dram_sched = fifo changed nothing"; fail=1; }
build/bin/gpurf-sim --config configs/gtx1080_detailed.ini --kernel kernels/kmeans --set mem.model=simple \
  --out $d/simple.json --quiet || fail=1
cyc() { grep -o '"cycles": [0-9]*' "$1" | head -1; }
[ "$(cyc $d/simple.json)" != "$(cyc $d/det.1.json)" ] || { echo "FAIL: detailed = simple cycles"; fail=1; }
grep -q '"memory_detailed"' $d/simple.json && { echo "FAIL: simple model writes memory_detailed"; fail=1; }
for key in l1d_accesses l1d_misses l1d_pending_hits l1d_reservation_fails l2_accesses l2_misses \
           dram_reads dram_writes dram_row_hits avg_mem_latency; do
  grep -q "\"$key\": [0-9]" $d/det.1.json || { echo "FAIL: no $key in the JSON"; fail=1; }
done
grep -q '"dram_reads": 0,' $d/det.1.json && { echo "FAIL: kmeans read nothing from DRAM"; fail=1; }
for bad in "mem.model=fast:[mem] model = fast" "mem.dram_tCL=x:[mem] dram_tCL = x" \
           "mem.l2_bytes=3000:mem.l2_bytes=3000: not a whole number of sets"; do
  set=${bad%%:*}; want=${bad#*:}
  msg=$(build/bin/gpurf-sim --config configs/gtx1080_detailed.ini --kernel kernels/bfs --set $set \
        --out $d/bad.json 2>&1 >/dev/null); rc=$?
  if [ $rc -ne 2 ] || ! grep -qF -- "$want" <<<"$msg" || [ -e $d/bad.json ]; then
    echo "FAIL: --set $set -> exit $rc, '$msg' (wanted exit 2, '$want', no output)"; fail=1
  else
    echo "ok: $msg"
  fi
done
[ $fail = 0 ] && echo "detailed memory: schemes match, deterministic, counters written, bad keys refused"
exit $fail
