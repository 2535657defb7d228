/* emit_rfc_top.c: Verilog of rfc_top, the RFC register-file subsystem
 * (common/rfc_top_desc.h has the ports, cmodel/rfc_top.c the model this
 * mirrors flop for flop).
 *
 *   submodules  the generated rfc, sched_2level and rf_banked (the
 *               configuration's main file), gen/emit_compose.h; one wire
 *               per submodule port, <prefix>_<port name>
 *   wiring      rfc_top_wiring as assigns (shared with the model)
 *   glue        in the model's order, one combinational block per stage so
 *               that no block reads what it drives through a unit:
 *                 A  writes (merge, RFC write, probe) and the read tag check
 *                    (operand buffers, rotating priority, last-use rule)
 *                 B  the RFC's answers: grants, operand-buffer coverage,
 *                    fills, merge registers, direct writes; the MRF's
 *                    requests (write-back first)
 *                 C  the MRF's grants
 *                 D  the active set's copy and busy from the scheduler's
 *                    demote / flush-done / promote
 *                 E  pending reads and long-latency flags per (warp, reg)
 *               then the registers, and the state-only outputs. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "emit_compose.h"
#include "emit_lib.h"
#include "rf_banked_desc.h"
#include "rfc_desc.h"
#include "rfc_top_desc.h"
#include "sched_2level_desc.h"
#include "vwriter.h"

static const char *const prefix[RCT_U_TOP] = {"rfc", "s2l", "mrf"};

struct rt_emit {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rfc_top_geom g;
	struct module_desc sub[RCT_U_TOP];
	const struct gpurf_cfg *cfgs[RCT_U_TOP];
	struct emit_compose ec;
	unsigned cw, wpw, ngw, rlog;
};

/* The MRF address of warp wexpr's register base[off +: TAG_W]: warp slot
 * wexpr * SPW + reg / regs_per_warp, register reg %% regs_per_warp
 * (regs_per_warp = 2^rlog: bit fields of the register). */
static const char *mrf_warp_expr(char *buf, size_t n, const struct rt_emit *e, const char *wexpr, const char *base,
				 const char *off)
{
	unsigned tw = e->g.tw, rl = e->rlog, hiw = tw > rl ? tw - rl : 0, mw = e->g.mww;

	if (!hiw)
		snprintf(buf, n, "%s * SPW", wexpr);
	else if (hiw < mw)
		snprintf(buf, n, "%s * SPW + {%u'd0, %s[%s + %u +: %u]}", wexpr, mw - hiw, base, off, rl, hiw);
	else
		snprintf(buf, n, "%s * SPW + %s[%s + %u +: %u]", wexpr, base, off, rl, mw);
	return buf;
}

static const char *mrf_reg_expr(char *buf, size_t n, const struct rt_emit *e, const char *base, const char *off)
{
	unsigned tw = e->g.tw, rl = e->rlog;

	if (!rl)
		snprintf(buf, n, "1'b0");
	else if (rl <= tw)
		snprintf(buf, n, "%s[%s +: %u]", base, off, rl);
	else
		snprintf(buf, n, "{%u'd0, %s[%s +: %u]}", rl - tw, base, off, tw);
	return buf;
}

static void mark_glue(struct rt_emit *e)
{
	static const unsigned rfc_in[] = {RFC_RD_I, RFC_RD_SLOT_I, RFC_RD_REGV_I, RFC_RD_REG_I, RFC_RD_LAST_I,
					  RFC_WR_I, RFC_WR_SLOT_I, RFC_WR_REG_I, RFC_WR_BYPASS_I, RFC_WR_DATA_I,
					  RFC_WR_WARP_I, RFC_FL_WARP_I, RFC_FL_HOLD_I};
	static const unsigned s2l_in[] = {S2L_READY_I, S2L_WAKE_I, S2L_FLUSH_DONE_I};
	static const unsigned mrf_in[] = {RFB_RD_REQ_I, RFB_RD_WARP_I, RFB_RD_REG_I, RFB_WR_REQ_I, RFB_WR_WARP_I,
					  RFB_WR_REG_I, RFB_WR_MASK_I, RFB_WR_DATA_I};

	emit_compose_glue(&e->ec, RCT_U_RFC, rfc_in, sizeof rfc_in / sizeof rfc_in[0]);
	emit_compose_glue(&e->ec, RCT_U_S2L, s2l_in, sizeof s2l_in / sizeof s2l_in[0]);
	emit_compose_glue(&e->ec, RCT_U_MRF, mrf_in, sizeof mrf_in / sizeof mrf_in[0]);
}

static void emit_params(struct vw *w, const struct rt_emit *e)
{
	const struct rfc_top_geom *g = &e->g;
	char lit[32];

	vw_param(w, e->m, "NUM_WARPS");
	vw_param(w, e->m, "K_WARPS");
	vw_param(w, e->m, "K_REGS");
	vw_param(w, e->m, "NUM_SRCS");
	vw_param(w, e->m, "NUM_DSTS");
	vw_param(w, e->m, "COLLECTORS");
	vw_param(w, e->m, "WRITE_PORTS");
	vw_param(w, e->m, "ISSUE_PORTS");
	vw_param(w, e->m, "NUM_SLOTS");
	vw_param(w, e->m, "SRC_PORTS");
	vw_param(w, e->m, "TAG_W");
	vw_param(w, e->m, "LANES");
	vw_param(w, e->m, "FLUSH_YIELDS");
	vw_line(w, "localparam integer WW  = %u;  // warp index", g->ww);
	vw_line(w, "localparam integer VB  = %u;  // the RFC's victim-buffer outputs", e->cfg->rfc.victim_entries ? e->cfg->rfc.victim_entries : 1u);
	vw_line(w, "localparam integer SW  = %u;  // source index", g->sw);
	vw_line(w, "localparam integer NSW = %u;  // source count", g->nsw);
	vw_line(w, "localparam integer NDW = %u;  // destination count", g->ndw);
	vw_line(w, "localparam integer CW  = %u;  // collector index", e->cw);
	vw_line(w, "localparam integer WPW = %u;  // write port index", e->wpw);
	vw_line(w, "localparam integer NGW = %u;  // sources of one tag check", e->ngw);
	vw_line(w, "localparam integer SLW = %u;  // active slot index", g->slw);
	vw_line(w, "localparam integer MWW = %u;  // MRF warp slot index", g->mww);
	vw_line(w, "localparam integer MRW = %u;  // MRF register index", g->mrw);
	vw_line(w, "localparam integer PW  = %u;  // pending-read counter", g->pw);
	vw_line(w, "localparam integer D   = %u;  // one warp register", g->D);
	vw_line(w, "localparam integer PMASK = %u;  // 2^PW - 1", (1u << g->pw) - 1u);
	vw_line(w, "localparam [MWW-1:0] SPW = %s;  // MRF warp slots per warp (the kernel's registers)",
		vw_lit(lit, sizeof lit, g->mww, g->spw));
	vw_line(w, "localparam [1:0] SLOT_FREE = 2'd%u, SLOT_ACTIVE = 2'd%u, SLOT_DRAIN = 2'd%u;", RCT_SLOT_FREE,
		RCT_SLOT_ACTIVE, RCT_SLOT_DRAIN);
	vw_blank(w);
}

