/* emit_regvirt_top.c: Verilog of regvirt_top, the regvirt register-file
 * subsystem (common/regvirt_top_desc.h has the boundary, cmodel/regvirt_top.c
 * the model it mirrors).
 *
 *   submodules  rename_table and release_flag_cache on the top's
 *               configuration, rf_banked on regvirt_top_rf_cfg() (a warp
 *               slot per bank index, one register per bank), each emitted
 *               by its own emitter (gen/emit_compose.h); one wire per
 *               submodule port, <prefix>_<port name>
 *   wiring      regvirt_top_wiring as assigns (shared with the model)
 *   glue        issue ports -> flag-cache probe, fill and read ports and
 *               the release flags back; physical register ids -> the
 *               file's {warp slot, register}; the throttle's suspend
 *               vector; CTA control (slots, control queue, sweeps); the
 *               rename queue and the rename ports' choice (flops, mirrored
 *               by cmodel/regvirt_top.c). */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "emit_compose.h"
#include "emit_lib.h"
#include "regvirt_top_desc.h"
#include "release_flag_cache_desc.h"
#include "rf_banked_desc.h"
#include "vwriter.h"

static const char *const prefix[3] = {"rt", "fc", "rf"};

struct rvt_geom {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct emit_compose ec;
	struct gpurf_cfg rf_cfg;
	struct module_desc sub[3];
	const struct gpurf_cfg *cfgs[3];
	unsigned ip, nr, slots, fw, nc, nwp, iw, bb, rw, ctw, rfc_pc_w, rfc_slot_w, tww, wpcw, ptw, cnw, sumw, fsw;
	unsigned np, nq, nl, arw, ew, qcw, prw, lcw, psw;	/* rename queue */
};

static void mark_glue(struct rvt_geom *g)
{
	static const unsigned fc_in[] = {RFLAG_PROBE_VALID_I, RFLAG_PROBE_PC_I, RFLAG_FILL_VALID_I, RFLAG_FILL_PC_I,
					 RFLAG_FILL_FLAGS_I, RFLAG_RD_VALID_I, RFLAG_RD_PC_I, RFLAG_RD_SLOT_I};
	static const unsigned rf_in[] = {RFB_RD_WARP_I, RFB_RD_REG_I, RFB_WR_WARP_I, RFB_WR_REG_I};
	static const unsigned rt_in[] = {RT_WL_VALID_I, RT_WL_WARP_I, RT_WL_CTA_I, RT_EXIT_VALID_I, RT_EXIT_WARP_I,
					 RT_EXIT_SPILL_I, RT_EXIT_KEEP_I,
					 RT_REN_VALID_I, RT_REN_WARP_I, RT_REN_SRC_VALID_I, RT_REN_SRC_I,
					 RT_REN_REL_I, RT_REN_DST_VALID_I, RT_REN_DST_I};

	emit_compose_glue(&g->ec, RVT_U_FC, fc_in, sizeof fc_in / sizeof fc_in[0]);
	emit_compose_glue(&g->ec, RVT_U_RF, rf_in, sizeof rf_in / sizeof rf_in[0]);
	emit_compose_glue(&g->ec, RVT_U_RT, rt_in, sizeof rt_in / sizeof rt_in[0]);
}

/* Issue ports -> the flag cache's probe (first pir start), read ports (the
 * first RFC_PORTS issues whose slot the cache holds, in port order) and
 * fill (first pir start that did not hit); the flags back. */
static void emit_flags(struct vw *w, const struct rvt_geom *g)
{
	unsigned rkw = cfg_index_bits(g->ip + 1u);
	char fmt[64], lit[32];

	vw_line(w, "// ---- issue ports -> release-flag cache ----");
	vw_line(w, "wire [ISSUE_PORTS-1:0] pstart = iss_pir_i & iss_starts_i;  // pir starts: fetch probe");
	emit_first_one(w, "probe_oh", "pstart", g->ip);
	vw_line(w, "assign fc_probe_valid_i = |pstart;");
	emit_and_or(w, "assign fc_probe_pc_i", g->ip, g->rfc_pc_w, "probe_oh[%u]", "iss_pc_i[%u*PC_W +: PC_W]");
	vw_line(w, "assign iss_probe_hit_o = probe_oh & {ISSUE_PORTS{fc_probe_hit_o}};");
	vw_line(w, "// fill: the first pir start whose probe did not hit");
	vw_line(w, "wire [ISSUE_PORTS-1:0] fcand = pstart & ~iss_probe_hit_o;");
	emit_first_one(w, "fill_oh", "fcand", g->ip);
	vw_line(w, "assign fc_fill_valid_i = |fcand;");
	emit_and_or(w, "assign fc_fill_pc_i", g->ip, g->rfc_pc_w, "fill_oh[%u]", "iss_pc_i[%u*PC_W +: PC_W]");
	emit_and_or(w, "assign fc_fill_flags_i", g->ip, g->fw, "fill_oh[%u]", "iss_payload_i[%u*PAYLOAD_W +: PAYLOAD_W]");
	vw_line(w, "// select-stage reads: issue k takes read port rank_k (the eligible issues before it)");
	vw_line(w, "wire [ISSUE_PORTS-1:0] elig;");
	for (unsigned k = 0; k < g->ip; k++)
		vw_line(w, "assign elig[%u] = iss_pir_i[%u] & (iss_slot_i[%u*SLOT_W +: SLOT_W] < %s);", k, k, k,
			vw_lit(lit, sizeof lit, RVT_SLOT_BITS, g->slots));
	for (unsigned k = 0; k < g->ip; k++) {
		if (k)
			vw_line(w, "wire [%u:0] rank_%u = rank_%u + {%s, elig[%u]};", rkw - 1u, k, k - 1u,
				rkw > 1 ? vw_lit(lit, sizeof lit, rkw - 1u, 0) : "", k - 1u);
		else
			vw_line(w, "wire [%u:0] rank_0 = %s;", rkw - 1u, vw_lit(lit, sizeof lit, rkw, 0));
		vw_line(w, "wire [RFC_PORTS-1:0] rsel_%u;  // issue %u's read port, one-hot", k, k);
		for (unsigned j = 0; j < g->nr; j++)
			vw_line(w, "assign rsel_%u[%u] = elig[%u] & (rank_%u == %s);", k, j, k, k, vw_lit(lit, sizeof lit, rkw, j));
	}
	for (unsigned j = 0; j < g->nr; j++) {
		char line[1024];
		size_t used = (size_t)snprintf(line, sizeof line, "assign fc_rd_valid_i[%u] =", j);

		for (unsigned k = 0; k < g->ip; k++)
			used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0, "%s rsel_%u[%u]",
						 k ? " |" : "", k, j);
		snprintf(line + used, used < sizeof line ? sizeof line - used : 0, ";");
		vw_line(w, "%s", line);
		snprintf(fmt, sizeof fmt, "rsel_%%u[%u]", j);
		snprintf(line, sizeof line, "assign fc_rd_pc_i[%u*PC_W +: PC_W]", j);
		emit_and_or(w, line, g->ip, g->rfc_pc_w, fmt, "iss_pc_i[%u*PC_W +: PC_W]");
		snprintf(line, sizeof line, "assign fc_rd_slot_i[%u*RFC_SLOT_W +: RFC_SLOT_W]", j);
		emit_and_or(w, line, g->ip, g->rfc_slot_w, fmt, "iss_slot_i[%u*SLOT_W +: RFC_SLOT_W]");
	}
	for (unsigned k = 0; k < g->ip; k++) {
		char decl[64];

		vw_line(w, "wire cached_%u = |(rsel_%u & fc_rd_hit_o);", k, k);
		snprintf(fmt, sizeof fmt, "rsel_%u[%%u]", k);
		snprintf(decl, sizeof decl, "wire [2:0] cflags_%u", k);
		emit_and_or(w, decl, g->nr, 3, fmt, "fc_rd_flags_o[%u*3 +: 3]");
		vw_line(w, "assign iss_cached_o[%u] = cached_%u;", k, k);
		vw_line(w, "assign iss_rel_o[%u*3 +: 3] = cached_%u ? cflags_%u : iss_rel_i[%u*3 +: 3];", k, k, k, k);
	}
	vw_blank(w);
}

