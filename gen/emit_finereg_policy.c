/* emit_finereg_policy.c: the Verilog of finereg_top's switching policy,
 * mirrored flop for flop from cmodel/finereg_top.c ("the switching
 * policy"): per-CTA state (3-bit state, ACRF slot, stalled, ready,
 * refused), ACRF slot ownership, resident count, the RMU command in
 * flight, the draining CTA and the status-monitor update queue.  A
 * cycle's values go through stages, per CTA unrolled:
 *   _q  the flops;
 *   _e  after the events (exits, launches into the lowest free slots,
 *       issue / stalled / ready bits);
 *   _f  after the RMU's result (done_o), a Virtual-Thread park or resume
 *       ([finereg] vt) or a new command (restore, swap or evict), and the
 *       draining CTA chosen;
 *   _d  after the drain's end (its CTA ACTIVE again): the next state. */
#include "emit_finereg_top.h"

#include <stdio.h>

#include "cta_monitor_desc.h"
#include "emit_lib.h"
#include "finereg_top_desc.h"
#include "rmu_desc.h"
#include "vwriter.h"

/* "<vec>[i*w +: w]" */
static const char *el(char *buf, size_t n, const char *vec, unsigned i, unsigned w)
{
	snprintf(buf, n, "%s[%u +: %u]", vec, i * w, w);
	return buf;
}

/* `wire [w-1:0] dst`: the number of set bits among n one-bit terms
 * term_fmt(i), as a chain of adders (one line each). */
static void emit_count(struct vw *w, const char *dst, unsigned width, unsigned n, const char *term_fmt)
{
	char t[128], z[160], lit[32];

	vw_line(w, "wire [%u:0] %s_0 = %s;", width - 1, dst, vw_lit(lit, sizeof lit, width, 0));
	for (unsigned i = 0; i < n; i++) {
		snprintf(t, sizeof t, term_fmt, i, i, i);
		vw_line(w, "wire [%u:0] %s_%u = %s_%u + %s;", width - 1, dst, i + 1, dst, i, vw_zext(z, sizeof z, t, 1, width));
	}
	vw_line(w, "wire [%u:0] %s = %s_%u;", width - 1, dst, dst, n);
}

/* `reg [width-1:0] dst`: element `sel` (selw bits) of val_fmt(i), i < n; 0 beyond. */
static void emit_case_mux(struct vw *w, const char *dst, unsigned width, const char *sel, unsigned selw, unsigned n,
			  const char *val_fmt)
{
	char lit[32], v[128];

	vw_line(w, "reg [%u:0] %s;", width - 1, dst);
	vw_open(w, "always @(*) begin");
	vw_line(w, "%s = {%u{1'b0}};", dst, width);
	vw_open(w, "case (%s)", sel);
	for (unsigned i = 0; i < n; i++) {
		snprintf(v, sizeof v, val_fmt, i * width, width);
		vw_line(w, "%s: %s = %s;", vw_lit(lit, sizeof lit, selw, i), dst, v);
	}
	if (selw >= 32 || (1u << selw) != n)
		vw_line(w, "default: ;");
	vw_close(w, "endcase");
	vw_close(w, "end");
}

