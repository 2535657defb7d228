/* emit_sharing_top.c: Verilog of sharing_top, the register-sharing
 * subsystem (common/sharing_top_desc.h has the ports, cmodel/sharing_top.c
 * the model whose glue this mirrors flop for flop).
 *
 *   submodules  share_lock (u_lk, wires lk_<port>) and rf_banked (u_rf,
 *               rf_<port>) through gen/emit_compose.h; sharing_top_wiring
 *               as assigns
 *   launcher    the cycle's lock-table writes from L sources, each at most
 *               one write a cycle by the protocol: per CTA event lane its
 *               BLK or EXIT, per warp its WARP (the launch it joins) and
 *               its REL (its slot's exit, or its drain).  A source's
 *               position is the number of writes before it in the C
 *               model's order, from the writes before its CTA lane
 *               (pre_<i>) and running counts over the warps of the lane
 *               (r<i>_<v>) or of the drains (dr_<v>); its command is
 *               built in place.  Its state: a bit per CTA slot (in use,
 *               walked lane by lane for a launch's partner) and per warp
 *               (released).  The first form walked the lanes in one always
 *               block with a write per possible event (NP = 2 x CTAs x
 *               (2 x warps + 2) + warps of them) and gathered them into
 *               lanes: NP x L x CW gates, which no machine here could
 *               synthesize at paper size (docs/sharing.md).
 *   queue       q_q: LANES_PUSH command entries; each source written
 *               straight to the entry its position names behind the queued
 *               ones; the head (the first write when empty) on the lock
 *               table's write port
 *   warp table  wv_q / wslot_q / wk_q set when a warp joins a launch
 *               (wv_q emptied by a kernel start), went_q when its WARP
 *               write reaches the lock table
 *   locks       holder_q per lock, held_q per CTA slot: acquisitions of
 *               the issue checks, then the head's release
 *   gating      ok / wait / issuable per warp from the state and the warp
 *               vectors latched at the edge (wantin_q, memin_q)
 *   mapping     per request port the pair register map (sharing_phys())
 *               modulo 2^PW, then the file's slot and index
 * Table reads are variable part-selects; everything per warp, lane,
 * scheduler or request is unrolled here with constant part-selects. */
#include "emit_structures.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "cells.h"
#include "emit_compose.h"
#include "emit_lib.h"
#include "rf_banked_desc.h"
#include "share_lock_desc.h"
#include "sharing_top_desc.h"
#include "vwriter.h"

static const char *const prefix[] = {"lk", "rf"};

struct sh_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct emit_compose ec;
	unsigned W, T, S, L, CL, nl;
	unsigned ww, sb, pb, lb, hb, rb, cb, nb, kwb, ctb, pw, rfw, cw;
	struct emit_unused unused;
};

static const struct port_desc *P(const struct sh_geom *g, unsigned p)
{
	return &g->m->ports[p];
}

/* Element e of top port p. */
static const char *E(char *buf, size_t n, const struct sh_geom *g, unsigned p, unsigned e)
{
	return vw_elem(buf, n, P(g, p), e);
}

/* Element e of submodule k's port p. */
static const char *SE(char *buf, size_t n, const struct sh_geom *g, unsigned k, unsigned p, unsigned e)
{
	return emit_compose_elem(buf, n, &g->ec, k, p, e);
}

/* A signal fitted to a width (unused high bits noted). */
static const char *F(char *buf, size_t n, struct sh_geom *g, const char *name, unsigned from, unsigned to)
{
	return emit_fit(buf, n, name, from, to, &g->unused);
}

static void emit_params(struct vw *w, const struct sh_geom *g)
{
	vw_line(w, "localparam integer W  = %u;  // warps", g->W);
	vw_line(w, "localparam integer WW = %u;  // warp index", g->ww);
	vw_line(w, "localparam integer SB = %u;  // CTA slot", g->sb);
	vw_line(w, "localparam integer PB = %u;  // partner slot, all ones none", g->pb);
	vw_line(w, "localparam integer LB = %u;  // lock index", g->lb);
	vw_line(w, "localparam integer HB = %u;  // lock holder, all ones FREE", g->hb);
	vw_line(w, "localparam integer RB = %u;  // register index (the kernel's)", g->rb);
	vw_line(w, "localparam integer CB = %u;  // holders per CTA slot", g->cb);
	vw_line(w, "localparam integer NB = %u;  // queue count and index", g->nb);
	vw_line(w, "localparam integer CTB = %u; // S and g", g->ctb);
	vw_line(w, "localparam integer PW = %u;  // the file's warp-register address (modulo 2^PW)", g->pw);
	vw_line(w, "localparam integer L  = %u;  // lock-table writes a cycle = queue entries", g->L);
	vw_line(w, "localparam integer NL = %u;  // locks", g->nl);
	vw_line(w, "localparam integer T  = %u;  // CTA slots", g->T);
	vw_line(w, "localparam integer CL = %u;  // CTA event lanes", g->CL);
	vw_line(w, "localparam [PB-1:0] NONE = {PB{1'b1}};  // BLK: no partner");
	vw_line(w, "// command entry: {k, lock, owner, shared, partner, slot, warp, kind}");
	vw_line(w, "localparam integer O_WARP = 2, O_SLOT = O_WARP + WW, O_PART = O_SLOT + SB, O_SH = O_PART + PB;");
	vw_line(w, "localparam integer O_OWN = O_SH + 1, O_LOCK = O_OWN + 1, O_K = O_LOCK + LB, CW = O_K + WW;");
	vw_line(w, "localparam [1:0] CMD_BLK = 2'd%u, CMD_EXIT = 2'd%u, CMD_WARP = 2'd%u, CMD_REL = 2'd%u;", SHT_CMD_BLK,
		SHT_CMD_EXIT, SHT_CMD_WARP, SHT_CMD_REL);
	vw_line(w, "localparam [1:0] CLS_OWNER = 2'd%u, CLS_NONOWNER = 2'd%u;", SHL_CLASS_OWNER, SHL_CLASS_NONOWNER);
	vw_line(w, "localparam [HB-1:0] FREE = {HB{1'b1}};");
	vw_line(w, "localparam [NB-1:0] L_N = %u'd%u, L_LAST = %u'd%u;", g->nb, g->L, g->nb, g->L - 1u);
	vw_line(w, "localparam [NB:0] L_N1 = %u'd%u;", g->nb + 1u, g->L);
	vw_line(w, "localparam [CB-1:0] ONE_C = %u'd1;", g->cb);
	vw_line(w, "localparam [PW:0] RPW = %u'd%u;", g->pw + 1u, g->cfg->d.regs_per_warp);
	vw_line(w, "localparam DWE_ON = 1'b%u;", g->cfg->sharing.dwe ? 1u : 0u);
	vw_line(w, "localparam integer PRB = %u, LFB = %u;  // DWE probability (tenths), LFSR", SHT_DWE_PROB_BITS,
		SHT_LFSR_BITS);
	vw_line(w, "localparam [PRB-1:0] DWE_ONE = %u'd%u;  // probability 1", SHT_DWE_PROB_BITS, SHT_DWE_ONE);
	vw_line(w, "localparam [LFB+PRB-1:0] DWE_TEN = %u'd10;", SHT_LFSR_BITS + SHT_DWE_PROB_BITS);
	vw_line(w, "localparam [LFB-1:0] LFSR_TAPS = %u'h%X, LFSR_RESET = %u'h1;", SHT_LFSR_BITS, SHT_LFSR_TAPS,
		SHT_LFSR_BITS);
	vw_blank(w);
}

