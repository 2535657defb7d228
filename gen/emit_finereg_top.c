/* emit_finereg_top.c: Verilog of finereg_top, the FineReg register-file
 * subsystem (common/finereg_top_desc.h has the boundary,
 * cmodel/finereg_top.c the model this mirrors flop for flop).
 *
 *   submodules  rf_banked (the ACRF), pcrf, rmu, cta_monitor; one wire per
 *               submodule port, <prefix>_<port name>
 *   wiring      finereg_top_wiring as assigns (gen/emit_compose.h)
 *   glue        ACRF addressing, write routing into the ACRF or the
 *               deferred-write buffer, ACRF port sharing (core, RMU read and
 *               write, the draining CTA's oldest deferred write), the RMU's
 *               read-return pipe, the collapsing deferred-write buffer. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "cta_monitor_desc.h"
#include "emit_compose.h"
#include "emit_finereg_top.h"
#include "emit_lib.h"
#include "finereg_top_desc.h"
#include "pcrf_desc.h"
#include "rf_banked_desc.h"
#include "rmu_desc.h"
#include "vwriter.h"

static const char *const prefix[FT_U_TOP] = {"acrf", "pcrf", "rmu", "ctm"};

/* `wire [n-1:0] dst`: one-hot of the highest clear bit of used[n-1:0]. */
static void emit_highest_free(struct vw *w, const char *dst, const char *used, unsigned n)
{
	char line[4096];
	size_t u = (size_t)snprintf(line, sizeof line, "wire [%u:0] %s = {", n - 1, dst);

	for (unsigned i = n; i-- > 0;) {
		u += (size_t)snprintf(line + u, u < sizeof line ? sizeof line - u : 0, "%s~%s[%u]", i + 1 == n ? "" : ", ",
				      used, i);
		if (i + 1 < n)
			u += (size_t)snprintf(line + u, u < sizeof line ? sizeof line - u : 0, " & (&%s[%u:%u])", used, n - 1,
					      i + 1);
	}
	snprintf(line + u, u < sizeof line ? sizeof line - u : 0, "};");
	vw_line(w, "%s", line);
}

/* The ACRF warp slot (AW bits) and register (AR bits) of (slot, k, reg)
 * wires <pfx>_slot, <pfx>_k, <pfx>_reg: <pfx>_aw, <pfx>_ar.  A register
 * index narrower than a warp slot's is its register in the first slot. */
