/* emit_ltrf_engine.c: Verilog of the LTRF prefetch / write-back engine
 * (paper Secs. 3.1, 4.1-4.2; protocol in common/ltrf_engine_desc.h, model
 * cmodel/ltrf_engine.c).
 *
 *   rows      per register-cache row: busy / act / deact, warp, working set
 *             (want), liveness (LTRF+), cached registers (inc), held banks
 *             and the bank -> register map; a command loads an idle row
 *   arbiter   round-robin (gpurf_rr_arb) over the rows with a register to
 *             start, asked when a transfer slot is free: the fill arbiter
 *   pick      the granted row's lowest registers no slot holds to write back
 *             (inc & ~want) or, once no write-back is left, to fetch
 *             (want & ~inc), up to [ltrf] pick_width (W) of them into the W
 *             lowest free slots: lowest-one by v & (~v + 1), W times, each
 *             clearing the one before; a write-back's bank
 *             from the map; a fetch's bank comes from the row AAU
 *             (ba_bank_i) in its first RWAIT cycle; LTRF+: a register not
             live is fetched dead (straight to RWAIT, bank, COMMIT: no MRF
             read, no fill), after any fetch whose data is on the way
 *   slots     [ltrf] engine_inflight transfers in flight, each EVRD ->
 *             EVWAIT -> WR beats -> COMMIT or RD beats (-> RWAIT) -> FILL ->
 *             COMMIT; MRF port k ([ltrf] engine_ports) serves the k-th
 *             lowest slot with a beat to move, fill lane k ([ltrf]
 *             fill_ports) the k-th lowest slot asking for each other kind
 *             (eviction read, fill, AAU allocation, commit); a tag FIFO
 *             per MRF port names the slot of each read beat in flight on it
 *             (a port's data returns in grant order); COMMIT drives the
 *             WCB table write and updates the row (several a cycle: OR'd).
 * Per-row, per-bank and per-beat logic is unrolled here in C. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "cells.h"
#include "emit_lib.h"
#include "ltrf_engine_desc.h"
#include "vwriter.h"
#include "wcb_desc.h"

struct le_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	unsigned na, nr, nb, beats, rw, bw, ow, ww, btw, ns, sw, td, tw, np, nf, lw, nw;
	int live;
	int bound;	/* [ltrf] slot_binding = bound: slot s on MRF port s % np, lane s % nf */
	char arb[96];
};

static const char *const state_names[] = {"X_IDLE", "X_EVRD", "X_EVWAIT", "X_WR", "X_RD", "X_RWAIT", "X_FILL",
					  "X_COMMIT"};

/* dst = index of the (one-hot) bit set in the n-bit vector oh, width bits. */
static void emit_encode(struct vw *w, const char *dst, unsigned width, const char *oh, unsigned n)
{
	char lit[32];

	vw_line(w, "wire [%u:0] %s =", width - 1, dst);
	w->indent += 2;
	for (unsigned i = 0; i < n; i++)
		vw_line(w, "({%u{%s[%u]}} & %s)%s", width, oh, i, vw_lit(lit, sizeof lit, width, i), i + 1 == n ? ";" : " |");
	w->indent -= 2;
}

/* dst = AND-OR of per-row signals <name>_<a> selected by the grant. */
static void emit_row_mux(struct vw *w, const struct le_geom *g, const char *dst, unsigned width, const char *name)
{
	vw_line(w, "wire [%u:0] %s =", width - 1, dst);
	w->indent += 2;
	for (unsigned a = 0; a < g->na; a++)
		vw_line(w, "({%u{arb_gnt[%u]}} & %s_%u)%s", width, a, name, a, a + 1 == g->na ? ";" : " |");
	w->indent -= 2;
}

/* dst = AND-OR of per-slot signals <name>_<s> selected by the one-hot oh. */
static void emit_slot_mux(struct vw *w, const struct le_geom *g, const char *dst, const char *width, const char *oh,
			  const char *name)
{
	vw_line(w, "wire [%s-1:0] %s =", width, dst);
	w->indent += 2;
	for (unsigned s = 0; s < g->ns; s++)
		vw_line(w, "({%s{%s[%u]}} & %s_%u)%s", width, oh, s, name, s, s + 1 == g->ns ? ";" : " |");
	w->indent -= 2;
}

/* The n-th group's slots under slot binding: s with s % n == k. */
static unsigned long group_mask(const struct le_geom *g, unsigned n, unsigned k)
{
	unsigned long m = 0;

	for (unsigned s = k; s < g->ns; s += n)
		m |= 1UL << s;
	return m;
}

static unsigned group_size(const struct le_geom *g, unsigned n, unsigned k)
{
	return k < g->ns ? (g->ns - k + n - 1u) / n : 0u;
}

/* decl = {<name><hi>..., <name><k>}: the group's slots' signals, highest
 * first; bit says <name> is a vector indexed [s] rather than a prefix. */
static void emit_group_concat(struct vw *w, const struct le_geom *g, const char *decl, const char *name,
			      int bit, unsigned n, unsigned k)
{
	unsigned cnt = group_size(g, n, k), j = cnt;

	vw_line(w, "%s = {", decl);
	w->indent += 2;
	while (j-- > 0) {
		unsigned slot = k + j * n;

		if (bit)
			vw_line(w, "%s[%u]%s", name, slot, j ? "," : "};");
		else
			vw_line(w, "%s%u%s", name, slot, j ? "," : "};");
	}
	w->indent -= 2;
}

/* o_<what>_<k>, k < n, under slot binding: the lowest slot of v_<what> in
 * group k (s % n == k). */
static void emit_bound_ranks(struct vw *w, const struct le_geom *g, const char *what, unsigned n)
{
	char lit[32], mask[48];

	vw_lit(lit, sizeof lit, g->ns, 1);
	for (unsigned k = 0; k < n; k++) {
		vw_line(w, "wire [NS-1:0] r_%s_%u = v_%s & %s;  // its own slots", what, k, what,
			vw_lit(mask, sizeof mask, g->ns, group_mask(g, n, k)));
		vw_line(w, "wire [NS-1:0] o_%s_%u = r_%s_%u & (~r_%s_%u + %s);", what, k, what, k, what, k, lit);
	}
}

/* v_<what>: the slots asking for a port; o_<what>: the lowest (if lowest). */
static void emit_ask(struct vw *w, const struct le_geom *g, const char *what, const char *cond, int lowest)
{
	char lit[32];

	vw_line(w, "wire [NS-1:0] v_%s;", what);
	for (unsigned s = 0; s < g->ns; s++) {
		char c[256];

		snprintf(c, sizeof c, cond, s, s, s);
		vw_line(w, "assign v_%s[%u] = %s;", what, s, c);
	}
	if (lowest)
		vw_line(w, "wire [NS-1:0] o_%s = v_%s & (~v_%s + %s);", what, what, what, vw_lit(lit, sizeof lit, g->ns, 1));
}

static void emit_slot_regs(struct vw *w, const struct le_geom *g)
{
	for (unsigned s = 0; s < g->ns; s++) {
		vw_line(w, "reg [2:0]         xs_q_%u;", s);
		vw_line(w, "reg [OW-1:0]      xrow_q_%u;", s);
		vw_line(w, "reg [RW-1:0]      xreg_q_%u;", s);
		vw_line(w, "reg [BW-1:0]      xbank_q_%u;", s);
		vw_line(w, "reg               fetch_q_%u, alloc_q_%u;", s, s);
		vw_line(w, "reg               full_q_%u;  // every read beat is back", s);
		if (!g->bound)	/* bound: its lane is s % FILL_PORTS */
			vw_line(w, "reg [LW-1:0]      evl_q_%u;  // the fill lane of its eviction read", s);
		if (g->live)
			vw_line(w, "reg               dead_q_%u;  // LTRF+: a fetch of a register not live", s);
		vw_line(w, "reg [BTW-1:0]     req_beat_q_%u, rsp_beat_q_%u;", s, s);
		vw_line(w, "reg [REG_BITS-1:0] buf_q_%u;", s);
	}
	vw_blank(w);
}