void emit_policy_decl(struct vw *w, const struct ft_geom *g)
{
	vw_line(w, "// ---- switching policy: flops ----");
	vw_line(w, "localparam [2:0] S_FREE = 3'd%u, S_ACTIVE = 3'd%u, S_SUSPENDING = 3'd%u, S_PENDING = 3'd%u, "
		   "S_RESTORING = 3'd%u, S_DRAIN = 3'd%u, S_VT = 3'd%u;", FT_FREE, FT_ACTIVE, FT_SUSPENDING, FT_PENDING,
		FT_RESTORING, FT_DRAIN, FT_VT);
	vw_line(w, "localparam VT_EN = 1'b%u;  // [finereg] vt: the Virtual-Thread CTA state", g->cfg->finereg.vt ? 1 : 0);
	vw_line(w, "localparam [1:0] OP_EVICT = 2'd%u, OP_RESTORE = 2'd%u, OP_SWAP = 2'd%u;", RMU_OP_EVICT,
		RMU_OP_RESTORE, RMU_OP_SWAP);
	vw_line(w, "reg [%u:0] st_q;      // CTA states", g->NC * 3 - 1);
	vw_line(w, "reg [%u:0] slot_q;    // CTA ACRF slots", g->NC * g->SB - 1);
	vw_line(w, "reg [%u:0] stl_q, rdy_q, ref_q;  // stalled, ready, refused", g->NC - 1);
	vw_line(w, "reg [%u:0] owner_q;   // ACRF slots held", g->NS - 1);
	vw_line(w, "reg [%u:0] resident_q;", g->RC - 1);
	vw_line(w, "reg cmd_busy_q, drain_v_q, ovf_q;");
	vw_line(w, "reg [1:0] cmd_op_q;");
	vw_line(w, "reg [CB-1:0] cmd_s_q, cmd_p_q, drain_cta_q;");
	vw_line(w, "reg [SB-1:0] cmd_slot_q;");
	vw_line(w, "reg [%u:0] mq_n_q;", g->QW - 1);
	vw_line(w, "reg [%u:0] mq_cta_q;", g->NQ * g->CB - 1);
	vw_line(w, "reg [%u:0] mq_ctx_q;", g->NQ * g->XW - 1);
	vw_line(w, "reg [%u:0] mq_reg_q;", g->NQ * g->YW - 1);
}

/* Exits, then launches (port l takes the lowest slot free after ports < l). */
static void emit_events(struct vw *w, const struct ft_geom *g)
{
	char a[96], b[96], lit[32];

	vw_line(w, "// ---- policy: events ----");
	for (unsigned i = 0; i < g->NC; i++) {
		vw_line(w, "wire [%u:0] ex%u_v;", g->NE - 1, i);
		for (unsigned e = 0; e < g->NE; e++)
			vw_line(w, "assign ex%u_v[%u] = exit_valid_i[%u] & (exit_cta_i[%u +: CB] == %s);", i, e, e, e * g->CB,
				vw_lit(lit, sizeof lit, g->CB, i));
		vw_line(w, "wire ex%u = |ex%u_v;", i, i);
	}
	vw_line(w, "wire [%u:0] exfree_0 = {%u{1'b0}};", g->NS - 1, g->NS);
	for (unsigned i = 0; i < g->NC; i++)
	{
		char c2[96];

		vw_line(w, "wire [%u:0] exfree_%u = exfree_%u | ({%u{ex%u & ((%s == S_ACTIVE) | (%s == S_VT))}} & (%s << %s));",
			g->NS - 1, i + 1, i, g->NS, i, el(a, sizeof a, "st_q", i, 3), el(c2, sizeof c2, "st_q", i, 3),
			vw_lit(lit, sizeof lit, g->NS, 1), el(b, sizeof b, "slot_q", i, g->SB));
	}
	vw_line(w, "wire [%u:0] free_l0 = ~(owner_q & ~exfree_%u);", g->NS - 1, g->NC);
	for (unsigned l = 0; l < g->NL; l++) {
		char name[32], vec[32];

		snprintf(name, sizeof name, "lfirst%u", l);
		snprintf(vec, sizeof vec, "free_l%u", l);
		emit_first_one(w, name, vec, g->NS);
		vw_line(w, "wire [%u:0] loh%u = lfirst%u & {%u{launch_valid_i[%u]}};", g->NS - 1, l, l, g->NS, l);
		vw_line(w, "wire lok%u = |loh%u;", l, l);
		snprintf(name, sizeof name, "lslot%u", l);
		snprintf(vec, sizeof vec, "loh%u", l);
		emit_onehot_index(w, name, vec, g->NS, g->SB);
		vw_line(w, "wire [%u:0] free_l%u = free_l%u & ~loh%u;", g->NS - 1, l + 1, l, l);
	}
	vw_line(w, "wire [%u:0] owner_e = ~free_l%u;", g->NS - 1, g->NL);
	for (unsigned i = 0; i < g->NC; i++) {
		vw_line(w, "wire [%u:0] lh%u_v;", g->NL - 1, i);
		for (unsigned l = 0; l < g->NL; l++)
			vw_line(w, "assign lh%u_v[%u] = lok%u & (launch_cta_i[%u +: CB] == %s);", i, l, l, l * g->CB,
				vw_lit(lit, sizeof lit, g->CB, i));
	}
	for (unsigned i = 0; i < g->NC; i++) {
		char decl[64], sel[32];

		vw_line(w, "wire lh%u = |lh%u_v;", i, i);
		snprintf(decl, sizeof decl, "wire [SB-1:0] ls%u", i);
		snprintf(sel, sizeof sel, "lh%u_v[%%u]", i);
		emit_and_or(w, decl, g->NL, g->SB, sel, "lslot%u");
		vw_line(w, "wire [2:0] st_e%u = lh%u ? S_ACTIVE : ex%u ? S_FREE : %s;", i, i, i, el(a, sizeof a, "st_q", i, 3));
		vw_line(w, "wire [SB-1:0] slot_e%u = lh%u ? ls%u : %s;", i, i, i, el(a, sizeof a, "slot_q", i, g->SB));
		vw_line(w, "wire stl_e%u = stalled_i[%u] | (~issue_i[%u] & ~lh%u & stl_q[%u]);", i, i, i, i, i);
		vw_line(w, "wire rdy_e%u = ready_i[%u] | (~lh%u & rdy_q[%u]);", i, i, i, i);
		vw_line(w, "wire ref_e%u = ~issue_i[%u] & ~lh%u & ref_q[%u];", i, i, i, i);
	}
	emit_count(w, "n_launch", g->RC, g->NL, "lok%u");
	emit_count(w, "n_exit", g->RC, g->NE, "exit_valid_i[%u]");
	vw_line(w, "wire [%u:0] resident_e = resident_q + n_launch - n_exit;", g->RC - 1);
	vw_line(w, "assign resident_o = resident_e;");
}

