/* emit_rename_table.c: Verilog of RegVirt's renaming unit (model:
 * cmodel/rename_table.c, which documents the cycle; docs/regvirt.md).
 *
 *   slots      per rename port 3 sources + 1 destination: exempt (static
 *              map), repeated source, served earlier (captured), or a
 *              request for its home bank's table port
 *   per bank   round-robin arbiter (gpurf_rr_arb, rt_ports grants split
 *              into one-hot lanes, lowest slot first), one table read per
 *              lane (valid flops + index flops), the availability vector
 *              with its lowest-free pick preferring powered subarrays,
 *              wake-up counters
 *   alloc      per bank one allocation: the lowest port whose destination
 *              looked up (or shares its source's lookup) and is unmapped
 *   throttle   per-CTA held counters, minimum remaining need (Sec. 8.1),
 *              or the sticky favoured CTA of the per-bank check
 *   edge       table writes, availability updates, counters, warp-exit
 *              sweep, output register (the extra rename cycle)
 * The table's rows are cells (gen/cells.c): per bank a gpurf_flop_array of
 * index entries written by the allocation, each read (lookup lane, sweep)
 * a gpurf_decode of its row and a gpurf_mux_onehot, the pick a gpurf_ffs;
 * hierarchical synthesis builds each once (docs/synth.md).  What is per
 * slot, CTA or warp is unrolled here in C with constant selects. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "emit_lib.h"
#include "rename_table_desc.h"
#include "vwriter.h"

struct rt_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	unsigned np, nf, nb, nc, nw, ns;	/* ports, free ports, banks, CTAs, warps, subarrays */
	unsigned nl;				/* table lookups per bank per cycle (rt_ports) */
	unsigned nslot;				/* np x 4 */
	unsigned ww, cw, rw, iw, bw, pw, kw, aw, row_w, exr_w, wc_w, sr_w, wk_w, res_w;
	unsigned rows, rpw, bank_regs, sub_regs;
	int per_bank;
	char arb[96];
};

/* A line of any length for the long OR / concatenation expressions (the
 * full table's have thousands of terms; vw_line stops at 4096 characters):
 * ln_start() begins it, ln_add() appends, put_line() writes and frees it. */
struct line {
	struct sbuf b;
};

static struct sbuf *ln_start(struct line *l)
{
	l->b = (struct sbuf){0};
	return &l->b;
}

static void ln_add(struct line *l, const char *text)
{
	sbuf_printf(&l->b, "%s", text);
}

static void put_line(struct vw *w, struct line *l)
{
	if (l->b.oom)
		w->out->oom = 1;
	else
		sbuf_printf(w->out, "%*s%s\n", w->indent * 2, "", l->b.s);
	sbuf_free(&l->b);
}

/* Bits [lsb +: width] of signal `name` (of total width `full`) resized to
 * `to` bits: zero-extended, or only the low `to` of them (arithmetic
 * modulo 2^to, which products and sums of the low bits preserve). */
static const char *sl(char *buf, size_t n, const char *name, unsigned full, unsigned lsb, unsigned width,
		      unsigned to)
{
	char sel[160];

	if (width > to)
		width = to;
	if (lsb == 0 && width == full)
		snprintf(sel, sizeof sel, "%s", name);
	else if (width == 1)
		snprintf(sel, sizeof sel, "%s[%u]", name, lsb);
	else
		snprintf(sel, sizeof sel, "%s[%u:%u]", name, lsb + width - 1, lsb);
	if (width < to)
		snprintf(buf, n, "{%u'd0, %s}", to - width, sel);
	else
		snprintf(buf, n, "%s", sel);
	return buf;
}

/* Whole signal `name` of width `from` resized to `to`. */
static const char *fit(char *buf, size_t n, const char *name, unsigned from, unsigned to)
{
	return sl(buf, n, name, from, 0, from, to);
}

/* `dst` = the CTA slot of the warp in `warp` (warp_cta_q mux). */
static void emit_cta_of(struct vw *w, const struct rt_geom *g, const char *dst, const char *warp)
{
	struct line l;
	char a[256], lit[32];

	sbuf_printf(ln_start(&l), "wire [CW-1:0] %s =", dst);
	for (unsigned x = 0; x < g->nw; x++) {
		snprintf(a, sizeof a, " %s({CW{%s == %s}} & warp_cta_q_%u)", x ? "| " : "", warp,
			 vw_lit(lit, sizeof lit, g->ww, x), x);
		ln_add(&l, a);
	}
	ln_add(&l, ";");
	put_line(w, &l);
}

/* `wire [RT_ROWS-1:0] <hit>`: row `row` one-hot when en (zero past
 * RT_ROWS), through a gpurf_decode cell. */
static void emit_row_decode(struct vw *w, const char *hit, const char *row, const char *en)
{
	char inst[64];

	snprintf(inst, sizeof inst, "u_dec_%s", hit);
	vw_line(w, "wire [RT_ROWS-1:0] %s;", hit);
	emit_cell_inst(w, CELL_DECODE, inst, (const char *const[]){"N", "RT_ROWS", "IDX_W", "ROW_W", NULL},
		       (const char *const[]){"en_i", en, "idx_i", row, "onehot_o", hit, NULL});
}

/* `wire [IW-1:0] <out>`: bank b's index entry at the one-hot row `hit`,
 * through a gpurf_mux_onehot cell (the caller qualifies it with the row's
 * valid bit). */
static void emit_row_mux(struct vw *w, const char *out, const char *hit, unsigned b)
{
	char inst[64], data[32];

	snprintf(inst, sizeof inst, "u_mux_%s", out);
	snprintf(data, sizeof data, "rt_idx_b%u", b);
	vw_line(w, "wire [IW-1:0] %s;", out);
	emit_cell_inst(w, CELL_MUX_ONEHOT, inst, (const char *const[]){"N", "RT_ROWS", "W", "IW", NULL},
		       (const char *const[]){"data_i", data, "sel_i", hit, "data_o", out, NULL});
}

/* ---- slots ---------------------------------------------------------------- */

