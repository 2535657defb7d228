/* emit_rfc.c: Verilog of the register file cache, on the module model
 * (vmod.h) and the leaf cells (cells.h).
 *
 * The policy is cmodel/rfc.c's (its header lists one cycle); docs/rfc.md
 * has the picture.  Structure:
 *   tag array      valid_q, dirty_q, tag_q per (slot, entry): flops near the
 *                  scheduler (Sec. 3.1); age ranks per slot from the shared
 *                  age-rank block (FIFO: allocation order; LRU: also reads)
 *   slot views     the read, write and flush slots' entries: a decoded slot
 *                  (gpurf_decode) selects them (gpurf_mux_onehot)
 *   tag check      per source operand, ENTRIES comparators; hit index by
 *                  find-first-set (a slot never holds a tag twice)
 *   result path    the write slot's tags: hit, else lowest invalid, else
 *                  rank 0; victim write-back unless killed by a last-use
 *                  read this cycle
 *   flush          blocking: lowest dirty entry of the flushing slot per free
 *                  cycle; with a victim buffer: the whole slot's dirty
 *                  entries in one cycle once they fit
 *   victim buffer  circular FIFO of (live, warp, register, data): copied
 *                  entries' data arrives from the array's flush read ports
 *                  the cycle after the copy (fill_*_q) and may drain from
 *                  the cycle after that; the head drains into a free MRF
 *                  write cycle or, killed by a newer direct write-back of
 *                  its register, leaves without a write
 *   data array     SRAM macro, NUM_SRC + 1 (+ ENTRIES with a victim buffer)
 *                  read ports, 1 write port: row = slot * ENTRIES + entry
 *   MRF write      one registered stage: eviction / flush data from the
 *                  write-back read port, bypass data from a data flop
 * Per slot, entry, source and buffer entry logic is generate loops; the
 * tag array's next state is one-hot vectors per slot, in the model's
 * order (last use, bypass, write, flush step, flush done). */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "cell_inst.h"
#include "cells.h"
#include "emit_lib.h"
#include "rfc_desc.h"
#include "vmod.h"
#include "vwriter.h"

struct rfc_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct vmod *v;
	unsigned na, nn, ns, tw, sw, ew, row_w, dw, lru, k;
	unsigned nv, pw, iw;	/* victim entries, its pointer/count width, warp id width */
	char age[96];
};

static const char *P(const struct rfc_geom *g, enum rfc_port p)
{
	return vmod_port(g->v, p);
}

/* The entries of the slot `slot` selects: <p>sel (one-hot slot),
 * <p>valid, <p>dirty (when asked), <p>tags (ENTRIES*TAG_W). */
static void emit_slot_view(const struct rfc_geom *g, char p, const char *slot, int dirty)
{
	struct vmod *v = g->v;
	char n[32], n2[32], o[32];

	vmod_wire(v, (snprintf(n, sizeof n, "%csel", p), n), "NUM_SLOTS", NULL);
	cell_decode(v, n, "NUM_SLOTS", "SW", "1'b1", slot, n);
	vmod_wire(v, (snprintf(o, sizeof o, "%cvalid", p), o), "ENTRIES", NULL);
	cell_mux_onehot(v, o, "NUM_SLOTS", "ENTRIES", "valid_q", n, o);
	if (dirty) {
		vmod_wire(v, (snprintf(o, sizeof o, "%cdirty", p), o), "ENTRIES", NULL);
		cell_mux_onehot(v, o, "NUM_SLOTS", "ENTRIES", "dirty_q", n, o);
	}
	vmod_wire(v, (snprintf(n2, sizeof n2, "%ctags", p), n2), "ENTRIES*TAG_W", NULL);
	cell_mux_onehot(v, n2, "NUM_SLOTS", "ENTRIES*TAG_W", "tag_q", n, n2);
}

static void emit_tag_check(const struct rfc_geom *g)
{
	struct vmod *v = g->v;
	char a[64];

	vmod_comment(v, "---- tag check (the stage Sec. 3.1 adds): reads never allocate ----");
	emit_slot_view(g, 'r', P(g, RFC_RD_SLOT_I), 0);
	vmod_wire(v, "hit", "NUM_SRC", NULL);
	vmod_wire(v, "hidx", "NUM_SRC*EW", NULL);
	vmod_wire(v, "last_clr", "NUM_SRC*ENTRIES", NULL);
	vmod_for(v, "k", "NUM_SRC", "src");
	vmod_wire(v, "rm", "ENTRIES", NULL);
	vmod_for(v, "e", "ENTRIES", "entry");
	vmod_assign(v, "rm[e]", "rvalid[e] & (rtags[e*TAG_W +: TAG_W] == %s[k*TAG_W +: TAG_W])",
		    P(g, RFC_RD_REG_I));
	vmod_end(v);
	vmod_wire(v, "found", "1", NULL);
	vmod_wire(v, "rm_oh_unused", "ENTRIES", NULL);
	cell_ffs(v, "hidx", "ENTRIES", "EW", "rm", "found", "rm_oh_unused", "hidx[k*EW +: EW]");
	vmod_assign(v, "hit[k]", "%s & %s[k] & found", P(g, RFC_RD_I), P(g, RFC_RD_REGV_I));
	vmod_comment(v, "A last-use read leaves its entry clean: the value is dead (Sec. 3.3).");
	vmod_assign(v, "last_clr[k*ENTRIES +: ENTRIES]", "{ENTRIES{hit[k] & %s[k]}} & rm",
		    P(g, RFC_RD_LAST_I));
	vmod_assign(v, (snprintf(a, sizeof a, "%s[k]", P(g, RFC_RD_HIT_O)), a), "hit[k]");
	vmod_assign(v, (snprintf(a, sizeof a, "%s[k]", P(g, RFC_MRF_RD_O)), a), "%s & %s[k] & ~hit[k]",
		    P(g, RFC_RD_I), P(g, RFC_RD_REGV_I));
	vmod_end(v);
	vmod_blank(v);
}

