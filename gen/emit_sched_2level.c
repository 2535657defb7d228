/* emit_sched_2level.c: Verilog of the two-level warp scheduler, on the
 * module model (vmod.h) and the leaf cells (cells.h).
 *
 * The policy is cmodel/sched_2level.c's; docs/rfc.md has the picture.
 *   per active slot  the warp it holds, decoded once (gpurf_decode), selects
 *                    that warp's valid / ready / long-latency / barrier /
 *                    resumed bits: a generate loop over the slots
 *   greedy issue     the first candidate at or after the last issued slot,
 *                    wrapping: two find-first-sets (gpurf_ffs), one over the
 *                    candidates from last_q up, one over all of them
 *   lowest first     demotion, flush and the free slot (gpurf_ffs)
 *   promotion        the shared round-robin arbiter (cmodel/rr_arb.c) over
 *                    the pending, woken warps
 *   state            vector next-state expressions: a later event of the
 *                    cycle wins (flush over demotion, promotion over flush),
 *                    as in the model's order. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "cell_inst.h"
#include "cells.h"
#include "emit_lib.h"
#include "sched_2level_desc.h"
#include "vmod.h"

static void emit_slots(struct vmod *v)
{
	vmod_comment(v, "---- per active slot: the warp's inputs ----");
	vmod_wire(v, "cand", "NUM_SLOTS", NULL);
	vmod_wire(v, "dem", "NUM_SLOTS", NULL);
	vmod_wire(v, "act", "NUM_SLOTS", NULL);
	vmod_wire(v, "vld", "NUM_SLOTS", NULL);
	vmod_wire(v, "llc", "NUM_SLOTS", NULL);
	vmod_wire(v, "bar", "NUM_SLOTS", NULL);
	vmod_wire(v, "slot_warp_oh", "NUM_SLOTS*NUM_WARPS", NULL);
	vmod_for(v, "a", "NUM_SLOTS", "slot");
	vmod_wire(v, "sdec", "NUM_WARPS", NULL);
	cell_decode(v, "sdec", "NUM_WARPS", "WB", "1'b1", "swarp_q[a*WB +: WB]", "sdec");
	vmod_assign(v, "slot_warp_oh[a*NUM_WARPS +: NUM_WARPS]", "sdec");
	vmod_assign(v, "act[a]", "occ_q[a] & ~drain_q[a]");
	vmod_assign(v, "vld[a]", "|(%s & sdec)", vmod_port(v, S2L_VALID_I));
	vmod_comment(v, "A resumed warp issues its marked instruction.");
	vmod_assign(v, "llc[a]", "|(%s & ~resumed_q & sdec)", vmod_port(v, S2L_LLC_I));
	vmod_assign(v, "bar[a]", "|(%s & sdec)", vmod_port(v, S2L_BAR_I));
	vmod_assign(v, "cand[a]", "act[a] & vld[a] & |(%s & sdec) & ~llc[a] & ~bar[a]",
		    vmod_port(v, S2L_READY_I));
	vmod_assign(v, "dem[a]", "act[a] & (~vld[a] | llc[a] | bar[a])");
	vmod_end(v);
	vmod_blank(v);
}

/* Greedy: the first candidate at or after last_q, wrapping. */
static void emit_greedy(struct vmod *v)
{
	vmod_comment(v, "---- greedy issue (Sec. 3.2): scan from the last issued slot ----");
	vmod_wire(v, "last_oh", "NUM_SLOTS", NULL);
	cell_decode(v, "last_oh", "NUM_SLOTS", "SW", "1'b1", "last_q", "last_oh");
	vmod_wire(v, "from_last", "NUM_SLOTS", NULL);
	vmod_for(v, "a", "NUM_SLOTS", "from_last");
	vmod_assign(v, "from_last[a]", "|last_oh[a:0]");
	vmod_end(v);
	vmod_wire(v, "cand_hi", "NUM_SLOTS", "cand & from_last");
	vmod_wire(v, "hi_any", "1", NULL);
	vmod_wire(v, "issue", "1", NULL);
	vmod_wire(v, "hsel", "NUM_SLOTS", NULL);
	vmod_wire(v, "asel", "NUM_SLOTS", NULL);
	vmod_wire(v, "hslot", "SW", NULL);
	vmod_wire(v, "aslot", "SW", NULL);
	cell_ffs(v, "issue_hi", "NUM_SLOTS", "SW", "cand_hi", "hi_any", "hsel", "hslot");
	cell_ffs(v, "issue_all", "NUM_SLOTS", "SW", "cand", "issue", "asel", "aslot");
	vmod_wire(v, "isel", "NUM_SLOTS", "hi_any ? hsel : asel");
	vmod_wire(v, "islot", "SW", "hi_any ? hslot : aslot");
	vmod_blank(v);
}

