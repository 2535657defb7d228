/* emit_ltrf_top.c: Verilog of ltrf_top, the LTRF register-file subsystem as
 * the SM model composes it (common/ltrf_top_desc.h has the protocol,
 * cmodel/ltrf_top.c the model).
 *
 *   submodules  the generated wcb, ltrf_cache, ltrf_engine and an rf_banked
 *               built from ltrf_mrf_cfg() (engine port k on read and write
 *               port k, execution writes on the next write_ports), through
 *               gen/emit_compose.h: one wire per submodule port,
 *               <prefix>_<port name>
 *   wiring      ltrf_top_wiring as assigns (shared with the model)
 *   glue        the access stage (the lookup each collector / write port
 *               had answered, cache or main file, lookup ports given in
 *               order), command strobes to the WCB and the global AAU, row
 *               freeing after a DEACTIVATE, the engine's beats as lane-masked main-file accesses and the
 *               beat-number delay line.
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

static const char *const prefix[LT_NUNITS - 1] = {"wcb", "rc", "eng", "mrf"};

struct lt_geom {
	const struct gpurf_cfg *cfg;
	unsigned C, WP, NLK, N, na, nw, ww, rw, ow, bw, btw, lpw, cw, beats, X, XL, lanes, D, lat, P;
	int live;
};

/* Requester i of the lookup ports: write port i (i < WP), then collector
 * i - WP's read, then collector i - WP - C's destination lookup; "wr" /
 * "rd" / "dl", its element and its lookup-flop name. */
static unsigned rq_count(const struct lt_geom *g)
{
	return g->WP + 2u * g->C;
}

static const char *rq_kind(const struct lt_geom *g, unsigned i)
{
	return i < g->WP ? "wr" : i < g->WP + g->C ? "rd" : "dl";
}

static unsigned rq_elem(const struct lt_geom *g, unsigned i)
{
	return i < g->WP ? i : i < g->WP + g->C ? i - g->WP : i - g->WP - g->C;
}

static const char *rq_flop(const struct lt_geom *g, unsigned i)
{
	return i < g->WP ? "lkw" : i < g->WP + g->C ? "lkr" : "lkd";
}

static void mark_glue(struct emit_compose *c, int live)
{
	static const unsigned wcb_in[] = {WCB_LK_REQ_I, WCB_LK_WARP_I, WCB_LK_REG_I, WCB_OF_WE_I, WCB_WS_WE_I};
	static const unsigned rc_in[] = {LC_RD_REQ_I, LC_RD_BANK_I, LC_RD_OFF_I, LC_WR_REQ_I, LC_WR_BANK_I, LC_WR_OFF_I,
					 LC_WR_MASK_I, LC_WR_DATA_I, LC_OA_REQ_I, LC_OF_REQ_I, LC_OF_OFF_I};
	static const unsigned eng_in[] = {LE_MRF_GNT_I, LE_MRF_RVALID_I, LE_MRF_RDATA_I, LE_CMD_LIVE_I};
	static const unsigned mrf_in[] = {RFB_RD_REQ_I, RFB_RD_WARP_I, RFB_RD_REG_I, RFB_WR_REQ_I, RFB_WR_WARP_I,
					  RFB_WR_REG_I, RFB_WR_MASK_I, RFB_WR_DATA_I};

	emit_compose_glue(c, LT_U_WCB, wcb_in, sizeof wcb_in / sizeof wcb_in[0]);
	emit_compose_glue(c, LT_U_CACHE, rc_in, sizeof rc_in / sizeof rc_in[0]);
	emit_compose_glue(c, LT_U_ENGINE, eng_in, sizeof eng_in / sizeof eng_in[0] - (live ? 0u : 1u));
	emit_compose_glue(c, LT_U_MRF, mrf_in, sizeof mrf_in / sizeof mrf_in[0]);
}

/* The lookup each collector (lkr) and write port (lkw) had answered this
 * cycle, whether this cycle's access is that one, and where it goes. */