static void emit_slots(struct vw *w, const struct rt_geom *g)
{
	const struct module_desc *m = g->m;
	char a[256], b[256], c[256], d[256], x[256];

	vw_line(w, "// ---- slots: 3 sources + 1 destination per rename port ----");
	for (unsigned p = 0; p < g->np; p++) {
		vw_line(w, "// port %u", p);
		vw_line(w, "wire [WW-1:0] w_p%u = %s;", p, vw_elem(a, sizeof a, &m->ports[RT_REN_WARP_I], p));
		snprintf(a, sizeof a, "c_p%u", p);
		snprintf(b, sizeof b, "w_p%u", p);
		emit_cta_of(w, g, a, b);
		for (unsigned s = 0; s < RT_SLOTS; s++) {
			unsigned e = p * RT_SRCS + s;

			if (s < RT_SRCS) {
				vw_line(w, "wire v_p%u_s%u = ren_valid_i[%u] & ren_src_valid_i[%u];", p, s, p, e);
				vw_line(w, "wire [RW-1:0] r_p%u_s%u = %s;", p, s,
					vw_elem(a, sizeof a, &m->ports[RT_REN_SRC_I], e));
			} else {
				vw_line(w, "wire v_p%u_s3 = ren_valid_i[%u] & ren_dst_valid_i[%u];", p, p, p);
				vw_line(w, "wire [RW-1:0] r_p%u_s3 = %s;", p, vw_elem(a, sizeof a, &m->ports[RT_REN_DST_I], p));
			}
			snprintf(c, sizeof c, "r_p%u_s%u", p, s);
			snprintf(d, sizeof d, "w_p%u", p);
			/* home bank (Sec. 7.1: the bank it would have without renaming) */
			if (g->nb > 1) {
				if (g->cfg->bank_map == BANK_MAP_REG_PLUS_WARP)
					vw_line(w, "wire [BW-1:0] bk_p%u_s%u = %s + %s;", p, s, fit(a, sizeof a, c, g->rw, g->bw),
						fit(b, sizeof b, d, g->ww, g->bw));
				else
					vw_line(w, "wire [BW-1:0] bk_p%u_s%u = %s;", p, s, fit(a, sizeof a, c, g->rw, g->bw));
			}
			vw_line(w, "wire ex_p%u_s%u = r_p%u_s%u < n_exempt_q;", p, s, p, s);
			/* renamed: row = w * ROWS_PER_WARP + (r - N) / NUM_BANKS, modulo 2^ROW_W */
			vw_line(w, "wire [RW-1:0] rn_p%u_s%u = r_p%u_s%u - n_exempt_q;", p, s, p, s);
			vw_line(w, "wire unused_rn_p%u_s%u = ^rn_p%u_s%u;  // the bank bits select no row", p, s, p, s);
			snprintf(c, sizeof c, "rn_p%u_s%u", p, s);
			if (g->rw > g->bw)
				sl(b, sizeof b, c, g->rw, g->bw, g->rw - g->bw, g->row_w);
			else
				snprintf(b, sizeof b, "%u'd0", g->row_w);
			if (g->nw > 1)
				vw_line(w, "wire [ROW_W-1:0] row_p%u_s%u = %s * %s + %s;", p, s, fit(a, sizeof a, d, g->ww, g->row_w),
					vw_lit(x, sizeof x, g->row_w, g->rpw), b);
			else	/* one warp: no warp term (ROWS_PER_WARP may not fit ROW_W) */
				vw_line(w, "wire [ROW_W-1:0] row_p%u_s%u = %s;", p, s, b);
			/* exempt: index = w * ceil(N/NUM_BANKS) + r / NUM_BANKS, modulo 2^IW (spec 7.4) */
			snprintf(c, sizeof c, "r_p%u_s%u", p, s);
			if (g->rw > g->bw)
				sl(b, sizeof b, c, g->rw, g->bw, g->rw - g->bw, g->iw);
			else
				snprintf(b, sizeof b, "%u'd0", g->iw);
			vw_line(w, "wire [IW-1:0] exi_p%u_s%u = %s * %s + %s;", p, s, fit(a, sizeof a, d, g->ww, g->iw),
				fit(x, sizeof x, "ex_rows_q", g->exr_w, g->iw), b);
		}
		/* repeated sources: the first occurrence does the lookup */
		vw_line(w, "wire eq01_p%u = v_p%u_s0 & v_p%u_s1 & (r_p%u_s0 == r_p%u_s1);", p, p, p, p, p);
		vw_line(w, "wire eq02_p%u = v_p%u_s0 & v_p%u_s2 & (r_p%u_s0 == r_p%u_s2);", p, p, p, p, p);
		vw_line(w, "wire eq12_p%u = v_p%u_s1 & v_p%u_s2 & (r_p%u_s1 == r_p%u_s2);", p, p, p, p, p);
		vw_line(w, "wire dup_p%u_s0 = 1'b0;", p);
		vw_line(w, "wire dup_p%u_s1 = eq01_p%u;", p, p);
		vw_line(w, "wire dup_p%u_s2 = eq02_p%u | eq12_p%u;", p, p, p);
		vw_line(w, "wire dup_p%u_s3 = 1'b0;", p);
		vw_line(w, "wire rel_p%u_s0 = ren_rel_i[%u] | (eq01_p%u & ren_rel_i[%u]) | (eq02_p%u & ren_rel_i[%u]);",
			p, 3 * p, p, 3 * p + 1, p, 3 * p + 2);
		vw_line(w, "wire rel_p%u_s1 = ren_rel_i[%u] | (eq12_p%u & ren_rel_i[%u]);", p, 3 * p + 1, p, 3 * p + 2);
		vw_line(w, "wire rel_p%u_s2 = ren_rel_i[%u];", p, 3 * p + 2);
		/* requests */
		for (unsigned s = 0; s < RT_SRCS; s++)
			vw_line(w, "wire rq_p%u_s%u = v_p%u_s%u & ~ex_p%u_s%u & ~dup_p%u_s%u & ~cap_sv_q_p%u_s%u;",
				p, s, p, s, p, s, p, s, p, s);
		{
			char same[3][96];

			if (g->nl > 1) {
				vw_line(w, "// The destination shares the lookup of a pending source of the same");
				vw_line(w, "// register (after its release) instead of looking up itself.");
				vw_line(w, "wire db_p%u = v_p%u_s3 & ~ex_p%u_s3 & ~cap_sv_q_p%u_s3;", p, p, p, p);
				for (unsigned s = 0; s < RT_SRCS; s++) {
					vw_line(w, "wire fol_p%u_s%u = db_p%u & rq_p%u_s%u & (r_p%u_s%u == r_p%u_s3);", p, s, p, p, s, p,
						s, p);
					snprintf(same[s], sizeof same[s], "fol_p%u_s%u", p, s);
				}
				vw_line(w, "wire rq_p%u_s3 = db_p%u & ~(%s | %s | %s);", p, p, same[0], same[1],
					same[2]);
				vw_blank(w);
				continue;
			}
			vw_line(w, "// The destination waits while a source in its bank is pending, so a");
			vw_line(w, "// release of the same register unmaps before the destination looks.");
			for (unsigned s = 0; s < RT_SRCS; s++)
				if (g->nb > 1)
					snprintf(same[s], sizeof same[s], "(rq_p%u_s%u & (bk_p%u_s%u == bk_p%u_s3))", p, s, p, s, p);
				else
					snprintf(same[s], sizeof same[s], "rq_p%u_s%u", p, s);
			vw_line(w, "wire rq_p%u_s3 = v_p%u_s3 & ~ex_p%u_s3 & ~cap_sv_q_p%u_s3 &", p, p, p, p);
			vw_line(w, "                ~(%s | %s | %s);", same[0], same[1], same[2]);
		}
		vw_blank(w);
	}
}

/* ---- banks ------------------------------------------------------------------ */

static void emit_bank(struct vw *w, const struct rt_geom *g, unsigned b)
{
	char a[256], bb[256];
	struct line l;

	vw_line(w, "// ---- bank %u: table port arbitration, lookup, availability ----", b);
	sbuf_printf(ln_start(&l), "wire [%u:0] req_b%u = {", g->nslot - 1, b);
	for (unsigned i = g->nslot; i-- > 0;) {
		unsigned p = i / RT_SLOTS, s = i % RT_SLOTS;

		if (g->nb > 1)
			snprintf(a, sizeof a, "%srq_p%u_s%u & (bk_p%u_s%u == %s)", i + 1 == g->nslot ? "" : ", ", p, s, p, s,
				 vw_lit(bb, sizeof bb, g->bw, b));
		else
			snprintf(a, sizeof a, "%srq_p%u_s%u", i + 1 == g->nslot ? "" : ", ", p, s);
		ln_add(&l, a);
	}
	ln_add(&l, "};");
	put_line(w, &l);
	vw_line(w, "wire [%u:0] gnt_b%u;", g->nslot - 1, b);
	vw_line(w, "wire [%u:0] gnt_cnt_unused_b%u;", cfg_index_bits(g->nl + 1ul) - 1, b);
	vw_open(w, "%s u_arb_b%u (", g->arb, b);
	vw_line(w, ".clk_i   (clk_i),");
	vw_line(w, ".rst_ni  (rst_ni),");
	vw_line(w, ".req_i   (req_b%u),", b);
	vw_line(w, ".limit_i (%s),", vw_lit(a, sizeof a, cfg_index_bits(g->nl + 1ul), g->nl));
	vw_line(w, ".gnt_o   (gnt_b%u),", b);
	vw_line(w, ".count_o (gnt_cnt_unused_b%u)", b);
	vw_close(w, ");");
	/* the grants as one-hot lanes, lowest slot first; one table read each */
	if (g->nl == 1)
		vw_line(w, "wire [%u:0] gl_b%u_l0 = gnt_b%u;", g->nslot - 1, b, b);
	for (unsigned k = 0; k < g->nl && g->nl > 1; k++) {
		char rest[32];

		if (k)
			snprintf(rest, sizeof rest, "gr_b%u_l%u", b, k - 1);
		else
			snprintf(rest, sizeof rest, "gnt_b%u", b);
		vw_line(w, "wire [%u:0] gl_b%u_l%u = %s & (~%s + %s);", g->nslot - 1, b, k, rest, rest,
			vw_lit(a, sizeof a, g->nslot, 1));
		if (k + 1 < g->nl)
			vw_line(w, "wire [%u:0] gr_b%u_l%u = %s & ~gl_b%u_l%u;", g->nslot - 1, b, k, rest, b, k);
	}
	for (unsigned k = 0; k < g->nl; k++) {
		vw_line(w, "wire [ROW_W-1:0] rsel_b%u_l%u =", b, k);
		w->indent += 2;
		for (unsigned i = 0; i < g->nslot; i++)
			vw_line(w, "({ROW_W{gl_b%u_l%u[%u]}} & row_p%u_s%u)%s", b, k, i, i / RT_SLOTS, i % RT_SLOTS,
				i + 1 == g->nslot ? ";" : " |");
		w->indent -= 2;
		char hit[32], idx[32];

		snprintf(hit, sizeof hit, "hit_b%u_l%u", b, k);
		snprintf(idx, sizeof idx, "rdm_b%u_l%u", b, k);
		snprintf(bb, sizeof bb, "rsel_b%u_l%u", b, k);
		emit_row_decode(w, hit, bb, "1'b1");
		emit_row_mux(w, idx, hit, b);
		vw_line(w, "wire rdv_b%u_l%u = (|gl_b%u_l%u) & (|(%s & rt_v_q_b%u));", b, k, b, k, hit, b);
		vw_line(w, "wire [IW-1:0] rdi_b%u_l%u = {IW{rdv_b%u_l%u}} & %s;", b, k, b, k, idx);
	}
	/* availability: lowest free register, preferring powered subarrays (Sec. 8.2) */
	vw_line(w, "wire [BANK_REGS-1:0] free_b%u = ~busy_q_b%u;", b, b);
	for (unsigned s = 0; s < g->ns; s++)
		vw_line(w, "wire on_b%u_s%u = |busy_q_b%u[%u:%u];", b, s, b, (s + 1) * g->sub_regs - 1, s * g->sub_regs);
	sbuf_printf(ln_start(&l), "wire [BANK_REGS-1:0] pref_b%u = free_b%u & {", b, b);
	for (unsigned s = g->ns; s-- > 0;) {
		snprintf(a, sizeof a, "%s{%u{on_b%u_s%u}}", s + 1 == g->ns ? "" : ", ", g->sub_regs, b, s);
		ln_add(&l, a);
	}
	ln_add(&l, "};");
	put_line(w, &l);
	vw_line(w, "wire haspref_b%u = |pref_b%u;", b, b);
	vw_line(w, "wire hasfree_b%u = |free_b%u;", b, b);
	vw_line(w, "wire [BANK_REGS-1:0] cand_b%u = haspref_b%u ? pref_b%u : free_b%u;", b, b, b, b);
	if (g->bank_regs == 1) {	/* gpurf_ffs needs two bits or more */
		vw_line(w, "wire [BANK_REGS-1:0] oh_b%u = cand_b%u;", b, b);
		vw_line(w, "wire [IW-1:0] pick_b%u = {IW{1'b0}};", b);
	} else {
		char oh[32], pick[32], found[32], inst[32];

		snprintf(oh, sizeof oh, "oh_b%u", b);
		snprintf(pick, sizeof pick, "pick_b%u", b);
		snprintf(found, sizeof found, "unused_found_b%u", b);
		snprintf(inst, sizeof inst, "u_pick_b%u", b);
		snprintf(a, sizeof a, "cand_b%u", b);
		vw_line(w, "wire [BANK_REGS-1:0] %s;  // the lowest set bit", oh);
		vw_line(w, "wire [IW-1:0] %s;", pick);
		vw_line(w, "wire %s;  // cand_b%u is never empty when the pick is used (hasfree_b%u)", found, b, b);
		emit_cell_inst(w, CELL_FFS, inst, (const char *const[]){"N", "BANK_REGS", "IDX_W", "IW", NULL},
			       (const char *const[]){"vec_i", a, "found_o", found, "onehot_o", oh, "idx_o", pick, NULL});
	}
	vw_line(w, "wire wake_b%u = ~haspref_b%u;  // the pick lies in a gated subarray", b, b);
	vw_blank(w);
}