static void emit_addr(struct vw *w, const struct ft_geom *g, const char *pfx)
{
	char a[64], b[64], c[32], d[32], sa[128], kb[128], qa[128];
	int whole = g->RB < 32 && g->RPW >= (1u << g->RB);

	snprintf(a, sizeof a, "%s_slot", pfx);
	snprintf(b, sizeof b, "%s_k", pfx);
	if (g->cfg->finereg.d.warp_regs != g->RPW) {
		/* register-granular (finereg_top_acrf_addr()): a flat ACRF register */
		unsigned wr = g->cfg->finereg.d.warp_regs, fw = cfg_index_bits((unsigned long)g->cfg->warps * g->RPW);
		char r[64], ra[128];

		snprintf(r, sizeof r, "%s_reg", pfx);
		vw_zext(sa, sizeof sa, a, g->SB, fw);
		vw_zext(kb, sizeof kb, b, g->KB, fw);
		vw_zext(ra, sizeof ra, r, g->RB, fw);
		vw_line(w, "wire [%u:0] %s_flat = %s * %s + %s * %s + %s;", fw - 1, pfx, sa,
			vw_lit(c, sizeof c, fw, (unsigned long)g->cfg->finereg.warps_per_cta * wr), kb,
			vw_lit(d, sizeof d, fw, (unsigned long)finereg_top_spw(g->cfg) * wr), ra);
		vw_line(w, "wire [%u:0] %s_fq = %s_flat / %s;", fw - 1, pfx, pfx, vw_lit(c, sizeof c, fw, g->RPW));
		vw_line(w, "wire [%u:0] %s_fm = %s_flat %% %s;", fw - 1, pfx, pfx, c);
		vw_line(w, "wire [AW-1:0] %s_aw = %s_fq[AW-1:0];", pfx, pfx);
		vw_line(w, "wire [AR-1:0] %s_ar = %s_fm[AR-1:0];", pfx, pfx);
		if (fw > g->AW && fw > g->AR)
			vw_line(w, "wire unused_%s = ^{%s_fq[%u:AW], %s_fm[%u:AR]};", pfx, pfx, fw - 1, pfx, fw - 1);
		else if (fw > g->AW)
			vw_line(w, "wire unused_%s = ^%s_fq[%u:AW];", pfx, pfx, fw - 1);
		else if (fw > g->AR)
			vw_line(w, "wire unused_%s = ^%s_fm[%u:AR];", pfx, pfx, fw - 1);
		return;
	}
	vw_zext(sa, sizeof sa, a, g->SB, g->AW);
	vw_zext(kb, sizeof kb, b, g->KB, g->AW);
	if (whole) {
		snprintf(a, sizeof a, "%s_reg", pfx);
		vw_line(w, "wire [AW-1:0] %s_aw = %s * %s + %s * %s;", pfx, sa,
			vw_lit(c, sizeof c, g->AW, g->cfg->finereg.warps_per_cta), kb,
			vw_lit(d, sizeof d, g->AW, finereg_top_spw(g->cfg)));
		vw_line(w, "wire [AR-1:0] %s_ar = %s;", pfx, vw_zext(qa, sizeof qa, a, g->RB, g->AR));
		return;
	}
	vw_line(w, "wire [RB-1:0] %s_q = %s_reg / %s;", pfx, pfx, vw_lit(c, sizeof c, g->RB, g->RPW));
	vw_line(w, "wire [RB-1:0] %s_m = %s_reg %% %s;", pfx, pfx, vw_lit(c, sizeof c, g->RB, g->RPW));
	snprintf(a, sizeof a, "%s_q[%u:0]", pfx, (g->RB < g->AW ? g->RB : g->AW) - 1);
	vw_zext(qa, sizeof qa, a, g->RB < g->AW ? g->RB : g->AW, g->AW);
	vw_line(w, "wire [AW-1:0] %s_aw = %s * %s + %s * %s + %s;", pfx, sa,
		vw_lit(c, sizeof c, g->AW, g->cfg->finereg.warps_per_cta), kb,
		vw_lit(d, sizeof d, g->AW, finereg_top_spw(g->cfg)), qa);
	vw_line(w, "wire [AR-1:0] %s_ar = %s_m[AR-1:0];", pfx, pfx);
	if (g->RB > g->AW && g->RB > g->AR)
		vw_line(w, "wire unused_%s = ^{%s_q[RB-1:%u], %s_m[RB-1:AR]};", pfx, pfx, g->AW, pfx);
	else if (g->RB > g->AW)
		vw_line(w, "wire unused_%s = ^%s_q[RB-1:%u];", pfx, pfx, g->AW);
	else if (g->RB > g->AR)
		vw_line(w, "wire unused_%s = ^%s_m[RB-1:AR];", pfx, pfx);
}

/* The slot (SB bits) and active bit of CTA <cta>: <pfx>_slot, <pfx>_act
 * (a multiplexer over the resident CTAs' policy inputs). */
static void emit_cta_lookup(struct vw *w, const struct ft_geom *g, const char *pfx, const char *cta)
{
	char lit[32];

	vw_line(w, "reg [SB-1:0] %s_slot;", pfx);
	vw_line(w, "reg %s_act;", pfx);
	vw_open(w, "always @(*) begin");
	vw_line(w, "%s_slot = {SB{1'b0}};", pfx);
	vw_line(w, "%s_act = 1'b0;", pfx);
	vw_open(w, "case (%s)", cta);
	for (unsigned i = 0; i < g->NC; i++)
		vw_line(w, "%s: begin %s_slot = cta_slot_f[%u +: SB]; %s_act = cta_act_f[%u]; end",
			vw_lit(lit, sizeof lit, g->CB, i), pfx, i * g->SB, pfx, i);
	if (g->CB >= 32 || (1u << g->CB) != g->NC)
		vw_line(w, "default: ;");
	vw_close(w, "endcase");
	vw_close(w, "end");
}

