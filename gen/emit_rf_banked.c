/* emit_rf_banked.c: Verilog of the banked register file, on the module
 * model (vmod.h) and the leaf cells (cells.h).
 *
 * The structure (docs/rf_banked.md has the picture):
 *   address decode   per request: bank and row (common/rf_banked_desc.h),
 *                    the bank as a one-hot request vector (gpurf_decode)
 *   per bank         write arbiter, then read arbiter with the ports the
 *                    writes left (writes win the bank); which requester
 *                    each SRAM port serves; one SRAM macro with
 *                    BANK_READ_PORTS / BANK_WRITE_PORTS
 *   crossbars        read addresses, write words (address, mask, data) and
 *                    read data are gpurf_xbar_onehot instances: one mux
 *                    slice per output, selected one-hot
 *   read return      which bank and port served each collector, registered;
 *                    READ_LATENCY-1 further stages (gpurf_pipe); data gated
 *                    by valid so nothing undefined ever leaves the module.
 * Per request and per bank logic is generate loops over genvars (e, b, p,
 * c); everything wide is a cell instance, so synthesis meets each distinct
 * cell once (docs/synth.md, hierarchical flow). */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "cells.h"
#include "emit_lib.h"
#include "rf_banked_desc.h"
#include "vmod.h"
#include "vwriter.h"

/* Widths and counts the emitter uses everywhere. */
struct rfb_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct vmod *v;
	unsigned nc, nw, nb, dw, lanes, npr, npw;
	unsigned ww, rw, bw, row_w;	/* warp, reg, bank, row widths (bw may be 0) */
	unsigned rank_w;		/* port index width, when a bank has several */
	unsigned rpb;			/* rows per warp slot in one bank */
	char arb_rd[96], arb_wr[96];	/* arbiter module names */
};

/* One side of the request interface: reads or writes. */
struct rfb_side {
	const char *pfx;		/* "rd" or "wr" */
	const char *n;			/* requesters: NUM_COLLECTORS / NUM_WRITE_PORTS */
	unsigned count;
	const char *ports;		/* SRAM ports of this kind per bank */
	unsigned nports;
	enum rf_banked_port req, warp, reg;
	const char *arb;
};

/* Bank and row of each request of one side, and its one-hot bank request
 * <pfx>_req_oh[e*NUM_BANKS + b]. */