/* o_port_<k>: the one-hot slot MRF port k serves, the k-th lowest of
 * v_port (each port takes the lowest of what the lower ports left; bound:
 * the lowest of its own slots);
 * g_port: the slots whose beat is granted this cycle. */
static void emit_port_ranks(struct vw *w, const struct le_geom *g)
{
	char lit[32];

	if (g->bound) {
		emit_bound_ranks(w, g, "port", g->np);
	} else {
		vw_line(w, "wire [NS-1:0] o_port_0 = o_port;");
		if (g->np > 1)
			vw_line(w, "wire [NS-1:0] r_port_0 = v_port;");
		for (unsigned k = 1; k < g->np; k++) {
			vw_line(w, "wire [NS-1:0] r_port_%u = r_port_%u & ~o_port_%u;", k, k - 1u, k - 1u);
			vw_line(w, "wire [NS-1:0] o_port_%u = r_port_%u & (~r_port_%u + %s);", k, k, k,
				vw_lit(lit, sizeof lit, g->ns, 1));
		}
	}
	vw_line(w, "wire [NS-1:0] g_port =");
	w->indent += 2;
	for (unsigned k = 0; k < g->np; k++)
		vw_line(w, "({NS{mrf_gnt_i[%u]}} & o_port_%u)%s", k, k, k + 1 == g->np ? ";" : " |");
	w->indent -= 2;
}

/* o_<what>_<k>, k < n: the k-th lowest slot of v_<what> (lane k);
 * o_<what>_all: every slot a lane serves. */
static void emit_ranks(struct vw *w, const struct le_geom *g, const char *what, unsigned n, int all)
{
	char lit[32];

	vw_lit(lit, sizeof lit, g->ns, 1);
	vw_line(w, "wire [NS-1:0] r_%s_0 = v_%s;", what, what);
	for (unsigned k = 0; k < n; k++) {
		if (k)
			vw_line(w, "wire [NS-1:0] r_%s_%u = r_%s_%u & ~o_%s_%u;", what, k, what, k - 1u, what, k - 1u);
		vw_line(w, "wire [NS-1:0] o_%s_%u = r_%s_%u & (~r_%s_%u + %s);", what, k, what, k, what, k, lit);
	}
	if (!all)
		return;
	vw_line(w, "wire [NS-1:0] o_%s_all =", what);
	w->indent += 2;
	for (unsigned k = 0; k < n; k++)
		vw_line(w, "o_%s_%u%s", what, k, k + 1 == n ? ";" : " |");
	w->indent -= 2;
}

/* dst = OR over lanes k of ({NS{<gnt>[k]}} & o_<what>_<k>): the slots whose
 * lane request is granted. */
static void emit_lane_gnt(struct vw *w, const struct le_geom *g, const char *dst, const char *gnt, const char *what)
{
	vw_line(w, "wire [NS-1:0] %s =", dst);
	w->indent += 2;
	for (unsigned k = 0; k < g->nf; k++)
		vw_line(w, "({NS{%s[%u]}} & o_%s_%u)%s", gnt, k, what, k, k + 1 == g->nf ? ";" : " |");
	w->indent -= 2;
}

/* The row AAU lanes: lane k the k-th of the fetches waiting for a bank,
 * those with data on the way first (LTRF+: then the dead ones); a_row_k
 * its row, a_bank_k what it gets: the row's next unused bank after those
 * of the lower lanes in the same row (ba_bank_i[(row x F + rank) x BW]). */
static void emit_ba_lanes(struct vw *w, const struct le_geom *g)
{
	char lit[32], one[32], oh[32];

	vw_lit(one, sizeof one, g->ns, 1);
	vw_line(w, "wire [NS-1:0] r_ba_0 = v_ba;");
	for (unsigned k = 0; k < g->nf; k++) {
		if (k)
			vw_line(w, "wire [NS-1:0] r_ba_%u = r_ba_%u & ~o_ba_%u;", k, k - 1u, k - 1u);
		if (g->live) {
			vw_line(w, "wire [NS-1:0] rl_ba_%u = r_ba_%u & v_bal;", k, k);
			vw_line(w, "wire [NS-1:0] rd_ba_%u = r_ba_%u & v_bad;", k, k);
			vw_line(w, "wire [NS-1:0] o_ba_%u = (|rl_ba_%u) ? rl_ba_%u & (~rl_ba_%u + %s) : rd_ba_%u & (~rd_ba_%u + %s);",
				k, k, k, k, one, k, k, one);
		} else {
			vw_line(w, "wire [NS-1:0] o_ba_%u = r_ba_%u & (~r_ba_%u + %s);", k, k, k, one);
		}
		snprintf(lit, sizeof lit, "a_row_%u", k);
		snprintf(oh, sizeof oh, "o_ba_%u", k);
		emit_slot_mux(w, g, lit, "OW", oh, "xrow_q");
		vw_line(w, "wire [LW-1:0] a_rank_%u =%s", k, k ? "" : " {LW{1'b0}};");
		w->indent += 2;
		for (unsigned j = 0; j < k; j++) {
			char term[64], z[128];

			snprintf(term, sizeof term, "((|o_ba_%u) & (a_row_%u == a_row_%u))", j, j, k);
			vw_line(w, "%s%s", vw_zext(z, sizeof z, term, 1, g->lw), j + 1 == k ? ";" : " +");
		}
		w->indent -= 2;
		vw_line(w, "wire [BW-1:0] a_bank_%u =", k);
		w->indent += 2;
		for (unsigned a = 0; a < g->na; a++)
			for (unsigned j = 0; j <= k && j < g->nf; j++) {
				char rl[32], jl[32];

				vw_line(w, "({BW{(a_row_%u == %s) & (a_rank_%u == %s)}} & ba_bank_i[%u +: BW])%s", k,
					vw_lit(rl, sizeof rl, g->ow, a), k, vw_lit(jl, sizeof jl, g->lw, j),
					(a * g->nf + j) * g->bw, a + 1 == g->na && j == k ? ";" : " |");
			}
		w->indent -= 2;
	}
	vw_line(w, "wire [NS-1:0] o_ba =");
	w->indent += 2;
	for (unsigned k = 0; k < g->nf; k++)
		vw_line(w, "o_ba_%u%s", k, k + 1 == g->nf ? ";" : " |");
	w->indent -= 2;
}

/* MRF port k's tag FIFO: the slot of each read beat granted on port k and
 * not yet returned; rsp_<k> / tag_hd_<k>: a beat returns on k, its slot. */
