#!/usr/bin/env bash
# sharing-dwe.sh: Dynamic Warp Execution ([sharing] dwe, docs/sharing.md) in
# the SM model.  With dwe = 1 (the default) no non-owner warp of a shared
# pair issues a global or local memory instruction, warps are held back for
# it, and the result still equals the host reference; with dwe = 0 non-owner
# warps do issue them (so the gate, not the kernel, is what stops them);
# an enlarged grid (min_ctas) with DWE is checked too; DWE changes nothing
# when no pair exists (t = 1.0) and is deterministic.  On four SMs the
# others adapt against SM 0 (docs/sharing.md).
set -u
cd "$(dirname "$0")/../.."
d=build/sm-sharing-dwe; rm -rf $d; mkdir -p $d
cfg=configs/sharing_c2050.ini
num() { grep -o "\"$2\": [0-9.]*" "$1" | head -1 | grep -o '[0-9.]*$'; }
fail() { echo "FAIL: $*"; exit 1; }
run() {	# run NAME KERNEL SETTINGS...: gpurf-sim exits 0 only when the result matches
  local n=$1 k=$2; shift 2
  local a=(); for s in "$@"; do a+=(--set "$s"); done
  build/bin/gpurf-sim --config $cfg --kernel kernels/$k "${a[@]}" --out $d/$n.json --quiet ||
    fail "$n: gpurf-sim failed or the result differs from the host reference"
}
run on libor
run off libor sharing.dwe=0
run on2 libor
run big libor sim.min_ctas=24
run t10on libor sharing.threshold_tenths=10
run t10off libor sharing.threshold_tenths=10 sharing.dwe=0
[ "$(num $d/on.json nonowner_memory_issues)" -eq 0 ] || fail "dwe = 1: a non-owner warp issued a memory instruction"
[ "$(num $d/on.json dwe_held_warp_cycles)" -gt 0 ] || fail "dwe = 1: no warp was ever held back"
[ "$(num $d/on.json nonowner_issues)" -gt 0 ] || fail "dwe = 1: non-owner warps issued nothing at all"
[ "$(num $d/off.json nonowner_memory_issues)" -gt 0 ] || fail "dwe = 0: non-owner warps issued no memory instruction (the test proves nothing)"
[ "$(num $d/off.json dwe_held_warp_cycles)" -eq 0 ] || fail "dwe = 0: warps were held back"
[ "$(num $d/big.json nonowner_memory_issues)" -eq 0 ] || fail "enlarged grid: a non-owner warp issued a memory instruction"
[ "$(num $d/big.json dwe_held_warp_cycles)" -gt 0 ] || fail "enlarged grid: no warp was ever held back"
cmp -s $d/on.json $d/on2.json || fail "statistics differ between two runs"
cmp -s $d/t10on.json $d/t10off.json ||
  fail "t = 1.0 (no pairs): dwe changed the run"
# Four SMs (configs/sharing_c2050_4sm.ini): SMs 1-3 adapt their probability
# against SM 0's stalls (sm_dwe.h) and so do issue non-owner memory
# instructions; with dwe_adaptive = 0 every SM is SM 0 and none does; the
# LFSRs are seeded from the SM index, so two runs are equal.
cfg=configs/sharing_c2050_4sm.ini
run a4 libor sim.min_ctas=16
run a4b libor sim.min_ctas=16
run f4 libor sim.min_ctas=16 sharing.dwe_adaptive=0
[ "$(num $d/a4.json nonowner_memory_issues)" -gt 0 ] || fail "4 SMs, adaptive: no non-owner memory issue on SMs 1-3"
[ "$(num $d/a4.json dwe_prob_tenth_cycles)" -gt 0 ] || fail "4 SMs, adaptive: every probability stayed 0"
[ "$(num $d/f4.json nonowner_memory_issues)" -eq 0 ] || fail "4 SMs, dwe_adaptive = 0: a non-owner warp issued a memory instruction"
[ "$(num $d/f4.json dwe_prob_tenth_cycles)" -eq 0 ] || fail "4 SMs, dwe_adaptive = 0: a probability was not 0"
cmp -s $d/a4.json $d/a4b.json || fail "4 SMs, adaptive: statistics differ between two runs"
echo "ok    libor: held $(num $d/on.json dwe_held_warp_cycles) warp-cycles, cycles $(num $d/on.json cycles) (dwe = 0: $(num $d/off.json cycles), $(num $d/off.json nonowner_memory_issues) non-owner memory issues)"
echo "ok    libor x$(num $d/big.json grid_scale): held $(num $d/big.json dwe_held_warp_cycles) warp-cycles, cycles $(num $d/big.json cycles)"
echo "ok    libor, 4 SMs: mean probability $(num $d/a4.json avg_dwe_prob_tenth)/10, $(num $d/a4.json nonowner_memory_issues) non-owner memory issues, cycles $(num $d/a4.json cycles) (every SM as SM 0: $(num $d/f4.json cycles))"
echo "sharing-dwe: non-owners issue no memory instruction under DWE, do without; results exact; deterministic"