static void emit_decode(const struct rfb_geom *g, const struct rfb_side *s)
{
	struct vmod *v = g->v;
	const char *warp = vmod_port(v, s->warp), *reg = vmod_port(v, s->reg);
	char a[128], b[128], c[192], d[192], nm[64];
	struct vinst *i;

	if (g->nb > 1)
		vmod_wire(v, (snprintf(nm, sizeof nm, "%s_bank", s->pfx), nm), (snprintf(a, sizeof a, "%s*BANK_W", s->n), a), NULL);
	vmod_wire(v, (snprintf(nm, sizeof nm, "%s_row", s->pfx), nm), (snprintf(a, sizeof a, "%s*ROW_W", s->n), a), NULL);
	vmod_wire(v, (snprintf(nm, sizeof nm, "%s_req_oh", s->pfx), nm),
		  (snprintf(a, sizeof a, "%s*NUM_BANKS", s->n), a), g->nb > 1 ? NULL : "%s", vmod_port(v, s->req));
	vmod_for(v, "e", s->n, (snprintf(nm, sizeof nm, "%s_decode", s->pfx), nm));
	if (g->nb > 1) {
		snprintf(a, sizeof a, "%s[e*REG_W +: BANK_W]", reg);
		snprintf(nm, sizeof nm, "%s_bank[e*BANK_W +: BANK_W]", s->pfx);
		if (g->cfg->bank_map == BANK_MAP_REG_PLUS_WARP) {
			if (g->ww >= g->bw)
				snprintf(b, sizeof b, "%s[e*WARP_W +: BANK_W]", warp);
			else
				vw_zext(b, sizeof b, (snprintf(c, sizeof c, "%s[e*WARP_W +: WARP_W]", warp), c),
					g->ww, g->bw);
			vmod_assign(v, nm, "%s + %s", a, b);
		} else {
			vmod_assign(v, nm, "%s", a);
		}
		i = vmod_inst(v, cell_module(CELL_DECODE), "bank_oh");
		vinst_param(i, "N", "NUM_BANKS");
		vinst_param(i, "IDX_W", "BANK_W");
		vinst_conn(i, "en_i", "%s[e]", vmod_port(v, s->req));
		vinst_conn(i, "idx_i", "%s_bank[e*BANK_W +: BANK_W]", s->pfx);
		vinst_conn(i, "onehot_o", "%s_req_oh[e*NUM_BANKS +: NUM_BANKS]", s->pfx);
	}
	/* row = warp * ROWS_PER_SLOT + (reg >> BANK_W) */
	c[0] = d[0] = '\0';
	if (g->cfg->warps > 1) {
		vw_zext(a, sizeof a, (snprintf(b, sizeof b, "%s[e*WARP_W +: WARP_W]", warp), b), g->ww, g->row_w);
		if (g->rpb > 1)
			snprintf(c, sizeof c, "%s * ROWS_PER_SLOT[ROW_W-1:0]", a);
		else
			snprintf(c, sizeof c, "%s", a);
	}
	if (g->rpb > 1) {
		if (g->bw)
			snprintf(b, sizeof b, "%s[e*REG_W + %u +: %u]", reg, g->bw, g->rw - g->bw);
		else
			snprintf(b, sizeof b, "%s[e*REG_W +: %u]", reg, g->rw);
		vw_zext(d, sizeof d, b, g->rw - g->bw, g->row_w);
	}
	vmod_assign(v, (snprintf(nm, sizeof nm, "%s_row[e*ROW_W +: ROW_W]", s->pfx), nm), "%s%s%s",
		    c[0] ? c : (d[0] ? "" : "{ROW_W{1'b0}}"), c[0] && d[0] ? " + " : "", d);
	vmod_end(v);
	vmod_blank(v);
}

/* Declarations of one side's per-bank vectors (index b*N + e). */
static void declare_side(const struct rfb_geom *g, const struct rfb_side *s)
{
	struct vmod *v = g->v;
	char nm[64], w[96];

	snprintf(w, sizeof w, "NUM_BANKS*%s", s->n);
	vmod_wire(v, (snprintf(nm, sizeof nm, "%s_req_bank", s->pfx), nm), w, NULL);
	vmod_wire(v, (snprintf(nm, sizeof nm, "%s_gnt_bank", s->pfx), nm), w, NULL);
	vmod_wire(v, (snprintf(nm, sizeof nm, "%s_gnt_by_req", s->pfx), nm), w, NULL);
	if (s->nports > 1) {
		snprintf(w, sizeof w, "NUM_BANKS*%s*RANK_W", s->n);
		vmod_wire(v, (snprintf(nm, sizeof nm, "%s_rank", s->pfx), nm), w, NULL);
	}
	/* SRAM port k = b*PORTS + p serves requester e when sel[k*N + e] */
	snprintf(w, sizeof w, "NUM_BANKS*%s*%s", s->ports, s->n);
	vmod_wire(v, (snprintf(nm, sizeof nm, "%s_sel", s->pfx), nm), w, s->nports > 1 ? NULL : "%s_gnt_bank", s->pfx);
	snprintf(w, sizeof w, "NUM_BANKS*%s", s->ports);
	vmod_wire(v, (snprintf(nm, sizeof nm, "%s_en", s->pfx), nm), w, NULL);
}

static void emit_arbiter(const struct rfb_geom *g, const struct rfb_side *s, const char *limit,
			 const char *count)
{
	struct vinst *i = vmod_inst(g->v, s->arb, s->pfx[0] == 'r' ? "rd_arb" : "wr_arb");

	if (s->count > 1) {
		vinst_conn(i, "clk_i", "clk_i");
		vinst_conn(i, "rst_ni", "rst_ni");
	}
	vinst_conn(i, "req_i", "%s_req_bank[b*%s +: %s]", s->pfx, s->n, s->n);
	vinst_conn(i, "limit_i", "%s", limit);
	vinst_conn(i, "gnt_o", "%s_gnt_bank[b*%s +: %s]", s->pfx, s->n, s->n);
	vinst_conn(i, "count_o", "%s", count);
}