static void emit_result(const struct rfc_geom *g)
{
	struct vmod *v = g->v;

	vmod_comment(v, "---- result write: hit in place, else lowest invalid, else oldest ----");
	emit_slot_view(g, 'w', P(g, RFC_WR_SLOT_I), 1);
	if (g->nn > 1) {
		vmod_wire(v, "wrank", "ENTRIES*EW", NULL);
		cell_mux_onehot(v, "wrank", "NUM_SLOTS", "ENTRIES*EW", "rank_all", "wsel", "wrank");
	}
	vmod_wire(v, "wm", "ENTRIES", NULL);
	vmod_wire(v, "oldest", "ENTRIES", g->nn > 1 ? NULL : "1'b1");
	vmod_for(v, "e", "ENTRIES", "wr_entry");
	vmod_assign(v, "wm[e]", "wvalid[e] & (wtags[e*TAG_W +: TAG_W] == %s)", P(g, RFC_WR_REG_I));
	if (g->nn > 1)
		vmod_assign(v, "oldest[e]", "wrank[e*EW +: EW] == {EW{1'b0}}");
	vmod_end(v);
	vmod_wire(v, "whit", "1", NULL);
	vmod_wire(v, "wm_oh_unused", "ENTRIES", NULL);
	vmod_wire(v, "whidx", "EW", NULL);
	cell_ffs(v, "whidx", "ENTRIES", "EW", "wm", "whit", "wm_oh_unused", "whidx");
	vmod_wire(v, "winv", "ENTRIES", "~wvalid");
	vmod_wire(v, "inv_any_unused", "1", NULL);
	vmod_wire(v, "first_inv", "ENTRIES", NULL);
	vmod_wire(v, "inv_idx_unused", "EW", NULL);
	cell_ffs(v, "first_inv", "ENTRIES", "EW", "winv", "inv_any_unused", "first_inv", "inv_idx_unused");
	vmod_wire(v, "vsel", "ENTRIES", "(|winv) ? first_inv : oldest");
	vmod_wire(v, "vsel_any_unused", "1", NULL);
	vmod_wire(v, "vsel_oh_unused", "ENTRIES", NULL);
	vmod_wire(v, "vidx", "EW", NULL);
	cell_ffs(v, "vidx", "ENTRIES", "EW", "vsel", "vsel_any_unused", "vsel_oh_unused", "vidx");
	vmod_wire(v, "vtag", "TAG_W", NULL);
	cell_mux_onehot(v, "vtag", "ENTRIES", "TAG_W", "wtags", "vsel", "vtag");
	vmod_wire(v, "wr_rfc", "1", "%s & ~%s", P(g, RFC_WR_I), P(g, RFC_WR_BYPASS_I));
	vmod_wire(v, "alloc", "1", "wr_rfc & ~whit");
	vmod_wire(v, "widx", "EW", "whit ? whidx : vidx");
	vmod_wire(v, "wr_oh", "ENTRIES", "{ENTRIES{wr_rfc}} & (whit ? wm : vsel)");
	vmod_wire(v, "byp_inv", "ENTRIES", "{ENTRIES{%s & %s & whit}} & wm", P(g, RFC_WR_I),
		  P(g, RFC_WR_BYPASS_I));
	vmod_comment(v, "The victim's last read is this cycle: dead, no write-back (Sec. 3.3).");
	vmod_wire(v, "kill_by", "NUM_SRC", NULL);
	vmod_for(v, "k", "NUM_SRC", "kill");
	vmod_assign(v, "kill_by[k]", "hit[k] & %s[k] & (hidx[k*EW +: EW] == vidx)", P(g, RFC_RD_LAST_I));
	vmod_end(v);
	vmod_wire(v, "kill", "1", "|kill_by");
	vmod_wire(v, "evict", "1", "alloc & |(vsel & wvalid & wdirty) & ~(kill & (rd_slot_i == wr_slot_i))");
	vmod_assign(v, P(g, RFC_WR_HIT_O), "%s & whit", P(g, RFC_WR_I));
	vmod_blank(v);
	vmod_comment(v, "---- flush of a demoted warp: one dirty entry per cycle the MRF port is free ----");
	emit_slot_view(g, 'f', P(g, RFC_FL_SLOT_I), 1);
	vmod_wire(v, "fd", "ENTRIES", "fvalid & fdirty");
	vmod_wire(v, "fd_any_unused", "1", NULL);
	vmod_wire(v, "first_fd", "ENTRIES", NULL);
	vmod_wire(v, "fidx", "EW", NULL);
	cell_ffs(v, "first_fd", "ENTRIES", "EW", "fd", "fd_any_unused", "first_fd", "fidx");
	if (g->nv) {
		struct vinst *i;

		vmod_comment(v, "dirty entries below each entry; the last count is all of them");
		vmod_wire(v, "fd_below", "(ENTRIES+1)*PW", NULL);
		i = vmod_inst(v, cell_module(CELL_PREFIX_COUNT), "fd_below");
		vinst_param(i, "N", "ENTRIES+1");
		vinst_param(i, "CNT_W", "PW");
		vinst_conn(i, "vec_i", "{1'b0, fd}");
		vinst_conn(i, "count_o", "fd_below");
		vmod_wire(v, "ndirty", "PW", "fd_below[ENTRIES*PW +: PW]");
		vmod_comment(v, "the slot's dirty entries fit in the buffer's free entries (before this "
			     "cycle's pop)");
		vmod_wire(v, "fit", "1", "ndirty <= VICTIM[PW-1:0] - vb_count_q");
		vmod_wire(v, "fcopy", "1", "fl_i & ~fl_drop_i & (|fd) & fit");
		vmod_wire(v, "fdone", "1", "fl_i & (fl_drop_i | ~(|fd) | fit)");
		vmod_comment(v, "no blocking step: the buffer takes the whole slot");
		vmod_wire(v, "fstep", "1", "1'b0");
	} else {
		vmod_wire(v, "fdone", "1", "fl_i & (fl_drop_i | ~(|fd))");
		vmod_comment(v, "a step needs the MRF port: no eviction or bypass, no hold from the top");
		vmod_wire(v, "fstep", "1", "fl_i & ~fl_drop_i & (|fd) & ~evict & ~(wr_i & wr_bypass_i) & ~fl_hold_i");
	}
	vmod_assign(v, P(g, RFC_FL_DONE_O), "fdone");
	vmod_blank(v);
}

