/* emit_ltrf_top.c: Verilog of ltrf_top, the LTRF register-file subsystem
 * (common/ltrf_top_desc.h has the protocol, cmodel/ltrf_top.c the model).
 *
 *   submodules  the generated wcb, ltrf_cache, ltrf_engine and an rf_banked
 *               built from ltrf_mrf_cfg() (one read, one write port: the
 *               engine's; xbar_width-bit words), emitted here; one wire per
 *               submodule port,
 *               <prefix>_<port name>
 *   wiring      ltrf_top_wiring as assigns (gen/emit_compose.h; shared with the model)
 *   glue        command control (IDLE / LOOK / ISSUE), row freeing after a
 *               DEACTIVATE, the access stage between WCB lookup and cache,
 *               the engine's beats as main-file word accesses and the
 *               latency delay line, ready per warp.
 * Every submodule input the table and the glue leave alone is tied to 0. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "emit_compose.h"
#include "emit_lib.h"
#include "ltrf_cache_desc.h"
#include "ltrf_engine_desc.h"
#include "ltrf_top_desc.h"
#include "rf_banked_desc.h"
#include "vwriter.h"
#include "wcb_desc.h"

static const char *const prefix[LT_U_TOP] = {"wcb", "rc", "eng", "mrf"};

struct lt_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct module_desc sub[4];
	const struct gpurf_cfg *cfgs[4];
	struct emit_compose ec;		/* the submodules and ltrf_top_wiring */
	unsigned P, na, nw, nr, ww, rw, mw, ow, bw, btw, beats, X, lanes, xl, delay;
	int live;
};

/* Element e of a submodule port: "<wire>[hi:lo]". */
static const char *se(char *buf, size_t n, const struct lt_geom *g, unsigned u, unsigned port, unsigned e)
{
	return emit_compose_elem(buf, n, &g->ec, u, port, e);
}

static void mark_glue(struct lt_geom *g)
{
	static const unsigned wcb_in[] = {WCB_OF_WE_I, WCB_OF_WARP_I, WCB_OF_OFFSET_I, WCB_WS_WE_I, WCB_WS_WARP_I,
					  WCB_WS_VEC_I, WCB_VR_REQ_I, WCB_VR_WARP_I};
	static const unsigned rc_in[] = {LC_RD_REQ_I, LC_RD_BANK_I, LC_RD_OFF_I, LC_WR_REQ_I, LC_WR_BANK_I, LC_WR_OFF_I,
					 LC_WR_MASK_I, LC_WR_DATA_I, LC_OA_REQ_I, LC_OF_REQ_I, LC_OF_OFF_I};
	static const unsigned eng_in[] = {LE_CMD_REQ_I, LE_CMD_OP_I, LE_CMD_ROW_I, LE_CMD_WARP_I, LE_CMD_VEC_I,
					  LE_MRF_GNT_I, LE_MRF_RVALID_I, LE_MRF_RDATA_I};
	static const unsigned mrf_in[] = {RFB_RD_REQ_I, RFB_RD_WARP_I, RFB_RD_REG_I, RFB_WR_REQ_I, RFB_WR_WARP_I,
					  RFB_WR_REG_I, RFB_WR_MASK_I, RFB_WR_DATA_I};

	static const unsigned eng_live[] = {LE_CMD_LIVE_I};

	emit_compose_glue(&g->ec, LT_U_WCB, wcb_in, sizeof wcb_in / sizeof wcb_in[0]);
	emit_compose_glue(&g->ec, LT_U_CACHE, rc_in, sizeof rc_in / sizeof rc_in[0]);
	emit_compose_glue(&g->ec, LT_U_ENGINE, eng_in, sizeof eng_in / sizeof eng_in[0]);
	if (g->live)
		emit_compose_glue(&g->ec, LT_U_ENGINE, eng_live, 1);
	emit_compose_glue(&g->ec, LT_U_MRF, mrf_in, sizeof mrf_in / sizeof mrf_in[0]);
}