/* Inside the bank loop: one side's per-requester transposes, ranks and
 * port selects, then its port enables. */
static void emit_side_in_bank(const struct rfb_geom *g, const struct rfb_side *s)
{
	struct vmod *v = g->v;
	const char *p = s->pfx, *n = s->n;
	char nm[64], lhs[128];
	struct vinst *i;

	if (s->nports > 1) {
		/* rank: grants before e in requester order; the k-th grant
		 * takes SRAM port k */
		i = vmod_inst(v, cell_module(CELL_PREFIX_COUNT), (snprintf(nm, sizeof nm, "%s_rank", p), nm));
		vinst_param(i, "N", "%s", n);
		vinst_param(i, "CNT_W", "RANK_W");
		vinst_conn(i, "vec_i", "%s_gnt_bank[b*%s +: %s]", p, n, n);
		vinst_conn(i, "count_o", "%s_rank[b*%s*RANK_W +: %s*RANK_W]", p, n, n);
	}
	vmod_for(v, "e", n, (snprintf(nm, sizeof nm, "%s_req", p), nm));
	vmod_assign(v, (snprintf(lhs, sizeof lhs, "%s_req_bank[b*%s + e]", p, n), lhs),
		    "%s_req_oh[e*NUM_BANKS + b]", p);
	vmod_assign(v, (snprintf(lhs, sizeof lhs, "%s_gnt_by_req[e*NUM_BANKS + b]", p), lhs),
		    "%s_gnt_bank[b*%s + e]", p, n);
	if (s->nports > 1) {
		vmod_wire(v, "port_oh", s->ports, NULL);
		i = vmod_inst(v, cell_module(CELL_DECODE), "port_oh");
		vinst_param(i, "N", "%s", s->ports);
		vinst_param(i, "IDX_W", "RANK_W");
		vinst_conn(i, "en_i", "%s_gnt_bank[b*%s + e]", p, n);
		vinst_conn(i, "idx_i", "%s_rank[(b*%s + e)*RANK_W +: RANK_W]", p, n);
		vinst_conn(i, "onehot_o", "port_oh");
		vmod_for(v, "p", s->ports, (snprintf(nm, sizeof nm, "%s_port_sel", p), nm));
		vmod_assign(v, (snprintf(lhs, sizeof lhs, "%s_sel[(b*%s + p)*%s + e]", p, s->ports, n), lhs),
			    "port_oh[p]");
		vmod_end(v);
	}
	vmod_end(v);
	vmod_for(v, "p", s->ports, (snprintf(nm, sizeof nm, "%s_port_en", p), nm));
	vmod_assign(v, (snprintf(lhs, sizeof lhs, "%s_en[b*%s + p]", p, s->ports), lhs),
		    "|%s_sel[(b*%s + p)*%s +: %s]", p, s->ports, n, n);
	vmod_end(v);
}