static void emit_answers(struct vw *w, const struct lt_geom *g)
{
	for (unsigned i = 0; i < rq_count(g); i++) {
		const char *k = rq_kind(g, i), *l = rq_flop(g, i);
		unsigned e = rq_elem(g, i);

		vw_line(w, "reg %s_v_q_%u;", l, e);
		vw_line(w, "reg [LPW-1:0] %s_lp_q_%u;", l, e);
		if (i >= g->WP + g->C) {	/* a destination lookup: its answer out */
			vw_line(w, "wire dl_want_%u = dl_req_i[%u];", e, e);
			vw_line(w, "assign dl_valid_o[%u] = lkd_v_q_%u;", e, e);
			vw_line(w, "assign dl_hit_o[%u] = lkd_v_q_%u & wcb_lk_hit_o[lkd_lp_q_%u];", e, e, e);
			vw_line(w, "assign dl_bank_o[%u +: BW] = {BW{lkd_v_q_%u}} & wcb_lk_bank_o[lkd_lp_q_%u*BW +: BW];",
				e * g->bw, e, e);
			vw_line(w, "assign dl_off_o[%u +: OW] = {OW{lkd_v_q_%u}} & wcb_lk_offset_o[lkd_lp_q_%u*OW +: OW];",
				e * g->ow, e, e);
			continue;
		}
		vw_line(w, "reg [WW-1:0] %s_warp_q_%u;", l, e);
		vw_line(w, "reg [RW-1:0] %s_reg_q_%u;", l, e);
		vw_line(w, "wire %s_m_%u = %s_v_q_%u & (%s_warp_q_%u == %s_warp_i[%u +: WW]) & (%s_reg_q_%u == %s_reg_i[%u +: RW]);",
			k, e, l, e, l, e, k, e * g->ww, l, e, k, e * g->rw);
		vw_line(w, "wire %s_hit_%u = wcb_lk_hit_o[%s_lp_q_%u];", k, e, l, e);
		vw_line(w, "wire [BW-1:0] %s_bank_%u = wcb_lk_bank_o[%s_lp_q_%u*BW +: BW];", k, e, l, e);
		vw_line(w, "wire [OW-1:0] %s_off_%u = wcb_lk_offset_o[%s_lp_q_%u*OW +: OW];", k, e, l, e);
		if (i < g->WP) {
			vw_line(w, "// a write bringing its location (wr_loc_i) needs no lookup");
			vw_line(w, "wire wr_want_%u = wr_req_i[%u] & wr_cached_i[%u] & ~wr_loc_i[%u] & ~wr_m_%u;", e, e, e, e, e);
			vw_line(w, "wire wr_in_%u = wr_loc_i[%u] ? wr_hit_i[%u] : wr_hit_%u;  // cached", e, e, e, e);
			vw_line(w, "wire wr_known_%u = wr_loc_i[%u] | wr_m_%u;", e, e, e);
			vw_line(w, "wire [BW-1:0] wr_cbank_%u = wr_loc_i[%u] ? wr_bank_i[%u +: BW] : wr_bank_%u;", e, e,
				e * g->bw, e);
			vw_line(w, "wire [OW-1:0] wr_coff_%u = wr_loc_i[%u] ? wr_off_i[%u +: OW] : wr_off_%u;", e, e, e * g->ow, e);
			vw_line(w, "wire wr_c_%u = wr_req_i[%u] & wr_cached_i[%u] & wr_known_%u & wr_in_%u;  // cache", e, e, e, e,
				e);
			vw_line(w, "wire wr_d_%u = wr_req_i[%u] & (~wr_cached_i[%u] | (wr_known_%u & ~wr_in_%u));  // main file",
				e, e, e, e, e);
		} else {
			vw_line(w, "wire rd_want_%u = rd_req_i[%u] & ~rd_m_%u;", e, e, e);
			vw_line(w, "wire rd_c_%u = rd_req_i[%u] & rd_m_%u & rd_hit_%u;", e, e, e, e);
			vw_line(w, "assign rd_miss_o[%u] = rd_req_i[%u] & rd_m_%u & ~rd_hit_%u;", e, e, e, e);
		}
	}
	vw_blank(w);
}

/* Lookup ports in order: writes by port, then reads by collector; cnt_i
 * the lookups wanted before requester i. */