/* The file's address of a physical register {bank, index}: warp slot
 * index, register (bank - index) mod banks (bank_map 0) or bank. */
static void emit_addr(struct vw *w, const struct rvt_geom *g, const char *dir, unsigned n)
{
	char reg[128], diff[96], lit[32];

	for (unsigned p = 0; p < n; p++) {
		vw_line(w, "wire [PID_W-1:0] %s_pid_%u = %s_pid_i[%u*PID_W +: PID_W];", dir, p, dir, p);
		vw_line(w, "assign rf_%s_warp_i[%u*IDX_W +: IDX_W] = {IDX_W{%s_req_i[%u]}} & %s_pid_%u[IDX_W-1:0];", dir, p,
			dir, p, dir, p);
		if (!g->bb) {
			vw_line(w, "assign rf_%s_reg_i[%u*%u +: %u] = %s;  // one bank", dir, p, g->rw, g->rw,
				vw_lit(lit, sizeof lit, g->rw, 0));
			continue;
		}
		if (g->cfg->bank_map == BANK_MAP_REG_PLUS_WARP)
			snprintf(diff, sizeof diff, "(%s_pid_%u[PID_W-1:IDX_W] - %s_pid_%u[%u:0])", dir, p, dir, p, g->bb - 1u);
		else
			snprintf(diff, sizeof diff, "%s_pid_%u[PID_W-1:IDX_W]", dir, p);
		vw_line(w, "assign rf_%s_reg_i[%u*%u +: %u] = {%u{%s_req_i[%u]}} & %s;", dir, p, g->rw, g->rw, g->rw, dir, p,
			vw_zext(reg, sizeof reg, diff, g->bb, g->rw));
	}
}

static void emit_file(struct vw *w, const struct rvt_geom *g)
{
	vw_line(w, "// ---- physical register ids -> the file's {warp slot, register} ----");
	emit_addr(w, g, "rd", g->nc);
	emit_addr(w, g, "wr", g->nwp);
	vw_blank(w);
}

/* The control queue's entries, the head and the table's warp launch or
 * exit sweep. */