/* The SRAM of bank b (inside the bank loop). */
static void emit_bank_sram(const struct rfb_geom *g)
{
	struct vinst *i = vmod_inst(g->v, g->m->mems[0].module, "sram");

	vinst_conn(i, "clk_i", "clk_i");
	if (g->m->mems[0].rw_ports) {
		/* One access per cycle: the arbiters never grant a read and a
		 * write of this bank together, so they share one port. */
		vinst_conn(i, "en_i", "rd_en[b] | wr_en[b]");
		vinst_conn(i, "we_i", "wr_en[b]");
		vinst_conn(i, "addr_i", "wr_en[b] ? waddr[b*ROW_W +: ROW_W] : raddr[b*ROW_W +: ROW_W]");
		vinst_conn(i, "wmask_i", "wmask[b*LANES +: LANES]");
		vinst_conn(i, "wdata_i", "wdata[b*DATA_W +: DATA_W]");
		vinst_conn(i, "rdata_o", "rdata[b*DATA_W +: DATA_W]");
		return;
	}
	vinst_conn(i, "re_i", "rd_en[b*BANK_READ_PORTS +: BANK_READ_PORTS]");
	vinst_conn(i, "raddr_i", "raddr[b*BANK_READ_PORTS*ROW_W +: BANK_READ_PORTS*ROW_W]");
	vinst_conn(i, "rdata_o", "rdata[b*BANK_READ_PORTS*DATA_W +: BANK_READ_PORTS*DATA_W]");
	vinst_conn(i, "we_i", "wr_en[b*BANK_WRITE_PORTS +: BANK_WRITE_PORTS]");
	vinst_conn(i, "waddr_i", "waddr[b*BANK_WRITE_PORTS*ROW_W +: BANK_WRITE_PORTS*ROW_W]");
	vinst_conn(i, "wmask_i", "wmask[b*BANK_WRITE_PORTS*LANES +: BANK_WRITE_PORTS*LANES]");
	vinst_conn(i, "wdata_i", "wdata[b*BANK_WRITE_PORTS*DATA_W +: BANK_WRITE_PORTS*DATA_W]");
}

/* Every bank: arbitration (writes first), selects, SRAM, conflicts. */
static void emit_banks(const struct rfb_geom *g, const struct rfb_side *rd, const struct rfb_side *wr)
{
	struct vmod *v = g->v;

	vmod_comment(v, "---- per bank: arbitration (writes win the bank), port selects, SRAM ----");
	declare_side(g, rd);
	declare_side(g, wr);
	vmod_wire(v, "wr_cnt", "NUM_BANKS*CNT_W", NULL);
	vmod_wire(v, "rd_cnt_unused", "NUM_BANKS*CNT_W", NULL);
	vmod_wire(v, "raddr", "NUM_BANKS*BANK_READ_PORTS*ROW_W", NULL);
	vmod_wire(v, "waddr", "NUM_BANKS*BANK_WRITE_PORTS*ROW_W", NULL);
	vmod_wire(v, "wmask", "NUM_BANKS*BANK_WRITE_PORTS*LANES", NULL);
	vmod_wire(v, "wdata", "NUM_BANKS*BANK_WRITE_PORTS*DATA_W", NULL);
	vmod_wire(v, "wword", "NUM_BANKS*BANK_WRITE_PORTS*WORD_W", NULL);
	vmod_wire(v, "rdata", "NUM_BANKS*BANK_READ_PORTS*DATA_W", NULL);
	vmod_for(v, "b", "NUM_BANKS", "bank");
	emit_side_in_bank(g, wr);
	emit_side_in_bank(g, rd);
	emit_arbiter(g, wr, "WR_LIMIT[CNT_W-1:0]", "wr_cnt[b*CNT_W +: CNT_W]");
	vmod_comment(v, "Writes win the bank: reads get the accesses the writes left.");
	vmod_wire(v, "rd_left", "CNT_W", "BANK_PORTS[CNT_W-1:0] - wr_cnt[b*CNT_W +: CNT_W]");
	vmod_wire(v, "rd_limit", "CNT_W", "(rd_left < BANK_READ_PORTS[CNT_W-1:0]) ? rd_left : "
		  "BANK_READ_PORTS[CNT_W-1:0]");
	emit_arbiter(g, rd, "rd_limit", "rd_cnt_unused[b*CNT_W +: CNT_W]");
	vmod_for(v, "p", "BANK_WRITE_PORTS", "wr_word");
	vmod_assign(v, "{waddr[(b*BANK_WRITE_PORTS + p)*ROW_W +: ROW_W], "
		       "wmask[(b*BANK_WRITE_PORTS + p)*LANES +: LANES], "
		       "wdata[(b*BANK_WRITE_PORTS + p)*DATA_W +: DATA_W]}",
		    "wword[(b*BANK_WRITE_PORTS + p)*WORD_W +: WORD_W]");
	vmod_end(v);
	emit_bank_sram(g);
	vmod_assign(v, "bank_conflict_o[b]", "|(rd_req_bank[b*NUM_COLLECTORS +: NUM_COLLECTORS] & "
		    "~rd_gnt_bank[b*NUM_COLLECTORS +: NUM_COLLECTORS]) | "
		    "|(wr_req_bank[b*NUM_WRITE_PORTS +: NUM_WRITE_PORTS] & "
		    "~wr_gnt_bank[b*NUM_WRITE_PORTS +: NUM_WRITE_PORTS])");
	vmod_end(v);
	vmod_blank(v);
}