static void emit_lookups(struct vw *w, const struct lt_geom *g)
{
	unsigned n = rq_count(g);
	char lit[32], lit2[32], buf[8192];

	vw_line(w, "// ---- WCB lookup ports: writes by port, then reads, then destinations by collector ----");
	vw_line(w, "wire [CW-1:0] cnt_0 = %s;", vw_lit(lit, sizeof lit, g->cw, 0));
	for (unsigned i = 0; i < n; i++) {
		const char *k = rq_kind(g, i);
		unsigned e = rq_elem(g, i);

		vw_line(w, "wire [CW-1:0] cnt_%u = cnt_%u + {%s, %s_want_%u};", i + 1, i,
			vw_lit(lit, sizeof lit, g->cw - 1u, 0), k, e);
		vw_line(w, "wire gnt_%u = %s_want_%u & (cnt_%u < %s);", i, k, e, i, vw_lit(lit2, sizeof lit2, g->cw, g->NLK));
	}
	for (unsigned p = 0; p < g->NLK; p++) {
		size_t u1 = 0, u2 = 0, u3 = 0;
		char b2[8192], b3[8192];

		for (unsigned i = 0; i < n; i++) {
			const char *k = rq_kind(g, i);
			unsigned e = rq_elem(g, i);
			char sel[96];

			snprintf(sel, sizeof sel, "gnt_%u & (cnt_%u == %s)", i, i, vw_lit(lit, sizeof lit, g->cw, p));
			if (u1 < sizeof buf)
				u1 += (size_t)snprintf(buf + u1, sizeof buf - u1, "%s(%s)", i ? " | " : "", sel);
			if (u2 < sizeof b2)
				u2 += (size_t)snprintf(b2 + u2, sizeof b2 - u2, "%s({WW{%s}} & %s_warp_i[%u +: WW])",
						       i ? " | " : "", sel, k, e * g->ww);
			if (u3 < sizeof b3)
				u3 += (size_t)snprintf(b3 + u3, sizeof b3 - u3, "%s({RW{%s}} & %s_reg_i[%u +: RW])",
						       i ? " | " : "", sel, k, e * g->rw);
		}
		vw_line(w, "assign wcb_lk_req_i[%u] = %s;", p, buf);
		vw_line(w, "assign wcb_lk_warp_i[%u +: WW] = %s;", p * g->ww, b2);
		vw_line(w, "assign wcb_lk_reg_i[%u +: RW] = %s;", p * g->rw, b3);
	}
	vw_line(w, "wire [CW-1:0] issued = (cnt_%u > %s) ? %s : cnt_%u;", n, vw_lit(lit, sizeof lit, g->cw, g->NLK),
		vw_lit(lit2, sizeof lit2, g->cw, g->NLK), n);
	vw_line(w, "assign lk_issued_o = issued[%u:0];", cfg_index_bits(g->NLK + 1u) - 1u);
	if (cfg_index_bits(g->NLK + 1u) < g->cw)
		vw_line(w, "wire [%u:0] issued_unused = issued[CW-1:%u];", g->cw - cfg_index_bits(g->NLK + 1u) - 1u,
			cfg_index_bits(g->NLK + 1u));
	vw_line(w, "assign lk_stalled_o = cnt_%u - issued;", n);
	/* the answered lookups' flops */
	for (unsigned i = 0; i < n; i++) {
		const char *k = rq_kind(g, i), *l = rq_flop(g, i);
		unsigned e = rq_elem(g, i);
		int dl = i >= g->WP + g->C;	/* its answer goes out: no access to match */

		if (dl)
			vw_line(w, "assign dl_gnt_o[%u] = gnt_%u;", e, i);
		vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
		vw_open(w, "if (!rst_ni) begin");
		if (dl)
			vw_line(w, "%s_v_q_%u <= 1'b0; %s_lp_q_%u <= {LPW{1'b0}};", l, e, l, e);
		else
			vw_line(w, "%s_v_q_%u <= 1'b0; %s_lp_q_%u <= {LPW{1'b0}}; %s_warp_q_%u <= {WW{1'b0}}; %s_reg_q_%u <= {RW{1'b0}};",
				l, e, l, e, l, e, l, e);
		vw_close(w, "end else begin");
		w->indent++;
		vw_line(w, "%s_v_q_%u <= gnt_%u;", l, e, i);
		vw_line(w, "%s_lp_q_%u <= gnt_%u ? cnt_%u[LPW-1:0] : {LPW{1'b0}};", l, e, i, i);
		if (!dl) {
			vw_line(w, "%s_warp_q_%u <= %s_warp_i[%u +: WW];", l, e, k, e * g->ww);
			vw_line(w, "%s_reg_q_%u <= %s_reg_i[%u +: RW];", l, e, k, e * g->rw);
		}
		w->indent--;
		vw_line(w, "end");
		vw_close(w, "end");
	}
	{
		size_t u = 0;

		for (unsigned i = 0; i < n && u < sizeof buf; i++)
			u += (size_t)snprintf(buf + u, sizeof buf - u, "%s%s_v_q_%u", i ? " | " : "", rq_flop(g, i),
					      rq_elem(g, i));
		vw_line(w, "assign lk_pending_o = %s;", buf);
	}
	vw_blank(w);
}