static void emit_ctl_head(struct vw *w, const struct rvt_geom *g)
{
	unsigned T = g->cfg->ctas, D = 2u * T;
	char lit[32], a[64], b[64], c[64];

	vw_line(w, "// ---- CTA control: slots, the control queue (CTA events, in order), the sweep ----");
	vw_line(w, "reg [WPCW-1:0] wpc_q;  // warps per CTA (kernel launch)");
	for (unsigned i = 0; i < D; i++)
		vw_line(w, "reg f_exit_q_%u;  reg [CTW-1:0] f_ct_q_%u;  // entry %u: exit (1) or launch, its slot", i, i, i);
	vw_line(w, "reg [PTW-1:0] head_q;");
	vw_line(w, "reg [CNW-1:0] cnt_q;");
	vw_line(w, "reg [WPCW-1:0] k_q;  // the head entry's next warp");
	vw_line(w, "reg [NUM_CTAS-1:0] used_q, live_q;");
	for (unsigned ct = 0; ct < T; ct++)
		vw_line(w, "reg [WPCW-1:0] sweeps_q_%u;  // sweeps still to run before slot %u is free", ct, ct);
	vw_line(w, "reg sweeping_q;");
	vw_line(w, "reg [CTW-1:0] sweep_ct_q;");
	vw_line(w, "reg [NUM_WARPS-1:0] launched_q;");
	vw_line(w, "wire end_s = sweeping_q & ~rt_sweep_busy_o;  // the sweep presented earlier has ended");
	vw_line(w, "wire [NUM_CTAS-1:0] sweep_oh;");
	for (unsigned ct = 0; ct < T; ct++)
		vw_line(w, "assign sweep_oh[%u] = (sweep_ct_q == %s);", ct, vw_lit(lit, sizeof lit, g->ctw, ct));
	emit_and_or(w, "wire [WPCW-1:0] sweeps_cur", T, g->wpcw, "sweep_oh[%u]", "sweeps_q_%u");
	vw_line(w, "wire last_s = end_s & (sweeps_cur == %s);", vw_lit(lit, sizeof lit, g->wpcw, 1));
	vw_line(w, "wire [DEPTH-1:0] head_oh;");
	for (unsigned i = 0; i < D; i++)
		vw_line(w, "assign head_oh[%u] = (head_q == %s);", i, vw_lit(lit, sizeof lit, g->ptw, i));
	vw_line(w, "wire h_valid = |cnt_q;");
	emit_and_or(w, "wire h_exit", D, 1, "head_oh[%u]", "f_exit_q_%u");
	emit_and_or(w, "wire [CTW-1:0] h_ct", D, g->ctw, "head_oh[%u]", "f_ct_q_%u");
	vw_line(w, "// table warp of the head: slot x warps per CTA + warp, below NUM_WARPS");
	vw_line(w, "wire [TWW-1:0] h_tw = %s * %s + %s;", vw_zext(a, sizeof a, "h_ct", g->ctw, g->tww),
		g->wpcw >= g->tww ? "wpc_q[TWW-1:0]" : vw_zext(b, sizeof b, "wpc_q", g->wpcw, g->tww),
		g->wpcw >= g->tww ? "k_q[TWW-1:0]" : vw_zext(c, sizeof c, "k_q", g->wpcw, g->tww));
	if (g->wpcw > g->tww)
		vw_line(w, "wire [WPCW-TWW-1:0] wpc_hi_unused = wpc_q[WPCW-1:TWW] | k_q[WPCW-1:TWW];");
	vw_line(w, "wire go_wl = h_valid & ~h_exit;");
	vw_line(w, "wire [NUM_WARPS-1:0] chunk_busy;  // the warp has a rename chunk (rename queue, below)");
	vw_line(w, "wire [NUM_WARPS-1:0] exit_wait = free_pending_i | chunk_busy;");
	vw_line(w, "wire go_ex = h_valid & h_exit & ~rt_sweep_busy_o & ~exit_wait[h_tw];");
	vw_line(w, "wire go = go_wl | go_ex;");
	vw_line(w, "wire pop = go & (k_q + %s == wpc_q);", vw_lit(lit, sizeof lit, g->wpcw, 1));
	vw_line(w, "assign rt_wl_valid_i = go_wl;");
	vw_line(w, "assign rt_wl_warp_i = {TWW{go_wl}} & h_tw;");
	vw_line(w, "assign rt_wl_cta_i = {CTW{go_wl}} & h_ct;");
	vw_line(w, "// a spill sweep takes the sweep port when no sweep runs and no exit sweep asks");
	vw_line(w, "wire go_sp = spill_valid_i & ~rt_sweep_busy_o & ~go_ex;");
	vw_line(w, "assign spill_ack_o = go_sp;");
	vw_line(w, "assign rt_exit_valid_i = go_ex | go_sp;");
	vw_line(w, "assign rt_exit_warp_i = ({TWW{go_ex}} & h_tw) | ({TWW{go_sp}} & spill_warp_i);");
	vw_line(w, "assign rt_exit_spill_i = go_sp;");
	vw_line(w, "assign rt_exit_keep_i = {%u{go_sp}} & spill_keep_i;", g->sub[RVT_U_RT].ports[RT_EXIT_KEEP_I].elem_width);
	vw_blank(w);
}

/* CTA events: each launch takes the next free slot (a slot whose last
 * sweep ends now counts), every event is pushed in order at head + count
 * + the pushes before it. */
static void emit_ctl_events(struct vw *w, const struct rvt_geom *g)
{
	unsigned T = g->cfg->ctas, D = 2u * T;
	char lit[32], lit2[32], nm[64], vec[64], z1[96], z2[96], z3[96];

	vw_line(w, "wire [NUM_CTAS-1:0] avail_0 = ~used_q | ({NUM_CTAS{last_s}} & sweep_oh);");
	vw_line(w, "wire [CNW-1:0] npre_0 = %s;", vw_lit(lit, sizeof lit, g->cnw, 0));
	for (unsigned e = 0; e < T; e++) {
		vw_line(w, "wire lch_%u = cev_valid_i[%u] & ~cev_exit_i[%u];", e, e, e);
		snprintf(nm, sizeof nm, "first_%u", e);
		snprintf(vec, sizeof vec, "avail_%u", e);
		emit_first_one(w, nm, vec, T);
		vw_line(w, "wire [NUM_CTAS-1:0] pick_%u = first_%u & {NUM_CTAS{lch_%u}};", e, e, e);
		if (e + 1u < T)
			vw_line(w, "wire [NUM_CTAS-1:0] avail_%u = avail_%u & ~pick_%u;", e + 1u, e, e);
		snprintf(nm, sizeof nm, "slot_%u", e);
		snprintf(vec, sizeof vec, "pick_%u", e);
		emit_onehot_index(w, nm, vec, T, g->ctw);
		vw_line(w, "assign cev_slot_o[%u*CTW +: CTW] = slot_%u;", e, e);
		vw_line(w, "wire push_%u = cev_valid_i[%u] & (cev_exit_i[%u] | (|pick_%u));", e, e, e, e);
		vw_line(w, "wire ex_%u = cev_valid_i[%u] & cev_exit_i[%u];", e, e, e);
		vw_line(w, "wire [CTW-1:0] pct_%u = ex_%u ? cev_slot_i[%u*CTW +: CTW] : slot_%u;", e, e, e, e);
		snprintf(nm, sizeof nm, "push_%u", e);
		vw_line(w, "wire [CNW-1:0] npre_%u = npre_%u + %s;", e + 1u, e, vw_zext(z1, sizeof z1, nm, 1, g->cnw));
		vw_line(w, "wire [SUMW-1:0] sum_%u = %s + %s + %s;", e, vw_zext(z1, sizeof z1, "head_q", g->ptw, g->sumw),
			vw_zext(z2, sizeof z2, "cnt_q", g->cnw, g->sumw),
			(snprintf(nm, sizeof nm, "npre_%u", e), vw_zext(z3, sizeof z3, nm, g->cnw, g->sumw)));
		vw_line(w, "wire [SUMW-1:0] pos_%u = sum_%u >= %s ? sum_%u - %s : sum_%u >= %s ? sum_%u - %s : sum_%u;", e, e,
			vw_lit(lit, sizeof lit, g->sumw, 2u * D), e, vw_lit(lit, sizeof lit, g->sumw, 2u * D), e,
			vw_lit(lit2, sizeof lit2, g->sumw, D), e, vw_lit(lit2, sizeof lit2, g->sumw, D), e);
	}
	vw_line(w, "// entry i is written by the event pushed at position i");
	for (unsigned i = 0; i < D; i++) {
		char line[2048];
		size_t used = (size_t)snprintf(line, sizeof line, "wire [NUM_CTAS-1:0] wsel_%u = {", i);

		for (unsigned e = T; e-- > 0;)
			used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0,
						 "push_%u & (pos_%u == %s)%s", e, e, vw_lit(lit, sizeof lit, g->sumw, i),
						 e ? ", " : "};");
		vw_line(w, "%s", line);
		snprintf(vec, sizeof vec, "wire [CTW-1:0] wct_%u", i);
		snprintf(nm, sizeof nm, "wsel_%u[%%u]", i);
		emit_and_or(w, vec, T, g->ctw, nm, "pct_%u");
		emit_and_or(w, (snprintf(z1, sizeof z1, "wire wex_%u", i), z1), T, 1, nm, "ex_%u");
		vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
		vw_line(w, "if (!rst_ni) begin f_exit_q_%u <= 1'b0; f_ct_q_%u <= {CTW{1'b0}}; end", i, i);
		vw_line(w, "else if (|wsel_%u) begin f_exit_q_%u <= wex_%u; f_ct_q_%u <= wct_%u; end", i, i, i, i, i);
		vw_close(w, "end");
	}
	vw_blank(w);
}

