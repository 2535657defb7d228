/* emit_share_lock.c: Verilog of register sharing's lock table.
 *
 * The policy is cmodel/share_lock.c's (its header comment lists the cycle);
 * docs/sharing.md has the picture.  Structure:
 *   tables       mode_q, thresh_q, partner_q[T], held_q[T], shared_q[W],
 *                owner_q[W], wblk_q[W], wlock_q[W], lock_q[W/2]; one
 *                always block each, asynchronous reset
 *   check port   warp-table read (decoded warp), Fig. 4's two comparators
 *                (shared warp? register >= u?), lock and partner lookups,
 *                deadlock rule, same-cycle owner-first resolution
 *   OWF pick     per scheduler, a compare-select chain over its warps on
 *                {class, age rank}; ranks from the shared age-rank block
 * Every per-warp, per-block and per-lock expression is unrolled here, with
 * constant part-selects. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "emit_lib.h"
#include "share_lock_desc.h"
#include "vwriter.h"

struct shl_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	unsigned nw, nt, ns, nl;
	unsigned wb, bb, pb, lb, lib, rw, cb, aw;
	char age[96];
};

static const struct port_desc *P(const struct shl_geom *g, enum share_lock_port p)
{
	return &g->m->ports[p];
}

/* Element e of port p (constant part-select). */
static const char *E(char *buf, size_t n, const struct shl_geom *g, enum share_lock_port p,
		     unsigned e)
{
	return vw_elem(buf, n, P(g, p), e);
}

static void emit_tables_decl(struct vw *w)
{
	vw_line(w, "// ---- tables (Sec. 6: sharing bit, sharer ids, shared/owner bits, locks) ----");
	vw_line(w, "reg              mode_q;     // SM sharing bit");
	vw_line(w, "reg  [REG_W-1:0] thresh_q;   // u: registers below are private (Fig. 4 c)");
	vw_line(w, "reg  [NUM_BLOCKS*PB-1:0] partner_q;  // sharer block per slot, all ones = unshared");
	vw_line(w, "reg  [NUM_BLOCKS*CB-1:0] held_q;     // live lock holders per block (deadlock rule)");
	vw_line(w, "reg  [NUM_WARPS-1:0] shared_q;      // warp is shared");
	vw_line(w, "reg  [NUM_WARPS-1:0] owner_q;       // warp is an owner warp");
	vw_line(w, "reg  [NUM_WARPS*BB-1:0] wblk_q;     // block slot of each warp");
	vw_line(w, "reg  [NUM_WARPS*LIB-1:0] wlock_q;   // lock index of each warp's pair");
	vw_line(w, "reg  [NUM_LOCKS*LB-1:0] lock_q;     // holder warp per pair, all ones = FREE");
	vw_line(w, "wire [NUM_WARPS*AW-1:0] rank_w;     // age ranks, 0 = oldest launch");
	vw_line(w, "wire warp_we = warp_i & ~kern_i;");
	vw_blank(w);
}

