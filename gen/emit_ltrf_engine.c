/* emit_ltrf_engine.c: Verilog of the LTRF prefetch / write-back engine
 * (paper Secs. 3.1, 4.1-4.2; protocol in common/ltrf_engine_desc.h, model
 * cmodel/ltrf_engine.c).
 *
 *   rows      per register-cache row: busy / act / deact, warp, working set
 *             (want), liveness (LTRF+), cached registers (inc), held banks
 *             and the bank -> register map; a command loads an idle row
 *   arbiter   round-robin (gpurf_rr_arb) over the rows with work, asked only
 *             when no transfer is in flight: the fill arbiter
 *   pick      the granted row's lowest register to write back (inc & ~want)
 *             or else to fetch (want & ~inc): lowest-one by v & (~v + 1);
 *             a write-back's bank from the map; a fetch's bank comes from
 *             the row AAU (ba_bank_i) in its first RWAIT cycle
 *   transfer  one register at a time: EVRD -> EVWAIT -> WR beats -> COMMIT or
 *             RD beats (-> RWAIT) -> FILL -> COMMIT; COMMIT drives the WCB
 *             table write and updates the row.
 * Per-row, per-bank and per-beat logic is unrolled here in C. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "emit_lib.h"
#include "ltrf_engine_desc.h"
#include "vwriter.h"

struct le_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	unsigned na, nr, nb, beats, rw, bw, ow, ww, btw;
	int live;
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

static void emit_rows(struct vw *w, const struct le_geom *g)
{
	char lit[32], bl[32];

	vw_line(w, "wire [NUM_REGS-1:0] xreg_oh = %s << xreg_q;", vw_lit(lit, sizeof lit, g->nr, 1));
	vw_line(w, "wire [REGS_PER_INTERVAL-1:0] xbank_oh = %s << xbank_q;", vw_lit(lit, sizeof lit, g->nb, 1));
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
		vw_line(w, "wire work_%u = busy_q_%u & ((|evm_%u) | (|fem_%u));", a, a, a, a);
		vw_line(w, "wire done_%u = busy_q_%u & ~work_%u;", a, a, a);
		vw_line(w, "wire cmd_%u = cmd_req_i & (cmd_row_i == %s) & ~busy_q_%u;", a,
			vw_lit(lit, sizeof lit, g->ow, a), a);
		vw_line(w, "wire com_%u = (xs_q == X_COMMIT) & (xrow_q == %s);", a, vw_lit(lit, sizeof lit, g->ow, a));
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
		vw_open(w, "if (com_%u) begin", a);
		vw_line(w, "inc_q_%u  <= fetch_q ? (inc_q_%u | xreg_oh) : (inc_q_%u & ~xreg_oh);", a, a, a);
		vw_line(w, "held_q_%u <= fetch_q ? (held_q_%u | xbank_oh) : (held_q_%u & ~xbank_oh);", a, a, a);
		for (unsigned b = 0; b < g->nb; b++)
			vw_line(w, "if (fetch_q && xbank_q == %s) map_q_%u_%u <= xreg_q;",
				vw_lit(bl, sizeof bl, g->bw, b), a, b);
		vw_close(w, "end");
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

	vw_line(w, "// ---- fill arbiter: round robin over rows with work, while no transfer ----");
	used = (size_t)snprintf(line, sizeof line, "{");
	for (unsigned a = g->na; a-- > 0;)
		used += (size_t)snprintf(line + used, sizeof line - used, "work_%u%s", a, a ? ", " : "}");
	vw_line(w, "wire idle = (xs_q == X_IDLE);");
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
	emit_row_mux(w, g, "sel_evm", g->nr, "evm");
	emit_row_mux(w, g, "sel_fem", g->nr, "fem");
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
	vw_line(w, "// lowest register to write back / fetch (v & (~v + 1))");
	vw_line(w, "wire ev_any = |sel_evm;");
	vw_line(w, "wire [NUM_REGS-1:0] ev_oh = sel_evm & (~sel_evm + %s);", vw_lit(lit, sizeof lit, g->nr, 1));
	vw_line(w, "wire [NUM_REGS-1:0] fe_oh = sel_fem & (~sel_fem + %s);", vw_lit(lit, sizeof lit, g->nr, 1));
	emit_encode(w, "ev_reg", g->rw, "ev_oh", g->nr);
	emit_encode(w, "fe_reg", g->rw, "fe_oh", g->nr);
	vw_line(w, "wire [REGS_PER_INTERVAL-1:0] ev_bank_oh;");
	for (unsigned b = 0; b < g->nb; b++)
		vw_line(w, "assign ev_bank_oh[%u] = sel_held[%u] & (sel_map_%u == ev_reg);", b, b, b);
	emit_encode(w, "ev_bank", g->bw, "ev_bank_oh", g->nb);
	if (g->live)
		vw_line(w, "wire ev_live = |(ev_oh & sel_live);  // LTRF+: dead registers are dropped");
	else
		vw_line(w, "wire ev_live = 1'b1;");
	vw_blank(w);
}

static void emit_transfer(struct vw *w, const struct le_geom *g)
{
	char lit[32], one[32];

	vw_line(w, "// ---- the transfer: one warp register at a time ----");
	vw_line(w, "wire ba_req = (xs_q == X_RWAIT) & ~alloc_q;");
	vw_line(w, "wire rsp = mrf_rvalid_i & ((xs_q == X_RD) | (xs_q == X_RWAIT));");
	vw_line(w, "wire last_req = (req_beat_q == %s);", vw_lit(lit, sizeof lit, g->btw, g->beats - 1u));
	vw_line(w, "wire last_rsp = (rsp_beat_q == %s);", vw_lit(lit, sizeof lit, g->btw, g->beats - 1u));
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "xs_q <= X_IDLE; xrow_q <= {OW{1'b0}}; xreg_q <= {RW{1'b0}}; xbank_q <= {BW{1'b0}};");
	vw_line(w, "fetch_q <= 1'b0; alloc_q <= 1'b0; req_beat_q <= {BTW{1'b0}}; rsp_beat_q <= {BTW{1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "if (rsp) rsp_beat_q <= rsp_beat_q + %s;", vw_lit(one, sizeof one, g->btw, 1));
	vw_open(w, "if (ba_req) begin  // the row AAU's bank for this fetch");
	vw_line(w, "xbank_q <= ba_bank_i;");
	vw_line(w, "alloc_q <= 1'b1;");
	vw_close(w, "end");
	vw_open(w, "case (xs_q)");
	vw_open(w, "X_IDLE: if (pick) begin");
	vw_line(w, "xrow_q <= pick_row;");
	vw_line(w, "xreg_q <= ev_any ? ev_reg : fe_reg;");
	vw_line(w, "xbank_q <= {BW{ev_any}} & ev_bank;");
	vw_line(w, "alloc_q <= 1'b0;");
	vw_line(w, "fetch_q <= ~ev_any;");
	vw_line(w, "req_beat_q <= {BTW{1'b0}};");
	vw_line(w, "rsp_beat_q <= {BTW{1'b0}};");
	vw_line(w, "xs_q <= ev_any ? (ev_live ? X_EVRD : X_COMMIT) : X_RD;");
	vw_close(w, "end");
	vw_line(w, "X_EVRD: if (ev_gnt_i) xs_q <= X_EVWAIT;");
	vw_line(w, "X_EVWAIT: if (ev_valid_i) xs_q <= X_WR;");
	vw_open(w, "X_WR, X_RD: if (mrf_gnt_i) begin");
	vw_line(w, "if (last_req) xs_q <= (xs_q == X_WR) ? X_COMMIT : X_RWAIT;");
	vw_line(w, "else req_beat_q <= req_beat_q + %s;", one);
	vw_close(w, "end");
	vw_line(w, "X_RWAIT: if (rsp & last_rsp) xs_q <= X_FILL;");
	vw_line(w, "X_FILL: if (fill_gnt_i) xs_q <= X_COMMIT;");
	vw_line(w, "default: xs_q <= X_IDLE;  // X_COMMIT: the rows update");
	vw_close(w, "endcase");
	w->indent--;
	vw_line(w, "end");
	vw_close(w, "end");
	vw_line(w, "// The register buffer (data: no reset; outputs gated by state).");
	vw_open(w, "always @(posedge clk_i) begin");
	vw_line(w, "if ((xs_q == X_EVWAIT) & ev_valid_i) buf_q <= ev_data_i;");
	for (unsigned k = 0; k < g->beats; k++)
		vw_line(w, "if (rsp & (rsp_beat_q == %s)) buf_q[%u +: XBAR_BITS] <= mrf_rdata_i;",
			vw_lit(lit, sizeof lit, g->btw, k), k * g->cfg->ltrf.d.xbar_width);
	vw_close(w, "end");
	vw_blank(w);
}

static void emit_outputs(struct vw *w, const struct le_geom *g)
{
	char lit[32];

	vw_line(w, "// ---- requests (all from flops) ----");
	vw_line(w, "wire [WW-1:0] cur_warp =");
	w->indent += 2;
	for (unsigned a = 0; a < g->na; a++)
		vw_line(w, "({WW{xrow_q == %s}} & warp_q_%u)%s", vw_lit(lit, sizeof lit, g->ow, a), a,
			a + 1 == g->na ? ";" : " |");
	w->indent -= 2;
	vw_line(w, "wire mrf_wr = (xs_q == X_WR);");
	vw_line(w, "wire mrf_req = mrf_wr | (xs_q == X_RD);");
	vw_line(w, "wire [XBAR_BITS-1:0] wbeat =");
	w->indent += 2;
	for (unsigned k = 0; k < g->beats; k++)
		vw_line(w, "({XBAR_BITS{req_beat_q == %s}} & buf_q[%u +: XBAR_BITS])%s", vw_lit(lit, sizeof lit, g->btw, k),
			k * g->cfg->ltrf.d.xbar_width, k + 1 == g->beats ? ";" : " |");
	w->indent -= 2;
	vw_line(w, "assign mrf_req_o   = mrf_req;");
	vw_line(w, "assign mrf_we_o    = mrf_wr;");
	vw_line(w, "assign mrf_warp_o  = {WW{mrf_req}} & cur_warp;");
	vw_line(w, "assign mrf_reg_o   = {RW{mrf_req}} & xreg_q;");
	vw_line(w, "assign mrf_beat_o  = {BTW{mrf_req}} & req_beat_q;");
	vw_line(w, "assign mrf_wdata_o = {XBAR_BITS{mrf_wr}} & wbeat;");
	vw_line(w, "wire fill = (xs_q == X_FILL);");
	vw_line(w, "assign fill_req_o  = fill;");
	vw_line(w, "assign fill_bank_o = {BW{fill}} & xbank_q;");
	vw_line(w, "assign fill_off_o  = {OW{fill}} & xrow_q;");
	vw_line(w, "assign fill_data_o = {REG_BITS{fill}} & buf_q;");
	vw_line(w, "wire evrd = (xs_q == X_EVRD);");
	vw_line(w, "assign ev_req_o  = evrd;");
	vw_line(w, "assign ev_bank_o = {BW{evrd}} & xbank_q;");
	vw_line(w, "assign ev_off_o  = {OW{evrd}} & xrow_q;");
	vw_line(w, "wire com = (xs_q == X_COMMIT);");
	vw_line(w, "assign tw_req_o   = com;");
	vw_line(w, "assign tw_warp_o  = {WW{com}} & cur_warp;");
	vw_line(w, "assign tw_reg_o   = {RW{com}} & xreg_q;");
	vw_line(w, "assign tw_valid_o = com & fetch_q;");
	vw_line(w, "assign tw_bank_o  = {BW{com}} & xbank_q;");
	vw_line(w, "assign ba_req_o   = ba_req;");
	vw_line(w, "assign ba_off_o   = {OW{ba_req}} & xrow_q;");
	vw_line(w, "wire bf = com & ~fetch_q;");
	vw_line(w, "assign bf_req_o   = bf;");
	vw_line(w, "assign bf_off_o   = {OW{bf}} & xrow_q;");
	vw_line(w, "assign bf_bank_o  = {BW{bf}} & xbank_q;");
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
	if (emit_rr_arb(d, g.na, 1, g.arb, sizeof g.arb))
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
	for (unsigned s = 0; s < sizeof state_names / sizeof state_names[0]; s++)
		vw_line(&w, "localparam [2:0] %s = 3'd%u;", state_names[s], s);
	vw_blank(&w);
	vw_line(&w, "reg [2:0]         xs_q;");
	vw_line(&w, "reg [OW-1:0]      xrow_q;");
	vw_line(&w, "reg [RW-1:0]      xreg_q;");
	vw_line(&w, "reg [BW-1:0]      xbank_q;");
	vw_line(&w, "reg               fetch_q, alloc_q;");
	vw_line(&w, "reg [BTW-1:0]     req_beat_q, rsp_beat_q;");
	vw_line(&w, "reg [REG_BITS-1:0] buf_q;");
	vw_blank(&w);
	emit_rows(&w, &g);
	emit_pick(&w, &g);
	emit_transfer(&w, &g);
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
	wave_add(&groups[n], "xs_q", 3);
	wave_add(&groups[n], "xrow_q", cfg->ltrf.d.offset_bits);
	wave_add(&groups[n], "xreg_q", cfg_index_bits(cfg->ltrf.d.arch_regs));
	wave_add(&groups[n], "xbank_q", cfg->ltrf.d.bank_bits);
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