static void emit_core(struct vw *w, const struct ft_geom *g)
{
	char pfx[32], cta[48];

	vw_line(w, "// ---- the core's reads and writes: ACRF addressing ----");
	for (unsigned p = 0; p < g->C; p++) {
		snprintf(pfx, sizeof pfx, "rd%u", p);
		vw_line(w, "wire [CB-1:0] rd%u_cta = rd_cta_i[%u +: CB];", p, p * g->CB);
		vw_line(w, "wire [KB-1:0] rd%u_k = rd_warp_i[%u +: KB];", p, p * g->KB);
		vw_line(w, "wire [RB-1:0] rd%u_reg = rd_reg_i[%u +: RB];", p, p * g->RB);
		snprintf(cta, sizeof cta, "rd%u_cta", p);
		emit_cta_lookup(w, g, pfx, cta);
		vw_line(w, "wire unused_rd%u_act = rd%u_act;", p, p);
		emit_addr(w, g, pfx);
	}
	for (unsigned p = 0; p < g->W; p++) {
		snprintf(pfx, sizeof pfx, "wr%u", p);
		vw_line(w, "wire [CB-1:0] wr%u_cta = wr_cta_i[%u +: CB];", p, p * g->CB);
		vw_line(w, "wire [KB-1:0] wr%u_k = wr_warp_i[%u +: KB];", p, p * g->KB);
		vw_line(w, "wire [RB-1:0] wr%u_reg = wr_reg_i[%u +: RB];", p, p * g->RB);
		snprintf(cta, sizeof cta, "wr%u_cta", p);
		emit_cta_lookup(w, g, pfx, cta);
		emit_addr(w, g, pfx);
	}
	vw_line(w, "// a write to a CTA in the ACRF takes its port; any other is deferred while the buffer has room");
	vw_line(w, "wire [NUM_WRITE_PORTS-1:0] core_wr, dw_def;");
	if (g->cfg->finereg.rmu_ports == FINEREG_PORTS_PRIORITY) {
		vw_line(w, "// rmu_ports = priority: the RMU's ACRF requests take the highest collector and");
		vw_line(w, "// write port; the core's access there is refused this cycle (and retried)");
		vw_line(w, "wire rmu_take_rd = (RMU_PRIORITY != 0) && rmu_acrf_rd_req_o[0];");
		vw_line(w, "wire rmu_take_wr = (RMU_PRIORITY != 0) && rmu_acrf_wr_req_o[0];");
		if (g->C > 1)
			vw_line(w, "wire [NUM_COLLECTORS-1:0] core_rd = rd_req_i & {~rmu_take_rd, {(NUM_COLLECTORS-1){1'b1}}};");
		else
			vw_line(w, "wire [NUM_COLLECTORS-1:0] core_rd = rd_req_i & ~rmu_take_rd;");
	}
	for (unsigned p = 0; p < g->W; p++) {
		if (g->cfg->finereg.rmu_ports == FINEREG_PORTS_PRIORITY && p + 1u == g->W)
			vw_line(w, "assign core_wr[%u] = wr_req_i[%u] & wr%u_act & ~rmu_take_wr;", p, p, p);
		else
			vw_line(w, "assign core_wr[%u] = wr_req_i[%u] & wr%u_act;", p, p, p);
		vw_line(w, "assign dw_def[%u] = wr_req_i[%u] & ~wr%u_act;", p, p, p);
	}
	{
		char z[64];

		vw_line(w, "wire [PW-1:0] dw_pos0 = %s;", vw_zext(z, sizeof z, "dw_n_q", g->NB, g->PW));
	}
	for (unsigned p = 0; p < g->W; p++) {
		char lit[32];

		vw_line(w, "wire dw_acc%u = dw_def[%u] & (dw_pos%u < %s);", p, p, p, vw_lit(lit, sizeof lit, g->PW, g->N));
		vw_line(w, "wire [PW-1:0] dw_pos%u = dw_pos%u + {{(PW-1){1'b0}}, dw_acc%u};", p + 1, p, p);
	}
	{
		char line[512];
		size_t u = (size_t)snprintf(line, sizeof line, "wire [NUM_WRITE_PORTS-1:0] dw_acc = {");

		for (unsigned p = g->W; p-- > 0;)
			u += (size_t)snprintf(line + u, sizeof line - u, "%sdw_acc%u", p + 1 == g->W ? "" : ", ", p);
		snprintf(line + u, sizeof line - u, "};");
		vw_line(w, "%s", line);
	}
}

enum { FT_FIELDS = 5, FT_MAXW = 16 };

static const char *const field_name[FT_FIELDS] = {"cta", "k", "reg", "mask", "data"};

static unsigned field_width(const struct ft_geom *g, unsigned f)
{
	const unsigned wd[FT_FIELDS] = {g->CB, g->KB, g->RB, g->LANES, g->DB};

	return wd[f];
}

/* Field f of write port p. */
static const char *field_src(char *buf, size_t n, const struct ft_geom *g, unsigned f, unsigned p)
{
	if (f < 3)
		snprintf(buf, n, "wr%u_%s", p, field_name[f]);
	else if (f == 3)
		snprintf(buf, n, "wr_mask_i[%u +: %u]", p * g->LANES, g->LANES);
	else
		snprintf(buf, n, "wr_data_i[%u +: %u]", p * g->DB, g->DB);
	return buf;
}

/* The held entries and this cycle's accepted writes, in age order:
 * entry i of c<field><i> (valid cv<i>). */