static void emit_command(struct vw *w, const struct lt_geom *g)
{
	char lit[32], one[32];

	vw_line(w, "// ---- command control: IDLE takes, LOOK reads the WCB, ISSUE waits for the row ----");
	vw_line(w, "reg [1:0] cs_q, c_op_q;");
	vw_line(w, "reg [WW-1:0] c_warp_q;");
	vw_line(w, "reg [OW-1:0] c_row_q;");
	vw_line(w, "reg [NUM_REGS-1:0] c_vec_q;");
	if (g->live)
		vw_line(w, "reg [NUM_REGS-1:0] c_live_q;");
	vw_line(w, "reg [ACTIVE_WARPS-1:0] pend_q;  // DEACTIVATE handed over, row not yet freed");
	for (unsigned a = 0; a < g->na; a++)
		vw_line(w, "reg [WW-1:0] rowwarp_q_%u;  // the warp row %u holds", a, a);
	vw_line(w, "wire need_row = cmd_op_i[1];  // ACTIVATE, REACTIVATE");
	vw_line(w, "// a (re)activation waits until the warp's old row (its DEACTIVATE) is freed");
	vw_line(w, "wire [ACTIVE_WARPS-1:0] old_row;");
	for (unsigned a = 0; a < g->na; a++)
		vw_line(w, "assign old_row[%u] = pend_q[%u] & (rowwarp_q_%u == cmd_warp_i);", a, a, a);
	vw_line(w, "wire cmd_gnt = cmd_req_i & (cs_q == C_IDLE) & wcb_ready_o[0] & (~need_row | (rc_oa_ok_o[0] & ~(|old_row)));");
	vw_line(w, "wire issue = (cs_q == C_ISSUE);");
	vw_line(w, "wire [ACTIVE_WARPS-1:0] row_oh = %s << c_row_q;", vw_lit(one, sizeof one, g->na, 1));
	vw_line(w, "wire row_busy = |(eng_busy_o & row_oh);");
	vw_line(w, "wire handed = issue & ~row_busy;");
	vw_line(w, "wire [ACTIVE_WARPS-1:0] free_cand = pend_q & ~eng_busy_o;");
	emit_first_one(w, "free_oh", "free_cand", g->na);
	emit_onehot_index(w, "free_row", "free_oh", g->na, g->ow);
	vw_line(w, "wire of_req = |free_cand;");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "cs_q <= C_IDLE; c_op_q <= 2'd0; c_warp_q <= {WW{1'b0}}; c_row_q <= {OW{1'b0}};");
	vw_line(w, "c_vec_q <= {NUM_REGS{1'b0}};%s", g->live ? " c_live_q <= {NUM_REGS{1'b0}};" : "");
	vw_close(w, "end else begin");
	w->indent++;
	vw_open(w, "case (cs_q)");
	vw_open(w, "C_IDLE: if (cmd_gnt) begin");
	vw_line(w, "c_op_q <= cmd_op_i; c_warp_q <= cmd_warp_i; c_vec_q <= cmd_vec_i;%s",
		g->live ? " c_live_q <= cmd_live_i;" : "");
	vw_line(w, "if (need_row) c_row_q <= rc_oa_off_o;");
	vw_line(w, "cs_q <= C_LOOK;");
	vw_close(w, "end");
	vw_open(w, "C_LOOK: begin");
	vw_line(w, "if (!c_op_q[1]) c_row_q <= wcb_vr_offset_o;");
	vw_line(w, "if (c_op_q == OP_REACTIVATE) c_vec_q <= wcb_vr_ws_o;");
	vw_line(w, "cs_q <= C_ISSUE;");
	vw_close(w, "end");
	vw_line(w, "default: if (handed) cs_q <= C_IDLE;");
	vw_close(w, "endcase");
	w->indent--;
	vw_line(w, "end");
	vw_close(w, "end");
	for (unsigned a = 0; a < g->na; a++) {
		vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
		vw_line(w, "if (!rst_ni) rowwarp_q_%u <= {WW{1'b0}};", a);
		vw_line(w, "else if (cmd_gnt & need_row & (rc_oa_off_o == %s)) rowwarp_q_%u <= cmd_warp_i;",
			vw_lit(lit, sizeof lit, g->ow, a), a);
		vw_close(w, "end");
	}
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(w, "if (!rst_ni) pend_q <= {ACTIVE_WARPS{1'b0}};");
	vw_line(w, "else pend_q <= (pend_q | ({ACTIVE_WARPS{handed & (c_op_q == OP_DEACTIVATE)}} & row_oh)) & ~free_oh;");
	vw_close(w, "end");
	vw_line(w, "// WCB: working set (ACTIVATE, PREFETCH), offset (new row), vector read");
	vw_line(w, "wire ws_we = cmd_gnt & ~cmd_op_i[0];");
	vw_line(w, "wire of_we = cmd_gnt & need_row;");
	vw_line(w, "assign wcb_ws_we_i = ws_we;");
	vw_line(w, "assign wcb_ws_warp_i = {WW{ws_we}} & cmd_warp_i;");
	vw_line(w, "assign wcb_ws_vec_i = {NUM_REGS{ws_we}} & cmd_vec_i;");
	vw_line(w, "assign wcb_of_we_i = of_we;");
	vw_line(w, "assign wcb_of_warp_i = {WW{of_we}} & cmd_warp_i;");
	vw_line(w, "assign wcb_of_offset_i = {OW{of_we}} & rc_oa_off_o;");
	vw_line(w, "assign wcb_vr_req_i = cmd_gnt;");
	vw_line(w, "assign wcb_vr_warp_i = {WW{cmd_gnt}} & cmd_warp_i;");
	vw_line(w, "// LOOK is always the cycle after the read; the engine never allocates from an empty queue");
	vw_line(w, "wire vr_valid_unused = wcb_vr_valid_o[0];");
	vw_line(w, "wire ba_ok_unused = rc_ba_ok_o[0];");
	if (g->live)
		vw_line(w, "wire [NUM_REGS-1:0] vr_live_unused = wcb_vr_live_o;  // liveness comes with the command");
	vw_line(w, "// global AAU: a row for (RE)ACTIVATE, the freed row of a finished DEACTIVATE");
	vw_line(w, "assign rc_oa_req_i = of_we;");
	vw_line(w, "assign rc_of_req_i = of_req;");
	vw_line(w, "assign rc_of_off_i = free_row;");
	vw_line(w, "// engine command");
	vw_line(w, "assign eng_cmd_req_i = issue;");
	vw_line(w, "assign eng_cmd_op_i = issue & (c_op_q == OP_DEACTIVATE);");
	vw_line(w, "assign eng_cmd_row_i = {OW{issue}} & c_row_q;");
	vw_line(w, "assign eng_cmd_warp_i = {WW{issue}} & c_warp_q;");
	vw_line(w, "assign eng_cmd_vec_i = {NUM_REGS{issue}} & c_vec_q;");
	if (g->live)
		vw_line(w, "assign eng_cmd_live_i = {NUM_REGS{issue}} & c_live_q;");
	vw_line(w, "assign cmd_gnt_o = cmd_gnt;");
	for (unsigned v = 0; v < g->nw; v++) {
		char line[4096];
		size_t used = (size_t)snprintf(line, sizeof line, "assign ready_o[%u] =", v);

		for (unsigned a = 0; a < g->na; a++)
			used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0,
						 "%s (eng_ready_o[%u] & (rowwarp_q_%u == %s))", a ? " |" : "", a, a,
						 vw_lit(lit, sizeof lit, g->ww, v));
		snprintf(line + used, used < sizeof line ? sizeof line - used : 0, ";");
		vw_line(w, "%s", line);
	}
	vw_blank(w);
}