/* The head, slot, sweep and launched flops; the control outputs and the
 * throttle's suspension of the live slots but the favoured one. */
static void emit_ctl_state(struct vw *w, const struct rvt_geom *g)
{
	unsigned T = g->cfg->ctas, D = 2u * T;
	char lit[32], lit2[32], z[96], line[4096];
	size_t used;

	vw_line(w, "wire [PTW-1:0] head_nx = (head_q == %s) ? {PTW{1'b0}} : head_q + %s;",
		vw_lit(lit, sizeof lit, g->ptw, D - 1u), vw_lit(lit2, sizeof lit2, g->ptw, 1));
	emit_flop(w, "wpc_q", "launch_i ? launch_wpc_i : wpc_q", "{WPCW{1'b0}}");
	emit_flop(w, "head_q", "pop ? head_nx : head_q", "{PTW{1'b0}}");
	snprintf(line, sizeof line, "cnt_q - %s + npre_%u", vw_zext(z, sizeof z, "pop", 1, g->cnw), T);
	emit_flop(w, "cnt_q", line, "{CNW{1'b0}}");
	snprintf(line, sizeof line, "go ? (pop ? %s : k_q + %s) : k_q", vw_lit(lit, sizeof lit, g->wpcw, 0),
		 vw_lit(lit2, sizeof lit2, g->wpcw, 1));
	emit_flop(w, "k_q", line, "{WPCW{1'b0}}");
	emit_flop(w, "sweeping_q", "go_ex | (sweeping_q & ~end_s)", "1'b0");
	emit_flop(w, "sweep_ct_q", "go_ex ? h_ct : sweep_ct_q", "{CTW{1'b0}}");
	vw_line(w, "wire [NUM_CTAS-1:0] exit_hit, lch_hit;");
	for (unsigned ct = 0; ct < T; ct++) {
		used = (size_t)snprintf(line, sizeof line, "assign exit_hit[%u] =", ct);
		for (unsigned e = 0; e < T; e++)
			used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0,
						 "%s (ex_%u & (cev_slot_i[%u*CTW +: CTW] == %s))", e ? " |" : "", e, e,
						 vw_lit(lit, sizeof lit, g->ctw, ct));
		snprintf(line + used, used < sizeof line ? sizeof line - used : 0, ";");
		vw_line(w, "%s", line);
		used = (size_t)snprintf(line, sizeof line, "assign lch_hit[%u] =", ct);
		for (unsigned e = 0; e < T; e++)
			used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0, "%s pick_%u[%u]",
						 e ? " |" : "", e, ct);
		snprintf(line + used, used < sizeof line ? sizeof line - used : 0, ";");
		vw_line(w, "%s", line);
		vw_open(w, "always @(posedge clk_i or negedge rst_ni) begin");
		vw_line(w, "if (!rst_ni) sweeps_q_%u <= {WPCW{1'b0}};", ct);
		vw_line(w, "else if (exit_hit[%u]) sweeps_q_%u <= wpc_q;", ct, ct);
		vw_line(w, "else if (end_s & sweep_oh[%u]) sweeps_q_%u <= sweeps_q_%u - %s;", ct, ct, ct,
			vw_lit(lit, sizeof lit, g->wpcw, 1));
		vw_close(w, "end");
	}
	emit_flop(w, "used_q", "(used_q & ~({NUM_CTAS{last_s}} & sweep_oh)) | lch_hit", "{NUM_CTAS{1'b0}}");
	emit_flop(w, "live_q", "(live_q & ~exit_hit) | lch_hit", "{NUM_CTAS{1'b0}}");
	vw_line(w, "// a table warp is launched from its warp launch to its exit sweep");
	vw_line(w, "wire [NUM_WARPS-1:0] tw_oh = %s << h_tw;", vw_lit(lit, sizeof lit, g->cfg->warps, 1));
	emit_flop(w, "launched_q", "(launched_q & ~({NUM_WARPS{go_ex}} & tw_oh)) | ({NUM_WARPS{go_wl}} & tw_oh)",
		  "{NUM_WARPS{1'b0}}");
	vw_line(w, "assign launched_o = launched_q;");
	used = (size_t)snprintf(line, sizeof line, "assign free_slots_o =");
	for (unsigned ct = 0; ct < T; ct++) {
		snprintf(z, sizeof z, "~used_q[%u]", ct);
		used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0, "%s {%u'd0, %s}",
					 ct ? " +" : "", g->fsw - 1u, z);
	}
	snprintf(line + used, used < sizeof line ? sizeof line - used : 0, ";");
	if (g->fsw > 1)
		vw_line(w, "%s", line);
	else
		vw_line(w, "assign free_slots_o = ~used_q[0];");
	vw_line(w, "assign ctl_busy_o = (|cnt_q) | sweeping_q;");
	vw_line(w, "assign sweeping_o = sweeping_q & rt_sweep_busy_o;");
	vw_blank(w);
	vw_line(w, "// ---- GPU-shrink throttle: every live CTA slot but the favoured one waits ----");
	for (unsigned ct = 0; ct < T; ct++)
		vw_line(w, "assign cta_susp_o[%u] = rt_throttle_o & live_q[%u] & (rt_throttle_cta_o != %s);", ct, ct,
			vw_lit(lit, sizeof lit, g->ctw, ct));
	vw_blank(w);
}