static void emit_kernel(struct vw *w, struct sh_geom *g)
{
	char a[96], b[96], c[96], d[96], e[96];

	vw_line(w, "// ---- the kernel's split (held inputs), modulo 2^PW ----");
	vw_line(w, "wire [PW-1:0] k_u = %s, k_regs = %s;", F(a, sizeof a, g, "kern_u_i", g->rb, g->pw),
		F(b, sizeof b, g, "kern_regs_i", g->rb, g->pw));
	vw_line(w, "wire [PW-1:0] k_wpc = %s, k_pairs = %s;", F(c, sizeof c, g, "kern_wpc_i", g->kwb, g->pw),
		F(d, sizeof d, g, "kern_pairs_i", g->ctb, g->pw));
	vw_line(w, "wire [PW-1:0] k_rpu = k_regs + k_u;          // warp registers of a warp pair slot");
	vw_line(w, "wire [PW-1:0] k_pair_regs = k_wpc * k_rpu;   // of a CTA pair");
	vw_line(w, "wire [PW-1:0] k_unsh = k_pairs * k_pair_regs; // first unshared register");
	vw_line(w, "wire [PW-1:0] k_cta_regs = k_wpc * k_regs;");
	vw_line(w, "wire [LB-1:0] k_wpc_l = %s;", F(e, sizeof e, g, "kern_wpc_i", g->kwb, g->lb));
	vw_line(w, "wire [CTB:0] k_gp = {1'b0, kern_g_i} + {1'b0, kern_pairs_i};  // g + S");
	vw_blank(w);
}

/* Pair arithmetic of slot s and warp index k (identifiers): <p>_pr (in a
 * pair), _role, _p (pair), and with locks _lock and _ps (partner slot). */
static void emit_pair(struct vw *w, struct sh_geom *g, const char *p, const char *s, const char *k, int locks)
{
	char a[96], b[96], n[64];

	vw_line(w, "wire [CTB-1:0] %s_s = %s;", p, F(a, sizeof a, g, s, g->sb, g->ctb));
	vw_line(w, "wire %s_a = %s_s < kern_pairs_i;", p, p);
	vw_line(w, "wire %s_role = %s_s >= kern_g_i;", p, p);
	vw_line(w, "wire %s_pr = %s_a | (%s_role & ({1'b0, %s_s} < k_gp));", p, p, p, p);
	vw_line(w, "wire [CTB-1:0] %s_p = %s_a ? %s_s : %s_s - kern_g_i;", p, p, p, p);
	if (!locks)
		return;
	vw_line(w, "wire [CTB-1:0] %s_ps = %s_role ? %s_p : kern_g_i + %s_p;", p, p, p, p);
	snprintf(n, sizeof n, "%s_p", p);
	vw_line(w, "wire [LB-1:0] %s_lock = %s * k_wpc_l + %s;", p, F(a, sizeof a, g, n, g->ctb, g->lb),
		F(b, sizeof b, g, k, g->ww, g->lb));
}