/* The status monitor's inputs, the RMU's result or a new command. */
static void emit_switch(struct vw *w, const struct ft_geom *g)
{
	char lit[32], lit2[32], z[96];
	unsigned rm = finereg_top_resident_max(g->cfg);

	vw_line(w, "// ---- policy: the RMU's result or a new command ----");
	vw_line(w, "wire [%u:0] pend_rdy, vt_rdy;", g->NC - 1);
	for (unsigned i = 0; i < g->NC; i++) {
		vw_line(w, "assign pend_rdy[%u] = (st_e%u == S_PENDING) & rdy_e%u;", i, i, i);
		vw_line(w, "assign vt_rdy[%u] = (st_e%u == S_VT) & rdy_e%u;", i, i, i);
	}
	vw_line(w, "assign ctm_ready_i = pend_rdy | vt_rdy;");
	vw_line(w, "wire can_launch = cta_waiting_i & (resident_e < %s);", vw_lit(lit, sizeof lit, g->RC, rm));
	vw_line(w, "assign ctm_launch_ok_i = can_launch;");
	vw_line(w, "wire [CB-1:0] r_cta = ctm_resume_cta_o;");
	vw_line(w, "wire p_ok = ctm_resume_valid_o[0] & (|(pend_rdy & (%s << r_cta)));",
		vw_lit(lit, sizeof lit, g->NC, 1));
	vw_line(w, "wire v_ok = ctm_resume_valid_o[0] & (|(vt_rdy & (%s << r_cta)));", vw_lit(lit, sizeof lit, g->NC, 1));
	emit_count(w, "used_e", g->SC, g->NS, "owner_e[%u]");
	emit_count(w, "nvt_e", g->SC, g->NC, "(st_e%u == S_VT)");
	vw_line(w, "wire [%u:0] run_e = used_e - nvt_e;  // slots of CTAs not parked", g->SC - 1);
	vw_line(w, "wire fs_any = ~(&owner_e);");
	vw_line(w, "wire room = (run_e < active_max_i);");
	vw_line(w, "wire fs = fs_any & room;");
	emit_first_one(w, "fs_oh", "free_l0_e", g->NS);
	emit_onehot_index(w, "fs_idx", "fs_oh", g->NS, g->SB);
	vw_line(w, "wire done = rmu_done_o[0];");
	vw_line(w, "wire refused = rmu_done_refused_o[0];");
	vw_line(w, "wire decide_ok = ~cmd_busy_q & rmu_cmd_ready_o[0];");
	vw_line(w, "wire restore = decide & p_ok & fs & (ctm_decision_o == 2'd%u);", CTM_DECIDE_RESUME);
	vw_line(w, "wire nothing = ~p_ok & (~can_launch | fs);");
	vw_line(w, "// victims: ACTIVE, stalled, not refused (lowest first)");
	vw_line(w, "wire [%u:0] victim;", g->NC - 1);
	for (unsigned i = 0; i < g->NC; i++)
		vw_line(w, "assign victim[%u] = (st_e%u == S_ACTIVE) & stl_e%u & ~ref_e%u;", i, i, i, i);
	emit_ffs(w, "vs", "victim", g->NC);
	for (unsigned i = 0; i < g->NC; i++)
		vw_line(w, "wire vs_oh_%u = vs_found & (vs_idx == %s);", i, vw_lit(lit, sizeof lit, cfg_index_bits(g->NC), i));
	vw_line(w, "// vt: a ready parked CTA resumes (in place of the victim, parked, or into a free");
	vw_line(w, "// active place); else the victim is parked for a launch or a ready pending CTA");
	vw_line(w, "wire vt_res = VT_EN & ~done & v_ok & (room | vs_found);");
	vw_line(w, "wire vt_park = VT_EN & ~done & ~vt_res & vs_found & fs_any & ~room & (can_launch | (decide_ok & p_ok));");
	vw_line(w, "wire vt_sus = (vt_res & ~room) | vt_park;");
	vw_line(w, "wire decide = ~done & decide_ok & ~vt_res & ~vt_park;");
	vw_line(w, "wire suspend = decide & ~restore & ~nothing & vs_found;");
	vw_line(w, "wire swap = suspend & p_ok;");
	vw_line(w, "wire issue = restore | suspend;");
	vw_line(w, "wire [CB-1:0] s_cta = %s;", vw_zext(z, sizeof z, "vs_idx", cfg_index_bits(g->NC), g->CB));
	{
		char fmt[64];

		snprintf(fmt, sizeof fmt, "slot_e_v[%%u +: %%u]");
		emit_case_mux(w, "s_slot", g->SB, "s_cta", g->CB, g->NC, fmt);
		emit_case_mux(w, "cs_slot", g->SB, "cmd_s_q", g->CB, g->NC, fmt);
	}
	vw_line(w, "wire [1:0] new_op = restore ? OP_RESTORE : swap ? OP_SWAP : OP_EVICT;");
	vw_line(w, "wire [SB-1:0] new_slot = restore ? fs_idx : s_slot;");
	vw_line(w, "assign rmu_cmd_valid_i = issue;");
	vw_line(w, "assign rmu_cmd_op_i = {2{issue}} & new_op;");
	vw_line(w, "assign rmu_cmd_s_cta_i = {CB{suspend}} & s_cta;");
	vw_line(w, "assign rmu_cmd_s_slot_i = {SB{suspend}} & s_slot;");
	vw_line(w, "assign rmu_cmd_p_cta_i = {CB{restore | swap}} & r_cta;");
	vw_line(w, "assign rmu_cmd_p_slot_i = {SB{issue}} & new_slot;");
	vw_line(w, "wire fin_ok = done & ~refused;");
	vw_line(w, "wire fin_s = fin_ok & (cmd_op_q != OP_RESTORE);  // S out: PENDING");
	vw_line(w, "wire fin_p = fin_ok & (cmd_op_q != OP_EVICT);    // P in: DRAIN");
	vw_line(w, "wire fin_free = fin_ok & (cmd_op_q == OP_EVICT);");
	for (unsigned i = 0; i < g->NC; i++) {
		const char *li = vw_lit(lit, sizeof lit, g->CB, i);
		char iss[48], isp[48], isr[48];

		snprintf(iss, sizeof iss, "(cmd_s_q == %s)", li);
		snprintf(isp, sizeof isp, "(cmd_p_q == %s)", li);
		snprintf(isr, sizeof isr, "(r_cta == %s)", li);
		vw_line(w, "wire [2:0] st_f%u = (vt_sus & vs_oh_%u) ? S_VT : (vt_res & %s) ? S_DRAIN : "
			   "(swap & %s) ? S_RESTORING : (suspend & vs_oh_%u) ? S_SUSPENDING : "
			   "(restore & %s) ? S_RESTORING : (fin_p & %s) ? S_DRAIN : (fin_s & %s) ? S_PENDING : "
			   "(done & refused & (cmd_op_q == OP_SWAP) & %s) ? S_PENDING : (done & refused & %s) ? S_DRAIN : st_e%u;",
			i, i, isr, isr, i, isr, isp, iss, isp, iss, i);
		vw_line(w, "wire [SB-1:0] slot_f%u = ((swap | restore) & %s) ? new_slot : (fin_p & %s) ? cmd_slot_q : slot_e%u;",
			i, isr, isp, i);
		vw_line(w, "wire stl_f%u = stl_e%u & ~(fin_s & %s);", i, i, iss);
		vw_line(w, "wire rdy_f%u = rdy_e%u & ~(fin_p & %s) & ~((suspend | vt_sus) & vs_oh_%u) & ~(vt_res & %s);", i, i,
			isp, i, isr);
		vw_line(w, "wire ref_f%u = (done & refused & %s) | (ref_e%u & ~fin_p);", i, iss, i);
	}
	vw_line(w, "wire [%u:0] owner_f = (owner_e & ~({%u{fin_free}} & (%s << cs_slot))) | ({%u{fin_p}} & (%s << cmd_slot_q)) "
		   "| ({%u{restore}} & fs_oh);", g->NS - 1, g->NS, vw_lit(lit, sizeof lit, g->NS, 1), g->NS,
		vw_lit(lit2, sizeof lit2, g->NS, 1), g->NS);
	/* the vectors the ACRF side reads */
	vw_line(w, "wire [%u:0] cta_act_f;", g->NC - 1);
	vw_line(w, "wire [%u:0] cta_slot_f;", g->NC * g->SB - 1);
	vw_line(w, "wire [%u:0] drain_cand;", g->NC - 1);
	for (unsigned i = 0; i < g->NC; i++) {
		vw_line(w, "assign cta_act_f[%u] = (st_f%u == S_ACTIVE);", i, i);
		vw_line(w, "assign cta_slot_f[%u +: SB] = slot_f%u;", i * g->SB, i);
		vw_line(w, "assign drain_cand[%u] = (st_f%u == S_DRAIN);", i, i);
	}
	emit_ffs(w, "dc", "drain_cand", g->NC);
	vw_line(w, "wire drain_v_f = drain_v_q | dc_found;");
	vw_line(w, "wire [CB-1:0] drain_cta_f = drain_v_q ? drain_cta_q : %s;",
		vw_zext(z, sizeof z, "dc_idx", cfg_index_bits(g->NC), g->CB));
	vw_line(w, "wire cmd_busy_f = done ? 1'b0 : (issue | cmd_busy_q);");
	vw_line(w, "assign suspend_valid_o = suspend | vt_sus;");
	vw_line(w, "assign suspend_cta_o = {CB{suspend | vt_sus}} & s_cta;");
	vw_line(w, "assign cmd_issue_o = issue;");
	vw_line(w, "assign cmd_busy_o = cmd_busy_f;");
	vw_line(w, "assign cmd_op_o = cmd_op_q;");
}

