/* emit_rf_banked.c: Verilog of the banked register file.
 *
 * The structure (docs/rf_banked.md has the picture):
 *   address decode   per request: bank and row (common/rf_banked_desc.h)
 *   per bank         write arbiter, then read arbiter with the ports the
 *                    writes left (writes win the bank); port muxes;
 *                    one SRAM macro with BANK_READ_PORTS / BANK_WRITE_PORTS
 *   read return      which bank and port served each collector, registered;
 *                    READ_LATENCY-1 further pipeline stages; data gated by
 *                    valid so nothing undefined ever leaves the module.
 * Everything per request or per bank is unrolled here, in C, with constant
 * part-selects: no integer loop variables in the Verilog, so widths are
 * exact and -Wall has nothing to say. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "emit_lib.h"
#include "rf_banked_desc.h"
#include "vwriter.h"

/* Widths and counts the emitter uses everywhere. */
struct rfb_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	unsigned nc, nw, nb, dw, lanes;
	unsigned ww, rw, bw, row_w;	/* warp, reg, bank, row widths (bw may be 0) */
	unsigned cnt_w;			/* arbiter limit/count width */
	unsigned rpb;			/* rows per warp slot in one bank */
	char arb_rd[96], arb_wr[96];	/* arbiter module names */
};

/* One side of the request interface: reads or writes. */
struct rfb_side {
	const char *pfx;		/* "rd" or "wr" */
	unsigned n;			/* requesters */
	unsigned bank_ports;		/* SRAM ports of this kind per bank */
	enum rf_banked_port req, warp, reg;
	const char *arb;
	unsigned rank_w;		/* RANK_W, shared by both sides */
	int count_used;			/* the arbiter's grant count feeds logic */
};

static const struct port_desc *P(const struct rfb_geom *g, enum rf_banked_port p)
{
	return &g->m->ports[p];
}

/* Bits [lo +: width] of element e of port p, as a constant part-select. */
static const char *sub(char *buf, size_t n, const struct port_desc *p, unsigned e, unsigned lo,
		       unsigned width)
{
	unsigned lsb = e * p->elem_width + lo;

	if (width == 1)
		snprintf(buf, n, "%s[%u]", p->name, lsb);
	else
		snprintf(buf, n, "%s[%u:%u]", p->name, lsb + width - 1, lsb);
	return buf;
}

/* Bank and row of each request of one side. */
static void emit_decode(struct vw *w, const struct rfb_geom *g, const struct rfb_side *s)
{
	const struct port_desc *pw = P(g, s->warp), *pr = P(g, s->reg);
	char a[128], b[128], c[160], d[160];

	for (unsigned e = 0; e < s->n; e++) {
		if (g->nb > 1) {
			sub(a, sizeof a, pr, e, 0, g->bw);
			if (g->cfg->bank_map == BANK_MAP_REG_PLUS_WARP) {
				if (g->ww >= g->bw)
					sub(b, sizeof b, pw, e, 0, g->bw);
				else
					vw_zext(b, sizeof b, sub(c, sizeof c, pw, e, 0, g->ww), g->ww, g->bw);
				vw_line(w, "wire [BANK_W-1:0] %s_bank_%u = %s + %s;", s->pfx, e, a, b);
			} else {
				vw_line(w, "wire [BANK_W-1:0] %s_bank_%u = %s;", s->pfx, e, a);
			}
		}
		/* row = warp * ROWS_PER_SLOT + (reg >> BANK_W) */
		c[0] = d[0] = '\0';
		if (g->cfg->warps > 1) {
			vw_zext(a, sizeof a, sub(b, sizeof b, pw, e, 0, g->ww), g->ww, g->row_w);
			if (g->rpb > 1)
				snprintf(c, sizeof c, "%s * ROWS_PER_SLOT[ROW_W-1:0]", a);
			else
				snprintf(c, sizeof c, "%s", a);
		}
		if (g->rpb > 1)
			vw_zext(d, sizeof d, sub(b, sizeof b, pr, e, g->bw, g->rw - g->bw), g->rw - g->bw,
				g->row_w);
		vw_line(w, "wire [ROW_W-1:0]  %s_row_%u = %s%s%s;", s->pfx, e,
			c[0] ? c : (d[0] ? "" : "{ROW_W{1'b0}}"), c[0] && d[0] ? " + " : "", d);
	}
	vw_blank(w);
}

