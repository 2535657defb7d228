/* rfc_top_desc.c: the RFC subsystem top's description, geometry and wiring
 * table.  It has no memories of its own: rfc, sched_2level and rf_banked
 * are modules of the design with theirs. */
#include "rfc_top_desc.h"

#include "rf_banked_desc.h"
#include "rfc_desc.h"
#include "sched_2level_desc.h"

#define C(du, dp, su, sp) {RCT_U_##du, dp, RCT_U_##su, sp}

static const struct compose_conn rfc_top_conns[] = {
	/* the core's warp state -> the two-level scheduler */
	C(S2L, S2L_VALID_I, TOP, RCT_WARP_VALID_I),
	C(S2L, S2L_LLC_I, TOP, RCT_WARP_LLWAIT_I),
	C(S2L, S2L_BAR_I, TOP, RCT_WARP_BAR_I),
	/* the scheduler's flush request -> the RFC */
	C(RFC, RFC_FL_I, S2L, S2L_FLUSH_O),
	C(RFC, RFC_FL_SLOT_I, S2L, S2L_FLUSH_SLOT_O),
	C(RFC, RFC_FL_DROP_I, S2L, S2L_FLUSH_DROP_O),
	/* monitors */
	C(TOP, RCT_MON_ISSUE_O, S2L, S2L_ISSUE_O),
	C(TOP, RCT_MON_ISSUE_WARP_O, S2L, S2L_ISSUE_WARP_O),
	C(TOP, RCT_MON_ISSUE_SLOT_O, S2L, S2L_ISSUE_SLOT_O),
};

#undef C

const struct compose_wiring rfc_top_wiring = {
	rfc_top_conns, sizeof rfc_top_conns / sizeof rfc_top_conns[0], RCT_U_TOP,
};

int rfc_top_present(const struct gpurf_cfg *cfg)
{
	unsigned r = cfg->d.regs_per_warp;

	return rfc_present(cfg) && r && !(r & (r - 1u));
}

void rfc_top_geom(const struct gpurf_cfg *cfg, struct rfc_top_geom *g)
{
	const struct cfg_rfc *r = &cfg->rfc;

	g->W = cfg->warps;
	g->ww = cfg_index_bits(g->W);
	g->kw = r->d.top_warps ? r->d.top_warps : g->W;
	g->rpw = cfg->d.regs_per_warp;
	g->kr = r->d.top_regs ? r->d.top_regs : g->rpw;
	g->S = r->d.top_srcs ? r->d.top_srcs : r->src_ports;
	g->sw = cfg_index_bits(g->S);
	g->nsw = cfg_index_bits(g->S + 1u);
	g->DS = r->d.top_dsts ? r->d.top_dsts : 2u;
	g->ndw = cfg_index_bits(g->DS + 1u);
	g->C = cfg->collectors;
	g->WP = cfg->write_ports;
	g->NI = cfg->schedulers;
	g->na = r->active_warps;
	g->ns = r->src_ports;
	g->tw = r->d.tag_bits;
	g->slw = r->d.slot_bits;
	g->spw = (g->kr + g->rpw - 1u) / g->rpw;
	g->mww = cfg_index_bits(g->W);
	g->mrw = cfg_index_bits(g->rpw);
	/* a warp's reads of one register are pending in at most every collector */
	g->pw = cfg_index_bits(g->C + 1u);
	g->lanes = cfg->lanes;
	g->D = cfg->d.warp_bits;
}

struct gpurf_cfg rfc_top_cfg(const struct gpurf_cfg *cfg, unsigned regs, unsigned hw_warps, unsigned srcs,
			     unsigned dsts)
{
	struct gpurf_cfg t = *cfg;

	/* The RFC's TAG_W covers one warp's registers in the MRF
	 * (regs_per_warp); a kernel whose threads use more registers needs a
	 * wider tag in this SM's instance. */
	if (regs > cfg->d.regs_per_warp)
		t.rfc.d.tag_bits = cfg_index_bits(regs);
	t.rfc.d.top_regs = regs ? regs : 1u;
	t.rfc.d.top_warps = hw_warps ? hw_warps : 1u;
	t.rfc.d.top_srcs = srcs ? srcs : 1u;
	t.rfc.d.top_dsts = dsts ? dsts : 1u;
	return t;
}

void rfc_top_subdescs(const struct gpurf_cfg *cfg, struct module_desc sub[3])
{
	desc_rfc(cfg, &sub[RCT_U_RFC]);
	desc_sched_2level(cfg, &sub[RCT_U_S2L]);
	desc_rf_banked(cfg, &sub[RCT_U_MRF]);
}