/* Cache ports: the answered accesses that hit. */
static void emit_cache(struct vw *w, const struct lt_geom *g)
{
	vw_line(w, "// ---- register cache: answered accesses that hit ----");
	for (unsigned k = 0; k < g->C; k++) {
		vw_line(w, "assign rc_rd_req_i[%u] = rd_c_%u;", k, k);
		vw_line(w, "assign rc_rd_bank_i[%u +: BW] = {BW{rd_c_%u}} & rd_bank_%u;", k * g->bw, k, k);
		vw_line(w, "assign rc_rd_off_i[%u +: OW] = {OW{rd_c_%u}} & rd_off_%u;", k * g->ow, k, k);
	}
	for (unsigned p = 0; p < g->WP; p++) {
		vw_line(w, "assign rc_wr_req_i[%u] = wr_c_%u;", p, p);
		vw_line(w, "assign rc_wr_bank_i[%u +: BW] = {BW{wr_c_%u}} & wr_cbank_%u;", p * g->bw, p, p);
		vw_line(w, "assign rc_wr_off_i[%u +: OW] = {OW{wr_c_%u}} & wr_coff_%u;", p * g->ow, p, p);
		vw_line(w, "assign rc_wr_mask_i[%u +: LANES] = {LANES{wr_c_%u}} & wr_mask_i[%u +: LANES];", p * g->lanes, p,
			p * g->lanes);
		vw_line(w, "assign rc_wr_data_i[%u +: REG_BITS] = {REG_BITS{wr_c_%u}} & wr_data_i[%u +: REG_BITS];", p * g->D,
			p, p * g->D);
		vw_line(w, "assign wr_gnt_o[%u] = wr_d_%u ? mrf_wr_gnt_o[%u] : rc_wr_gnt_o[%u];", p, p, p + g->P, p);
		vw_line(w, "assign wr_direct_o[%u] = wr_d_%u;", p, p);
	}
	vw_line(w, "// commands: the global AAU's allocation, the WCB's working set and offset");
	vw_line(w, "assign rc_oa_req_i = cmd_req_i & cmd_alloc_i;");
	vw_line(w, "assign wcb_ws_we_i = cmd_req_i & ~cmd_op_i;  // PREFETCH");
	vw_line(w, "assign wcb_of_we_i = cmd_req_i & cmd_alloc_i;");
	vw_line(w, "wire [%u:0] wcb_unused = {wcb_lk_valid_o, wcb_vr_valid_o, wcb_vr_offset_o, wcb_vr_ws_o%s};",
		g->NLK + 1u + g->ow + g->N - 1u + (g->live ? g->N : 0u), g->live ? ", wcb_vr_live_o" : "");
	vw_line(w, "wire [BW:0] rc_unused = {rc_ba_ok_o, rc_ba_bank_o};  // the engine takes every row's head (ba_heads_o)");
	vw_blank(w);
}

/* Row freeing: of the rows whose DEACTIVATE was taken at least two edges
 * ago and whose engine job is over, the row of the lowest warp. */