/* Functions: a warp's slot, a slot's state, a (warp, reg)'s flag. */
/* A function NAME(wv, rv, f) returning the W-bit field of (warp wv,
 * register rv) of a K_WARPS x K_REGS array of them: the warp's row first,
 * then the register, each by comparison with the loop's constants. */
static void emit_cell_read(struct vw *w, const char *name, const char *width)
{
	char row[32];

	snprintf(row, sizeof row, strcmp(width, "1") ? "K_REGS*%s" : "K_REGS", width);
	vw_open(w, "function automatic [%s-1:0] %s(input [WW-1:0] wv, input [TAG_W-1:0] rv, input [K_WARPS*%s-1:0] f);",
		width, name, row);
	vw_line(w, "integer i;");
	vw_line(w, "reg [%s-1:0] r;", row);
	vw_open(w, "begin");
	vw_line(w, "r = {(%s){1'b0}};", row);
	vw_line(w, "for (i = 0; i < K_WARPS; i = i + 1)");
	vw_line(w, "  if (wv == i[WW-1:0]) r = f[i*%s +: %s];", row, row);
	vw_line(w, "%s = {%s{1'b0}};", name, width);
	vw_line(w, "for (i = 0; i < K_REGS; i = i + 1)");
	vw_line(w, "  if (rv == i[TAG_W-1:0]) %s = r[i*%s +: %s];", name, width, width);
	vw_close(w, "end");
	vw_close(w, "endfunction");
}

static void emit_functions(struct vw *w)
{
	vw_line(w, "// {holds a slot, the slot} of warp wv");
	vw_open(w, "function automatic [SLW:0] slot_of(input [WW-1:0] wv, input [K_WARPS-1:0] v, input [K_WARPS*SLW-1:0] s);");
	vw_line(w, "integer i;");
	vw_open(w, "begin");
	vw_line(w, "slot_of = {(SLW+1){1'b0}};");
	vw_line(w, "for (i = 0; i < K_WARPS; i = i + 1)");
	vw_line(w, "  if (wv == i[WW-1:0] && v[i]) slot_of = {1'b1, s[i*SLW +: SLW]};");
	vw_close(w, "end");
	vw_close(w, "endfunction");
	vw_open(w, "function automatic [1:0] slot_state(input [SLW-1:0] sv, input [2*NUM_SLOTS-1:0] st);");
	vw_line(w, "integer i;");
	vw_open(w, "begin");
	vw_line(w, "slot_state = SLOT_FREE;");
	vw_line(w, "for (i = 0; i < NUM_SLOTS; i = i + 1)");
	vw_line(w, "  if (sv == i[SLW-1:0]) slot_state = st[2*i +: 2];");
	vw_close(w, "end");
	vw_close(w, "endfunction");
	vw_line(w, "// per (kernel warp, register) state read through the warp's row, then the register");
	vw_line(w, "// (comparisons with constants, not a variable part-select, which Yosys maps as a shifter");
	vw_line(w, "// over every bit): the long-latency flag and the pending-read count of (wv, rv)");
	emit_cell_read(w, "ll_of", "1");
	emit_cell_read(w, "pend_of", "PW");
	vw_blank(w);
}

static void emit_regs(struct vw *w)
{
	vw_line(w, "// ---- glue registers (and their next values) ----");
	vw_line(w, "reg [2*NUM_SLOTS-1:0] slot_st_q, slot_st_d;         // the active set's copy");
	vw_line(w, "reg [NUM_SLOTS*WW-1:0] slot_warp_q, slot_warp_d;");
	vw_line(w, "reg [K_WARPS-1:0] ws_v_q, ws_v_d;                   // the warp holds a slot");
	vw_line(w, "reg [K_WARPS*SLW-1:0] ws_q, ws_d;");
	vw_line(w, "reg [SRC_PORTS-1:0] pc_v_q, pc_v_d;                 // RFC port k's data goes to collector pc_col");
	vw_line(w, "reg [SRC_PORTS*CW-1:0] pc_col_q, pc_col_d;");
	vw_line(w, "reg [SRC_PORTS-1:0] fill_v_q, fill_v_d;             // RFC port k's data fills an operand buffer");
	vw_line(w, "reg [SRC_PORTS*SW-1:0] fill_idx_q, fill_idx_d;");
	vw_line(w, "reg [CW-1:0] fill_col_q, fill_col_d;");
	vw_line(w, "reg [COLLECTORS*NUM_SRCS-1:0] cov_hit_q, cov_hit_d;  // sources the last tag check found cached");
	vw_line(w, "reg [COLLECTORS*NUM_SRCS-1:0] cov_miss_q, cov_miss_d; // ... or not");
	vw_line(w, "reg [COLLECTORS-1:0] serve_q, serve_d;              // returns operand serve_idx of its buffer");
	vw_line(w, "reg [COLLECTORS*SW-1:0] serve_idx_q, serve_idx_d;");
	vw_line(w, "reg mg_v_q, mg_v_d;                                 // a merge: the cached value arrives on RFC port 0");
	vw_line(w, "reg [WPW-1:0] mg_port_q, mg_port_d;");
	vw_line(w, "reg [WW-1:0] mg_warp_q, mg_warp_d;");
	vw_line(w, "reg [TAG_W-1:0] mg_reg_q, mg_reg_d;");
	vw_line(w, "reg [CW-1:0] rd_ptr_q, rd_ptr_d;                    // tag-check priority");
	vw_line(w, "reg busy_q, busy_d;");
	vw_line(w, "reg [K_WARPS*K_REGS*PW-1:0] pend_q;                 // issued, not granted reads");
	vw_line(w, "wire [K_WARPS*K_REGS*PW-1:0] pend_d;");
	vw_line(w, "reg [K_WARPS*K_REGS-1:0] ll_q;                      // the pending result is long-latency");
	vw_line(w, "wire [K_WARPS*K_REGS-1:0] ll_d;");
	vw_line(w, "wire [COLLECTORS*NUM_SRCS*D-1:0] cbuf_q;             // operand buffers (no reset: read only once filled)");
	vw_blank(w);
}

/* Stage A: writes and the read tag check (cmodel/rfc_top.c rt_comb, up to
 * the RFC's evaluation). */