static void emit_queue(struct vw *w, struct sh_geom *g)
{
	vw_line(w, "// ---- the command queue ----");
	vw_line(w, "reg  [NB-1:0] count_q, head_q;");
	vw_line(w, "wire [NB-1:0] q_free = L_N - count_q;");
	vw_line(w, "wire [NB-1:0] acc = (n_cmd < q_free) ? n_cmd : q_free;  // writes that fit");
	vw_line(w, "reg  [L*CW-1:0] q_q;");
	vw_line(w, "wire [NB:0] tail_s = {1'b0, head_q} + {1'b0, count_q};");
	vw_line(w, "wire [NB:0] tail_w = (tail_s >= L_N1) ? tail_s - L_N1 : tail_s;");
	emit_unused_add(&g->unused, "tail_w", g->nb, g->nb);
	vw_line(w, "// per source: queued when its position is among the writes that fit, then");
	vw_line(w, "// the one-hot of its entry, past the tail modulo L (positions are distinct)");
	vw_line(w, "wire [NB-1:0] room = L_N - tail_w[NB-1:0];  // entries from the tail to the end");
	vw_line(w, "wire [L-1:0] src_acc, src_first;");
	vw_line(w, "wire [L*L-1:0] src_at;  // source j enters entry e: src_at[j*L + e]");
	vw_line(w, "wire [L*L-1:0] q_sel;   // entry e takes source j: q_sel[e*L + j]");
	vw_line(w, "genvar qj, qe;");
	vw_open(w, "generate");
	vw_open(w, "for (qj = 0; qj < L; qj = qj + 1) begin : g_src");
	vw_line(w, "wire [NB-1:0] sp = src_pos[qj*NB +: NB];");
	vw_line(w, "wire [NB-1:0] at = (sp >= room) ? sp - room : tail_w[NB-1:0] + sp;");
	vw_line(w, "assign src_acc[qj] = src_v[qj] & (sp < acc);");
	vw_line(w, "assign src_first[qj] = src_v[qj] & (sp == {NB{1'b0}});");
	emit_cell_inst(w, CELL_DECODE, "u_at", (const char *const[]){"N", "L", "IDX_W", "NB", NULL},
		       (const char *const[]){"en_i", "src_acc[qj]", "idx_i", "at", "onehot_o", "src_at[qj*L +: L]", NULL});
	vw_close(w, "end");
	vw_open(w, "for (qe = 0; qe < L; qe = qe + 1) begin : g_sel");
	vw_open(w, "for (qj = 0; qj < L; qj = qj + 1) begin : g_src");
	vw_line(w, "assign q_sel[qe*L + qj] = src_at[qj*L + qe];");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_close(w, "endgenerate");
	vw_line(w, "wire [L*CW-1:0] q_in;  // entry e's pushed command (zero when none)");
	emit_cell_inst(w, CELL_XBAR_ONEHOT, "u_q_push", (const char *const[]){"N_IN", "L", "N_OUT", "L", "W", "CW", NULL},
		       (const char *const[]){"data_i", "src_cmd", "sel_i", "q_sel", "data_o", "q_in", NULL});
	vw_line(w, "wire [L*CW-1:0] q_d;");
	vw_open(w, "generate");
	vw_open(w, "for (qe = 0; qe < L; qe = qe + 1) begin : g_entry");
	vw_line(w, "assign q_d[qe*CW +: CW] = (|q_sel[qe*L +: L]) ? q_in[qe*CW +: CW] : q_q[qe*CW +: CW];");
	vw_close(w, "end");
	vw_close(w, "endgenerate");
	emit_flop(w, "q_q", "q_d", "{L*CW{1'b0}}");
	vw_line(w, "// the head: the oldest queued command, or this cycle's first push");
	vw_line(w, "wire [CW-1:0] first_cmd, q_head;");
	emit_cell_inst(w, CELL_MUX_ONEHOT, "u_q_first", (const char *const[]){"N", "L", "W", "CW", NULL},
		       (const char *const[]){"data_i", "src_cmd", "sel_i", "src_first", "data_o", "first_cmd", NULL});
	emit_cell_inst(w, CELL_MUX_BIN, "u_q_head", (const char *const[]){"N", "L", "W", "CW", "SEL_W", "NB", NULL},
		       (const char *const[]){"data_i", "q_q", "sel_i", "head_q", "data_o", "q_head", NULL});
	vw_line(w, "wire q_nz = |count_q;");
	vw_line(w, "wire pop = q_nz | (|acc);");
	vw_line(w, "wire [CW-1:0] h_cmd = q_nz ? q_head : first_cmd;");
	vw_line(w, "wire [1:0] h_kind = h_cmd[1:0];");
	vw_line(w, "wire [WW-1:0] h_warp = h_cmd[O_WARP +: WW];");
	vw_line(w, "wire [SB-1:0] h_slot = h_cmd[O_SLOT +: SB];");
	vw_line(w, "wire [PB-1:0] h_partner = h_cmd[O_PART +: PB];");
	vw_line(w, "wire h_shared = h_cmd[O_SH], h_owner = h_cmd[O_OWN];");
	vw_line(w, "wire [LB-1:0] h_lock = h_cmd[O_LOCK +: LB];");
	emit_unused_add(&g->unused, "h_cmd", g->cw - 1u, g->cw - g->ww);
	vw_line(w, "wire is_blk = pop & (h_kind == CMD_BLK), is_exit = pop & (h_kind == CMD_EXIT);");
	vw_line(w, "wire is_warp = pop & (h_kind == CMD_WARP), is_rel = pop & (h_kind == CMD_REL);");
	emit_flop(w, "count_q", "count_q + acc - {{NB-1{1'b0}}, pop}", "{NB{1'b0}}");
	emit_flop(w, "head_q", "pop ? ((head_q == L_LAST) ? {NB{1'b0}} : head_q + {{NB-1{1'b0}}, 1'b1}) : head_q",
		  "{NB{1'b0}}");
	vw_line(w, "assign mon_pop_o = pop;");
	vw_line(w, "// the lock table's write port");
	vw_line(w, "assign lk_blk_i = is_blk;");
	vw_line(w, "assign lk_blk_id_i = {SB{is_blk}} & h_slot;");
	vw_line(w, "assign lk_blk_partner_i = {PB{is_blk}} & h_partner;");
	vw_line(w, "assign lk_blk_exit_i = is_exit;");
	vw_line(w, "assign lk_blk_exit_id_i = {SB{is_exit}} & h_slot;");
	vw_line(w, "assign lk_warp_i = is_warp;");
	vw_line(w, "assign lk_warp_id_i = {WW{is_warp}} & h_warp;");
	vw_line(w, "assign lk_warp_blk_i = {SB{is_warp}} & h_slot;");
	vw_line(w, "assign lk_warp_shared_i = is_warp & h_shared;");
	vw_line(w, "assign lk_warp_owner_i = is_warp & h_owner;");
	vw_line(w, "assign lk_warp_lock_i = {LB{is_warp}} & h_lock;");
	vw_line(w, "assign lk_rel_i = is_rel;");
	vw_line(w, "assign lk_rel_warp_i = {WW{is_rel}} & h_warp;");
	vw_blank(w);
}

/* The warp table's registers and, per warp, the pair arithmetic of its
 * entry (g<w>_*) and of the launch it joins this cycle (lw<w>_*). */
static void emit_warp_decls(struct vw *w, struct sh_geom *g)
{
	char a[64], p[32], s[32], k[32];

	vw_line(w, "// ---- warp table; per warp the pair of its entry and of its launch this cycle ----");
	vw_line(w, "reg [W-1:0] wv_q, went_q, wantin_q, memin_q;");
	vw_line(w, "reg [W*SB-1:0] wslot_q;");
	vw_line(w, "reg [W*WW-1:0] wk_q;");
	for (unsigned v = 0; v < g->W; v++) {
		snprintf(p, sizeof p, "g%u", v);
		snprintf(s, sizeof s, "g%u_slot", v);
		snprintf(k, sizeof k, "g%u_k", v);
		vw_line(w, "wire [SB-1:0] %s = wslot_q[%u*SB +: SB];", s, v);
		vw_line(w, "wire [WW-1:0] %s = wk_q[%u*WW +: WW];", k, v);
		emit_pair(w, g, p, s, k, 1);
		vw_line(w, "wire g%u_paired = kern_mode_i & wv_q[%u] & g%u_pr;", v, v, v);
		vw_line(w, "assign paired_o[%u] = g%u_paired;", v, v);
		snprintf(p, sizeof p, "lw%u", v);
		snprintf(s, sizeof s, "lw%u_slot", v);
		snprintf(k, sizeof k, "lw%u_k", v);
		vw_line(w, "wire [SB-1:0] %s = %s;", s, E(a, sizeof a, g, SHT_LW_SLOT_I, v));
		vw_line(w, "wire [WW-1:0] %s = %s;", k, E(a, sizeof a, g, SHT_LW_K_I, v));
		emit_pair(w, g, p, s, k, 1);
		snprintf(s, sizeof s, "lw%u_ps", v);
		emit_unused_add(&g->unused, s, g->ctb - 1u, 0);
		vw_line(w, "wire lw%u_paired = kern_mode_i & lw%u_pr;", v, v);
	}
	vw_blank(w);
}

/* The launcher's state: per CTA lane, in order, whether the partner slot
 * is in use (launches earlier in the cycle count, exits uncount). */