void emit_policy(struct vw *w, const struct ft_geom *g)
{
	char a[96];

	/* the slots of the e stage as one vector, for the victim's slot */
	emit_events(w, g);
	vw_line(w, "wire [%u:0] slot_e_v;", g->NC * g->SB - 1);
	for (unsigned i = 0; i < g->NC; i++)
		vw_line(w, "assign %s = slot_e%u;", el(a, sizeof a, "slot_e_v", i, g->SB), i);
	vw_line(w, "wire [%u:0] free_l0_e = ~owner_e;", g->NS - 1);
	emit_switch(w, g);
}

/* One status-monitor update source: valid, cta, ctx, reg expressions. */
struct mq_src {
	char v[64], cta[64];
	unsigned ctx, reg;
};

static unsigned mq_sources(const struct ft_geom *g, struct mq_src *s)
{
	unsigned n = 0;

	for (unsigned e = 0; e < g->NE; e++, n++) {
		snprintf(s[n].v, sizeof s[n].v, "exit_valid_i[%u]", e);
		snprintf(s[n].cta, sizeof s[n].cta, "exit_cta_i[%u +: CB]", e * g->CB);
		s[n].ctx = CTM_NOT_LAUNCHED;
		s[n].reg = CTM_NOT_LAUNCHED;
	}
	for (unsigned l = 0; l < g->NL; l++, n++) {
		snprintf(s[n].v, sizeof s[n].v, "lok%u", l);
		snprintf(s[n].cta, sizeof s[n].cta, "launch_cta_i[%u +: CB]", l * g->CB);
		s[n].ctx = CTM_CTX_PIPELINE;
		s[n].reg = CTM_REG_ACRF;
	}
	snprintf(s[n].v, sizeof s[n].v, "fin_s");
	snprintf(s[n].cta, sizeof s[n].cta, "cmd_s_q");
	s[n].ctx = CTM_CTX_SHMEM;
	s[n++].reg = CTM_REG_PCRF;
	snprintf(s[n].v, sizeof s[n].v, "fin_p");
	snprintf(s[n].cta, sizeof s[n].cta, "cmd_p_q");
	s[n].ctx = CTM_CTX_PIPELINE;
	s[n++].reg = CTM_REG_ACRF;
	snprintf(s[n].v, sizeof s[n].v, "vt_sus");	/* never with fin_*: vt waits for no done_o */
	snprintf(s[n].cta, sizeof s[n].cta, "s_cta");
	s[n].ctx = CTM_CTX_SHMEM;
	s[n++].reg = CTM_REG_ACRF;
	snprintf(s[n].v, sizeof s[n].v, "vt_res");
	snprintf(s[n].cta, sizeof s[n].cta, "r_cta");
	s[n].ctx = CTM_CTX_PIPELINE;
	s[n++].reg = CTM_REG_ACRF;
	return n;
}