/* One check port: lookups, comparators, deadlock rule. */
static void emit_check(struct vw *w, const struct shl_geom *g, unsigned s)
{
	char a[96], b[96], lit[32], pat[160], decl[96], line[4096];
	size_t used;

	vw_line(w, "// ---- check port %u ----", s);
	vw_line(w, "wire [WB-1:0] cw_%u = %s;", s, E(a, sizeof a, g, SHL_CHK_WARP_I, s));
	used = (size_t)snprintf(line, sizeof line, "wire [NUM_WARPS-1:0] cdec_%u = {", s);
	for (unsigned j = g->nw; j-- > 0;)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s(cw_%u == %s)", j + 1 == g->nw ? "" : ", ",
					 s, vw_lit(lit, sizeof lit, g->wb, j));
	snprintf(line + used, sizeof line - used, "};");
	vw_line(w, "%s", line);
	vw_line(w, "wire c_shared_%u = |(shared_q & cdec_%u);", s, s);
	vw_line(w, "wire c_owner_%u  = |(owner_q & cdec_%u);", s, s);
	snprintf(decl, sizeof decl, "wire [BB-1:0] c_blk_%u", s);
	snprintf(pat, sizeof pat, "cdec_%u[%%u]", s);
	emit_and_or(w, decl, g->nw, g->bb, pat, "wblk_q[%u*BB +: BB]");
	snprintf(decl, sizeof decl, "wire [LIB-1:0] c_li_%u", s);
	emit_and_or(w, decl, g->nw, g->lib, pat, "wlock_q[%u*LIB +: LIB]");
	snprintf(decl, sizeof decl, "wire [PB-1:0] c_p_%u", s);
	snprintf(pat, sizeof pat, "c_blk_%u == %u'd%%u", s, g->bb);
	emit_and_or(w, decl, g->nt, g->pb, pat, "partner_q[%u*PB +: PB]");
	snprintf(decl, sizeof decl, "wire [LB-1:0] c_lock_%u", s);
	snprintf(pat, sizeof pat, "c_li_%u == %u'd%%u", s, g->lib);
	emit_and_or(w, decl, g->nl, g->lb, pat, "lock_q[%u*LB +: LB]");
	snprintf(decl, sizeof decl, "wire [CB-1:0] c_held_%u", s);
	snprintf(pat, sizeof pat, "c_p_%u == %u'd%%u", s, g->pb);
	emit_and_or(w, decl, g->nt, g->cb, pat, "held_q[%u*CB +: CB]");
	used = (size_t)snprintf(line, sizeof line, "wire c_any_%u = ", s);
	for (unsigned k = 0; k < SHL_OPS; k++) {
		unsigned e = s * SHL_OPS + k;

		used += (size_t)snprintf(line + used, sizeof line - used, "%s(%s & (%s >= thresh_q))", k ? " | " : "",
					 E(a, sizeof a, g, SHL_CHK_REGV_I, e), E(b, sizeof b, g, SHL_CHK_REG_I, e));
	}
	snprintf(line + used, sizeof line - used, ";");
	vw_line(w, "// Fig. 4 (c): one comparator per operand; any shared register needs the lock.");
	vw_line(w, "%s", line);
	vw_line(w, "wire need_%u  = chk_i[%u] & mode_q & c_shared_%u & c_any_%u;", s, s, s, s);
	vw_line(w, "wire holds_%u = (c_lock_%u == %s);", s, s, vw_zext(a, sizeof a, (snprintf(b, sizeof b, "cw_%u", s), b), g->wb, g->lb));
	vw_line(w, "// Deadlock rule (Sec. 4): only when no live warp of the partner block holds a lock.");
	vw_line(w, "wire can_%u   = need_%u & (c_lock_%u == FREE[LB-1:0]) & (c_held_%u == %s);", s, s, s, s,
		vw_lit(lit, sizeof lit, g->cb, 0));
	vw_blank(w);
}

/* Same-cycle acquisitions by the two blocks of one pair: owner first, then
 * the lower port. */
static void emit_resolve(struct vw *w, const struct shl_geom *g, unsigned s)
{
	char line[4096], blk[96], bx[32], wins[64];
	size_t used = (size_t)snprintf(line, sizeof line, "wire lost_%u = 1'b0", s);

	for (unsigned o = 0; o < g->ns; o++) {
		if (o == s)
			continue;
		snprintf(bx, sizeof bx, "c_blk_%u", o);
		/* port o wins: it is the owner, or both are alike and o is lower */
		if (o < s)
			snprintf(wins, sizeof wins, "c_owner_%u | ~c_owner_%u", o, s);
		else
			snprintf(wins, sizeof wins, "c_owner_%u & ~c_owner_%u", o, s);
		used += (size_t)snprintf(line + used, sizeof line - used, " | (can_%u & (%s == c_p_%u) & (%s))", o,
					 vw_zext(blk, sizeof blk, bx, g->bb, g->pb), s, wins);
	}
	snprintf(line + used, sizeof line - used, ";");
	vw_line(w, "%s", line);
	vw_line(w, "wire acq_%u = can_%u & ~lost_%u;", s, s, s);
	vw_line(w, "assign chk_need_o[%u] = need_%u;", s, s);
	vw_line(w, "assign chk_acq_o[%u]  = acq_%u;", s, s);
	vw_line(w, "assign chk_gnt_o[%u]  = chk_i[%u] & (~need_%u | holds_%u | acq_%u);", s, s, s, s, s);
}