static void emit_slot_use(struct vw *w, struct sh_geom *g)
{
	vw_line(w, "reg [T-1:0] used_q, used_d;  // CTA slot in use");
	vw_line(w, "reg [CL-1:0] pu;             // per CTA lane: its launch's partner slot in use");
	vw_open(w, "always @* begin");
	vw_line(w, "used_d = used_q;");
	vw_line(w, "pu = {CL{1'b0}};");
	for (unsigned i = 0; i < g->CL; i++) {
		vw_open(w, "if (ce%u_l) begin", i);
		vw_line(w, "pu[%u] = ce%u_pair && used_d[ce%u_psb];", i, i, i);
		vw_line(w, "used_d[ce%u_slot] = 1'b1;", i);
		vw_close(w, "end");
		vw_line(w, "if (ce%u_x) used_d[ce%u_slot] = 1'b0;", i, i);
	}
	vw_close(w, "end");
	emit_flop(w, "used_q", "used_d", "{T{1'b0}}");
}

/* The launcher: the cycle's lock-table writes as L sources, each at most
 * one write a cycle by the protocol (sharing_top_desc.h): per CTA lane its
 * BLK or EXIT, per warp its WARP (the launch it joins) and its REL (the
 * exit of its slot, or its drain).  A source's position is the number of
 * writes before it in the C model's order (cmodel/sharing_top.c): the
 * lanes in order, a launch's BLK then its warps' WARPs, an exit's RELs then
 * its EXIT, each in ascending warp id; the drained warps' RELs last. */
static void emit_launcher(struct vw *w, struct sh_geom *g)
{
	char a[96], b[96], c[96], p[32], s[32];
	struct sbuf l = {0};	/* the long lines, built piece by piece */

	vw_line(w, "// ---- the launcher: the cycle's lock-table writes from L sources, each placed after the writes before it ----");
	vw_line(w, "reg [W-1:0] rel_q;  // warp released");
	for (unsigned i = 0; i < g->CL; i++) {
		snprintf(p, sizeof p, "ce%u", i);
		snprintf(s, sizeof s, "ce%u_slot", i);
		vw_line(w, "wire [SB-1:0] %s = %s;", s, E(a, sizeof a, g, SHT_CEV_SLOT_I, i));
		vw_line(w, "wire ce%u_l = %s & ~%s;  // a launch", i, E(a, sizeof a, g, SHT_CEV_VALID_I, i),
			E(b, sizeof b, g, SHT_CEV_EXIT_I, i));
		vw_line(w, "wire ce%u_x = %s & %s;   // an exit", i, E(a, sizeof a, g, SHT_CEV_VALID_I, i),
			E(b, sizeof b, g, SHT_CEV_EXIT_I, i));
		emit_pair(w, g, p, s, "{WW{1'b0}}", 0);
		vw_line(w, "wire [CTB-1:0] ce%u_ps = ce%u_role ? ce%u_p : kern_g_i + ce%u_p;", i, i, i, i);
		snprintf(s, sizeof s, "ce%u_ps", i);
		vw_line(w, "wire [SB-1:0] ce%u_psb = %s;", i, F(a, sizeof a, g, s, g->ctb, g->sb));
		vw_line(w, "wire [PB-1:0] ce%u_psp = %s;", i, F(a, sizeof a, g, s, g->ctb, g->pb));
		vw_line(w, "wire ce%u_pair = kern_mode_i & ce%u_pr;", i, i);
	}
	emit_slot_use(w, g);
	vw_line(w, "// per warp: the launch lane it joins (jl), the exit lane of its slot (el)");
	vw_line(w, "wire [W-1:0] wv0 = kern_start_i ? {W{1'b0}} : wv_q;  // a kernel start empties the warp table");
	for (unsigned v = 0; v < g->W; v++) {
		sbuf_printf(&l, "wire [CL-1:0] jl%u = {CL{%s}} & {", v, E(a, sizeof a, g, SHT_LW_VALID_I, v));
		for (unsigned i = g->CL; i-- > 0;)
			sbuf_printf(&l, "ce%u_l & (ce%u_slot == lw%u_slot)%s", i, i, v, i ? ", " : "};");
		vw_take(w, &l);
		sbuf_printf(&l, "wire [CL-1:0] el%u = {CL{wv0[%u]}} & {", v, v);
		for (unsigned i = g->CL; i-- > 0;)
			sbuf_printf(&l, "ce%u_x & (ce%u_slot == g%u_slot)%s", i, i, v, i ? ", " : "};");
		vw_take(w, &l);
		/* lanes after the launch it joins (jl one-hot: a slot launches once a cycle) */
		vw_line(w, "wire [CL-1:0] ja%u = ~((jl%u << 1) - {{(CL-1){1'b0}}, 1'b1});", v, v);
		vw_line(w, "wire g%u_rel = kern_mode_i & wv0[%u] & g%u_pr;  // its entry is paired: it releases a lock", v, v,
			v);
		vw_line(w, "wire [CL-1:0] xl%u = el%u & ~ja%u & {CL{g%u_rel & ~rel_q[%u]}};  // its exit's REL", v,
			v, v, v, v);
	}
	vw_line(w, "wire [W-1:0] jv, xv, dv;  // a WARP, an exit's REL, a drain's REL");
	for (unsigned v = 0; v < g->W; v++) {
		vw_line(w, "assign jv[%u] = |jl%u;", v, v);
		vw_line(w, "assign xv[%u] = |xl%u;", v, v);
		vw_line(w, "assign dv[%u] = %s & g%u_rel & ~rel_q[%u] & ~xv[%u] & ~jv[%u];", v,
			E(a, sizeof a, g, SHT_DRAINED_I, v), v, v, v, v);
	}
	/* Ranks by running counts: per CTA lane over the warps in ascending id
	 * (a lane is a launch or an exit, so its WARPs or its RELs), and over
	 * the drained warps; a source selects its lane's count. */
	vw_line(w, "// per CTA lane: r<i>_<v> its writes of warps below v (WARPs or RELs), pre_<i> the writes before it");
	vw_line(w, "wire [NB-1:0] pre_0 = {NB{1'b0}};");
	for (unsigned i = 0; i < g->CL; i++) {
		vw_line(w, "wire [NB-1:0] r%u_0 = {NB{1'b0}};", i);
		for (unsigned v = 0; v < g->W; v++)
			vw_line(w, "wire [NB-1:0] r%u_%u = r%u_%u + {{(NB-1){1'b0}}, jl%u[%u] | xl%u[%u]};", i, v + 1u, i, v,
				v, i, v, i);
		vw_line(w, "wire [NB-1:0] pre_%u = pre_%u + {{(NB-1){1'b0}}, %s} + r%u_%u;", i + 1u, i,
			E(a, sizeof a, g, SHT_CEV_VALID_I, i), i, g->W);
	}
	vw_line(w, "wire [NB-1:0] dr_0 = {NB{1'b0}};  // drained RELs below warp v");
	for (unsigned v = 0; v < g->W; v++)
		vw_line(w, "wire [NB-1:0] dr_%u = dr_%u + {{(NB-1){1'b0}}, dv[%u]};", v + 1u, v, v);
	vw_line(w, "wire [NB-1:0] n_cmd = pre_%u + dr_%u;  // the cycle's writes", g->CL, g->W);
	vw_line(w, "// the sources: CTA lanes, then per warp its WARP, then per warp its REL");
	vw_line(w, "wire [L-1:0] src_v;");
	vw_line(w, "wire [L*NB-1:0] src_pos;");
	vw_line(w, "wire [L*CW-1:0] src_cmd;  // {k, lock, owner, shared, partner, slot, warp, kind}");
	for (unsigned i = 0; i < g->CL; i++) {
		vw_line(w, "assign src_v[%u] = %s;", i, E(a, sizeof a, g, SHT_CEV_VALID_I, i));
		vw_line(w, "assign src_pos[%u*NB +: NB] = pre_%u + ({NB{ce%u_x}} & r%u_%u);  // an EXIT after its RELs", i, i,
			i, i, g->W);
		vw_line(w, "assign src_cmd[%u*CW +: CW] = {{WW{1'b0}}, {LB{1'b0}}, 1'b0, 1'b0, {PB{ce%u_l}} & (pu[%u] ? ce%u_psp : NONE), ce%u_slot, {WW{1'b0}}, ce%u_x ? CMD_EXIT : CMD_BLK};",
			i, i, i, i, i, i);
	}
	for (unsigned v = 0; v < g->W; v++) {
		unsigned sj = g->CL + v, sr = g->CL + g->W + v;
		static const char *const kind[] = {"j", "x"};

		/* the lane it joins, the lane of its exit: that lane's writes before
		 * it and its count below v, selected, then one sum */
		for (unsigned t = 0; t < 2; t++) {
			sbuf_printf(&l, "wire [NB-1:0] %sp%u = (", kind[t], v);
			for (unsigned i = 0; i < g->CL; i++)
				sbuf_printf(&l, "%s({NB{%sl%u[%u]}} & pre_%u)", i ? " | " : "", kind[t], v, i, i);
			sbuf_printf(&l, ") + (");
			for (unsigned i = 0; i < g->CL; i++)
				sbuf_printf(&l, "%s({NB{%sl%u[%u]}} & r%u_%u)", i ? " | " : "", kind[t], v, i, i, v);
			sbuf_printf(&l, ");");
			vw_take(w, &l);
		}
		vw_line(w, "assign src_v[%u] = jv[%u];", sj, v);
		vw_line(w, "assign src_pos[%u*NB +: NB] = jp%u + {{(NB-1){1'b0}}, 1'b1};  // after its BLK", sj, v);
		vw_line(w, "assign src_cmd[%u*CW +: CW] = {lw%u_k, {LB{lw%u_paired}} & lw%u_lock, ~|(jl%u & pu), lw%u_paired, {PB{1'b0}}, lw%u_slot, %s, CMD_WARP};",
			sj, v, v, v, v, v, v, vw_lit(c, sizeof c, g->ww, v));
		vw_line(w, "assign src_v[%u] = xv[%u] | dv[%u];", sr, v, v);
		vw_line(w, "assign src_pos[%u*NB +: NB] = xv[%u] ? xp%u : pre_%u + dr_%u;", sr, v, v, g->CL, v);
		vw_line(w, "assign src_cmd[%u*CW +: CW] = {{WW{1'b0}}, g%u_lock, 1'b0, 1'b0, {PB{1'b0}}, g%u_slot, %s, CMD_REL};",
			sr, v, v, vw_lit(c, sizeof c, g->ww, v));
	}
	vw_line(w, "// the warp table's next value: a WARP sets the entry, a REL marks it released");
	vw_line(w, "wire [W-1:0] lw_new = jv;");
	vw_line(w, "wire [W-1:0] wv_d = wv0 | jv;");
	vw_line(w, "wire [W-1:0] rel_d = ~jv & (xv | dv | rel_q);");
	vw_line(w, "wire [W*SB-1:0] wslot_d;");
	vw_line(w, "wire [W*WW-1:0] wk_d;");
	for (unsigned v = 0; v < g->W; v++) {
		vw_line(w, "assign wslot_d[%u*SB +: SB] = jv[%u] ? lw%u_slot : g%u_slot;", v, v, v, v);
		vw_line(w, "assign wk_d[%u*WW +: WW] = jv[%u] ? lw%u_k : g%u_k;", v, v, v, v);
	}
	emit_flop(w, "rel_q", "rel_d", "{W{1'b0}}");
	sbuf_free(&l);
	vw_blank(w);
}