static void emit_stage_a(struct vw *w, const struct rt_emit *e)
{
	char lit[32];

	vw_line(w, "// ---- A: writes (merge, RFC write, probe) and the one read tag check ----");
	vw_line(w, "wire mw_v = rfc_mrf_wr_o[0];  // the RFC's write-back: the MRF's only write this cycle");
	vw_line(w, "reg [WW-1:0] mw_warp, a_fl_warp, a_rfc_wr_warp;");
	vw_line(w, "reg a_rfc_rd, a_rfc_wr, a_rfc_wr_bypass;");
	vw_line(w, "reg [SLW-1:0] a_rfc_rd_slot, a_rfc_wr_slot;");
	vw_line(w, "reg [SRC_PORTS-1:0] a_rfc_regv, a_rfc_last;");
	vw_line(w, "reg [SRC_PORTS*TAG_W-1:0] a_rfc_reg;");
	vw_line(w, "reg [TAG_W-1:0] a_rfc_wr_reg;");
	vw_line(w, "reg [D-1:0] a_rfc_wr_data;");
	vw_line(w, "reg a_probe_v, a_merged_v, a_wport_v, a_gcol_v;");
	vw_line(w, "reg [WPW-1:0] a_probe, a_wport;");
	vw_line(w, "reg [WRITE_PORTS-1:0] a_wr_direct;");
	vw_line(w, "reg [COLLECTORS-1:0] a_rd_mrf, a_gnt;");
	vw_line(w, "reg [COLLECTORS*NUM_SRCS-1:0] a_cov_hit;");
	vw_line(w, "reg [CW-1:0] a_gcol;");
	vw_line(w, "reg [SW-1:0] a_gsrc;");
	vw_line(w, "reg [NGW-1:0] a_ng;");
	vw_line(w, "reg [SLW:0] a_s;");
	vw_line(w, "reg [1:0] a_st;");
	vw_line(w, "reg [WW-1:0] a_w;");
	vw_line(w, "reg [TAG_W-1:0] a_r;");
	vw_line(w, "integer asl, ap, ao, ac, ak, aj, al, ai, an, ang, aocc, apn, aq;");
	vw_open(w, "always @(*) begin");
	vw_line(w, "// the write-back names its warp: a buffered entry's slot may hold another warp by now");
	vw_line(w, "mw_warp = rfc_mrf_wr_warp_o;");
	vw_line(w, "a_fl_warp = {WW{1'b0}};  // the flushed slot's warp owns what the flush buffers");
	vw_line(w, "for (asl = 0; asl < NUM_SLOTS; asl = asl + 1)");
	vw_line(w, "  if (s2l_flush_slot_o == asl[SLW-1:0]) a_fl_warp = slot_warp_q[asl*WW +: WW];");
	vw_line(w, "a_rfc_wr_warp = {WW{1'b0}};");
	vw_line(w, "a_rfc_rd = 1'b0; a_rfc_rd_slot = {SLW{1'b0}}; a_rfc_regv = {SRC_PORTS{1'b0}};");
	vw_line(w, "a_rfc_reg = {(SRC_PORTS*TAG_W){1'b0}}; a_rfc_last = {SRC_PORTS{1'b0}};");
	vw_line(w, "a_rfc_wr = 1'b0; a_rfc_wr_slot = {SLW{1'b0}}; a_rfc_wr_reg = {TAG_W{1'b0}};");
	vw_line(w, "a_rfc_wr_bypass = 1'b0; a_rfc_wr_data = {D{1'b0}};");
	vw_line(w, "a_probe_v = 1'b0; a_probe = {WPW{1'b0}}; a_merged_v = 1'b0; a_wport_v = 1'b0; a_wport = {WPW{1'b0}};");
	vw_line(w, "a_wr_direct = {WRITE_PORTS{1'b0}}; a_rd_mrf = {COLLECTORS{1'b0}}; a_gnt = {COLLECTORS{1'b0}};");
	vw_line(w, "a_cov_hit = cov_hit_q; serve_d = {COLLECTORS{1'b0}}; serve_idx_d = serve_idx_q;");
	vw_line(w, "a_gcol_v = 1'b0; a_gcol = {CW{1'b0}}; a_gsrc = {SW{1'b0}}; a_ng = {NGW{1'b0}}; ang = 0;");
	vw_line(w, "an = 0; aocc = 0; apn = 0;");
	vw_line(w, "a_s = {(SLW+1){1'b0}}; a_st = SLOT_FREE; a_w = {WW{1'b0}}; a_r = {TAG_W{1'b0}};");
	vw_line(w, "// a merge whose cached value arrived: the masked lanes over the cached register");
	vw_open(w, "if (mg_v_q) begin");
	vw_line(w, "a_s = slot_of(mg_warp_q, ws_v_q, ws_q);");
	vw_line(w, "a_st = slot_state(a_s[SLW-1:0], slot_st_q);");
	vw_line(w, "for (ap = 0; ap < WRITE_PORTS; ap = ap + 1)");
	vw_open(w, "  if (mg_port_q == ap[WPW-1:0] && wr_req_i[ap] && wr_warp_i[ap*WW +: WW] == mg_warp_q &&");
	vw_line(w, "    wr_reg_i[ap*TAG_W +: TAG_W] == mg_reg_q && a_s[SLW] && a_st == SLOT_ACTIVE && rfc_rd_valid_o[0]) begin");
	vw_line(w, "for (al = 0; al < LANES; al = al + 1)");
	vw_line(w, "  a_rfc_wr_data[al*32 +: 32] = wr_mask_i[ap*LANES + al] ? wr_data_i[(ap*LANES + al)*32 +: 32]");
	vw_line(w, "                                                       : rfc_rd_data_o[al*32 +: 32];");
	vw_line(w, "a_merged_v = 1'b1; a_wport_v = 1'b1; a_wport = mg_port_q;");
	vw_line(w, "a_rfc_wr = 1'b1; a_rfc_wr_slot = a_s[SLW-1:0]; a_rfc_wr_reg = mg_reg_q; a_rfc_wr_warp = mg_warp_q;");
	vw_line(w, "a_rfc_wr_bypass = ll_of(mg_warp_q, mg_reg_q, ll_q);");
	vw_close(w, "  end");
	vw_close(w, "end");
	vw_line(w, "// the write ports in order: no slot -> MRF, draining -> wait, live lanes covered -> RFC,");
	vw_line(w, "// partial -> probe the tag (hit: merge next cycle, miss: MRF under the mask)");
	vw_open(w, "for (ap = 0; ap < WRITE_PORTS; ap = ap + 1) begin");
	vw_line(w, "a_s = slot_of(wr_warp_i[ap*WW +: WW], ws_v_q, ws_q);");
	vw_line(w, "a_st = slot_state(a_s[SLW-1:0], slot_st_q);");
	vw_open(w, "if (wr_req_i[ap] && !(a_merged_v && a_wport == ap[WPW-1:0]) && !(a_s[SLW] && a_st == SLOT_DRAIN)) begin");
	vw_open(w, "if (!a_s[SLW]) begin");
	vw_line(w, "a_wr_direct[ap] = 1'b1;");
	vw_close(w, "end else if ((wr_mask_i[ap*LANES +: LANES] & wr_live_i[ap*LANES +: LANES]) == wr_live_i[ap*LANES +: LANES]) begin");
	w->indent++;
	vw_open(w, "if (!a_wport_v) begin  // one RFC write per cycle");
	vw_line(w, "a_wport_v = 1'b1; a_wport = ap[WPW-1:0];");
	vw_line(w, "a_rfc_wr = 1'b1; a_rfc_wr_slot = a_s[SLW-1:0]; a_rfc_wr_reg = wr_reg_i[ap*TAG_W +: TAG_W];");
	vw_line(w, "a_rfc_wr_warp = wr_warp_i[ap*WW +: WW];");
	vw_line(w, "a_rfc_wr_bypass = ll_of(wr_warp_i[ap*WW +: WW], wr_reg_i[ap*TAG_W +: TAG_W], ll_q);");
	vw_line(w, "a_rfc_wr_data = wr_data_i[ap*D +: D];");
	vw_close(w, "end");
	vw_close(w, "end else if (!a_probe_v) begin");
	w->indent++;
	vw_line(w, "a_probe_v = 1'b1; a_probe = ap[WPW-1:0];");
	vw_line(w, "a_rfc_rd = 1'b1; a_rfc_rd_slot = a_s[SLW-1:0]; a_rfc_regv[0] = 1'b1;");
	vw_line(w, "a_rfc_reg[0 +: TAG_W] = wr_reg_i[ap*TAG_W +: TAG_W];");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "// reads, from the rotating pointer: operand buffer, MRF, or the tag check");
	vw_open(w, "for (ao = 0; ao < COLLECTORS; ao = ao + 1) begin");
	vw_line(w, "ac = {{(32-CW){1'b0}}, rd_ptr_q} + ao;");
	vw_line(w, "if (ac >= COLLECTORS) ac = ac - COLLECTORS;");
	vw_line(w, "a_w = rd_warp_i[ac*WW +: WW];");
	vw_line(w, "ai = {{(32-SW){1'b0}}, rd_src_i[ac*SW +: SW]};");
	vw_line(w, "a_s = slot_of(a_w, ws_v_q, ws_q);");
	vw_line(w, "a_st = slot_state(a_s[SLW-1:0], slot_st_q);");
	vw_open(w, "if (rd_req_i[ac]) begin");
	vw_open(w, "if (cov_hit_q[ac*NUM_SRCS + ai]) begin");
	vw_line(w, "a_cov_hit[ac*NUM_SRCS + ai] = 1'b0;");
	vw_line(w, "a_gnt[ac] = 1'b1;");
	vw_line(w, "serve_d[ac] = 1'b1;");
	vw_line(w, "serve_idx_d[ac*SW +: SW] = rd_src_i[ac*SW +: SW];");
	vw_close(w, "end else if (cov_miss_q[ac*NUM_SRCS + ai] || !a_s[SLW]) begin");
	w->indent++;
	vw_line(w, "a_rd_mrf[ac] = 1'b1;");
	vw_close(w, "end else if (a_st == SLOT_ACTIVE && !a_probe_v && !a_gcol_v) begin");
	w->indent++;
	vw_line(w, "an = {{(32-NSW){1'b0}}, rd_nsrc_i[ac*NSW +: NSW]};");
	vw_line(w, "ang = an > ai ? an - ai : 0;");
	vw_line(w, "if (ang > SRC_PORTS) ang = SRC_PORTS;");
	vw_line(w, "a_gcol_v = 1'b1; a_gcol = ac[CW-1:0]; a_gsrc = rd_src_i[ac*SW +: SW];");
	vw_line(w, "a_rfc_rd = 1'b1; a_rfc_rd_slot = a_s[SLW-1:0];");
	vw_open(w, "for (ak = 0; ak < SRC_PORTS; ak = ak + 1) begin");
	vw_open(w, "if (ak < ang) begin");
	vw_line(w, "a_r = rd_srcs_i[(ac*NUM_SRCS + ai + ak)*TAG_W +: TAG_W];");
	vw_line(w, "aocc = 0;  // the reads of a_r left in this instruction");
	vw_line(w, "for (aj = 0; aj < NUM_SRCS; aj = aj + 1)");
	vw_line(w, "  if (aj >= ai && aj < an && rd_srcs_i[(ac*NUM_SRCS + aj)*TAG_W +: TAG_W] == a_r) aocc = aocc + 1;");
	vw_line(w, "// the warp's pending reads of a_r, with this cycle's issues");
	vw_line(w, "apn = 0;");
	vw_line(w, "apn = {{(32-PW){1'b0}}, pend_of(a_w, a_r, pend_q)};");
	vw_line(w, "for (aq = 0; aq < ISSUE_PORTS; aq = aq + 1)");
	vw_line(w, "  for (aj = 0; aj < NUM_SRCS; aj = aj + 1)");
	vw_line(w, "    if (iss_i[aq] && iss_warp_i[aq*WW +: WW] == a_w && aj < {{(32-NSW){1'b0}}, iss_nsrc_i[aq*NSW +: NSW]} &&");
	vw_line(w, "        iss_srcs_i[(aq*NUM_SRCS + aj)*TAG_W +: TAG_W] == a_r) apn = apn + 1;");
	vw_line(w, "a_rfc_regv[ak] = 1'b1;");
	vw_line(w, "a_rfc_reg[ak*TAG_W +: TAG_W] = a_r;");
	vw_line(w, "a_rfc_last[ak] = rd_last_i[ac*NUM_SRCS + ai + ak] && (apn & PMASK) == aocc;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "a_ng = ang[NGW-1:0];");
	vw_close(w, "end");
	vw_line(w, "always @(*) rd_ptr_d = !a_gcol_v ? rd_ptr_q : a_gcol == %s ? {CW{1'b0}} : a_gcol + 1'b1;",
		vw_lit(lit, sizeof lit, e->cw, e->g.C - 1u));
	vw_line(w, "assign rfc_rd_i = a_rfc_rd;");
	vw_line(w, "assign rfc_rd_slot_i = a_rfc_rd_slot;");
	vw_line(w, "assign rfc_rd_regv_i = a_rfc_regv;");
	vw_line(w, "assign rfc_rd_reg_i = a_rfc_reg;");
	vw_line(w, "assign rfc_rd_last_i = a_rfc_last;");
	vw_line(w, "assign rfc_wr_i = a_rfc_wr;");
	vw_line(w, "assign rfc_wr_slot_i = a_rfc_wr_slot;");
	vw_line(w, "assign rfc_wr_reg_i = a_rfc_wr_reg;");
	vw_line(w, "assign rfc_wr_bypass_i = a_rfc_wr_bypass;");
	vw_line(w, "assign rfc_wr_data_i = a_rfc_wr_data;");
	vw_line(w, "assign rfc_wr_warp_i = a_rfc_wr_warp;");
	vw_line(w, "assign rfc_fl_warp_i = a_fl_warp;");
	vw_line(w, "// the scheduler: ready = issued this cycle; wake = resident, not at a barrier, not waiting");
	vw_line(w, "reg [NUM_WARPS-1:0] issued;");
	vw_line(w, "integer iw, ip;");
	vw_open(w, "always @(*) begin");
	vw_line(w, "issued = {NUM_WARPS{1'b0}};");
	vw_line(w, "for (iw = 0; iw < NUM_WARPS; iw = iw + 1)");
	vw_line(w, "  for (ip = 0; ip < ISSUE_PORTS; ip = ip + 1)");
	vw_line(w, "    if (iss_i[ip] && iss_warp_i[ip*WW +: WW] == iw[WW-1:0]) issued[iw] = 1'b1;");
	vw_close(w, "end");
	vw_line(w, "wire [NUM_WARPS-1:0] wake = warp_valid_i & ~warp_bar_i & ~warp_llwait_i;");
	vw_line(w, "assign s2l_ready_i = issued;");
	vw_line(w, "assign s2l_wake_i = wake;");
	vw_blank(w);
}