/* "OR_b OR_lane (<fmt>)" over banks and lanes for slot i (fmt takes bank,
 * lane, slot, bank, lane). */
static void emit_lane_or(struct vw *w, const struct rt_geom *g, const char *decl, unsigned i, const char *fmt)
{
	struct line l;
	char a[256];

	sbuf_printf(ln_start(&l), "%s = ", decl);
	for (unsigned b = 0; b < g->nb; b++)
		for (unsigned k = 0; k < g->nl; k++) {
			ln_add(&l, b || k ? " | " : "");
			snprintf(a, sizeof a, fmt, b, k, i, b, k);
			ln_add(&l, a);
		}
	ln_add(&l, ";");
	put_line(w, &l);
}

/* Per slot: granted, the entry's valid bit and index (from its lane). */
static void emit_lookups(struct vw *w, const struct rt_geom *g)
{
	char decl[128];

	vw_line(w, "// ---- lookups: each granted slot's entry ----");
	for (unsigned i = 0; i < g->nslot; i++) {
		unsigned p = i / RT_SLOTS, s = i % RT_SLOTS;

		snprintf(decl, sizeof decl, "wire g_p%u_s%u", p, s);
		emit_lane_or(w, g, decl, i, "gl_b%u_l%u[%u]");
		snprintf(decl, sizeof decl, "wire lv_p%u_s%u", p, s);
		emit_lane_or(w, g, decl, i, "(gl_b%u_l%u[%u] & rdv_b%u_l%u)");
		snprintf(decl, sizeof decl, "wire [IW-1:0] li_p%u_s%u", p, s);
		emit_lane_or(w, g, decl, i, "({IW{gl_b%u_l%u[%u]}} & rdi_b%u_l%u)");
	}
	vw_blank(w);
}

/* The destinations: what each one found (its own lookup, or the lookup of
 * the source it shares), and per bank the one allocation of the cycle: the
 * lowest port whose destination is unmapped. */
static void emit_alloc(struct vw *w, const struct rt_geom *g)
{
	struct line l;
	char a[256], lit[32];

	vw_line(w, "// ---- destinations and the one allocation per bank ----");
	for (unsigned p = 0; p < g->np; p++) {
		if (g->nl == 1) {
			vw_line(w, "wire act_p%u = g_p%u_s3;", p, p);
			vw_line(w, "wire dv_p%u = lv_p%u_s3;", p, p);
			vw_line(w, "wire [IW-1:0] di_p%u = li_p%u_s3;", p, p);
		} else {
			vw_line(w, "// a shared lookup: mapped and not released by the source: in place");
			vw_line(w, "wire fg_p%u = (fol_p%u_s0 & g_p%u_s0) | (fol_p%u_s1 & g_p%u_s1) | (fol_p%u_s2 & g_p%u_s2);",
				p, p, p, p, p, p, p);
			vw_line(w, "wire act_p%u = g_p%u_s3 | fg_p%u;", p, p, p);
			sbuf_printf(ln_start(&l), "wire fv_p%u = ", p);
			for (unsigned s = 0; s < RT_SRCS; s++) {
				snprintf(a, sizeof a, "%s(fol_p%u_s%u & g_p%u_s%u & lv_p%u_s%u & ~rel_p%u_s%u)", s ? " | " : "", p, s,
					 p, s, p, s, p, s);
				ln_add(&l, a);
			}
			ln_add(&l, ";");
			put_line(w, &l);
			vw_line(w, "wire [IW-1:0] fi_p%u = ({IW{fol_p%u_s0}} & li_p%u_s0) | ({IW{fol_p%u_s1}} & li_p%u_s1) | "
				   "({IW{fol_p%u_s2}} & li_p%u_s2);", p, p, p, p, p, p, p);
			vw_line(w, "wire dv_p%u = fg_p%u ? fv_p%u : lv_p%u_s3;", p, p, p, p);
			vw_line(w, "wire [IW-1:0] di_p%u = fg_p%u ? fi_p%u : li_p%u_s3;", p, p, p, p);
		}
		vw_line(w, "wire aw_p%u = act_p%u & ~dv_p%u;  // needs a register", p, p, p);
	}
	for (unsigned b = 0; b < g->nb; b++) {
		for (unsigned p = 0; p < g->np; p++) {
			if (g->nb > 1)
				vw_line(w, "wire awb_p%u_b%u = aw_p%u & (bk_p%u_s3 == %s);", p, b, p, p, vw_lit(lit, sizeof lit, g->bw, b));
			else
				vw_line(w, "wire awb_p%u_b%u = aw_p%u;", p, b, p);
			sbuf_printf(ln_start(&l), "wire win_p%u_b%u = awb_p%u_b%u", p, b, p, b);
			for (unsigned q = 0; q < p; q++) {
				snprintf(a, sizeof a, " & ~awb_p%u_b%u", q, b);
				ln_add(&l, a);
			}
			ln_add(&l, ";");
			put_line(w, &l);
		}
		sbuf_printf(ln_start(&l), "wire areq_b%u = ", b);
		for (unsigned p = 0; p < g->np; p++) {
			snprintf(a, sizeof a, "%sawb_p%u_b%u", p ? " | " : "", p, b);
			ln_add(&l, a);
		}
		ln_add(&l, ";");
		put_line(w, &l);
		vw_line(w, "wire [CW-1:0] acta_b%u =", b);
		w->indent += 2;
		for (unsigned p = 0; p < g->np; p++)
			vw_line(w, "({CW{win_p%u_b%u}} & c_p%u)%s", p, b, p, p + 1 == g->np ? ";" : " |");
		w->indent -= 2;
		vw_line(w, "wire [ROW_W-1:0] arow_b%u =", b);
		w->indent += 2;
		for (unsigned p = 0; p < g->np; p++)
			vw_line(w, "({ROW_W{win_p%u_b%u}} & row_p%u_s3)%s", p, b, p, p + 1 == g->np ? ";" : " |");
		w->indent -= 2;
		{	/* the row allocated now, one-hot (or none) */
			char hit[32], row[32];

			snprintf(hit, sizeof hit, "ahit_b%u", b);
			snprintf(row, sizeof row, "arow_b%u", b);
			snprintf(lit, sizeof lit, "aok_b%u", b);
			emit_row_decode(w, hit, row, lit);
		}
	}
	vw_blank(w);
}

/* ---- throttle ------------------------------------------------------------------ */

