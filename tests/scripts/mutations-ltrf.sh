#!/usr/bin/env bash
# mutations-ltrf.sh: the LTRF lockstep harness must catch broken RTL.
#
# Each mutation edits a copy of the generated tiny_ltrf_plus RTL, checks the
# edit really happened, builds it for the module it breaks and requires the
# co-simulation to fail with a MISMATCH.  A mutation that compiles but is
# not caught fails this test.
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_ltrf_plus.ini
build/bin/gpurf-gen --config "$cfg" --out build/tiny_ltrf_plus || exit 1
work=build/tiny_ltrf_plus/mutants
rm -rf "$work"; mkdir -p "$work"
fail=0

. tests/scripts/mutate-lib.sh
m() { local name=$1 module=$2; shift 2; mutate "$cfg" "$module" build/tiny_ltrf_plus/rtl "$work" "$name" "$@" 5000; }

# 1. A lookup ignores the entry's valid bit: reads outside the working set
#    would be served from the register cache.
m wcb_serves_outside wcb 's/^(  wire lk_hit_1 = lk_v_q\[1\]) & lk_entry_1\[BANK_W\];/\1;/' 'wcb_*.v'
# 2. Liveness: the dead-operand clear wins over a write's set (A16 reversed).
m wcb_clear_wins wcb 's/\.we_i    \(\{lv_set_i & ready, /.we_i    ({lv_set_i \& ready \& ~lv_clr_i, /' 'wcb_*.v'
# 3. Fills no longer yield a bank to execution writes.
m fill_priority ltrf_cache 's/^(  assign fill_gnt_b1 = .*) & \{[0-9]+\{~\(\|wr_req_b1\)\}\};/\1;/' 'ltrf_cache_*.v'
# 4. A freed bank goes to the head of the unused queue, not the tail (the
#    row AAUs with tiny_ltrf_plus's four fill lanes).
m aau_free_to_head ltrf_cache 's/^(  wire \[AW-1:0\] fpos_[0-9]+_s = )tail_x/\1head_x/' 'gpurf_alloc_lanes_n4_f4.v'
# 5. Engine: LTRF+ writes back dead registers too (liveness ignored).
m engine_ignores_liveness ltrf_engine 's/\(t_live_([0-9]+) \? X_EVRD/(1\x27b1 ? X_EVRD/g' 'ltrf_engine_*.v'
# 6. Engine: an interval change evicts the overlap instead of old minus new.
m engine_evicts_overlap ltrf_engine 's/^(  wire \[NUM_REGS-1:0\] evm_0 = inc_q_0 & )~(want_q_0;)/\1\2/' 'ltrf_engine_*.v'
# 7. Top: one lookup more than the WCB has ports (the count compared off by one).
m top_lookup_extra_port ltrf_top 's/^(  wire gnt_[0-9]+ = .*)\(cnt_([0-9]+) < /\1(cnt_\2 <= /' 'ltrf_top_*.v'
# 8. Top: a main-file read beat's lanes picked one stage early in the beat-number delay line.
m top_beat_line_short ltrf_top 's/beat_q_0_1 == /beat_q_0_0 == /g' 'ltrf_top_*.v'
# 9. Top: a miss (a register outside the working set) is not reported.
m top_no_miss ltrf_top 's/^(  assign rd_miss_o\[0\] = ).*;/\11\x27b0;/' 'ltrf_top_*.v'
# 24. WCB: lookup 0's answer taken from the table bank of lookup 1's register (the
#     registered bank index of the other port).
m wcb_answer_other_bank wcb 's/^(    lk_tb_q_0 <= )lk_tb_0;/\1lk_tb_1;/' 'wcb_*.v'
# 25. WCB: table bank 1 writes when lane 2 writes (its data still lane 1's).
m wcb_bank_other_lane wcb 's/^(  wire tbl_1_we_0 = init_busy_q \| )tw_req_i\[1\];/\1tw_req_i[2];/' 'wcb_*.v'
# 26. Engine: commit lane 1 takes the lowest committing slot of any table bank (two
#     lanes commit one slot; a bank's port gets another bank's register).
m engine_commit_any_bank ltrf_engine 's/^(  assign v_comb1\[[0-9]+\] = \(xs_q_[0-9]+ == X_COMMIT\)) & \(xreg_q_[0-9]+\[1:0\] == 2.d1\);/\1;/' 'ltrf_engine_*.v'
# 10. Engine: a returning MRF read beat goes to the slot the tag FIFO's tail
#     names (the newest grant's), not its head (the oldest outstanding beat's:
#     the overlapped transfers' tags).
m engine_tag_from_tail ltrf_engine 's/^(    \.sel_i   \()th_q_0\)/\1tt_q_0)/' 'ltrf_engine_*.v'
# 11. Engine: a register a slot is already moving may be picked again by another slot.
m engine_ignores_pending ltrf_engine 's/^(  wire \[NUM_REGS-1:0\] fep_0 = fem_0) & ~pend_0;/\1;/' 'ltrf_engine_*.v'
# 12. Engine: LTRF+ reads a dead register from the main file on a fetch (the live bit ignored).
m engine_fetches_dead ltrf_engine 's/~ev_any & ~t_live_([0-9]+);/1\x27b0;/g; s/: \(t_live_([0-9]+) \? X_RD/: (1\x27b1 ? X_RD/g' 'ltrf_engine_*.v'
# 13. Engine (several MRF ports): port 1 serves the lowest slot too, so two
#     ports move the same slot's beat in one cycle.
m engine_two_ports_one_slot ltrf_engine 's/^(  wire \[NS-1:0\] o_port_1 = )r_port_1 & \(~r_port_1 (.*)/\1v_port \& (~v_port \2/' 'ltrf_engine_*.v'
# 14. Engine: a read beat returning on port 1 is lost when one returns on port 0 in the same cycle.
m engine_beat_lost_together ltrf_engine 's/^(  wire rsp_1 = mrf_rvalid_i\[1\] & tne_q_1);/\1 \& ~mrf_rvalid_i[0];/' 'ltrf_engine_*.v'
# 15. Engine: a slot freed one cycle early (a fill granted goes idle, skipping its commit).
m engine_slot_freed_early ltrf_engine 's/^(        X_FILL: if \(g_fill\[0\]\) xs_q_0 <= )X_COMMIT;/\1X_IDLE;/' 'ltrf_engine_*.v'