static void emit_free(struct vw *w, const struct lt_geom *g)
{
	char lit[32], buf[4096];

	vw_line(w, "// ---- row freeing: a finished DEACTIVATE's row back to the global AAU, lowest warp first ----");
	vw_line(w, "reg [ACTIVE_WARPS-1:0] pend_q;   // DEACTIVATE taken, row not yet freed");
	vw_line(w, "reg [ACTIVE_WARPS-1:0] fresh_q;  // commanded at the last edge");
	vw_line(w, "wire [ACTIVE_WARPS-1:0] cmd_oh;");
	for (unsigned a = 0; a < g->na; a++)
		vw_line(w, "assign cmd_oh[%u] = cmd_req_i & (cmd_row_i == %s);", a, vw_lit(lit, sizeof lit, g->ow, a));
	vw_line(w, "wire [ACTIVE_WARPS-1:0] free_cand = pend_q & ~fresh_q & ~eng_busy_o;");
	for (unsigned a = 0; a < g->na && g->na > 1; a++) {	/* one row: no order to keep */
		vw_line(w, "reg [WW-1:0] rowwarp_q_%u;  // the warp of row %u's last command", a, a);
		vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
		vw_line(w, "if (!rst_ni)        rowwarp_q_%u <= {WW{1'b0}};", a);
		vw_line(w, "else if (cmd_oh[%u]) rowwarp_q_%u <= cmd_warp_i;", a, a);
		vw_close(w, "end");
	}
	vw_line(w, "wire [ACTIVE_WARPS-1:0] free_oh;");
	for (unsigned a = 0; a < g->na; a++) {
		size_t u = (size_t)snprintf(buf, sizeof buf, "assign free_oh[%u] = free_cand[%u]", a, a);

		for (unsigned b = 0; b < g->na && u < sizeof buf; b++)
			if (b != a)
				u += (size_t)snprintf(buf + u, sizeof buf - u, " & (~free_cand[%u] | (rowwarp_q_%u %s rowwarp_q_%u))",
						      b, a, b < a ? "<" : "<=", b);
		vw_line(w, "%s;", buf);
	}
	emit_onehot_index(w, "free_row", "free_oh", g->na, g->ow);
	vw_line(w, "assign free_o = |free_cand;");
	vw_line(w, "assign free_row_o = free_row;");
	vw_line(w, "assign rc_of_req_i = |free_cand;");
	vw_line(w, "assign rc_of_off_i = free_row;");
	emit_flop(w, "pend_q", "(pend_q & ~free_oh) | (cmd_oh & {ACTIVE_WARPS{cmd_op_i}})", "{ACTIVE_WARPS{1'b0}}");
	emit_flop(w, "fresh_q", "cmd_oh", "{ACTIVE_WARPS{1'b0}}");
	vw_blank(w);
}

/* {zeros, v, zeros}: v (width vw) at bit lo of a width-bit vector. */
static const char *placed(char *buf, size_t n, const char *v, unsigned vw, unsigned lo, unsigned width)
{
	char hi[32] = "", low[32] = "";

	if (width > lo + vw)
		snprintf(hi, sizeof hi, "{%u{1'b0}}, ", width - lo - vw);
	if (lo)
		snprintf(low, sizeof low, ", {%u{1'b0}}", lo);
	snprintf(buf, n, "{%s%s%s}", hi, v, low);
	return buf;
}

/* Engine port k's beat on main-file read / write port k: a lane-masked
 * access of the whole register; its read data's lanes picked by the beat
 * number delayed as long as the main file's read pipeline. */