/* Requests of one side that target bank b. */
static void emit_bank_requests(struct vw *w, const struct rfb_geom *g, const struct rfb_side *s,
			       unsigned b)
{
	char line[8192], lit[32];
	size_t used;

	if (g->nb == 1) {
		vw_line(w, "wire [%u:0] %s_req_b%u = %s;", s->n - 1, s->pfx, b, P(g, s->req)->name);
		return;
	}
	used = (size_t)snprintf(line, sizeof line, "wire [%u:0] %s_req_b%u = {", s->n - 1, s->pfx, b);
	for (unsigned e = s->n; e-- > 0;)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%s[%u] & (%s_bank_%u == %s)",
					 e + 1 == s->n ? "" : ", ", P(g, s->req)->name, e, s->pfx, e,
					 vw_lit(lit, sizeof lit, g->bw, b));
	snprintf(line + used, sizeof line - used, "};");
	vw_line(w, "%s", line);
}

static void emit_arbiter(struct vw *w, const struct rfb_side *s,
			 unsigned b, const char *limit)
{
	vw_line(w, "wire [%u:0] %s_gnt_b%u;", s->n - 1, s->pfx, b);
	vw_line(w, "wire [CNT_W-1:0] %s_cnt%s_b%u;", s->pfx, s->count_used ? "" : "_unused", b);
	vw_open(w, "%s u_%s_arb_b%u (", s->arb, s->pfx, b);
	if (s->n > 1) {
		vw_line(w, ".clk_i   (clk_i),");
		vw_line(w, ".rst_ni  (rst_ni),");
	}
	vw_line(w, ".req_i   (%s_req_b%u),", s->pfx, b);
	vw_line(w, ".limit_i (%s),", limit);
	vw_line(w, ".gnt_o   (%s_gnt_b%u),", s->pfx, b);
	vw_line(w, ".count_o (%s_cnt%s_b%u)", s->pfx, s->count_used ? "" : "_unused", b);
	vw_close(w, ");");
}

/* Select of requester e for SRAM port p of bank b: the p-th grant of the
 * bank in requester order. */
static const char *port_sel(char *buf, size_t n, const struct rfb_side *s, unsigned b, unsigned e,
			    unsigned p)
{
	if (s->bank_ports == 1)
		snprintf(buf, n, "%s_gnt_b%u[%u]", s->pfx, b, e);
	else
		snprintf(buf, n, "(%s_gnt_b%u[%u] && %s_rank_b%u_%u == %u'd%u)", s->pfx, b, e, s->pfx,
			 b, e, s->rank_w, p);
	return buf;
}

/* Ranks (grants before e in requester order) when a bank has several ports
 * of this kind. */
static void emit_ranks(struct vw *w, const struct rfb_side *s, unsigned b)
{
	if (s->bank_ports == 1)
		return;
	vw_line(w, "wire [RANK_W-1:0] %s_rank_b%u_0 = {RANK_W{1'b0}};", s->pfx, b);
	for (unsigned e = 1; e < s->n; e++)
		vw_line(w, "wire [RANK_W-1:0] %s_rank_b%u_%u = %s_rank_b%u_%u + {{(RANK_W-1){1'b0}}, %s_gnt_b%u[%u]};",
			s->pfx, b, e, s->pfx, b, e - 1, s->pfx, b, e - 1);
}

/* AND-OR mux over the requesters of one side for port p of bank b:
 * `what_e` is the per-requester expression, `width` its width. */