# 19. Engine (pick_width 4): pick 1 does not skip pick 0's register, so two
#     slots take the same register in one cycle.
m engine_two_picks_one_reg ltrf_engine 's/^(  wire \[NUM_REGS-1:0\] pk_c_1 = pk_c_0) & ~pk_oh_0;/\1;/' 'ltrf_engine_*.v'
# 20. Engine: picks 0 and 1 go to the same free slot (its rank not cleared):
#     pick 1 is lost when two are taken together, the slot latches both.
m engine_pick_lost_together ltrf_engine 's/^(  wire \[NS-1:0\] r_free_1 = r_free_0) & ~o_free_0;/\1;/' 'ltrf_engine_*.v'
# 19. Top: a write bringing its location goes to the bank its own (stale) lookup flop names.
m top_location_bank_ignored ltrf_top 's/^(  wire \[BW-1:0\] wr_cbank_0 = )wr_loc_i\[0\] \? wr_bank_i\[0 \+: BW\] : (wr_bank_0);/\1\2;/' 'ltrf_top_*.v'
# 20. Top: every destination lookup answers "cached".
m top_dest_always_hit ltrf_top 's/^(  assign dl_hit_o\[0\] = lkd_v_q_0) & wcb_lk_hit_o\[lkd_lp_q_0\];/\1;/' 'ltrf_top_*.v'
# 21. Top: a write bringing its location still takes a lookup port.
m top_located_write_looks_up ltrf_top 's/^(  wire wr_want_0 = wr_req_i\[0\] & wr_cached_i\[0\]) & ~wr_loc_i\[0\]/\1/' 'ltrf_top_*.v'