static void emit_buffer_comb(struct vw *w, const struct ft_geom *g)
{
	char lit[32], src[64], line[4096];
	unsigned T = g->N + g->W;

	vw_line(w, "// ---- deferred-write buffer: held entries, then this cycle's accepted writes ----");
	for (unsigned i = 0; i < T; i++) {
		for (unsigned p = 0; p < g->W; p++)
			vw_line(w, "wire cs%u_%u = dw_acc[%u] & (dw_pos%u == %s);", i, p, p, p, vw_lit(lit, sizeof lit, g->PW, i));
		if (i < g->N)
			vw_line(w, "wire ch%u = (%s < dw_pos0);", i, vw_lit(lit, sizeof lit, g->PW, i));
		vw_line(w, "wire cv%u = (%s < dw_pos%u);", i, vw_lit(lit, sizeof lit, g->PW, i), g->W);
		for (unsigned f = 0; f < FT_FIELDS; f++) {
			unsigned wd = field_width(g, f);
			size_t u = (size_t)snprintf(line, sizeof line, "wire [%u:0] c%s%u =", wd - 1, field_name[f], i);

			if (i < g->N)
				u += (size_t)snprintf(line + u, sizeof line - u, " ({%u{ch%u}} & dw_%s_q[%u +: %u]) |", wd, i,
						      field_name[f], i * wd, wd);
			for (unsigned p = 0; p < g->W; p++)
				u += (size_t)snprintf(line + u, sizeof line - u, "%s ({%u{cs%u_%u}} & %s)", p ? " |" : "", wd,
						      i, p, field_src(src, sizeof src, g, f, p));
			snprintf(line + u, sizeof line - u, ";");
			vw_line(w, "%s", line);
		}
	}
}