/* Stages B and C: the RFC's answers and the MRF. */
static void emit_stage_bc(struct vw *w, const struct rt_emit *e)
{
	char a[160], b[160];

	vw_line(w, "// ---- B: the RFC's answers; the MRF's requests (its write-back alone, else the direct writes) ----");
	vw_line(w, "reg [COLLECTORS-1:0] b_gnt, b_rd_mrf;");
	vw_line(w, "reg [COLLECTORS*NUM_SRCS-1:0] b_cov_miss;");
	vw_line(w, "reg [WRITE_PORTS-1:0] b_wr_direct;");
	vw_line(w, "integer bk, bj, bc, bp;");
	vw_open(w, "always @(*) begin");
	vw_line(w, "b_gnt = a_gnt; b_rd_mrf = a_rd_mrf; cov_hit_d = a_cov_hit; b_cov_miss = cov_miss_q;");
	vw_line(w, "b_wr_direct = a_wr_direct;");
	vw_line(w, "pc_v_d = {SRC_PORTS{1'b0}}; pc_col_d = pc_col_q;");
	vw_line(w, "fill_v_d = {SRC_PORTS{1'b0}}; fill_idx_d = fill_idx_q; fill_col_d = fill_col_q;");
	vw_line(w, "mg_v_d = 1'b0; mg_port_d = mg_port_q; mg_warp_d = mg_warp_q; mg_reg_d = mg_reg_q;");
	vw_line(w, "bc = {{(32-CW){1'b0}}, a_gcol}; bj = 0;");
	vw_open(w, "for (bk = 0; bk < SRC_PORTS; bk = bk + 1) begin");
	vw_open(w, "if (bk < {{(32-NGW){1'b0}}, a_ng}) begin");
	vw_line(w, "bj = {{(32-SW){1'b0}}, a_gsrc} + bk;");
	vw_open(w, "if (bk == 0 && rfc_rd_hit_o[bk]) begin  // returned on RFC port 0 next cycle");
	vw_line(w, "b_gnt[bc] = 1'b1;");
	vw_line(w, "pc_v_d[0] = 1'b1;");
	vw_line(w, "pc_col_d[0 +: CW] = a_gcol;");
	vw_close(w, "end else if (!rfc_rd_hit_o[bk]) begin");
	w->indent++;
	vw_line(w, "if (bk == 0) b_rd_mrf[bc] = 1'b1;");
	vw_line(w, "b_cov_miss[bc*NUM_SRCS + bj] = 1'b1;  // a refused read retries there");
	vw_close(w, "end else begin  // kept in the operand buffer");
	w->indent++;
	vw_line(w, "cov_hit_d[bc*NUM_SRCS + bj] = 1'b1;");
	vw_line(w, "fill_v_d[bk] = 1'b1;");
	vw_line(w, "fill_idx_d[bk*SW +: SW] = bj[SW-1:0];");
	vw_line(w, "fill_col_d = a_gcol;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_open(w, "for (bp = 0; bp < WRITE_PORTS; bp = bp + 1)");
	vw_open(w, "if (a_probe_v && a_probe == bp[WPW-1:0]) begin");
	vw_open(w, "if (rfc_rd_hit_o[0]) begin");
	vw_line(w, "mg_v_d = 1'b1; mg_port_d = a_probe;");
	vw_line(w, "mg_warp_d = wr_warp_i[bp*WW +: WW]; mg_reg_d = wr_reg_i[bp*TAG_W +: TAG_W];");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "b_wr_direct[bp] = 1'b1;");
	vw_close(w, "end");
	vw_close(w, "end");
	w->indent--;
	vw_close(w, "end");
	vw_line(w, "wire fl_done = s2l_flush_o[0] & rfc_fl_done_o[0];");
	vw_line(w, "assign s2l_flush_done_i = fl_done;");
	vw_line(w, "reg [COLLECTORS-1:0] m_rd_req;");
	vw_line(w, "reg [COLLECTORS*MWW-1:0] m_rd_warp;");
	vw_line(w, "reg [COLLECTORS*MRW-1:0] m_rd_reg;");
	vw_line(w, "reg [WRITE_PORTS-1:0] m_wr_req;");
	vw_line(w, "reg [WRITE_PORTS*MWW-1:0] m_wr_warp;");
	vw_line(w, "reg [WRITE_PORTS*MRW-1:0] m_wr_reg;");
	vw_line(w, "reg [WRITE_PORTS*LANES-1:0] m_wr_mask;");
	vw_line(w, "reg [WRITE_PORTS*D-1:0] m_wr_data;");
	vw_line(w, "integer mc, mp, mb;");
	vw_line(w, "// the RFC's victim buffer still holds (warp, register): its MRF read or direct write waits");
	vw_line(w, "reg [COLLECTORS-1:0] vb_rd_hold;");
	vw_line(w, "reg [WRITE_PORTS-1:0] vb_wr_hold;");
	vw_open(w, "always @(*) begin");
	vw_line(w, "vb_rd_hold = {COLLECTORS{1'b0}}; vb_wr_hold = {WRITE_PORTS{1'b0}};");
	vw_line(w, "for (mb = 0; mb < VB; mb = mb + 1) begin");
	vw_line(w, "  for (mc = 0; mc < COLLECTORS; mc = mc + 1)");
	vw_line(w, "    if (rfc_vb_valid_o[mb] && rfc_vb_warp_o[mb*WW +: WW] == rd_warp_i[mc*WW +: WW] &&");
	vw_line(w, "        rfc_vb_reg_o[mb*TAG_W +: TAG_W] == rd_reg_i[mc*TAG_W +: TAG_W]) vb_rd_hold[mc] = 1'b1;");
	vw_line(w, "  for (mp = 0; mp < WRITE_PORTS; mp = mp + 1)");
	vw_line(w, "    if (rfc_vb_valid_o[mb] && rfc_vb_warp_o[mb*WW +: WW] == wr_warp_i[mp*WW +: WW] &&");
	vw_line(w, "        rfc_vb_reg_o[mb*TAG_W +: TAG_W] == wr_reg_i[mp*TAG_W +: TAG_W]) vb_wr_hold[mp] = 1'b1;");
	vw_line(w, "end");
	vw_close(w, "end");
	vw_line(w, "// results before flushes: a direct write the write-back refuses now gets the next cycle");
	vw_line(w, "assign rfc_fl_hold_i = (FLUSH_YIELDS != 0) & mw_v & (|(a_wr_direct & ~vb_wr_hold));");
	vw_open(w, "always @(*) begin");
	vw_line(w, "m_rd_req = {COLLECTORS{1'b0}}; m_rd_warp = {(COLLECTORS*MWW){1'b0}}; m_rd_reg = {(COLLECTORS*MRW){1'b0}};");
	vw_line(w, "m_wr_req = {WRITE_PORTS{1'b0}}; m_wr_warp = {(WRITE_PORTS*MWW){1'b0}}; m_wr_reg = {(WRITE_PORTS*MRW){1'b0}};");
	vw_line(w, "m_wr_mask = {(WRITE_PORTS*LANES){1'b0}}; m_wr_data = {(WRITE_PORTS*D){1'b0}};");
	vw_open(w, "if (mw_v) begin");
	vw_line(w, "m_wr_req[0] = 1'b1;");
	vw_line(w, "m_wr_warp[0 +: MWW] = %s;", mrf_warp_expr(a, sizeof a, e, "mw_warp", "rfc_mrf_wr_reg_o", "0"));
	vw_line(w, "m_wr_reg[0 +: MRW] = %s;", mrf_reg_expr(b, sizeof b, e, "rfc_mrf_wr_reg_o", "0"));
	vw_line(w, "m_wr_mask[0 +: LANES] = {LANES{1'b1}};");
	vw_line(w, "m_wr_data[0 +: D] = rfc_mrf_wr_data_o;");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "for (mp = 0; mp < WRITE_PORTS; mp = mp + 1)");
	vw_open(w, "  if (b_wr_direct[mp] && !vb_wr_hold[mp]) begin  // an older buffered copy drains first");
	vw_line(w, "m_wr_req[mp] = 1'b1;");
	vw_line(w, "m_wr_warp[mp*MWW +: MWW] = %s;",
		mrf_warp_expr(a, sizeof a, e, "wr_warp_i[mp*WW +: WW]", "wr_reg_i", "mp*TAG_W"));
	vw_line(w, "m_wr_reg[mp*MRW +: MRW] = %s;", mrf_reg_expr(b, sizeof b, e, "wr_reg_i", "mp*TAG_W"));
	vw_line(w, "m_wr_mask[mp*LANES +: LANES] = wr_mask_i[mp*LANES +: LANES];");
	vw_line(w, "m_wr_data[mp*D +: D] = wr_data_i[mp*D +: D];");
	vw_close(w, "  end");
	vw_close(w, "end");
	vw_line(w, "// a read of the register the write-back writes waits a cycle; one still buffered waits longer");
	vw_line(w, "for (mc = 0; mc < COLLECTORS; mc = mc + 1)");
	vw_open(w, "  if (b_rd_mrf[mc] && !(mw_v && rd_warp_i[mc*WW +: WW] == mw_warp && rd_reg_i[mc*TAG_W +: TAG_W] == rfc_mrf_wr_reg_o) &&");
	vw_line(w, "      !vb_rd_hold[mc]) begin");
	vw_line(w, "m_rd_req[mc] = 1'b1;");
	vw_line(w, "m_rd_warp[mc*MWW +: MWW] = %s;",
		mrf_warp_expr(a, sizeof a, e, "rd_warp_i[mc*WW +: WW]", "rd_reg_i", "mc*TAG_W"));
	vw_line(w, "m_rd_reg[mc*MRW +: MRW] = %s;", mrf_reg_expr(b, sizeof b, e, "rd_reg_i", "mc*TAG_W"));
	vw_close(w, "  end");
	vw_close(w, "end");
	vw_line(w, "assign mrf_rd_req_i = m_rd_req;");
	vw_line(w, "assign mrf_rd_warp_i = m_rd_warp;");
	vw_line(w, "assign mrf_rd_reg_i = m_rd_reg;");
	vw_line(w, "assign mrf_wr_req_i = m_wr_req;");
	vw_line(w, "assign mrf_wr_warp_i = m_wr_warp;");
	vw_line(w, "assign mrf_wr_reg_i = m_wr_reg;");
	vw_line(w, "assign mrf_wr_mask_i = m_wr_mask;");
	vw_line(w, "assign mrf_wr_data_i = m_wr_data;");
	vw_line(w, "wire [%s:0] mrf_conflict_unused = mrf_bank_conflict_o;  // statistics only", "NUM_BANKS-1");
	vw_blank(w);
	vw_line(w, "// ---- C: the MRF's grants ----");
	vw_line(w, "reg [COLLECTORS-1:0] rd_gnt;");
	vw_line(w, "reg [WRITE_PORTS-1:0] wr_gnt;");
	vw_line(w, "integer cc, cp;");
	vw_open(w, "always @(*) begin");
	vw_line(w, "rd_gnt = b_gnt | mrf_rd_gnt_o;");
	vw_line(w, "cov_miss_d = b_cov_miss;");
	vw_line(w, "for (cc = 0; cc < COLLECTORS; cc = cc + 1)");
	vw_line(w, "  if (mrf_rd_gnt_o[cc]) cov_miss_d[cc*NUM_SRCS + {{(32-SW){1'b0}}, rd_src_i[cc*SW +: SW]}] = 1'b0;");
	vw_line(w, "wr_gnt = mw_v ? {WRITE_PORTS{1'b0}} : mrf_wr_gnt_o;");
	vw_line(w, "for (cp = 0; cp < WRITE_PORTS; cp = cp + 1)");
	vw_line(w, "  if (a_wport_v && a_wport == cp[WPW-1:0]) wr_gnt[cp] = 1'b1;");
	vw_close(w, "end");
	vw_line(w, "assign rd_gnt_o = rd_gnt;");
	vw_line(w, "assign wr_gnt_o = wr_gnt;");
	vw_blank(w);
}