/* Tag array next state per slot: last use, bypass, write, flush step, flush
 * done (a later one wins). */
static void emit_state(const struct rfc_geom *g)
{
	struct vmod *v = g->v;
	struct vinst *i;

	vmod_comment(v, "---- tag array next state (priority: flush done, flush step, write, last use) ----");
	vmod_wire(v, "last_any", "ENTRIES", NULL);
	cell_mux_onehot(v, "last_any", "NUM_SRC", "ENTRIES", "last_clr", "{NUM_SRC{1'b1}}", "last_any");
	vmod_wire(v, "step_oh", "ENTRIES", "{ENTRIES{fstep}} & first_fd");
	vmod_for(v, "s", "NUM_SLOTS", "slot");
	vmod_wire(v, "w_here", "ENTRIES", "{ENTRIES{wsel[s]}} & wr_oh");
	vmod_wire(v, "gone", "1", "fdone & fsel[s]");
	vmod_wire(v, "valid_nx", "ENTRIES", "(valid_q[s*ENTRIES +: ENTRIES] & ~({ENTRIES{wsel[s]}} & byp_inv)) "
		  "| w_here");
	vmod_wire(v, "dirty_nx", "ENTRIES", "((dirty_q[s*ENTRIES +: ENTRIES] & ~({ENTRIES{rsel[s]}} & "
		  "last_any)) | w_here) & ~({ENTRIES{fsel[s]}} & step_oh)");
	vmod_assign(v, "valid_d[s*ENTRIES +: ENTRIES]", "gone ? {ENTRIES{1'b0}} : valid_nx");
	vmod_assign(v, "dirty_d[s*ENTRIES +: ENTRIES]", "gone ? {ENTRIES{1'b0}} : dirty_nx");
	vmod_for(v, "e", "ENTRIES", "tag");
	vmod_assign(v, "tag_d[(s*ENTRIES + e)*TAG_W +: TAG_W]", "w_here[e] ? %s : "
		    "tag_q[(s*ENTRIES + e)*TAG_W +: TAG_W]", P(g, RFC_WR_REG_I));
	vmod_end(v);
	if (g->nn > 1) {
		vmod_comment(v, "age ranks: %s", g->lru ? "LRU (reads in operand order, then the write)" :
			     "FIFO (allocation order)");
		i = vmod_inst(v, g->age, "age");
		vinst_conn(i, "clk_i", "clk_i");
		vinst_conn(i, "rst_ni", "rst_ni");
		if (g->lru) {
			vinst_conn(i, "touch_i", "{wr_rfc & wsel[s], hit & {NUM_SRC{rsel[s]}}}");
			vinst_conn(i, "touch_idx_i", "{widx, hidx}");
		} else {
			vinst_conn(i, "touch_i", "wr_rfc & wsel[s] & ~whit");
			vinst_conn(i, "touch_idx_i", "widx");
		}
		vinst_conn(i, "rank_o", "rank_all[s*ENTRIES*EW +: ENTRIES*EW]");
	}
	vmod_end(v);
	vmod_blank(v);
}