/* The draining CTA's oldest entry, the ACRF's ports shared, the grants. */
static void emit_share(struct vw *w, const struct ft_geom *g)
{
	unsigned T = g->N + g->W;
	char line[8192], sel[64], val[64], decl[64];
	size_t u;

	vw_line(w, "// ---- the draining CTA's oldest deferred write ----");
	u = (size_t)snprintf(line, sizeof line, "wire [%u:0] dw_match = {", T - 1);
	for (unsigned i = T; i-- > 0;)
		u += (size_t)snprintf(line + u, sizeof line - u, "%scv%u & (ccta%u == drain_cta_f)", i + 1 == T ? "" : ", ", i, i);
	snprintf(line + u, sizeof line - u, "};");
	vw_line(w, "%s", line);
	emit_first_one(w, "dw_first", "dw_match", T);
	vw_line(w, "wire dw_req = drain_v_f & (|dw_match);");
	snprintf(sel, sizeof sel, "dw_first[%%u]");
	emit_and_or(w, "wire [CB-1:0] dwo_cta", T, g->CB, sel, "ccta%u");
	emit_and_or(w, "wire [KB-1:0] dwo_k", T, g->KB, sel, "ck%u");
	emit_and_or(w, "wire [RB-1:0] dwo_reg", T, g->RB, sel, "creg%u");
	emit_and_or(w, "wire [LANES-1:0] dwo_mask", T, g->LANES, sel, "cmask%u");
	emit_and_or(w, "wire [DB-1:0] dwo_data", T, g->DB, sel, "cdata%u");
	vw_line(w, "wire unused_dwo_cta = ^dwo_cta;  // the draining CTA's, by the match");
	emit_cta_lookup(w, g, "dwo", "drain_cta_f");
	vw_line(w, "wire unused_dwo_act = dwo_act;");
	emit_addr(w, g, "dwo");

	vw_line(w, "// ---- ACRF ports: the core's, then the RMU's read / write and the drain on the highest free ones ----");
	const char *crd = g->cfg->finereg.rmu_ports == FINEREG_PORTS_PRIORITY ? "core_rd" : "rd_req_i";

	emit_highest_free(w, "rd_free_hi", crd, g->C);
	vw_line(w, "wire [NUM_COLLECTORS-1:0] rmu_rd_oh = {NUM_COLLECTORS{rmu_acrf_rd_req_o[0]}} & rd_free_hi;");
	emit_highest_free(w, "wr_free_hi", "core_wr", g->W);
	vw_line(w, "wire [NUM_WRITE_PORTS-1:0] rmu_wr_oh = {NUM_WRITE_PORTS{rmu_acrf_wr_req_o[0]}} & wr_free_hi;");
	vw_line(w, "wire [NUM_WRITE_PORTS-1:0] wr_used = core_wr | rmu_wr_oh;");
	emit_highest_free(w, "dw_free_hi", "wr_used", g->W);
	vw_line(w, "wire [NUM_WRITE_PORTS-1:0] dw_oh = {NUM_WRITE_PORTS{dw_req}} & dw_free_hi;");
	for (unsigned p = 0; p < g->C; p++) {
		vw_line(w, "assign acrf_rd_req_i[%u] = %s[%u] | rmu_rd_oh[%u];", p, crd, p, p);
		vw_line(w, "assign acrf_rd_warp_i[%u +: AW] = ({AW{%s[%u]}} & rd%u_aw) | ({AW{rmu_rd_oh[%u]}} & rmu_acrf_rd_warp_o);",
			p * g->AW, crd, p, p, p);
		vw_line(w, "assign acrf_rd_reg_i[%u +: AR] = ({AR{%s[%u]}} & rd%u_ar) | ({AR{rmu_rd_oh[%u]}} & rmu_acrf_rd_reg_o);",
			p * g->AR, crd, p, p, p);
	}
	for (unsigned p = 0; p < g->W; p++) {
		vw_line(w, "assign acrf_wr_req_i[%u] = core_wr[%u] | rmu_wr_oh[%u] | dw_oh[%u];", p, p, p, p);
		vw_line(w, "assign acrf_wr_warp_i[%u +: AW] = ({AW{core_wr[%u]}} & wr%u_aw) | ({AW{rmu_wr_oh[%u]}} & rmu_acrf_wr_warp_o) | ({AW{dw_oh[%u]}} & dwo_aw);",
			p * g->AW, p, p, p, p);
		vw_line(w, "assign acrf_wr_reg_i[%u +: AR] = ({AR{core_wr[%u]}} & wr%u_ar) | ({AR{rmu_wr_oh[%u]}} & rmu_acrf_wr_reg_o) | ({AR{dw_oh[%u]}} & dwo_ar);",
			p * g->AR, p, p, p, p);
		vw_line(w, "assign acrf_wr_mask_i[%u +: LANES] = ({LANES{core_wr[%u]}} & wr_mask_i[%u +: LANES]) | {LANES{rmu_wr_oh[%u]}} | ({LANES{dw_oh[%u]}} & dwo_mask);",
			p * g->LANES, p, p * g->LANES, p, p);
		vw_line(w, "assign acrf_wr_data_i[%u +: DB] = ({DB{core_wr[%u]}} & wr_data_i[%u +: DB]) | ({DB{rmu_wr_oh[%u]}} & rmu_acrf_wr_data_o) | ({DB{dw_oh[%u]}} & dwo_data);",
			p * g->DB, p, p * g->DB, p, p);
	}
	vw_line(w, "// ---- grants ----");
	vw_line(w, "wire rmu_rd_gnt = |(rmu_rd_oh & acrf_rd_gnt_o);");
	vw_line(w, "wire rmu_wr_gnt = |(rmu_wr_oh & acrf_wr_gnt_o);");
	vw_line(w, "wire dw_gnt = |(dw_oh & acrf_wr_gnt_o);");
	vw_line(w, "assign rmu_acrf_rd_gnt_i = rmu_rd_gnt;");
	vw_line(w, "assign rmu_acrf_wr_gnt_i = rmu_wr_gnt;");
	vw_line(w, "assign rd_gnt_o = %s & acrf_rd_gnt_o;", crd);
	vw_line(w, "assign wr_gnt_o = (core_wr & acrf_wr_gnt_o) | dw_acc;");
	vw_line(w, "wire [%u:0] dw_pop = dw_first & {%u{dw_gnt}};", T - 1, T);
	vw_line(w, "wire dw_left = |(dw_match & ~dw_pop);  // the draining CTA keeps deferred writes");
	vw_line(w, "assign dw_count_o = dw_n_q;");
	(void)decl;
	(void)val;
}