static void emit_tag_fifo(struct vw *w, const struct le_geom *g, unsigned k)
{
	char lit[32], name[32], oh[32], inst[32], we[32], tail[32], data[32], head[32], hd[32];

	vw_line(w, "// port %u's tag FIFO: the slot of each read beat granted on it and not yet returned", k);
	vw_line(w, "wire [TD*SW-1:0] tag_%u;  // entry i is tag_%u[i*SW +: SW] (u_tag_%u; no reset: read only when not empty)",
		k, k, k);
	vw_line(w, "reg [TW-1:0] th_q_%u, tt_q_%u;", k, k);
	vw_line(w, "reg          tne_q_%u;  // not empty", k);
	snprintf(name, sizeof name, "port_slot_%u", k);
	snprintf(oh, sizeof oh, "o_port_%u", k);
	emit_encode(w, name, g->sw, oh, g->ns);
	vw_line(w, "wire rsp_%u = mrf_rvalid_i[%u] & tne_q_%u;", k, k, k);
	vw_line(w, "wire [SW-1:0] tag_hd_%u;", k);
	vw_line(w, "wire port_we_%u = |(o_port_%u & x_wr);", k, k);
	vw_line(w, "wire push_%u = mrf_gnt_i[%u] & (|o_port_%u) & ~port_we_%u;", k, k, k, k);
	vw_line(w, "wire [TW-1:0] tt_n_%u = tt_q_%u + %s;", k, k, vw_lit(lit, sizeof lit, g->tw, 1));
	vw_line(w, "wire [TW-1:0] th_n_%u = th_q_%u + %s;", k, k, lit);
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "th_q_%u <= {TW{1'b0}}; tt_q_%u <= {TW{1'b0}}; tne_q_%u <= 1'b0;", k, k, k);
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "if (push_%u) tt_q_%u <= tt_n_%u;", k, k, k);
	vw_line(w, "if (rsp_%u) th_q_%u <= th_n_%u;", k, k, k);
	vw_line(w, "if (push_%u & ~rsp_%u) tne_q_%u <= 1'b1;", k, k, k);
	vw_line(w, "else if (rsp_%u & ~push_%u) tne_q_%u <= (th_n_%u != tt_q_%u);", k, k, k, k, k);
	w->indent--;
	vw_line(w, "end");
	vw_close(w, "end");
	snprintf(inst, sizeof inst, "u_tag_%u", k);
	snprintf(we, sizeof we, "push_%u", k);
	snprintf(tail, sizeof tail, "tt_q_%u", k);
	snprintf(data, sizeof data, "tag_%u", k);
	emit_cell_inst(w, CELL_FLOP_ARRAY, inst, (const char *const[]){"N", "TD", "W", "SW", "IDX_W", "TW", NULL},
		       (const char *const[]){"clk_i", "clk_i", "we_i", we, "waddr_i", tail, "wdata_i", name, "q_o", data,
					     NULL});
	snprintf(inst, sizeof inst, "u_tag_hd_%u", k);
	snprintf(head, sizeof head, "th_q_%u", k);
	snprintf(hd, sizeof hd, "tag_hd_%u", k);
	emit_cell_inst(w, CELL_MUX_BIN, inst, (const char *const[]){"N", "TD", "W", "SW", "SEL_W", "TW", NULL},
		       (const char *const[]){"data_i", data, "sel_i", head, "data_o", hd, NULL});
}

/* o_com_<k>: commit lane k, the (k / B)-th lowest slot committing a
 * register of WCB table bank k % B ([ltrf] wcb_banks, common/wcb_desc.h;
 * with B = 1 the k-th lowest committing); o_com_all: every one served. */
static void emit_commit_lanes(struct vw *w, const struct le_geom *g)
{
	unsigned nb = wcb_banks(g->cfg), per = g->nf / nb, lb = wcb_bank_index_bits(g->cfg);
	unsigned bits = lb < g->rw ? lb : g->rw;	/* the register's bank bits it has */
	char cond[128], what[32], lit[32];

	if (nb == 1) {
		emit_ask(w, g, "com", "xs_q_%u == X_COMMIT", 0);
		emit_ranks(w, g, "com", g->nf, 1);
		return;
	}
	vw_line(w, "// commit lanes by WCB table bank: lane k the (k / %u)-th lowest slot committing", nb);
	vw_line(w, "// a register r with r %% %u == k %% %u (each bank's write ports see only its own)", nb, nb);
	for (unsigned b = 0; b < nb; b++) {
		snprintf(what, sizeof what, "comb%u", b);
		if (b >> bits)
			snprintf(cond, sizeof cond, "1'b0 & (xs_q_%%u == X_COMMIT)");	/* no register is in bank b */
		else if (bits == 1)
			snprintf(cond, sizeof cond, "(xs_q_%%u == X_COMMIT) & (xreg_q_%%u[0] == 1'b%u)", b);
		else
			snprintf(cond, sizeof cond, "(xs_q_%%u == X_COMMIT) & (xreg_q_%%u[%u:0] == %s)", bits - 1u,
				 vw_lit(lit, sizeof lit, bits, b));
		emit_ask(w, g, what, cond, 0);
		emit_ranks(w, g, what, per, 0);
	}
	for (unsigned k = 0; k < g->nf; k++)
		vw_line(w, "wire [NS-1:0] o_com_%u = o_comb%u_%u;", k, k % nb, k / nb);
	vw_line(w, "wire [NS-1:0] o_com_all =");
	w->indent += 2;
	for (unsigned k = 0; k < g->nf; k++)
		vw_line(w, "o_com_%u%s", k, k + 1 == g->nf ? ";" : " |");
	w->indent -= 2;
}

/* The shared ports' slot selection, the commit mux and the tag FIFOs. */
static void emit_select(struct vw *w, const struct le_geom *g)
{
	char lit[32];

	vw_line(w, "// ---- which slot each shared port serves: MRF port k the k-th lowest asking, others the lowest ----");
	if (g->bound)
		vw_line(w, "// slot_binding = bound: port k and lane k serve only slots s with s %% P == k (s %% F == k)");
	emit_ask(w, g, "port", "(xs_q_%u == X_RD) | (xs_q_%u == X_WR)", !g->bound);
	emit_port_ranks(w, g);
	vw_line(w, "// fill lane k: the k-th lowest slot asking for an eviction read, a fill, a row-AAU bank, a commit");
	emit_ask(w, g, "ev", "xs_q_%u == X_EVRD", 0);
	if (g->bound)
		emit_bound_ranks(w, g, "ev", g->nf);
	else
		emit_ranks(w, g, "ev", g->nf, 0);
	emit_lane_gnt(w, g, "g_ev", "ev_gnt_i", "ev");
	emit_ask(w, g, "fill", "xs_q_%u == X_FILL", 0);
	if (g->bound)
		emit_bound_ranks(w, g, "fill", g->nf);
	else
		emit_ranks(w, g, "fill", g->nf, 0);
	emit_lane_gnt(w, g, "g_fill", "fill_gnt_i", "fill");
	if (g->live) {
		/* the row AAU: a fetch whose data is on the way first, else a dead one */
		emit_ask(w, g, "bal", "(xs_q_%u == X_RWAIT) & ~alloc_q_%u & ~dead_q_%u", 0);
		emit_ask(w, g, "bad", "(xs_q_%u == X_RWAIT) & ~alloc_q_%u & dead_q_%u", 0);
		vw_line(w, "wire [NS-1:0] v_ba = v_bal | v_bad;");
	} else {
		emit_ask(w, g, "ba", "(xs_q_%u == X_RWAIT) & ~alloc_q_%u", 0);
	}
	emit_ba_lanes(w, g);
	emit_commit_lanes(w, g);
	emit_ask(w, g, "free", "xs_q_%u == X_IDLE", 0);
	emit_ranks(w, g, "free", g->nw, 0);
	vw_line(w, "wire [NS-1:0] v_fetch = {");
	w->indent += 2;
	for (unsigned s = g->ns; s-- > 0;)
		vw_line(w, "fetch_q_%u%s", s, s ? "," : "};");
	w->indent -= 2;
	for (unsigned k = 0; k < g->nf; k++) {
		char dst[32], oh[32];

		snprintf(oh, sizeof oh, "o_com_%u", k);
		vw_line(w, "wire c_v_%u = |o_com_%u;", k, k);
		snprintf(dst, sizeof dst, "c_row_%u", k);
		emit_slot_mux(w, g, dst, "OW", oh, "xrow_q");
		snprintf(dst, sizeof dst, "c_reg_%u", k);
		emit_slot_mux(w, g, dst, "RW", oh, "xreg_q");
		snprintf(dst, sizeof dst, "c_bank_%u", k);
		emit_slot_mux(w, g, dst, "BW", oh, "xbank_q");
		vw_line(w, "wire c_fetch_%u = |(o_com_%u & v_fetch);", k, k);
		vw_line(w, "wire [NUM_REGS-1:0] xreg_oh_%u = %s << c_reg_%u;", k, vw_lit(lit, sizeof lit, g->nr, 1), k);
		vw_line(w, "wire [REGS_PER_INTERVAL-1:0] xbank_oh_%u = %s << c_bank_%u;", k,
			vw_lit(lit, sizeof lit, g->nb, 1), k);
	}
	vw_line(w, "wire [NS-1:0] x_wr = {");
	w->indent += 2;
	for (unsigned s = g->ns; s-- > 0;)
		vw_line(w, "(xs_q_%u == X_WR)%s", s, s ? "," : "};");
	w->indent -= 2;
	for (unsigned k = 0; k < g->np; k++)
		emit_tag_fifo(w, g, k);
	vw_blank(w);
}

