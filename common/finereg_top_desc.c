/* finereg_top_desc.c: the FineReg subsystem top's description and wiring
 * table.  Ports wired straight to a submodule take its width. */
#include "finereg_top_desc.h"

#include "cta_monitor_desc.h"
#include "pcrf_desc.h"
#include "rf_banked_desc.h"
#include "rmu_desc.h"

#define C(du, dp, su, sp) {FT_U_##du, dp, FT_U_##su, sp}

static const struct compose_conn conns[] = {
	/* the suspended CTA's PCs; memory -> RMU */
	C(RMU, RMU_CMD_PC_I, TOP, FT_CMD_PC_I),
	C(RMU, RMU_VEC_RSP_VALID_I, TOP, FT_VEC_RSP_VALID_I),
	C(RMU, RMU_VEC_RSP_DATA_I, TOP, FT_VEC_RSP_DATA_I),
	/* PCRF -> RMU */
	C(RMU, RMU_PCRF_RD_VALID_I, PCRF, PCRF_RD_VALID_O),
	C(RMU, RMU_PCRF_RD_END_I, PCRF, PCRF_RD_END_O),
	C(RMU, RMU_PCRF_RD_NEXT_I, PCRF, PCRF_RD_NEXT_O),
	C(RMU, RMU_PCRF_RD_WARP_I, PCRF, PCRF_RD_WARP_O),
	C(RMU, RMU_PCRF_RD_REG_I, PCRF, PCRF_RD_REG_O),
	C(RMU, RMU_PCRF_RD_DATA_I, PCRF, PCRF_RD_DATA_O),
	/* RMU -> PCRF (new entries are chain ends; a walk frees what it reads:
	 * the glue ties wr_end_i and rd_free_i to 1) */
	C(PCRF, PCRF_WR_VALID_I, RMU, RMU_PCRF_WR_VALID_O),
	C(PCRF, PCRF_WR_IDX_I, RMU, RMU_PCRF_WR_IDX_O),
	C(PCRF, PCRF_WR_WARP_I, RMU, RMU_PCRF_WR_WARP_O),
	C(PCRF, PCRF_WR_REG_I, RMU, RMU_PCRF_WR_REG_O),
	C(PCRF, PCRF_WR_DATA_I, RMU, RMU_PCRF_WR_DATA_O),
	C(PCRF, PCRF_LINK_VALID_I, RMU, RMU_PCRF_LINK_VALID_O),
	C(PCRF, PCRF_LINK_IDX_I, RMU, RMU_PCRF_LINK_IDX_O),
	C(PCRF, PCRF_LINK_NEXT_I, RMU, RMU_PCRF_LINK_NEXT_O),
	C(PCRF, PCRF_RD_VALID_I, RMU, RMU_PCRF_RD_VALID_O),
	C(PCRF, PCRF_RD_IDX_I, RMU, RMU_PCRF_RD_IDX_O),
	/* outputs */
	C(TOP, FT_VEC_REQ_O, RMU, RMU_VEC_REQ_O),
	C(TOP, FT_VEC_PC_O, RMU, RMU_VEC_PC_O),
	C(TOP, FT_DONE_O, RMU, RMU_DONE_O),
	C(TOP, FT_DONE_REFUSED_O, RMU, RMU_DONE_REFUSED_O),
	C(TOP, FT_DONE_LIVE_O, RMU, RMU_DONE_LIVE_O),
	C(TOP, FT_FREE_COUNT_O, RMU, RMU_FREE_COUNT_O),
	C(TOP, FT_MON_RESUME_VALID_O, MON, CTM_RESUME_VALID_O),
	C(TOP, FT_MON_RESUME_CTA_O, MON, CTM_RESUME_CTA_O),
	C(TOP, FT_MON_DECISION_O, MON, CTM_DECISION_O),
	C(TOP, FT_MON_PCRF_WR_VALID_O, RMU, RMU_PCRF_WR_VALID_O),
	C(TOP, FT_MON_PCRF_WR_IDX_O, RMU, RMU_PCRF_WR_IDX_O),
	C(TOP, FT_MON_PCRF_RD_VALID_O, RMU, RMU_PCRF_RD_VALID_O),
	C(TOP, FT_MON_PCRF_RD_IDX_O, RMU, RMU_PCRF_RD_IDX_O),
};