/* Demotion, flush and the free slot: lowest first; the warps they hold. */
static void emit_lowest(struct vmod *v)
{
	vmod_comment(v, "---- demotion, flush and free slot: lowest first ----");
	vmod_wire(v, "demote", "1", NULL);
	vmod_wire(v, "flushing", "1", NULL);
	vmod_wire(v, "free_any", "1", NULL);
	vmod_wire(v, "dsel", "NUM_SLOTS", NULL);
	vmod_wire(v, "fsel", "NUM_SLOTS", NULL);
	vmod_wire(v, "psel", "NUM_SLOTS", NULL);
	vmod_wire(v, "dslot", "SW", NULL);
	vmod_wire(v, "fslot", "SW", NULL);
	vmod_wire(v, "pslot", "SW", NULL);
	cell_ffs(v, "demote", "NUM_SLOTS", "SW", "dem", "demote", "dsel", "dslot");
	cell_ffs(v, "flush", "NUM_SLOTS", "SW", "drain_q", "flushing", "fsel", "fslot");
	cell_ffs(v, "free", "NUM_SLOTS", "SW", "~occ_q", "free_any", "psel", "pslot");
	vmod_wire(v, "iwarp", "WB", NULL);
	vmod_wire(v, "dwarp", "WB", NULL);
	vmod_wire(v, "fwarp", "WB", NULL);
	cell_mux_onehot(v, "iwarp", "NUM_SLOTS", "WB", "swarp_q", "isel", "iwarp");
	cell_mux_onehot(v, "dwarp", "NUM_SLOTS", "WB", "swarp_q", "dsel", "dwarp");
	cell_mux_onehot(v, "fwarp", "NUM_SLOTS", "WB", "swarp_q", "fsel", "fwarp");
	vmod_wire(v, "dem_llc", "1", "|(dsel & vld & llc)");
	vmod_wire(v, "dem_drop", "1", "|(dsel & ~vld)");
	vmod_blank(v);
}

static void emit_promotion(struct vmod *v, const char *arb, unsigned nw)
{
	struct vinst *i;

	vmod_comment(v, "---- promotion: round robin over valid, woken warps without a slot ----");
	vmod_wire(v, "pend", "NUM_WARPS", "%s & ~inact_q & %s", vmod_port(v, S2L_VALID_I),
		  vmod_port(v, S2L_WAKE_I));
	vmod_wire(v, "pgnt", "NUM_WARPS", NULL);
	vmod_wire(v, "pcnt_unused", "1", NULL);
	i = vmod_inst(v, arb, "promote");
	if (nw > 1) {
		vinst_conn(i, "clk_i", "clk_i");
		vinst_conn(i, "rst_ni", "rst_ni");
	}
	vinst_conn(i, "req_i", "pend");
	vinst_conn(i, "limit_i", "free_any");
	vinst_conn(i, "gnt_o", "pgnt");
	vinst_conn(i, "count_o", "pcnt_unused");
	vmod_wire(v, "promote", "1", NULL);
	vmod_wire(v, "pgnt_oh_unused", "NUM_WARPS", NULL);
	vmod_wire(v, "pwarp", "WB", NULL);
	vmod_comment(v, "The grant is one-hot: its first set bit is its index.");
	cell_ffs(v, "pwarp", "NUM_WARPS", "WB", "pgnt", "promote", "pgnt_oh_unused", "pwarp");
	vmod_wire(v, "flush_go", "1", "(|drain_q) & %s", vmod_port(v, S2L_FLUSH_DONE_I));
	vmod_blank(v);
}