static void emit_release(struct vw *w, const struct shl_geom *g)
{
	char decl[96], pat[96], a[96], b[96];

	vw_line(w, "// ---- release at warp exit (the warp is drained) ----");
	vw_line(w, "wire [WB-1:0] rw = rel_warp_i;");
	snprintf(decl, sizeof decl, "wire [LIB-1:0] r_li");
	snprintf(pat, sizeof pat, "rw == %u'd%%u", g->wb);
	emit_and_or(w, decl, g->nw, g->lib, pat, "wlock_q[%u*LIB +: LIB]");
	emit_and_or(w, "wire [BB-1:0] r_blk", g->nw, g->bb, pat, "wblk_q[%u*BB +: BB]");
	snprintf(pat, sizeof pat, "r_li == %u'd%%u", g->lib);
	emit_and_or(w, "wire [LB-1:0] r_lock", g->nl, g->lb, pat, "lock_q[%u*LB +: LB]");
	vw_line(w, "wire rel_hit = rel_i & (r_lock == %s);", vw_zext(a, sizeof a, (snprintf(b, sizeof b, "rw"), b), g->wb, g->lb));
	vw_blank(w);
}

static void emit_locks(struct vw *w, const struct shl_geom *g)
{
	char lit[32], a[96], cw[32];

	vw_line(w, "// ---- lock table ----");
	vw_line(w, "reg [NUM_LOCKS*LB-1:0] lock_d;");
	vw_open(w, "always @* begin");
	vw_line(w, "lock_d = lock_q;");
	for (unsigned e = 0; e < g->nl; e++) {
		vw_lit(lit, sizeof lit, g->lib, e);
		vw_line(w, "if (rel_hit && r_li == %s) lock_d[%u +: LB] = FREE[LB-1:0];", lit, e * g->lb);
		for (unsigned s = 0; s < g->ns; s++) {
			snprintf(cw, sizeof cw, "cw_%u", s);
			vw_line(w, "if (acq_%u && c_li_%u == %s) lock_d[%u +: LB] = %s;", s, s, lit, e * g->lb,
				vw_zext(a, sizeof a, cw, g->wb, g->lb));
		}
	}
	vw_line(w, "if (kern_i) lock_d = {NUM_LOCKS{FREE[LB-1:0]}};");
	vw_close(w, "end");
	emit_flop(w, "lock_q", "lock_d", "{NUM_LOCKS{FREE[LB-1:0]}}");
	vw_blank(w);
	vw_line(w, "// ---- live lock holders per block ----");
	vw_line(w, "reg [NUM_BLOCKS*CB-1:0] held_d;");
	vw_open(w, "always @* begin");
	vw_line(w, "held_d = held_q;");
	for (unsigned t = 0; t < g->nt; t++) {
		char line[2048], x[128];
		size_t used;

		vw_lit(lit, sizeof lit, g->bb, t);
		used = (size_t)snprintf(line, sizeof line, "held_d[%u +: CB] = held_q[%u +: CB]", t * g->cb, t * g->cb);
		for (unsigned s = 0; s < g->ns; s++) {
			snprintf(x, sizeof x, "(acq_%u && c_blk_%u == %s)", s, s, lit);
			used += (size_t)snprintf(line + used, sizeof line - used, " + %s", vw_zext(a, sizeof a, x, 1, g->cb));
		}
		snprintf(x, sizeof x, "(rel_hit && r_blk == %s)", lit);
		snprintf(line + used, sizeof line - used, " - %s;", vw_zext(a, sizeof a, x, 1, g->cb));
		vw_line(w, "%s", line);
	}
	vw_line(w, "if (kern_i) held_d = {NUM_BLOCKS*CB{1'b0}};");
	vw_close(w, "end");
	emit_flop(w, "held_q", "held_d", "{NUM_BLOCKS*CB{1'b0}}");
	vw_blank(w);
}