/* Row of (slot, entry): slot * ENTRIES + entry, at ROW_W bits. */
static const char *row(char *buf, size_t n, const struct rfc_geom *g, const char *slot,
		       const char *entry)
{
	char a[128], b[128], l[32];

	snprintf(buf, n, "%s * %s + %s", vw_zext(a, sizeof a, slot, g->sw, g->row_w),
		 vw_lit(l, sizeof l, g->row_w, g->nn), vw_zext(b, sizeof b, entry, g->ew, g->row_w));
	return buf;
}

static void emit_data(const struct rfc_geom *g)
{
	struct vmod *v = g->v;
	const struct mem_desc *mem = &g->m->mems[0];
	char r[400];
	struct vinst *i;

	vmod_comment(v, "---- data array: row = slot * ENTRIES + entry ----");
	vmod_wire(v, "raddr", "NUM_SRC*ROW_W", NULL);
	vmod_for(v, "k", "NUM_SRC", "raddr");
	vmod_assign(v, "raddr[k*ROW_W +: ROW_W]", "%s",
		    row(r, sizeof r, g, P(g, RFC_RD_SLOT_I), "hidx[k*EW +: EW]"));
	vmod_end(v);
	vmod_wire(v, "waddr", "ROW_W", "%s", row(r, sizeof r, g, P(g, RFC_WR_SLOT_I), "widx"));
	vmod_wire(v, "faddr", "ROW_W", "%s", row(r, sizeof r, g, P(g, RFC_FL_SLOT_I), "fidx"));
	vmod_wire(v, "vaddr", "ROW_W", "%s", row(r, sizeof r, g, P(g, RFC_WR_SLOT_I), "vidx"));
	vmod_comment(v, "the write-back read port");
	vmod_wire(v, "wb_re", "1", "evict | fstep");
	vmod_wire(v, "wb_addr", "ROW_W", "evict ? vaddr : faddr");
	if (g->na & (g->na - 1)) {
		vmod_comment(v, "a slot past the end writes nothing");
		vmod_wire(v, "we", "1", "wr_rfc & (wr_slot_i < NUM_SLOTS[SW-1:0])");
	} else {
		vmod_wire(v, "we", "1", "wr_rfc");
	}
	if (g->nv) {
		vmod_comment(v, "flush copy: every entry of the flushing slot");
		vmod_wire(v, "caddr", "ENTRIES*ROW_W", NULL);
		vmod_for(v, "e", "ENTRIES", "caddr");
		vmod_wire(v, "eidx", "EW", NULL);
		vmod_for(v, "b", "EW", "bit");
		vmod_assign(v, "eidx[b]", "(e >> b) %% 2 == 1");
		vmod_end(v);
		vmod_assign(v, "caddr[e*ROW_W +: ROW_W]", "%s", row(r, sizeof r, g, P(g, RFC_FL_SLOT_I), "eidx"));
		vmod_end(v);
	}
	vmod_wire(v, "rdata", g->nv ? "(NUM_SRC+1+ENTRIES)*DW" : "(NUM_SRC+1)*DW", NULL);
	i = vmod_inst(v, mem->module, "data");
	vinst_conn(i, "clk_i", "clk_i");
	vinst_conn(i, "re_i", g->nv ? "{{ENTRIES{fcopy}} & fd, wb_re, hit}" : "{wb_re, hit}");
	vinst_conn(i, "raddr_i", g->nv ? "{caddr, wb_addr, raddr}" : "{wb_addr, raddr}");
	vinst_conn(i, "rdata_o", "rdata");
	vinst_conn(i, "we_i", "we");
	vinst_conn(i, "waddr_i", "waddr");
	vinst_conn(i, "wmask_i", "{LANES{1'b1}}");
	vinst_conn(i, "wdata_i", "%s", P(g, RFC_WR_DATA_I));
	vmod_blank(v);
	vmod_comment(v, "---- read data: the cycle after the tag check, gated by valid ----");
	vmod_assign(v, "rd_v_d", "hit");
	vmod_assign(v, P(g, RFC_RD_VALID_O), "rd_v_q");
	vmod_for(v, "k", "NUM_SRC", "rd_data");
	vmod_assign(v, "rd_data_o[k*DW +: DW]", "{DW{rd_v_q[k]}} & rdata[k*DW +: DW]");
	vmod_end(v);
	vmod_blank(v);
}