static void emit_throttle(struct vw *w, const struct rt_geom *g)
{
	char a[256];
	struct line l;

	vw_line(w, "// ---- CTA throttle (Sec. 8.1): remaining need C - k_i of each resident CTA ----");
	for (unsigned c = 0; c < g->nc; c++) {
		vw_line(w, "wire res_%u = (cta_warps_q_%u != %s);", c, c, vw_lit(a, sizeof a, g->wc_w, 0));
		vw_line(w, "wire [KW-1:0] need_%u = (demand_q > k_q_%u) ? demand_q - k_q_%u : {KW{1'b0}};", c, c, c);
	}
	vw_line(w, "// Minimum over resident CTAs; ties go to the lowest slot.");
	vw_line(w, "wire found_m1 = 1'b0;");
	vw_line(w, "wire [CW-1:0] arg_m1 = {CW{1'b0}};");
	for (unsigned c = 0; c < g->nc; c++) {
		char prev[16];

		if (c)
			snprintf(prev, sizeof prev, "%u", c - 1);
		else
			snprintf(prev, sizeof prev, "m1");
		if (c)
			vw_line(w, "wire better_%u = res_%u & (~found_%s | (need_%u < min_%s));", c, c, prev, c, prev);
		else
			vw_line(w, "wire better_0 = res_0;");
		vw_line(w, "wire found_%u = found_%s | res_%u;", c, prev, c);
		if (c)
			vw_line(w, "wire [KW-1:0] min_%u = better_%u ? need_%u : min_%s;", c, c, c, prev);
		else
			vw_line(w, "wire [KW-1:0] min_0 = need_0;  // ignored while found_0 is clear");
		vw_line(w, "wire [CW-1:0] arg_%u = better_%u ? %s : arg_%s;", c, c, vw_lit(a, sizeof a, g->cw, c), prev);
	}
	vw_line(w, "wire any_res = found_%u;", g->nc - 1);
	vw_line(w, "wire [KW-1:0] min_need = min_%u;", g->nc - 1);
	vw_line(w, "wire [CW-1:0] argmin = arg_%u;", g->nc - 1);
	vw_line(w, "// Allocation only waits for a register; the throttle acts at selection,");
	vw_line(w, "// with a margin of one allocation per rename port already selected.");
	for (unsigned b = 0; b < g->nb; b++)
		vw_line(w, "wire aok_b%u = areq_b%u & hasfree_b%u;", b, b, b);
	if (!g->per_bank) {
		sbuf_printf(ln_start(&l), "wire [AW-1:0] avail = ");
		for (unsigned b = 0; b < g->nb; b++) {
			char x[32];

			snprintf(x, sizeof x, "free_cnt_q_b%u", b);
			char y[128];

			snprintf(a, sizeof a, "%s%s", b ? " + " : "", fit(y, sizeof y, x, g->kw, g->aw));
			ln_add(&l, a);
		}
		ln_add(&l, ";");
		put_line(w, &l);
		vw_line(w, "wire unused_bank_demand = ^launch_bank_demand_i;");
		char lit[32];

		vw_line(w, "assign throttle_o = any_res & (avail <= (%s + %s));", fit(a, sizeof a, "min_need", g->kw, g->aw),
			vw_lit(lit, sizeof lit, g->aw, g->np));
		vw_line(w, "assign throttle_cta_o = argmin;");
		return;
	}
	vw_line(w, "// Per-bank check: one favoured CTA, sticky until it retires; others may");
	vw_line(w, "// allocate in bank b only while more than its remaining need there is free.");
	sbuf_printf(ln_start(&l), "wire fav_res = ");
	for (unsigned c = 0; c < g->nc; c++) {
		char y[32];

		snprintf(a, sizeof a, "%s((fav_q == %s) & res_%u)", c ? " | " : "", vw_lit(y, sizeof y, g->cw, c), c);
		ln_add(&l, a);
	}
	ln_add(&l, ";");
	put_line(w, &l);
	vw_line(w, "wire [CW-1:0] fav = (fav_v_q & fav_res) ? fav_q : argmin;");
	vw_line(w, "wire unused_min = ^min_need;");
	for (unsigned b = 0; b < g->nb; b++) {
		vw_line(w, "wire [KW-1:0] kbf_b%u =", b);
		w->indent += 2;
		for (unsigned c = 0; c < g->nc; c++)
			vw_line(w, "({KW{fav == %s}} & kb_q_%u_b%u)%s", vw_lit(a, sizeof a, g->cw, c), c, b,
				c + 1 == g->nc ? ";" : " |");
		w->indent -= 2;
		vw_line(w, "wire [KW-1:0] needb_b%u = (bank_demand_q > kbf_b%u) ? bank_demand_q - kbf_b%u : {KW{1'b0}};",
			b, b, b);
		vw_line(w, "wire [KW:0] needm_b%u = {1'b0, needb_b%u} + %s;", b, b, vw_lit(a, sizeof a, g->kw + 1, g->np));
		vw_line(w, "wire tight_b%u = ({1'b0, free_cnt_q_b%u} <= needm_b%u);", b, b, b);
	}
	sbuf_printf(ln_start(&l), "assign throttle_o = any_res & (");
	for (unsigned b = 0; b < g->nb; b++) {
		snprintf(a, sizeof a, "%stight_b%u", b ? " | " : "", b);
		ln_add(&l, a);
	}
	ln_add(&l, ");");
	put_line(w, &l);
	vw_line(w, "assign throttle_cta_o = fav;");
}

/* ---- slot results and readiness ------------------------------------------------ */

/* "OR_b (<pre>gnt_b[i]<post>)" over banks for slot i. */
static void emit_slot_or(struct vw *w, const struct rt_geom *g, const char *decl, unsigned i, const char *fmt)
{
	struct line l;
	char a[256];

	sbuf_printf(ln_start(&l), "%s = ", decl);
	for (unsigned b = 0; b < g->nb; b++) {
		ln_add(&l, b ? " | " : "");
		snprintf(a, sizeof a, fmt, b, i, b);
		ln_add(&l, a);
	}
	ln_add(&l, ";");
	put_line(w, &l);
}

static void emit_results(struct vw *w, const struct rt_geom *g)
{
	char decl[128], pid[128];

	vw_line(w, "// ---- slot results: exempt (static), looked up / allocated now, or captured ----");
	for (unsigned p = 0; p < g->np; p++) {
		for (unsigned s = 0; s < RT_SLOTS; s++) {

			if (g->nb > 1)
				snprintf(pid, sizeof pid, "{bk_p%u_s%u, ", p, s);
			else
				snprintf(pid, sizeof pid, "{");
			vw_line(w, "wire [PW-1:0] xpid_p%u_s%u = %sexi_p%u_s%u};", p, s, pid, p, s);
			if (s < RT_SRCS) {
				vw_line(w, "wire sv_p%u_s%u = g_p%u_s%u;", p, s, p, s);
				vw_line(w, "wire [PW-1:0] npid_p%u_s%u = %sli_p%u_s%u};", p, s, pid, p, s);
				vw_line(w, "wire nrel_p%u_s%u = rel_p%u_s%u & lv_p%u_s%u;", p, s, p, s, p, s);
				vw_line(w, "wire [PW-1:0] opid_p%u_s%u = {PW{v_p%u_s%u}} & (ex_p%u_s%u ? xpid_p%u_s%u : sv_p%u_s%u ? npid_p%u_s%u : cap_pid_q_p%u_s%u);",
					p, s, p, s, p, s, p, s, p, s, p, s, p, s);
				vw_line(w, "wire om_p%u_s%u = v_p%u_s%u & (ex_p%u_s%u | (sv_p%u_s%u ? lv_p%u_s%u : cap_m_q_p%u_s%u));", p, s,
					p, s, p, s, p, s, p, s, p, s);
				vw_line(w, "wire orel_p%u_s%u = v_p%u_s%u & ~ex_p%u_s%u & (sv_p%u_s%u ? nrel_p%u_s%u : cap_rel_q_p%u_s%u);", p,
					s, p, s, p, s, p, s, p, s, p, s);
				continue;
			}
			snprintf(decl, sizeof decl, "wire aok_p%u", p);
			emit_slot_or(w, g, decl, p, "(win_p%2$u_b%1$u & aok_b%3$u)");
			snprintf(decl, sizeof decl, "wire wk_p%u", p);
			emit_slot_or(w, g, decl, p, "(win_p%2$u_b%1$u & wake_b%3$u)");
			snprintf(decl, sizeof decl, "wire [IW-1:0] pk_p%u", p);
			emit_slot_or(w, g, decl, p, "({IW{win_p%2$u_b%1$u}} & pick_b%3$u)");
			vw_line(w, "wire sv_p%u_s3 = act_p%u & (dv_p%u | aok_p%u);", p, p, p, p);
			vw_line(w, "wire [PW-1:0] npid_p%u_s3 = %s(dv_p%u ? di_p%u : pk_p%u)};", p, pid, p, p, p);
			vw_line(w, "wire nnew_p%u = ~dv_p%u;", p, p);
			vw_line(w, "wire nwk_p%u = ~dv_p%u & wk_p%u;", p, p, p);
			vw_line(w, "wire [PW-1:0] opid_p%u_s3 = ex_p%u_s3 ? xpid_p%u_s3 : sv_p%u_s3 ? npid_p%u_s3 : cap_pid_q_p%u_s3;",
				p, p, p, p, p, p);
			vw_line(w, "wire onew_p%u = ~ex_p%u_s3 & (sv_p%u_s3 ? nnew_p%u : cap_new_q_p%u);", p, p, p, p, p);
			vw_line(w, "wire owk_p%u = ~ex_p%u_s3 & (sv_p%u_s3 ? nwk_p%u : cap_wk_q_p%u);", p, p, p, p, p);
		}
		vw_line(w, "wire ready_p%u = ren_valid_i[%u] &", p, p);
		for (unsigned s = 0; s < RT_SLOTS; s++)
			vw_line(w, "    (~v_p%u_s%u | ex_p%u_s%u | dup_p%u_s%u | cap_sv_q_p%u_s%u | sv_p%u_s%u)%s", p, s, p, s, p, s, p,
				s, p, s, s + 1 == RT_SLOTS ? ";" : " &");
		vw_line(w, "assign ren_ready_o[%u] = ready_p%u;", p, p);
		vw_line(w, "// A repeated source shows the first occurrence's register, without release.");
		vw_line(w, "wire [PW-1:0] fpid_p%u_s1 = eq01_p%u ? opid_p%u_s0 : opid_p%u_s1;", p, p, p, p);
		vw_line(w, "wire fm_p%u_s1 = eq01_p%u ? om_p%u_s0 : om_p%u_s1;", p, p, p, p);
		vw_line(w, "wire frel_p%u_s1 = ~eq01_p%u & orel_p%u_s1;", p, p, p);
		vw_line(w, "wire [PW-1:0] fpid_p%u_s2 = eq02_p%u ? opid_p%u_s0 : eq12_p%u ? opid_p%u_s1 : opid_p%u_s2;", p, p, p,
			p, p, p);
		vw_line(w, "wire fm_p%u_s2 = eq02_p%u ? om_p%u_s0 : eq12_p%u ? om_p%u_s1 : om_p%u_s2;", p, p, p, p, p, p);
		vw_line(w, "wire frel_p%u_s2 = ~(eq02_p%u | eq12_p%u) & orel_p%u_s2;", p, p, p, p);
		vw_line(w, "wire [PW-1:0] fpid_p%u_s0 = opid_p%u_s0;", p, p);
		vw_line(w, "wire fm_p%u_s0 = om_p%u_s0;", p, p);
		vw_line(w, "wire frel_p%u_s0 = orel_p%u_s0;", p, p);
		vw_blank(w);
	}
}