/* Stages D and E: the active set's copy, busy, pending reads. */
static void emit_stage_de(struct vw *w)
{
	vw_line(w, "// ---- D: the active set's copy (demote, flush done, promote) and busy ----");
	vw_line(w, "reg [NUM_WARPS-1:0] held;");
	vw_line(w, "reg d_busy, d_free;");
	vw_line(w, "integer ds, dw;");
	vw_open(w, "always @(*) begin");
	vw_line(w, "slot_st_d = slot_st_q; slot_warp_d = slot_warp_q; ws_v_d = ws_v_q; ws_d = ws_q;");
	vw_open(w, "for (ds = 0; ds < NUM_SLOTS; ds = ds + 1) begin");
	vw_line(w, "if (s2l_demote_o[0] && s2l_demote_slot_o == ds[SLW-1:0]) slot_st_d[2*ds +: 2] = SLOT_DRAIN;");
	vw_open(w, "if (fl_done && s2l_flush_slot_o == ds[SLW-1:0]) begin");
	vw_line(w, "slot_st_d[2*ds +: 2] = SLOT_FREE;");
	vw_line(w, "for (dw = 0; dw < K_WARPS; dw = dw + 1)");
	vw_line(w, "  if (slot_warp_q[ds*WW +: WW] == dw[WW-1:0]) ws_v_d[dw] = 1'b0;");
	vw_close(w, "end");
	vw_open(w, "if (s2l_promote_o[0] && s2l_promote_slot_o == ds[SLW-1:0]) begin");
	vw_line(w, "slot_st_d[2*ds +: 2] = SLOT_ACTIVE;");
	vw_line(w, "slot_warp_d[ds*WW +: WW] = s2l_promote_warp_o;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "for (dw = 0; dw < K_WARPS; dw = dw + 1)");
	vw_open(w, "  if (s2l_promote_o[0] && s2l_promote_warp_o == dw[WW-1:0]) begin");
	vw_line(w, "ws_v_d[dw] = 1'b1;");
	vw_line(w, "ws_d[dw*SLW +: SLW] = s2l_promote_slot_o;");
	vw_close(w, "  end");
	vw_line(w, "// busy next cycle: a demotion, a flush or a promotion is due");
	vw_line(w, "held = {NUM_WARPS{1'b0}}; d_busy = 1'b0; d_free = 1'b0;");
	vw_open(w, "for (ds = 0; ds < NUM_SLOTS; ds = ds + 1) begin");
	vw_line(w, "if (slot_st_d[2*ds +: 2] == SLOT_FREE) d_free = 1'b1;");
	vw_line(w, "if (slot_st_d[2*ds +: 2] == SLOT_DRAIN) d_busy = 1'b1;");
	vw_line(w, "for (dw = 0; dw < NUM_WARPS; dw = dw + 1)");
	vw_open(w, "  if (slot_warp_d[ds*WW +: WW] == dw[WW-1:0] && slot_st_d[2*ds +: 2] != SLOT_FREE) begin");
	vw_line(w, "held[dw] = 1'b1;");
	vw_line(w, "if (slot_st_d[2*ds +: 2] == SLOT_ACTIVE && (!warp_valid_i[dw] || warp_llwait_i[dw] || warp_bar_i[dw]))");
	vw_line(w, "  d_busy = 1'b1;");
	vw_close(w, "  end");
	vw_close(w, "end");
	vw_line(w, "busy_d = d_busy | (d_free & |(wake & ~held));");
	vw_close(w, "end");
	vw_blank(w);
	vw_line(w, "// ---- E: pending reads (this cycle's issues, then one less per granted read) and");
	vw_line(w, "// long-latency flags: one cell per (kernel warp, register), comparing with its constants");
	vw_line(w, "genvar ew, er;");
	vw_line(w, "generate");
	vw_open(w, "for (ew = 0; ew < K_WARPS; ew = ew + 1) begin : g_pend_w");
	vw_open(w, "for (er = 0; er < K_REGS; er = er + 1) begin : g_pend_r");
	vw_line(w, "localparam [WW-1:0] EW = ew;");
	vw_line(w, "localparam [TAG_W-1:0] ER = er;");
	vw_line(w, "localparam integer EI = ew*K_REGS + er;");
	vw_line(w, "reg [PW-1:0] n;");
	vw_line(w, "reg l;");
	vw_line(w, "integer ep, ej, ec;");
	vw_open(w, "always @(*) begin");
	vw_line(w, "n = pend_q[EI*PW +: PW];");
	vw_line(w, "l = ll_q[EI];");
	vw_open(w, "for (ep = 0; ep < ISSUE_PORTS; ep = ep + 1) begin");
	vw_open(w, "if (iss_i[ep] && iss_warp_i[ep*WW +: WW] == EW) begin");
	vw_line(w, "for (ej = 0; ej < NUM_SRCS; ej = ej + 1)");
	vw_line(w, "  if (ej < {{(32-NSW){1'b0}}, iss_nsrc_i[ep*NSW +: NSW]} && iss_srcs_i[(ep*NUM_SRCS + ej)*TAG_W +: TAG_W] == ER)");
	vw_line(w, "    n = n + 1'b1;");
	vw_line(w, "for (ej = 0; ej < NUM_DSTS; ej = ej + 1)");
	vw_line(w, "  if (ej < {{(32-NDW){1'b0}}, iss_ndst_i[ep*NDW +: NDW]} && iss_dsts_i[(ep*NUM_DSTS + ej)*TAG_W +: TAG_W] == ER)");
	vw_line(w, "    l = iss_ll_i[ep];");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "for (ec = 0; ec < COLLECTORS; ec = ec + 1)");
	vw_line(w, "  if (rd_gnt[ec] && rd_warp_i[ec*WW +: WW] == EW && rd_reg_i[ec*TAG_W +: TAG_W] == ER && n != {PW{1'b0}})");
	vw_line(w, "    n = n - 1'b1;");
	vw_close(w, "end");
	vw_line(w, "assign pend_d[EI*PW +: PW] = n;");
	vw_line(w, "assign ll_d[EI] = l;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "endgenerate");
	vw_blank(w);
}

static void emit_flops_and_outputs(struct vw *w, unsigned ns)
{
	vw_line(w, "// ---- registers ----");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "slot_st_q <= {(2*NUM_SLOTS){1'b0}}; slot_warp_q <= {(NUM_SLOTS*WW){1'b0}};");
	vw_line(w, "ws_v_q <= {K_WARPS{1'b0}}; ws_q <= {(K_WARPS*SLW){1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "slot_st_q <= slot_st_d; slot_warp_q <= slot_warp_d;");
	vw_line(w, "ws_v_q <= ws_v_d; ws_q <= ws_d;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "pc_v_q <= {SRC_PORTS{1'b0}}; pc_col_q <= {(SRC_PORTS*CW){1'b0}};");
	vw_line(w, "fill_v_q <= {SRC_PORTS{1'b0}}; fill_idx_q <= {(SRC_PORTS*SW){1'b0}}; fill_col_q <= {CW{1'b0}};");
	vw_line(w, "cov_hit_q <= {(COLLECTORS*NUM_SRCS){1'b0}}; cov_miss_q <= {(COLLECTORS*NUM_SRCS){1'b0}};");
	vw_line(w, "serve_q <= {COLLECTORS{1'b0}}; serve_idx_q <= {(COLLECTORS*SW){1'b0}};");
	vw_line(w, "rd_ptr_q <= {CW{1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "pc_v_q <= pc_v_d; pc_col_q <= pc_col_d;");
	vw_line(w, "fill_v_q <= fill_v_d; fill_idx_q <= fill_idx_d; fill_col_q <= fill_col_d;");
	vw_line(w, "cov_hit_q <= cov_hit_d; cov_miss_q <= cov_miss_d;");
	vw_line(w, "serve_q <= serve_d; serve_idx_q <= serve_idx_d;");
	vw_line(w, "rd_ptr_q <= rd_ptr_d;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "mg_v_q <= 1'b0; mg_port_q <= {WPW{1'b0}}; mg_warp_q <= {WW{1'b0}}; mg_reg_q <= {TAG_W{1'b0}};");
	vw_line(w, "busy_q <= 1'b0;");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "mg_v_q <= mg_v_d; mg_port_q <= mg_port_d; mg_warp_q <= mg_warp_d; mg_reg_q <= mg_reg_d;");
	vw_line(w, "busy_q <= busy_d;");
	vw_close(w, "end");
	vw_close(w, "end");
	emit_flop(w, "pend_q", "pend_d", "{(K_WARPS*K_REGS*PW){1'b0}}");
	emit_flop(w, "ll_q", "ll_d", "{(K_WARPS*K_REGS){1'b0}}");
	vw_line(w, "// operand buffers, one register per (collector, source): last cycle's tag check's hits");
	vw_line(w, "// arrive on the RFC ports");
	vw_line(w, "genvar gc, gj;");
	vw_line(w, "generate");
	vw_open(w, "for (gc = 0; gc < COLLECTORS; gc = gc + 1) begin : g_cbuf_c");
	vw_open(w, "for (gj = 0; gj < NUM_SRCS; gj = gj + 1) begin : g_cbuf_s");
	vw_line(w, "localparam [CW-1:0] BC = gc;");
	vw_line(w, "localparam [SW-1:0] BJ = gj;");
	vw_line(w, "reg [D-1:0] e_q;");
	vw_line(w, "integer fk;");
	vw_open(w, "always @(posedge clk_i) begin");
	vw_line(w, "for (fk = 0; fk < SRC_PORTS; fk = fk + 1)");
	vw_line(w, "  if (fill_v_q[fk] && fill_col_q == BC && fill_idx_q[fk*SW +: SW] == BJ) e_q <= rfc_rd_data_o[fk*D +: D];");
	vw_close(w, "end");
	vw_line(w, "assign cbuf_q[(gc*NUM_SRCS + gj)*D +: D] = e_q;");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "endgenerate");
	vw_blank(w);
	vw_line(w, "// ---- outputs from the registers: operand buffer (the RFC port while it fills), RFC port, MRF ----");
	vw_line(w, "reg [COLLECTORS-1:0] o_valid;");
	vw_line(w, "reg [COLLECTORS*D-1:0] o_data;");
	vw_line(w, "reg [D-1:0] o_d;");
	vw_line(w, "reg o_v, o_fill;");
	vw_line(w, "integer oc, ok;");
	vw_open(w, "always @(*) begin");
	vw_line(w, "o_valid = {COLLECTORS{1'b0}}; o_data = {(COLLECTORS*D){1'b0}}; o_fill = 1'b0;");
	vw_open(w, "for (oc = 0; oc < COLLECTORS; oc = oc + 1) begin");
	vw_line(w, "o_v = mrf_rd_valid_o[oc];");
	vw_line(w, "o_d = mrf_rd_data_o[oc*D +: D];");
	vw_line(w, "for (ok = 0; ok < SRC_PORTS; ok = ok + 1)");
	vw_open(w, "  if (pc_v_q[ok] && pc_col_q[ok*CW +: CW] == oc[CW-1:0]) begin");
	vw_line(w, "o_v = 1'b1;");
	vw_line(w, "o_d = rfc_rd_data_o[ok*D +: D];");
	vw_close(w, "  end");
	vw_open(w, "if (serve_q[oc]) begin");
	vw_line(w, "o_v = 1'b1;");
	vw_line(w, "o_fill = 1'b0;");
	vw_line(w, "for (ok = 0; ok < SRC_PORTS; ok = ok + 1)");
	vw_open(w, "  if (fill_v_q[ok] && fill_col_q == oc[CW-1:0] && fill_idx_q[ok*SW +: SW] == serve_idx_q[oc*SW +: SW]) begin");
	vw_line(w, "o_fill = 1'b1;");
	vw_line(w, "o_d = rfc_rd_data_o[ok*D +: D];");
	vw_close(w, "  end");
	vw_line(w, "for (ok = 0; ok < NUM_SRCS; ok = ok + 1)");
	vw_line(w, "  if (!o_fill && serve_idx_q[oc*SW +: SW] == ok[SW-1:0]) o_d = cbuf_q[(oc*NUM_SRCS + ok)*D +: D];");
	vw_close(w, "end");
	vw_line(w, "o_valid[oc] = o_v;");
	vw_line(w, "o_data[oc*D +: D] = o_v ? o_d : {D{1'b0}};");
	vw_close(w, "end");
	vw_close(w, "end");
	vw_line(w, "assign rd_valid_o = o_valid;");
	vw_line(w, "assign rd_data_o = o_data;");
	vw_line(w, "reg [NUM_WARPS-1:0] issuable;");
	vw_line(w, "integer us, uw;");
	vw_open(w, "always @(*) begin");
	vw_line(w, "issuable = {NUM_WARPS{1'b0}};");
	vw_line(w, "for (us = 0; us < NUM_SLOTS; us = us + 1)");
	vw_line(w, "  for (uw = 0; uw < NUM_WARPS; uw = uw + 1)");
	vw_line(w, "    if (slot_st_q[2*us +: 2] == SLOT_ACTIVE && slot_warp_q[us*WW +: WW] == uw[WW-1:0]) issuable[uw] = 1'b1;");
	vw_close(w, "end");
	vw_line(w, "assign issuable_o = issuable;");
	vw_line(w, "assign busy_o = busy_q | mg_v_q | rfc_mrf_wr_o[0] | (|rfc_vb_valid_o);  // a drain is due");
	vw_line(w, "// unit outputs the glue does not use: the demoted warp, the active vector (the glue keeps");
	vw_line(w, "// its own copy); the RFC's miss flags, write hit, write-back kind");
	vw_line(w, "wire [2:0] outputs_unused = {|s2l_demote_warp_o, |s2l_active_o, |rfc_mrf_rd_o};");
	if (ns > 1)
		vw_line(w, "wire rd_valid_unused = |rfc_rd_valid_o[SRC_PORTS-1:1];");
	vw_line(w, "wire [2:0] rfc_unused = {rfc_wr_hit_o[0], |rfc_mrf_wr_kind_o, |rfc_mrf_wr_slot_o};");
}