/* The victim buffer (victim_entries > 0); without one, its outputs tied. */
static void emit_victim(const struct rfc_geom *g)
{
	struct vmod *v = g->v;
	char l[32], l1[32];

	if (!g->nv) {
		vmod_wire(v, "vb_drain", "1", "1'b0");
		vmod_wire(v, "vb_head_reg", "TAG_W", "{TAG_W{1'b0}}");
		vmod_wire(v, "vb_head_warp", "WID_W", "{WID_W{1'b0}}");
		vmod_wire(v, "vb_head_data", "DW", "{DW{1'b0}}");
		vmod_wire(v, "unused_vb", "1", "^vb_count_q");
		vmod_assign(v, P(g, RFC_VB_VALID_O), "1'b0");
		vmod_assign(v, P(g, RFC_VB_WARP_O), "{WID_W{1'b0}}");
		vmod_assign(v, P(g, RFC_VB_REG_O), "{TAG_W{1'b0}}");
		vmod_blank(v);
		return;
	}
	vmod_comment(v, "---- victim buffer: a flush's dirty entries, drained in order ----");
	vmod_comment(v, "a write-back that skips the buffer");
	vmod_wire(v, "vb_direct", "1", "evict | (wr_i & wr_bypass_i)");
	vmod_wire(v, "vb_dreg", "TAG_W", "evict ? vtag : wr_reg_i");
	vmod_wire(v, "vb_hd", "VICTIM", NULL);
	cell_decode(v, "vb_hd", "VICTIM", "PW", "1'b1", "vb_head_q", "vb_hd");
	vmod_wire(v, "vb_tsum", "PW", "vb_head_q + vb_count_q");
	vmod_wire(v, "vb_tail", "PW", "(vb_tsum >= VICTIM[PW-1:0]) ? vb_tsum - VICTIM[PW-1:0] : vb_tsum");
	vmod_comment(v, "per flushed entry: its buffer position; one-hot, the copy now and the fill at "
		     "the last edge (fresh: data still on the flush ports)");
	vmod_wire(v, "vb_pos", "ENTRIES*PW", NULL);
	vmod_wire(v, "copy_oh", "ENTRIES*VICTIM", NULL);
	vmod_wire(v, "fill_oh", "ENTRIES*VICTIM", NULL);
	vmod_for(v, "e", "ENTRIES", "vb_pos");
	vmod_wire(v, "psum", "PW", "vb_tail + fd_below[e*PW +: PW]");
	vmod_assign(v, "vb_pos[e*PW +: PW]", "(psum >= VICTIM[PW-1:0]) ? psum - VICTIM[PW-1:0] : psum");
	cell_decode(v, "copy", "VICTIM", "PW", "fcopy & fd[e]", "vb_pos[e*PW +: PW]",
		    "copy_oh[e*VICTIM +: VICTIM]");
	cell_decode(v, "fill", "VICTIM", "PW", "fill_v_q[e]", "fill_pos_q[e*PW +: PW]",
		    "fill_oh[e*VICTIM +: VICTIM]");
	vmod_end(v);
	vmod_wire(v, "vb_fresh", "VICTIM", NULL);
	vmod_wire(v, "vb_kill", "VICTIM", NULL);
	vmod_for(v, "b", "VICTIM", "vb");
	vmod_wire(v, "copy_col", "ENTRIES", NULL);
	vmod_wire(v, "fill_col", "ENTRIES", NULL);
	vmod_for(v, "e", "ENTRIES", "col");
	vmod_assign(v, "copy_col[e]", "copy_oh[e*VICTIM + b]");
	vmod_assign(v, "fill_col[e]", "fill_oh[e*VICTIM + b]");
	vmod_end(v);
	vmod_assign(v, "vb_fresh[b]", "|fill_col");
	vmod_comment(v, "killed: a newer direct write-back of the same register supersedes the copy");
	vmod_assign(v, "vb_kill[b]", "vb_live_q[b] & vb_direct & (vb_warp_q[b*WID_W +: WID_W] == wr_warp_i) "
		    "& (vb_reg_q[b*TAG_W +: TAG_W] == vb_dreg)");
	vmod_wire(v, "copy_tag", "TAG_W", NULL);
	cell_mux_onehot(v, "copy_tag", "ENTRIES", "TAG_W", "ftags", "copy_col", "copy_tag");
	vmod_assign(v, "vb_live_d[b]", "(|copy_col) | (vb_live_q[b] & ~vb_kill[b] & ~(vb_pop & vb_hd[b]))");
	vmod_assign(v, "vb_warp_d[b*WID_W +: WID_W]", "(|copy_col) ? fl_warp_i : vb_warp_q[b*WID_W +: WID_W]");
	vmod_assign(v, "vb_reg_d[b*TAG_W +: TAG_W]", "(|copy_col) ? copy_tag : vb_reg_q[b*TAG_W +: TAG_W]");
	vmod_comment(v, "the copy's data: from the flush read ports, the edge after the copy; a "
		     "chain of selects over the entries (a later entry wins, one fills at most)");
	vmod_for(v, "e", "ENTRIES", "fill");
	vmod_wire(v, "acc", "DW", NULL);
	vmod_chain_prev(v, "e", "fill", "DW", "vb_data_q[b*DW +: DW]", "acc");
	vmod_assign(v, "acc", "fill_col[e] ? rdata[(NUM_SRC+1+e)*DW +: DW] : prev");
	vmod_end(v);
	vmod_assign(v, "vb_data_d[b*DW +: DW]", "g_fill[ENTRIES-1].acc");
	vmod_assign(v, "vb_warp_o[b*WID_W +: WID_W]", "{WID_W{vb_live_q[b]}} & vb_warp_q[b*WID_W +: WID_W]");
	vmod_assign(v, "vb_reg_o[b*TAG_W +: TAG_W]", "{TAG_W{vb_live_q[b]}} & vb_reg_q[b*TAG_W +: TAG_W]");
	vmod_end(v);
	vmod_assign(v, P(g, RFC_VB_VALID_O), "vb_live_q");
	vmod_wire(v, "vb_head_live", "1", "|(vb_hd & vb_live_q)");
	vmod_wire(v, "vb_head_fresh", "1", "|(vb_hd & vb_fresh)");
	vmod_wire(v, "vb_head_reg", "TAG_W", NULL);
	vmod_wire(v, "vb_head_warp", "WID_W", NULL);
	vmod_wire(v, "vb_head_data", "DW", NULL);
	cell_mux_onehot(v, "vb_head_reg", "VICTIM", "TAG_W", "vb_reg_q", "vb_hd", "vb_head_reg");
	cell_mux_onehot(v, "vb_head_warp", "VICTIM", "WID_W", "vb_warp_q", "vb_hd", "vb_head_warp");
	cell_mux_onehot(v, "vb_head_data", "VICTIM", "DW", "vb_data_q", "vb_hd", "vb_head_data");
	vmod_wire(v, "vb_any", "1", "(vb_count_q != {PW{1'b0}})");
	vmod_comment(v, "a killed head leaves without a write; a live one needs a free MRF cycle (no "
		     "direct write-back, no hold from the top) and its data");
	vmod_wire(v, "vb_go", "1", "~vb_head_fresh & ~vb_direct & ~fl_hold_i");
	vmod_assign(v, "vb_pop", "vb_any & (~vb_head_live | vb_go)");
	vmod_wire(v, "vb_drain", "1", "vb_any & vb_head_live & vb_go");
	vmod_wire(v, "vb_head_inc", "PW", "(vb_head_q == %s) ? {PW{1'b0}} : vb_head_q + %s",
		  vw_lit(l, sizeof l, g->pw, g->nv - 1u), vw_lit(l1, sizeof l1, g->pw, 1));
	vmod_assign(v, "vb_head_d", "vb_pop ? vb_head_inc : vb_head_q");
	vmod_assign(v, "vb_count_d", "vb_count_q - {{(PW-1){1'b0}}, vb_pop} + (fcopy ? ndirty : {PW{1'b0}})");
	vmod_assign(v, "fill_v_d", "{ENTRIES{fcopy}} & fd");
	vmod_assign(v, "fill_pos_d", "vb_pos");
	vmod_blank(v);
}