/* Next state: the model's order within a cycle, the later event winning. */
static void emit_next_state(struct vmod *v)
{
	vmod_comment(v, "---- next state ----");
	vmod_wire(v, "iss_oh", "NUM_WARPS", NULL);
	vmod_wire(v, "dem_oh", "NUM_WARPS", NULL);
	vmod_wire(v, "fl_oh", "NUM_WARPS", NULL);
	cell_decode(v, "iss_oh", "NUM_WARPS", "WB", "issue", "iwarp", "iss_oh");
	cell_decode(v, "dem_oh", "NUM_WARPS", "WB", "demote & dem_llc", "dwarp", "dem_oh");
	cell_decode(v, "fl_oh", "NUM_WARPS", "WB", "flush_go", "fwarp", "fl_oh");
	vmod_comment(v, "Issue clears resumed, a demotion at a marked consumer sets it.");
	vmod_assign(v, "resumed_d", "(resumed_q & ~iss_oh) | dem_oh");
	vmod_assign(v, "inact_d", "(inact_q & ~fl_oh) | pgnt");
	vmod_wire(v, "fl_sel", "NUM_SLOTS", "{NUM_SLOTS{flush_go}} & fsel");
	vmod_wire(v, "pr_sel", "NUM_SLOTS", "{NUM_SLOTS{promote}} & psel");
	vmod_assign(v, "occ_d", "(occ_q & ~fl_sel) | pr_sel");
	vmod_assign(v, "drain_d", "(drain_q | dsel) & ~fl_sel");
	vmod_assign(v, "drop_d", "((drop_q & ~dsel) | (dsel & {NUM_SLOTS{dem_drop}})) & ~fl_sel");
	vmod_for(v, "a", "NUM_SLOTS", "swarp");
	vmod_assign(v, "swarp_d[a*WB +: WB]", "pr_sel[a] ? pwarp : swarp_q[a*WB +: WB]");
	vmod_end(v);
	vmod_assign(v, "last_d", "issue ? islot : last_q");
	vmod_blank(v);
}

static void emit_outputs(struct vmod *v)
{
	vmod_comment(v, "---- outputs ----");
	vmod_assign(v, vmod_port(v, S2L_ISSUE_O), "issue");
	vmod_assign(v, vmod_port(v, S2L_ISSUE_WARP_O), "iwarp");
	vmod_assign(v, vmod_port(v, S2L_ISSUE_SLOT_O), "islot");
	vmod_assign(v, vmod_port(v, S2L_DEMOTE_O), "demote");
	vmod_assign(v, vmod_port(v, S2L_DEMOTE_WARP_O), "dwarp");
	vmod_assign(v, vmod_port(v, S2L_DEMOTE_SLOT_O), "dslot");
	vmod_assign(v, vmod_port(v, S2L_PROMOTE_O), "promote");
	vmod_assign(v, vmod_port(v, S2L_PROMOTE_WARP_O), "{WB{promote}} & pwarp");
	vmod_assign(v, vmod_port(v, S2L_PROMOTE_SLOT_O), "{SW{promote}} & pslot");
	vmod_assign(v, vmod_port(v, S2L_FLUSH_O), "flushing");
	vmod_assign(v, vmod_port(v, S2L_FLUSH_SLOT_O), "fslot");
	vmod_assign(v, vmod_port(v, S2L_FLUSH_DROP_O), "|(fsel & drop_q)");
	vmod_comment(v, "A warp is active when an active (not draining) slot holds it.");
	cell_mux_onehot(v, "active", "NUM_SLOTS", "NUM_WARPS", "slot_warp_oh", "act", vmod_port(v, S2L_ACTIVE_O));
}

