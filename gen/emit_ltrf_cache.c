/* emit_ltrf_cache.c: Verilog of the LTRF register cache and its Address
 * Allocation Units (common/ltrf_cache_desc.h, docs/ltrf.md).
 *
 *   per bank    operand reads: round-robin over the collectors naming the
 *               bank; the lowest eviction lane naming it only when no
 *               collector names it.  Execution writes: round-robin over the
 *               write ports; the lowest fill lane naming it only when no
 *               write port names it (spec A6).  So up to FILL_PORTS fills
 *               and evictions a cycle, each in a different bank.  One SRAM
 *               macro of NUM_ROWS warp registers, 1 read + 1 write port.
 *   read return which bank answered each collector (and the eviction),
 *               registered; data one cycle after the grant, gated by valid.
 *   AAUs        one allocation queue of warp offsets (the global AAU) and
 *               one of banks per row (the per-warp AAUs of Fig. 8, one per
 *               active warp: only active warps hold banks), taking up to
 *               FILL_PORTS allocations and frees a cycle (gpurf_alloc_lanes)
 *               when FILL_PORTS > 1.
 * The wide data paths are leaf cells (gen/cells.c): the fill crossbar
 * (fill lanes to banks), each bank's write mux, the read return crossbar
 * (banks to collectors and eviction lanes).  Everything else per bank,
 * port or row is unrolled here in C. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "cells.h"
#include "emit_lib.h"
#include "ltrf_cache_desc.h"
#include "vwriter.h"

struct lc_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	unsigned nc, nwp, nb, na, bw, ow, dw, lanes, nf;
	char arb_rd[96], arb_wr[96], aq_off[96], aq_bank[96];
};

static const struct port_desc *P(const struct lc_geom *g, enum ltrf_cache_port p)
{
	return &g->m->ports[p];
}

/* "{x[n-1], ..., x[0]}" of per-requester bank matches for bank b. */
static void emit_requests(struct vw *w, const struct lc_geom *g, const char *dst, unsigned n,
			  enum ltrf_cache_port req, enum ltrf_cache_port bank, unsigned b)
{
	char line[4096], sel[64], lit[32];
	size_t used = (size_t)snprintf(line, sizeof line, "wire [%u:0] %s = {", n - 1, dst);

	for (unsigned e = n; e-- > 0;)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%s[%u] & (%s == %s)",
					 e + 1 == n ? "" : ", ", P(g, req)->name, e,
					 vw_elem(sel, sizeof sel, P(g, bank), e), vw_lit(lit, sizeof lit, g->bw, b));
	snprintf(line + used, sizeof line - used, "};");
	vw_line(w, "%s", line);
}

static void emit_arb(struct vw *w, const char *module, unsigned n, const char *pfx, unsigned b)
{
	vw_line(w, "wire [%u:0] %s_gnt_b%u;", n - 1, pfx, b);
	vw_line(w, "wire %s_cnt_unused_b%u;", pfx, b);
	vw_open(w, "%s u_%s_arb_b%u (", module, pfx, b);
	if (n > 1) {
		vw_line(w, ".clk_i   (clk_i),");
		vw_line(w, ".rst_ni  (rst_ni),");
	}
	vw_line(w, ".req_i   (%s_req_b%u),", pfx, b);
	vw_line(w, ".limit_i (1'b1),");
	vw_line(w, ".gnt_o   (%s_gnt_b%u),", pfx, b);
	vw_line(w, ".count_o (%s_cnt_unused_b%u)", pfx, b);
	vw_close(w, ");");
}

/* AND-OR of port element values selected by the grant vector. */
static void emit_grant_mux(struct vw *w, const struct lc_geom *g, const char *dst, unsigned width,
			   const char *gnt, enum ltrf_cache_port val, unsigned n, const char *extra)
{
	char sel[64];

	vw_line(w, "wire [%u:0] %s =", width - 1, dst);
	w->indent += 2;
	for (unsigned e = 0; e < n; e++)
		vw_line(w, "({%u{%s[%u]}} & %s)%s", width, gnt, e, vw_elem(sel, sizeof sel, P(g, val), e),
			e + 1 == n && !extra ? ";" : " |");
	if (extra)
		vw_line(w, "%s;", extra);
	w->indent -= 2;
}

