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
 *               vector.  Combinational: the top's state is its
 *               submodules'. */
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
	unsigned ip, nr, slots, fw, nc, nwp, iw, bb, rw, ctw, rfc_pc_w, rfc_slot_w;
};

static void mark_glue(struct rvt_geom *g)
{
	static const unsigned fc_in[] = {RFLAG_PROBE_VALID_I, RFLAG_PROBE_PC_I, RFLAG_FILL_VALID_I, RFLAG_FILL_PC_I,
					 RFLAG_FILL_FLAGS_I, RFLAG_RD_VALID_I, RFLAG_RD_PC_I, RFLAG_RD_SLOT_I};
	static const unsigned rf_in[] = {RFB_RD_WARP_I, RFB_RD_REG_I, RFB_WR_WARP_I, RFB_WR_REG_I};

	emit_compose_glue(&g->ec, RVT_U_FC, fc_in, sizeof fc_in / sizeof fc_in[0]);
	emit_compose_glue(&g->ec, RVT_U_RF, rf_in, sizeof rf_in / sizeof rf_in[0]);
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

static void emit_throttle(struct vw *w, const struct rvt_geom *g)
{
	char lit[32];

	vw_line(w, "// ---- GPU-shrink throttle: every live CTA slot but the favoured one waits ----");
	for (unsigned ct = 0; ct < g->cfg->ctas; ct++)
		vw_line(w, "assign cta_susp_o[%u] = rt_throttle_o & cta_live_i[%u] & (rt_throttle_cta_o != %s);", ct, ct,
			vw_lit(lit, sizeof lit, g->ctw, ct));
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
	if (g.sub[RVT_U_RF].ports[RFB_RD_WARP_I].elem_width != g.iw || g.iw < g.bb || g.rfc_slot_w > RVT_SLOT_BITS) {
		fprintf(stderr, "gpurf-gen: regvirt_top: physical register id and file address widths disagree\n");
		return -1;
	}
	mark_glue(&g);
	if (emit_compose_submodules(d, &g.ec))
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
	vw_blank(&w);
	emit_compose_instances(&w, &g.ec);
	emit_compose_wiring(&w, &g.ec);
	emit_flags(&w, &g);
	emit_file(&w, &g);
	emit_throttle(&w, &g);
	vw_module_end(&w);
	return 0;
}

unsigned wave_regvirt_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	unsigned n = 0;

	(void)cfg;
	groups[n] = (struct wave_group){.title = "issue and release flags"};
	wave_add(&groups[n], "clk_i", 1);
	wave_add(&groups[n], "rst_ni", 1);
	wave_add_port(&groups[n], m, RVT_ISS_PIR_I);
	wave_add_port(&groups[n], m, RVT_ISS_STARTS_I);
	wave_add_port(&groups[n], m, RVT_ISS_PC_I);
	wave_add_port(&groups[n], m, RVT_ISS_PROBE_HIT_O);
	wave_add_port(&groups[n], m, RVT_ISS_CACHED_O);
	wave_add_port(&groups[n++], m, RVT_ISS_REL_O);
	groups[n] = (struct wave_group){.title = "renaming"};
	wave_add_port(&groups[n], m, RVT_REN_VALID_I);
	wave_add_port(&groups[n], m, RVT_REN_READY_O);
	wave_add_port(&groups[n], m, RVT_OUT_VALID_O);
	wave_add_port(&groups[n], m, RVT_OUT_DST_PID_O);
	wave_add_port(&groups[n], m, RVT_FREE_VALID_I);
	wave_add_port(&groups[n], m, RVT_FREE_PID_I);
	wave_add_port(&groups[n], m, RVT_SWEEP_BUSY_O);
	wave_add_port(&groups[n], m, RVT_THROTTLE_O);
	wave_add_port(&groups[n++], m, RVT_CTA_SUSP_O);
	groups[n] = (struct wave_group){.title = "register file"};
	wave_add_port(&groups[n], m, RVT_RD_REQ_I);
	wave_add_port(&groups[n], m, RVT_RD_PID_I);
	wave_add_port(&groups[n], m, RVT_RD_GNT_O);
	wave_add_port(&groups[n], m, RVT_WR_REQ_I);
	wave_add_port(&groups[n], m, RVT_WR_GNT_O);
	wave_add_port(&groups[n++], m, RVT_RD_VALID_O);
	return n;
}
