/* emit_baseline_top.c: Verilog of baseline_top, the baseline register-file
 * subsystem (common/baseline_top_desc.h has the ports, cmodel/baseline_top.c
 * the model).
 *
 *   submodule  rf_banked under the configuration (u_rf, wires rf_<port>),
 *              through gen/emit_compose.h
 *   wiring     baseline_top_wiring as assigns (shared with the model)
 *   glue       the address mapping of every read and write port:
 *              slot = warp * kern_slots_i + reg / REGS_PER_WARP,
 *              index = reg % REGS_PER_WARP, also on the mon_* outputs.
 * The slot is computed modulo 2^WW (the file's slot width): its low bits
 * depend only on the operands' low bits, so it equals the model's. */
#include "emit_structures.h"

#include <stdio.h>
#include <string.h>

#include "baseline_top_desc.h"
#include "emit_compose.h"
#include "emit_lib.h"
#include "rf_banked_desc.h"
#include "vwriter.h"

static const char *const prefix[] = {"rf"};

struct bt_geom {
	const struct module_desc *m;
	struct emit_compose ec;
	unsigned ww, iw, kw, qw;	/* warp / slot, index, kern_slots_i, quotient widths */
	struct emit_unused unused;	/* bits the truncations leave */
};

/* One request port's mapping: side "rd" / "wr", element e. */
static void emit_map(struct vw *w, struct bt_geom *g, const char *side, unsigned wp, unsigned rp, unsigned fw,
		     unsigned fr, unsigned mw, unsigned mr, unsigned e)
{
	const struct port_desc *pw = &g->m->ports[wp], *pr = &g->m->ports[rp];
	char q[32], r[32], wel[64], rel[64], fq[64], fm[64], zr[96], fwe[96], fre[96], mwe[64], mre[64];

	snprintf(q, sizeof q, "%s_q_%u", side, e);
	snprintf(r, sizeof r, "%s_m_%u", side, e);
	vw_elem(wel, sizeof wel, pw, e);
	vw_elem(rel, sizeof rel, pr, e);
	vw_elem(mwe, sizeof mwe, &g->m->ports[mw], e);
	vw_elem(mre, sizeof mre, &g->m->ports[mr], e);
	emit_compose_elem(fwe, sizeof fwe, &g->ec, BT_U_RF, fw, e);
	emit_compose_elem(fre, sizeof fre, &g->ec, BT_U_RF, fr, e);
	vw_zext(zr, sizeof zr, rel, SMT_REG_BITS, g->qw);
	vw_line(w, "wire [QW-1:0] %s = %s / RPW;", q, zr);
	vw_line(w, "wire [QW-1:0] %s = %s %% RPW;", r, zr);
	vw_line(w, "assign %s = %s * kern_slots + %s;", fwe, wel, emit_fit(fq, sizeof fq, q, g->qw, g->ww, &g->unused));
	vw_line(w, "assign %s = %s;", fre, emit_fit(fm, sizeof fm, r, g->qw, g->iw, &g->unused));
	vw_line(w, "assign %s = %s;", mwe, fwe);
	vw_line(w, "assign %s = %s;", mre, fre);
}

static void emit_mapping(struct vw *w, struct bt_geom *g, const struct gpurf_cfg *cfg)
{
	char ks[64];

	vw_line(w, "// ---- address mapping: slot = warp * kern_slots_i + reg / RPW, index = reg %% RPW ----");
	vw_line(w, "wire [WW-1:0] kern_slots = %s;", emit_fit(ks, sizeof ks, "kern_slots_i", g->kw, g->ww, &g->unused));
	for (unsigned c = 0; c < cfg->collectors; c++)
		emit_map(w, g, "rd", SMT_RD_WARP_I, SMT_RD_REG_I, RFB_RD_WARP_I, RFB_RD_REG_I, SMT_MON_RD_WARP_O,
			 SMT_MON_RD_REG_O, c);
	for (unsigned p = 0; p < cfg->write_ports; p++)
		emit_map(w, g, "wr", SMT_WR_WARP_I, SMT_WR_REG_I, RFB_WR_WARP_I, RFB_WR_REG_I, SMT_MON_WR_WARP_O,
			 SMT_MON_WR_REG_O, p);
	vw_line(w, "// high bits the mapping does not need (slots and indices are narrower)");
	emit_unused_wire(w, "map_unused", &g->unused);
}