/* The RMU's read-return pipe and the buffer's flops. */
static void emit_state(struct vw *w, const struct ft_geom *g)
{
	unsigned T = g->N + g->W;
	char lit[32];

	vw_line(w, "// ---- the RMU's ACRF reads in flight: READ_LATENCY stages of (valid, port) ----");
	vw_line(w, "reg [READ_LATENCY*CW-1:0] pipe_port_q;");
	emit_onehot_index(w, "rmu_rd_port", "rmu_rd_oh", g->C, g->CW);
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(w, "if (!rst_ni) begin pipe_v_q <= {READ_LATENCY{1'b0}}; pipe_port_q <= {(READ_LATENCY*CW){1'b0}}; end");
	if (g->L > 1)
		vw_line(w, "else begin pipe_v_q <= {pipe_v_q[READ_LATENCY-2:0], rmu_rd_gnt}; "
			   "pipe_port_q <= {pipe_port_q[(READ_LATENCY-1)*CW-1:0], {CW{rmu_rd_gnt}} & rmu_rd_port}; end");
	else
		vw_line(w, "else begin pipe_v_q <= rmu_rd_gnt; pipe_port_q <= {CW{rmu_rd_gnt}} & rmu_rd_port; end");
	vw_close(w, "end");
	vw_line(w, "wire tail_v = pipe_v_q[READ_LATENCY-1];");
	vw_line(w, "wire [CW-1:0] tail_port = pipe_port_q[(READ_LATENCY-1)*CW +: CW];");
	vw_line(w, "assign rmu_rd_pend_o = |pipe_v_q;");
	vw_line(w, "assign rmu_acrf_rd_valid_i = tail_v;");
	{
		char sel[64];

		snprintf(sel, sizeof sel, "(tail_v & (tail_port == %u'd%%u))", g->CW);
		emit_and_or(w, "assign rmu_acrf_rd_data_i", g->C, g->DB, sel, "acrf_rd_data_o[%u*DB +: DB]");
		for (unsigned p = 0; p < g->C; p++)
		{
			vw_line(w, "assign rd_valid_o[%u] = acrf_rd_valid_o[%u] & ~(tail_v & (tail_port == %s));", p, p,
				vw_lit(lit, sizeof lit, g->CW, p));
			/* the data only with its valid (the RMU's return is not the core's) */
			vw_line(w, "assign rd_data_o[%u*DB +: DB] = {DB{rd_valid_o[%u]}} & acrf_rd_data_o[%u*DB +: DB];", p, p, p);
		}
	}
	vw_line(w, "// submodule outputs the subsystem does not use (monitor fields, conflicts, V as read)");
	vw_line(w, "wire unused_sub = ^{acrf_bank_conflict_o, pcrf_rd_tagv_o, ctm_ctx_o, ctm_reg_o, ctm_resume_restore_o, "
		   "ctm_free_valid_o, ctm_free_cta_o};");
	vw_line(w, "assign pcrf_wr_end_i = 1'b1;");
	vw_line(w, "assign pcrf_rd_free_i = 1'b1;");

	vw_line(w, "// ---- deferred-write buffer flops: the popped entry leaves, the rest close up ----");
	for (unsigned i = 0; i < g->N; i++)
		vw_line(w, "wire below%u = |dw_pop[%u:0];", i, i);
	vw_line(w, "wire [PW-1:0] dw_n_next = dw_pos%u - {{(PW-1){1'b0}}, dw_gnt};", g->W);
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(w, "if (!rst_ni) dw_n_q <= {NB{1'b0}};");
	vw_line(w, "else dw_n_q <= dw_n_next[NB-1:0];");
	vw_close(w, "end");
	if (g->PW > g->NB)
		vw_line(w, "wire unused_dw_n = ^dw_n_next[PW-1:NB];");
	for (unsigned f = 0; f < FT_FIELDS; f++) {
		unsigned wd = field_width(g, f);

		vw_open(w, "always @(posedge clk_i) begin  // payload: read only below dw_n_q, no reset");
		for (unsigned i = 0; i < g->N; i++)
			vw_line(w, "dw_%s_q[%u +: %u] <= below%u ? c%s%u : c%s%u;", field_name[f], i * wd, wd, i, field_name[f],
				i + 1, field_name[f], i);
		vw_close(w, "end");
	}
	/* the last comb entries only ever move down */
	{
		char line[4096];
		size_t u = (size_t)snprintf(line, sizeof line, "wire unused_tail = ^{dw_pop[%u]", T - 1);

		for (unsigned i = g->N + 1; i < T; i++)
			for (unsigned f = 0; f < FT_FIELDS; f++)
				u += (size_t)snprintf(line + u, sizeof line - u, ", c%s%u", field_name[f], i);
		snprintf(line + u, sizeof line - u, "};");
		vw_line(w, "%s", line);
	}
}

static void mark_glue(struct ft_geom *g)
{
	static const unsigned acrf_in[] = {RFB_RD_REQ_I, RFB_RD_WARP_I, RFB_RD_REG_I, RFB_WR_REQ_I,
					   RFB_WR_WARP_I, RFB_WR_REG_I, RFB_WR_MASK_I, RFB_WR_DATA_I};
	static const unsigned rmu_in[] = {RMU_ACRF_RD_GNT_I, RMU_ACRF_RD_VALID_I, RMU_ACRF_RD_DATA_I, RMU_ACRF_WR_GNT_I};
	static const unsigned pcrf_in[] = {PCRF_WR_END_I, PCRF_RD_FREE_I};
	static const unsigned rmu_cmd[] = {RMU_CMD_VALID_I, RMU_CMD_OP_I, RMU_CMD_S_CTA_I, RMU_CMD_S_SLOT_I,
					   RMU_CMD_P_CTA_I, RMU_CMD_P_SLOT_I};
	static const unsigned mon_in[] = {CTM_SET_VALID_I, CTM_SET_CTA_I, CTM_SET_CTX_I, CTM_SET_REG_I, CTM_READY_I,
					  CTM_LAUNCH_OK_I};

	emit_compose_glue(&g->ec, FT_U_ACRF, acrf_in, sizeof acrf_in / sizeof acrf_in[0]);
	emit_compose_glue(&g->ec, FT_U_RMU, rmu_in, sizeof rmu_in / sizeof rmu_in[0]);
	emit_compose_glue(&g->ec, FT_U_PCRF, pcrf_in, sizeof pcrf_in / sizeof pcrf_in[0]);
	emit_compose_glue(&g->ec, FT_U_RMU, rmu_cmd, sizeof rmu_cmd / sizeof rmu_cmd[0]);
	emit_compose_glue(&g->ec, FT_U_MON, mon_in, sizeof mon_in / sizeof mon_in[0]);
}