static void emit_warp_table(struct vw *w, struct sh_geom *g)
{
	(void)g;
	vw_line(w, "// ---- warp table: the launcher's next value; the entry bit ----");
	vw_line(w, "reg [W-1:0] went_d;");
	vw_open(w, "always @* begin");
	vw_line(w, "went_d = went_q & ~lw_new;");
	vw_line(w, "if (is_warp) went_d[h_warp] = 1'b1;  // its WARP write reached the lock table");
	vw_close(w, "end");
	emit_flop(w, "wv_q", "wv_d", "{W{1'b0}}");
	emit_flop(w, "went_q", "went_d", "{W{1'b0}}");
	emit_flop(w, "wslot_q", "wslot_d", "{W*SB{1'b0}}");
	emit_flop(w, "wk_q", "wk_d", "{W*WW{1'b0}}");
	emit_flop(w, "wantin_q", "warp_valid_i & warp_shared_i", "{W{1'b0}}");
	emit_flop(w, "memin_q", "warp_valid_i & warp_mem_i", "{W{1'b0}}");
	vw_blank(w);
}

static void emit_checks(struct vw *w, struct sh_geom *g)
{
	char a[96], b[96], p[32], s[32], k[32], h[96];

	vw_line(w, "// ---- lock checks of the issued instructions; acquisitions, then the head's release ----");
	for (unsigned i = 0; i < g->S; i++) {
		snprintf(p, sizeof p, "ic%u", i);
		snprintf(s, sizeof s, "ic%u_slot", i);
		snprintf(k, sizeof k, "ic%u_k", i);
		vw_line(w, "wire [WW-1:0] ic%u_w = %s;", i, E(a, sizeof a, g, SHT_ISS_WARP_I, i));
		vw_line(w, "wire [SB-1:0] %s = wslot_d[ic%u_w*SB +: SB];", s, i);
		vw_line(w, "wire [WW-1:0] %s = wk_d[ic%u_w*WW +: WW];", k, i);
		emit_pair(w, g, p, s, k, 1);
		snprintf(h, sizeof h, "ic%u_ps", i);
		emit_unused_add(&g->unused, h, g->ctb - 1u, 0);
		vw_line(w, "wire ic%u_paired = kern_mode_i & wv_d[ic%u_w] & ic%u_pr;", i, i, i);
		vw_line(w, "wire ic%u_v = %s;", i, E(a, sizeof a, g, SHT_ISS_I, i));
		vw_line(w, "assign %s = ic%u_v;", SE(a, sizeof a, g, SHT_U_LOCK, SHL_CHK_I, i), i);
		vw_line(w, "assign %s = {WW{ic%u_v}} & ic%u_w;", SE(a, sizeof a, g, SHT_U_LOCK, SHL_CHK_WARP_I, i), i, i);
		vw_line(w, "wire ic%u_regv = ic%u_v & %s & ic%u_paired;", i, i, E(b, sizeof b, g, SHT_ISS_SHARED_I, i), i);
		vw_line(w, "assign %s = ic%u_regv;", SE(a, sizeof a, g, SHT_U_LOCK, SHL_CHK_REGV_I, i * SHL_OPS), i);
		vw_line(w, "assign %s = {RB{ic%u_regv}} & %s;", SE(a, sizeof a, g, SHT_U_LOCK, SHL_CHK_REG_I, i * SHL_OPS), i,
			E(b, sizeof b, g, SHT_ISS_SREG_I, i));
		for (unsigned o = 1; o < SHL_OPS; o++) {
			vw_line(w, "assign %s = 1'b0;", SE(a, sizeof a, g, SHT_U_LOCK, SHL_CHK_REGV_I, i * SHL_OPS + o));
			vw_line(w, "assign %s = {RB{1'b0}};", SE(a, sizeof a, g, SHT_U_LOCK, SHL_CHK_REG_I, i * SHL_OPS + o));
		}
	}
	vw_line(w, "reg [NL*HB-1:0] holder_q, holder_d;");
	vw_line(w, "reg [T*CB-1:0] held_q, held_d;");
	vw_line(w, "reg rel_hit;");
	vw_open(w, "always @* begin");
	vw_line(w, "holder_d = holder_q;");
	vw_line(w, "held_d = held_q;");
	for (unsigned i = 0; i < g->S; i++) {
		snprintf(a, sizeof a, "ic%u_w", i);
		vw_open(w, "if (ic%u_v && lk_chk_acq_o[%u] && ic%u_paired) begin", i, i, i);
		vw_line(w, "holder_d[ic%u_lock*HB +: HB] = %s;", i, F(b, sizeof b, g, a, g->ww, g->hb));
		vw_line(w, "held_d[ic%u_slot*CB +: CB] = held_d[ic%u_slot*CB +: CB] + ONE_C;", i, i);
		vw_close(w, "end");
	}
	vw_line(w, "rel_hit = is_rel && holder_d[h_lock*HB +: HB] == %s;", F(b, sizeof b, g, "h_warp", g->ww, g->hb));
	vw_open(w, "if (rel_hit) begin");
	vw_line(w, "holder_d[h_lock*HB +: HB] = FREE;");
	vw_line(w, "held_d[h_slot*CB +: CB] = held_d[h_slot*CB +: CB] - ONE_C;");
	vw_close(w, "end");
	vw_close(w, "end");
	emit_flop(w, "holder_q", "holder_d", "{NL{FREE}}");
	emit_flop(w, "held_q", "held_d", "{T*CB{1'b0}}");
	vw_line(w, "assign mon_rel_o = rel_hit;");
	vw_blank(w);
}