/* The update queue: held entries then this cycle's updates (in source
 * order, while there is room); the monitor takes the two oldest. */
static void emit_mq(struct vw *w, const struct ft_geom *g)
{
	static struct mq_src src[80];
	unsigned n = mq_sources(g, src);
	char lit[32], lit2[32], line[4096];

	vw_line(w, "// ---- policy: status-monitor updates ----");
	vw_line(w, "wire [%u:0] qpos_0 = mq_n_q;", g->QW - 1);
	vw_line(w, "wire ovf_0 = ovf_q;");
	for (unsigned k = 0; k < n; k++) {
		vw_line(w, "wire qacc_%u = %s & (qpos_%u < %s);", k, src[k].v, k, vw_lit(lit, sizeof lit, g->QW, g->NQ));
		{
			char qa[32], z[64];

			snprintf(qa, sizeof qa, "qacc_%u", k);
			vw_line(w, "wire [%u:0] qpos_%u = qpos_%u + %s;", g->QW - 1, k + 1, k, vw_zext(z, sizeof z, qa, 1, g->QW));
		}
		vw_line(w, "wire ovf_%u = ovf_%u | (%s & ~qacc_%u);", k + 1, k, src[k].v, k);
	}
	for (unsigned i = 0; i < g->NQ + 2; i++) {
		const char *li = vw_lit(lit, sizeof lit, g->QW, i);

		if (i >= g->NQ) {
			vw_line(w, "wire [CB-1:0] qc_%u = {CB{1'b0}};", i);
			vw_line(w, "wire [%u:0] qx_%u = {%u{1'b0}};", g->XW - 1, i, g->XW);
			vw_line(w, "wire [%u:0] qr_%u = {%u{1'b0}};", g->YW - 1, i, g->YW);
			continue;
		}
		/* a held entry, or the one update this cycle placed at i */
		vw_line(w, "wire qh_%u = (%s < mq_n_q);", i, li);
		vw_line(w, "reg [CB-1:0] qc_%u;", i);
		vw_line(w, "reg [%u:0] qx_%u;", g->XW - 1, i);
		vw_line(w, "reg [%u:0] qr_%u;", g->YW - 1, i);
		vw_open(w, "always @(*) begin");
		vw_line(w, "qc_%u = {CB{qh_%u}} & mq_cta_q[%u +: CB];", i, i, i * g->CB);
		vw_line(w, "qx_%u = {%u{qh_%u}} & mq_ctx_q[%u +: %u];", i, g->XW, i, i * g->XW, g->XW);
		vw_line(w, "qr_%u = {%u{qh_%u}} & mq_reg_q[%u +: %u];", i, g->YW, i, i * g->YW, g->YW);
		for (unsigned k = 0; k < n; k++)
			vw_line(w, "if (qacc_%u & (qpos_%u == %s)) begin qc_%u = %s; qx_%u = %s; qr_%u = %s; end", k, k, li, i,
				src[k].cta, i, vw_lit(lit2, sizeof lit2, g->XW, src[k].ctx), i,
				vw_lit(line, 64, g->YW, src[k].reg));
		vw_close(w, "end");
	}
	vw_line(w, "wire [%u:0] q_cnt = qpos_%u;", g->QW - 1, n);
	vw_line(w, "wire q_one = (q_cnt != %s);", vw_lit(lit, sizeof lit, g->QW, 0));
	vw_line(w, "wire q_two = (q_cnt > %s);", vw_lit(lit, sizeof lit, g->QW, 1));
	vw_line(w, "assign ctm_set_valid_i = {q_two, q_one};");
	vw_line(w, "assign ctm_set_cta_i = {{CB{q_two}} & qc_1, {CB{q_one}} & qc_0};");
	vw_line(w, "assign ctm_set_ctx_i = {{%u{q_two}} & qx_1, {%u{q_one}} & qx_0};", g->XW, g->XW);
	vw_line(w, "assign ctm_set_reg_i = {{%u{q_two}} & qr_1, {%u{q_one}} & qr_0};", g->YW, g->YW);
	vw_line(w, "wire [%u:0] q_taken = q_two ? %s : q_one ? %s : %s;", g->QW - 1, vw_lit(lit, sizeof lit, g->QW, 2),
		vw_lit(lit2, sizeof lit2, g->QW, 1), vw_lit(line, 64, g->QW, 0));
	vw_line(w, "wire ovf_f = ovf_%u;", n);
	vw_line(w, "assign mq_overflow_o = ovf_f;");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_line(w, "if (!rst_ni) begin mq_n_q <= {%u{1'b0}}; ovf_q <= 1'b0; end", g->QW);
	vw_line(w, "else begin mq_n_q <= q_cnt - q_taken; ovf_q <= ovf_f; end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i) begin  // payload: read only below mq_n_q, no reset");
	for (unsigned i = 0; i < g->NQ; i++) {
		vw_line(w, "mq_cta_q[%u +: CB] <= q_two ? qc_%u : q_one ? qc_%u : qc_%u;", i * g->CB, i + 2, i + 1, i);
		vw_line(w, "mq_ctx_q[%u +: %u] <= q_two ? qx_%u : q_one ? qx_%u : qx_%u;", i * g->XW, g->XW, i + 2, i + 1, i);
		vw_line(w, "mq_reg_q[%u +: %u] <= q_two ? qr_%u : q_one ? qr_%u : qr_%u;", i * g->YW, g->YW, i + 2, i + 1, i);
	}
	vw_close(w, "end");
}