static void emit_mrf_write(const struct rfc_geom *g)
{
	struct vmod *v = g->v;

	vmod_comment(v, "---- main-file write stage: eviction, bypass, flush (one port, that priority) ----");
	vmod_wire(v, "wb_idx", "EW", "evict ? vidx : fidx");
	vmod_wire(v, "unused_wb_idx", "1", "^wb_idx");
	vmod_wire(v, "ftag", "TAG_W", NULL);
	cell_mux_onehot(v, "ftag", "ENTRIES", "TAG_W", "ftags", "first_fd", "ftag");
	vmod_wire(v, "byp", "1", "wr_i & wr_bypass_i");
	vmod_comment(v, "the drained entry's slot may hold another warp: slot 0, the warp names it");
	vmod_assign(v, "mw_v_d", "evict | fstep | byp | vb_drain");
	vmod_assign(v, "mw_byp_d", "evict ? 1'b0 : byp ? 1'b1 : fstep ? 1'b0 : vb_drain ? 1'b1 : mw_byp_q");
	vmod_assign(v, "mw_kind_d", "evict ? KIND_EVICT[KIND_W-1:0] : byp ? KIND_BYPASS[KIND_W-1:0] : "
		    "(fstep | vb_drain) ? KIND_FLUSH[KIND_W-1:0] : mw_kind_q");
	vmod_assign(v, "mw_slot_d", "(evict | byp) ? wr_slot_i : fstep ? fl_slot_i : vb_drain ? {SW{1'b0}} : "
		    "mw_slot_q");
	vmod_assign(v, "mw_reg_d", "evict ? vtag : byp ? wr_reg_i : fstep ? ftag : vb_drain ? vb_head_reg : "
		    "mw_reg_q");
	vmod_assign(v, "mw_warp_d", "(evict | byp) ? wr_warp_i : fstep ? fl_warp_i : vb_drain ? "
		    "vb_head_warp : mw_warp_q");
	vmod_assign(v, "mw_data_d", "byp ? wr_data_i : vb_drain ? vb_head_data : mw_data_q");
	vmod_assign(v, P(g, RFC_MRF_WR_O), "mw_v_q");
	vmod_assign(v, P(g, RFC_MRF_WR_KIND_O), "{KIND_W{mw_v_q}} & mw_kind_q");
	vmod_assign(v, P(g, RFC_MRF_WR_SLOT_O), "{SW{mw_v_q}} & mw_slot_q");
	vmod_assign(v, P(g, RFC_MRF_WR_REG_O), "{TAG_W{mw_v_q}} & mw_reg_q");
	vmod_assign(v, P(g, RFC_MRF_WR_WARP_O), "{WID_W{mw_v_q}} & mw_warp_q");
	vmod_assign(v, P(g, RFC_MRF_WR_DATA_O), "{DW{mw_v_q}} & (mw_byp_q ? mw_data_q : "
		    "rdata[NUM_SRC*DW +: DW])");
}