static void emit_port_mux(struct vw *w, const struct rfb_side *s, unsigned b, unsigned p,
			  const char *dst, unsigned width, const char *(*what)(char *, size_t, void *, unsigned),
			  void *ctx)
{
	char sel[128], val[128];

	vw_line(w, "wire [%u:0] %s =", width - 1, dst);
	w->indent += 2;
	for (unsigned e = 0; e < s->n; e++)
		vw_line(w, "({%u{%s}} & %s)%s", width, port_sel(sel, sizeof sel, s, b, e, p),
			what(val, sizeof val, ctx, e), e + 1 == s->n ? ";" : " |");
	w->indent -= 2;
}

struct mux_ctx {
	const struct rfb_geom *g;
	const char *pfx;
	enum rf_banked_port port;	/* for port-slice values */
};

static const char *row_of(char *buf, size_t n, void *vctx, unsigned e)
{
	struct mux_ctx *ctx = vctx;

	snprintf(buf, n, "%s_row_%u", ctx->pfx, e);
	return buf;
}

static const char *elem_of(char *buf, size_t n, void *vctx, unsigned e)
{
	struct mux_ctx *ctx = vctx;

	return vw_elem(buf, n, P(ctx->g, ctx->port), e);
}

/* OR over the requesters of the selects of port p: the port is used. */
static void emit_port_enable(struct vw *w, const struct rfb_side *s, unsigned b, unsigned p,
			     const char *dst)
{
	char sel[128];

	vw_line(w, "wire %s =", dst);
	w->indent += 2;
	for (unsigned e = 0; e < s->n; e++)
		vw_line(w, "%s%s", port_sel(sel, sizeof sel, s, b, e, p), e + 1 == s->n ? ";" : " |");
	w->indent -= 2;
}

/* "{x_p2, x_p1, x_p0}" for ports n-1..0 of bank b. */
static const char *port_concat(char *buf, size_t n, const char *what, unsigned b, unsigned ports)
{
	size_t used = (size_t)snprintf(buf, n, "{");

	for (unsigned p = ports; p-- > 0;)
		used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s%s_b%u_p%u",
					 p + 1 == ports ? "" : ", ", what, b, p);
	snprintf(buf + used, used < n ? n - used : 0, "}");
	return buf;
}

