/* emit_share_lock.c: Verilog of register sharing's lock table, on the
 * module model (vmod.h) and the leaf cells (cells.h).
 *
 * The policy is cmodel/share_lock.c's (its header comment lists the cycle);
 * docs/sharing.md has the picture.  Structure:
 *   tables       mode_q, thresh_q, partner_q[T], held_q[T], shared_q[W],
 *                owner_q[W], wblk_q[W], wlock_q[W], lock_q[W/2]; flop
 *                groups, asynchronous reset
 *   check ports  a generate loop over the schedulers: warp-table read
 *                (gpurf_decode + gpurf_mux_onehot), Fig. 4's comparators
 *                (shared warp? register >= u?), lock, partner and holder
 *                lookups (gpurf_mux_bin), the deadlock rule, same-cycle
 *                owner-first resolution
 *   next state   per lock, per block and per warp generate loops; where
 *                the model applies the check ports one after the other, a
 *                chain over the ports (the later port wins)
 *   OWF pick     per scheduler, a compare-select chain over its warps
 *                s, s + NUM_SCHED, ... on {class, age rank}; ranks from the
 *                shared age-rank block. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "cell_inst.h"
#include "cells.h"
#include "emit_lib.h"
#include "share_lock_desc.h"
#include "vmod.h"
#include "vwriter.h"

struct shl_geom {
	const struct gpurf_cfg *cfg;
	struct vmod *v;
	unsigned wb, bb, pb, lb, lib, cb;
	char age[96];
};

static const char *P(const struct shl_geom *g, enum share_lock_port p)
{
	return vmod_port(g->v, p);
}

static void emit_tables(const struct shl_geom *g)
{
	struct vmod *v = g->v;
	unsigned k;

	k = vmod_flop_group(v, "Loaded at a kernel start: the SM sharing bit, u (registers below it "
			    "are private, Fig. 4 c).", 1);
	vmod_flop(v, k, "mode", "1", "1'b0", "%s ? %s : mode_q", P(g, SHL_KERN_I), P(g, SHL_KERN_MODE_I));
	vmod_flop(v, k, "thresh", "REG_W", "{REG_W{1'b0}}", "%s ? %s : thresh_q", P(g, SHL_KERN_I),
		  P(g, SHL_KERN_THRESH_I));
	k = vmod_flop_group(v, "Lock holder warp per pair (all ones = FREE); live lock holders per "
			    "block (the deadlock rule).", 1);
	vmod_flop(v, k, "lock", "NUM_LOCKS*LB", "{NUM_LOCKS{FREE[LB-1:0]}}", NULL);
	vmod_flop(v, k, "held", "NUM_BLOCKS*CB", "{NUM_BLOCKS*CB{1'b0}}", NULL);
	k = vmod_flop_group(v, "Sharer block per block slot, all ones = unshared (Sec. 6).", 1);
	vmod_flop(v, k, "partner", "NUM_BLOCKS*PB", "{NUM_BLOCKS{NONE[PB-1:0]}}", NULL);
	k = vmod_flop_group(v, "Warp table: shared and owner bits (Sec. 6).", 1);
	vmod_flop(v, k, "shared", "NUM_WARPS", "{NUM_WARPS{1'b0}}", NULL);
	vmod_flop(v, k, "owner", "NUM_WARPS", "{NUM_WARPS{1'b0}}", NULL);
	k = vmod_flop_group(v, "Warp table: block slot and lock index of each warp.", 1);
	vmod_flop(v, k, "wblk", "NUM_WARPS*BB", "{NUM_WARPS*BB{1'b0}}", NULL);
	vmod_flop(v, k, "wlock", "NUM_WARPS*LIB", "{NUM_WARPS*LIB{1'b0}}", NULL);
	vmod_wire(v, "rank_w", "NUM_WARPS*AW", NULL);
	vmod_wire(v, "warp_we", "1", "%s & ~%s", P(g, SHL_WARP_I), P(g, SHL_KERN_I));
	vmod_blank(v);
}

/* Per check port s: lookups, comparators, deadlock rule. */
static void emit_checks(const struct shl_geom *g)
{
	struct vmod *v = g->v;
	char a[96], b[96], e[96];

	vmod_comment(v, "---- check ports: one per scheduler ----");
	vmod_wire(v, "can", "NUM_SCHED", NULL);
	vmod_wire(v, "c_owner", "NUM_SCHED", NULL);
	vmod_wire(v, "c_blk", "NUM_SCHED*BB", NULL);
	vmod_wire(v, "c_p", "NUM_SCHED*PB", NULL);
	vmod_wire(v, "c_li", "NUM_SCHED*LIB", NULL);
	vmod_wire(v, "c_wl", "NUM_SCHED*LB", NULL);
	vmod_wire(v, "acq", "NUM_SCHED", NULL);
	vmod_for(v, "s", "NUM_SCHED", "check");
	vmod_wire(v, "cw", "WB", "%s[s*WB +: WB]", P(g, SHL_CHK_WARP_I));
	vmod_wire(v, "cdec", "NUM_WARPS", NULL);
	cell_decode(v, "cdec", "NUM_WARPS", "WB", "1'b1", "cw", "cdec");
	vmod_wire(v, "c_shared", "1", "|(shared_q & cdec)");
	vmod_assign(v, "c_owner[s]", "|(owner_q & cdec)");
	cell_mux_onehot(v, "c_blk", "NUM_WARPS", "BB", "wblk_q", "cdec", "c_blk[s*BB +: BB]");
	cell_mux_onehot(v, "c_li", "NUM_WARPS", "LIB", "wlock_q", "cdec", "c_li[s*LIB +: LIB]");
	cell_mux_bin(v, "c_p", "NUM_BLOCKS", "PB", "BB", "partner_q", "c_blk[s*BB +: BB]",
		    "c_p[s*PB +: PB]");
	vmod_wire(v, "c_lock", "LB", NULL);
	cell_mux_bin(v, "c_lock", "NUM_LOCKS", "LB", "LIB", "lock_q", "c_li[s*LIB +: LIB]", "c_lock");
	vmod_wire(v, "c_held", "CB", NULL);
	cell_mux_bin(v, "c_held", "NUM_BLOCKS", "CB", "PB", "held_q", "c_p[s*PB +: PB]", "c_held");
	vmod_comment(v, "Fig. 4 (c): one comparator per operand; any shared register needs the lock.");
	vmod_wire(v, "c_shr", "OPS", NULL);
	vmod_for(v, "k", "OPS", "op");
	vmod_assign(v, "c_shr[k]", "%s[s*OPS + k] & (%s[(s*OPS + k)*REG_W +: REG_W] >= thresh_q)",
		    P(g, SHL_CHK_REGV_I), P(g, SHL_CHK_REG_I));
	vmod_end(v);
	vmod_wire(v, "need", "1", "%s[s] & mode_q & c_shared & |c_shr", P(g, SHL_CHK_I));
	vmod_comment(v, "The checked warp as a lock holder (LB bits).");
	vmod_assign(v, "c_wl[s*LB +: LB]", "%s", vw_zext(a, sizeof a, "cw", g->wb, g->lb));
	vmod_wire(v, "holds", "1", "c_lock == c_wl[s*LB +: LB]");
	vmod_comment(v, "Deadlock rule (Sec. 4): only when no live warp of the partner block holds a "
		     "lock.");
	vmod_assign(v, "can[s]", "need & (c_lock == FREE[LB-1:0]) & (c_held == {CB{1'b0}})");
	vmod_comment(v, "Same-cycle acquisitions by the two blocks of one pair: port o wins when it is "
		     "the owner, or both are alike and o is lower.");
	vmod_wire(v, "beaten", "NUM_SCHED", NULL);
	vmod_for(v, "o", "NUM_SCHED", "rival");
	snprintf(b, sizeof b, "c_blk[o*BB +: BB]");
	vmod_assign(v, "beaten[o]", "can[o] & (%s == c_p[s*PB +: PB]) & ((o < s) ? "
		    "(c_owner[o] | ~c_owner[s]) : (c_owner[o] & ~c_owner[s]))",
		    vw_zext(e, sizeof e, b, g->bb, g->pb));
	vmod_end(v);
	vmod_assign(v, "acq[s]", "can[s] & ~|beaten");
	vmod_assign(v, (snprintf(a, sizeof a, "%s[s]", P(g, SHL_CHK_NEED_O)), a), "need");
	vmod_assign(v, (snprintf(a, sizeof a, "%s[s]", P(g, SHL_CHK_ACQ_O)), a), "acq[s]");
	vmod_assign(v, (snprintf(a, sizeof a, "%s[s]", P(g, SHL_CHK_GNT_O)), a),
		    "%s[s] & (~need | holds | acq[s])", P(g, SHL_CHK_I));
	vmod_end(v);
	vmod_blank(v);
}