static void emit_mrf_port(struct vw *w, const struct lt_geom *g, unsigned k)
{
	char b1[256], b2[256], lit[32], expr[8192], beat[64];
	size_t u;

	snprintf(beat, sizeof beat, "eng_mrf_beat_o[%u +: BTW]", k * g->btw);
	vw_line(w, "// engine port %u", k);
	vw_line(w, "wire eng_rd_%u = eng_mrf_req_o[%u] & ~eng_mrf_we_o[%u];", k, k, k);
	vw_line(w, "wire eng_wr_%u = eng_mrf_req_o[%u] & eng_mrf_we_o[%u];", k, k, k);
	vw_line(w, "assign mrf_rd_req_i[%u] = eng_rd_%u;", k, k);
	vw_line(w, "assign mrf_rd_warp_i[%u +: WW] = {WW{eng_rd_%u}} & eng_mrf_warp_o[%u +: WW];", k * g->ww, k, k * g->ww);
	vw_line(w, "assign mrf_rd_reg_i[%u +: RW] = {RW{eng_rd_%u}} & eng_mrf_reg_o[%u +: RW];", k * g->rw, k, k * g->rw);
	vw_line(w, "assign mrf_wr_req_i[%u] = eng_wr_%u;", k, k);
	vw_line(w, "assign mrf_wr_warp_i[%u +: WW] = {WW{eng_wr_%u}} & eng_mrf_warp_o[%u +: WW];", k * g->ww, k, k * g->ww);
	vw_line(w, "assign mrf_wr_reg_i[%u +: RW] = {RW{eng_wr_%u}} & eng_mrf_reg_o[%u +: RW];", k * g->rw, k, k * g->rw);
	vw_line(w, "assign eng_mrf_gnt_i[%u] = mrf_rd_gnt_o[%u] | mrf_wr_gnt_o[%u];", k, k, k);
	vw_line(w, "assign mon_beat_gnt_o[%u] = mrf_rd_gnt_o[%u] | mrf_wr_gnt_o[%u];", k, k, k);
	vw_line(w, "assign eng_mrf_rvalid_i[%u] = mrf_rd_valid_o[%u];", k, k);
	if (g->beats == 1) {
		vw_line(w, "assign mrf_wr_mask_i[%u +: LANES] = {LANES{eng_wr_%u}};", k * g->lanes, k);
		vw_line(w, "assign mrf_wr_data_i[%u +: REG_BITS] = eng_mrf_wdata_o[%u +: REG_BITS];  // 0 unless writing",
			k * g->D, k * g->D);
		vw_line(w, "wire beat_unused_%u = eng_mrf_beat_o[%u];", k, k);
		vw_line(w, "assign eng_mrf_rdata_i[%u +: REG_BITS] = {REG_BITS{mrf_rd_valid_o[%u]}} & "
			   "mrf_rd_data_o[%u +: REG_BITS];  // one beat: the register", k * g->D, k, k * g->D);
		return;
	}
	u = 0;
	for (unsigned b = 0; b < g->beats && u < sizeof expr; b++)
		u += (size_t)snprintf(expr + u, sizeof expr - u, "%s({LANES{%s == %s}} & %s)", b ? " | " : "", beat,
				      vw_lit(lit, sizeof lit, g->btw, b),
				      placed(b1, sizeof b1, "{XL{1'b1}}", g->XL, b * g->XL, g->lanes));
	vw_line(w, "assign mrf_wr_mask_i[%u +: LANES] = {LANES{eng_wr_%u}} & (%s);", k * g->lanes, k, expr);
	u = 0;
	for (unsigned b = 0; b < g->beats && u < sizeof expr; b++) {
		char wd[64];

		snprintf(wd, sizeof wd, "eng_mrf_wdata_o[%u +: XBAR_BITS]", k * g->X);
		u += (size_t)snprintf(expr + u, sizeof expr - u, "%s({REG_BITS{%s == %s}} & %s)", b ? " | " : "", beat,
				      vw_lit(lit, sizeof lit, g->btw, b), placed(b2, sizeof b2, wd, g->X, b * g->X, g->D));
	}
	vw_line(w, "assign mrf_wr_data_i[%u +: REG_BITS] = %s;  // 0 unless writing", k * g->D, expr);
	vw_line(w, "// the number of each read beat, as long as the main file's read pipeline");
	for (unsigned s = 0; s < g->lat; s++) {
		char q[32], d[128];

		snprintf(q, sizeof q, "beat_q_%u_%u", k, s);
		if (s)
			snprintf(d, sizeof d, "beat_q_%u_%u", k, s - 1u);
		else
			snprintf(d, sizeof d, "{BTW{mrf_rd_gnt_o[%u]}} & %s", k, beat);
		vw_line(w, "reg [BTW-1:0] %s;", q);
		emit_flop(w, q, d, "{BTW{1'b0}}");
	}
	u = 0;
	for (unsigned b = 0; b < g->beats && u < sizeof expr; b++)
		u += (size_t)snprintf(expr + u, sizeof expr - u,
				      "%s({XBAR_BITS{beat_q_%u_%u == %s}} & mrf_rd_data_o[%u +: XBAR_BITS])", b ? " | " : "",
				      k, g->lat - 1u, vw_lit(lit, sizeof lit, g->btw, b), k * g->D + b * g->X);
	vw_line(w, "assign eng_mrf_rdata_i[%u +: XBAR_BITS] = {XBAR_BITS{mrf_rd_valid_o[%u]}} & (%s);", k * g->X, k, expr);
}