static void emit_blocks(struct vw *w, const struct shl_geom *g)
{
	char lit[32], lp[32], a[96];

	vw_line(w, "// ---- sharer-block table: launch writes both directions, exit clears ----");
	emit_and_or(w, "wire [PB-1:0] x_p", g->nt, g->pb, "blk_exit_id_i == BLK_LIT_%u", "partner_q[%u*PB +: PB]");
	vw_line(w, "reg [NUM_BLOCKS*PB-1:0] partner_d;");
	vw_open(w, "always @* begin");
	vw_line(w, "partner_d = partner_q;");
	for (unsigned t = 0; t < g->nt; t++) {
		vw_lit(lit, sizeof lit, g->bb, t);
		vw_lit(lp, sizeof lp, g->pb, t);
		vw_line(w, "if (blk_exit_i && blk_exit_id_i == %s) partner_d[%u +: PB] = NONE[PB-1:0];", lit, t * g->pb);
		vw_line(w, "if (blk_i && blk_partner_i == %s) partner_d[%u +: PB] = %s;", lp, t * g->pb,
			vw_zext(a, sizeof a, "blk_id_i", g->bb, g->pb));
		vw_line(w, "if (blk_i && blk_id_i == %s) partner_d[%u +: PB] = blk_partner_i;", lit, t * g->pb);
	}
	vw_line(w, "if (kern_i) partner_d = {NUM_BLOCKS{NONE[PB-1:0]}};");
	vw_close(w, "end");
	emit_flop(w, "partner_q", "partner_d", "{NUM_BLOCKS{NONE[PB-1:0]}}");
	vw_blank(w);
}