static void emit_rows(struct vw *w, const struct le_geom *g)
{
	char lit[32], bl[32];

	for (unsigned a = 0; a < g->na; a++) {
		vw_line(w, "// ---- row %u ----", a);
		vw_line(w, "reg busy_q_%u, act_q_%u, deact_q_%u;", a, a, a);
		vw_line(w, "reg [WW-1:0] warp_q_%u;", a);
		vw_line(w, "reg [NUM_REGS-1:0] want_q_%u, inc_q_%u;", a, a);
		if (g->live)
			vw_line(w, "reg [NUM_REGS-1:0] live_q_%u;", a);
		vw_line(w, "reg [REGS_PER_INTERVAL-1:0] held_q_%u;", a);
		for (unsigned b = 0; b < g->nb; b++)
			vw_line(w, "reg [RW-1:0] map_q_%u_%u;", a, b);
		vw_line(w, "wire [NUM_REGS-1:0] evm_%u = inc_q_%u & ~want_q_%u;  // to write back", a, a, a);
		vw_line(w, "wire [NUM_REGS-1:0] fem_%u = want_q_%u & ~inc_q_%u;  // to fetch", a, a, a);
		vw_line(w, "wire [NUM_REGS-1:0] pend_%u =  // registers a slot is moving", a);
		w->indent += 2;
		for (unsigned s = 0; s < g->ns; s++)
			vw_line(w, "({NUM_REGS{(xs_q_%u != X_IDLE) & (xrow_q_%u == %s)}} & (%s << xreg_q_%u))%s", s, s,
				vw_lit(lit, sizeof lit, g->ow, a), vw_lit(bl, sizeof bl, g->nr, 1), s,
				s + 1 == g->ns ? ";" : " |");
		w->indent -= 2;
		vw_line(w, "wire [NUM_REGS-1:0] evp_%u = evm_%u & ~pend_%u;", a, a, a);
		vw_line(w, "wire [NUM_REGS-1:0] fep_%u = fem_%u & ~pend_%u;", a, a, a);
		vw_line(w, "wire work_%u = busy_q_%u & ((|evm_%u) | (|fem_%u));", a, a, a, a);
		vw_line(w, "wire next_%u = busy_q_%u & ((|evp_%u) | (~(|evm_%u) & (|fep_%u)));", a, a, a, a, a);
		vw_line(w, "wire done_%u = busy_q_%u & ~work_%u;", a, a, a);
		vw_line(w, "wire cmd_%u = cmd_req_i & (cmd_row_i == %s) & ~busy_q_%u;", a,
			vw_lit(lit, sizeof lit, g->ow, a), a);
		vw_line(w, "// this row's commits: registers and banks arriving (fetch) and leaving (write-back)");
		for (unsigned k = 0; k < g->nf; k++)
			vw_line(w, "wire com_%u_%u = c_v_%u & (c_row_%u == %s);", a, k, k, k, vw_lit(lit, sizeof lit, g->ow, a));
		for (unsigned pass = 0; pass < 4; pass++) {
			static const char *const nm[] = {"rset", "rclr", "bset", "bclr"};
			int fetch = pass % 2 == 0, bank = pass >= 2;

			vw_line(w, "wire [%s-1:0] %s_%u =", bank ? "REGS_PER_INTERVAL" : "NUM_REGS", nm[pass], a);
			w->indent += 2;
			for (unsigned k = 0; k < g->nf; k++)
				vw_line(w, "({%s{com_%u_%u & %sc_fetch_%u}} & %s_%u)%s", bank ? "REGS_PER_INTERVAL" : "NUM_REGS", a,
					k, fetch ? "" : "~", k, bank ? "xbank_oh" : "xreg_oh", k, k + 1 == g->nf ? ";" : " |");
			w->indent -= 2;
		}
		vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
		vw_open(w, "if (!rst_ni) begin");
		vw_line(w, "busy_q_%u <= 1'b0; act_q_%u <= 1'b0; deact_q_%u <= 1'b0;", a, a, a);
		vw_line(w, "warp_q_%u <= {WW{1'b0}};", a);
		vw_line(w, "want_q_%u <= {NUM_REGS{1'b0}}; inc_q_%u <= {NUM_REGS{1'b0}};", a, a);
		if (g->live)
			vw_line(w, "live_q_%u <= {NUM_REGS{1'b0}};", a);
		vw_line(w, "held_q_%u <= {REGS_PER_INTERVAL{1'b0}};", a);
		for (unsigned b = 0; b < g->nb; b++)
			vw_line(w, "map_q_%u_%u <= {RW{1'b0}};", a, b);
		vw_close(w, "end else begin");
		w->indent++;
		vw_open(w, "if (done_%u) begin", a);
		vw_line(w, "busy_q_%u <= 1'b0;", a);
		vw_line(w, "if (deact_q_%u) act_q_%u <= 1'b0;", a, a);
		vw_close(w, "end");
		vw_open(w, "if (cmd_%u) begin", a);
		vw_line(w, "busy_q_%u <= 1'b1; act_q_%u <= 1'b1; deact_q_%u <= cmd_op_i;", a, a, a);
		vw_line(w, "warp_q_%u <= cmd_warp_i;", a);
		vw_line(w, "want_q_%u <= cmd_op_i ? {NUM_REGS{1'b0}} : cmd_vec_i;", a);
		if (g->live)
			vw_line(w, "live_q_%u <= cmd_live_i;", a);
		vw_close(w, "end");
		vw_line(w, "inc_q_%u  <= (inc_q_%u | rset_%u) & ~rclr_%u;", a, a, a, a);
		vw_line(w, "held_q_%u <= (held_q_%u | bset_%u) & ~bclr_%u;", a, a, a, a);
		for (unsigned k = 0; k < g->nf; k++)
			for (unsigned b = 0; b < g->nb; b++)
				vw_line(w, "if (com_%u_%u && c_fetch_%u && c_bank_%u == %s) map_q_%u_%u <= c_reg_%u;", a, k, k,
					k, vw_lit(bl, sizeof bl, g->bw, b), a, b, k);
		w->indent--;
		vw_line(w, "end");
		vw_close(w, "end");
		vw_line(w, "assign busy_o[%u]  = busy_q_%u;", a, a);
		vw_line(w, "assign ready_o[%u] = act_q_%u & ~busy_q_%u;", a, a, a);
		vw_blank(w);
	}
}