/* The rename queue's entries and first-of-warp chain, the rename ports'
 * choice (free ports, in port order, take the eligible entries in queue
 * order) and the chunks they present to the table. */
static void emit_rq_choice(struct vw *w, const struct rvt_geom *g)
{
	unsigned Q = g->nq, NP = g->np, W = g->cfg->warps;
	char lit[32], nm[64], fmt[64], z[96];

	vw_line(w, "// ---- rename queue: chunks wait for a rename port (entries 0 .. count-1, oldest first) ----");
	vw_line(w, "reg [Q*EW-1:0] rq_q;");
	vw_line(w, "reg [QCW-1:0] rq_cnt_q;");
	vw_line(w, "reg [NP*EW-1:0] held_q;  // a port's chunk not renamed yet (ren_ready_o was 0)");
	vw_line(w, "reg [NP-1:0] held_v_q;");
	vw_line(w, "wire [Q-1:0] rq_v, rq_elig;");
	vw_line(w, "wire [NUM_WARPS-1:0] held_oh, out_oh;  // warps in a port; renamed last cycle");
	for (unsigned p = 0; p < NP; p++) {
		vw_line(w, "wire [NUM_WARPS-1:0] hoh_%u = {NUM_WARPS{held_v_q[%u]}} & (%s << held_q[%u*EW +: TWW]);", p, p,
			vw_lit(lit, sizeof lit, W, 1), p);
		vw_line(w, "wire [NUM_WARPS-1:0] ooh_%u = {NUM_WARPS{rt_out_valid_o[%u]}} & (%s << rt_out_warp_o[%u*TWW +: TWW]);",
			p, p, vw_lit(lit, sizeof lit, W, 1), p);
	}
	emit_and_or(w, "assign held_oh", NP, W, "1'b1", "hoh_%u");
	emit_and_or(w, "assign out_oh", NP, W, "1'b1", "ooh_%u");
	vw_line(w, "// eligible: queued, the warp's oldest (no older entry of it: seen), launched, none in a port");
	vw_line(w, "wire [NUM_WARPS-1:0] seen_0 = {NUM_WARPS{1'b0}};");
	vw_line(w, "wire [PRW-1:0] ec_0 = {PRW{1'b0}};  // eligible entries before, up to NP");
	for (unsigned i = 0; i < Q; i++) {
		vw_line(w, "wire [EW-1:0] rq_e_%u = rq_q[%u*EW +: EW];", i, i);
		vw_line(w, "wire [NUM_WARPS-1:0] woh_%u = %s << rq_e_%u[TWW-1:0];", i, vw_lit(lit, sizeof lit, W, 1), i);
		vw_line(w, "assign rq_v[%u] = rq_cnt_q > %s;", i, vw_lit(lit, sizeof lit, g->qcw, i));
		vw_line(w, "assign rq_elig[%u] = rq_v[%u] & ~(|(seen_%u & woh_%u)) & (|(launched_q & woh_%u)) & ~(|(held_oh & woh_%u));",
			i, i, i, i, i, i);
		vw_line(w, "wire [NUM_WARPS-1:0] seen_%u = seen_%u | ({NUM_WARPS{rq_v[%u]}} & woh_%u);", i + 1u, i, i, i);
		if (i + 1u == Q)
			continue;
		snprintf(nm, sizeof nm, "rq_elig[%u]", i);
		vw_line(w, "wire [PRW-1:0] ec_%u = (ec_%u == %s) ? ec_%u : ec_%u + %s;", i + 1u, i, vw_lit(lit, sizeof lit, g->prw, NP),
			i, i, vw_zext(z, sizeof z, nm, 1, g->prw));
	}
	vw_line(w, "// free port p takes the eligible entry whose rank is the free ports before p");
	vw_line(w, "wire [PRW-1:0] rk_0 = {PRW{1'b0}};");
	for (unsigned p = 0; p < NP; p++) {
		snprintf(nm, sizeof nm, "{~held_v_q[%u]}", p);
		if (p + 1u < NP)
			vw_line(w, "wire [PRW-1:0] rk_%u = rk_%u + %s;", p + 1u, p, vw_zext(z, sizeof z, nm, 1, g->prw));
		vw_line(w, "wire [Q-1:0] take_%u;", p);
		for (unsigned i = 0; i < Q; i++)
			vw_line(w, "assign take_%u[%u] = ~held_v_q[%u] & rq_elig[%u] & (ec_%u == rk_%u);", p, i, p, i, i, p);
		snprintf(fmt, sizeof fmt, "take_%u[%%u]", p);
		snprintf(nm, sizeof nm, "wire [EW-1:0] sel_%u", p);
		emit_and_or(w, nm, Q, g->ew, fmt, "rq_e_%u");
		vw_line(w, "wire ren_v_%u = held_v_q[%u] | (|take_%u);", p, p, p);
		vw_line(w, "wire [EW-1:0] ren_e_%u = held_v_q[%u] ? held_q[%u*EW +: EW] : sel_%u;", p, p, p, p);
		vw_line(w, "assign ren_valid_o[%u] = ren_v_%u;", p, p);
		vw_line(w, "assign rt_ren_valid_i[%u] = ren_v_%u;", p, p);
		vw_line(w, "assign rt_ren_warp_i[%u*TWW +: TWW] = ren_e_%u[TWW-1:0];", p, p);
		vw_line(w, "assign rt_ren_src_valid_i[%u*SRCS +: SRCS] = ren_e_%u[E_SV +: SRCS];", p, p);
		vw_line(w, "assign rt_ren_src_i[%u*SRCS*ARW +: SRCS*ARW] = ren_e_%u[E_SRC +: SRCS*ARW];", p, p);
		vw_line(w, "assign rt_ren_rel_i[%u*SRCS +: SRCS] = ren_e_%u[E_REL +: SRCS];", p, p);
		vw_line(w, "assign rt_ren_dst_valid_i[%u] = ren_e_%u[E_DV];", p, p);
		vw_line(w, "assign rt_ren_dst_i[%u*ARW +: ARW] = ren_e_%u[E_DST +: ARW];", p, p);
	}
	vw_line(w, "// a warp's exit waits for its chunks: queued, in a port, renamed last cycle");
	vw_line(w, "assign chunk_busy = seen_%u | held_oh | out_oh;", Q);
	vw_line(w, "assign rq_count_o = rq_cnt_q;");
	vw_line(w, "assign rq_busy_o = (|rq_cnt_q) | (|held_v_q) | (|rt_out_valid_o);");
	vw_blank(w);
}