void emit_policy_tail(struct vw *w, const struct ft_geom *g)
{
	char lit[32], lit2[32], z[96], a[96];
	unsigned rm = finereg_top_resident_max(g->cfg);

	vw_line(w, "// ---- policy: the drain's end, the next state ----");
	vw_line(w, "wire drained = drain_v_f & ~dw_left;");
	vw_line(w, "assign resume_valid_o = drained;");
	vw_line(w, "assign resume_cta_o = {CB{drained}} & drain_cta_f;");
	for (unsigned i = 0; i < g->NC; i++) {
		vw_line(w, "wire dd%u = drained & (drain_cta_f == %s);", i, vw_lit(lit, sizeof lit, g->CB, i));
		vw_line(w, "wire [2:0] st_d%u = dd%u ? S_ACTIVE : st_f%u;", i, i, i);
	}
	emit_mq(w, g);
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "st_q <= {%u{1'b0}}; slot_q <= {%u{1'b0}};", g->NC * 3, g->NC * g->SB);
	vw_line(w, "stl_q <= {%u{1'b0}}; rdy_q <= {%u{1'b0}}; ref_q <= {%u{1'b0}};", g->NC, g->NC, g->NC);
	vw_close(w, "end else begin");
	w->indent++;
	for (unsigned i = 0; i < g->NC; i++) {
		vw_line(w, "%s <= st_d%u;", el(a, sizeof a, "st_q", i, 3), i);
		vw_line(w, "%s <= slot_f%u;", el(a, sizeof a, "slot_q", i, g->SB), i);
		vw_line(w, "stl_q[%u] <= stl_f%u & ~dd%u; rdy_q[%u] <= rdy_f%u; ref_q[%u] <= ref_f%u;", i, i, i, i, i, i, i);
	}
	w->indent--;
	vw_line(w, "end");
	vw_close(w, "end");
	vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
	vw_open(w, "if (!rst_ni) begin");
	vw_line(w, "owner_q <= {%u{1'b0}}; resident_q <= {%u{1'b0}};", g->NS, g->RC);
	vw_line(w, "cmd_busy_q <= 1'b0; cmd_op_q <= 2'd0; cmd_s_q <= {CB{1'b0}}; cmd_p_q <= {CB{1'b0}}; "
		   "cmd_slot_q <= {SB{1'b0}};");
	vw_line(w, "drain_v_q <= 1'b0; drain_cta_q <= {CB{1'b0}};");
	vw_close(w, "end else begin");
	w->indent++;
	vw_line(w, "owner_q <= owner_f; resident_q <= resident_e;");
	vw_line(w, "cmd_busy_q <= cmd_busy_f;");
	vw_line(w, "if (issue) begin cmd_op_q <= new_op; cmd_s_q <= {CB{suspend}} & s_cta; "
		   "cmd_p_q <= {CB{restore | swap}} & r_cta; cmd_slot_q <= new_slot; end");
	vw_line(w, "drain_v_q <= drain_v_f & ~drained; drain_cta_q <= drain_cta_f;");
	w->indent--;
	vw_line(w, "end");
	vw_close(w, "end");
	vw_line(w, "// ---- policy: outputs ----");
	emit_count(w, "n_act", g->SC, g->NS, "owner_f[%u]");
	emit_count(w, "n_pend", g->RC, g->NC, "(st_d%u == S_PENDING)");
	vw_line(w, "assign n_active_o = n_act;");
	vw_line(w, "assign n_pending_o = n_pend;");
	emit_count(w, "used_q", g->SC, g->NS, "owner_q[%u]");
	vw_line(w, "wire [%u:0] rp_v;", g->NC - 1);
	for (unsigned i = 0; i < g->NC; i++)
	{
		char b2[96];

		vw_line(w, "assign rp_v[%u] = ((%s == S_PENDING) | (%s == S_VT)) & rdy_q[%u];", i, el(a, sizeof a, "st_q", i, 3),
			el(b2, sizeof b2, "st_q", i, 3), i);
	}
	vw_line(w, "wire rp_q = |rp_v;");
	vw_line(w, "wire [%u:0] free_q = %s - used_q;", g->SC - 1, vw_lit(lit, sizeof lit, g->SC, g->NS));
	emit_count(w, "nvt_q", g->SC, g->NC, "(st_q[%u*3 +: 3] == S_VT)");
	vw_line(w, "wire [%u:0] run_q = used_q - nvt_q;", g->SC - 1);
	vw_line(w, "wire [%u:0] room_q = active_max_i - run_q;", g->SC - 1);
	vw_line(w, "wire [%u:0] fsq = (run_q >= active_max_i) ? %s : (free_q < room_q) ? free_q : room_q;", g->SC - 1,
		vw_lit(lit, sizeof lit, g->SC, 0));
	vw_line(w, "wire fs_take = (fsq != %s) & RESUME_FIRST[0] & rp_q;", vw_lit(lit, sizeof lit, g->SC, 0));
	vw_line(w, "wire [%u:0] fs2 = fsq - %s;", g->SC - 1, vw_zext(z, sizeof z, "fs_take", 1, g->SC));
	vw_line(w, "assign launch_slots_o = (resident_q >= %s) ? %s : fs2;", vw_lit(lit, sizeof lit, g->RC, rm),
		vw_lit(lit2, sizeof lit2, g->SC, 0));
	vw_line(w, "assign busy_o = cmd_busy_q | drain_v_q | (|mq_n_q) | (|pipe_v_q) | (rp_q & ~cmd_busy_q);");
}