static void emit_bank(struct vw *w, const struct lc_geom *g, unsigned b)
{
	char name[64], extra[160], lit[32];

	vw_line(w, "// ---- bank %u ----", b);
	snprintf(name, sizeof name, "rd_req_b%u", b);
	emit_requests(w, g, name, g->nc, LC_RD_REQ_I, LC_RD_BANK_I, b);
	emit_arb(w, g->arb_rd, g->nc, "rd", b);
	snprintf(name, sizeof name, "ev_req_b%u", b);
	emit_requests(w, g, name, g->nf, LC_EV_REQ_I, LC_EV_BANK_I, b);
	vw_line(w, "wire [%u:0] ev_gnt_b%u = ev_req_b%u & (~ev_req_b%u + %s) & {%u{~(|rd_req_b%u)}};"
		   "  // the lowest lane; operand reads first", g->nf - 1u, b, b, b, vw_lit(lit, sizeof lit, g->nf, 1), g->nf, b);
	snprintf(name, sizeof name, "wr_req_b%u", b);
	emit_requests(w, g, name, g->nwp, LC_WR_REQ_I, LC_WR_BANK_I, b);
	emit_arb(w, g->arb_wr, g->nwp, "wr", b);
	snprintf(name, sizeof name, "fill_req_b%u", b);
	emit_requests(w, g, name, g->nf, LC_FILL_REQ_I, LC_FILL_BANK_I, b);
	vw_line(w, "assign fill_gnt_b%u = fill_req_b%u & (~fill_req_b%u + %s) & {%u{~(|wr_req_b%u)}};"
		   "  // the lowest lane; writes first", b, b, b, vw_lit(lit, sizeof lit, g->nf, 1), g->nf, b);
	snprintf(name, sizeof name, "ev_off_b%u", b);
	snprintf(lit, sizeof lit, "ev_gnt_b%u", b);
	emit_grant_mux(w, g, name, g->ow, lit, LC_EV_OFF_I, g->nf, NULL);
	snprintf(name, sizeof name, "fill_off_b%u", b);
	snprintf(lit, sizeof lit, "fill_gnt_b%u", b);
	emit_grant_mux(w, g, name, g->ow, lit, LC_FILL_OFF_I, g->nf, NULL);
	snprintf(name, sizeof name, "raddr_b%u", b);
	snprintf(extra, sizeof extra, "({OFF_W{|ev_gnt_b%u}} & ev_off_b%u)", b, b);
	snprintf(lit, sizeof lit, "rd_gnt_b%u", b);
	emit_grant_mux(w, g, name, g->ow, lit, LC_RD_OFF_I, g->nc, extra);
	snprintf(lit, sizeof lit, "wr_gnt_b%u", b);
	snprintf(name, sizeof name, "waddr_b%u", b);
	snprintf(extra, sizeof extra, "({OFF_W{|fill_gnt_b%u}} & fill_off_b%u)", b, b);
	emit_grant_mux(w, g, name, g->ow, lit, LC_WR_OFF_I, g->nwp, extra);
	snprintf(name, sizeof name, "wmask_b%u", b);
	snprintf(extra, sizeof extra, "{LANES{|fill_gnt_b%u}}", b);
	emit_grant_mux(w, g, name, g->lanes, lit, LC_WR_MASK_I, g->nwp, extra);
	{
		char inst[32], sel[48], data[96], out[32];

		vw_line(w, "wire [DATA_W-1:0] wdata_b%u;  // the granted write port's data, else the fill's", b);
		snprintf(inst, sizeof inst, "u_wdata_b%u", b);
		snprintf(sel, sizeof sel, "{|fill_gnt_b%u, wr_gnt_b%u}", b, b);
		snprintf(data, sizeof data, "{fill_data_bk[%u*DATA_W +: DATA_W], wr_data_i}", b);
		snprintf(out, sizeof out, "wdata_b%u", b);
		emit_cell_inst(w, CELL_MUX_ONEHOT, inst, (const char *const[]){"N", "WR_IN", "W", "DATA_W", NULL},
			       (const char *const[]){"data_i", data, "sel_i", sel, "data_o", out, NULL});
	}
	vw_line(w, "wire [DATA_W-1:0] rdata_b%u;", b);
	vw_open(w, "%s u_bank%u (", g->m->mems[0].module, b);
	vw_line(w, ".clk_i   (clk_i),");
	vw_line(w, ".re_i    ((|rd_gnt_b%u) | (|ev_gnt_b%u)),", b, b);
	vw_line(w, ".raddr_i (raddr_b%u),", b);
	vw_line(w, ".rdata_o (rdata_b%u),", b);
	vw_line(w, ".we_i    ((|wr_gnt_b%u) | (|fill_gnt_b%u)),", b, b);
	vw_line(w, ".waddr_i (waddr_b%u),", b);
	vw_line(w, ".wmask_i (wmask_b%u),", b);
	vw_line(w, ".wdata_i (wdata_b%u)", b);
	vw_close(w, ");");
	vw_blank(w);
}