static void emit_gating(struct vw *w, struct sh_geom *g)
{
	char a[96], s[32], line[8192];

	vw_line(w, "// ---- issue gating for this cycle: the state and the latched warp vectors ----");
	for (unsigned v = 0; v < g->W; v++) {
		vw_line(w, "wire [1:0] g%u_cls = lk_class_o[%u +: 2];", v, 2u * v);
		vw_line(w, "wire g%u_want = wantin_q[%u] & g%u_paired;", v, v, v);
	}
	for (unsigned t = 0; t < g->T; t++) {
		size_t used = (size_t)snprintf(line, sizeof line, "assign owner_wants[%u] =", t);

		if (t == 0)
			vw_line(w, "wire [T-1:0] owner_wants;  // an owner warp of the slot wants a shared register");
		for (unsigned v = 0; v < g->W; v++)
			used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0,
						 "%s (g%u_want & (g%u_cls == CLS_OWNER) & (g%u_slot == %s))", v ? " |" : "", v,
						 v, v, vw_lit(a, sizeof a, g->sb, t));
		snprintf(line + used, used < sizeof line ? sizeof line - used : 0, ";");
		vw_line(w, "%s", line);
	}
	for (unsigned v = 0; v < g->W; v++) {
		snprintf(s, sizeof s, "g%u_ps", v);
		vw_line(w, "wire [SB-1:0] g%u_psb = %s;", v, F(a, sizeof a, g, s, g->ctb, g->sb));
		vw_line(w, "wire [HB-1:0] g%u_hl = holder_q[g%u_lock*HB +: HB];", v, v);
		vw_line(w, "wire g%u_take = (g%u_hl == FREE) && (held_q[g%u_ps*CB +: CB] == {CB{1'b0}}) &&", v, v, v);
		vw_line(w, "    ((held_q[g%u_slot*CB +: CB] != {CB{1'b0}}) || (g%u_cls == CLS_OWNER) || !owner_wants[g%u_psb]);",
			v, v, v);
		vw_line(w, "wire g%u_ok = !g%u_paired || (went_q[%u] && ((g%u_hl == %s) || g%u_take));", v, v, v, v,
			vw_lit(a, sizeof a, g->hb, v), v);
		vw_line(w, "assign ok_o[%u] = g%u_ok;", v, v);
		vw_line(w, "assign wait_o[%u] = g%u_paired & went_q[%u] & ~g%u_ok & g%u_want;", v, v, v, v, v);
		vw_line(w, "assign dwe_cand[%u] = DWE_ON & g%u_paired & memin_q[%u] & (g%u_cls == CLS_NONOWNER);", v, v,
			v, v);
	}
	vw_line(w, "assign issuable_o = ~(dwe_cand & {W{~dwe_open}});");
	vw_blank(w);
}

/* Dynamic Warp Execution's draw (sharing_top_desc.h): the probability
 * latched from dwe_prob_i, the LFSR loaded at kernel start and advanced
 * past every cycle whose draw decided something (busy_o then). */