/* The SRAM of bank b and its port muxes. */
static void emit_bank_sram(struct vw *w, const struct rfb_geom *g, const struct rfb_side *rd,
			   const struct rfb_side *wr, unsigned b)
{
	struct mux_ctx rctx = {g, "rd", RFB_RD_REQ_I}, wctx = {g, "wr", RFB_WR_REQ_I};
	unsigned npr = g->cfg->bank_read_ports, npw = g->cfg->bank_write_ports;
	char name[64], cat[512];

	for (unsigned p = 0; p < npr; p++) {
		snprintf(name, sizeof name, "re_b%u_p%u", b, p);
		emit_port_enable(w, rd, b, p, name);
		snprintf(name, sizeof name, "raddr_b%u_p%u", b, p);
		emit_port_mux(w, rd, b, p, name, g->row_w, row_of, &rctx);
	}
	for (unsigned p = 0; p < npw; p++) {
		snprintf(name, sizeof name, "we_b%u_p%u", b, p);
		emit_port_enable(w, wr, b, p, name);
		snprintf(name, sizeof name, "waddr_b%u_p%u", b, p);
		emit_port_mux(w, wr, b, p, name, g->row_w, row_of, &wctx);
		wctx.port = RFB_WR_MASK_I;
		snprintf(name, sizeof name, "wmask_b%u_p%u", b, p);
		emit_port_mux(w, wr, b, p, name, g->lanes, elem_of, &wctx);
		wctx.port = RFB_WR_DATA_I;
		snprintf(name, sizeof name, "wdata_b%u_p%u", b, p);
		emit_port_mux(w, wr, b, p, name, g->dw, elem_of, &wctx);
	}
	vw_line(w, "wire [%u:0] rdata_b%u;", npr * g->dw - 1, b);
	if (g->m->mems[0].rw_ports) {
		/* One access per cycle: the arbiters never grant a read and a
		 * write of this bank together, so they share one port. */
		vw_open(w, "%s u_bank%u (", g->m->mems[0].module, b);
		vw_line(w, ".clk_i   (clk_i),");
		vw_line(w, ".en_i    (re_b%u_p0 | we_b%u_p0),", b, b);
		vw_line(w, ".we_i    (we_b%u_p0),", b);
		vw_line(w, ".addr_i  (we_b%u_p0 ? waddr_b%u_p0 : raddr_b%u_p0),", b, b, b);
		vw_line(w, ".wmask_i (wmask_b%u_p0),", b);
		vw_line(w, ".wdata_i (wdata_b%u_p0),", b);
		vw_line(w, ".rdata_o (rdata_b%u)", b);
		vw_close(w, ");");
		vw_blank(w);
		return;
	}
	vw_open(w, "%s u_bank%u (", g->m->mems[0].module, b);
	vw_line(w, ".clk_i   (clk_i),");
	vw_line(w, ".re_i    (%s),", port_concat(cat, sizeof cat, "re", b, npr));
	vw_line(w, ".raddr_i (%s),", port_concat(cat, sizeof cat, "raddr", b, npr));
	vw_line(w, ".rdata_o (rdata_b%u),", b);
	vw_line(w, ".we_i    (%s),", port_concat(cat, sizeof cat, "we", b, npw));
	vw_line(w, ".waddr_i (%s),", port_concat(cat, sizeof cat, "waddr", b, npw));
	vw_line(w, ".wmask_i (%s),", port_concat(cat, sizeof cat, "wmask", b, npw));
	vw_line(w, ".wdata_i (%s)", port_concat(cat, sizeof cat, "wdata", b, npw));
	vw_close(w, ");");
	vw_blank(w);
}

/* One bank: arbitration (writes first), then its SRAM. */
static void emit_bank(struct vw *w, const struct rfb_geom *g, const struct rfb_side *rd,
		      const struct rfb_side *wr, unsigned b)
{
	char lim[64];

	vw_line(w, "// ---- bank %u ----", b);
	emit_bank_requests(w, g, wr, b);
	emit_bank_requests(w, g, rd, b);
	emit_arbiter(w, wr, b, "WR_LIMIT[CNT_W-1:0]");
	vw_line(w, "// Writes win the bank: reads get the accesses the writes left.");
	vw_line(w, "wire [CNT_W-1:0] rd_left_b%u  = BANK_PORTS[CNT_W-1:0] - wr_cnt_b%u;", b, b);
	vw_line(w, "wire [CNT_W-1:0] rd_limit_b%u = (rd_left_b%u < BANK_READ_PORTS[CNT_W-1:0]) ?", b, b);
	vw_line(w, "                               rd_left_b%u : BANK_READ_PORTS[CNT_W-1:0];", b);
	snprintf(lim, sizeof lim, "rd_limit_b%u", b);
	emit_arbiter(w, rd, b, lim);
	emit_ranks(w, wr, b);
	emit_ranks(w, rd, b);
	emit_bank_sram(w, g, rd, wr, b);
}

/* "a_b0 | a_b1 | ..." over banks. */
static void emit_or_banks(struct vw *w, const struct rfb_geom *g, const char *dst, const char *what)
{
	char line[4096];
	size_t used = (size_t)snprintf(line, sizeof line, "assign %s = ", dst);

	for (unsigned b = 0; b < g->nb; b++)
		used += (size_t)snprintf(line + used, sizeof line - used, "%s%s_b%u", b ? " | " : "", what, b);
	snprintf(line + used, sizeof line - used, ";");
	vw_line(w, "%s", line);
}