int emit_rfc_top(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	struct rt_emit e;
	struct sbuf *out;
	struct vw w;
	int fresh;

	memset(&e, 0, sizeof e);
	e.cfg = cfg;
	e.m = m;
	rfc_top_geom(cfg, &e.g);
	if (!rfc_top_present(cfg))
		return -1;	/* the structure table emits it only when present */
	e.cw = cfg_index_bits(e.g.C);
	e.wpw = cfg_index_bits(e.g.WP);
	e.ngw = cfg_index_bits(e.g.ns + 1u);
	e.rlog = cfg_clog2(e.g.rpw);
	rfc_top_subdescs(cfg, e.sub);
	for (unsigned k = 0; k < RCT_U_TOP; k++)
		e.cfgs[k] = cfg;
	e.ec = (struct emit_compose){.top = m, .n = RCT_U_TOP, .sub = e.sub, .cfgs = e.cfgs, .prefix = prefix,
				     .wiring = &rfc_top_wiring};
	mark_glue(&e);
	if (emit_compose_submodules(d, &e.ec))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "RFC register-file subsystem (docs/rfc.md, \"rfc_top\"; Gebhart Sec. 3).");
	vw_module_begin(&w, m, 1, 1);
	emit_params(&w, &e);
	vw_line(&w, "localparam integer NUM_BANKS = %u;", cfg->banks);
	emit_compose_instances(&w, &e.ec);
	emit_compose_wiring(&w, &e.ec);
	emit_functions(&w);
	emit_regs(&w);
	emit_stage_a(&w, &e);
	emit_stage_bc(&w, &e);
	emit_stage_de(&w);
	emit_flops_and_outputs(&w, e.g.ns);
	vw_module_end(&w);
	return 0;
}