static void emit_pick(struct vw *w, const struct le_geom *g)
{
	char lit[32];
	size_t used;
	char line[4096];

	vw_line(w, "// ---- fill arbiter: round robin over rows with a register to start, while a slot is free ----");
	used = (size_t)snprintf(line, sizeof line, "{");
	for (unsigned a = g->na; a-- > 0;)
		used += (size_t)snprintf(line + used, sizeof line - used, "next_%u%s", a, a ? ", " : "}");
	vw_line(w, "wire idle = |v_free;");
	vw_line(w, "wire [ACTIVE_WARPS-1:0] arb_req = %s & {ACTIVE_WARPS{idle}};", line);
	vw_line(w, "wire [ACTIVE_WARPS-1:0] arb_gnt;");
	vw_line(w, "wire arb_cnt_unused;");
	vw_open(w, "%s u_fill_arb (", g->arb);
	if (g->na > 1) {
		vw_line(w, ".clk_i   (clk_i),");
		vw_line(w, ".rst_ni  (rst_ni),");
	}
	vw_line(w, ".req_i   (arb_req),");
	vw_line(w, ".limit_i (1'b1),");
	vw_line(w, ".gnt_o   (arb_gnt),");
	vw_line(w, ".count_o (arb_cnt_unused)");
	vw_close(w, ");");
	vw_line(w, "wire pick = |arb_gnt;");
	emit_encode(w, "pick_row", g->ow, "arb_gnt", g->na);
	emit_row_mux(w, g, "sel_evm", g->nr, "evp");
	emit_row_mux(w, g, "sel_fem", g->nr, "fep");
	emit_row_mux(w, g, "sel_held", g->nb, "held_q");
	if (g->live)
		emit_row_mux(w, g, "sel_live", g->nr, "live_q");
	for (unsigned b = 0; b < g->nb; b++) {
		vw_line(w, "wire [RW-1:0] sel_map_%u =", b);
		w->indent += 2;
		for (unsigned a = 0; a < g->na; a++)
			vw_line(w, "({RW{arb_gnt[%u]}} & map_q_%u_%u)%s", a, a, b, a + 1 == g->na ? ";" : " |");
		w->indent -= 2;
	}
	vw_line(w, "// pick j: the j-th lowest register to write back (any) / fetch (v & (~v + 1))");
	vw_line(w, "wire ev_any = |sel_evm;");
	vw_line(w, "wire [NUM_REGS-1:0] pk_c_0 = ev_any ? sel_evm : sel_fem;");
	for (unsigned j = 0; j < g->nw; j++) {
		char dst[32], oh[32];

		if (j)
			vw_line(w, "wire [NUM_REGS-1:0] pk_c_%u = pk_c_%u & ~pk_oh_%u;", j, j - 1u, j - 1u);
		vw_line(w, "wire [NUM_REGS-1:0] pk_oh_%u = pk_c_%u & (~pk_c_%u + %s);", j, j, j,
			vw_lit(lit, sizeof lit, g->nr, 1));
		vw_line(w, "wire pk_v_%u = pick & (|pk_c_%u);", j, j);
		snprintf(dst, sizeof dst, "pk_reg_%u", j);
		snprintf(oh, sizeof oh, "pk_oh_%u", j);
		emit_encode(w, dst, g->rw, oh, g->nr);
		vw_line(w, "wire [REGS_PER_INTERVAL-1:0] pk_boh_%u;  // a write-back's bank: the map names it", j);
		for (unsigned b = 0; b < g->nb; b++)
			vw_line(w, "assign pk_boh_%u[%u] = sel_held[%u] & (sel_map_%u == pk_reg_%u);", j, b, b, b, j);
		snprintf(dst, sizeof dst, "pk_bank_%u", j);
		snprintf(oh, sizeof oh, "pk_boh_%u", j);
		emit_encode(w, dst, g->bw, oh, g->nb);
		if (g->live)
			vw_line(w, "wire pk_live_%u = |(pk_oh_%u & sel_live);  // LTRF+: dead registers are neither written back nor read", j, j);
	}
	vw_blank(w);
}

/* Slot s's pick, if one: pick j goes to the j-th lowest free slot. */
static void emit_slot_pick(struct vw *w, const struct le_geom *g, unsigned s)
{
	vw_line(w, "wire [%u:0] tk_%u = {", g->nw - 1u, s);
	w->indent += 2;
	for (unsigned j = g->nw; j-- > 0;)
		vw_line(w, "o_free_%u[%u] & pk_v_%u%s", j, s, j, j ? "," : "};");
	w->indent -= 2;
	vw_line(w, "wire [RW-1:0] t_reg_%u =", s);
	w->indent += 2;
	for (unsigned j = 0; j < g->nw; j++)
		vw_line(w, "({RW{tk_%u[%u]}} & pk_reg_%u)%s", s, j, j, j + 1 == g->nw ? ";" : " |");
	w->indent -= 2;
	vw_line(w, "wire [BW-1:0] t_bank_%u =", s);
	w->indent += 2;
	for (unsigned j = 0; j < g->nw; j++)
		vw_line(w, "({BW{tk_%u[%u]}} & pk_bank_%u)%s", s, j, j, j + 1 == g->nw ? ";" : " |");
	w->indent -= 2;
	if (!g->live)
		return;
	vw_line(w, "wire t_live_%u = |(tk_%u & {", s, s);
	w->indent += 2;
	for (unsigned j = g->nw; j-- > 0;)
		vw_line(w, "pk_live_%u%s", j, j ? "," : "});");
	w->indent -= 2;
}

/* Slot s's register buffer (data: no reset; outputs gated by state): its
 * next value, the eviction data (every beat) then a returning read beat
 * (its beat), and the beat it writes back next. */
static void emit_slot_buffer(struct vw *w, const struct le_geom *g, unsigned s)
{
	char lit[32], bufq[32], name[32], sel[32], inst[32], we[64], idx[512], wd[64], beats[16], ports[16];
	size_t used = (size_t)snprintf(idx, sizeof idx, "{rsp_beat_q_%u", s);

	snprintf(beats, sizeof beats, "%u", g->beats);
	snprintf(ports, sizeof ports, "%u", g->beats + 1u);
	snprintf(bufq, sizeof bufq, "buf_q_%u", s);
	vw_line(w, "// slot %u's register buffer (data: no reset; outputs gated by state): the", s);
	vw_line(w, "// eviction data (every beat), then a returning read beat (its beat)");
	vw_line(w, "wire [REG_BITS-1:0] buf_n_%u;", s);
	snprintf(name, sizeof name, "buf_n_%u", s);
	snprintf(inst, sizeof inst, "u_buf_%u", s);
	for (unsigned k = g->beats; k-- > 0;)
		used += (size_t)snprintf(idx + used, sizeof idx - used, ", %s", vw_lit(lit, sizeof lit, g->btw, k));
	snprintf(idx + used, sizeof idx - used, "}");
	snprintf(we, sizeof we, "{rsp_s%u, {%u{evv_%u}}}", s, g->beats, s);
	snprintf(wd, sizeof wd, "{rdata_%u, evd_%u}", s, s);
	emit_cell_inst(w, CELL_TABLE_NEXT, inst,
		  (const char *const[]){"N", beats, "W", "XBAR_BITS", "IDX_W", "BTW", "P", ports, NULL},
		  (const char *const[]){"q_i", bufq, "we_i", we, "idx_i", idx, "wd_i", wd, "d_o", name, NULL});
	vw_open(w, "always @(posedge clk_i) begin");
	vw_line(w, "buf_q_%u <= buf_n_%u;", s, s);
	vw_close(w, "end");
	snprintf(name, sizeof name, "wbeat_%u", s);
	snprintf(sel, sizeof sel, "req_beat_q_%u", s);
	snprintf(inst, sizeof inst, "u_wbeat_%u", s);
	vw_line(w, "wire [XBAR_BITS-1:0] wbeat_%u;  // the beat it writes back next", s);
	emit_cell_inst(w, CELL_MUX_BIN, inst, (const char *const[]){"N", beats, "W", "XBAR_BITS", "SEL_W", "BTW", NULL},
		  (const char *const[]){"data_i", bufq, "sel_i", sel, "data_o", name, NULL});
}