void desc_rfc_top(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	struct rfc_top_geom g;

	rfc_top_geom(cfg, &g);
	desc_init(m, "rfc_top", "RFC register-file subsystem: register file cache, two-level scheduler's active "
				"set, main register file and their glue (Gebhart Sec. 3)");
	desc_param(m, "NUM_WARPS", "w", g.W, "warps of the configuration (scheduler, MRF)");
	desc_param(m, "K_WARPS", "kw", g.kw, "the kernel's hardware warps (per-warp state)");
	desc_param(m, "K_REGS", "kr", g.kr, "the kernel's registers per thread (per-register state)");
	desc_param(m, "NUM_SRCS", "s", g.S, "most sources of one instruction");
	desc_param(m, "NUM_DSTS", "d", g.DS, "most destinations of one instruction");
	desc_param(m, "COLLECTORS", "c", g.C, "operand collectors");
	desc_param(m, "WRITE_PORTS", "wp", g.WP, "result write ports");
	desc_param(m, "ISSUE_PORTS", "i", g.NI, "issue ports (schedulers)");
	desc_param(m, "NUM_SLOTS", "a", g.na, "active-warp slots");
	desc_param(m, "SRC_PORTS", "sp", g.ns, "sources per tag check");
	desc_param(m, "ENTRIES", "n", cfg->rfc.entries, "RFC entries per thread");
	desc_param(m, "TAG_W", "t", g.tw, "register index width");
	desc_param(m, "LANES", "l", g.lanes, "32-bit lanes");
	desc_param(m, "VICTIM", "v", cfg->rfc.victim_entries, "the RFC's victim-buffer entries (0: blocking flush)");
	desc_param(m, "FLUSH_YIELDS", "fy", cfg->rfc.flush_yields,
		   "1: no flush write-back starts while a slotless warp's result wants the MRF");

	desc_port(m, RCT_RD_REQ_I, "rd_req_i", PORT_IN, g.C, 1, "operand read");
	desc_port(m, RCT_RD_WARP_I, "rd_warp_i", PORT_IN, g.C, g.ww, "hardware warp");
	desc_port(m, RCT_RD_REG_I, "rd_reg_i", PORT_IN, g.C, g.tw, "register");
	desc_port(m, RCT_RD_SRC_I, "rd_src_i", PORT_IN, g.C, g.sw, "which source of its instruction");
	desc_port(m, RCT_RD_NSRC_I, "rd_nsrc_i", PORT_IN, g.C, g.nsw, "its instruction's source count");
	desc_port(m, RCT_RD_SRCS_I, "rd_srcs_i", PORT_IN, g.C * g.S, g.tw,
		  "its instruction's source registers (collector c: elements c*NUM_SRCS ..)");
	desc_port(m, RCT_RD_LAST_I, "rd_last_i", PORT_IN, g.C, g.S, "compiler's last-use hint of each source");
	desc_port(m, RCT_WR_REQ_I, "wr_req_i", PORT_IN, g.WP, 1, "result write");
	desc_port(m, RCT_WR_WARP_I, "wr_warp_i", PORT_IN, g.WP, g.ww, "hardware warp");
	desc_port(m, RCT_WR_REG_I, "wr_reg_i", PORT_IN, g.WP, g.tw, "register");
	desc_port(m, RCT_WR_MASK_I, "wr_mask_i", PORT_IN, g.WP, g.lanes, "lane mask");
	desc_port(m, RCT_WR_LIVE_I, "wr_live_i", PORT_IN, g.WP, g.lanes, "lanes that will still execute");
	desc_port(m, RCT_WR_DATA_I, "wr_data_i", PORT_IN, g.WP, g.D, "data, lane l at [32l +: 32]");
	desc_port(m, RCT_ISS_I, "iss_i", PORT_IN, g.NI, 1, "an instruction issued");
	desc_port(m, RCT_ISS_WARP_I, "iss_warp_i", PORT_IN, g.NI, g.ww, "its warp");
	desc_port(m, RCT_ISS_NSRC_I, "iss_nsrc_i", PORT_IN, g.NI, g.nsw, "register operands it reads");
	desc_port(m, RCT_ISS_SRCS_I, "iss_srcs_i", PORT_IN, g.NI * g.S, g.tw, "their registers");
	desc_port(m, RCT_ISS_NDST_I, "iss_ndst_i", PORT_IN, g.NI, g.ndw, "registers it writes");
	desc_port(m, RCT_ISS_DSTS_I, "iss_dsts_i", PORT_IN, g.NI * g.DS, g.tw, "their registers");
	desc_port(m, RCT_ISS_LL_I, "iss_ll_i", PORT_IN, g.NI, 1, "long-latency results (RFC bypass)");
	desc_port(m, RCT_WARP_VALID_I, "warp_valid_i", PORT_IN, g.W, 1, "resident and not finished");
	desc_port(m, RCT_WARP_BAR_I, "warp_bar_i", PORT_IN, g.W, 1, "at a barrier");
	desc_port(m, RCT_WARP_LLWAIT_I, "warp_llwait_i", PORT_IN, g.W, 1, "waits on a long-latency result");
	desc_port(m, RCT_RD_GNT_O, "rd_gnt_o", PORT_OUT, g.C, 1, "read taken");
	desc_port(m, RCT_WR_GNT_O, "wr_gnt_o", PORT_OUT, g.WP, 1, "write taken");
	desc_port(m, RCT_RD_VALID_O, "rd_valid_o", PORT_OUT, g.C, 1, "read data valid");
	desc_port(m, RCT_RD_DATA_O, "rd_data_o", PORT_OUT, g.C, g.D, "read data; 0 unless valid");
	desc_port(m, RCT_ISSUABLE_O, "issuable_o", PORT_OUT, g.W, 1, "in the active set");
	desc_port(m, RCT_BUSY_O, "busy_o", PORT_OUT, 1, 1, "work of its own is due");
	desc_port(m, RCT_MON_ISSUE_O, "mon_issue_o", PORT_OUT, 1, 1, "monitor: the scheduler's greedy pick");
	desc_port(m, RCT_MON_ISSUE_WARP_O, "mon_issue_warp_o", PORT_OUT, 1, g.ww, "monitor: its warp");
	desc_port(m, RCT_MON_ISSUE_SLOT_O, "mon_issue_slot_o", PORT_OUT, 1, g.slw, "monitor: its slot");
	desc_finish(m);
}