static void emit_dwe(struct vw *w, struct sh_geom *g)
{
	vw_line(w, "// ---- DWE: the draw against this SM's probability ----");
	vw_line(w, "wire [W-1:0] dwe_cand;  // non-owner warps of a pair about to make a global / local access");
	vw_line(w, "reg  [PRB-1:0] prob_q;");
	vw_line(w, "reg  [LFB-1:0] lfsr_q;");
	vw_line(w, "wire [LFB+PRB-1:0] dwe_scaled = {{PRB{1'b0}}, lfsr_q} * DWE_TEN;");
	vw_line(w, "wire [PRB-1:0] dwe_draw = dwe_scaled[LFB +: PRB];  // floor(10 lfsr / 2^16): 0..9");
	vw_line(w, "wire dwe_open = dwe_draw < prob_q;");
	vw_line(w, "wire dwe_mid = (prob_q != {PRB{1'b0}}) & (prob_q < DWE_ONE);");
	vw_line(w, "wire dwe_step = (|dwe_cand) & dwe_mid;  // the draw decided: the next one is fresh");
	vw_line(w, "wire [LFB-1:0] lfsr_next = {1'b0, lfsr_q[LFB-1:1]} ^ ({LFB{lfsr_q[0]}} & LFSR_TAPS);");
	emit_flop(w, "prob_q", "dwe_prob_i", "{PRB{1'b0}}");
	emit_flop(w, "lfsr_q", "kern_start_i ? {kern_seed_i[LFB-2:0], 1'b1} : dwe_step ? lfsr_next : lfsr_q",
		  "LFSR_RESET");
	emit_unused_add(&g->unused, "kern_seed_i", SHT_LFSR_BITS - 1u, SHT_LFSR_BITS - 1u);
	emit_unused_add(&g->unused, "dwe_scaled", SHT_LFSR_BITS - 1u, 0);
	vw_line(w, "assign busy_o = q_nz | dwe_step;");
	vw_blank(w);
}

/* Request port e of side rd / wr: the pair register map, then the file. */
static void emit_map(struct vw *w, struct sh_geom *g, int wr, unsigned e)
{
	const char *sd = wr ? "wr" : "rd";
	char p[32], a[96], b[96], c[96], d[96], nm[48];
	unsigned dw = g->pw + 1u;

	snprintf(p, sizeof p, "m%s%u", sd, e);
	vw_line(w, "wire [WW-1:0] %s_w = %s;", p, E(a, sizeof a, g, wr ? SMT_WR_WARP_I : SMT_RD_WARP_I, e));
	vw_line(w, "wire [SB-1:0] %s_slot = {SB{wv_d[%s_w]}} & wslot_d[%s_w*SB +: SB];", p, p, p);
	vw_line(w, "wire [WW-1:0] %s_k = wk_d[%s_w*WW +: WW];", p, p);
	vw_line(w, "wire [%u:0] %s_n8 = %s;", SMT_REG_BITS - 1u, p, E(a, sizeof a, g, wr ? SMT_WR_REG_I : SMT_RD_REG_I, e));
	snprintf(nm, sizeof nm, "%s_slot", p);
	snprintf(c, sizeof c, "%s_k", p);
	emit_pair(w, g, p, nm, c, 0);
	snprintf(nm, sizeof nm, "%s_n8", p);
	vw_line(w, "wire [PW-1:0] %s_n = %s;", p, F(a, sizeof a, g, nm, SMT_REG_BITS, g->pw));
	snprintf(nm, sizeof nm, "%s_p", p);
	vw_line(w, "wire [PW-1:0] %s_pp = %s;", p, F(a, sizeof a, g, nm, g->ctb, g->pw));
	vw_line(w, "wire [PW-1:0] %s_kp = %s;", p, F(a, sizeof a, g, c, g->ww, g->pw));
	snprintf(nm, sizeof nm, "%s_s", p);
	vw_line(w, "wire [PW-1:0] %s_sp = %s;", p, F(a, sizeof a, g, nm, g->ctb, g->pw));
	{
		unsigned cw = g->rb > SMT_REG_BITS ? g->rb : SMT_REG_BITS;

		snprintf(nm, sizeof nm, "%s_n8", p);
		vw_line(w, "wire %s_priv = %s < %s;  // a private register", p, vw_zext(a, sizeof a, nm, SMT_REG_BITS, cw),
			vw_zext(b, sizeof b, "kern_u_i", g->rb, cw));
	}
	vw_line(w, "wire [PW-1:0] %s_wb = %s_pp * k_pair_regs + %s_kp * k_rpu;", p, p, p);
	vw_line(w, "wire [PW-1:0] %s_sh = %s_priv ? %s_wb + ({PW{%s_role}} & k_u) + %s_n : %s_wb + k_u + k_u + (%s_n - k_u);",
		p, p, p, p, p, p, p);
	vw_line(w, "wire [PW-1:0] %s_un = k_unsh + (%s_sp - k_pairs) * k_cta_regs + %s_kp * k_regs + %s_n;", p, p, p, p);
	vw_line(w, "wire [PW:0] %s_phys = {1'b0, (kern_mode_i & %s_pr) ? %s_sh : %s_un};", p, p, p, p);
	vw_line(w, "wire [PW:0] %s_q = %s_phys / RPW;", p, p);
	vw_line(w, "wire [PW:0] %s_r = %s_phys %% RPW;", p, p);
	snprintf(nm, sizeof nm, "%s_q", p);
	vw_line(w, "assign %s = %s;", SE(a, sizeof a, g, SHT_U_RF, wr ? RFB_WR_WARP_I : RFB_RD_WARP_I, e),
		F(b, sizeof b, g, nm, dw, g->ww));
	vw_line(w, "assign %s = %s;", E(c, sizeof c, g, wr ? SMT_MON_WR_WARP_O : SMT_MON_RD_WARP_O, e), a);
	snprintf(nm, sizeof nm, "%s_r", p);
	vw_line(w, "assign %s = %s;", SE(a, sizeof a, g, SHT_U_RF, wr ? RFB_WR_REG_I : RFB_RD_REG_I, e),
		F(d, sizeof d, g, nm, dw, g->rfw));
	vw_line(w, "assign %s = %s;", E(c, sizeof c, g, wr ? SMT_MON_WR_REG_O : SMT_MON_RD_REG_O, e), a);
}

static void emit_mapping(struct vw *w, struct sh_geom *g)
{
	vw_line(w, "// ---- register mapping: sharing_phys() of the warp table after this cycle's pushes ----");
	for (unsigned c = 0; c < g->cfg->collectors; c++)
		emit_map(w, g, 0, c);
	for (unsigned p = 0; p < g->cfg->write_ports; p++)
		emit_map(w, g, 1, p);
	vw_blank(w);
}