int emit_finereg_top(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	struct ft_geom g;
	struct vw w;
	struct sbuf *out;
	int fresh;

	memset(&g, 0, sizeof g);
	g.cfg = cfg;
	g.m = m;
	finereg_top_subdescs(cfg, g.sub);
	g.C = cfg->collectors;
	g.W = cfg->write_ports;
	g.NC = cfg->finereg.resident_ctas;
	g.N = cfg->finereg.deferred_writes;
	g.L = cfg->read_latency;
	g.CB = m->ports[FT_RD_CTA_I].elem_width;
	g.KB = m->ports[FT_RD_WARP_I].elem_width;
	g.RB = m->ports[FT_RD_REG_I].elem_width;
	g.SB = cfg->finereg.d.slot_bits;
	g.AW = g.sub[FT_U_ACRF].ports[RFB_RD_WARP_I].elem_width;
	g.AR = g.sub[FT_U_ACRF].ports[RFB_RD_REG_I].elem_width;
	g.RPW = cfg->d.regs_per_warp;
	g.LANES = cfg->lanes;
	g.DB = cfg->d.warp_bits;
	g.NB = m->ports[FT_DW_COUNT_O].elem_width;
	g.PW = cfg_index_bits(g.N + g.W + 1u);
	if (g.PW < g.NB)
		g.PW = g.NB;
	g.CW = cfg_index_bits(g.C);
	g.NS = cfg->finereg.d.slots;
	g.NL = g.NS;
	g.NE = cfg->schedulers;
	g.NQ = cfg->finereg.monitor_updates;
	g.RC = m->ports[FT_RESIDENT_O].elem_width;
	g.SC = m->ports[FT_N_ACTIVE_O].elem_width;
	g.QW = cfg_index_bits(g.NQ + 1u);
	g.XW = g.sub[FT_U_MON].ports[CTM_SET_CTX_I].elem_width;
	g.YW = g.sub[FT_U_MON].ports[CTM_SET_REG_I].elem_width;
	if (g.W > FT_MAXW)
		return -1;
	for (unsigned u = 0; u < FT_U_TOP; u++)
		g.cfgs[u] = cfg;
	g.ec = (struct emit_compose){.top = m, .n = FT_U_TOP, .sub = g.sub, .cfgs = g.cfgs, .prefix = prefix,
				     .wiring = &finereg_top_wiring};
	mark_glue(&g);
	if (emit_compose_submodules(d, &g.ec))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "FineReg register-file subsystem (docs/finereg.md, \"finereg_top\").");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "NUM_COLLECTORS");
	vw_param(&w, m, "NUM_WRITE_PORTS");
	vw_param(&w, m, "READ_LATENCY");
	vw_param(&w, m, "RESUME_FIRST");
	if (g.cfg->finereg.rmu_ports == FINEREG_PORTS_PRIORITY)
		vw_param(&w, m, "RMU_PRIORITY");
	vw_line(&w, "localparam integer CB = %u;  // resident CTA index", g.CB);
	vw_line(&w, "localparam integer KB = %u;  // warp within a CTA", g.KB);
	vw_line(&w, "localparam integer RB = %u;  // architectural register", g.RB);
	vw_line(&w, "localparam integer SB = %u;  // ACRF CTA slot", g.SB);
	vw_line(&w, "localparam integer AW = %u;  // ACRF warp slot", g.AW);
	vw_line(&w, "localparam integer AR = %u;  // ACRF register of a warp slot", g.AR);
	vw_line(&w, "localparam integer LANES = %u;", g.LANES);
	vw_line(&w, "localparam integer DB = %u;  // bits of a warp register", g.DB);
	vw_line(&w, "localparam integer NB = %u;  // deferred-write count", g.NB);
	vw_line(&w, "localparam integer PW = %u;  // buffer positions (held + this cycle's)", g.PW);
	vw_line(&w, "localparam integer CW = %u;  // collector index", g.CW);
	vw_blank(&w);
	emit_compose_instances(&w, &g.ec);
	emit_compose_wiring(&w, &g.ec);
	vw_line(&w, "reg [NB-1:0] dw_n_q;  // deferred-write buffer (flops below)");
	for (unsigned f = 0; f < FT_FIELDS; f++)
		vw_line(&w, "reg [%u:0] dw_%s_q;", g.N * field_width(&g, f) - 1, field_name[f]);
	emit_policy_decl(&w, &g);
	vw_line(&w, "reg [READ_LATENCY-1:0] pipe_v_q;  // the RMU's reads in flight (flops below)");
	emit_policy(&w, &g);
	emit_core(&w, &g);
	emit_buffer_comb(&w, &g);
	emit_share(&w, &g);
	emit_state(&w, &g);
	emit_policy_tail(&w, &g);
	vw_module_end(&w);
	return 0;
}