static void emit_access(struct vw *w, const struct lt_geom *g)
{
	unsigned C = g->cfg->collectors, WP = g->cfg->write_ports, D = g->cfg->d.warp_bits;
	char e[128];

	vw_line(w, "// ---- accesses: WCB lookup, then the register-cache port of the same number ----");
	vw_line(w, "reg [LOOKUP_PORTS-1:0] a_we_q;");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(w, "if (!rst_ni) a_we_q <= {LOOKUP_PORTS{1'b0}};");
	vw_line(w, "else a_we_q <= acc_req_i & acc_we_i;");
	vw_close(w, "end");
	vw_line(w, "wire [LOOKUP_PORTS-1:0] hit = wcb_lk_valid_o & wcb_lk_hit_o;");
	vw_line(w, "wire [LOOKUP_PORTS-1:0] rd = hit & ~a_we_q;");
	vw_line(w, "wire [LOOKUP_PORTS-1:0] wr = hit & a_we_q;");
	for (unsigned p = 0; p < g->P; p++) {
		vw_line(w, "reg [LANES-1:0] a_mask_q_%u;  // write operand: no reset, used only with a_we_q", p);
		vw_line(w, "reg [REG_BITS-1:0] a_data_q_%u;", p);
		vw_open(w, "always @(posedge clk_i) begin");
		vw_open(w, "if (acc_req_i[%u] & acc_we_i[%u]) begin", p, p);
		vw_line(w, "a_mask_q_%u <= acc_mask_i[%u +: LANES];", p, p * g->lanes);
		vw_line(w, "a_data_q_%u <= acc_data_i[%u +: REG_BITS];", p, p * D);
		vw_close(w, "end");
		vw_close(w, "end");
		vw_line(w, "assign %s = rd[%u];", se(e, sizeof e, g, LT_U_CACHE, LC_RD_REQ_I, p), p);
		vw_line(w, "assign %s = {BW{rd[%u]}} & wcb_lk_bank_o[%u +: BW];", se(e, sizeof e, g, LT_U_CACHE, LC_RD_BANK_I, p),
			p, p * g->bw);
		vw_line(w, "assign %s = {OW{rd[%u]}} & wcb_lk_offset_o[%u +: OW];",
			se(e, sizeof e, g, LT_U_CACHE, LC_RD_OFF_I, p), p, p * g->ow);
		vw_line(w, "assign %s = wr[%u];", se(e, sizeof e, g, LT_U_CACHE, LC_WR_REQ_I, p), p);
		vw_line(w, "assign %s = {BW{wr[%u]}} & wcb_lk_bank_o[%u +: BW];", se(e, sizeof e, g, LT_U_CACHE, LC_WR_BANK_I, p),
			p, p * g->bw);
		vw_line(w, "assign %s = {OW{wr[%u]}} & wcb_lk_offset_o[%u +: OW];",
			se(e, sizeof e, g, LT_U_CACHE, LC_WR_OFF_I, p), p, p * g->ow);
		vw_line(w, "assign %s = {LANES{wr[%u]}} & a_mask_q_%u;", se(e, sizeof e, g, LT_U_CACHE, LC_WR_MASK_I, p), p, p);
		vw_line(w, "assign %s = {REG_BITS{wr[%u]}} & a_data_q_%u;", se(e, sizeof e, g, LT_U_CACHE, LC_WR_DATA_I, p),
			p, p);
		vw_line(w, "assign acc_ack_o[%u] = rc_rd_gnt_o[%u] | rc_wr_gnt_o[%u];", p, p, p);
		vw_line(w, "assign acc_err_o[%u] = wcb_lk_valid_o[%u] & ~wcb_lk_hit_o[%u];", p, p, p);
	}
	if (C > g->P) {
		vw_line(w, "// cache read ports beyond the lookup ports: unused");
		vw_line(w, "assign rc_rd_req_i[%u:%u] = {%u{1'b0}};", C - 1u, g->P, C - g->P);
		vw_line(w, "assign rc_rd_bank_i[%u:%u] = {%u{1'b0}};", C * g->bw - 1u, g->P * g->bw, (C - g->P) * g->bw);
		vw_line(w, "assign rc_rd_off_i[%u:%u] = {%u{1'b0}};", C * g->ow - 1u, g->P * g->ow, (C - g->P) * g->ow);
		vw_line(w, "wire [%u:0] rc_rd_gnt_unused = rc_rd_gnt_o[%u:%u];", C - g->P - 1u, C - 1u, g->P);
		vw_line(w, "wire [%u:0] rc_rd_valid_unused = rc_rd_valid_o[%u:%u];", C - g->P - 1u, C - 1u, g->P);
		vw_line(w, "wire [%u:0] rc_rd_data_unused = rc_rd_data_o[%u:%u];", (C - g->P) * D - 1u, C * D - 1u,
			g->P * D);
	}
	if (WP > g->P) {
		vw_line(w, "assign rc_wr_req_i[%u:%u] = {%u{1'b0}};", WP - 1u, g->P, WP - g->P);
		vw_line(w, "assign rc_wr_bank_i[%u:%u] = {%u{1'b0}};", WP * g->bw - 1u, g->P * g->bw, (WP - g->P) * g->bw);
		vw_line(w, "assign rc_wr_off_i[%u:%u] = {%u{1'b0}};", WP * g->ow - 1u, g->P * g->ow, (WP - g->P) * g->ow);
		vw_line(w, "assign rc_wr_mask_i[%u:%u] = {%u{1'b0}};", WP * g->lanes - 1u, g->P * g->lanes,
			(WP - g->P) * g->lanes);
		vw_line(w, "assign rc_wr_data_i[%u:%u] = {%u{1'b0}};", WP * D - 1u, g->P * D, (WP - g->P) * D);
		vw_line(w, "wire [%u:0] rc_wr_gnt_unused = rc_wr_gnt_o[%u:%u];", WP - g->P - 1u, WP - 1u, g->P);
	}
	vw_blank(w);
}