static void emit_xbar(struct vmod *v, const char *name, const char *n_in, const char *n_out,
		      const char *w, const char *data, const char *sel, const char *out)
{
	struct vinst *i = vmod_inst(v, cell_module(CELL_XBAR_ONEHOT), name);

	vinst_param(i, "N_IN", "%s", n_in);
	vinst_param(i, "N_OUT", "%s", n_out);
	vinst_param(i, "W", "%s", w);
	vinst_conn(i, "data_i", "%s", data);
	vinst_conn(i, "sel_i", "%s", sel);
	vinst_conn(i, "data_o", "%s", out);
}

/* The crossbars into the banks and the grants out. */
static void emit_crossbars(const struct rfb_geom *g)
{
	struct vmod *v = g->v;

	vmod_comment(v, "---- crossbars into the banks: one one-hot mux slice per SRAM port ----");
	emit_xbar(v, "raddr_xbar", "NUM_COLLECTORS", "NUM_BANKS*BANK_READ_PORTS", "ROW_W", "rd_row",
		  "rd_sel", "raddr");
	vmod_wire(v, "wr_word", "NUM_WRITE_PORTS*WORD_W", NULL);
	vmod_for(v, "e", "NUM_WRITE_PORTS", "wr_word");
	vmod_assign(v, "wr_word[e*WORD_W +: WORD_W]", "{wr_row[e*ROW_W +: ROW_W], %s[e*LANES +: LANES], "
		    "%s[e*DATA_W +: DATA_W]}", vmod_port(v, RFB_WR_MASK_I), vmod_port(v, RFB_WR_DATA_I));
	vmod_end(v);
	emit_xbar(v, "wword_xbar", "NUM_WRITE_PORTS", "NUM_BANKS*BANK_WRITE_PORTS", "WORD_W", "wr_word",
		  "wr_sel", "wword");
	vmod_blank(v);
	vmod_comment(v, "---- grants: a request is granted by its bank ----");
	vmod_for(v, "e", "NUM_COLLECTORS", "rd_gnt");
	vmod_assign(v, "rd_gnt_o[e]", "|rd_gnt_by_req[e*NUM_BANKS +: NUM_BANKS]");
	vmod_end(v);
	vmod_for(v, "e", "NUM_WRITE_PORTS", "wr_gnt");
	vmod_assign(v, "wr_gnt_o[e]", "|wr_gnt_by_req[e*NUM_BANKS +: NUM_BANKS]");
	vmod_end(v);
	vmod_blank(v);
}