/* The queue at the edge: the taken entries leave (the rest close up:
 * entry i moves down by the taken ones before it), the pushed lanes enter
 * behind them in lane order (past the last entry: lost); a port whose
 * chunk was not renamed holds it. */
static void emit_rq_update(struct vw *w, const struct rvt_geom *g)
{
	unsigned Q = g->nq, NP = g->np, L = g->nl;
	char lit[32], nm[64], z[96], z2[96], line[1024];

	vw_line(w, "wire [Q-1:0] gone =");
	for (unsigned p = 0; p < NP; p++)
		vw_line(w, "  take_%u%s", p, p + 1u < NP ? " |" : ";");
	vw_line(w, "wire [PRW-1:0] rb_0 = {PRW{1'b0}};  // taken entries before");
	for (unsigned i = 0; i < Q; i++) {
		snprintf(nm, sizeof nm, "gone[%u]", i);
		vw_line(w, "wire [PRW-1:0] rb_%u = rb_%u + %s;", i + 1u, i, vw_zext(z, sizeof z, nm, 1, g->prw));
	}
	vw_line(w, "wire [QCW-1:0] base = rq_cnt_q - %s;  // the entries that stay", vw_zext(z, sizeof z, (snprintf(nm, sizeof nm, "rb_%u", Q), nm), g->prw, g->qcw));
	vw_line(w, "wire [LCW-1:0] lp_0 = {LCW{1'b0}};  // pushed lanes before");
	for (unsigned l = 0; l < L; l++) {
		snprintf(nm, sizeof nm, "push_valid_i[%u]", l);
		vw_line(w, "wire [LCW-1:0] lp_%u = lp_%u + %s;", l + 1u, l, vw_zext(z, sizeof z, nm, 1, g->lcw));
		vw_line(w, "wire [EW-1:0] lane_%u = {push_dst_i[%u*ARW +: ARW], push_dst_valid_i[%u], push_rel_i[%u*SRCS +: SRCS], "
			"push_src_i[%u*SRCS*ARW +: SRCS*ARW], push_src_valid_i[%u*SRCS +: SRCS], push_warp_i[%u*TWW +: TWW]};",
			l, l, l, l, l, l, l);
		snprintf(nm, sizeof nm, "lp_%u", l);
		vw_line(w, "wire [PSW-1:0] lpos_%u = %s + %s;", l, vw_zext(z, sizeof z, "base", g->qcw, g->psw),
			vw_zext(z2, sizeof z2, nm, g->lcw, g->psw));
		vw_line(w, "wire [Q-1:0] ldst_%u;  // the entry lane %u enters (none past the last)", l, l);
		{
			char inst[32], en[32], idx[32], out[32];

			snprintf(inst, sizeof inst, "u_ldst_%u", l);
			snprintf(en, sizeof en, "push_valid_i[%u]", l);
			snprintf(idx, sizeof idx, "lpos_%u", l);
			snprintf(out, sizeof out, "ldst_%u", l);
			emit_cell_inst(w, CELL_DECODE, inst, (const char *const[]){"N", "Q", "IDX_W", "PSW", NULL},
				       (const char *const[]){"en_i", en, "idx_i", idx, "onehot_o", out, NULL});
		}
	}
	vw_line(w, "wire [RENAME_LANES*EW-1:0] lanes = {");
	for (unsigned l = L; l-- > 0;)
		vw_line(w, "  lane_%u%s", l, l ? "," : "};");
	vw_line(w, "wire [PSW-1:0] total = %s + %s;", vw_zext(z, sizeof z, "base", g->qcw, g->psw),
		vw_zext(z2, sizeof z2, (snprintf(nm, sizeof nm, "lp_%u", L), nm), g->lcw, g->psw));
	vw_line(w, "wire [PSW-1:0] q_lim = %s;", vw_lit(lit, sizeof lit, g->psw, Q));
	vw_line(w, "wire [PSW-1:0] cnt_nx = (total > q_lim) ? q_lim : total;");
	if (g->psw > g->qcw)
		vw_line(w, "wire [PSW-QCW-1:0] cnt_nx_hi_unused = cnt_nx[PSW-1:QCW];");
	vw_line(w, "wire [Q*EW-1:0] rq_d;");
	vw_line(w, "wire [Q*RENAME_LANES-1:0] lsel;  // entry e takes lane l: lsel[e*RENAME_LANES + l]");
	vw_line(w, "wire [Q*EW-1:0] rq_in;  // entry e's pushed lane (zero when none)");
	emit_cell_inst(w, CELL_XBAR_ONEHOT, "u_push",
		       (const char *const[]){"N_IN", "RENAME_LANES", "N_OUT", "Q", "W", "EW", NULL},
		       (const char *const[]){"data_i", "lanes", "sel_i", "lsel", "data_o", "rq_in", NULL});
	for (unsigned e = 0; e < Q; e++) {
		unsigned nk = NP + 1u < Q - e ? NP + 1u : Q - e;
		size_t used;

		vw_line(w, "wire [%u:0] mv_%u;  // old entry %u + k moves here", nk - 1u, e, e);
		for (unsigned k = 0; k < nk; k++)
			vw_line(w, "assign mv_%u[%u] = rq_v[%u] & ~gone[%u] & (rb_%u == %s);", e, k, e + k, e + k, e + k,
				vw_lit(lit, sizeof lit, g->prw, k));
		used = (size_t)snprintf(line, sizeof line, "wire [EW-1:0] stay_%u =", e);
		for (unsigned k = 0; k < nk; k++)
			used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0,
						 "%s ({EW{mv_%u[%u]}} & rq_e_%u)", k ? " |" : "", e, k, e + k);
		snprintf(line + used, used < sizeof line ? sizeof line - used : 0, ";");
		vw_line(w, "%s", line);
		used = (size_t)snprintf(line, sizeof line, "wire [RENAME_LANES-1:0] lsel_%u = {", e);
		for (unsigned l = L; l-- > 0;)
			used += (size_t)snprintf(line + used, used < sizeof line ? sizeof line - used : 0, "ldst_%u[%u]%s", l, e,
						 l ? ", " : "};");
		vw_line(w, "%s", line);
		vw_line(w, "assign lsel[%u*RENAME_LANES +: RENAME_LANES] = lsel_%u;", e, e);
		vw_line(w, "wire [EW-1:0] in_%u = rq_in[%u*EW +: EW];", e, e);
		vw_line(w, "assign rq_d[%u*EW +: EW] = (|mv_%u) ? stay_%u : (|lsel_%u) ? in_%u : rq_e_%u;", e, e, e, e, e, e);
	}
	emit_flop(w, "rq_q", "rq_d", "{Q*EW{1'b0}}");
	emit_flop(w, "rq_cnt_q", "cnt_nx[QCW-1:0]", "{QCW{1'b0}}");
	vw_line(w, "wire [NP-1:0] ren_v = {");
	for (unsigned p = NP; p-- > 0;)
		vw_line(w, "  ren_v_%u%s", p, p ? "," : "};");
	emit_flop(w, "held_v_q", "ren_v & ~rt_ren_ready_o", "{NP{1'b0}}");
	vw_line(w, "wire [NP*EW-1:0] ren_e = {");
	for (unsigned p = NP; p-- > 0;)
		vw_line(w, "  ren_e_%u%s", p, p ? "," : "};");
	emit_flop(w, "held_q", "ren_e", "{NP*EW{1'b0}}");
	vw_blank(w);
}