static void emit_release(const struct shl_geom *g)
{
	struct vmod *v = g->v;
	char a[96];

	vmod_comment(v, "---- release at warp exit (the warp is drained) ----");
	vmod_wire(v, "rw", "WB", "%s", P(g, SHL_REL_WARP_I));
	vmod_wire(v, "r_li", "LIB", NULL);
	vmod_wire(v, "r_blk", "BB", NULL);
	vmod_wire(v, "r_lock", "LB", NULL);
	vmod_wire(v, "r_dec", "NUM_WARPS", NULL);
	cell_decode(v, "r_dec", "NUM_WARPS", "WB", "1'b1", "rw", "r_dec");
	cell_mux_onehot(v, "r_li", "NUM_WARPS", "LIB", "wlock_q", "r_dec", "r_li");
	cell_mux_onehot(v, "r_blk", "NUM_WARPS", "BB", "wblk_q", "r_dec", "r_blk");
	cell_mux_bin(v, "r_lock", "NUM_LOCKS", "LB", "LIB", "lock_q", "r_li", "r_lock");
	vmod_wire(v, "rel_hit", "1", "%s & (r_lock == %s)", P(g, SHL_REL_I),
		  vw_zext(a, sizeof a, "rw", g->wb, g->lb));
	vmod_blank(v);
}