/* ---- sweep and frees ------------------------------------------------------------ */

static void emit_sweep_frees(struct vw *w, const struct rt_geom *g)
{
	char a[256], b[256], c[128];

	vw_line(w, "// ---- warp-exit sweep: row sweep_row_q of the warp in every bank ----");
	if (g->nw > 1)
		vw_line(w, "wire [ROW_W-1:0] swrow = %s * %s + %s;", fit(a, sizeof a, "sweep_warp_q", g->ww, g->row_w),
			vw_lit(b, sizeof b, g->row_w, g->rpw), fit(c, sizeof c, "sweep_row_q", g->sr_w, g->row_w));
	else
		vw_line(w, "wire [ROW_W-1:0] swrow = %s;  // one warp", fit(c, sizeof c, "sweep_row_q", g->sr_w, g->row_w));
	vw_line(w, "wire sweep_end = sweep_busy_q & (sweep_row_q == %s);", vw_lit(a, sizeof a, g->sr_w, g->rpw - 1));
	emit_cta_of(w, g, "swcta", "sweep_warp_q");
	emit_row_decode(w, "swhit", "swrow", "1'b1");	/* the same row in every bank */
	for (unsigned bk = 0; bk < g->nb; bk++) {
		snprintf(a, sizeof a, "swrd_b%u", bk);
		emit_row_mux(w, a, "swhit", bk);
		vw_line(w, "wire swm_b%u = |(swhit & rt_v_q_b%u);  // the swept row is mapped", bk, bk);
		vw_line(w, "wire swv_b%u = sweep_busy_q & ~sweep_keep_q[%u] & swm_b%u;", bk, bk, bk);
		vw_line(w, "wire [IW-1:0] swi_b%u = {IW{swm_b%u}} & %s;", bk, bk, a);
	}
	vw_line(w, "// ---- read-time frees (operand collector) ----");
	for (unsigned f = 0; f < g->nf; f++) {
		snprintf(a, sizeof a, "free_warp_i[%u:%u]", (f + 1) * g->ww - 1, f * g->ww);
		if (g->ww == 1)
			snprintf(a, sizeof a, "free_warp_i[%u]", f);
		snprintf(b, sizeof b, "fcta_%u", f);
		emit_cta_of(w, g, b, a);
		vw_line(w, "wire [IW-1:0] fidx_%u = free_pid_i[%u:%u];", f, f * g->pw + g->iw - 1, f * g->pw);
		for (unsigned bk = 0; bk < g->nb; bk++) {
			if (g->nb > 1)
				vw_line(w, "wire fdec_%u_b%u = free_valid_i[%u] & (free_pid_i[%u:%u] == %s);", f, bk, f,
					f * g->pw + g->pw - 1, f * g->pw + g->iw, vw_lit(a, sizeof a, g->bw, bk));
			else
				vw_line(w, "wire fdec_%u_b%u = free_valid_i[%u];", f, bk, f);
		}
	}
	vw_blank(w);
}

/* ---- state ---------------------------------------------------------------------- */

static void emit_decls(struct vw *w, const struct rt_geom *g)
{
	vw_line(w, "// launch-time state (Sec. 7.1: N is given to the hardware)");
	vw_line(w, "reg [RW-1:0] n_exempt_q;");
	vw_line(w, "reg [EXR_W-1:0] ex_rows_q;  // ceil(N / NUM_BANKS)");
	if (g->exr_w > g->iw)	/* the exempt index is modulo 2^IW */
		vw_line(w, "wire unused_ex_rows_hi = ^ex_rows_q[EXR_W-1:%u];", g->iw);
	vw_line(w, "reg [KW-1:0] demand_q;");
	if (g->per_bank)
		vw_line(w, "reg [KW-1:0] bank_demand_q;");
	vw_line(w, "// renaming table: per bank, a valid bit and a bank index per row");
	vw_line(w, "// (the bank of the physical register is the row's bank)");
	for (unsigned b = 0; b < g->nb; b++) {
		vw_line(w, "reg [RT_ROWS-1:0] rt_v_q_b%u;", b);
		vw_line(w, "wire [RT_ROWS*IW-1:0] rt_idx_b%u;  // row r is rt_idx_b%u[r*IW +: IW] (u_idx_b%u)", b, b, b);
	}
	vw_line(w, "// availability vectors (1 = busy) and free counts, one per bank (Sec. 7.1)");
	for (unsigned b = 0; b < g->nb; b++) {
		vw_line(w, "reg [BANK_REGS-1:0] busy_q_b%u;", b);
		vw_line(w, "reg [KW-1:0] free_cnt_q_b%u;", b);
	}
	vw_line(w, "// CTA bookkeeping: registers held (k_i), warps, warp -> CTA");
	for (unsigned c = 0; c < g->nc; c++) {
		vw_line(w, "reg [KW-1:0] k_q_%u;", c);
		vw_line(w, "reg [WC_W-1:0] cta_warps_q_%u;", c);
		if (g->per_bank)
			for (unsigned b = 0; b < g->nb; b++)
				vw_line(w, "reg [KW-1:0] kb_q_%u_b%u;", c, b);
	}
	for (unsigned x = 0; x < g->nw; x++)
		vw_line(w, "reg [CW-1:0] warp_cta_q_%u;", x);
	if (g->per_bank) {
		vw_line(w, "reg [CW-1:0] fav_q;");
		vw_line(w, "reg fav_v_q;");
	}
	vw_line(w, "reg sweep_busy_q;");
	vw_line(w, "reg sweep_spill_q;  // a spill sweep: the warp stays (its CTA's warp count kept)");
	vw_line(w, "reg [WW-1:0] sweep_warp_q;");
	vw_line(w, "reg [SR_W-1:0] sweep_row_q;");
	vw_line(w, "reg [KEEP_W-1:0] sweep_keep_q;  // a spill's kept entries, the current row in the low bits");
	if (g->wk_w)
		for (unsigned b = 0; b < g->nb; b++)
			for (unsigned s = 0; s < g->ns; s++)
				vw_line(w, "reg [WK_W-1:0] wake_q_b%u_s%u;", b, s);
	vw_line(w, "// slots served before their instruction completed");
	for (unsigned p = 0; p < g->np; p++) {
		for (unsigned s = 0; s < RT_SLOTS; s++) {
			vw_line(w, "reg cap_sv_q_p%u_s%u;", p, s);
			vw_line(w, "reg [PW-1:0] cap_pid_q_p%u_s%u;", p, s);
			if (s < RT_SRCS) {
				vw_line(w, "reg cap_m_q_p%u_s%u;", p, s);
				vw_line(w, "reg cap_rel_q_p%u_s%u;", p, s);
			}
		}
		vw_line(w, "reg cap_new_q_p%u;", p);
		vw_line(w, "reg cap_wk_q_p%u;", p);
	}
	vw_line(w, "// output register: the extra rename pipeline cycle (Sec. 7.1)");
	vw_line(w, "reg [PORTS-1:0] out_valid_q;");
	for (unsigned p = 0; p < g->np; p++) {
		vw_line(w, "reg [WW-1:0] out_warp_q_%u;", p);
		vw_line(w, "reg [3*PW-1:0] out_src_pid_q_%u;", p);
		vw_line(w, "reg [2:0] out_src_m_q_%u, out_src_rel_q_%u;", p, p);
		vw_line(w, "reg [PW-1:0] out_dst_pid_q_%u;", p);
		vw_line(w, "reg out_dst_new_q_%u, out_dst_wk_q_%u;", p, p);
	}
	vw_blank(w);
}

/* Sum of single-bit terms as a KW-bit expression: "{..,t0} + {..,t1}". */
static void add_terms(struct line *l, const char *op, const char *const *terms, unsigned n, unsigned kw)
{
	char a[256];

	for (unsigned i = 0; i < n; i++) {
		char z[300];

		snprintf(a, sizeof a, " %s %s", op, vw_zext(z, sizeof z, terms[i], 1, kw));
		ln_add(l, a);
	}
}