/* Which bank and port served each collector, and the read pipeline. */
static void emit_read_return(struct vw *w, const struct rfb_geom *g, const struct rfb_side *rd)
{
	unsigned npr = g->cfg->bank_read_ports, lat = g->cfg->read_latency;

	vw_line(w, "// ---- read return ----");
	vw_line(w, "// Stage 1 is the SRAM output register: remember which bank and port");
	vw_line(w, "// answer each granted collector next cycle.");
	vw_line(w, "reg [NUM_COLLECTORS-1:0] rd_v_q;");
	for (unsigned c = 0; c < g->nc; c++) {
		if (g->nb > 1)
			vw_line(w, "reg [BANK_W-1:0] rd_bank_q_%u;", c);
		if (npr > 1) {
			char line[2048];
			size_t used = (size_t)snprintf(line, sizeof line, "wire [RANK_W-1:0] rd_port_%u = ", c);

			for (unsigned b = 0; b < g->nb; b++)
				used += (size_t)snprintf(line + used, sizeof line - used,
							 "%s({RANK_W{rd_gnt_b%u[%u]}} & rd_rank_b%u_%u)",
							 b ? " | " : "", b, c, b, c);
			snprintf(line + used, sizeof line - used, ";");
			vw_line(w, "%s", line);
			vw_line(w, "reg [RANK_W-1:0] rd_port_q_%u;", c);
		}
	}
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "rd_v_q <= {NUM_COLLECTORS{1'b0}};");
	for (unsigned c = 0; c < g->nc; c++) {
		if (g->nb > 1)
			vw_line(w, "rd_bank_q_%u <= {BANK_W{1'b0}};", c);
		if (npr > 1)
			vw_line(w, "rd_port_q_%u <= {RANK_W{1'b0}};", c);
	}
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "rd_v_q <= rd_gnt_o;");
	for (unsigned c = 0; c < g->nc; c++) {
		if (g->nb > 1)
			vw_line(w, "rd_bank_q_%u <= rd_bank_%u;", c, c);
		if (npr > 1)
			vw_line(w, "rd_port_q_%u <= rd_port_%u;", c, c);
	}
	vw_close(w, "end");
	vw_close(w, "end");
	vw_blank(w);
	vw_line(w, "// Stage-1 data: the answering port's word, zero when not valid.");
	vw_line(w, "wire [NUM_COLLECTORS*DATA_W-1:0] rd_data_s1;");
	for (unsigned c = 0; c < g->nc; c++) {
		vw_line(w, "assign rd_data_s1[%u +: DATA_W] =", c * g->dw);
		w->indent += 2;
		for (unsigned b = 0; b < g->nb; b++)
			for (unsigned p = 0; p < npr; p++) {
				char cond[160];
				size_t used = (size_t)snprintf(cond, sizeof cond, "rd_v_q[%u]", c);

				if (g->nb > 1)
					used += (size_t)snprintf(cond + used, sizeof cond - used,
								 " & (rd_bank_q_%u == %u'd%u)", c, g->bw, b);
				if (npr > 1)
					snprintf(cond + used, sizeof cond - used, " & (rd_port_q_%u == %u'd%u)", c, rd->rank_w, p);
				vw_line(w, "({DATA_W{%s}} & rdata_b%u[%u +: DATA_W])%s", cond, b, p * g->dw,
					b + 1 == g->nb && p + 1 == npr ? ";" : " |");
			}
		w->indent -= 2;
	}
	vw_blank(w);
	if (lat == 1) {
		vw_line(w, "assign rd_valid_o = rd_v_q;");
		vw_line(w, "assign rd_data_o  = rd_data_s1;");
		return;
	}
	vw_line(w, "// Stages 2..READ_LATENCY: plain delay. Data flops have no reset;");
	vw_line(w, "// the output is gated by valid instead.");
	for (unsigned s = 2; s <= lat; s++) {
		vw_line(w, "reg [NUM_COLLECTORS-1:0] rd_v_s%u_q;", s);
		vw_line(w, "reg [NUM_COLLECTORS*DATA_W-1:0] rd_data_s%u_q;", s);
	}
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	for (unsigned s = 2; s <= lat; s++)
		vw_line(w, "rd_v_s%u_q <= {NUM_COLLECTORS{1'b0}};", s);
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "rd_v_s2_q <= rd_v_q;");
	for (unsigned s = 3; s <= lat; s++)
		vw_line(w, "rd_v_s%u_q <= rd_v_s%u_q;", s, s - 1);
	vw_close(w, "end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i) begin");
	vw_line(w, "rd_data_s2_q <= rd_data_s1;");
	for (unsigned s = 3; s <= lat; s++)
		vw_line(w, "rd_data_s%u_q <= rd_data_s%u_q;", s, s - 1);
	vw_close(w, "end");
	vw_line(w, "assign rd_valid_o = rd_v_s%u_q;", lat);
	for (unsigned c = 0; c < g->nc; c++)
		vw_line(w, "assign rd_data_o[%u +: DATA_W] = {DATA_W{rd_v_s%u_q[%u]}} & rd_data_s%u_q[%u +: DATA_W];",
			c * g->dw, lat, c, lat, c * g->dw);
}