#undef C

const struct compose_wiring finereg_top_wiring = {conns, sizeof conns / sizeof conns[0], FT_U_TOP};

void finereg_top_subdescs(const struct gpurf_cfg *cfg, struct module_desc sub[4])
{
	desc_rf_banked(cfg, &sub[FT_U_ACRF]);
	desc_pcrf(cfg, &sub[FT_U_PCRF]);
	desc_rmu(cfg, &sub[FT_U_RMU]);
	desc_cta_monitor(cfg, &sub[FT_U_MON]);
}

/* A top port as wide as port p of submodule u. */
static void like(struct module_desc *m, const struct module_desc *sub, unsigned idx, const char *name,
		 enum port_dir dir, unsigned u, unsigned p, const char *doc)
{
	desc_port(m, idx, name, dir, sub[u].ports[p].count, sub[u].ports[p].elem_width, doc);
}

void desc_finereg_top(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_finereg *f = &cfg->finereg;
	unsigned C = cfg->collectors, W = cfg->write_ports, n = f->resident_ctas, cb = f->d.cta_bits;
	unsigned kb = cfg_index_bits(finereg_top_kwarps(cfg)), rb = cfg_index_bits(finereg_top_regs(cfg));
	unsigned ns = f->d.slots, nb = cfg_index_bits(n + 1u);
	struct module_desc sub[4];

	finereg_top_subdescs(cfg, sub);
	desc_init(m, "finereg_top", "FineReg register-file subsystem: ACRF, PCRF, RMU, CTA status monitor");
	desc_param(m, "NUM_COLLECTORS", "c", C, "collector read ports");
	desc_param(m, "NUM_WRITE_PORTS", "wp", W, "write-back ports");
	desc_param(m, "NUM_CTAS", "n", n, "resident CTA ids (pointer-table lines)");
	desc_param(m, "CTA_SLOT_WARPS", "cw", f->warps_per_cta, "ACRF warp slots of a CTA slot");
	desc_param(m, "SLOTS_PER_WARP", "spw", finereg_top_spw(cfg), "ACRF warp slots of one warp");
	desc_param(m, "CTA_WARPS", "k", finereg_top_kwarps(cfg), "warps of a CTA");
	desc_param(m, "REGS_PER_SLOT", "rps", cfg->d.regs_per_warp, "registers of an ACRF warp slot");
	if (cfg->finereg.d.warp_regs != cfg->d.regs_per_warp)	/* named only where it differs */
		desc_param(m, "WARP_REGS", "wg", cfg->finereg.d.warp_regs, "ACRF registers of an RMU warp");
	desc_param(m, "RESIDENT_MAX", "rm", finereg_top_resident_max(cfg), "CTAs the SM may hold");
	desc_param(m, "DW_ENTRIES", "dw", f->deferred_writes, "deferred-write buffer entries");
	desc_param(m, "MQ_ENTRIES", "mq", f->monitor_updates, "status-monitor update queue entries");
	desc_param(m, "READ_LATENCY", "rl", cfg->read_latency, "ACRF read latency");
	desc_param(m, "RESUME_FIRST", "rf", f->resume_policy == FINEREG_RESUME_FIRST, "1: resume_first");
	if (f->rmu_ports == FINEREG_PORTS_PRIORITY)	/* named only where it differs */
		desc_param(m, "RMU_PRIORITY", "pr", 1, "1: the RMU takes the highest ACRF ports (rmu_ports)");
	if (f->vt)	/* named only where it differs */
		desc_param(m, "VT", "vt", 1, "1: the Virtual-Thread CTA state (vt)");

	desc_port(m, FT_RD_REQ_I, "rd_req_i", PORT_IN, C, 1, "collector read");
	desc_port(m, FT_RD_CTA_I, "rd_cta_i", PORT_IN, C, cb, "its resident CTA");
	desc_port(m, FT_RD_WARP_I, "rd_warp_i", PORT_IN, C, kb, "its warp within the CTA");
	desc_port(m, FT_RD_REG_I, "rd_reg_i", PORT_IN, C, rb, "its register");
	desc_port(m, FT_WR_REQ_I, "wr_req_i", PORT_IN, W, 1, "write-back");
	desc_port(m, FT_WR_CTA_I, "wr_cta_i", PORT_IN, W, cb, "its resident CTA");
	desc_port(m, FT_WR_WARP_I, "wr_warp_i", PORT_IN, W, kb, "its warp within the CTA");
	desc_port(m, FT_WR_REG_I, "wr_reg_i", PORT_IN, W, rb, "its register");
	desc_port(m, FT_WR_MASK_I, "wr_mask_i", PORT_IN, W, cfg->lanes, "lane mask");
	desc_port(m, FT_WR_DATA_I, "wr_data_i", PORT_IN, W, cfg->d.warp_bits, "data");
	like(m, sub, FT_VEC_RSP_VALID_I, "vec_rsp_valid_i", PORT_IN, FT_U_RMU, RMU_VEC_RSP_VALID_I,
	     "liveness vector from memory");
	like(m, sub, FT_VEC_RSP_DATA_I, "vec_rsp_data_i", PORT_IN, FT_U_RMU, RMU_VEC_RSP_DATA_I, "the vector");
	desc_port(m, FT_LAUNCH_VALID_I, "launch_valid_i", PORT_IN, ns, 1, "CTA launched (launch order)");
	desc_port(m, FT_LAUNCH_CTA_I, "launch_cta_i", PORT_IN, ns, cb, "its resident id");
	desc_port(m, FT_EXIT_VALID_I, "exit_valid_i", PORT_IN, cfg->schedulers, 1, "CTA exited");
	desc_port(m, FT_EXIT_CTA_I, "exit_cta_i", PORT_IN, cfg->schedulers, cb, "its resident id");
	desc_port(m, FT_ISSUE_I, "issue_i", PORT_IN, n, 1, "a warp of the CTA issued");
	desc_port(m, FT_STALLED_I, "stalled_i", PORT_IN, n, 1, "the CTA stalled on long-latency results");
	desc_port(m, FT_READY_I, "ready_i", PORT_IN, n, 1, "the suspended CTA could issue again");
	desc_port(m, FT_CTA_WAITING_I, "cta_waiting_i", PORT_IN, 1, 1, "the launcher has CTAs not started");
	desc_port(m, FT_ACTIVE_MAX_I, "active_max_i", PORT_IN, 1, f->d.slot_bits + 1u,
		  "ACRF slots the core's other limits allow (constant)");
	like(m, sub, FT_CMD_PC_I, "cmd_pc_i", PORT_IN, FT_U_RMU, RMU_CMD_PC_I,
	     "PC per RMU warp of suspend_cta_o (sampled with the command)");
	desc_port(m, FT_RD_GNT_O, "rd_gnt_o", PORT_OUT, C, 1, "read granted");
	desc_port(m, FT_WR_GNT_O, "wr_gnt_o", PORT_OUT, W, 1, "write taken");
	desc_port(m, FT_RD_VALID_O, "rd_valid_o", PORT_OUT, C, 1, "read data valid");
	like(m, sub, FT_RD_DATA_O, "rd_data_o", PORT_OUT, FT_U_ACRF, RFB_RD_DATA_O, "read data");
	like(m, sub, FT_VEC_REQ_O, "vec_req_o", PORT_OUT, FT_U_RMU, RMU_VEC_REQ_O, "fetch a liveness vector");
	like(m, sub, FT_VEC_PC_O, "vec_pc_o", PORT_OUT, FT_U_RMU, RMU_VEC_PC_O, "its PC");
	desc_port(m, FT_SUSPEND_VALID_O, "suspend_valid_o", PORT_OUT, 1, 1, "suspend a CTA now");
	desc_port(m, FT_SUSPEND_CTA_O, "suspend_cta_o", PORT_OUT, 1, cb, "that CTA");
	desc_port(m, FT_RESUME_VALID_O, "resume_valid_o", PORT_OUT, 1, 1, "resume a CTA");
	desc_port(m, FT_RESUME_CTA_O, "resume_cta_o", PORT_OUT, 1, cb, "that CTA");
	desc_port(m, FT_LAUNCH_SLOTS_O, "launch_slots_o", PORT_OUT, 1, f->d.slot_bits + 1u, "CTAs that may launch");
	desc_port(m, FT_BUSY_O, "busy_o", PORT_OUT, 1, 1, "a switch in flight");
	desc_port(m, FT_CMD_ISSUE_O, "cmd_issue_o", PORT_OUT, 1, 1, "an RMU command starts");
	desc_port(m, FT_CMD_BUSY_O, "cmd_busy_o", PORT_OUT, 1, 1, "an RMU command in flight");
	like(m, sub, FT_CMD_OP_O, "cmd_op_o", PORT_OUT, FT_U_RMU, RMU_CMD_OP_I, "its op");
	like(m, sub, FT_DONE_O, "done_o", PORT_OUT, FT_U_RMU, RMU_DONE_O, "RMU command finished");
	like(m, sub, FT_DONE_REFUSED_O, "done_refused_o", PORT_OUT, FT_U_RMU, RMU_DONE_REFUSED_O, "it was refused");
	like(m, sub, FT_DONE_LIVE_O, "done_live_o", PORT_OUT, FT_U_RMU, RMU_DONE_LIVE_O, "live registers moved");
	like(m, sub, FT_FREE_COUNT_O, "free_count_o", PORT_OUT, FT_U_RMU, RMU_FREE_COUNT_O, "free PCRF entries");
	desc_port(m, FT_RESIDENT_O, "resident_o", PORT_OUT, 1, nb, "resident CTAs");
	desc_port(m, FT_N_ACTIVE_O, "n_active_o", PORT_OUT, 1, f->d.slot_bits + 1u, "ACRF slots held");
	desc_port(m, FT_N_PENDING_O, "n_pending_o", PORT_OUT, 1, nb, "pending CTAs");
	desc_port(m, FT_MQ_OVERFLOW_O, "mq_overflow_o", PORT_OUT, 1, 1, "a monitor update was lost (sticky)");
	like(m, sub, FT_MON_RESUME_VALID_O, "mon_resume_valid_o", PORT_OUT, FT_U_MON, CTM_RESUME_VALID_O,
	     "monitor: a ready pending CTA exists");
	like(m, sub, FT_MON_RESUME_CTA_O, "mon_resume_cta_o", PORT_OUT, FT_U_MON, CTM_RESUME_CTA_O,
	     "monitor: the one to resume");
	like(m, sub, FT_MON_DECISION_O, "mon_decision_o", PORT_OUT, FT_U_MON, CTM_DECISION_O,
	     "monitor: resume / launch / none");
	desc_port(m, FT_DW_COUNT_O, "dw_count_o", PORT_OUT, 1, cfg_index_bits(f->deferred_writes + 1u),
		  "deferred writes held");
	desc_port(m, FT_RMU_RD_PEND_O, "rmu_rd_pend_o", PORT_OUT, 1, 1, "an RMU read is in the ACRF's read pipeline");
	like(m, sub, FT_MON_PCRF_WR_VALID_O, "mon_pcrf_wr_valid_o", PORT_OUT, FT_U_RMU, RMU_PCRF_WR_VALID_O,
	     "monitor: PCRF entry written");
	like(m, sub, FT_MON_PCRF_WR_IDX_O, "mon_pcrf_wr_idx_o", PORT_OUT, FT_U_RMU, RMU_PCRF_WR_IDX_O, "monitor: its index");
	like(m, sub, FT_MON_PCRF_RD_VALID_O, "mon_pcrf_rd_valid_o", PORT_OUT, FT_U_RMU, RMU_PCRF_RD_VALID_O,
	     "monitor: PCRF entry read and freed");
	like(m, sub, FT_MON_PCRF_RD_IDX_O, "mon_pcrf_rd_idx_o", PORT_OUT, FT_U_RMU, RMU_PCRF_RD_IDX_O, "monitor: its index");
	desc_finish(m);
}