/* Every flop, declared before the logic that reads it. */
static void emit_flops(const struct rfc_geom *g)
{
	struct vmod *v = g->v;
	unsigned k;

	k = vmod_flop_group(v, "Tag array: valid, dirty, tag per (slot, entry).", 1);
	vmod_flop(v, k, "valid", "NUM_SLOTS*ENTRIES", "{NUM_SLOTS*ENTRIES{1'b0}}", NULL);
	vmod_flop(v, k, "dirty", "NUM_SLOTS*ENTRIES", "{NUM_SLOTS*ENTRIES{1'b0}}", NULL);
	vmod_flop(v, k, "tag", "NUM_SLOTS*ENTRIES*TAG_W", "{NUM_SLOTS*ENTRIES*TAG_W{1'b0}}", NULL);
	k = vmod_flop_group(v, "Read data valid: the cycle after a hit.", 1);
	vmod_flop(v, k, "rd_v", "NUM_SRC", "{NUM_SRC{1'b0}}", NULL);
	k = vmod_flop_group(v, "Main-file write stage.", 1);
	vmod_flop(v, k, "mw_v", "1", "1'b0", NULL);
	vmod_flop(v, k, "mw_byp", "1", "1'b0", NULL);
	vmod_flop(v, k, "mw_kind", "KIND_W", "{KIND_W{1'b0}}", NULL);
	vmod_flop(v, k, "mw_slot", "SW", "{SW{1'b0}}", NULL);
	vmod_flop(v, k, "mw_reg", "TAG_W", "{TAG_W{1'b0}}", NULL);
	vmod_flop(v, k, "mw_warp", "WID_W", "{WID_W{1'b0}}", NULL);
	k = vmod_flop_group(v, "Bypass / drained data: a data flop, no reset.", 0);
	vmod_flop(v, k, "mw_data", "DW", NULL, NULL);
	if (!g->nv) {
		vmod_wire(v, "vb_count_q", "PW", "{PW{1'b0}}");
		return;
	}
	k = vmod_flop_group(v, "Victim buffer: live (a value still to drain), warp, register; head and "
			    "count; entry e's copy lands at fill_pos_q[e] this edge.", 1);
	vmod_flop(v, k, "vb_live", "VICTIM", "{VICTIM{1'b0}}", NULL);
	vmod_flop(v, k, "vb_warp", "VICTIM*WID_W", "{VICTIM*WID_W{1'b0}}", NULL);
	vmod_flop(v, k, "vb_reg", "VICTIM*TAG_W", "{VICTIM*TAG_W{1'b0}}", NULL);
	vmod_flop(v, k, "vb_head", "PW", "{PW{1'b0}}", NULL);
	vmod_flop(v, k, "vb_count", "PW", "{PW{1'b0}}", NULL);
	vmod_flop(v, k, "fill_v", "ENTRIES", "{ENTRIES{1'b0}}", NULL);
	vmod_flop(v, k, "fill_pos", "ENTRIES*PW", "{ENTRIES*PW{1'b0}}", NULL);
	k = vmod_flop_group(v, "Victim buffer data: no reset, read only once filled.", 0);
	vmod_flop(v, k, "vb_data", "VICTIM*DW", NULL, NULL);
	vmod_wire(v, "vb_pop", "1", NULL);
}

