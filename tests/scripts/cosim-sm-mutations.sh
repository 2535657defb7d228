#!/usr/bin/env bash
# cosim-sm-mutations.sh: the SM-driven co-simulation must catch a broken
# register file while a real kernel runs.
#
#   tests/scripts/cosim-sm-mutations.sh [KERNEL [MUTANT...]]
#
# Each mutant edits a copy of sm_baseline's generated rf_banked RTL (the
# shared mutate() of mutate-lib.sh, driver cosim-sm) and requires the run of
# KERNEL (default reduction) to stop on a MISMATCH: the comparison, not only
# the kernel's result check, must see it.
set -u
cd "$(dirname "$0")/../.."
cfg=configs/sm_baseline.ini
kernel=${1:-reduction}; shift || true
build/bin/gpurf-gen --config "$cfg" --out build/sm_baseline > /dev/null || exit 1
work=build/sm_baseline/cosim-sm-mutants
mkdir -p "$work"
fail=0
. tests/scripts/mutate-lib.sh
export MUTATE_DRIVER=cosim-sm

# name | sed expression | file
mutants=(
  # writes no longer win the bank: a read and a write to one bank both go
  "reads_win|s/BANK_PORTS\[CNT_W-1:0\] - wr_cnt_b[0-9]+/BANK_PORTS[CNT_W-1:0]/|rf_banked_*.v"
  # reg mod banks instead of (reg + warp) mod banks
  "bank_map|s/(_bank_[0-9]+ = [a-z_]+\[[0-9:]+\]) \+ [a-z_]+\[[0-9:]+\];/\1;/|rf_banked_*.v"
  # the read arbiters' round-robin pointer never moves
  "rr_pointer_stuck|s/^(    if \(gnt_rot\[[0-9]+\]\) ptr_d = ).*;/\1ptr_q;/|gpurf_rr_arb_n4_c1.v"
  # the lane mask is ignored: a divergent write lands in every lane
  "lane_mask_ignored|s/ && wmask_i\[[0-9]+\]\)/)/|gpurf_sram_*.v"
)
want=("$@")
for m in "${mutants[@]}"; do
  IFS='|' read -r name expr glob <<<"$m"
  if [ ${#want[@]} -gt 0 ] && ! printf '%s\n' "${want[@]}" | grep -qx "$name"; then continue; fi
  mutate "$cfg" rf_banked build/sm_baseline/rtl "$work" "$name" "$expr" "$glob" 0 --kernel "kernels/$kernel"
done
exit $fail
