#!/usr/bin/env bash
# cosim-sm-mutations.sh: the SM-driven co-simulation must catch a broken
# unit of a scheme's register-file subsystem while a real kernel runs.
#
#   tests/scripts/cosim-sm-mutations.sh SCHEME [MUTANT...]
#
# SCHEME: baseline, rfc, rfc_yield, sharing, finereg, regvirt, regvirt_spill or ltrf.  Each mutant
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
. tests/scripts/mutate-lib.sh
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
      # baseline_top: a register's slot without its warp's offset (every warp in warp 0's slots)
      "top_slot_no_warp_offset|s/(assign rf_(rd|wr)_warp_i\[[0-9:]+\] = )[a-z]+_warp_i\[[0-9:]+\] \* kern_slots \+ /\1/|baseline_top_*.v"
      # baseline_top: the index's bits rotated (bit 0 to the top)
      "top_index_bits_swapped|s/(assign rf_(rd|wr)_reg_i\[[0-9:]+\] = )([a-z]+_m_[0-9]+)\[([0-9]+):0\];/\1{\3[0], \3[\4:1]};/|baseline_top_*.v"
      # baseline_top: a write lands in the next warp slot (granted, to the wrong slot)
      "top_write_wrong_slot|s/(assign rf_wr_warp_i\[[0-9:]+\] = .*)(wr_q_[0-9]+\[[0-9:]+\]);/\1\2 + 1${q}b1;/|baseline_top_*.v"
    ) ;;
  rfc) cfg=tests/sm/configs/rfc_stress.ini kernel=reduction
    mutants=(
      # RFC: a dirty victim is dropped instead of written back to the MRF
      "rfc_no_writeback|s/^  wire evict = alloc &/  wire evict = 1${q}b0 \& alloc \&/|rfc_a*.v"
      # two-level scheduler: the active-set arbitration no longer stays on the last warp (priority flipped to slot 0)
      "sched_not_greedy|s/assign last_d = issue \? islot : last_q;/assign last_d = issue ? {SW{1${q}b0}} : last_q;/|sched_2level_*.v"
      # two-level scheduler: a warp waiting on a long-latency result is not demoted
      "sched_no_llc_demotion|s/\| llc\[a\] \| bar\[a\]/| bar[a]/|sched_2level_*.v"
      # two-level scheduler: promotes before the RFC has flushed the demoted warp
      "sched_no_flush_wait|s/wire flush_go = \(\|drain_q\) & flush_done_i;/wire flush_go = (|drain_q);/|sched_2level_*.v"
      # rfc_top glue: the tag check's rotating priority never moves (collector order fixed)
      "top_tag_priority_stuck|s/always @\(\*\) rd_ptr_d = .*;/always @(*) rd_ptr_d = rd_ptr_q;/|rfc_top_*.v"
      # rfc_top glue: an operand-buffer hit shows its data in the grant's cycle (valid too soon)
      "top_serve_valid_too_soon|s/if \(serve_q\[oc\]\) begin/if (serve_d[oc]) begin/|rfc_top_*.v"
      # rfc_top glue: the last-use hint without the compiler's bit (a value dropped after any last pending read)
      "top_hint_without_compiler_bit|s/a_rfc_last\[ak\] = rd_last_i\[ac\*NUM_SRCS \+ ai \+ ak\] && /a_rfc_last[ak] = /|rfc_top_*.v"
    ) ;;
  rfc_yield) cfg=tests/sm/configs/rfc_stress.ini kernel=kmeans   # reduction never holds a drain
    mutants=(
      # rfc_top glue: a returning result refused by a flush write-back never holds the next one (flush_yields ignored)
      "top_hold_never|s/^( *)assign rfc_fl_hold_i = .*;/\\1assign rfc_fl_hold_i = 1${q}b0;/|rfc_top_*.v"
    ) ;;
  sharing) cfg=tests/sm/configs/cosim_sharing.ini kernel=transpose
    mutants=(
      # the lock's release is lost: the pair's other CTA waits for ever
      "no_release|/u_rel_lock \(/,/\);/s/\(rel_hit\)/(1${q}b0)/|share_lock_*.v"
      # an acquire no longer flips the ownership
      "no_ownership_flip|s/flip = acq & ~c_owner;/flip = {NUM_SCHED{1${q}b0}};/|share_lock_*.v"
      # Owner-Warp-First inverted: non-owner warps are offered first (priority flipped)
      "owf_inverted|s/ocls = owner_q\[j\] \? CLASS_OWNER(.*) : CLASS_NONOWNER(.*);/ocls = owner_q[j] ? CLASS_NONOWNER\2 : CLASS_OWNER\1;/|share_lock_*.v"
      # the sharing threshold compares off by one
      "threshold_off_by_one|s/>= thresh_q/> thresh_q/|share_lock_*.v"
      # sharing_top: a release frees the lock but its CTA still counts it as held (the partner never takes one)
      "top_release_keeps_count|s/(held_d\[h_slot\*CB \+: CB\] = held_d\[h_slot\*CB \+: CB\]) - ONE_C;/\1;/|sharing_top_*.v"
      # sharing_top: a warp's entry bit set at its launch, before its WARP command reaches the lock table (set too soon)
      "top_entry_too_soon|s/went_d = went_q \& ~lw_new;/went_d = went_q | lw_new;/|sharing_top_*.v"
      # sharing_top: the deadlock rule lost: a warp may take its lock while the partner CTA holds one
      "top_deadlock_rule_dropped|s/\(held_q\[g([0-9]+)_ps\*CB \+: CB\] == \{CB\{1${q}b0\}\}\)/1${q}b1/|sharing_top_*.v"
      # sharing_top: role B's private registers without their offset (they land on role A's)
      "top_role_offset_dropped|s/ \+ \(\{PW\{m(rd|wr)[0-9]+_role\}\} \& k_u\)//|sharing_top_*.v"
      # sharing_top launcher: an exit releases its warps again although they were released (drained)
      "top_exit_rerelease|s/^(  wire \[CL-1:0\] xl[0-9]+ = .*g[0-9]+_rel) \& ~rel_q\[[0-9]+\]/\1/|sharing_top_*.v"
      # sharing_top launcher: a launch names its partner slot although the partner slot is empty
      "top_partner_always|s/(pu\[[0-9]+\] = ce[0-9]+_pair) \&\& used_d\[ce[0-9]+_psb\];/\1;/|sharing_top_*.v"
      # sharing_top launcher: a drained warp's release is lost (its lock waits for the CTA's exit)
      "top_drained_release_lost|s/^(  assign dv\[[0-9]+\] = )drained_i\[[0-9]+\]/\11${q}b0/|sharing_top_*.v"
      # sharing_top launcher: a launch's WARP writes lose their rank (each lands right after the BLK)
      "top_warp_rank_lost|s/^(  wire \[NB-1:0\] jp[0-9]+ = \([^+]*\)) \+ \(.*\);$/\1;/|sharing_top_*.v"
    ) ;;
  finereg) cfg=tests/sm/configs/cosim_finereg.ini kernel=reduction
    mutants=(
      # PCRF: a link writes the chain pointer off by one (the restore walks the wrong entry)
      "pcrf_next_off_by_one|s/next_m\[link_idx_i\] <= link_next_i;/next_m[link_idx_i] <= link_next_i + 1${q}b1;/|pcrf_*.v"
      # RMU: the eviction never links the chain (every PCRF entry its own chain)
      "rmu_no_link|s/^  wire link = .*;/  wire link = 1${q}b0;/|rmu_*.v"
      # RMU: the free-space monitor forgets the entries a restore walked
      "rmu_walk_keeps_entry|s/(\{occ_we[0-9]+, occ_wi[0-9]+, occ_wd[0-9]+\} = \{1${q}b1, cur_q, )1${q}b0\};/\11${q}b1};/|rmu_*.v"
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
      "rt_no_unmap|s/^(  wire unmap_b0_l0 = )rdv_b0_l0/\11${q}b0 \& rdv_b0_l0/|rename_table_*.v"
      # rename table: a redefinition of a mapped register allocates anew
      "rt_no_write_in_place|s/wire aw_p([0-9]) = act_p[0-9] & ~dv_p[0-9];/wire aw_p\1 = act_p\1;/|rename_table_*.v"
      # rename table: the free port is ignored
      "rt_free_ignored|s/(wire fdec_0_b[0-9] = )free_valid_i\[0\]/\11${q}b0 \& free_valid_i[0]/|rename_table_*.v"
      # release-flag cache: entry 0 never hits on the fetch probe (its pir is fetched again)
      "flag_probe_miss|s/wire probe_hit_0 = probe_valid_i && valid_q\[0\]/wire probe_hit_0 = 1${q}b0 \&\& valid_q[0]/|release_flag_cache_*.v"
      # regvirt_top glue: collector 0 reads bank b's register at {b, index} as if bank_map were reg mod banks
      "top_rd_bank_map|s/^(  assign rf_rd_reg_i\[0\*[0-9]+ \+: [0-9]+\] = .* & )\((rd_pid_0\[PID_W-1:IDX_W\]) - rd_pid_0\[[0-9]+:0\]\);/\1\2;/|regvirt_top_*.v"
      # regvirt_top glue: issue port 0's flags read from the cache are reported as decoded
      "top_cached_lost|s/^(  assign iss_cached_o\[0\] = )cached_0;/\11${q}b0;/|regvirt_top_*.v"
      # regvirt_top control: the next warp's exit sweep starts while the table still sweeps (early)
      "top_sweep_not_waited|s/^(  wire go_ex = h_valid & h_exit) & ~rt_sweep_busy_o( & ~exit_wait\[h_tw\];)/\1\2/|regvirt_top_*.v"
      # regvirt_top rename queue: a warp's younger chunk may take a port (its oldest-first check dropped)
      "top_rq_not_oldest|$MUT_RQ_NOT_OLDEST|regvirt_top_*.v"
      # regvirt_top rename queue: a port whose chunk was not renamed lets it go (released a cycle early)
      "top_rq_hold_lost|s/^(    else +held_v_q <= ).*;/\1{NP{1${q}b0}};/|regvirt_top_*.v"
      # regvirt_top rename queue: every pushed lane lands on the first free entry (lane order lost)
      "top_rq_lane_position|s/^(  wire \[PSW-1:0\] lpos_[0-9]+ = [^+]+) \+ .*;/\1;/|regvirt_top_*.v"
      # regvirt_top control: the head entry pops one warp late (off by one): a warp launch past the CTA's last warp
      "top_pop_off_by_one|s/^(  wire pop = go & \(k_q) \+ [0-9]+${q}d1 (== wpc_q\);)/\1 \2/|regvirt_top_*.v"
    ) ;;
  regvirt_spill) cfg=tests/sm/configs/cosim_regvirt_spill.ini kernel=cfd
    mutants=(
      # rename table: a spill sweep frees nothing (the spilled registers stay mapped and busy)
      "rt_spill_keeps_map|s/^(  wire swv_b[0-9] = sweep_busy_q) &/\1 \& ~sweep_spill_q \&/|rename_table_*.v"
      # rename table: a spill sweep retires its warp (the CTA's warp count drops as at an exit)
      "rt_spill_retires_warp|s/\(sweep_end & ~sweep_spill_q & /(sweep_end \& /|rename_table_*.v"
      # regvirt_top: the spill sweep takes the control queue's head warp, not the victim
      "top_spill_wrong_warp|s/\(\{TWW\{go_sp\}\} & spill_warp_i\)/({TWW{go_sp}} \& h_tw)/|regvirt_top_*.v"
    ) ;;
  ltrf) cfg=tests/sm/configs/cosim_ltrf.ini kernel=reduction
    mutants=(
      # cache: a fill wins its bank over the core's write (priority flipped)
      "cache_fill_priority|s/^(  wire fill_gnt_b1 = .*) & ~\(\|wr_req_b1\);/\1;/|ltrf_cache_*.v"
      # cache: a freed warp slot goes to the head of the allocation queue
      "cache_free_to_head|s/if \(tail_q == /if (head_q == /|gpurf_alloc_queue_n4.v"
      # engine: evicts registers the next interval still needs
      "engine_evicts_overlap|s/^(  wire \[NUM_REGS-1:0\] evm_0 = inc_q_0 & )~(want_q_0;)/\1\2/|ltrf_engine_*.v"
      # top: one WCB lookup more than the ports (the lookup count compared off by one)
      "top_lookup_extra_port|s/^(  wire gnt_[0-9]+ = .*)\(cnt_([0-9]+) < /\1(cnt_\2 <= /|ltrf_top_*.v"
      # top: the delay line loses a main-file read beat's number (its lanes taken from beat 0)
      "top_beat_lost|s/^(    else +beat_q_0_0 <= ).*;/\1{BTW{1${q}b0}};/|ltrf_top_*.v"
      # top: every engine command allocates a row in the global AAU, not only an activation
      "top_alloc_every_command|s/^(  assign rc_oa_req_i = cmd_req_i) & cmd_alloc_i;/\1;/|ltrf_top_*.v"
      # top: a write bringing its location goes to the bank its own (stale) lookup flop names
      "top_location_bank_ignored|s/^(  wire \[BW-1:0\] wr_cbank_[0-9]+ = )wr_loc_i\[[0-9]+\] \? wr_bank_i\[[0-9]+ \+: BW\] : (wr_bank_[0-9]+);/\1\2;/|ltrf_top_*.v"
      # top: a destination lookup answers row 0 whatever the warp's row (a write lands in another warp's row)
      "top_dest_row_zero|s/^(  assign dl_off_o\[[0-9]+ \+: OW\] = ).*;/\1{OW{1${q}b0}};/|ltrf_top_*.v"
    ) ;;
  *) echo "cosim-sm-mutations.sh: SCHEME=$scheme: allowed: baseline, rfc, rfc_yield, sharing, finereg, regvirt, regvirt_spill, ltrf" >&2; exit 2 ;;
esac
twins=$(scripts/cosim-sm-build --twins "$cfg" "$kernel") || exit 1
work=build/$(basename "$cfg" .ini)/cosim-sm-mutants
mkdir -p "$work"
fail=0
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