/* Lock table and holder counts: release, then the ports in order. */
static void emit_locks(const struct shl_geom *g)
{
	struct vmod *v = g->v;
	char a[96];

	vmod_comment(v, "---- lock table: the release, then the ports in order (a later one wins) ----");
	vmod_wire(v, "rel_lock_oh", "NUM_LOCKS", NULL);
	cell_decode(v, "rel_lock", "NUM_LOCKS", "LIB", "rel_hit", "r_li", "rel_lock_oh");
	vmod_wire(v, "rel_blk_oh", "NUM_BLOCKS", NULL);
	cell_decode(v, "rel_blk", "NUM_BLOCKS", "BB", "rel_hit", "r_blk", "rel_blk_oh");
	vmod_wire(v, "acq_lock_oh", "NUM_SCHED*NUM_LOCKS", NULL);
	vmod_wire(v, "acq_blk_oh", "NUM_SCHED*NUM_BLOCKS", NULL);
	vmod_for(v, "s", "NUM_SCHED", "acq_oh");
	cell_decode(v, "lock", "NUM_LOCKS", "LIB", "acq[s]", "c_li[s*LIB +: LIB]",
		    "acq_lock_oh[s*NUM_LOCKS +: NUM_LOCKS]");
	cell_decode(v, "blk", "NUM_BLOCKS", "BB", "acq[s]", "c_blk[s*BB +: BB]",
		    "acq_blk_oh[s*NUM_BLOCKS +: NUM_BLOCKS]");
	vmod_end(v);
	vmod_for(v, "e", "NUM_LOCKS", "lock");
	vmod_wire(v, "lk_rel", "LB", "rel_lock_oh[e] ? FREE[LB-1:0] : lock_q[e*LB +: LB]");
	vmod_for(v, "s", "NUM_SCHED", "port");
	vmod_wire(v, "lk", "LB", NULL);
	vmod_chain_prev(v, "s", "port", "LB", "lk_rel", "lk");
	vmod_assign(v, "lk", "acq_lock_oh[s*NUM_LOCKS + e] ? c_wl[s*LB +: LB] : prev");
	vmod_end(v);
	vmod_assign(v, "lock_d[e*LB +: LB]", "%s ? FREE[LB-1:0] : g_port[NUM_SCHED-1].lk",
		    P(g, SHL_KERN_I));
	vmod_assign(v, (snprintf(a, sizeof a, "%s[e]", P(g, SHL_LOCK_HELD_O)), a),
		    "lock_q[e*LB +: LB] != FREE[LB-1:0]");
	vmod_end(v);
	vmod_comment(v, "Live lock holders per block: + each acquisition, - the release.");
	vmod_for(v, "t", "NUM_BLOCKS", "held");
	vmod_wire(v, "hc_rel", "CB", "held_q[t*CB +: CB] - %s",
		  vw_zext(a, sizeof a, "rel_blk_oh[t]", 1, g->cb));
	vmod_for(v, "s", "NUM_SCHED", "port");
	vmod_wire(v, "hc", "CB", NULL);
	vmod_chain_prev(v, "s", "port", "CB", "hc_rel", "hc");
	vmod_assign(v, "hc", "prev + %s", vw_zext(a, sizeof a, "acq_blk_oh[s*NUM_BLOCKS + t]", 1, g->cb));
	vmod_end(v);
	vmod_assign(v, "held_d[t*CB +: CB]", "%s ? {CB{1'b0}} : g_port[NUM_SCHED-1].hc",
		    P(g, SHL_KERN_I));
	vmod_end(v);
	vmod_blank(v);
}