static void emit_slot(struct vw *w, const struct le_geom *g, unsigned s)
{
	char lit[32], one[32], name[32], sel[32], inst[32], np[16], nf[16];

	snprintf(np, sizeof np, "%u", g->np);
	snprintf(nf, sizeof nf, "%u", g->nf);

	vw_line(w, "// ---- transfer slot %u ----", s);
	emit_slot_pick(w, g, s);
	vw_lit(lit, sizeof lit, g->sw, s);
	if (g->bound) {	/* its beats come back on its own port only */
		unsigned p = s % g->np;

		vw_line(w, "wire rsp_s%u = rsp_%u & (tag_hd_%u == %s);  // a read beat of it returns (port %u)", s, p, p, lit,
			p);
		vw_line(w, "wire [XBAR_BITS-1:0] rdata_%u = mrf_rdata_i[%u +: XBAR_BITS];", s,
			p * g->cfg->ltrf.d.xbar_width);
	} else {
		vw_line(w, "wire [%u:0] srsp_%u;  // per MRF port: a read beat of this slot returns on it", g->np - 1u, s);
		for (unsigned k = 0; k < g->np; k++)
			vw_line(w, "assign srsp_%u[%u] = rsp_%u & (tag_hd_%u == %s);", s, k, k, k, lit);
		vw_line(w, "wire rsp_s%u = |srsp_%u;", s, s);
		snprintf(name, sizeof name, "rdata_%u", s);
		snprintf(sel, sizeof sel, "srsp_%u", s);
		snprintf(inst, sizeof inst, "u_rdata_%u", s);
		vw_line(w, "wire [XBAR_BITS-1:0] rdata_%u;  // the read beat returning to it", s);
		emit_cell_inst(w, CELL_MUX_ONEHOT, inst, (const char *const[]){"N", np, "W", "XBAR_BITS", NULL},
			       (const char *const[]){"data_i", "mrf_rdata_i", "sel_i", sel, "data_o", name, NULL});
	}
	vw_line(w, "wire [BW-1:0] ba_bank_%u =  // the bank its row-AAU lane gets", s);
	w->indent += 2;
	for (unsigned k = 0; k < g->nf; k++)
		vw_line(w, "({BW{o_ba_%u[%u]}} & a_bank_%u)%s", k, s, k, k + 1 == g->nf ? ";" : " |");
	w->indent -= 2;
	if (g->bound) {	/* its eviction read is on its own lane */
		unsigned l = s % g->nf;

		vw_line(w, "wire evv_%u = (xs_q_%u == X_EVWAIT) & ev_valid_i[%u];  // its data is back (lane %u)", s, s, l, l);
		vw_line(w, "wire [REG_BITS-1:0] evd_%u = ev_data_i[%u +: REG_BITS];", s, l * g->cfg->d.warp_bits);
	} else {
		vw_line(w, "wire [LW-1:0] evl_n_%u =  // the lane granting its eviction read", s);
		w->indent += 2;
		for (unsigned k = 0; k < g->nf; k++)
			vw_line(w, "({LW{o_ev_%u[%u]}} & %s)%s", k, s, vw_lit(lit, sizeof lit, g->lw, k),
				k + 1 == g->nf ? ";" : " |");
		w->indent -= 2;
		vw_line(w, "wire evv_%u = (xs_q_%u == X_EVWAIT) & |(ev_valid_i & (%s << evl_q_%u));  // its data is back", s,
			s, vw_lit(lit, sizeof lit, g->nf, 1), s);
		snprintf(name, sizeof name, "evd_%u", s);
		snprintf(sel, sizeof sel, "evl_q_%u", s);
		snprintf(inst, sizeof inst, "u_evd_%u", s);
		vw_line(w, "wire [REG_BITS-1:0] evd_%u;  // the eviction data of its lane", s);
		emit_cell_inst(w, CELL_MUX_BIN, inst, (const char *const[]){"N", nf, "W", "REG_BITS", "SEL_W", "LW", NULL},
			       (const char *const[]){"data_i", "ev_data_i", "sel_i", sel, "data_o", name, NULL});
	}
	vw_line(w, "wire last_req_%u = (req_beat_q_%u == %s);", s, s, vw_lit(lit, sizeof lit, g->btw, g->beats - 1u));
	vw_line(w, "wire last_rsp_%u = (rsp_beat_q_%u == %s);", s, s, lit);
	vw_line(w, "wire got_%u = full_q_%u | (rsp_s%u & last_rsp_%u);  // every read beat back", s, s, s, s);
	vw_line(w, "wire bank_%u = alloc_q_%u | o_ba[%u];  // its bank in (fetches may queue for the row AAU)", s, s, s);
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "xs_q_%u <= X_IDLE; xrow_q_%u <= {OW{1'b0}}; xreg_q_%u <= {RW{1'b0}}; xbank_q_%u <= {BW{1'b0}};", s, s,
		s, s);
	vw_line(w, "fetch_q_%u <= 1'b0; alloc_q_%u <= 1'b0; req_beat_q_%u <= {BTW{1'b0}}; rsp_beat_q_%u <= {BTW{1'b0}};",
		s, s, s, s);
	if (g->bound)
		vw_line(w, "full_q_%u <= 1'b0;", s);
	else
		vw_line(w, "full_q_%u <= 1'b0; evl_q_%u <= {LW{1'b0}};", s, s);
	if (g->live)
		vw_line(w, "dead_q_%u <= 1'b0;", s);
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "if (rsp_s%u) rsp_beat_q_%u <= rsp_beat_q_%u + %s;", s, s, s, vw_lit(one, sizeof one, g->btw, 1));
	vw_line(w, "if (rsp_s%u & last_rsp_%u) full_q_%u <= 1'b1;", s, s, s);
	vw_open(w, "if (o_ba[%u]) begin  // the row AAU's bank for this fetch", s);
	vw_line(w, "xbank_q_%u <= ba_bank_%u;", s, s);
	vw_line(w, "alloc_q_%u <= 1'b1;", s);
	vw_close(w, "end");
	vw_open(w, "case (xs_q_%u)", s);
	vw_open(w, "X_IDLE: if (|tk_%u) begin", s);
	vw_line(w, "xrow_q_%u <= pick_row;", s);
	vw_line(w, "xreg_q_%u <= t_reg_%u;", s, s);
	vw_line(w, "xbank_q_%u <= {BW{ev_any}} & t_bank_%u;", s, s);
	vw_line(w, "alloc_q_%u <= 1'b0;", s);
	vw_line(w, "full_q_%u <= 1'b0;", s);
	vw_line(w, "fetch_q_%u <= ~ev_any;", s);
	vw_line(w, "req_beat_q_%u <= {BTW{1'b0}};", s);
	vw_line(w, "rsp_beat_q_%u <= {BTW{1'b0}};", s);
	if (g->live) {
		vw_line(w, "dead_q_%u <= ~ev_any & ~t_live_%u;", s, s);
		vw_line(w, "xs_q_%u <= ev_any ? (t_live_%u ? X_EVRD : X_COMMIT) : (t_live_%u ? X_RD : X_RWAIT);", s, s, s);
	} else {
		vw_line(w, "xs_q_%u <= ev_any ? X_EVRD : X_RD;", s);
	}
	vw_close(w, "end");
	if (g->bound) {
		vw_line(w, "X_EVRD: if (g_ev[%u]) xs_q_%u <= X_EVWAIT;", s, s);
	} else {
		vw_open(w, "X_EVRD: if (g_ev[%u]) begin", s);
		vw_line(w, "xs_q_%u <= X_EVWAIT;", s);
		vw_line(w, "evl_q_%u <= evl_n_%u;", s, s);
		vw_close(w, "end");
	}
	vw_line(w, "X_EVWAIT: if (evv_%u) xs_q_%u <= X_WR;", s, s);
	vw_open(w, "X_WR, X_RD: if (g_port[%u]) begin", s);
	vw_line(w, "if (last_req_%u) xs_q_%u <= (xs_q_%u == X_WR) ? X_COMMIT : X_RWAIT;", s, s, s);
	vw_line(w, "else req_beat_q_%u <= req_beat_q_%u + %s;", s, s, one);
	vw_close(w, "end");
	if (g->live)
		vw_line(w, "X_RWAIT: if (dead_q_%u ? o_ba[%u] : got_%u & bank_%u) xs_q_%u <= dead_q_%u ? X_COMMIT : X_FILL;",
			s, s, s, s, s, s);
	else
		vw_line(w, "X_RWAIT: if (got_%u & bank_%u) xs_q_%u <= X_FILL;", s, s, s);
	vw_line(w, "X_FILL: if (g_fill[%u]) xs_q_%u <= X_COMMIT;", s, s);
	vw_line(w, "default: if (o_com_all[%u]) xs_q_%u <= X_IDLE;  // X_COMMIT: the rows update", s, s);
	vw_close(w, "endcase");
	w->indent--;
	vw_line(w, "end");
	vw_close(w, "end");
	emit_slot_buffer(w, g, s);
	vw_blank(w);
}