static void emit_counters(struct vw *w, const struct rt_geom *g)
{
	char terms[80][256], a[128];
	const char *tp[80];
	struct line l;

	for (unsigned i = 0; i < 80; i++)
		tp[i] = terms[i];
	vw_line(w, "// ---- next state of the counters ----");
	vw_line(w, "wire [RW:0] exr_sum = {1'b0, launch_exempt_i} + %s;", vw_lit(a, sizeof a, g->rw + 1, g->nb - 1));
	if (g->rw + 1 > g->bw) {
		vw_line(w, "wire [EXR_W-1:0] exr_new = exr_sum[RW:%u];", g->bw);
		if (g->bw)
			vw_line(w, "wire unused_exr = ^exr_sum[%u:0];", g->bw - 1);
	} else {
		vw_line(w, "wire [EXR_W-1:0] exr_new = |launch_exempt_i;  // fewer registers than banks");
		vw_line(w, "wire unused_exr = ^exr_sum;");
	}
	vw_line(w, "wire [RES_W-1:0] reserved = %s * %s;  // exempt region of every bank",
		vw_lit(a, sizeof a, g->res_w, g->nw), fit(a + 64, 64, "exr_new", g->exr_w, g->res_w));
	vw_line(w, "wire [KW-1:0] free_init = (reserved < %s) ? %s - %s : {KW{1'b0}};",
		vw_lit(a, sizeof a, g->res_w, g->bank_regs), vw_lit(a + 32, 32, g->kw, g->bank_regs),
		fit(a + 64, 64, "reserved", g->res_w, g->kw));
	vw_line(w, "wire [BANK_REGS-1:0] busy_init = ~({BANK_REGS{1'b1}} << reserved);");
	for (unsigned b = 0; b < g->nb; b++) {
		unsigned n = 0;

		sbuf_printf(ln_start(&l), "wire [KW-1:0] free_cnt_d_b%u = free_cnt_q_b%u", b, b);
		snprintf(terms[n++], 256, "aok_b%u", b);
		add_terms(&l, "-", tp, n, g->kw);
		n = 0;
		for (unsigned f = 0; f < g->nf; f++)
			snprintf(terms[n++], 256, "fdec_%u_b%u", f, b);
		snprintf(terms[n++], 256, "swv_b%u", b);
		add_terms(&l, "+", tp, n, g->kw);
		ln_add(&l, ";");
		put_line(w, &l);
	}
	for (unsigned c = 0; c < g->nc; c++) {
		unsigned n = 0;

		snprintf(a, sizeof a, "%s", vw_lit(a + 64, 64, g->cw, c));
		sbuf_printf(ln_start(&l), "wire [KW-1:0] k_d_%u = k_q_%u", c, c);
		for (unsigned b = 0; b < g->nb; b++)
			snprintf(terms[n++], 256, "(aok_b%u & (acta_b%u == %s))", b, b, a);
		add_terms(&l, "+", tp, n, g->kw);
		n = 0;
		for (unsigned f = 0; f < g->nf; f++)
			snprintf(terms[n++], 256, "(free_valid_i[%u] & (fcta_%u == %s))", f, f, a);
		for (unsigned b = 0; b < g->nb; b++)
			snprintf(terms[n++], 256, "(swv_b%u & (swcta == %s))", b, a);
		add_terms(&l, "-", tp, n, g->kw);
		ln_add(&l, ";");
		put_line(w, &l);
		if (g->per_bank)
			for (unsigned b = 0; b < g->nb; b++) {
				n = 0;
				sbuf_printf(ln_start(&l), "wire [KW-1:0] kb_d_%u_b%u = kb_q_%u_b%u", c, b, c, b);
				snprintf(terms[n++], 256, "(aok_b%u & (acta_b%u == %s))", b, b, a);
				add_terms(&l, "+", tp, n, g->kw);
				n = 0;
				for (unsigned f = 0; f < g->nf; f++)
					snprintf(terms[n++], 256, "(fdec_%u_b%u & (fcta_%u == %s))", f, b, f, a);
				snprintf(terms[n++], 256, "(swv_b%u & (swcta == %s))", b, a);
				add_terms(&l, "-", tp, n, g->kw);
				ln_add(&l, ";");
				put_line(w, &l);
			}
		{
			char t1[300], t2[300], z1[340], z2[340];

			snprintf(t1, sizeof t1, "(wl_valid_i & (wl_cta_i == %s))", a);
			snprintf(t2, sizeof t2, "(sweep_end & ~sweep_spill_q & (swcta == %s))", a);
			vw_line(w, "wire [WC_W-1:0] cta_warps_d_%u = cta_warps_q_%u + %s - %s;", c, c,
				vw_zext(z1, sizeof z1, t1, 1, g->wc_w), vw_zext(z2, sizeof z2, t2, 1, g->wc_w));
		}
	}
	vw_blank(w);
}

/* Next state of bank b's table valid bits and availability vector. */
static void emit_bank_next(struct vw *w, const struct rt_geom *g, unsigned b)
{
	struct line l;
	char a[256];

	for (unsigned k = 0; k < g->nl; k++) {
		sbuf_printf(ln_start(&l), "wire unmap_b%u_l%u = rdv_b%u_l%u & (", b, k, b, k);
		for (unsigned p = 0, first = 1; p < g->np; p++)
			for (unsigned s = 0; s < RT_SRCS; s++) {
				snprintf(a, sizeof a, "%s(gl_b%u_l%u[%u] & rel_p%u_s%u)", first ? "" : " | ", b, k, p * RT_SLOTS + s, p, s);
				ln_add(&l, a);
				first = 0;
			}
		ln_add(&l, ");");
		put_line(w, &l);
	}
	sbuf_printf(ln_start(&l), "wire [RT_ROWS-1:0] rt_v_d_b%u = (rt_v_q_b%u", b, b);
	for (unsigned k = 0; k < g->nl; k++) {
		snprintf(a, sizeof a, "\n      & ~({RT_ROWS{unmap_b%u_l%u}} & hit_b%u_l%u)", b, k, b, k);
		ln_add(&l, a);
	}
	snprintf(a, sizeof a, "\n      & ~({RT_ROWS{sweep_busy_q & ~sweep_keep_q[%u]}} & swhit)) | ahit_b%u;", b, b);
	ln_add(&l, a);
	put_line(w, &l);
	sbuf_printf(ln_start(&l), "wire [BANK_REGS-1:0] busy_d_b%u = (busy_q_b%u | ({BANK_REGS{aok_b%u}} & oh_b%u))", b,
			       b, b, b);
	for (unsigned f = 0; f < g->nf; f++) {
		snprintf(a, sizeof a, "\n      & ~({BANK_REGS{fdec_%u_b%u}} & (BR_ONE << fidx_%u))", f, b, f);
		ln_add(&l, a);
	}
	snprintf(a, sizeof a, "\n      & ~({BANK_REGS{swv_b%u}} & (BR_ONE << swi_b%u));", b, b);
	ln_add(&l, a);
	put_line(w, &l);
}

/* Reset and kernel launch: no CTA holds registers or warps, none favoured. */
static void emit_cta_clear(struct vw *w, const struct rt_geom *g)
{
	for (unsigned c = 0; c < g->nc; c++) {
		vw_line(w, "k_q_%u <= {KW{1'b0}};", c);
		vw_line(w, "cta_warps_q_%u <= {WC_W{1'b0}};", c);
		if (g->per_bank)
			for (unsigned b = 0; b < g->nb; b++)
				vw_line(w, "kb_q_%u_b%u <= {KW{1'b0}};", c, b);
	}
	if (g->per_bank) {
		vw_line(w, "fav_q <= {CW{1'b0}};");
		vw_line(w, "fav_v_q <= 1'b0;");
	}
}