int emit_regvirt_top(struct design *d, const struct module_desc *m)
{
	const struct gpurf_cfg *cfg = d->cfg;
	const struct cfg_regvirt *rv = &cfg->regvirt;
	struct rvt_geom g;
	struct sbuf *out;
	struct vw w;
	int fresh;

	memset(&g, 0, sizeof g);
	g.cfg = cfg;
	g.m = m;
	g.rf_cfg = regvirt_top_rf_cfg(cfg);
	regvirt_top_subdescs(cfg, &g.rf_cfg, g.sub);
	g.cfgs[RVT_U_RT] = cfg;
	g.cfgs[RVT_U_FC] = cfg;
	g.cfgs[RVT_U_RF] = &g.rf_cfg;
	g.ec = (struct emit_compose){.top = m, .n = 3, .sub = g.sub, .cfgs = g.cfgs, .prefix = prefix,
				     .wiring = &regvirt_top_wiring};
	g.ip = regvirt_top_issue_ports(cfg);
	g.nr = rv->rfc_ports;
	g.slots = rv->rfc_slots;
	g.fw = g.sub[RVT_U_FC].ports[RFLAG_FILL_FLAGS_I].elem_width;
	g.rfc_pc_w = rv->pc_bits;
	g.rfc_slot_w = g.sub[RVT_U_FC].ports[RFLAG_RD_SLOT_I].elem_width;
	g.nc = cfg->collectors;
	g.nwp = cfg->write_ports;
	g.iw = rv->d.idx_bits;
	g.bb = rv->d.bank_bits;
	g.rw = g.sub[RVT_U_RF].ports[RFB_RD_REG_I].elem_width;
	g.ctw = g.sub[RVT_U_RT].ports[RT_THROTTLE_CTA_O].elem_width;
	g.tww = g.sub[RVT_U_RT].ports[RT_WL_WARP_I].elem_width;
	g.wpcw = m->ports[RVT_LAUNCH_WPC_I].elem_width;
	g.ptw = cfg_index_bits(2u * cfg->ctas);
	g.cnw = cfg_index_bits(2u * cfg->ctas + 1u);
	g.sumw = cfg_index_bits(6u * cfg->ctas);
	g.fsw = m->ports[RVT_FREE_SLOTS_O].elem_width;
	g.np = rv->rename_ports;
	g.nq = rv->rename_queue;
	g.nl = rv->rename_lanes;
	g.arw = m->ports[RVT_PUSH_SRC_I].elem_width;
	g.ew = g.tww + 2u * RT_SRCS + 1u + (RT_SRCS + 1u) * g.arw;	/* EW below */
	g.qcw = m->ports[RVT_RQ_COUNT_O].elem_width;
	g.prw = cfg_index_bits(g.np + 1u);
	g.lcw = cfg_index_bits(g.nl + 1u);
	g.psw = cfg_index_bits(g.nq + g.nl + 1u);
	if (g.sub[RVT_U_RF].ports[RFB_RD_WARP_I].elem_width != g.iw || g.iw < g.bb || g.rfc_slot_w > RVT_SLOT_BITS ||
	    g.sub[RVT_U_RT].ports[RT_WL_CTA_I].elem_width != g.ctw) {
		fprintf(stderr, "gpurf-gen: regvirt_top: physical register id and file address widths disagree\n");
		return -1;
	}
	mark_glue(&g);
	if (emit_compose_submodules(d, &g.ec) || cell_use(d, CELL_DECODE) || cell_use(d, CELL_XBAR_ONEHOT))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	if (!fresh)
		return 0;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "RegVirt register-file subsystem (docs/regvirt.md, \"regvirt_top\").");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "ISSUE_PORTS");
	vw_param(&w, m, "RFC_PORTS");
	vw_param(&w, m, "PID_W");
	vw_param(&w, m, "IDX_W");
	vw_param(&w, m, "PC_W");
	vw_line(&w, "localparam integer SLOT_W = %u;  // iss_slot_i element", RVT_SLOT_BITS);
	vw_line(&w, "localparam integer RFC_SLOT_W = %u;  // the flag cache's slot index", g.rfc_slot_w);
	vw_line(&w, "localparam integer PAYLOAD_W = %u;  // pir payload: RFC_SLOTS x 3 flag bits", g.fw);
	vw_param(&w, m, "NUM_WARPS");
	vw_param(&w, m, "NUM_CTAS");
	vw_line(&w, "localparam integer DEPTH = %u;  // control queue: a launch and an exit per CTA slot", 2u * cfg->ctas);
	vw_line(&w, "localparam integer CTW = %u;  // table CTA slot", g.ctw);
	vw_line(&w, "localparam integer TWW = %u;  // table warp", g.tww);
	vw_line(&w, "localparam integer WPCW = %u;  // warps per CTA (up to NUM_WARPS)", g.wpcw);
	vw_line(&w, "localparam integer PTW = %u;  // control queue position", g.ptw);
	vw_line(&w, "localparam integer CNW = %u;  // control queue count", g.cnw);
	vw_line(&w, "localparam integer SUMW = %u;  // head + count + pushes before (< 3 x DEPTH)", g.sumw);
	vw_param(&w, m, "RENAME_PORTS");
	vw_param(&w, m, "RENAME_QUEUE");
	vw_param(&w, m, "RENAME_LANES");
	vw_line(&w, "localparam integer NP = RENAME_PORTS;");
	vw_line(&w, "localparam integer Q = RENAME_QUEUE;");
	vw_line(&w, "localparam integer ARW = %u;  // architected register", g.arw);
	vw_line(&w, "localparam integer SRCS = %u;  // sources per rename chunk", RT_SRCS);
	vw_line(&w, "// rename chunk, LSB first: warp, source valid bits, sources, release bits, destination valid, destination");
	vw_line(&w, "localparam integer E_SV = TWW;");
	vw_line(&w, "localparam integer E_SRC = E_SV + SRCS;");
	vw_line(&w, "localparam integer E_REL = E_SRC + SRCS*ARW;");
	vw_line(&w, "localparam integer E_DV = E_REL + SRCS;");
	vw_line(&w, "localparam integer E_DST = E_DV + 1;");
	vw_line(&w, "localparam integer EW = E_DST + ARW;");
	vw_line(&w, "localparam integer QCW = %u;  // queue count (0 .. Q)", g.qcw);
	vw_line(&w, "localparam integer PRW = %u;  // ports (0 .. NP)", g.prw);
	vw_line(&w, "localparam integer LCW = %u;  // lanes (0 .. RENAME_LANES)", g.lcw);
	vw_line(&w, "localparam integer PSW = %u;  // queue position of a pushed lane (< Q + RENAME_LANES)", g.psw);
	vw_blank(&w);
	emit_compose_instances(&w, &g.ec);
	emit_compose_wiring(&w, &g.ec);
	emit_flags(&w, &g);
	emit_file(&w, &g);
	emit_ctl_head(&w, &g);
	emit_ctl_events(&w, &g);
	emit_ctl_state(&w, &g);
	emit_rq_choice(&w, &g);
	emit_rq_update(&w, &g);
	vw_module_end(&w);
	return 0;
}