/* dst = the warp of row `rowsig`. */
static void emit_warp_of(struct vw *w, const struct le_geom *g, const char *dst, const char *rowsig)
{
	char lit[32];

	vw_line(w, "wire [WW-1:0] %s =", dst);
	w->indent += 2;
	for (unsigned a = 0; a < g->na; a++)
		vw_line(w, "({WW{%s == %s}} & warp_q_%u)%s", rowsig, vw_lit(lit, sizeof lit, g->ow, a), a,
			a + 1 == g->na ? ";" : " |");
	w->indent -= 2;
}

/* dst = the slot signal <sig><s> of the slot the one-hot oh names, through
 * a gpurf_mux_onehot cell inst: pooled, over every slot (<tag>_all, the
 * concatenation emit_outputs makes); bound, over port / lane k's own slots
 * only (<tag>_g_<k>; n ports or lanes share the slots out). */
static void emit_data_mux(struct vw *w, const struct le_geom *g, const char *inst, unsigned n, unsigned k,
			  const char *tag, const char *sig, const char *width, const char *oh, const char *dst)
{
	char decl[96], data[32], sel[32], cnt[16];

	if (!g->bound) {
		snprintf(data, sizeof data, "%s_all", tag);
		emit_cell_inst(w, CELL_MUX_ONEHOT, inst, (const char *const[]){"N", "NS", "W", width, NULL},
			       (const char *const[]){"data_i", data, "sel_i", oh, "data_o", dst, NULL});
		return;
	}
	snprintf(cnt, sizeof cnt, "%u", group_size(g, n, k));
	snprintf(data, sizeof data, "%s_g_%u", tag, k);
	snprintf(sel, sizeof sel, "%s_sel_%u", tag, k);
	snprintf(decl, sizeof decl, "wire [%s*%s-1:0] %s", cnt, width, data);
	emit_group_concat(w, g, decl, sig, 0, n, k);
	snprintf(decl, sizeof decl, "wire [%s-1:0] %s", cnt, sel);
	emit_group_concat(w, g, decl, oh, 1, n, k);
	emit_cell_inst(w, CELL_MUX_ONEHOT, inst, (const char *const[]){"N", cnt, "W", width, NULL},
		       (const char *const[]){"data_i", data, "sel_i", sel, "data_o", dst, NULL});
}

/* MRF port k's request: the slot o_port_<k> names. */
static void emit_mrf_port(struct vw *w, const struct le_geom *g, unsigned k)
{
	char dst[32], oh[32], row[32], inst[32];

	snprintf(oh, sizeof oh, "o_port_%u", k);
	snprintf(row, sizeof row, "p_row_%u", k);
	emit_slot_mux(w, g, row, "OW", oh, "xrow_q");
	snprintf(dst, sizeof dst, "p_reg_%u", k);
	emit_slot_mux(w, g, dst, "RW", oh, "xreg_q");
	snprintf(dst, sizeof dst, "p_beat_%u", k);
	emit_slot_mux(w, g, dst, "BTW", oh, "req_beat_q");
	snprintf(dst, sizeof dst, "p_wbeat_%u", k);
	snprintf(inst, sizeof inst, "u_wbeat_port_%u", k);
	vw_line(w, "wire [XBAR_BITS-1:0] %s;", dst);
	emit_data_mux(w, g, inst, g->np, k, "wbeat", "wbeat_", "XBAR_BITS", oh, dst);
	snprintf(dst, sizeof dst, "p_warp_%u", k);
	emit_warp_of(w, g, dst, row);
	vw_line(w, "wire mrf_req_%u = |o_port_%u;", k, k);
	vw_line(w, "assign mrf_req_o[%u] = mrf_req_%u;", k, k);
	vw_line(w, "assign mrf_we_o[%u] = port_we_%u;", k, k);
	vw_line(w, "assign mrf_warp_o[%u +: WW] = {WW{mrf_req_%u}} & p_warp_%u;", k * g->ww, k, k);
	vw_line(w, "assign mrf_reg_o[%u +: RW] = {RW{mrf_req_%u}} & p_reg_%u;", k * g->rw, k, k);
	vw_line(w, "assign mrf_beat_o[%u +: BTW] = {BTW{mrf_req_%u}} & p_beat_%u;", k * g->btw, k, k);
	vw_line(w, "assign mrf_wdata_o[%u +: XBAR_BITS] = {XBAR_BITS{port_we_%u}} & p_wbeat_%u;",
		k * g->cfg->ltrf.d.xbar_width, k, k);
}

/* Fill lane k's requests: fill, eviction read, row-AAU allocation, commit
 * (table write, bank free). */
static void emit_lane_out(struct vw *w, const struct le_geom *g, unsigned k)
{
	char dst[32], oh[32], row[32], inst[32];
	unsigned D = g->cfg->d.warp_bits;

	snprintf(row, sizeof row, "c_row_%u", k);
	snprintf(dst, sizeof dst, "c_warp_%u", k);
	emit_warp_of(w, g, dst, row);
	snprintf(oh, sizeof oh, "o_fill_%u", k);
	snprintf(dst, sizeof dst, "f_row_%u", k);
	emit_slot_mux(w, g, dst, "OW", oh, "xrow_q");
	snprintf(dst, sizeof dst, "f_bank_%u", k);
	emit_slot_mux(w, g, dst, "BW", oh, "xbank_q");
	snprintf(dst, sizeof dst, "f_buf_%u", k);
	snprintf(inst, sizeof inst, "u_fill_data_%u", k);
	vw_line(w, "wire [REG_BITS-1:0] %s;", dst);
	emit_data_mux(w, g, inst, g->nf, k, "buf", "buf_q_", "REG_BITS", oh, dst);
	vw_line(w, "assign fill_req_o[%u] = |o_fill_%u;", k, k);
	vw_line(w, "assign fill_bank_o[%u +: BW] = f_bank_%u;", k * g->bw, k);
	vw_line(w, "assign fill_off_o[%u +: OW] = f_row_%u;", k * g->ow, k);
	vw_line(w, "assign fill_data_o[%u +: REG_BITS] = f_buf_%u;", k * D, k);
	snprintf(oh, sizeof oh, "o_ev_%u", k);
	snprintf(dst, sizeof dst, "e_row_%u", k);
	emit_slot_mux(w, g, dst, "OW", oh, "xrow_q");
	snprintf(dst, sizeof dst, "e_bank_%u", k);
	emit_slot_mux(w, g, dst, "BW", oh, "xbank_q");
	vw_line(w, "assign ev_req_o[%u] = |o_ev_%u;", k, k);
	vw_line(w, "assign ev_bank_o[%u +: BW] = e_bank_%u;", k * g->bw, k);
	vw_line(w, "assign ev_off_o[%u +: OW] = e_row_%u;", k * g->ow, k);
	vw_line(w, "assign tw_req_o[%u] = c_v_%u;", k, k);
	vw_line(w, "assign tw_warp_o[%u +: WW] = {WW{c_v_%u}} & c_warp_%u;", k * g->ww, k, k);
	vw_line(w, "assign tw_reg_o[%u +: RW] = c_reg_%u;", k * g->rw, k);
	vw_line(w, "assign tw_valid_o[%u] = c_fetch_%u;", k, k);
	vw_line(w, "assign tw_bank_o[%u +: BW] = c_bank_%u;", k * g->bw, k);
	vw_line(w, "assign ba_req_o[%u] = |o_ba_%u;", k, k);
	vw_line(w, "assign ba_off_o[%u +: OW] = a_row_%u;", k * g->ow, k);
	vw_line(w, "wire bf_%u = c_v_%u & ~c_fetch_%u;", k, k, k);
	vw_line(w, "assign bf_req_o[%u] = bf_%u;", k, k);
	vw_line(w, "assign bf_off_o[%u +: OW] = {OW{bf_%u}} & c_row_%u;", k * g->ow, k, k);
	vw_line(w, "assign bf_bank_o[%u +: BW] = {BW{bf_%u}} & c_bank_%u;", k * g->bw, k, k);
}