/* Which bank and port served each collector, and the read pipeline. */
static void emit_read_return(const struct rfb_geom *g)
{
	struct vmod *v = g->v;
	unsigned lat = g->cfg->read_latency, grp;
	struct vinst *i;

	vmod_comment(v, "---- read return ----");
	if (g->npr > 1) {
		vmod_comment(v, "The port that served each collector: its rank in the bank that granted it.");
		vmod_wire(v, "rd_port", "NUM_COLLECTORS*RANK_W", NULL);
		vmod_wire(v, "rd_rank_by_req", "NUM_COLLECTORS*NUM_BANKS*RANK_W", NULL);
		vmod_for(v, "c", "NUM_COLLECTORS", "rd_port");
		vmod_for(v, "b", "NUM_BANKS", "bank");
		vmod_assign(v, "rd_rank_by_req[(c*NUM_BANKS + b)*RANK_W +: RANK_W]",
			    "rd_rank[(b*NUM_COLLECTORS + c)*RANK_W +: RANK_W]");
		vmod_end(v);
		i = vmod_inst(v, cell_module(CELL_MUX_ONEHOT), "port_mux");
		vinst_param(i, "N", "NUM_BANKS");
		vinst_param(i, "W", "RANK_W");
		vinst_conn(i, "data_i", "rd_rank_by_req[c*NUM_BANKS*RANK_W +: NUM_BANKS*RANK_W]");
		vinst_conn(i, "sel_i", "rd_gnt_by_req[c*NUM_BANKS +: NUM_BANKS]");
		vinst_conn(i, "data_o", "rd_port[c*RANK_W +: RANK_W]");
		vmod_end(v);
	}
	grp = vmod_flop_group(v, "Stage 1 is the SRAM output register: remember which bank and port "
			      "answer each granted collector next cycle.", 1);
	vmod_flop(v, grp, "rd_v", "NUM_COLLECTORS", "{NUM_COLLECTORS{1'b0}}", "rd_gnt_o");
	if (g->nb > 1)
		vmod_flop(v, grp, "rd_bank", "NUM_COLLECTORS*BANK_W", "{NUM_COLLECTORS*BANK_W{1'b0}}",
			  "rd_bank");
	if (g->npr > 1)
		vmod_flop(v, grp, "rd_port", "NUM_COLLECTORS*RANK_W", "{NUM_COLLECTORS*RANK_W{1'b0}}",
			  "rd_port");
	vmod_flops_here(v);
	vmod_blank(v);
	vmod_comment(v, "Stage-1 data: the answering port's word, zero when not valid.");
	vmod_wire(v, "rd_src", "NUM_COLLECTORS*NUM_BANKS*BANK_READ_PORTS",
		  g->nb == 1 && g->npr == 1 ? "rd_v_q" : NULL);
	if (g->nb > 1 || g->npr > 1) {
		vmod_for(v, "c", "NUM_COLLECTORS", "rd_src");
		vmod_wire(v, "bank_oh", "NUM_BANKS", g->nb > 1 ? NULL : "rd_v_q[c]");
		if (g->nb > 1) {
			i = vmod_inst(v, cell_module(CELL_DECODE), "bank_oh");
			vinst_param(i, "N", "NUM_BANKS");
			vinst_param(i, "IDX_W", "BANK_W");
			vinst_conn(i, "en_i", "rd_v_q[c]");
			vinst_conn(i, "idx_i", "rd_bank_q[c*BANK_W +: BANK_W]");
			vinst_conn(i, "onehot_o", "bank_oh");
		}
		if (g->npr == 1) {
			vmod_assign(v, "rd_src[c*NUM_BANKS +: NUM_BANKS]", "bank_oh");
		} else {
			vmod_wire(v, "port_oh", "BANK_READ_PORTS", NULL);
			i = vmod_inst(v, cell_module(CELL_DECODE), "port_oh");
			vinst_param(i, "N", "BANK_READ_PORTS");
			vinst_param(i, "IDX_W", "RANK_W");
			vinst_conn(i, "en_i", "1'b1");
			vinst_conn(i, "idx_i", "rd_port_q[c*RANK_W +: RANK_W]");
			vinst_conn(i, "onehot_o", "port_oh");
			vmod_for(v, "b", "NUM_BANKS", "bank");
			vmod_for(v, "p", "BANK_READ_PORTS", "port");
			vmod_assign(v, "rd_src[(c*NUM_BANKS + b)*BANK_READ_PORTS + p]", "bank_oh[b] & port_oh[p]");
			vmod_end(v);
			vmod_end(v);
		}
		vmod_end(v);
	}
	vmod_wire(v, "rd_data_s1", "NUM_COLLECTORS*DATA_W", NULL);
	emit_xbar(v, "rdata_xbar", "NUM_BANKS*BANK_READ_PORTS", "NUM_COLLECTORS", "DATA_W", "rdata",
		  "rd_src", "rd_data_s1");
	vmod_blank(v);
	if (lat == 1) {
		vmod_assign(v, "rd_valid_o", "rd_v_q");
		vmod_assign(v, "rd_data_o", "rd_data_s1");
		return;
	}
	vmod_comment(v, "Stages 2..READ_LATENCY: plain delay. Data flops have no reset; the output is "
		     "gated by valid instead.");
	vmod_wire(v, "rd_data_last", "NUM_COLLECTORS*DATA_W", NULL);
	i = vmod_inst(v, cell_module(CELL_PIPE), "rd_v_pipe");
	vinst_param(i, "W", "NUM_COLLECTORS");
	vinst_param(i, "DEPTH", "READ_LATENCY-1");
	vinst_param(i, "RESET", "1");
	vinst_conn(i, "clk_i", "clk_i");
	vinst_conn(i, "rst_ni", "rst_ni");
	vinst_conn(i, "d_i", "rd_v_q");
	vinst_conn(i, "q_o", "rd_valid_o");
	i = vmod_inst(v, cell_module(CELL_PIPE), "rd_data_pipe");
	vinst_param(i, "W", "NUM_COLLECTORS*DATA_W");
	vinst_param(i, "DEPTH", "READ_LATENCY-1");
	vinst_param(i, "RESET", "0");
	vinst_conn(i, "clk_i", "clk_i");
	vinst_conn(i, "rst_ni", "rst_ni");
	vinst_conn(i, "d_i", "rd_data_s1");
	vinst_conn(i, "q_o", "rd_data_last");
	vmod_for(v, "c", "NUM_COLLECTORS", "rd_out");
	vmod_assign(v, "rd_data_o[c*DATA_W +: DATA_W]", "rd_valid_o[c] ? "
		    "rd_data_last[c*DATA_W +: DATA_W] : {DATA_W{1'b0}}");
	vmod_end(v);
}

