#!/usr/bin/env bash
# cosim-sm-mutations.sh: the SM-driven co-simulation must catch a broken
# unit of a scheme's register-file subsystem while a real kernel runs.
#
#   tests/scripts/cosim-sm-mutations.sh SCHEME [MUTANT...]
#
# SCHEME: baseline, rfc, sharing, finereg, regvirt or ltrf.  Each mutant
# edits a copy of the RTL twins gpurf-sm-gen emitted for the scheme's small
# configuration and kernel (the shared mutate() of mutate-lib.sh, driver
# cosim-sm) and requires the kernel's run to stop on a MISMATCH: the
# comparison, not only the kernel's result check, must see it.  Every mutant
# here was checked to be reached by the kernel's traffic; those that were
# not are listed in docs/cosim-sm.md and left out.
set -u
cd "$(dirname "$0")/../.."
scheme=${1:-}; shift || true
q="'"   # a Verilog sized constant's quote inside the sed expressions
case $scheme in
  baseline) cfg=configs/sm_baseline.ini kernel=reduction
    mutants=(
      # writes no longer win the bank: a read and a write to one bank both go
      "reads_win|s/BANK_PORTS\[CNT_W-1:0\] - wr_cnt_b[0-9]+/BANK_PORTS[CNT_W-1:0]/|rf_banked_*.v"
      # reg mod banks instead of (reg + warp) mod banks
      "bank_map|s/(_bank_[0-9]+ = [a-z_]+\[[0-9:]+\]) \+ [a-z_]+\[[0-9:]+\];/\1;/|rf_banked_*.v"
      # the read arbiters' round-robin pointer never moves
      "rr_pointer_stuck|s/^(    if \(gnt_rot\[[0-9]+\]\) ptr_d = ).*;/\1ptr_q;/|gpurf_rr_arb_n4_c1.v"
      # the lane mask is ignored: a divergent write lands in every lane
      "lane_mask_ignored|s/ && wmask_i\[[0-9]+\]\)/)/|gpurf_sram_*.v"
    ) ;;
  rfc) cfg=tests/sm/configs/rfc_stress.ini kernel=reduction
    mutants=(
      # RFC: a dirty victim is dropped instead of written back to the MRF
      "rfc_no_writeback|s/^  wire evict = alloc &/  wire evict = 1${q}b0 \& alloc \&/|rfc_*.v"
      # two-level scheduler: the active-set arbitration no longer stays on the last warp (priority flipped to slot 0)
      "sched_not_greedy|s/else if \(\|cand\)  last_q <= islot;/else if (|cand)  last_q <= {SW{1${q}b0}};/|sched_2level_*.v"
      # two-level scheduler: a warp waiting on a long-latency result is not demoted
      "sched_no_llc_demotion|s/\| llc_([0-9]+) \| bar_/| bar_/|sched_2level_*.v"
      # two-level scheduler: promotes before the RFC has flushed the demoted warp
      "sched_no_flush_wait|s/wire flush_go = \(\|drain_q\) & flush_done_i;/wire flush_go = (|drain_q);/|sched_2level_*.v"
    ) ;;
  sharing) cfg=tests/sm/configs/cosim_sharing.ini kernel=transpose
    mutants=(
      # the lock's release is lost: the pair's other CTA waits for ever
      "no_release|s/if \(rel_hit && r_li ==/if (1${q}b0 \&\& r_li ==/|share_lock_*.v"
      # an acquire no longer flips the ownership
      "no_ownership_flip|s/if \(acq_([0-9]+) && !c_owner_/if (1${q}b0 \&\& acq_\1 \&\& !c_owner_/|share_lock_*.v"
      # Owner-Warp-First inverted: non-owner warps are offered first (priority flipped)
      "owf_inverted|s/\? 2${q}d0 : 2${q}d2\)/? 2${q}d2 : 2${q}d0)/|share_lock_*.v"
      # the sharing threshold compares off by one
      "threshold_off_by_one|s/>= thresh_q/> thresh_q/|share_lock_*.v"
    ) ;;
  finereg) cfg=tests/sm/configs/cosim_finereg.ini kernel=reduction
    mutants=(
      # PCRF: a link writes the chain pointer off by one (the restore walks the wrong entry)
      "pcrf_next_off_by_one|s/next_m\[link_idx_i\] <= link_next_i;/next_m[link_idx_i] <= link_next_i + 1${q}b1;/|pcrf_*.v"
      # RMU: the eviction never links the chain (every PCRF entry its own chain)
      "rmu_no_link|s/^  wire link = .*;/  wire link = 1${q}b0;/|rmu_*.v"
      # RMU: the free-space monitor forgets the entries a restore walked
      "rmu_walk_keeps_entry|s/occ_d\[cur_q \+: 1\] = 1${q}b0;/occ_d[cur_q +: 1] = 1${q}b1;/|rmu_*.v"
      # PCRF: a link leaves the previous entry marked as the chain's end
      "pcrf_link_keeps_end|s/end_m\[link_idx_i\]  <= 1${q}b0;/end_m[link_idx_i]  <= 1${q}b1;/|pcrf_*.v"
      # finereg_top: a draining CTA resumes before its deferred writes landed (resume too soon)
      "top_drained_early|s/wire drained = drain_v_f \& ~dw_left;/wire drained = drain_v_f;/|finereg_top_*.v"
      # finereg_top: resume_first inverted: a free slot is offered to a launch before a ready pending CTA (priority flipped)
      "top_resume_first_flipped|s/\& RESUME_FIRST\[0\] \&/\& ~RESUME_FIRST[0] \&/|finereg_top_*.v"
      # finereg_top: an eviction does not free its CTA's ACRF slot
      "top_evict_keeps_slot|s/\{([0-9]+)\{fin_free\}\}/{\1{1${q}b0}}/|finereg_top_*.v"
      # finereg_top: the RMU's ACRF read return also shows as valid on the core's collector
      "top_rmu_read_unmasked|s/(assign rd_valid_o\[[0-9]+\] = acrf_rd_valid_o\[[0-9]+\]) \& ~\(tail_v.*;/\1;/|finereg_top_*.v"
      # finereg_top: the core's writes land one CTA slot off (ACRF addressing)
      "top_wr_slot_off_by_one|s/\{([0-9]+${q}d0), (wr[0-9]+)_slot\}/({\1, \2_slot} + 1${q}b1)/|finereg_top_*.v"
      # finereg_top: the RMU's ACRF read takes the lowest free collector, not the highest (priority flipped)
      "top_rmu_rd_port_lowest|s/\& rd_free_hi;/\& (~rd_req_i \& (rd_req_i + 1${q}b1));/|finereg_top_*.v"
    ) ;;
  regvirt) cfg=tests/sm/configs/cosim_regvirt.ini kernel=reduction
    mutants=(
      # rename table: a last read no longer unmaps (releases) its register
      "rt_no_unmap|s/^(  wire unmap_b0 = )rdv_b0/\11${q}b0 \& rdv_b0/|rename_table_*.v"
      # rename table: a redefinition of a mapped register allocates anew
      "rt_no_write_in_place|s/wire areq_b([0-9]) = dgnt_b[0-9] & ~rdv_b[0-9];/wire areq_b\1 = dgnt_b\1;/|rename_table_*.v"
      # rename table: the free port is ignored
      "rt_free_ignored|s/(wire fdec_0_b[0-9] = )free_valid_i\[0\]/\11${q}b0 \& free_valid_i[0]/|rename_table_*.v"
      # release-flag cache: entry 0 never hits on the fetch probe (its pir is fetched again)
      "flag_probe_miss|s/wire probe_hit_0 = probe_valid_i && valid_q\[0\]/wire probe_hit_0 = 1${q}b0 \&\& valid_q[0]/|release_flag_cache_*.v"
    ) ;;
  ltrf) cfg=tests/sm/configs/cosim_ltrf.ini kernel=reduction
    mutants=(
      # cache: a fill wins its bank over the core's write (priority flipped)
      "cache_fill_priority|s/^(  wire fill_gnt_b1 = .*) & ~\(\|wr_req_b1\);/\1;/|ltrf_cache_*.v"
      # cache: a freed warp slot goes to the head of the allocation queue
      "cache_free_to_head|s/if \(tail_q == /if (head_q == /|gpurf_alloc_queue_n4.v"
      # engine: evicts registers the next interval still needs
      "engine_evicts_overlap|s/^(  wire \[NUM_REGS-1:0\] evm_0 = inc_q_0 & )~(want_q_0;)/\1\2/|ltrf_engine_*.v"
    ) ;;
  *) echo "cosim-sm-mutations.sh: SCHEME=$scheme: allowed: baseline, rfc, sharing, finereg, regvirt, ltrf" >&2; exit 2 ;;
esac
twins=$(scripts/cosim-sm-build --twins "$cfg" "$kernel") || exit 1
work=build/$(basename "$cfg" .ini)/cosim-sm-mutants
mkdir -p "$work"
fail=0
. tests/scripts/mutate-lib.sh
export MUTATE_DRIVER=cosim-sm

want=("$@")
for m in "${mutants[@]}"; do
  # name|sed expression|file: the expression may itself hold '|'
  name=${m%%|*} rest=${m#*|}
  glob=${rest##*|} expr=${rest%|*}
  if [ ${#want[@]} -gt 0 ] && ! printf '%s\n' "${want[@]}" | grep -qx "$name"; then continue; fi
  mutate "$cfg" "$twins" "$twins/rtl" "$work" "$name" "$expr" "$glob" 0 --kernel "kernels/$kernel"
done
exit $fail