static void emit_outputs(struct vw *w, const struct le_geom *g)
{
	vw_line(w, "// ---- requests (all from flops) ----");
	if (!g->bound) {	/* bound: each port and lane muxes its own slots */
		emit_concat(w, "wire [NS*REG_BITS-1:0] buf_all", "buf_q_", g->ns);
		emit_concat(w, "wire [NS*XBAR_BITS-1:0] wbeat_all", "wbeat_", g->ns);
	}
	for (unsigned k = 0; k < g->np; k++)
		emit_mrf_port(w, g, k);
	for (unsigned k = 0; k < g->nf; k++)
		emit_lane_out(w, g, k);
}

int emit_ltrf_engine(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	const struct cfg_ltrf *l = &cfg->ltrf;
	struct le_geom g = {0};
	struct sbuf *out;
	struct vw w;
	int fresh;

	g.cfg = cfg;
	g.m = m;
	g.na = l->active_warps;
	g.nr = l->d.arch_regs;
	g.nb = l->regs_per_interval;
	g.beats = l->d.beats;
	g.rw = cfg_index_bits(g.nr);
	g.bw = l->d.bank_bits;
	g.ow = l->d.offset_bits;
	g.ww = cfg_index_bits(cfg->warps);
	g.btw = cfg_index_bits(g.beats);
	g.live = (int)l->d.liveness;
	g.ns = l->engine_inflight ? l->engine_inflight : 1u;
	g.np = l->engine_ports ? l->engine_ports : 1u;
	g.nf = l->fill_ports ? l->fill_ports : 1u;
	g.nw = l->pick_width ? l->pick_width : 1u;
	g.bound = l->slot_binding == LTRF_SLOTS_BOUND;
	g.lw = cfg_index_bits(g.nf);
	g.sw = cfg_index_bits(g.ns);
	g.td = 1u << cfg_index_bits(g.ns * g.beats);	/* tag FIFO depth: every read beat of every slot */
	g.tw = cfg_index_bits(g.td);
	if (emit_rr_arb(d, g.na, 1, g.arb, sizeof g.arb) || cell_use(d, CELL_MUX_ONEHOT) || cell_use(d, CELL_MUX_BIN) ||
	    cell_use(d, CELL_FLOP_ARRAY) ||
	    cell_use(d, CELL_TABLE_NEXT))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "LTRF prefetch / write-back engine (docs/ltrf.md; paper Secs. 3.1, 4.1-4.2).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "NUM_REGS");
	vw_param(&w, m, "REGS_PER_INTERVAL");
	vw_param(&w, m, "ACTIVE_WARPS");
	vw_param(&w, m, "REG_BITS");
	vw_param(&w, m, "XBAR_BITS");
	vw_line(&w, "localparam integer WW  = %u;  // warp index", g.ww);
	vw_line(&w, "localparam integer RW  = %u;  // register index", g.rw);
	vw_line(&w, "localparam integer BW  = %u;  // bank index", g.bw);
	vw_line(&w, "localparam integer OW  = %u;  // row (warp offset) index", g.ow);
	vw_line(&w, "localparam integer BTW = %u;  // beat index: %u beats per register", g.btw, g.beats);
	vw_line(&w, "localparam integer NS  = %u;  // transfer slots (engine_inflight)", g.ns);
	vw_line(&w, "localparam integer SW  = %u;  // slot index", g.sw);
	vw_line(&w, "localparam integer TD  = %u;  // tag FIFO depth per port (>= NS x beats)", g.td);
	vw_line(&w, "localparam integer TW  = %u;  // tag FIFO pointer", g.tw);
	vw_line(&w, "localparam integer LW  = %u;  // fill-lane index (FILL_PORTS lanes)", g.lw);
	for (unsigned s = 0; s < sizeof state_names / sizeof state_names[0]; s++)
		vw_line(&w, "localparam [2:0] %s = 3'd%u;", state_names[s], s);
	vw_blank(&w);
	emit_slot_regs(&w, &g);
	emit_select(&w, &g);
	emit_rows(&w, &g);
	emit_pick(&w, &g);
	for (unsigned s = 0; s < g.ns; s++)
		emit_slot(&w, &g, s);
	emit_outputs(&w, &g);
	vw_module_end(&w);
	return 0;
}

unsigned wave_ltrf_engine(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	unsigned n = 0;

	groups[n] = (struct wave_group){.title = "commands and rows"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n], "rst_ni", 1);
	wave_add_port(&groups[n], m, LE_CMD_REQ_I);
	wave_add_port(&groups[n], m, LE_CMD_OP_I);
	wave_add_port(&groups[n], m, LE_CMD_ROW_I);
	wave_add_port(&groups[n], m, LE_CMD_WARP_I);
	wave_add_port(&groups[n], m, LE_CMD_VEC_I);
	if (cfg->ltrf.d.liveness)
		wave_add_port(&groups[n], m, LE_CMD_LIVE_I);
	wave_add_port(&groups[n], m, LE_BUSY_O);
	wave_add_port(&groups[n++], m, LE_READY_O);
	groups[n] = (struct wave_group){.title = "transfer"};
	wave_add(&groups[n], "xs_q_0", 3);
	wave_add(&groups[n], "xrow_q_0", cfg->ltrf.d.offset_bits);
	wave_add(&groups[n], "xreg_q_0", cfg_index_bits(cfg->ltrf.d.arch_regs));
	wave_add(&groups[n], "xbank_q_0", cfg->ltrf.d.bank_bits);
	if (cfg->ltrf.engine_inflight > 1) {
		wave_add(&groups[n], "xs_q_1", 3);
		wave_add(&groups[n], "xreg_q_1", cfg_index_bits(cfg->ltrf.d.arch_regs));
	}
	wave_add_port(&groups[n], m, LE_TW_REQ_O);
	wave_add_port(&groups[n], m, LE_TW_REG_O);
	wave_add_port(&groups[n++], m, LE_TW_VALID_O);
	groups[n] = (struct wave_group){.title = "main register file (narrowed crossbar)"};
	wave_add_port(&groups[n], m, LE_MRF_REQ_O);
	wave_add_port(&groups[n], m, LE_MRF_WE_O);
	wave_add_port(&groups[n], m, LE_MRF_REG_O);
	wave_add_port(&groups[n], m, LE_MRF_BEAT_O);
	wave_add_port(&groups[n], m, LE_MRF_GNT_I);
	wave_add_port(&groups[n++], m, LE_MRF_RVALID_I);
	groups[n] = (struct wave_group){.title = "register cache"};
	wave_add_port(&groups[n], m, LE_FILL_REQ_O);
	wave_add_port(&groups[n], m, LE_FILL_BANK_O);
	wave_add_port(&groups[n], m, LE_FILL_GNT_I);
	wave_add_port(&groups[n], m, LE_EV_REQ_O);
	wave_add_port(&groups[n], m, LE_EV_BANK_O);
	wave_add_port(&groups[n++], m, LE_EV_GNT_I);
	return n;
}