static void emit_regs(struct vw *w, const struct rt_geom *g)
{
	char a[256];

	vw_line(w, "// ---- registers: a kernel launch wins over every other update ----");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "n_exempt_q <= {RW{1'b0}};");
	vw_line(w, "ex_rows_q <= {EXR_W{1'b0}};");
	vw_line(w, "demand_q <= {KW{1'b0}};");
	if (g->per_bank)
		vw_line(w, "bank_demand_q <= {KW{1'b0}};");
	vw_close(w, "end else if (launch_i) begin");
	w->indent++;
	vw_line(w, "n_exempt_q <= launch_exempt_i;");
	vw_line(w, "ex_rows_q <= exr_new;");
	vw_line(w, "demand_q <= launch_demand_i;");
	if (g->per_bank)
		vw_line(w, "bank_demand_q <= launch_bank_demand_i;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_blank(w);
	for (unsigned b = 0; b < g->nb; b++) {
		vw_line(w, "// bank %u: table valid bits, availability, free count", b);
		vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
		vw_open(w, "if (!rst_ni) begin");
		vw_line(w, "rt_v_q_b%u <= {RT_ROWS{1'b0}};", b);
		vw_line(w, "busy_q_b%u <= {BANK_REGS{1'b0}};", b);
		vw_line(w, "free_cnt_q_b%u <= %s;", b, vw_lit(a, sizeof a, g->kw, g->bank_regs));
		vw_close(w, "end else if (launch_i) begin");
		w->indent++;
		vw_line(w, "rt_v_q_b%u <= {RT_ROWS{1'b0}};", b);
		vw_line(w, "busy_q_b%u <= busy_init;", b);
		vw_line(w, "free_cnt_q_b%u <= free_init;", b);
		vw_close(w, "end else begin");
		w->indent++;
		vw_line(w, "rt_v_q_b%u <= rt_v_d_b%u;", b, b);
		vw_line(w, "busy_q_b%u <= busy_d_b%u;", b, b);
		vw_line(w, "free_cnt_q_b%u <= free_cnt_d_b%u;", b, b);
		vw_close(w, "end");
		vw_close(w, "end");
		vw_line(w, "// bank %u: table indices (data: read only through a valid bit)", b);
		{
			char inst[32], we[64], addr[32], data[32], q[32];

			snprintf(inst, sizeof inst, "u_idx_b%u", b);
			snprintf(we, sizeof we, "~launch_i & aok_b%u", b);
			snprintf(addr, sizeof addr, "arow_b%u", b);
			snprintf(data, sizeof data, "pick_b%u", b);
			snprintf(q, sizeof q, "rt_idx_b%u", b);
			emit_cell_inst(w, CELL_FLOP_ARRAY, inst,
				       (const char *const[]){"N", "RT_ROWS", "W", "IW", "IDX_W", "ROW_W", NULL},
				       (const char *const[]){"clk_i", "clk_i", "we_i", we, "waddr_i", addr, "wdata_i", data,
							     "q_o", q, NULL});
		}
		if (g->wk_w) {
			vw_line(w, "// bank %u: subarray wake-up counters", b);
			vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
			vw_open(w, "if (!rst_ni) begin");
			for (unsigned s = 0; s < g->ns; s++)
				vw_line(w, "wake_q_b%u_s%u <= {WK_W{1'b0}};", b, s);
			vw_close(w, "end else if (launch_i) begin");
			w->indent++;
			for (unsigned s = 0; s < g->ns; s++)
				vw_line(w, "wake_q_b%u_s%u <= {WK_W{1'b0}};", b, s);
			vw_close(w, "end else begin");
			w->indent++;
			for (unsigned s = 0; s < g->ns; s++) {
				vw_line(w, "if (aok_b%u & wake_b%u & (|oh_b%u[%u:%u])) wake_q_b%u_s%u <= %s;", b, b, b,
					(s + 1) * g->sub_regs - 1, s * g->sub_regs, b, s, vw_lit(a, sizeof a, g->wk_w, g->cfg->regvirt.wake_latency));
				vw_line(w, "else if (wake_q_b%u_s%u != {WK_W{1'b0}}) wake_q_b%u_s%u <= wake_q_b%u_s%u - %s;", b, s, b,
					s, b, s, vw_lit(a, sizeof a, g->wk_w, 1));
			}
			vw_close(w, "end");
			vw_close(w, "end");
		}
	}
	vw_blank(w);
	vw_line(w, "// CTA bookkeeping, throttle, sweep");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	emit_cta_clear(w, g);
	for (unsigned x = 0; x < g->nw; x++)
		vw_line(w, "warp_cta_q_%u <= {CW{1'b0}};", x);
	vw_line(w, "sweep_busy_q <= 1'b0;");
	vw_line(w, "sweep_spill_q <= 1'b0;");
	vw_line(w, "sweep_warp_q <= {WW{1'b0}};");
	vw_line(w, "sweep_row_q <= {SR_W{1'b0}};");
	vw_line(w, "sweep_keep_q <= {KEEP_W{1'b0}};");
	vw_close(w, "end else if (launch_i) begin");
	w->indent++;
	emit_cta_clear(w, g);
	vw_line(w, "sweep_busy_q <= 1'b0;");
	vw_line(w, "sweep_spill_q <= 1'b0;");
	vw_close(w, "end else begin");
	w->indent++;
	for (unsigned c = 0; c < g->nc; c++) {
		vw_line(w, "k_q_%u <= k_d_%u;", c, c);
		vw_line(w, "cta_warps_q_%u <= cta_warps_d_%u;", c, c);
		if (g->per_bank)
			for (unsigned b = 0; b < g->nb; b++)
				vw_line(w, "kb_q_%u_b%u <= kb_d_%u_b%u;", c, b, c, b);
	}
	for (unsigned x = 0; x < g->nw; x++)
		vw_line(w, "if (wl_valid_i & (wl_warp_i == %s)) warp_cta_q_%u <= wl_cta_i;", vw_lit(a, sizeof a, g->ww, x), x);
	if (g->per_bank) {
		vw_line(w, "fav_q <= fav;");
		vw_line(w, "fav_v_q <= any_res;");
	}
	vw_open(w, "if (sweep_busy_q) begin");
	vw_line(w, "sweep_row_q <= sweep_row_q + %s;", vw_lit(a, sizeof a, g->sr_w, 1));
	vw_line(w, "if (sweep_end) sweep_busy_q <= 1'b0;");
	if (g->rpw > 1)
		vw_line(w, "sweep_keep_q <= sweep_keep_q >> %u;  // the next row's banks", g->nb);
	vw_close(w, "end else if (exit_valid_i) begin");
	w->indent++;
	vw_line(w, "sweep_busy_q <= 1'b1;");
	vw_line(w, "sweep_warp_q <= exit_warp_i;");
	vw_line(w, "sweep_spill_q <= exit_spill_i;");
	vw_line(w, "sweep_row_q <= {SR_W{1'b0}};");
	vw_line(w, "sweep_keep_q <= {KEEP_W{exit_spill_i}} & exit_keep_i;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_blank(w);
	vw_line(w, "// rename stage: captured slots and the output register");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	for (unsigned p = 0; p < g->np; p++)
		for (unsigned s = 0; s < RT_SLOTS; s++)
			vw_line(w, "cap_sv_q_p%u_s%u <= 1'b0;", p, s);
	vw_line(w, "out_valid_q <= {PORTS{1'b0}};");
	for (unsigned p = 0; p < g->np; p++) {
		vw_line(w, "out_warp_q_%u <= {WW{1'b0}};", p);
		vw_line(w, "out_src_pid_q_%u <= {(3*PW){1'b0}};", p);
		vw_line(w, "out_src_m_q_%u <= 3'b000;", p);
		vw_line(w, "out_src_rel_q_%u <= 3'b000;", p);
		vw_line(w, "out_dst_pid_q_%u <= {PW{1'b0}};", p);
		vw_line(w, "out_dst_new_q_%u <= 1'b0;", p);
		vw_line(w, "out_dst_wk_q_%u <= 1'b0;", p);
	}
	vw_close(w, "end else begin");
	w->indent++;
	for (unsigned p = 0; p < g->np; p++) {
		vw_line(w, "out_valid_q[%u] <= ready_p%u & ~launch_i;", p, p);
		vw_line(w, "out_warp_q_%u <= {WW{ready_p%u & ~launch_i}} & w_p%u;", p, p, p);
		vw_line(w, "out_src_pid_q_%u <= {(3*PW){ready_p%u & ~launch_i}} & {fpid_p%u_s2, fpid_p%u_s1, fpid_p%u_s0};", p, p, p, p, p);
		vw_line(w, "out_src_m_q_%u <= {3{ready_p%u & ~launch_i}} & {fm_p%u_s2, fm_p%u_s1, fm_p%u_s0};", p, p, p, p, p);
		vw_line(w, "out_src_rel_q_%u <= {3{ready_p%u & ~launch_i}} & {frel_p%u_s2, frel_p%u_s1, frel_p%u_s0};", p, p, p, p, p);
		vw_line(w, "out_dst_pid_q_%u <= {PW{ready_p%u & ~launch_i & v_p%u_s3}} & opid_p%u_s3;", p, p, p, p);
		vw_line(w, "out_dst_new_q_%u <= ready_p%u & ~launch_i & v_p%u_s3 & onew_p%u;", p, p, p, p);
		vw_line(w, "out_dst_wk_q_%u <= ready_p%u & ~launch_i & v_p%u_s3 & owk_p%u;", p, p, p, p);
		for (unsigned s = 0; s < RT_SLOTS; s++)
			vw_line(w, "cap_sv_q_p%u_s%u <= ~launch_i & ~ready_p%u & (cap_sv_q_p%u_s%u | sv_p%u_s%u);", p, s, p, p, s, p,
				s);
	}
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "// captured results (data: read only while cap_sv_q is set)");
	vw_open(w, "always @(posedge clk_i) begin");
	for (unsigned p = 0; p < g->np; p++)
		for (unsigned s = 0; s < RT_SLOTS; s++) {
			vw_open(w, "if (sv_p%u_s%u & ~ready_p%u) begin", p, s, p);
			vw_line(w, "cap_pid_q_p%u_s%u <= npid_p%u_s%u;", p, s, p, s);
			if (s < RT_SRCS) {
				vw_line(w, "cap_m_q_p%u_s%u <= lv_p%u_s%u;", p, s, p, s);
				vw_line(w, "cap_rel_q_p%u_s%u <= nrel_p%u_s%u;", p, s, p, s);
			} else {
				vw_line(w, "cap_new_q_p%u <= nnew_p%u;", p, p);
				vw_line(w, "cap_wk_q_p%u <= nwk_p%u;", p, p);
			}
			vw_close(w, "end");
		}
	vw_close(w, "end");
	vw_blank(w);
}

/* ---- module ---------------------------------------------------------------------- */