static void emit_mrf(struct vw *w, const struct lt_geom *g)
{
	vw_line(w, "// ---- main register file: engine port k on read / write port k, direct writes on %u.. ----", g->P);
	for (unsigned k = 0; k < g->P; k++)
		emit_mrf_port(w, g, k);
	for (unsigned p = 0; p < g->WP; p++) {
		unsigned q = p + g->P;

		vw_line(w, "assign mrf_wr_req_i[%u] = wr_d_%u;", q, p);
		vw_line(w, "assign mrf_wr_warp_i[%u +: WW] = {WW{wr_d_%u}} & wr_warp_i[%u +: WW];", q * g->ww, p, p * g->ww);
		vw_line(w, "assign mrf_wr_reg_i[%u +: RW] = {RW{wr_d_%u}} & wr_reg_i[%u +: RW];", q * g->rw, p, p * g->rw);
		vw_line(w, "assign mrf_wr_mask_i[%u +: LANES] = {LANES{wr_d_%u}} & wr_mask_i[%u +: LANES];", q * g->lanes, p,
			p * g->lanes);
		vw_line(w, "assign mrf_wr_data_i[%u +: REG_BITS] = {REG_BITS{wr_d_%u}} & wr_data_i[%u +: REG_BITS];", q * g->D,
			p, p * g->D);
	}
	if (g->live)
		vw_line(w, "assign eng_cmd_live_i = cmd_live_i;");
	vw_blank(w);
}

int emit_ltrf_top(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	const struct cfg_ltrf *l = &cfg->ltrf;
	struct gpurf_cfg mrf = ltrf_mrf_cfg(cfg);
	struct module_desc sub[4];
	const struct gpurf_cfg *cfgs[4] = {cfg, cfg, cfg, &mrf};
	struct emit_compose ec;
	struct lt_geom g;
	struct sbuf *out;
	struct vw w;
	int fresh;

	memset(&g, 0, sizeof g);
	g.cfg = cfg;
	g.C = cfg->collectors;
	g.WP = cfg->write_ports;
	g.NLK = l->lookup_ports;
	g.N = l->d.arch_regs;
	g.na = l->active_warps;
	g.nw = cfg->warps;
	g.ww = cfg_index_bits(cfg->warps);
	g.rw = cfg_index_bits(g.N);
	g.ow = l->d.offset_bits;
	g.bw = l->d.bank_bits;
	g.beats = l->d.beats;
	g.btw = cfg_index_bits(g.beats);
	g.lpw = cfg_index_bits(g.NLK);
	g.cw = cfg_index_bits(2u * g.C + g.WP + 1u);
	g.X = l->d.xbar_width;
	g.XL = g.X / 32u;
	g.lanes = cfg->lanes;
	g.D = cfg->d.warp_bits;
	g.lat = mrf.read_latency;
	g.P = l->engine_ports;
	g.live = (int)l->d.liveness;
	ltrf_top_subdescs(cfg, &mrf, sub);
	memset(&ec, 0, sizeof ec);
	ec.top = m;
	ec.n = 4;
	ec.sub = sub;
	ec.cfgs = cfgs;
	ec.prefix = prefix;
	ec.wiring = &ltrf_top_wiring;
	mark_glue(&ec, g.live);
	if (emit_compose_submodules(d, &ec))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "LTRF register-file subsystem (docs/ltrf.md, \"ltrf_top\"; paper Fig. 5).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "ACTIVE_WARPS");
	vw_param(&w, m, "REG_BITS");
	if (g.beats > 1)
		vw_param(&w, m, "XBAR_BITS");
	vw_line(&w, "localparam integer WW  = %u;  // warp index", g.ww);
	vw_line(&w, "localparam integer RW  = %u;  // register index", g.rw);
	vw_line(&w, "localparam integer BW  = %u;  // register-cache bank index", g.bw);
	vw_line(&w, "localparam integer OW  = %u;  // row (warp offset) index", g.ow);
	vw_line(&w, "localparam integer LPW = %u;  // lookup-port index", g.lpw);
	vw_line(&w, "localparam integer CW  = %u;  // counts of accesses", g.cw);
	if (g.beats > 1) {
		vw_line(&w, "localparam integer BTW = %u;  // beat number", g.btw);
		vw_line(&w, "localparam integer XL  = %u;  // lanes of one beat", g.XL);
	}
	vw_line(&w, "localparam integer LANES = %u;", g.lanes);
	vw_blank(&w);
	emit_compose_instances(&w, &ec);
	emit_compose_wiring(&w, &ec);
	vw_line(&w, "// ---- accesses: the lookup answered this cycle, then cache or main file ----");
	emit_answers(&w, &g);
	emit_lookups(&w, &g);
	emit_cache(&w, &g);
	emit_free(&w, &g);
	emit_mrf(&w, &g);
	vw_module_end(&w);
	return 0;
}