static void emit_mrf(struct vw *w, const struct lt_geom *g)
{
	char zr[96], zb[96], lit[32];

	vw_line(w, "// ---- main register file: one xbar-wide word per engine beat (ltrf_mrf_word) ----");
	vw_line(w, "wire mrf_rd = eng_mrf_req_o & ~eng_mrf_we_o;");
	vw_line(w, "wire mrf_wr = eng_mrf_req_o & eng_mrf_we_o;");
	vw_line(w, "wire [MW-1:0] mrf_word = %s * %s + %s;", vw_zext(zr, sizeof zr, "eng_mrf_reg_o", g->rw, g->mw),
		vw_lit(lit, sizeof lit, g->mw, g->beats), vw_zext(zb, sizeof zb, "eng_mrf_beat_o", g->btw, g->mw));
	vw_line(w, "assign mrf_rd_req_i = mrf_rd;");
	vw_line(w, "assign mrf_rd_warp_i = {WW{mrf_rd}} & eng_mrf_warp_o;");
	vw_line(w, "assign mrf_rd_reg_i = {MW{mrf_rd}} & mrf_word;");
	vw_line(w, "assign mrf_wr_req_i = mrf_wr;");
	vw_line(w, "assign mrf_wr_warp_i = {WW{mrf_wr}} & eng_mrf_warp_o;");
	vw_line(w, "assign mrf_wr_reg_i = {MW{mrf_wr}} & mrf_word;");
	vw_line(w, "assign mrf_wr_mask_i = {%u{mrf_wr}};", g->xl);
	vw_line(w, "assign mrf_wr_data_i = eng_mrf_wdata_o;  // 0 unless writing");
	vw_line(w, "assign eng_mrf_gnt_i = eng_mrf_we_o ? mrf_wr_gnt_o[0] : mrf_rd_gnt_o[0];");
	vw_line(w, "wire mrf_conflict_unused = |mrf_bank_conflict_o;");
	if (!g->delay) {
		vw_line(w, "assign eng_mrf_rvalid_i = mrf_rd_valid_o[0];");
		vw_line(w, "assign eng_mrf_rdata_i = mrf_rd_data_o;");
	} else {
		vw_line(w, "// mrf_latency_mult: %u more cycles", g->delay);
		vw_line(w, "reg [%u:0] dl_v_q;", g->delay - 1u);
		for (unsigned s = 0; s < g->delay; s++) {
			vw_line(w, "reg [XBAR_BITS-1:0] dl_d_q_%u;", s);
			vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
			vw_line(w, "if (!rst_ni) dl_d_q_%u <= {XBAR_BITS{1'b0}};", s);
			if (s)
				vw_line(w, "else dl_d_q_%u <= dl_d_q_%u;", s, s - 1u);
			else
				vw_line(w, "else dl_d_q_0 <= mrf_rd_data_o;");
			vw_close(w, "end");
		}
		if (g->delay > 1)
			emit_flop(w, "dl_v_q", "{dl_v_q[DELAY-2:0], mrf_rd_valid_o[0]}", "{DELAY{1'b0}}");
		else
			emit_flop(w, "dl_v_q", "mrf_rd_valid_o[0]", "1'b0");
		vw_line(w, "assign eng_mrf_rvalid_i = dl_v_q[%u];", g->delay - 1u);
		vw_line(w, "assign eng_mrf_rdata_i = dl_d_q_%u;", g->delay - 1u);
	}
	vw_blank(w);
}