/* The module's localparams: the description's and the derived widths. */
static void emit_params(const struct rfb_geom *g)
{
	const struct gpurf_cfg *cfg = g->cfg;
	struct vmod *v = g->v;
	unsigned wr_limit = cfg->bank_write_ports < cfg->bank_ports ? cfg->bank_write_ports : cfg->bank_ports;
	unsigned cnt_w = cfg_index_bits(cfg->bank_ports + 1u);

	vmod_param(v, "NUM_BANKS");
	vmod_param(v, "NUM_COLLECTORS");
	vmod_param(v, "NUM_WRITE_PORTS");
	vmod_param(v, "BANK_READ_PORTS");
	vmod_param(v, "BANK_WRITE_PORTS");
	vmod_param(v, "BANK_PORTS");
	vmod_param(v, "LANES");
	if (cfg->read_latency > 1)
		vmod_param(v, "READ_LATENCY");
	vmod_localparam(v, "DATA_W", g->dw, "one warp register");
	if (cfg->warps > 1 || (g->nb > 1 && cfg->bank_map == BANK_MAP_REG_PLUS_WARP))
		vmod_localparam(v, "WARP_W", g->ww, "warp index");
	if (g->nb > 1 || g->rpb > 1)
		vmod_localparam(v, "REG_W", g->rw, "register index");
	if (g->nb > 1)
		vmod_localparam(v, "BANK_W", g->bw, NULL);
	vmod_localparam(v, "ROW_W", g->row_w, NULL);
	if (cfg->warps > 1 && g->rpb > 1)
		vmod_localparam(v, "ROWS_PER_SLOT", g->rpb, "rows of one warp slot in a bank");
	vmod_localparam(v, "WORD_W", g->row_w + g->lanes + g->dw, "a write: row, lane mask, data");
	vmod_localparam(v, "CNT_W", cnt_w, "arbiter limit/count width");
	vmod_localparam(v, "WR_LIMIT", wr_limit, "min(BANK_WRITE_PORTS, BANK_PORTS)");
	if (g->rank_w)
		vmod_localparam(v, "RANK_W", g->rank_w, "port index width");
	vmod_blank(v);
}