static void emit_blocks(const struct shl_geom *g)
{
	struct vmod *v = g->v;
	char a[96];

	vmod_comment(v, "---- sharer-block table: launch writes both directions, exit clears ----");
	vmod_wire(v, "x_p", "PB", NULL);
	cell_mux_bin(v, "x_p", "NUM_BLOCKS", "PB", "BB", "partner_q", P(g, SHL_BLK_EXIT_ID_I), "x_p");
	vmod_wire(v, "exit_oh", "NUM_BLOCKS", NULL);
	vmod_wire(v, "pin_oh", "NUM_BLOCKS", NULL);
	vmod_wire(v, "bin_oh", "NUM_BLOCKS", NULL);
	cell_decode(v, "exit_oh", "NUM_BLOCKS", "BB", P(g, SHL_BLK_EXIT_I), P(g, SHL_BLK_EXIT_ID_I),
		    "exit_oh");
	cell_decode(v, "pin_oh", "NUM_BLOCKS", "PB", P(g, SHL_BLK_I), P(g, SHL_BLK_PARTNER_I), "pin_oh");
	cell_decode(v, "bin_oh", "NUM_BLOCKS", "BB", P(g, SHL_BLK_I), P(g, SHL_BLK_ID_I), "bin_oh");
	vmod_wire(v, "blk_id_p", "PB", "%s", vw_zext(a, sizeof a, P(g, SHL_BLK_ID_I), g->bb, g->pb));
	vmod_for(v, "t", "NUM_BLOCKS", "partner");
	vmod_assign(v, "partner_d[t*PB +: PB]", "%s ? NONE[PB-1:0] : bin_oh[t] ? %s : pin_oh[t] ? "
		    "blk_id_p : exit_oh[t] ? NONE[PB-1:0] : partner_q[t*PB +: PB]", P(g, SHL_KERN_I),
		    P(g, SHL_BLK_PARTNER_I));
	vmod_end(v);
	vmod_blank(v);
}