static void emit_outputs(struct vw *w, const struct rt_geom *g)
{
	struct line l;
	char a[256];

	vw_line(w, "// ---- outputs ----");
	vw_line(w, "assign out_valid_o = out_valid_q;");
	for (unsigned p = 0; p < g->np; p++) {
		vw_line(w, "assign out_warp_o[%u:%u] = out_warp_q_%u;", (p + 1) * g->ww - 1, p * g->ww, p);
		vw_line(w, "assign out_src_pid_o[%u:%u] = out_src_pid_q_%u;", (p + 1) * 3 * g->pw - 1, p * 3 * g->pw, p);
		vw_line(w, "assign out_src_mapped_o[%u:%u] = out_src_m_q_%u;", 3 * p + 2, 3 * p, p);
		vw_line(w, "assign out_src_rel_o[%u:%u] = out_src_rel_q_%u;", 3 * p + 2, 3 * p, p);
		vw_line(w, "assign out_dst_pid_o[%u:%u] = out_dst_pid_q_%u;", (p + 1) * g->pw - 1, p * g->pw, p);
		vw_line(w, "assign out_dst_new_o[%u] = out_dst_new_q_%u;", p, p);
		vw_line(w, "assign out_dst_wake_o[%u] = out_dst_wk_q_%u;", p, p);
	}
	vw_line(w, "assign sweep_busy_o = sweep_busy_q;");
	for (unsigned b = 0; b < g->nb; b++) {
		vw_line(w, "assign free_cnt_o[%u:%u] = free_cnt_q_b%u;", (b + 1) * g->kw - 1, b * g->kw, b);
		for (unsigned s = 0; s < g->ns; s++) {
			unsigned i = b * g->ns + s;

			vw_line(w, "assign pg_on_o[%u] = on_b%u_s%u;", i, b, s);
			if (g->wk_w)
				vw_line(w, "assign pg_waking_o[%u] = (wake_q_b%u_s%u != {WK_W{1'b0}});", i, b, s);
			else
				vw_line(w, "assign pg_waking_o[%u] = 1'b0;  // WAKE_LATENCY = 0", i);
		}
	}
	(void)l;
	(void)a;
}

int emit_rename_table(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	const struct cfg_regvirt *rv = &cfg->regvirt;
	struct rt_geom g = {0};
	char path[256];
	struct sbuf *out;
	struct vw w;
	int fresh;
	unsigned long maxres;

	g.cfg = cfg;
	g.m = m;
	g.np = rv->rename_ports;
	g.nf = rv->free_ports;
	g.nl = rv->rt_ports ? rv->rt_ports : 1;
	g.nb = cfg->banks;
	g.nc = cfg->ctas;
	g.nw = cfg->warps;
	g.ns = rv->subarrays;
	g.nslot = g.np * RT_SLOTS;
	g.ww = cfg_index_bits(cfg->warps);
	g.cw = cfg_index_bits(cfg->ctas);
	g.rw = rv->d.reg_bits;
	g.iw = rv->d.idx_bits;
	g.bw = rv->d.bank_bits;
	g.pw = rv->d.pid_bits;
	g.kw = rv->d.cnt_bits;
	g.aw = g.kw + g.bw + 1;  /* + 1: room for the margin */
	g.rows = rv->d.rt_rows;
	g.rpw = rv->d.rows_per_warp;
	g.row_w = cfg_index_bits(g.rows);
	g.exr_w = g.rw + 1 > g.bw ? g.rw + 1 - g.bw : 1;
	g.wc_w = cfg_index_bits(cfg->warps + 1ul);
	g.sr_w = cfg_index_bits(g.rpw);
	g.wk_w = rv->wake_latency ? cfg_index_bits(rv->wake_latency + 1ul) : 0;
	maxres = (unsigned long)g.nw * ((1ul << g.exr_w) - 1ul);
	g.res_w = cfg_index_bits(maxres + 1ul);
	if (g.res_w < cfg_index_bits(rv->d.bank_regs + 1ul))
		g.res_w = cfg_index_bits(rv->d.bank_regs + 1ul);
	g.bank_regs = rv->d.bank_regs;
	g.sub_regs = rv->d.sub_regs;
	g.per_bank = rv->throttle == RV_THROTTLE_PER_BANK;
	if (emit_rr_arb(d, g.nslot, cfg_index_bits(g.nl + 1ul), g.arb, sizeof g.arb) || cell_use(d, CELL_DECODE) ||
	    cell_use(d, CELL_MUX_ONEHOT) || cell_use(d, CELL_FLOP_ARRAY) || (g.bank_regs > 1 && cell_use(d, CELL_FFS)))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "RegVirt renaming unit: banked renaming table, availability vectors, "
			   "CTA throttle, subarray power gating (docs/regvirt.md).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "PORTS");
	vw_param(&w, m, "BANK_REGS");
	vw_param(&w, m, "RT_ROWS");
	vw_line(&w, "localparam integer WW = %u;  // warp id", g.ww);
	vw_line(&w, "localparam integer CW = %u;  // CTA slot", g.cw);
	vw_line(&w, "localparam integer RW = %u;  // architected register id", g.rw);
	vw_line(&w, "localparam integer IW = %u;  // index inside a bank", g.iw);
	if (g.nb > 1)
		vw_line(&w, "localparam integer BW = %u;  // bank", g.bw);
	vw_line(&w, "localparam integer PW = %u;  // physical register {bank, index}", g.pw);
	vw_line(&w, "localparam integer KW = %u;  // counters", g.kw);
	if (!g.per_bank)
		vw_line(&w, "localparam integer AW = %u;  // sum of the free counts", g.aw);
	vw_line(&w, "localparam integer ROW_W = %u;", g.row_w);
	vw_line(&w, "localparam integer EXR_W = %u;", g.exr_w);
	vw_line(&w, "localparam integer RES_W = %u;", g.res_w);
	vw_line(&w, "localparam integer WC_W = %u;  // warps per CTA", g.wc_w);
	vw_line(&w, "localparam integer SR_W = %u;  // sweep row", g.sr_w);
	vw_line(&w, "localparam integer KEEP_W = %u;  // a spill's kept entries: ROWS_PER_WARP x NUM_BANKS", g.rpw * g.nb);
	if (g.wk_w)
		vw_line(&w, "localparam integer WK_W = %u;  // wake-up counter", g.wk_w);
	vw_line(&w, "localparam [BANK_REGS-1:0] BR_ONE = %s;", vw_lit(path, sizeof path, g.bank_regs, 1));
	vw_blank(&w);
	emit_decls(&w, &g);
	emit_slots(&w, &g);
	for (unsigned b = 0; b < g.nb; b++)
		emit_bank(&w, &g, b);
	emit_lookups(&w, &g);
	emit_alloc(&w, &g);
	emit_throttle(&w, &g);
	vw_blank(&w);
	emit_results(&w, &g);
	emit_sweep_frees(&w, &g);
	emit_counters(&w, &g);
	for (unsigned b = 0; b < g.nb; b++)
		emit_bank_next(&w, &g, b);
	vw_blank(&w);
	emit_regs(&w, &g);
	emit_outputs(&w, &g);
	vw_module_end(&w);
	return 0;
}

unsigned wave_rename_table(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	unsigned n = 0;
	char name[64];

	groups[n] = (struct wave_group){.title = "clock, reset, launch"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n], "rst_ni", 1);
	wave_add_port(&groups[n], m, RT_LAUNCH_I);
	wave_add_port(&groups[n], m, RT_LAUNCH_EXEMPT_I);
	wave_add_port(&groups[n], m, RT_WL_VALID_I);
	wave_add_port(&groups[n], m, RT_WL_WARP_I);
	wave_add_port(&groups[n++], m, RT_WL_CTA_I);
	groups[n] = (struct wave_group){.title = "rename stage"};
	for (unsigned p = RT_REN_VALID_I; p <= RT_REN_DST_I; p++)
		wave_add_port(&groups[n], m, p);
	wave_add_port(&groups[n++], m, RT_REN_READY_O);
	groups[n] = (struct wave_group){.title = "renamed (one cycle later)"};
	for (unsigned p = RT_OUT_VALID_O; p <= RT_OUT_DST_WAKE_O; p++)
		wave_add_port(&groups[n], m, p);
	n++;
	groups[n] = (struct wave_group){.title = "frees, exit sweep"};
	for (unsigned p = RT_FREE_VALID_I; p <= RT_FREE_WARP_I; p++)
		wave_add_port(&groups[n], m, p);
	wave_add_port(&groups[n], m, RT_EXIT_VALID_I);
	wave_add_port(&groups[n], m, RT_EXIT_WARP_I);
	wave_add_port(&groups[n++], m, RT_SWEEP_BUSY_O);
	groups[n] = (struct wave_group){.title = "availability, throttle, power gating"};
	for (unsigned b = 0; b < cfg->banks && b < 4; b++) {
		snprintf(name, sizeof name, "busy_q_b%u", b);
		wave_add(&groups[n], name, cfg->regvirt.d.bank_regs);
	}
	wave_add_port(&groups[n], m, RT_FREE_CNT_O);
	wave_add_port(&groups[n], m, RT_THROTTLE_O);
	wave_add_port(&groups[n], m, RT_THROTTLE_CTA_O);
	wave_add_port(&groups[n], m, RT_PG_ON_O);
	wave_add_port(&groups[n++], m, RT_PG_WAKING_O);
	return n;
}