/* Each bank's fill data: the lowest fill lane naming it (fill_gnt_b<b>),
 * through one crossbar; the grants are computed per bank, so they are
 * declared here first. */
static void emit_fill_xbar(struct vw *w, const struct lc_geom *g)
{
	vw_line(w, "// ---- fill data per bank: the granted fill lane's register ----");
	for (unsigned b = 0; b < g->nb; b++)
		vw_line(w, "wire [%u:0] fill_gnt_b%u;", g->nf - 1u, b);
	emit_concat(w, "wire [NUM_BANKS*FILL_PORTS-1:0] fill_sel", "fill_gnt_b", g->nb);
	vw_line(w, "wire [NUM_BANKS*DATA_W-1:0] fill_data_bk;");
	emit_cell_inst(w, CELL_XBAR_ONEHOT, "u_fill_data",
		       (const char *const[]){"N_IN", "FILL_PORTS", "N_OUT", "NUM_BANKS", "W", "DATA_W", NULL},
		       (const char *const[]){"data_i", "fill_data_i", "sel_i", "fill_sel", "data_o", "fill_data_bk", NULL});
	vw_blank(w);
}

/* "a_b0 | a_b1 | ..." */
static const char *or_banks(char *buf, size_t n, const struct lc_geom *g, const char *what)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned b = 0; b < g->nb; b++)
		used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s_b%u", b ? " | " : "", what, b);
	return buf;
}