static void emit_warps(struct vw *w, const struct shl_geom *g)
{
	char lit[32], a[160], x[96];

	vw_line(w, "// ---- warp table: shared/owner bits (Sec. 6), block and lock of each warp ----");
	vw_line(w, "// Ownership: a non-owner warp that takes a lock makes its block the owner");
	vw_line(w, "// (ports in order); a block exit makes its partner the owner (Sec. 5).");
	vw_line(w, "reg [NUM_WARPS-1:0] shared_d, owner_d;");
	vw_line(w, "reg [NUM_WARPS*BB-1:0] wblk_d;");
	vw_line(w, "reg [NUM_WARPS*LIB-1:0] wlock_d;");
	vw_open(w, "always @* begin");
	vw_line(w, "shared_d = shared_q;");
	vw_line(w, "owner_d  = owner_q;");
	vw_line(w, "wblk_d   = wblk_q;");
	vw_line(w, "wlock_d  = wlock_q;");
	for (unsigned j = 0; j < g->nw; j++) {
		snprintf(x, sizeof x, "wblk_q[%u*BB +: BB]", j);
		vw_zext(a, sizeof a, x, g->bb, g->pb);
		for (unsigned s = 0; s < g->ns; s++)
			vw_line(w, "if (acq_%u && !c_owner_%u) owner_d[%u] = (%s == c_blk_%u) ? 1'b1 : (%s == c_p_%u) ? 1'b0 : owner_d[%u];",
				s, s, j, x, s, a, s, j);
		vw_line(w, "if (blk_exit_i && %s == x_p) owner_d[%u] = 1'b1;", a, j);
		vw_lit(lit, sizeof lit, g->wb, j);
		vw_open(w, "if (warp_we && warp_id_i == %s) begin", lit);
		vw_line(w, "shared_d[%u] = warp_shared_i;", j);
		vw_line(w, "owner_d[%u]  = warp_owner_i;", j);
		vw_line(w, "wblk_d[%u +: BB]   = warp_blk_i;", j * g->bb);
		vw_line(w, "wlock_d[%u +: LIB] = warp_lock_i;", j * g->lib);
		vw_close(w, "end");
	}
	vw_open(w, "if (kern_i) begin");
	vw_line(w, "shared_d = {NUM_WARPS{1'b0}};");
	vw_line(w, "owner_d  = {NUM_WARPS{1'b0}};");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "shared_q <= {NUM_WARPS{1'b0}};");
	vw_line(w, "owner_q  <= {NUM_WARPS{1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "shared_q <= shared_d;");
	vw_line(w, "owner_q  <= owner_d;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "wblk_q  <= {NUM_WARPS*BB{1'b0}};");
	vw_line(w, "wlock_q <= {NUM_WARPS*LIB{1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "wblk_q  <= wblk_d;");
	vw_line(w, "wlock_q <= wlock_d;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "mode_q   <= 1'b0;");
	vw_line(w, "thresh_q <= {REG_W{1'b0}};");
	vw_close(w, "end else if (kern_i) begin");
	w->indent++;
	vw_line(w, "mode_q   <= kern_mode_i;");
	vw_line(w, "thresh_q <= kern_thresh_i;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_blank(w);
	vw_line(w, "// Age ranks: a launch makes the warp the youngest (oldest-first inside a class).");
	vw_open(w, "%s u_age (", g->age);
	vw_line(w, ".clk_i       (clk_i),");
	vw_line(w, ".rst_ni      (rst_ni),");
	if (g->nw & (g->nw - 1))
		vw_line(w, ".touch_i     (warp_we & (warp_id_i < %s)),", vw_lit(lit, sizeof lit, g->wb, g->nw));
	else
		vw_line(w, ".touch_i     (warp_we),");
	vw_line(w, ".touch_idx_i (warp_id_i),");
	vw_line(w, ".rank_o      (rank_w)");
	vw_close(w, ");");
	vw_blank(w);
}

/* Owner-Warp-First: class per warp, then per scheduler a compare-select
 * chain over its warps w = s, s + NUM_SCHED, ... */
static void emit_owf(struct vw *w, const struct shl_geom *g)
{
	vw_line(w, "// ---- Owner Warp First (Sec. 5.1): owner 0, unshared 1, non-owner 2 ----");
	for (unsigned j = 0; j < g->nw; j++) {
		vw_line(w, "wire [1:0] class_%u = (mode_q & shared_q[%u]) ? (owner_q[%u] ? 2'd0 : 2'd2) : 2'd1;", j, j, j);
		vw_line(w, "assign class_o[%u +: 2] = class_%u;", 2 * j, j);
		vw_line(w, "wire [KEY_W-1:0] key_%u = {class_%u, rank_w[%u +: AW]};", j, j, j * g->aw);
	}
	for (unsigned s = 0; s < g->ns; s++) {
		unsigned prev = 0, i = 0;

		vw_line(w, "// scheduler %u", s);
		for (unsigned j = s; j < g->nw; j += g->ns, i++) {
			char lit[32];

			vw_lit(lit, sizeof lit, g->wb, j);
			if (i == 0) {
				vw_line(w, "wire          o%u_v_%u = rdy_i[%u];", s, i, j);
				vw_line(w, "wire [WB-1:0] o%u_w_%u = %s;", s, i, lit);
				vw_line(w, "wire [KEY_W-1:0] o%u_k_%u = key_%u;", s, i, j);
			} else {
				vw_line(w, "wire o%u_t_%u = rdy_i[%u] & (~o%u_v_%u | (key_%u < o%u_k_%u));", s, i, j, s, prev,
					j, s, prev);
				vw_line(w, "wire          o%u_v_%u = o%u_v_%u | rdy_i[%u];", s, i, s, prev, j);
				vw_line(w, "wire [WB-1:0] o%u_w_%u = o%u_t_%u ? %s : o%u_w_%u;", s, i, s, i, lit, s, prev);
				vw_line(w, "wire [KEY_W-1:0] o%u_k_%u = o%u_t_%u ? key_%u : o%u_k_%u;", s, i, s, i, j, s, prev);
			}
			prev = i;
		}
		vw_line(w, "assign owf_v_o[%u] = o%u_v_%u;", s, s, prev);
		vw_line(w, "assign owf_warp_o[%u +: WB] = {WB{o%u_v_%u}} & o%u_w_%u;", s * g->wb, s, prev, s, prev);
		vw_line(w, "wire unused_key_%u = ^o%u_k_%u;", s, s, prev);
	}
	vw_blank(w);
}

int emit_share_lock(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	const struct cfg_sharing *sh = &cfg->sharing;
	struct shl_geom g = {0};
	struct sbuf *out;
	struct vw w;
	int fresh;

	g.cfg = cfg;
	g.m = m;
	g.nw = cfg->warps;
	g.nt = cfg->ctas;
	g.ns = cfg->schedulers;
	g.nl = sh->d.nlocks;
	g.wb = sh->d.warp_bits;
	g.bb = sh->d.blk_bits;
	g.pb = sh->d.partner_bits;
	g.lb = sh->d.lock_bits;
	g.lib = sh->d.lock_idx_bits;
	g.rw = sh->d.reg_bits;
	g.cb = cfg_index_bits(g.nl + 1u);
	g.aw = cfg_index_bits(g.nw);
	if (emit_age_rank(d, g.nw, 1, g.age, sizeof g.age))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "Register sharing lock table, Jatala et al. Sec. 4-6 (docs/sharing.md).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "NUM_WARPS");
	vw_param(&w, m, "NUM_BLOCKS");
	vw_param(&w, m, "REG_W");
	vw_param(&w, m, "NUM_LOCKS");
	vw_line(&w, "localparam integer WB = %u;   // warp index", g.wb);
	vw_line(&w, "localparam integer BB = %u;   // block slot index", g.bb);
	vw_line(&w, "localparam integer PB = %u;   // sharer id: ceil(log2(T+1)) bits (Sec. 6)", g.pb);
	vw_line(&w, "localparam integer LB = %u;   // lock holder: ceil(log2(W+1)) bits", g.lb);
	vw_line(&w, "localparam integer LIB = %u;  // lock index", g.lib);
	vw_line(&w, "localparam integer CB = %u;   // holder count", g.cb);
	vw_line(&w, "localparam integer AW = %u;   // age rank", g.aw);
	vw_line(&w, "localparam integer KEY_W = %u; // {class, rank}", g.aw + 2u);
	vw_line(&w, "localparam integer NONE = %u; // unshared block (the paper's -1)", share_lock_none(cfg));
	vw_line(&w, "localparam integer FREE = %u; // lock not held", share_lock_free(cfg));
	for (unsigned t = 0; t < g.nt; t++)
		vw_line(&w, "localparam [BB-1:0] BLK_LIT_%u = %u'd%u;", t, g.bb, t);
	vw_blank(&w);
	emit_tables_decl(&w);
	for (unsigned s = 0; s < g.ns; s++)
		emit_check(&w, &g, s);
	for (unsigned s = 0; s < g.ns; s++)
		emit_resolve(&w, &g, s);
	vw_blank(&w);
	emit_release(&w, &g);
	emit_locks(&w, &g);
	emit_blocks(&w, &g);
	emit_warps(&w, &g);
	emit_owf(&w, &g);
	vw_line(&w, "assign mode_o = mode_q;");
	for (unsigned e = 0; e < g.nl; e++)
		vw_line(&w, "assign lock_held_o[%u] = (lock_q[%u +: LB] != FREE[LB-1:0]);", e, e * g.lb);
	vw_module_end(&w);
	return 0;
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