static void emit_warps(const struct shl_geom *g)
{
	struct vmod *v = g->v;
	const char *kern = P(g, SHL_KERN_I);
	char a[96];
	struct vinst *i;

	vmod_comment(v, "---- warp table: shared/owner bits (Sec. 6), block and lock of each warp ----");
	vmod_comment(v, "Ownership: a non-owner warp that takes a lock makes its block the owner");
	vmod_comment(v, "(ports in order); a block exit makes its partner the owner (Sec. 5).");
	vmod_wire(v, "flip", "NUM_SCHED", "acq & ~c_owner");
	vmod_wire(v, "wr_oh", "NUM_WARPS", NULL);
	cell_decode(v, "wr_oh", "NUM_WARPS", "WB", "warp_we", P(g, SHL_WARP_ID_I), "wr_oh");
	vmod_for(v, "j", "NUM_WARPS", "warp");
	vmod_wire(v, "blk", "BB", "wblk_q[j*BB +: BB]");
	vmod_wire(v, "blk_p", "PB", "%s", vw_zext(a, sizeof a, "blk", g->bb, g->pb));
	vmod_for(v, "s", "NUM_SCHED", "port");
	vmod_wire(v, "own", "1", NULL);
	vmod_chain_prev(v, "s", "port", "1", "owner_q[j]", "own");
	vmod_assign(v, "own", "(flip[s] && blk == c_blk[s*BB +: BB]) ? 1'b1 : "
		    "(flip[s] && blk_p == c_p[s*PB +: PB]) ? 1'b0 : prev");
	vmod_end(v);
	vmod_wire(v, "own_x", "1", "(%s && blk_p == x_p) | g_port[NUM_SCHED-1].own",
		  P(g, SHL_BLK_EXIT_I));
	vmod_assign(v, "owner_d[j]", "%s ? 1'b0 : wr_oh[j] ? %s : own_x", kern, P(g, SHL_WARP_OWNER_I));
	vmod_assign(v, "shared_d[j]", "%s ? 1'b0 : wr_oh[j] ? %s : shared_q[j]", kern,
		    P(g, SHL_WARP_SHARED_I));
	vmod_assign(v, "wblk_d[j*BB +: BB]", "wr_oh[j] ? %s : blk", P(g, SHL_WARP_BLK_I));
	vmod_assign(v, "wlock_d[j*LIB +: LIB]", "wr_oh[j] ? %s : wlock_q[j*LIB +: LIB]",
		    P(g, SHL_WARP_LOCK_I));
	vmod_end(v);
	vmod_blank(v);
	vmod_comment(v, "Age ranks: a launch makes the warp the youngest (oldest-first inside a class).");
	i = vmod_inst(v, g->age, "age");
	vinst_conn(i, "clk_i", "clk_i");
	vinst_conn(i, "rst_ni", "rst_ni");
	vinst_conn(i, "touch_i", "|wr_oh");
	vinst_conn(i, "touch_idx_i", "%s", P(g, SHL_WARP_ID_I));
	vinst_conn(i, "rank_o", "rank_w");
	vmod_blank(v);
}

/* The warps of scheduler s: s, s + NUM_SCHED, ... below NUM_WARPS. */
#define PICK_N "((NUM_WARPS - s + NUM_SCHED - 1) / NUM_SCHED)"

/* Owner-Warp-First: class per warp, then per scheduler a compare-select
 * chain over its warps s, s + NUM_SCHED, ...; element 0 of a chain is
 * empty, a warp takes the pick when it is ready and its key is lower. */