# on CFG: its RTL generated into build/<name>, a fresh mutant directory (sets cfg, rtl, work)
on() {
  cfg=$1; local n; n=$(basename "$cfg" .ini)
  build/bin/gpurf-gen --config "$cfg" --out "build/$n" || exit 1
  rtl=build/$n/rtl work=build/$n/mutants
  rm -rf "$work"; mkdir -p "$work"
}

# Fill lanes ([ltrf] fill_ports = 3, tests/configs/ltrf_fill_lanes.ini).
on tests/configs/ltrf_fill_lanes.ini
l() { local name=$1 module=$2; shift 2; mutate "$cfg" "$module" "$rtl" "$work" "$name" "$@" 5000; }
# 16. Cache: every fill lane naming bank 1 is granted, not the lowest (two lanes granted one bank).
l lanes_one_bank ltrf_cache 's/^(  assign fill_gnt_b1 = fill_req_b1) & \(~fill_req_b1 \+ 3\x27d1\)/\1/' 'ltrf_cache_*.v'
# 17. Cache: bank 1's fill is granted but not written when lane 0 fills bank 0 in the same cycle.
l fill_lost_together ltrf_cache 's/^(    \.we_i    \(\(\|wr_gnt_b1\) \| )\(\|fill_gnt_b1\)\),/\1((|fill_gnt_b1) \& ~fill_gnt_b0[0])),/' 'ltrf_cache_*.v'
# 18. Engine: slot 1 freed one cycle early (its fill granted on any lane, it skips its commit).
l lanes_slot_freed_early ltrf_engine 's/^(        X_FILL: if \(g_fill\[1\]\) xs_q_1 <= )X_COMMIT;/\1X_IDLE;/' 'ltrf_engine_*.v'

# More than 16 transfer slots (tests/configs/ltrf_many_slots.ini: 8 ports x 4 slots).
on tests/configs/ltrf_many_slots.ini
ms() { local name=$1 module=$2; shift 2; mutate "$cfg" "$module" "$rtl" "$work" "$name" "$@" 20000; }
# 22. Engine: slot 28 (of 32) never asks for a fill lane, so its register never lands.
ms slot28_never_fills ltrf_engine 's/^(  assign v_fill\[28\] = )xs_q_28 == X_FILL;/\11\x27b0;/' 'ltrf_engine_*.v'
# 23. Engine: slot 28 freed one cycle early (a fill granted goes idle, skipping its commit).
ms slot28_freed_early ltrf_engine 's/^(        X_FILL: if \(g_fill\[28\]\) xs_q_28 <= )X_COMMIT;/\1X_IDLE;/' 'ltrf_engine_*.v'

# Slots bound to ports and lanes (tests/configs/ltrf_bound_slots.ini: [ltrf] slot_binding =
# bound, slot s on MRF port s % 8 and fill lane s % 8).
on tests/configs/ltrf_bound_slots.ini
# 24. Engine: slot 5's read beats taken from port 6's data instead of its own port 5.
ms bound_beat_wrong_port ltrf_engine 's/^(  wire \[XBAR_BITS-1:0\] rdata_5 = mrf_rdata_i\[)160( \+: XBAR_BITS\];)/\1192\2/' 'ltrf_engine_*.v'
# 25. Engine: fill lane 1 sends slot 17's register when it fills slot 9 (its group's mux misordered).
ms bound_fill_wrong_slot ltrf_engine 's/^(      o_fill_1\[)(17|9)(\],)$/\1X\2\3/; s/^(      o_fill_1\[)X17/\19/; s/^(      o_fill_1\[)X9/\117/' 'ltrf_engine_*.v'
# 26. Engine: slot 5's eviction data taken from lane 4 instead of its own lane 5.
ms bound_eviction_wrong_lane ltrf_engine 's/^(  wire \[REG_BITS-1:0\] evd_5 = ev_data_i\[)640( \+: REG_BITS\];)/\1512\2/' 'ltrf_engine_*.v'
# 27. Engine: fill lane 1 serves lane 0's slots (its group mask), two lanes on one slot.
ms bound_lane_wrong_group ltrf_engine 's/^(  wire \[NS-1:0\] r_fill_1 = v_fill & 32\x27d)33686018(;)/\116843009\2/' 'ltrf_engine_*.v'
exit $fail