int emit_rf_banked(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	struct rfb_geom g = {0};
	struct rfb_side rd, wr;
	struct sbuf *out;
	int fresh, rc;
	unsigned maxp = cfg->bank_read_ports > cfg->bank_write_ports ? cfg->bank_read_ports : cfg->bank_write_ports;
	unsigned cnt_w = cfg_index_bits(cfg->bank_ports + 1u);

	g.cfg = cfg;
	g.m = m;
	g.nc = cfg->collectors;
	g.nw = cfg->write_ports;
	g.nb = cfg->banks;
	g.dw = cfg->d.warp_bits;
	g.lanes = cfg->lanes;
	g.npr = cfg->bank_read_ports;
	g.npw = cfg->bank_write_ports;
	g.ww = cfg_index_bits(cfg->warps);
	g.rw = cfg_index_bits(cfg->d.regs_per_warp);
	g.bw = cfg_clog2(cfg->banks);
	g.row_w = cfg_index_bits(cfg->d.rows_per_bank);
	g.rank_w = maxp > 1 ? cfg_index_bits(maxp + 1u) : 0;
	g.rpb = cfg->d.regs_per_warp / cfg->banks;
	if (emit_sram(d, &m->mems[0]) || emit_rr_arb(d, g.nc, cnt_w, g.arb_rd, sizeof g.arb_rd) ||
	    emit_rr_arb(d, g.nw, cnt_w, g.arb_wr, sizeof g.arb_wr) || cell_use(d, CELL_DECODE) ||
	    cell_use(d, CELL_XBAR_ONEHOT) || cell_use(d, CELL_MUX_ONEHOT) ||
	    (cfg->read_latency > 1 && cell_use(d, CELL_PIPE)) ||
	    (maxp > 1 && cell_use(d, CELL_PREFIX_COUNT)))
		return -1;
	rd = (struct rfb_side){"rd", "NUM_COLLECTORS", g.nc, "BANK_READ_PORTS", g.npr, RFB_RD_REQ_I,
			       RFB_RD_WARP_I, RFB_RD_REG_I, g.arb_rd};
	wr = (struct rfb_side){"wr", "NUM_WRITE_PORTS", g.nw, "BANK_WRITE_PORTS", g.npw, RFB_WR_REQ_I,
			       RFB_WR_WARP_I, RFB_WR_REG_I, g.arb_wr};

	out = design_module_file(d, m->name, &fresh);
	g.v = vmod_new(cfg, m, 1, 1, "Banked SM register file (docs/rf_banked.md).");
	if (!out || !g.v) {
		vmod_free(g.v);
		return -1;
	}
	emit_params(&g);
	vmod_comment(g.v, "Address bits a degenerate geometry does not need (one warp, one row) end "
		     "here; Verilator's default unused-regexp exempts this name.");
	vmod_wire(g.v, "unused_addr_bits", "1", "^{rd_warp_i, rd_reg_i, wr_warp_i, wr_reg_i}");
	vmod_blank(g.v);
	vmod_comment(g.v, "---- address decode: bank = %s, row = warp * ROWS_PER_SLOT + reg / NUM_BANKS ----",
		     cfg->bank_map == BANK_MAP_REG_PLUS_WARP ? "(reg + warp) mod NUM_BANKS" : "reg mod NUM_BANKS");
	emit_decode(&g, &rd);
	emit_decode(&g, &wr);
	emit_banks(&g, &rd, &wr);
	emit_crossbars(&g);
	emit_read_return(&g);
	rc = vmod_print(g.v, out);
	vmod_free(g.v);
	return rc;
}

unsigned wave_rf_banked(const struct gpurf_cfg *cfg, const struct module_desc *m,
			struct wave_group *groups)
{
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
	/* Bank-major: bits [b*collectors +: collectors] are bank b's. */
	wave_add(&groups[n], "rd_req_bank", cfg->banks * cfg->collectors);
	wave_add(&groups[n], "rd_gnt_bank", cfg->banks * cfg->collectors);
	n++;
	groups[n] = (struct wave_group){.title = "read return"};
	wave_add(&groups[n], "rd_v_q", cfg->collectors);
	wave_add_port(&groups[n], m, RFB_RD_VALID_O);
	wave_add_port(&groups[n++], m, RFB_RD_DATA_O);
	return n;
}