static void emit_owf(const struct shl_geom *g)
{
	struct vmod *v = g->v;
	char a[96];

	vmod_comment(v, "---- Owner Warp First (Sec. 5.1): owner first, then unshared, then non-owner ----");
	vmod_wire(v, "keys", "NUM_WARPS*KEY_W", NULL);
	vmod_for(v, "j", "NUM_WARPS", "class");
	vmod_wire(v, "ocls", "CLASS_W", "owner_q[j] ? CLASS_OWNER[CLASS_W-1:0] : "
		  "CLASS_NONOWNER[CLASS_W-1:0]");
	vmod_wire(v, "cls", "CLASS_W", "(mode_q & shared_q[j]) ? ocls : CLASS_UNSHARED[CLASS_W-1:0]");
	vmod_assign(v, (snprintf(a, sizeof a, "%s[j*CLASS_W +: CLASS_W]", P(g, SHL_CLASS_O)), a), "cls");
	vmod_assign(v, "keys[j*KEY_W +: KEY_W]", "{cls, rank_w[j*AW +: AW]}");
	vmod_end(v);
	vmod_for(v, "s", "NUM_SCHED", "owf");
	vmod_for(v, "i", PICK_N, "pick");
	vmod_comment(v, "warp s + i*NUM_SCHED: its key, its index as WB bits");
	vmod_wire(v, "key", "KEY_W", "keys[(s + i*NUM_SCHED)*KEY_W +: KEY_W]");
	vmod_wire(v, "jw", "WB", NULL);
	vmod_for(v, "b", "WB", "bit");
	vmod_assign(v, "jw[b]", "((s + i*NUM_SCHED) >> b) %% 2 == 1");
	vmod_end(v);
	vmod_comment(v, "the pick so far {valid, warp, key}: none before the first warp");
	vmod_wire(v, "pick", "1+WB+KEY_W", NULL);
	vmod_wire(v, "prev", "1+WB+KEY_W", NULL);
	vmod_wire(v, "lower", "1", NULL);
	vmod_if(v, "i == 0", "first");
	vmod_assign(v, "prev", "{(1+WB+KEY_W){1'b0}}");
	vmod_assign(v, "lower", "1'b1");
	vmod_end(v);
	vmod_if(v, "i != 0", "next");
	vmod_assign(v, "prev", "g_pick[i-1].pick");
	vmod_assign(v, "lower", "key < g_pick[i-1].pick[KEY_W-1:0]");
	vmod_end(v);
	vmod_wire(v, "prev_v", "1", "prev[WB+KEY_W]");
	vmod_wire(v, "take", "1", "%s[s + i*NUM_SCHED] & (~prev_v | lower)", P(g, SHL_RDY_I));
	vmod_assign(v, "pick", "{prev_v | %s[s + i*NUM_SCHED], take ? {jw, key} : prev[WB+KEY_W-1:0]}",
		    P(g, SHL_RDY_I));
	vmod_end(v);
	vmod_wire(v, "last", "1+WB+KEY_W", "g_pick[" PICK_N "-1].pick");
	vmod_assign(v, (snprintf(a, sizeof a, "%s[s]", P(g, SHL_OWF_V_O)), a), "last[WB+KEY_W]");
	vmod_assign(v, (snprintf(a, sizeof a, "%s[s*WB +: WB]", P(g, SHL_OWF_WARP_O)), a),
		    "{WB{last[WB+KEY_W]}} & last[KEY_W +: WB]");
	vmod_wire(v, "unused_key", "1", "^last[KEY_W-1:0]");
	vmod_end(v);
	vmod_blank(v);
}

