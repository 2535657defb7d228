#!/usr/bin/env bash
# mutations_rfc.sh: the lockstep harness must catch a broken register file
# cache (tiny_rfc, a victim buffer of 8; rfc_lru for the blocking flush).
# Each line is one mutation of the generated rfc.
# Arguments: mutation names to run (default: all of them).
set -u
cd "$(dirname "$0")/../.."
cfg=configs/tiny_rfc.ini
only=" $* "
m() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]] || return 0
  tests/scripts/mutate.sh "$cfg" rfc "$@" || fail=1; }
# the blocking flush (victim_entries = 0) of tests/configs/degenerate/rfc_lru
mb() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]] || return 0
  tests/scripts/mutate.sh tests/configs/degenerate/rfc_lru.ini rfc "$@" || fail=1; }
# rfc_top (tiny_rfc) under its random-core lockstep: the glue around the buffer
mt() { [ "$only" = "  " ] || [[ "$only" == *" $1 "* ]] || return 0
  tests/scripts/mutate.sh "$cfg" rfc_top "$@" || fail=1; }
fail=0
# 1. Last-use hints ignored: dead values are written back.
m hint_ignored 's/\{ENTRIES\{hit\[k\] & rd_last_i\[k\]\}\}/{ENTRIES{1'"'"'b0}}/' 'rfc_a*.v'
# 2. No write-back on eviction: live values are lost.
m no_writeback 's/^  wire evict = alloc &/  wire evict = 1'"'"'b0 \& alloc \&/' 'rfc_a*.v'
# 3. Replacement ignores age: always the lowest entry when none is free.
m not_fifo 's/\? first_inv : oldest;/? first_inv : {{(ENTRIES-1){1'"'"'b0}}, 1'"'"'b1};/' 'rfc_a*.v'
# 4. A bypassed result leaves the stale copy valid.
m bypass_keeps_copy 's/byp_inv = \{ENTRIES\{wr_i & wr_bypass_i & whit\}\} & wm;/byp_inv = {ENTRIES{1'"'"'b0}};/' 'rfc_a*.v'
# 5. Flush completes at once, dropping dirty entries (the victim buffer
#    copies nothing; with the blocking flush on rfc_lru: done without steps).
m flush_drops 's/wire fcopy = fl_i & ~fl_drop_i & \(\|fd\) & fit;/wire fcopy = 1'"'"'b0;/' 'rfc_a*.v'
mb flush_drops_blocking 's/wire fdone = fl_i & \(fl_drop_i \| ~\(\|fd\)\);/wire fdone = fl_i;/' 'rfc_a*.v'
# 6. A same-cycle last use no longer cancels the victim's write-back.
m kill_ignored 's/& ~\(kill & \(rd_slot_i == wr_slot_i\)\)//' 'rfc_a*.v'
# 7. Victim buffer: the copy of a slot's entry 0 never becomes live (lost).
m vb_entry_lost 's/\.en_i( +)\(fcopy & fd\[e\]\)/.en_i\1(fcopy \& fd[e] \& (e != 0))/' 'rfc_a*.v' 20000 --scenario victim
# 8. Victim buffer: a newer eviction / bypass of a buffered register no
#    longer kills the older copy, which drains after it (out of order).
m vb_order_vs_write 's/vb_kill\[b\] = vb_live_q\[b\] & vb_direct &/vb_kill[b] = 1'"'"'b0 \& vb_live_q[b] \& vb_direct \&/' 'rfc_a*.v' 20000 --scenario victim
# 9. rfc_top: an MRF read of a register the victim buffer still holds does
#    not wait (it would read the stale main-file value).
mt top_vb_read_not_held 's/^( *)!vb_rd_hold\[mc\]\) begin/\11'"'"'b1) begin/' 'rfc_top_*.v'
# 10. rfc_top: a direct MRF write of a buffered register does not wait (the
#    older copy's drain would overwrite it).
mt top_vb_write_not_held 's/if \(b_wr_direct\[mp\] && !vb_wr_hold\[mp\]\) begin/if (b_wr_direct[mp]) begin/' 'rfc_top_*.v'
# 11. The top's hold (flush_yields) ignored by the buffer's drain.
m hold_ignored_drain 's/wire vb_go = ~vb_head_fresh & ~vb_direct & ~fl_hold_i;/wire vb_go = ~vb_head_fresh \& ~vb_direct;/' 'rfc_a*.v'
# 12. ... and by the blocking flush's step.
mb hold_ignored_step 's/ & ~\(wr_i & wr_bypass_i\) & ~fl_hold_i;/ \& ~(wr_i \& wr_bypass_i);/' 'rfc_a*.v'
# 13. rfc_top: a direct write refused by the write-back never holds the
#     flush write-backs (flush_yields = 1 built as 0).
mt top_hold_never 's/^( *)assign rfc_fl_hold_i = .*;/\1assign rfc_fl_hold_i = 1'"'"'b0;/' 'rfc_top_*.v'
# 14. rfc_top: the hold also for a write of a buffered register (that write
#     waits for the drain it holds: a deadlock in the SM).
mt top_hold_buffered 's/mw_v & \(\|\(a_wr_direct & ~vb_wr_hold\)\)/mw_v \& (|a_wr_direct)/' 'rfc_top_*.v'
# 15. rfc_top: the hold whenever a direct write is present, not only when
#     the write-back refuses it.
mt top_hold_always 's/\(FLUSH_YIELDS != 0\) & mw_v & /(FLUSH_YIELDS != 0) \& /' 'rfc_top_*.v'
# 16. rfc_top: a granted read leaves its pending-read count (the per-(warp,
#     register) cells): the last-use hint is never given again for it.
mt top_pend_no_decrement 's/^( *)n = n - 1'"'"'b1;/\1n = n;/' 'rfc_top_*.v'
# 17. rfc_top: an issued source is not counted as a pending read (a hint
#     drops a value an older instruction still reads).
mt top_pend_no_increment 's/^( *)n = n \+ 1'"'"'b1;/\1n = n;/' 'rfc_top_*.v'
# 18. rfc_top: an operand-buffer hit always returns its collector's first
#     source's buffer.
mt top_cbuf_first_entry 's/o_d = cbuf_q\[\(oc\*NUM_SRCS \+ ok\)\*D \+: D\];/o_d = cbuf_q[(oc*NUM_SRCS)*D +: D];/' 'rfc_top_*.v'
# 19. rfc_top: the long-latency flag read from warp 0's row whatever the warp.
mt top_ll_row_warp0 's/if \(wv == i\[WW-1:0\]\) r = f\[i\*K_REGS \+: K_REGS\];/if (wv == i[WW-1:0]) r = f[0 +: K_REGS];/' 'rfc_top_*.v'
# 20. rfc_top: the pending-read count read from warp 0's row whatever the warp.
mt top_pend_row_warp0 's/if \(wv == i\[WW-1:0\]\) r = f\[i\*K_REGS\*PW \+: K_REGS\*PW\];/if (wv == i[WW-1:0]) r = f[0 +: K_REGS*PW];/' 'rfc_top_*.v'
exit $fail
