#!/usr/bin/env bash
# mutations_sharing.sh: the lockstep harness must catch a broken lock table
# and a broken sharing_top glue (tiny_sharing).  Each line is one mutation
# of the generated share_lock, or of sharing_top under the shared-pair
# random stimulus (scenario paired: CTA launches, drains, exits and kernel
# restarts, which the unshared scenario never makes).
# Arguments: mutation names to run (default: all of them).
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_sharing.ini
only=" $* "
m() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]] || return 0
  tests/scripts/mutate.sh "$cfg" share_lock "$@" || fail=1; }
t() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]] || return 0
  tests/scripts/mutate.sh "$cfg" sharing_top "$1" "$2" 'sharing_top_*.v' 20000 --scenario paired || fail=1; }
fail=0
# 1. Deadlock rule dropped: a warp takes a lock while its partner block holds one.
m no_deadlock_rule "s/\(c_held == \{CB\{1'b0\}\}\)/1'b1/" 'share_lock_*.v'
# 2. Threshold comparator off by one (Fig. 4 c): register u counted private.
m threshold_off_by_one 's/>= thresh_q/> thresh_q/' 'share_lock_*.v'
# 3. Owner Warp First inverted: non-owners before owners.
m owf_inverted 's/ocls = owner_q\[j\] \? CLASS_OWNER(.*) : CLASS_NONOWNER(.*);/ocls = owner_q[j] ? CLASS_NONOWNER\2 : CLASS_OWNER\1;/' 'share_lock_*.v'
# 4. Warp exit never releases its lock.
m no_release '/u_rel_lock \(/,/\);/s/\(rel_hit\)/(1'"'"'b0)/' 'share_lock_*.v'
# 5. Ownership never moves to a block that takes a lock.
m no_ownership_flip 's/flip = acq & ~c_owner;/flip = {NUM_SCHED{1'"'"'b0}};/' 'share_lock_*.v'
# 6. Same-cycle race: the non-owner wins instead of the owner.
m race_non_owner_wins 's/c_owner\[o\] & ~c_owner\[s\]/~c_owner[o] \& c_owner[s]/' 'share_lock_*.v' 20000
# 6b. A warp's release decrements the holder count of warp 0's block too
#     (issue 29: the select of warp 0's block inverted); seen only since the
#     stimulus places blocks in random warp-slot groups (warp 0 was always
#     block 0's, whose index 0 ORed in changed nothing).
m release_block_select '/u_r_blk \(/,/\);/s/\(r_dec\)/({r_dec[NUM_WARPS-1:1], ~r_dec[0]})/' 'share_lock_*.v' 20000
# sharing_top (the SM-driven co-simulation has the same faults on kernels):
# 7. A kernel start keeps the warp table: entries of the kernel before map with the new split.
t top_warp_table_kept "s/(wire \[W-1:0\] wv0 = )kern_start_i \? \{W\{1'b0\}\} : wv_q;/\1wv_q;/"
# 8. A warp's entry bit set at its launch, before its WARP write reaches the lock table.
t top_entry_too_soon "s/went_d = went_q \& ~lw_new;/went_d = went_q | lw_new;/"
# 9. An exit releases its warps again although a drain released them.
t top_exit_rerelease "s/^(  wire \[CL-1:0\] xl[0-9]+ = .*g[0-9]+_rel) \& ~rel_q\[[0-9]+\]/\1/"
# 10. A launch names its partner slot although the partner slot is empty.
t top_partner_always "s/(pu\[[0-9]+\] = ce[0-9]+_pair) \&\& used_d\[ce[0-9]+_psb\];/\1;/"
# 11. A drained warp's release is lost (its lock waits for the CTA's exit).
t top_drained_release_lost "s/^(  assign dv\[[0-9]+\] = )drained_i\[[0-9]+\]/\11'b0/"
# 12. A launch's WARP writes lose their rank among the launch's warps (all right after the BLK).
t top_warp_rank_lost "s/^(  wire \[NB-1:0\] jp[0-9]+ = \([^+]*\)) \+ \(.*\);$/\1;/"
# 13. DWE's gate inverted: the draw opens it when at or above the probability.
t top_dwe_draw_inverted "s/wire dwe_open = dwe_draw < prob_q;/wire dwe_open = dwe_draw >= prob_q;/"
# 14. DWE's LFSR never moves: every cycle draws the same number.
t top_dwe_lfsr_stuck "s/: dwe_step \? lfsr_next : lfsr_q/: lfsr_q/"
# 15. A write past the queue's last entry does not wrap: it lands room entries too far.
t top_queue_wrap_lost "s/\(sp >= room\) \? sp - room :/(sp >= room) ? sp :/"
# 16. The cycle's first write is not the head when the queue is empty: the oldest entry is.
t top_queue_first_lost "s/h_cmd = q_nz \? q_head : first_cmd;/h_cmd = q_head;/"
exit $fail