int emit_ltrf_top(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	const struct cfg_ltrf *l = &cfg->ltrf;
	struct gpurf_cfg mrf = ltrf_mrf_cfg(cfg);
	struct lt_geom g;
	struct sbuf *out;
	struct vw w;
	int fresh;

	memset(&g, 0, sizeof g);
	g.cfg = cfg;
	g.m = m;
	ltrf_top_subdescs(cfg, &mrf, g.sub);
	g.P = l->lookup_ports;
	g.na = l->active_warps;
	g.nw = cfg->warps;
	g.nr = l->d.arch_regs;
	g.ww = cfg_index_bits(cfg->warps);
	g.rw = cfg_index_bits(g.nr);
	g.ow = l->d.offset_bits;
	g.bw = l->d.bank_bits;
	g.beats = l->d.beats;
	g.btw = cfg_index_bits(g.beats);
	g.mw = cfg_index_bits(mrf.d.regs_per_warp);
	g.X = l->d.xbar_width;
	g.lanes = cfg->lanes;
	g.xl = g.X / 32u;
	g.delay = ltrf_top_delay(cfg);
	g.live = (int)l->d.liveness;
	for (unsigned u = 0; u < LT_U_TOP; u++)
		g.cfgs[u] = u == LT_U_MRF ? &mrf : cfg;
	g.ec = (struct emit_compose){.top = m, .n = LT_U_TOP, .sub = g.sub, .cfgs = g.cfgs, .prefix = prefix,
				     .wiring = &ltrf_top_wiring};
	mark_glue(&g);
	/* every submodule a design does not have yet; the main file is LTRF's
	 * own (rf_banked on the engine-port, crossbar-wide configuration) */
	if (emit_compose_submodules(d, &g.ec))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "LTRF register-file subsystem (docs/ltrf.md, \"ltrf_top\"; paper Fig. 5).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "NUM_REGS");
	vw_param(&w, m, "ACTIVE_WARPS");
	vw_param(&w, m, "LOOKUP_PORTS");
	vw_param(&w, m, "REG_BITS");
	if (g.delay)
		vw_param(&w, m, "XBAR_BITS");
	vw_line(&w, "localparam integer WW  = %u;  // warp index", g.ww);
	vw_line(&w, "localparam integer BW  = %u;  // bank index", g.bw);
	vw_line(&w, "localparam integer OW  = %u;  // row (warp offset) index", g.ow);
	vw_line(&w, "localparam integer MW  = %u;  // main-file word index (register x beats + beat)", g.mw);
	vw_line(&w, "localparam integer LANES = %u;", g.lanes);
	if (g.delay > 1)
		vw_line(&w, "localparam integer DELAY = %u;  // read_latency x (mrf_latency_mult - 1)", g.delay);
	vw_line(&w, "localparam [1:0] C_IDLE = 2'd%u, C_LOOK = 2'd%u, C_ISSUE = 2'd%u;", LT_C_IDLE, LT_C_LOOK, LT_C_ISSUE);
	vw_line(&w, "localparam [1:0] OP_DEACTIVATE = 2'd%u, OP_REACTIVATE = 2'd%u;", LT_OP_DEACTIVATE, LT_OP_REACTIVATE);
	vw_blank(&w);
	emit_compose_instances(&w, &g.ec);
	emit_compose_wiring(&w, &g.ec);
	emit_command(&w, &g);
	emit_access(&w, &g);
	emit_mrf(&w, &g);
	vw_module_end(&w);
	return 0;
}