int emit_baseline_top(struct design *d, const struct module_desc *m)
{
	static const unsigned rf_glue[] = {RFB_RD_WARP_I, RFB_RD_REG_I, RFB_WR_WARP_I, RFB_WR_REG_I};
	const struct gpurf_cfg *cfg = d->cfg;
	const struct gpurf_cfg *cfgs[1] = {cfg};
	struct module_desc sub[1];
	struct bt_geom g;
	struct sbuf *out;
	struct vw w;
	int fresh;
	unsigned rb = cfg_index_bits(cfg->d.regs_per_warp) + 1u;

	memset(&g, 0, sizeof g);
	desc_rf_banked(cfg, &sub[BT_U_RF]);
	g.m = m;
	g.ec = (struct emit_compose){m, 1, sub, cfgs, prefix, &baseline_top_wiring, {{0}}};
	emit_compose_glue(&g.ec, BT_U_RF, rf_glue, sizeof rf_glue / sizeof rf_glue[0]);
	g.ww = cfg_index_bits(cfg->warps);
	g.iw = cfg_index_bits(cfg->d.regs_per_warp);
	g.kw = m->ports[BT_KERN_SLOTS_I].elem_width;
	g.qw = rb > SMT_REG_BITS ? rb : SMT_REG_BITS;	/* holds the register and REGS_PER_WARP */
	if (emit_compose_submodules(d, &g.ec))
		return -1;
	out = design_module_file(d, m->name, &fresh);
	if (!out)
		return -1;
	w = (struct vw){out, 0};
	vw_banner(&w, cfg, "Baseline register-file subsystem (docs/baseline-top.md).");
	vw_module_begin(&w, m, 1, 1);
	vw_param(&w, m, "REGS_PER_WARP");
	vw_line(&w, "localparam integer WW = %u;  // hardware warp and warp slot", g.ww);
	vw_line(&w, "localparam integer QW = %u;  // register quotient and remainder", g.qw);
	vw_line(&w, "localparam [QW-1:0] RPW = REGS_PER_WARP[QW-1:0];");
	vw_blank(&w);
	emit_compose_instances(&w, &g.ec);
	emit_compose_wiring(&w, &g.ec);
	emit_mapping(&w, &g, cfg);
	vw_module_end(&w);
	return 0;
}

/* The groups of glue/baseline_top.gtkw and of the twins' save file, which
 * scripts/wave-sm shows: the requests in, the mapping, the file's banks. */
unsigned wave_baseline_top(const struct gpurf_cfg *cfg, const struct module_desc *m, struct wave_group *groups)
{
	unsigned n = 0;

	groups[n] = (struct wave_group){.title = "requests in (hardware warp, architectural register)"};
	wave_add_names(&groups[n++], m, NULL, NULL, 0,
		       "clk_i rst_ni rd_req_i rd_warp_i rd_reg_i wr_req_i wr_warp_i wr_reg_i");
	groups[n] = (struct wave_group){.title = "the top's mapping (file slot, index)"};
	wave_add_names(&groups[n++], m, NULL, NULL, 0,
		       "kern_slots_i mon_rd_warp_o mon_rd_reg_o mon_wr_warp_o mon_wr_reg_o");
	groups[n] = (struct wave_group){.title = "rf_banked: bank requests, grants"};
	wave_add(&groups[n], "u_rf.rd_req_bank", cfg->banks * cfg->collectors);
	wave_add(&groups[n], "u_rf.rd_gnt_bank", cfg->banks * cfg->collectors);
	wave_add_names(&groups[n++], m, NULL, NULL, 0, "rd_gnt_o bank_conflict_o wr_gnt_o rd_valid_o");
	return n;
}