int emit_sched_2level(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	struct sbuf *out;
	struct vmod *v;
	char arb[96];
	unsigned slots, warps, last;
	int fresh, rc;

	if (emit_rr_arb(d, cfg->warps, 1, arb, sizeof arb) || cell_use(d, CELL_DECODE) ||
	    cell_use(d, CELL_FFS) || cell_use(d, CELL_MUX_ONEHOT))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	v = vmod_new(cfg, m, 1, 1, "Two-level warp scheduler, Gebhart et al. ISCA 2011 Sec. 3.2 "
		     "(docs/rfc.md).");
	if (!out || !v) {
		vmod_free(v);
		return -1;
	}
	vmod_param(v, "NUM_WARPS");
	vmod_param(v, "NUM_SLOTS");
	vmod_localparam(v, "WB", cfg_index_bits(cfg->warps), "warp index");
	vmod_localparam(v, "SW", cfg->rfc.d.slot_bits, "slot index");
	vmod_blank(v);
	/* Declared first (their next state is assigned below): the logic
	 * reads the _q side from the start. */
	slots = vmod_flop_group(v, "Active set: slot holds a warp / is draining / drops; "
				"warp of each slot.", 1);
	vmod_flop(v, slots, "occ", "NUM_SLOTS", "{NUM_SLOTS{1'b0}}", NULL);
	vmod_flop(v, slots, "drain", "NUM_SLOTS", "{NUM_SLOTS{1'b0}}", NULL);
	vmod_flop(v, slots, "drop", "NUM_SLOTS", "{NUM_SLOTS{1'b0}}", NULL);
	vmod_flop(v, slots, "swarp", "NUM_SLOTS*WB", "{NUM_SLOTS*WB{1'b0}}", NULL);
	warps = vmod_flop_group(v, "Per warp: holds a slot; demoted at a marked consumer and not "
				"issued since.", 1);
	vmod_flop(v, warps, "inact", "NUM_WARPS", "{NUM_WARPS{1'b0}}", NULL);
	vmod_flop(v, warps, "resumed", "NUM_WARPS", "{NUM_WARPS{1'b0}}", NULL);
	last = vmod_flop_group(v, "Greedy: the last issued slot.", 1);
	vmod_flop(v, last, "last", "SW", "{SW{1'b0}}", NULL);
	vmod_blank(v);
	emit_slots(v);
	emit_greedy(v);
	emit_lowest(v);
	emit_promotion(v, arb, cfg->warps);
	emit_next_state(v);
	vmod_flops_here(v);
	vmod_blank(v);
	emit_outputs(v);
	rc = vmod_print(v, out);
	vmod_free(v);
	return rc;
}

unsigned wave_sched_2level(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	unsigned n = 0, na = cfg->rfc.active_warps;

	groups[n] = (struct wave_group){.title = "clock and reset"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n++], "rst_ni", 1);
	groups[n] = (struct wave_group){.title = "warps"};
	for (unsigned p = S2L_VALID_I; p <= S2L_WAKE_I; p++)
		wave_add(&groups[n], m->ports[p].name, port_width(&m->ports[p]));
	wave_add(&groups[n++], m->ports[S2L_ACTIVE_O].name, port_width(&m->ports[S2L_ACTIVE_O]));
	groups[n] = (struct wave_group){.title = "issue, demote, promote, flush"};
	for (unsigned p = S2L_FLUSH_DONE_I; p < S2L_ACTIVE_O; p++)
		wave_add(&groups[n], m->ports[p].name, port_width(&m->ports[p]));
	n++;
	groups[n] = (struct wave_group){.title = "active set"};
	wave_add(&groups[n], "occ_q", na);
	wave_add(&groups[n], "drain_q", na);
	wave_add(&groups[n], "swarp_q", na * cfg_index_bits(cfg->warps));
	wave_add(&groups[n++], "last_q", cfg->rfc.d.slot_bits);
	return n;
}
