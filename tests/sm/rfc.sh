#!/usr/bin/env bash
# rfc.sh: scheme = rfc in the SM model does what the paper's mechanisms
# promise, on real kernels: every operand read is served once (RFC hits +
# MRF reads = the baseline's reads of the same kernel), the cache serves a
# real share of them, last-use hints fire, results reach the MRF less often
# than the baseline writes it, warps are demoted and promoted, evictions,
# flushes and long-latency bypasses happen; and statistics are
# deterministic.
set -u
cd "$(dirname "$0")/../.."
d=build/sm-rfc; mkdir -p $d
sed 's/^scheme *= *rfc/scheme = baseline/' configs/rfc_gebhart.ini > $d/base.ini
. tests/sm/stats-lib.sh
ev=0; fl=0; by=0
for k in hotspot sgemm libor bfs; do
  build/bin/gpurf-sim --config configs/rfc_gebhart.ini --kernel kernels/$k --out $d/$k.json --quiet || fail "$k did not run"
  build/bin/gpurf-sim --config $d/base.ini --kernel kernels/$k --out $d/$k.base.json --quiet || fail "$k baseline"
  hits=$(num $d/$k.json rfc_reads); mrf=$(num $d/$k.json mrf_reads); rf=$(grep -A2 register_file $d/$k.json | num /dev/stdin reads)
  base_rd=$(grep -A2 register_file $d/$k.base.json | grep -o '"reads": [0-9]*' | grep -o '[0-9]*$')
  base_wr=$(grep -A3 register_file $d/$k.base.json | grep -o '"writes": [0-9]*' | grep -o '[0-9]*$')
  mw=$(num $d/$k.json mrf_writes)
  [ $((hits + mrf)) -eq "$base_rd" ] || fail "$k: RFC hits $hits + MRF reads $mrf != baseline reads $base_rd"
  [ "$hits" -gt $((base_rd / 10)) ] || fail "$k: RFC serves $hits of $base_rd reads"
  [ "$mw" -lt "$base_wr" ] || fail "$k: MRF writes $mw not below the baseline's $base_wr"
  [ "$(num $d/$k.json rfc_last_use_hits)" -gt 0 ] || fail "$k: no last-use hint used"
  dem=$(num $d/$k.json demotions); pro=$(num $d/$k.json promotions)
  [ "$dem" -gt 0 ] && [ "$pro" -ge "$dem" ] || fail "$k: demotions $dem, promotions $pro"
  ev=$((ev + $(num $d/$k.json mrf_evict_writes))); fl=$((fl + $(num $d/$k.json mrf_flush_writes)))
  by=$((by + $(num $d/$k.json mrf_bypass_writes)))
  echo "ok    $k: RFC $hits / MRF $mrf reads (baseline $base_rd), MRF writes $mw (baseline $base_wr)"
done
[ $ev -gt 0 ] && [ $fl -gt 0 ] && [ $by -gt 0 ] || fail "evictions $ev, flush write-backs $fl, bypasses $by"
build/bin/gpurf-sim --config tests/sm/configs/rfc_stress.ini --kernel kernels/montecarlo --out $d/st1.json --quiet || fail stress
build/bin/gpurf-sim --config tests/sm/configs/rfc_stress.ini --kernel kernels/montecarlo --out $d/st2.json --quiet || fail stress
cmp -s $d/st1.json $d/st2.json || fail "statistics differ between runs"
[ "$(num $d/st1.json rfc_merges)" -gt 0 ] || fail "no partial-mask result merged"
echo "rfc: operand reads conserved, MRF traffic reduced, hints, demotions, merges; deterministic"