int emit_share_lock(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	const struct cfg_sharing *sh = &cfg->sharing;
	struct shl_geom g = {0};
	struct sbuf *out;
	unsigned aw = cfg_index_bits(cfg->warps);
	int fresh, rc;

	g.cfg = cfg;
	g.wb = sh->d.warp_bits;
	g.bb = sh->d.blk_bits;
	g.pb = sh->d.partner_bits;
	g.lb = sh->d.lock_bits;
	g.lib = sh->d.lock_idx_bits;
	g.cb = cfg_index_bits(sh->d.nlocks + 1u);
	if (emit_age_rank(d, cfg->warps, 1, g.age, sizeof g.age) || cell_use(d, CELL_DECODE) ||
	    cell_use(d, CELL_MUX_ONEHOT) || cell_use(d, CELL_MUX_BIN))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	g.v = vmod_new(cfg, m, 1, 1, "Register sharing lock table, Jatala et al. Sec. 4-6 "
		       "(docs/sharing.md).");
	if (!out || !g.v) {
		vmod_free(g.v);
		return -1;
	}
	vmod_param(g.v, "NUM_WARPS");
	vmod_param(g.v, "NUM_BLOCKS");
	vmod_param(g.v, "REG_W");
	vmod_param(g.v, "NUM_LOCKS");
	vmod_localparam(g.v, "NUM_SCHED", cfg->schedulers, "check ports, OWF picks");
	vmod_localparam(g.v, "OPS", SHL_OPS, "operands checked per instruction");
	vmod_localparam(g.v, "WB", g.wb, "warp index");
	vmod_localparam(g.v, "BB", g.bb, "block slot index");
	vmod_localparam(g.v, "PB", g.pb, "sharer id: ceil(log2(T+1)) bits (Sec. 6)");
	vmod_localparam(g.v, "LB", g.lb, "lock holder: ceil(log2(W+1)) bits");
	vmod_localparam(g.v, "LIB", g.lib, "lock index");
	vmod_localparam(g.v, "CB", g.cb, "holder count");
	vmod_localparam(g.v, "AW", aw, "age rank");
	vmod_localparam(g.v, "CLASS_W", 2, "OWF class");
	vmod_localparam(g.v, "KEY_W", aw + 2u, "{class, rank}");
	vmod_localparam(g.v, "CLASS_OWNER", SHL_CLASS_OWNER, "OWF classes, lowest issues first");
	vmod_localparam(g.v, "CLASS_UNSHARED", SHL_CLASS_UNSHARED, NULL);
	vmod_localparam(g.v, "CLASS_NONOWNER", SHL_CLASS_NONOWNER, NULL);
	vmod_localparam(g.v, "NONE", share_lock_none(cfg), "unshared block (the paper's -1)");
	vmod_localparam(g.v, "FREE", share_lock_free(cfg), "lock not held");
	vmod_blank(g.v);
	emit_tables(&g);
	emit_checks(&g);
	emit_release(&g);
	emit_locks(&g);
	emit_blocks(&g);
	emit_warps(&g);
	emit_owf(&g);
	vmod_flops_here(g.v);
	vmod_blank(g.v);
	vmod_assign(g.v, P(&g, SHL_MODE_O), "mode_q");
	rc = vmod_print(g.v, out);
	vmod_free(g.v);
	return rc;
}
unsigned wave_share_lock(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	unsigned n = 0;
	const struct cfg_sharing *sh = &cfg->sharing;

	groups[n] = (struct wave_group){.title = "clock and reset"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n++], "rst_ni", 1);
	groups[n] = (struct wave_group){.title = "launch"};
	wave_add_port(&groups[n], m, SHL_KERN_I);
	wave_add_port(&groups[n], m, SHL_BLK_I);
	wave_add_port(&groups[n], m, SHL_BLK_ID_I);
	wave_add_port(&groups[n], m, SHL_BLK_PARTNER_I);
	wave_add_port(&groups[n], m, SHL_BLK_EXIT_I);
	wave_add_port(&groups[n], m, SHL_WARP_I);
	wave_add_port(&groups[n++], m, SHL_WARP_ID_I);
	groups[n] = (struct wave_group){.title = "lock checks"};
	wave_add_port(&groups[n], m, SHL_CHK_I);
	wave_add_port(&groups[n], m, SHL_CHK_WARP_I);
	wave_add_port(&groups[n], m, SHL_CHK_NEED_O);
	wave_add_port(&groups[n], m, SHL_CHK_GNT_O);
	wave_add_port(&groups[n], m, SHL_CHK_ACQ_O);
	wave_add_port(&groups[n], m, SHL_REL_I);
	wave_add_port(&groups[n++], m, SHL_REL_WARP_I);
	groups[n] = (struct wave_group){.title = "tables"};
	wave_add(&groups[n], "lock_q", sh->d.nlocks * sh->d.lock_bits);
	wave_add(&groups[n], "held_q", cfg->ctas * cfg_index_bits(sh->d.nlocks + 1u));
	wave_add(&groups[n], "partner_q", cfg->ctas * sh->d.partner_bits);
	wave_add(&groups[n], "shared_q", cfg->warps);
	wave_add(&groups[n++], "owner_q", cfg->warps);
	groups[n] = (struct wave_group){.title = "Owner Warp First"};
	wave_add_port(&groups[n], m, SHL_RDY_I);
	wave_add_port(&groups[n], m, SHL_OWF_V_O);
	wave_add_port(&groups[n], m, SHL_OWF_WARP_O);
	wave_add_port(&groups[n++], m, SHL_CLASS_O);
	return n;
}