/* The groups of glue/rfc_top.gtkw and of the twins' save file, which
 * scripts/wave-sm shows: issue and reads in, the two-level scheduler, the
 * RFC's tag check, the MRF behind it, out. */
unsigned wave_rfc_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	struct module_desc sub[RCT_U_TOP];
	unsigned n = 0;

	rfc_top_subdescs(cfg, sub);
	groups[n] = (struct wave_group){.title = "issue and operand reads in"};
	wave_add_names(&groups[n++], m, sub, prefix, RCT_U_TOP,
		       "clk_i rst_ni iss_i iss_warp_i rd_req_i rd_warp_i rd_reg_i wr_req_i wr_warp_i wr_reg_i");
	groups[n] = (struct wave_group){.title = "sched_2level: issue, active set"};
	wave_add_names(&groups[n], m, sub, prefix, RCT_U_TOP, "s2l_issue_o s2l_issue_warp_o s2l_active_o issuable_o busy_o");
	wave_add(&groups[n], "fl_done", 1);
	wave_add(&groups[n++], "busy_q", 1);
	groups[n] = (struct wave_group){.title = "rfc: read tag check, write, write-back"};
	wave_add_names(&groups[n], m, sub, prefix, RCT_U_TOP,
		       "rfc_rd_i rfc_rd_reg_i rfc_rd_hit_o rfc_mrf_rd_o rfc_wr_i rfc_wr_reg_i rfc_mrf_wr_o");
	wave_add(&groups[n], "mg_v_q", 1);
	wave_add(&groups[n++], "mw_v", 1);
	groups[n] = (struct wave_group){.title = "MRF (rf_banked)"};
	wave_add_names(&groups[n++], m, sub, prefix, RCT_U_TOP,
		       "mrf_rd_req_i mrf_rd_warp_i mrf_rd_reg_i mrf_rd_gnt_o mrf_wr_req_i");
	groups[n] = (struct wave_group){.title = "out"};
	wave_add_names(&groups[n++], m, sub, prefix, RCT_U_TOP, "rd_gnt_o rd_valid_o wr_gnt_o");
	return n;
}