unsigned wave_ltrf_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	unsigned n = 0;

	groups[n] = (struct wave_group){.title = "commands"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n], "rst_ni", 1);
	wave_add_port(&groups[n], m, LT_CMD_REQ_I);
	wave_add_port(&groups[n], m, LT_CMD_OP_I);
	wave_add_port(&groups[n], m, LT_CMD_WARP_I);
	wave_add_port(&groups[n], m, LT_CMD_VEC_I);
	wave_add_port(&groups[n], m, LT_CMD_GNT_O);
	wave_add(&groups[n], "cs_q", 2);
	wave_add(&groups[n], "c_row_q", cfg->ltrf.d.offset_bits);
	wave_add(&groups[n], "eng_busy_o", cfg->ltrf.active_warps);
	wave_add_port(&groups[n++], m, LT_READY_O);
	groups[n] = (struct wave_group){.title = "accesses"};
	wave_add_port(&groups[n], m, LT_ACC_REQ_I);
	wave_add_port(&groups[n], m, LT_ACC_WE_I);
	wave_add_port(&groups[n], m, LT_ACC_REG_I);
	wave_add_port(&groups[n], m, LT_ACC_ACK_O);
	wave_add_port(&groups[n], m, LT_ACC_ERR_O);
	wave_add_port(&groups[n++], m, LT_RD_VALID_O);
	groups[n] = (struct wave_group){.title = "engine and main file"};
	wave_add(&groups[n], "eng_mrf_req_o", 1);
	wave_add(&groups[n], "eng_mrf_we_o", 1);
	wave_add(&groups[n], "eng_mrf_reg_o", cfg_index_bits(cfg->ltrf.d.arch_regs));
	wave_add(&groups[n], "eng_mrf_beat_o", cfg_index_bits(cfg->ltrf.d.beats));
	wave_add(&groups[n], "eng_mrf_rvalid_i", 1);
	wave_add(&groups[n], "eng_fill_req_o", 1);
	wave_add(&groups[n], "eng_ev_req_o", 1);
	wave_add_port(&groups[n], m, LT_MON_TW_REQ_O);
	wave_add_port(&groups[n], m, LT_MON_TW_REG_O);
	wave_add_port(&groups[n++], m, LT_MON_TW_VALID_O);
	return n;
}