int emit_sharing_top(struct design *d, const struct module_desc *m)
{
	static const unsigned lk_glue[] = {SHL_BLK_I, SHL_BLK_ID_I, SHL_BLK_PARTNER_I, SHL_BLK_EXIT_I, SHL_BLK_EXIT_ID_I,
					   SHL_WARP_I, SHL_WARP_ID_I, SHL_WARP_BLK_I, SHL_WARP_SHARED_I, SHL_WARP_OWNER_I,
					   SHL_WARP_LOCK_I, SHL_CHK_I, SHL_CHK_WARP_I, SHL_CHK_REGV_I, SHL_CHK_REG_I,
					   SHL_REL_I, SHL_REL_WARP_I};
	static const unsigned rf_glue[] = {RFB_RD_WARP_I, RFB_RD_REG_I, RFB_WR_WARP_I, RFB_WR_REG_I};
	const struct gpurf_cfg *cfg = d->cfg;
	const struct gpurf_cfg *cfgs[2] = {cfg, cfg};
	static struct sh_geom g;	/* large (the unused list); emitters run one at a time */
	struct module_desc sub[2];
	struct sbuf *out;
	struct vw w;
	int fresh;

	memset(&g, 0, sizeof g);
	desc_share_lock(cfg, &sub[SHT_U_LOCK]);
	desc_rf_banked(cfg, &sub[SHT_U_RF]);
	g.cfg = cfg;
	g.m = m;
	g.ec = (struct emit_compose){m, 2, sub, cfgs, prefix, &sharing_top_wiring, {{0}}};
	emit_compose_glue(&g.ec, SHT_U_LOCK, lk_glue, sizeof lk_glue / sizeof lk_glue[0]);
	emit_compose_glue(&g.ec, SHT_U_RF, rf_glue, sizeof rf_glue / sizeof rf_glue[0]);
	g.W = cfg->warps;
	g.T = cfg->ctas;
	g.S = cfg->schedulers;
	g.L = sharing_top_lanes(cfg);
	g.CL = sharing_top_cta_lanes(cfg);
	g.nl = cfg->sharing.d.nlocks;
	g.ww = cfg_index_bits(cfg->warps);
	g.sb = cfg->sharing.d.blk_bits;
	g.pb = cfg->sharing.d.partner_bits;
	g.lb = cfg->sharing.d.lock_idx_bits;
	g.hb = cfg->sharing.d.lock_bits;
	g.rb = cfg->sharing.d.reg_bits;
	g.cb = cfg_index_bits((unsigned long)cfg->warps + 1u);
	g.nb = cfg_index_bits((unsigned long)g.L + 1u);
	g.kwb = P(&g, SHT_KERN_WPC_I)->elem_width;
	g.ctb = P(&g, SHT_KERN_PAIRS_I)->elem_width;
	g.pw = cfg_index_bits((unsigned long)cfg->warps * cfg->d.regs_per_warp);
	g.rfw = cfg_index_bits(cfg->d.regs_per_warp);
	g.cw = 2u + g.ww + g.sb + g.pb + 2u + g.lb + g.ww;
	/* a source per CTA lane and two per warp: as many as the queue's entries */
	assert(g.L == g.CL + 2u * g.W);
	if (emit_compose_submodules(d, &g.ec) || cell_use(d, CELL_DECODE) || cell_use(d, CELL_XBAR_ONEHOT) ||
	    cell_use(d, CELL_MUX_ONEHOT) || cell_use(d, CELL_MUX_BIN))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "Register-sharing subsystem (docs/sharing.md, \"sharing_top\").");
	vw_module_begin(&w, m, 1, 1);
	emit_params(&w, &g);
	emit_compose_instances(&w, &g.ec);
	emit_compose_wiring(&w, &g.ec);
	vw_line(&w, "wire lk_outputs_unused = ^{lk_chk_need_o, lk_owf_v_o, lk_owf_warp_o, lk_lock_held_o, lk_mode_o};");
	vw_blank(&w);
	emit_kernel(&w, &g);
	emit_warp_decls(&w, &g);
	emit_launcher(&w, &g);
	emit_queue(&w, &g);
	emit_warp_table(&w, &g);
	emit_checks(&w, &g);
	emit_dwe(&w, &g);
	emit_gating(&w, &g);
	emit_mapping(&w, &g);
	vw_line(&w, "// bits the fitted signals leave (narrower slots, indices, registers)");
	emit_unused_wire(&w, "glue_unused", &g.unused);
	vw_module_end(&w);
	return 0;
}

/* The groups of glue/sharing_top.gtkw and of the twins' save file, which
 * scripts/wave-sm shows: issue through share_lock's check, issuable and
 * waiting, the file behind the pair mapping, the lock-table writes. */
unsigned wave_sharing_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	unsigned n = 0, nb = cfg_index_bits((unsigned long)sharing_top_lanes(cfg) + 1u);
	struct module_desc sub[SHT_U_TOP];

	desc_share_lock(cfg, &sub[SHT_U_LOCK]);
	desc_rf_banked(cfg, &sub[SHT_U_RF]);
	groups[n] = (struct wave_group){.title = "issue and lock check (share_lock)"};
	wave_add_names(&groups[n++], m, sub, prefix, SHT_U_TOP,
		       "clk_i rst_ni iss_i iss_warp_i iss_shared_i lk_chk_i lk_chk_warp_i lk_chk_need_o lk_chk_gnt_o "
		       "lk_chk_acq_o lk_rel_i lk_rel_warp_i lk_lock_held_o");
	groups[n] = (struct wave_group){.title = "out: issuable, waiting"};
	wave_add_names(&groups[n++], m, sub, prefix, SHT_U_TOP,
		       "ok_o class_o issuable_o wait_o mon_chk_gnt_o mon_chk_acq_o mon_rel_o");
	groups[n] = (struct wave_group){.title = "register file (rf_banked behind the mapping)"};
	wave_add_names(&groups[n++], m, sub, prefix, SHT_U_TOP,
		       "rd_req_i rd_warp_i rd_reg_i mon_rd_warp_o mon_rd_reg_o rd_gnt_o bank_conflict_o rd_valid_o "
		       "wr_req_i wr_gnt_o");
	groups[n] = (struct wave_group){.title = "lock-table writes"};
	wave_add_names(&groups[n], m, sub, prefix, SHT_U_TOP, "cev_valid_i");
	wave_add(&groups[n], "n_cmd", nb);
	wave_add(&groups[n], "count_q", nb);
	wave_add(&groups[n], "head_q", nb);
	wave_add(&groups[n], "pop", 1);
	wave_add(&groups[n], "h_kind", 2);
	wave_add(&groups[n], "h_warp", cfg_index_bits(cfg->warps));
	wave_add(&groups[n], "rel_hit", 1);
	wave_add_names(&groups[n++], m, sub, prefix, SHT_U_TOP, "busy_o");
	return n;
}