/* The groups of glue/ltrf_top.gtkw and of the twins' save file, which
 * scripts/wave-sm shows: operand reads through the WCB lookup and the
 * register cache, writes bringing the location their destination lookup
 * answered, the commands, the engine's main-file beats. */
unsigned wave_ltrf_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	struct gpurf_cfg mrf = ltrf_mrf_cfg(cfg);
	struct module_desc sub[LT_U_TOP];
	unsigned n = 0;

	ltrf_top_subdescs(cfg, &mrf, sub);
	groups[n] = (struct wave_group){.title = "operand requests in"};
	wave_add_names(&groups[n++], m, sub, prefix, LT_U_TOP,
		       "clk_i rst_ni rd_req_i rd_warp_i rd_reg_i wr_req_i wr_warp_i wr_reg_i wr_cached_i wr_loc_i");
	groups[n] = (struct wave_group){.title = "destination lookups"};
	wave_add_names(&groups[n++], m, sub, prefix, LT_U_TOP, "dl_req_i dl_reg_i dl_gnt_o dl_valid_o dl_hit_o dl_bank_o");
	groups[n] = (struct wave_group){.title = "wcb: lookup (hit, offset)"};
	wave_add_names(&groups[n++], m, sub, prefix, LT_U_TOP, "wcb_lk_req_i wcb_lk_hit_o wcb_lk_offset_o");
	groups[n] = (struct wave_group){.title = "ltrf_cache: reads, writes, fills"};
	wave_add_names(&groups[n++], m, sub, prefix, LT_U_TOP,
		       "rc_rd_req_i rc_rd_gnt_o rc_wr_req_i rc_wr_gnt_o rc_fill_req_i rc_fill_bank_i rc_fill_gnt_o");
	groups[n] = (struct wave_group){.title = "commands"};
	wave_add_names(&groups[n++], m, sub, prefix, LT_U_TOP,
		       "cmd_req_i cmd_op_i cmd_row_i cmd_warp_i cmd_vec_i cmd_alloc_i free_o free_row_o row_ready_o");
	groups[n] = (struct wave_group){.title = "ltrf_engine: rows, main-file beats"};
	wave_add_names(&groups[n++], m, sub, prefix, LT_U_TOP,
		       "row_busy_o eng_mrf_req_o eng_mrf_we_o eng_mrf_warp_o eng_mrf_reg_o eng_mrf_beat_o eng_mrf_rvalid_i "
		       "eng_fill_req_o eng_ev_req_o mrf_rd_gnt_o mon_beat_gnt_o mon_tw_req_o mon_tw_reg_o mon_tw_valid_o");
	groups[n] = (struct wave_group){.title = "out"};
	wave_add_names(&groups[n++], m, sub, prefix, LT_U_TOP,
		       "rd_gnt_o rd_valid_o wr_gnt_o wr_direct_o lk_issued_o lk_stalled_o");
	return n;
}