int emit_rf_banked(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	struct rfb_geom g = {0};
	struct rfb_side rd, wr;
	struct sbuf *out;
	struct vw w;
	int fresh;
	unsigned wr_limit = cfg->bank_write_ports < cfg->bank_ports ? cfg->bank_write_ports : cfg->bank_ports;
	unsigned maxp = cfg->bank_read_ports > cfg->bank_write_ports ? cfg->bank_read_ports : cfg->bank_write_ports;

	g.cfg = cfg;
	g.m = m;
	g.nc = cfg->collectors;
	g.nw = cfg->write_ports;
	g.nb = cfg->banks;
	g.dw = cfg->d.warp_bits;
	g.lanes = cfg->lanes;
	g.ww = cfg_index_bits(cfg->warps);
	g.rw = cfg_index_bits(cfg->d.regs_per_warp);
	g.bw = cfg_clog2(cfg->banks);
	g.row_w = cfg_index_bits(cfg->d.rows_per_bank);
	g.cnt_w = cfg_index_bits(cfg->bank_ports + 1u);
	g.rpb = cfg->d.regs_per_warp / cfg->banks;
	if (emit_sram(d, &m->mems[0]) || emit_rr_arb(d, g.nc, g.cnt_w, g.arb_rd, sizeof g.arb_rd) ||
	    emit_rr_arb(d, g.nw, g.cnt_w, g.arb_wr, sizeof g.arb_wr))
		return -1;
	rd = (struct rfb_side){"rd", g.nc, cfg->bank_read_ports, RFB_RD_REQ_I, RFB_RD_WARP_I, RFB_RD_REG_I,
			       g.arb_rd, cfg_index_bits(maxp + 1u), 0};
	wr = (struct rfb_side){"wr", g.nw, cfg->bank_write_ports, RFB_WR_REQ_I, RFB_WR_WARP_I, RFB_WR_REG_I,
			       g.arb_wr, cfg_index_bits(maxp + 1u), 1};

	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "Banked SM register file (docs/rf_banked.md).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "NUM_COLLECTORS");
	vw_param(&w, m, "BANK_READ_PORTS");
	vw_param(&w, m, "BANK_PORTS");
	vw_line(&w, "localparam integer DATA_W = %u;  // one warp register", g.dw);
	if (g.nb > 1)
		vw_line(&w, "localparam integer BANK_W = %u;", g.bw);
	vw_line(&w, "localparam integer ROW_W = %u;", g.row_w);
	if (cfg->warps > 1 && g.rpb > 1)
		vw_line(&w, "localparam integer ROWS_PER_SLOT = %u;  // rows of one warp slot in a bank", g.rpb);
	vw_line(&w, "localparam integer CNT_W = %u;  // arbiter limit/count width", g.cnt_w);
	vw_line(&w, "localparam integer WR_LIMIT = %u;  // min(BANK_WRITE_PORTS, BANK_PORTS)", wr_limit);
	if (maxp > 1)
		vw_line(&w, "localparam integer RANK_W = %u;  // port index width", cfg_index_bits(maxp + 1u));
	vw_blank(&w);
	vw_line(&w, "// Address bits a degenerate geometry does not need (one warp, one row)");
	vw_line(&w, "// end here; Verilator's default unused-regexp exempts this name.");
	vw_line(&w, "wire unused_addr_bits = ^{rd_warp_i, rd_reg_i, wr_warp_i, wr_reg_i};");
	vw_blank(&w);
	vw_line(&w, "// ---- address decode: bank = %s, row = warp * ROWS_PER_SLOT + reg / NUM_BANKS ----",
		cfg->bank_map == BANK_MAP_REG_PLUS_WARP ? "(reg + warp) mod NUM_BANKS" : "reg mod NUM_BANKS");
	emit_decode(&w, &g, &rd);
	emit_decode(&w, &g, &wr);
	for (unsigned b = 0; b < g.nb; b++)
		emit_bank(&w, &g, &rd, &wr, b);
	vw_line(&w, "// ---- grants and conflicts ----");
	emit_or_banks(&w, &g, "rd_gnt_o", "rd_gnt");
	emit_or_banks(&w, &g, "wr_gnt_o", "wr_gnt");
	for (unsigned b = 0; b < g.nb; b++)
		vw_line(&w, "assign bank_conflict_o[%u] = |(rd_req_b%u & ~rd_gnt_b%u) | |(wr_req_b%u & ~wr_gnt_b%u);",
			b, b, b, b, b);
	vw_blank(&w);
	emit_read_return(&w, &g, &rd);
	vw_module_end(&w);
	return 0;
}