/* The groups of glue/regvirt_top.gtkw and of the twins' save file, which
 * scripts/wave-sm shows: the rename queue and its ports, rename, the
 * release-flag cache at issue, frees, the physical file. */
unsigned wave_regvirt_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	struct gpurf_cfg rf_cfg = regvirt_top_rf_cfg(cfg);
	struct module_desc sub[RVT_U_TOP];
	unsigned n = 0;

	regvirt_top_subdescs(cfg, &rf_cfg, sub);
	groups[n] = (struct wave_group){.title = "rename queue: pushes in, the ports' chunks"};
	wave_add_names(&groups[n++], m, sub, prefix, RVT_U_TOP,
		       "clk_i rst_ni push_valid_i push_warp_i rq_count_o ren_valid_o rt_ren_warp_i rt_ren_dst_valid_i "
		       "rt_ren_dst_i ren_ready_o");
	groups[n] = (struct wave_group){.title = "rename (rename_table)"};
	wave_add_names(&groups[n++], m, sub, prefix, RVT_U_TOP,
		       "out_valid_o out_warp_o out_dst_pid_o out_dst_new_o free_cnt_o");
	groups[n] = (struct wave_group){.title = "issue: release-flag cache"};
	wave_add_names(&groups[n++], m, sub, prefix, RVT_U_TOP,
		       "iss_pir_i iss_starts_i iss_pc_i fc_rd_valid_i fc_rd_hit_o iss_probe_hit_o iss_cached_o iss_rel_o");
	groups[n] = (struct wave_group){.title = "frees, the exit sweep, throttling"};
	wave_add_names(&groups[n++], m, sub, prefix, RVT_U_TOP,
		       "free_valid_i free_pid_i sweep_busy_o throttle_o cta_susp_o");
	groups[n] = (struct wave_group){.title = "physical file (rf_banked)"};
	wave_add_names(&groups[n++], m, sub, prefix, RVT_U_TOP,
		       "rd_req_i rd_pid_i rd_gnt_o rd_valid_o wr_req_i wr_pid_i wr_gnt_o");
	return n;
}