int emit_rfc(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	struct rfc_geom g = {0};
	struct sbuf *out;
	int fresh, rc;

	g.cfg = cfg;
	g.m = m;
	g.na = cfg->rfc.active_warps;
	g.nn = cfg->rfc.entries;
	g.ns = cfg->rfc.src_ports;
	g.tw = cfg->rfc.d.tag_bits;
	g.sw = cfg->rfc.d.slot_bits;
	g.ew = cfg->rfc.d.entry_bits;
	g.row_w = cfg_index_bits((unsigned long)g.na * g.nn);
	g.dw = cfg->d.warp_bits;
	g.lru = cfg->rfc.replacement == RFC_REPL_LRU;
	g.k = g.lru ? g.ns + 1u : 1u;
	g.nv = cfg->rfc.victim_entries;
	g.pw = cfg_index_bits(2ul * (g.nv ? g.nv : 1u));
	g.iw = cfg->rfc.d.warp_id_bits;
	if (emit_sram(d, &m->mems[0]) || (g.nn > 1 && emit_age_rank(d, g.nn, g.k, g.age, sizeof g.age)) ||
	    cell_use(d, CELL_DECODE) || cell_use(d, CELL_FFS) || cell_use(d, CELL_MUX_ONEHOT) ||
	    (g.nv && cell_use(d, CELL_PREFIX_COUNT)))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	g.v = vmod_new(cfg, m, 1, 1, "Register file cache, Gebhart et al. ISCA 2011 Sec. 3.1, 5 "
		       "(docs/rfc.md).");
	if (!out || !g.v) {
		vmod_free(g.v);
		return -1;
	}
	vmod_param(g.v, "NUM_SLOTS");
	vmod_param(g.v, "ENTRIES");
	vmod_param(g.v, "NUM_SRC");
	vmod_param(g.v, "TAG_W");
	vmod_param(g.v, "LANES");
	if (g.nv)
		vmod_param(g.v, "VICTIM");
	vmod_param(g.v, "WID_W");
	vmod_localparam(g.v, "SW", g.sw, "slot index");
	vmod_localparam(g.v, "EW", g.ew, "entry index and age rank");
	vmod_localparam(g.v, "ROW_W", g.row_w, "data array row");
	vmod_localparam(g.v, "DW", g.dw, "one warp register");
	vmod_localparam(g.v, "PW", g.pw, "victim-buffer pointer and count (values below 2 x VICTIM)");
	vmod_localparam(g.v, "KIND_W", 2, "main-file write kind");
	vmod_localparam(g.v, "KIND_EVICT", RFC_MRF_EVICT, NULL);
	vmod_localparam(g.v, "KIND_BYPASS", RFC_MRF_BYPASS, NULL);
	vmod_localparam(g.v, "KIND_FLUSH", RFC_MRF_FLUSH, NULL);
	vmod_blank(g.v);
	emit_flops(&g);
	vmod_wire(g.v, "unused_regs", "1", "^{rd_reg_i, rd_regv_i, rd_last_i}");
	if (g.nn > 1)
		vmod_wire(g.v, "rank_all", "NUM_SLOTS*ENTRIES*EW", NULL);
	vmod_blank(g.v);
	emit_tag_check(&g);
	emit_result(&g);
	emit_state(&g);
	emit_data(&g);
	emit_victim(&g);
	emit_mrf_write(&g);
	vmod_flops_here(g.v);
	rc = vmod_print(g.v, out);
	vmod_free(g.v);
	return rc;
}

unsigned wave_rfc(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	static const enum rfc_port rd[] = {RFC_RD_I, RFC_RD_SLOT_I, RFC_RD_REG_I, RFC_RD_LAST_I, RFC_RD_HIT_O,
					   RFC_MRF_RD_O, RFC_RD_VALID_O};
	static const enum rfc_port wr[] = {RFC_WR_I, RFC_WR_SLOT_I, RFC_WR_REG_I, RFC_WR_BYPASS_I, RFC_WR_HIT_O,
					   RFC_FL_I, RFC_FL_SLOT_I, RFC_FL_DONE_O};
	static const enum rfc_port mw[] = {RFC_MRF_WR_O, RFC_MRF_WR_KIND_O, RFC_MRF_WR_SLOT_O, RFC_MRF_WR_REG_O,
					   RFC_MRF_WR_WARP_O, RFC_VB_VALID_O, RFC_VB_REG_O};
	unsigned n = 0, a = cfg->rfc.active_warps * cfg->rfc.entries;

	groups[n] = (struct wave_group){.title = "clock and reset"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n++], "rst_ni", 1);
	groups[n] = (struct wave_group){.title = "tag check"};
	for (size_t i = 0; i < sizeof rd / sizeof rd[0]; i++)
		wave_add(&groups[n], m->ports[rd[i]].name, port_width(&m->ports[rd[i]]));
	n++;
	groups[n] = (struct wave_group){.title = "result write and flush"};
	for (size_t i = 0; i < sizeof wr / sizeof wr[0]; i++)
		wave_add(&groups[n], m->ports[wr[i]].name, port_width(&m->ports[wr[i]]));
	wave_add(&groups[n], "evict", 1);
	wave_add(&groups[n++], "kill", 1);
	groups[n] = (struct wave_group){.title = "tags"};
	wave_add(&groups[n], "valid_q", a);
	wave_add(&groups[n], "dirty_q", a);
	wave_add(&groups[n++], "tag_q", a * cfg->rfc.d.tag_bits);
	groups[n] = (struct wave_group){.title = "main-file writes"};
	for (size_t i = 0; i < sizeof mw / sizeof mw[0]; i++)
		wave_add(&groups[n], m->ports[mw[i]].name, port_width(&m->ports[mw[i]]));
	n++;
	return n;
}