unsigned wave_finereg_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	const struct cfg_finereg *f = &cfg->finereg;
	unsigned n = 0, pb = cfg_index_bits(f->pcrf_entries), cb = f->d.cta_bits, sb = f->d.slot_bits;
	unsigned aw = cfg_index_bits(cfg->warps), ar = cfg_index_bits(cfg->d.regs_per_warp);

	groups[n] = (struct wave_group){.title = "stall, switch and resume (policy, CTA monitor)"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n], "rst_ni", 1);
	wave_add_port(&groups[n], m, FT_STALLED_I);
	wave_add(&groups[n], "ctm_ready_i", f->resident_ctas);
	wave_add_port(&groups[n], m, FT_MON_DECISION_O);
	wave_add_port(&groups[n], m, FT_MON_RESUME_CTA_O);
	wave_add_port(&groups[n], m, FT_SUSPEND_VALID_O);
	wave_add_port(&groups[n], m, FT_SUSPEND_CTA_O);
	wave_add_port(&groups[n], m, FT_RESUME_VALID_O);
	wave_add_port(&groups[n], m, FT_RESUME_CTA_O);
	wave_add_port(&groups[n], m, FT_N_ACTIVE_O);
	wave_add_port(&groups[n++], m, FT_N_PENDING_O);
	groups[n] = (struct wave_group){.title = "RMU command"};
	wave_add(&groups[n], "rmu_cmd_valid_i", 1);
	wave_add(&groups[n], "rmu_cmd_op_i", 2);
	wave_add(&groups[n], "rmu_cmd_s_cta_i", cb);
	wave_add(&groups[n], "rmu_cmd_p_cta_i", cb);
	wave_add(&groups[n], "rmu_cmd_p_slot_i", sb);
	wave_add(&groups[n], "u_rmu.state_q", 4);
	wave_add_port(&groups[n], m, FT_DONE_O);
	wave_add_port(&groups[n++], m, FT_FREE_COUNT_O);
	groups[n] = (struct wave_group){.title = "eviction: ACRF read, PCRF write, chain link"};
	wave_add(&groups[n], "rmu_acrf_rd_req_o", 1);
	wave_add(&groups[n], "rmu_acrf_rd_warp_o", aw);
	wave_add(&groups[n], "rmu_acrf_rd_reg_o", ar);
	wave_add(&groups[n], "pcrf_wr_valid_i", 1);
	wave_add(&groups[n], "pcrf_wr_idx_i", pb);
	wave_add(&groups[n], "pcrf_link_valid_i", 1);
	wave_add(&groups[n], "pcrf_link_idx_i", pb);
	wave_add(&groups[n++], "pcrf_link_next_i", pb);
	groups[n] = (struct wave_group){.title = "restore: chain walk, PCRF read and free, ACRF write"};
	wave_add(&groups[n], "pcrf_rd_valid_i", 1);
	wave_add(&groups[n], "pcrf_rd_idx_i", pb);
	wave_add(&groups[n], "rmu_pcrf_rd_next_i", pb);
	wave_add(&groups[n], "rmu_pcrf_rd_end_i", 1);
	wave_add(&groups[n], "rmu_acrf_wr_req_o", 1);
	wave_add(&groups[n], "rmu_acrf_wr_warp_o", aw);
	wave_add(&groups[n++], "rmu_acrf_wr_reg_o", ar);
	groups[n] = (struct wave_group){.title = "ACRF and deferred writes"};
	wave_add_port(&groups[n], m, FT_RD_GNT_O);
	wave_add_port(&groups[n], m, FT_WR_GNT_O);
	wave_add_port(&groups[n], m, FT_DW_COUNT_O);
	wave_add(&groups[n], "drain_v_f", 1);
	wave_add(&groups[n++], "dw_left", 1);
	return n;
}