static void emit_return(struct vw *w, const struct lc_geom *g)
{
	char line[4096];

	vw_line(w, "// ---- grants and read return (data one cycle after the grant) ----");
	vw_line(w, "assign rd_gnt_o   = %s;", or_banks(line, sizeof line, g, "rd_gnt"));
	vw_line(w, "assign wr_gnt_o   = %s;", or_banks(line, sizeof line, g, "wr_gnt"));
	vw_line(w, "assign fill_gnt_o = %s;", or_banks(line, sizeof line, g, "fill_gnt"));
	vw_line(w, "assign ev_gnt_o   = %s;", or_banks(line, sizeof line, g, "ev_gnt"));
	vw_line(w, "reg [NUM_COLLECTORS-1:0] rd_v_q;");
	vw_line(w, "reg [FILL_PORTS-1:0]     ev_v_q;");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "rd_v_q <= {NUM_COLLECTORS{1'b0}};");
	vw_line(w, "ev_v_q <= {FILL_PORTS{1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "rd_v_q <= rd_gnt_o;");
	vw_line(w, "ev_v_q <= ev_gnt_o;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "// Which bank answers (data: no reset, gated by valid).");
	for (unsigned c = 0; c < g->nc; c++)
		vw_line(w, "reg [BANK_W-1:0] rd_bank_q_%u;", c);
	for (unsigned k = 0; k < g->nf; k++)
		vw_line(w, "reg [BANK_W-1:0] ev_bank_q_%u;", k);
	vw_open(w, "always @(posedge clk_i) begin");
	for (unsigned c = 0; c < g->nc; c++)
		vw_line(w, "rd_bank_q_%u <= rd_bank_i[%u +: BANK_W];", c, c * g->bw);
	for (unsigned k = 0; k < g->nf; k++)
		vw_line(w, "ev_bank_q_%u <= ev_bank_i[%u +: BANK_W];", k, k * g->bw);
	vw_close(w, "end");
	vw_line(w, "assign ev_valid_o = ev_v_q;");
	vw_line(w, "// per reader (collectors, then eviction lanes) the bank answering it, one-hot");
	emit_concat(w, "wire [NUM_BANKS*DATA_W-1:0] rdata_bk", "rdata_b", g->nb);
	vw_line(w, "wire [(NUM_COLLECTORS+FILL_PORTS)*NUM_BANKS-1:0] ret_sel;");
	for (unsigned c = 0; c < g->nc + g->nf; c++) {
		int ev = c >= g->nc;
		unsigned k = c - g->nc;
		char inst[32], en[32], idx[32], out[64];

		snprintf(inst, sizeof inst, ev ? "u_ret_ev_%u" : "u_ret_rd_%u", ev ? k : c);
		snprintf(en, sizeof en, ev ? "ev_v_q[%u]" : "rd_v_q[%u]", ev ? k : c);
		snprintf(idx, sizeof idx, ev ? "ev_bank_q_%u" : "rd_bank_q_%u", ev ? k : c);
		snprintf(out, sizeof out, "ret_sel[%u*NUM_BANKS +: NUM_BANKS]", c);
		emit_cell_inst(w, CELL_DECODE, inst, (const char *const[]){"N", "NUM_BANKS", "IDX_W", "BANK_W", NULL},
			       (const char *const[]){"en_i", en, "idx_i", idx, "onehot_o", out, NULL});
	}
	vw_line(w, "wire [(NUM_COLLECTORS+FILL_PORTS)*DATA_W-1:0] ret_data;");
	emit_cell_inst(w, CELL_XBAR_ONEHOT, "u_ret",
		       (const char *const[]){"N_IN", "NUM_BANKS", "N_OUT", "NUM_COLLECTORS+FILL_PORTS", "W", "DATA_W", NULL},
		       (const char *const[]){"data_i", "rdata_bk", "sel_i", "ret_sel", "data_o", "ret_data", NULL});
	vw_line(w, "assign rd_data_o = ret_data[NUM_COLLECTORS*DATA_W-1:0];");
	vw_line(w, "assign ev_data_o = ret_data[(NUM_COLLECTORS+FILL_PORTS)*DATA_W-1:NUM_COLLECTORS*DATA_W];");
	vw_line(w, "assign rd_valid_o = rd_v_q;");
	vw_blank(w);
}

/* The row AAUs with FILL_PORTS lanes: lane k allocates / frees in its
 * row's queue; a row's j-th allocating lane gets heads_o[j]. */
static void emit_aau_lanes(struct vw *w, const struct lc_geom *g)
{
	char lit[32];

	for (unsigned s = 0; s < g->na; s++) {
		vw_lit(lit, sizeof lit, g->ow, s);
		vw_line(w, "wire [FILL_PORTS-1:0] bq_alloc_%u, bq_free_%u;", s, s);
		for (unsigned k = 0; k < g->nf; k++) {
			vw_line(w, "assign bq_alloc_%u[%u] = ba_req_i[%u] & (ba_off_i[%u +: OFF_W] == %s);", s, k, k,
				k * g->ow, lit);
			vw_line(w, "assign bq_free_%u[%u] = bf_req_i[%u] & (bf_off_i[%u +: OFF_W] == %s);", s, k, k,
				k * g->ow, lit);
		}
		vw_line(w, "wire bq_ok_%u;", s);
		vw_open(w, "%s u_bank_aau_%u (", g->aq_bank, s);
		vw_line(w, ".clk_i      (clk_i),");
		vw_line(w, ".rst_ni     (rst_ni),");
		vw_line(w, ".alloc_i    (bq_alloc_%u),", s);
		vw_line(w, ".free_i     (bq_free_%u),", s);
		vw_line(w, ".free_id_i  (bf_bank_i),");
		vw_line(w, ".ok_o       (bq_ok_%u),", s);
		vw_line(w, ".heads_o    (ba_heads_o[%u +: FILL_PORTS*BANK_W]),", s * g->nf * g->bw);
		vw_line(w, ".occupied_o (banks_held_o[%u +: NUM_BANKS])", s * g->nb);
		vw_close(w, ");");
	}
	vw_line(w, "// ba_ok_o / ba_bank_o: lane 0's row");
	vw_line(w, "wire [OFF_W-1:0] ba_off0 = ba_off_i[0 +: OFF_W];");
	vw_line(w, "assign ba_ok_o =");
	w->indent += 2;
	for (unsigned s = 0; s < g->na; s++)
		vw_line(w, "((ba_off0 == %s) & bq_ok_%u)%s", vw_lit(lit, sizeof lit, g->ow, s), s, s + 1 == g->na ? ";" : " |");
	w->indent -= 2;
	vw_line(w, "assign ba_bank_o =");
	w->indent += 2;
	for (unsigned s = 0; s < g->na; s++)
		vw_line(w, "({BANK_W{(ba_off0 == %s) & bq_ok_%u}} & ba_heads_o[%u +: BANK_W])%s",
			vw_lit(lit, sizeof lit, g->ow, s), s, s * g->nf * g->bw, s + 1 == g->na ? ";" : " |");
	w->indent -= 2;
}

static void emit_aau(struct vw *w, const struct lc_geom *g)
{
	char lit[32];

	vw_line(w, "// ---- global AAU: warp offsets (register-cache rows) ----");
	vw_line(w, "wire              oq_ok;");
	vw_line(w, "wire [OFF_W-1:0]  oq_id;");
	vw_open(w, "%s u_offset_aau (", g->aq_off);
	vw_line(w, ".clk_i      (clk_i),");
	vw_line(w, ".rst_ni     (rst_ni),");
	vw_line(w, ".alloc_i    (oa_req_i[0]),");
	vw_line(w, ".free_i     (of_req_i[0]),");
	vw_line(w, ".free_id_i  (of_off_i),");
	vw_line(w, ".ok_o       (oq_ok),");
	vw_line(w, ".id_o       (oq_id),");
	vw_line(w, ".occupied_o (rows_used_o)");
	vw_close(w, ");");
	vw_line(w, "assign oa_ok_o  = oq_ok;");
	vw_line(w, "assign oa_off_o = {OFF_W{oq_ok}} & oq_id;");
	vw_blank(w);
	vw_line(w, "// ---- per-row AAUs: banks of each active warp's row (Fig. 8) ----");
	if (g->nf > 1) {
		emit_aau_lanes(w, g);
		return;
	}
	for (unsigned s = 0; s < g->na; s++) {
		vw_lit(lit, sizeof lit, g->ow, s);
		vw_line(w, "wire             bq_ok_%u;", s);
		vw_line(w, "wire [BANK_W-1:0] bq_id_%u;", s);
		vw_open(w, "%s u_bank_aau_%u (", g->aq_bank, s);
		vw_line(w, ".clk_i      (clk_i),");
		vw_line(w, ".rst_ni     (rst_ni),");
		vw_line(w, ".alloc_i    (ba_req_i[0] & (ba_off_i == %s)),", lit);
		vw_line(w, ".free_i     (bf_req_i[0] & (bf_off_i == %s)),", lit);
		vw_line(w, ".free_id_i  (bf_bank_i),");
		vw_line(w, ".ok_o       (bq_ok_%u),", s);
		vw_line(w, ".id_o       (bq_id_%u),", s);
		vw_line(w, ".occupied_o (banks_held_o[%u +: NUM_BANKS])", s * g->nb);
		vw_close(w, ");");
	}
	vw_line(w, "wire ba_ok =");
	w->indent += 2;
	for (unsigned s = 0; s < g->na; s++)
		vw_line(w, "((ba_off_i == %s) & bq_ok_%u)%s", vw_lit(lit, sizeof lit, g->ow, s), s,
			s + 1 == g->na ? ";" : " |");
	w->indent -= 2;
	vw_line(w, "assign ba_ok_o = ba_ok;");
	vw_line(w, "assign ba_bank_o =");
	w->indent += 2;
	for (unsigned s = 0; s < g->na; s++)
		vw_line(w, "({BANK_W{(ba_off_i == %s) & bq_ok_%u}} & bq_id_%u)%s", vw_lit(lit, sizeof lit, g->ow, s), s, s,
			s + 1 == g->na ? ";" : " |");
	w->indent -= 2;
	for (unsigned s = 0; s < g->na; s++)
		vw_line(w, "assign ba_heads_o[%u +: BANK_W] = {BANK_W{bq_ok_%u}} & bq_id_%u;", s * g->bw, s, s);
}

int emit_ltrf_cache(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	struct lc_geom g = {0};
	struct sbuf *out;
	struct vw w;
	int fresh;

	g.cfg = cfg;
	g.m = m;
	g.nc = cfg->collectors;
	g.nwp = cfg->write_ports;
	g.nb = cfg->ltrf.regs_per_interval;
	g.na = cfg->ltrf.active_warps;
	g.bw = cfg->ltrf.d.bank_bits;
	g.ow = cfg->ltrf.d.offset_bits;
	g.dw = cfg->d.warp_bits;
	g.lanes = cfg->lanes;
	g.nf = cfg->ltrf.fill_ports;
	if (emit_sram(d, &m->mems[0]) || emit_rr_arb(d, g.nc, 1, g.arb_rd, sizeof g.arb_rd) ||
	    emit_rr_arb(d, g.nwp, 1, g.arb_wr, sizeof g.arb_wr) ||
	    emit_alloc_queue(d, g.na, g.aq_off, sizeof g.aq_off) ||
	    (g.nf > 1 ? emit_alloc_lanes(d, g.nb, g.nf, g.aq_bank, sizeof g.aq_bank)
		      : emit_alloc_queue(d, g.nb, g.aq_bank, sizeof g.aq_bank)) ||
	    cell_use(d, CELL_DECODE) || cell_use(d, CELL_XBAR_ONEHOT))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "LTRF register file cache and address allocation units (docs/ltrf.md; "
			   "paper Sec. 4.1, Figs. 5 and 8).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "NUM_BANKS");
	vw_param(&w, m, "LANES");
	vw_param(&w, m, "NUM_COLLECTORS");
	vw_param(&w, m, "FILL_PORTS");
	vw_line(&w, "localparam integer DATA_W = %u;  // one warp register", g.dw);
	vw_line(&w, "localparam integer BANK_W = %u;  // ceil(log2 NUM_BANKS), at least 1", g.bw);
	vw_line(&w, "localparam integer OFF_W  = %u;  // ceil(log2 NUM_ROWS), at least 1", g.ow);
	vw_blank(&w);
	vw_line(&w, "localparam integer WR_IN  = %u;  // a bank's write sources: the write ports, then the fill", g.nwp + 1u);
	vw_blank(&w);
	emit_fill_xbar(&w, &g);
	for (unsigned b = 0; b < g.nb; b++)
		emit_bank(&w, &g, b);
	emit_return(&w, &g);
	emit_aau(&w, &g);
	vw_module_end(&w);
	return 0;
}

unsigned wave_ltrf_cache(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	static const enum ltrf_cache_port ops[] = {LC_RD_REQ_I, LC_RD_BANK_I, LC_RD_OFF_I, LC_RD_GNT_O,
						   LC_RD_VALID_O, LC_WR_REQ_I, LC_WR_BANK_I, LC_WR_OFF_I,
						   LC_WR_GNT_O};
	static const enum ltrf_cache_port mrf[] = {LC_FILL_REQ_I, LC_FILL_BANK_I, LC_FILL_OFF_I, LC_FILL_GNT_O,
						   LC_EV_REQ_I, LC_EV_BANK_I, LC_EV_OFF_I, LC_EV_GNT_O,
						   LC_EV_VALID_O};
	static const enum ltrf_cache_port aau[] = {LC_OA_REQ_I, LC_OA_OK_O, LC_OA_OFF_O, LC_OF_REQ_I,
						   LC_OF_OFF_I, LC_BA_REQ_I, LC_BA_OFF_I, LC_BA_OK_O,
						   LC_BA_BANK_O, LC_BF_REQ_I, LC_BF_OFF_I, LC_BF_BANK_I,
						   LC_ROWS_USED_O, LC_BANKS_HELD_O, LC_BA_HEADS_O};
	unsigned n = 0;

	(void)cfg;
	groups[n] = (struct wave_group){.title = "operand reads and writes"};
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		wave_add_port(&groups[n], m, ops[i]);
	n++;
	groups[n] = (struct wave_group){.title = "fill and eviction (main register file side)"};
	for (size_t i = 0; i < sizeof mrf / sizeof mrf[0]; i++)
		wave_add_port(&groups[n], m, mrf[i]);
	n++;
	groups[n] = (struct wave_group){.title = "address allocation units"};
	for (size_t i = 0; i < sizeof aau / sizeof aau[0]; i++)
		wave_add_port(&groups[n], m, aau[i]);
	n++;
	return n;
}