unsigned wave_rf_banked(const struct gpurf_cfg *cfg, const struct module_desc *m,
			struct wave_group *groups)
{
	char name[64];
	unsigned n = 0;

	groups[n] = (struct wave_group){.title = "clock and reset"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n++], "rst_ni", 1);
	groups[n] = (struct wave_group){.title = "read requests"};
	wave_add_port(&groups[n], m, RFB_RD_REQ_I);
	wave_add_port(&groups[n], m, RFB_RD_WARP_I);
	wave_add_port(&groups[n++], m, RFB_RD_REG_I);
	groups[n] = (struct wave_group){.title = "write requests"};
	wave_add_port(&groups[n], m, RFB_WR_REQ_I);
	wave_add_port(&groups[n], m, RFB_WR_WARP_I);
	wave_add_port(&groups[n], m, RFB_WR_REG_I);
	wave_add_port(&groups[n++], m, RFB_WR_MASK_I);
	groups[n] = (struct wave_group){.title = "arbitration (writes win)"};
	wave_add_port(&groups[n], m, RFB_WR_GNT_O);
	wave_add_port(&groups[n], m, RFB_RD_GNT_O);
	wave_add_port(&groups[n], m, RFB_BANK_CONFLICT_O);
	for (unsigned b = 0; b < cfg->banks && b < 4; b++) {
		snprintf(name, sizeof name, "rd_req_b%u", b);
		wave_add(&groups[n], name, cfg->collectors);
		snprintf(name, sizeof name, "rd_gnt_b%u", b);
		wave_add(&groups[n], name, cfg->collectors);
	}
	n++;
	groups[n] = (struct wave_group){.title = "read return"};
	wave_add(&groups[n], "rd_v_q", cfg->collectors);
	wave_add_port(&groups[n], m, RFB_RD_VALID_O);
	wave_add_port(&groups[n++], m, RFB_RD_DATA_O);
	return n;
}
