#!/usr/bin/env bash
# regvirt-mutations.sh: the lockstep harness must catch broken RegVirt RTL.
# Each mutant edits generated RTL of one decision the paper or docs/regvirt.md
# makes and must produce a MISMATCH (tests/scripts/mutate-lib.sh).
#
#   tests/scripts/regvirt-mutations.sh [quick]    quick: 9 of the 19 mutants
set -u
cd "$(dirname "$0")/../.."
fail=0
. tests/scripts/mutate-lib.sh
# mutate NAME CFG MODULE SED-EXPRESSION FILE-GLOB, on build/<cfg name>/rtl
mutate_rv() {
  local out; out=build/$(basename "$2" .ini)
  mutate "$2" "$3" "$out/rtl" "$out/mutants" "$1" "$4" "$5"
}
shrink=configs/tiny_regvirt_shrink.ini
tiny=configs/tiny_regvirt.ini
global=tests/configs/regvirt/shrink_global.ini
odd=tests/configs/regvirt/odd_shapes.ini
for c in $shrink $tiny $global $odd; do build/bin/gpurf-gen --config $c --out build/$(basename $c .ini) || exit 1; done
rt='rename_table_*.v'
quick=${1:-}
# 1. pir release never unmaps (the table keeps the mapping).
mutate_rv no_unmap $shrink rename_table 's/^(  wire unmap_b0_l0 = )rdv_b0_l0/\11'"'"'b0 \& rdv_b0_l0/' "$rt"
# 2. allocation ignores powered subarrays (Sec. 8.2 fill-active-first).
[ -n "$quick" ] || mutate_rv no_gating_preference $shrink rename_table 's/cand_b([0-9]) = haspref_b[0-9] \? pref_b[0-9] : free_b[0-9];/cand_b\1 = free_b\1;/' "$rt"
# 3. a write to a mapped register allocates anew instead of writing in place.
mutate_rv no_write_in_place $shrink rename_table 's/wire aw_p([0-9]) = act_p[0-9] & ~dv_p[0-9];/wire aw_p\1 = act_p\1;/' "$rt"
# 4. the warp-exit sweep frees nothing in bank 0.
[ -n "$quick" ] || mutate_rv sweep_keeps_bank0 $shrink rename_table 's/& ~\(\{BANK_REGS\{swv_b0\}\} & \(BR_ONE << swi_b0\)\);/;/' "$rt"
# 5. the global throttle check without the per-port margin.
mutate_rv throttle_no_margin $global rename_table 's/\(avail <= \((.*) \+ [0-9]+'"'"'d[0-9]+\)\)/(avail <= \1)/' "$rt"
# 6. a read-time free clears nothing (register stays busy).
[ -n "$quick" ] || mutate_rv free_ignored $shrink rename_table 's/(wire fdec_0_b[0-9] = )free_valid_i\[0\]/\11'"'"'b0 \& free_valid_i[0]/' "$rt"
# 7. one lookup per bank (shrink_global): the destination does not wait for a
#    same-bank source (release vs write order).
[ -n "$quick" ] || mutate_rv dst_not_after_src $global rename_table 's/^( +)~\(\(rq_p0_s0 .*\);$/\11'"'"'b1;/' "$rt"
# 8. release-flag cache: a flush leaves the entries valid.
[ -n "$quick" ] || mutate_rv rfc_flush_ignored $tiny release_flag_cache 's/else if \(flush_i\)  valid_q <= \{ENTRIES\{1'"'"'b0\}\};/else if (flush_i)  valid_q <= valid_q;/' 'release_flag_cache_*.v'
# 9. release-flag cache: slot k reads slot k+1's bits.
mutate_rv rfc_slot_shift $tiny release_flag_cache 's/\(\{3\{(rd0_slot|rd_slot_i\[[0-9:]+\]) == 5'"'"'d1\}\} & rd0_row\[5:3\]\)/({3{\1 == 5'"'"'d1}} \& rd0_row[8:6])/' 'release_flag_cache_*.v'
# 10. the per-bank throttle check (tiny_regvirt_shrink) without the per-port margin.
[ -n "$quick" ] || mutate_rv per_bank_no_margin $shrink rename_table 's/(wire \[KW:0\] needm_b[0-9] = \{1'"'"'b0, needb_b[0-9]\}) \+ [0-9]+'"'"'d[0-9]+;/\1;/' "$rt"
# 11. two lookups per bank (the default): the destination looks up on its own
#     beside a source of the same register instead of sharing its lookup, so it
#     misses the source's release.
mutate_rv dst_no_shared_lookup $tiny rename_table 's/^(  wire rq_p0_s3 = db_p0) & ~\(fol_p0_s0 \| fol_p0_s1 \| fol_p0_s2\);/\1;/' "$rt"
# 12. the shared lookup ignores the source's release (writes in place into a
#     register on its way to the free list).
[ -n "$quick" ] || mutate_rv shared_lookup_ignores_release $tiny rename_table 's/^(  wire fv_p0 = .*) & ~rel_p0_s0\)/\1)/' "$rt"
# 13. the second lookup lane of bank 0 always reads an unmapped entry.
[ -n "$quick" ] || mutate_rv second_lane_unmapped $shrink rename_table 's/^(  wire rdv_b0_l1 = )/\11'"'"'b0 \& /' "$rt"
# regvirt_top's rename queue, under its own stimulus (tb/stim_regvirt_top.c):
top='regvirt_top_*.v'
# 14. a warp's exit sweep no longer waits for its chunks (only for its frees).
mutate_rv rq_exit_ignores_chunks $tiny regvirt_top 's/^(  wire \[NUM_WARPS-1:0\] exit_wait = free_pending_i) \| chunk_busy;/\1;/' "$top"
# 15. the queue's count does not stop at its entries (pushes past the end counted;
#     odd_shapes: a queue of 5, 3 lanes).
[ -n "$quick" ] || mutate_rv rq_count_unbounded $odd regvirt_top 's/^(  wire \[PSW-1:0\] cnt_nx = )\(total > q_lim\) \? q_lim : total;/\1total;/' "$top"
# 16. a warp's younger chunk may take a port beside its older one.
[ -n "$quick" ] || mutate_rv rq_not_oldest $tiny regvirt_top "$MUT_RQ_NOT_OLDEST" "$top"
# spill sweeps (Sec. 8.1; the stimulus spills a running warp now and then):
# 17. a spill sweep frees nothing: the spilled registers stay mapped.
mutate_rv spill_keeps_map $tiny rename_table 's/^(  wire swv_b[0-9] = sweep_busy_q) &/\1 \& ~sweep_spill_q \&/' "$rt"
# 18. a spill sweep retires its warp (the CTA's warp count drops as at an exit).
mutate_rv spill_retires_warp $tiny rename_table 's/\(sweep_end & ~sweep_spill_q & /(sweep_end \& /' "$rt"
# issue 29's survivors of systematic mutation (scripts/mutate):
# 19. a subarray's wake-up counter never reaches zero (- 1 became - 2; with
#     WK_W = 1 the counter sticks at 1 and pg_waking_o stays up).
mutate_rv wake_counter_stuck $tiny rename_table 's/(wake_q_b3_s0 <= wake_q_b3_s0 - )1.d1;/\12;/' "$rt"
exit $fail
