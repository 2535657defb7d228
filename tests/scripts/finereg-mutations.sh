#!/usr/bin/env bash
# finereg-mutations.sh: the lockstep harness must catch broken FineReg RTL.
#
#   tests/scripts/finereg-mutations.sh [quick]
# quick runs seven of them (one per module, three of the pipelined RMU, the
# Virtual-Thread state of finereg_top), for tests/lists/finereg.list.
#
# Each mutation edits a copy of the generated tiny_finereg RTL of one
# module, checks the edit really happened, builds it (RTL=dir) and requires
# the co-simulation to stop with a MISMATCH.  Not caught = test failure.
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_finereg.ini
pcfg=tests/configs/finereg_rmu/tiny_finereg_pipelined.ini   # [finereg] rmu = pipelined
vcfg=tests/configs/finereg_rmu/tiny_finereg_vt.ini          # [finereg] vt = 1
build/bin/gpurf-gen --config "$cfg" --out build/tiny_finereg || exit 1
build/bin/gpurf-gen --config "$pcfg" --out build/tiny_finereg_pipelined || exit 1
build/bin/gpurf-gen --config "$vcfg" --out build/tiny_finereg_vt || exit 1
work=build/tiny_finereg/mutants
rm -rf "$work"; mkdir -p "$work"
fail=0

quick=${1:-}
. tests/scripts/mutate-lib.sh
# m NAME MODULE SED-EXPRESSION FILE-GLOB [SCENARIO]; quick runs three.
m() {
  case " refuse_off_by_one pcrf_no_free ctm_priority pipe_bubble_dropped restore_before_evict_drained restore_into_eviction " in
    *" $1 "*) ;; *) [ "$quick" = quick ] && return ;;
  esac
  mutate "$cfg" "$2" build/tiny_finereg/rtl "$work" "$1" "$3" "$4" 20000 --scenario "${5:-random}"
}
# mp: the same on the pipelined RMU (tiny_finereg_pipelined).
mp() {
  case " pipe_bubble_dropped restore_before_evict_drained restore_into_eviction " in
    *" $1 "*) ;; *) [ "$quick" = quick ] && return ;;
  esac
  mutate "$pcfg" "$2" build/tiny_finereg_pipelined/rtl "$work" "$1" "$3" "$4" 20000 --scenario "${5:-random}"
}

# mt: the same on finereg_top with the Virtual-Thread state (tiny_finereg_vt).
mt() {
  mutate "$vcfg" "$2" build/tiny_finereg_vt/rtl "$work" "$1" "$3" "$4" 20000 --scenario "${5:-random}"
}

# RMU: admission test off by one (refuses when L_S == free).
m refuse_off_by_one rmu 's/^(  wire refuse = .*) > avail;/\1 >= avail;/' 'rmu_*.v'
# RMU: a swap no longer evicts S's register before P's overwrites it.
m swap_no_displace rmu 's/^  wire walk_live = .*;/  wire walk_live = 1'"'"'b0;/' 'rmu_*.v'
# RMU: the chain is never linked (every entry its own chain).
m no_link rmu 's/^  wire link = .*;/  wire link = 1'"'"'b0;/' 'rmu_*.v'
# RMU: the free-space monitor forgets walked entries.
m walk_keeps_entry rmu 's/(\{occ_we[0-9]+, occ_wi[0-9]+, occ_wd[0-9]+\} = \{1'"'"'b1, cur_q, )1'"'"'b0\};/\11'"'"'b1};/' 'rmu_*.v'
# RMU: the LRIC compares only the index bits (aliasing PCs hit).
m lric_no_tag rmu 's/&& \(lric_tag_cur == pc_cur\)//' 'rmu_*.v'
# Pipelined RMU: the write stage does not wait for the data of the FIFO's
# head (a pipeline bubble dropped: a register written before its read returned).
mp pipe_bubble_dropped rmu 's/^(  wire f_pop    = in_pipe && )\(f_data_q /\1(f_alloc_q /' 'rmu_*.v'
# Pipelined RMU: the walk's ACRF write does not wait for the PCRF data.
mp walk_bubble_dropped rmu 's/^(  wire r_head   = in_rs && )\(r_data_q /\1(r_alloc_q /' 'rmu_*.v'
# Pipelined RMU, swap: P's restore starts while S's last registers are still
# in the transfer buffer (the eviction's drain dropped): they never reach
# their PCRF entries, P's registers overwrite the slot they came from.
mp restore_before_evict_drained rmu 's/^  wire pipe_done = !fw_found && .*;/  wire pipe_done = !fw_found;/' 'rmu_*.v'
# Pipelined RMU: the walk's copy of NEXT is not updated by a link (it follows
# a stale pointer, as a walk reading ahead of a link would).
# Pipelined RMU, concurrent swap: P's register restored into the ACRF
# register a concurrent eviction has not read yet (the restore's wait for
# S's live bit dropped): S's value is lost.
mp restore_into_eviction rmu 's/^  wire r_haz    = conc_q && .*;/  wire r_haz    = 1'"'"'b0;/' 'rmu_*.v'
mp walk_stale_next rmu 's/^( *)else \{nxt_we[0-9]+, nxt_wi[0-9]+, nxt_wd[0-9]+\} = \{1'"'"'b1, tail_q, ff_idx\};/\1;/' 'rmu_*.v'
# Overlapped liveness fetch (lric_fetch = overlapped, the default: the pipelined configs).
# DECIDE before every requested vector is back (L_S counted short).
mp fetch_decide_early rmu 's/^( *)if \(!\(\|pend_d\)\) state_d = S_DECIDE;/\1state_d = S_DECIDE;/' 'rmu_*.v'
# a returned vector filed under the PC being looked up, not its own warp's.
mp fetch_wrong_tag rmu 's/(\{lric_tag_we[0-9]+, lric_tag_wi[0-9]+, lric_tag_wd[0-9]+\} = \{1'"'"'b1, rsp_idx, )pc_rsp\};/\1pc_cur};/' 'rmu_*.v'
# a miss not marked pending (its warp's vector never staged).
mp fetch_not_pending rmu 's/end else pend_d\[warp_q \+: 1\] = 1.b1;/end/' 'rmu_*.v'
# PCRF: rd_free_i ignored.
m pcrf_no_free pcrf 's/if \(rd_valid_i && rd_free_i\) valid_d/if (1'"'"'b0) valid_d/' 'pcrf_*.v'
# PCRF: a link leaves E set.
m pcrf_link_keeps_end pcrf 's/end_m\[link_idx_i\]  <= 1'"'"'b0;/end_m[link_idx_i]  <= 1'"'"'b1;/' 'pcrf_*.v'
# CTA monitor: V-B classes swapped (1/1 before 1/2).
m ctm_priority cta_monitor 's/assign resume_cta_o     = sel_a_found \? sel_a_idx : sel_b_idx;/assign resume_cta_o = sel_b_found ? sel_b_idx : sel_a_idx;/' 'cta_monitor_*.v'
# finereg_top, vt: a parked CTA resumed with a stale context: made ACTIVE at
# once instead of through DRAIN (the only S_DRAIN term before swap's), so its
# deferred writes never land and the schedulers are never told.
mt vt_resume_stale finereg_top 's/\? S_DRAIN : \(swap/? S_ACTIVE : (swap/g' 'finereg_top_*.v'
exit $fail
