/* regvirt_top_desc.c: the regvirt subsystem top's description and wiring
 * table.  Its memories are the physical file's, which only the top
 * instantiates (rename_table and release_flag_cache are modules of the
 * design with their own). */
#include "regvirt_top_desc.h"

#include "release_flag_cache_desc.h"
#include "rf_banked_desc.h"

#define C(du, dp, su, sp) {RVT_U_##du, dp, RVT_U_##su, sp}

static const struct compose_conn conns[] = {
	/* kernel launch -> table */
	C(RT, RT_LAUNCH_I, TOP, RVT_LAUNCH_I),
	C(RT, RT_LAUNCH_EXEMPT_I, TOP, RVT_LAUNCH_EXEMPT_I),
	C(RT, RT_LAUNCH_DEMAND_I, TOP, RVT_LAUNCH_DEMAND_I),
	C(RT, RT_LAUNCH_BANK_DEMAND_I, TOP, RVT_LAUNCH_BANK_DEMAND_I),
	/* policy ports -> table */
	C(RT, RT_FREE_VALID_I, TOP, RVT_FREE_VALID_I),
	C(RT, RT_FREE_PID_I, TOP, RVT_FREE_PID_I),
	C(RT, RT_FREE_WARP_I, TOP, RVT_FREE_WARP_I),
	/* kernel launch flushes the flag cache */
	C(FC, RFLAG_FLUSH_I, TOP, RVT_LAUNCH_I),
	/* register file */
	C(RF, RFB_RD_REQ_I, TOP, RVT_RD_REQ_I),
	C(RF, RFB_WR_REQ_I, TOP, RVT_WR_REQ_I),
	C(RF, RFB_WR_MASK_I, TOP, RVT_WR_MASK_I),
	C(RF, RFB_WR_DATA_I, TOP, RVT_WR_DATA_I),
	/* outputs */
	C(TOP, RVT_REN_READY_O, RT, RT_REN_READY_O),
	C(TOP, RVT_OUT_VALID_O, RT, RT_OUT_VALID_O),
	C(TOP, RVT_OUT_WARP_O, RT, RT_OUT_WARP_O),
	C(TOP, RVT_OUT_SRC_PID_O, RT, RT_OUT_SRC_PID_O),
	C(TOP, RVT_OUT_SRC_MAPPED_O, RT, RT_OUT_SRC_MAPPED_O),
	C(TOP, RVT_OUT_SRC_REL_O, RT, RT_OUT_SRC_REL_O),
	C(TOP, RVT_OUT_DST_PID_O, RT, RT_OUT_DST_PID_O),
	C(TOP, RVT_OUT_DST_NEW_O, RT, RT_OUT_DST_NEW_O),
	C(TOP, RVT_OUT_DST_WAKE_O, RT, RT_OUT_DST_WAKE_O),
	C(TOP, RVT_SWEEP_BUSY_O, RT, RT_SWEEP_BUSY_O),
	C(TOP, RVT_FREE_CNT_O, RT, RT_FREE_CNT_O),
	C(TOP, RVT_THROTTLE_O, RT, RT_THROTTLE_O),
	C(TOP, RVT_THROTTLE_CTA_O, RT, RT_THROTTLE_CTA_O),
	C(TOP, RVT_PG_ON_O, RT, RT_PG_ON_O),
	C(TOP, RVT_PG_WAKING_O, RT, RT_PG_WAKING_O),
	C(TOP, RVT_RD_GNT_O, RF, RFB_RD_GNT_O),
	C(TOP, RVT_WR_GNT_O, RF, RFB_WR_GNT_O),
	C(TOP, RVT_BANK_CONFLICT_O, RF, RFB_BANK_CONFLICT_O),
	C(TOP, RVT_RD_VALID_O, RF, RFB_RD_VALID_O),
	C(TOP, RVT_RD_DATA_O, RF, RFB_RD_DATA_O),
};

#undef C

const struct compose_wiring regvirt_top_wiring = {conns, sizeof conns / sizeof conns[0], RVT_U_TOP};

void regvirt_top_subdescs(const struct gpurf_cfg *cfg, const struct gpurf_cfg *rf_cfg, struct module_desc sub[3])
{
	desc_rename_table(cfg, &sub[RVT_U_RT]);
	desc_release_flag_cache(cfg, &sub[RVT_U_FC]);
	desc_rf_banked(rf_cfg, &sub[RVT_U_RF]);
}

/* Top port idx carries submodule port sp of s as it is (same name, shape). */
static void pass(struct module_desc *m, unsigned idx, const struct module_desc *s, unsigned sp, const char *doc)
{
	const struct port_desc *p = &s->ports[sp];

	desc_port(m, idx, p->name, p->dir, p->count, p->elem_width, doc);
}

void desc_regvirt_top(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_regvirt *rv = &cfg->regvirt;
	struct gpurf_cfg rf = regvirt_top_rf_cfg(cfg);
	struct module_desc sub[3];
	const struct module_desc *rt = &sub[RVT_U_RT], *fc = &sub[RVT_U_FC], *f = &sub[RVT_U_RF];
	unsigned ip = regvirt_top_issue_ports(cfg), pw = rv->d.pid_bits, T = cfg->ctas;
	unsigned ctw, ww1 = cfg_index_bits(cfg->warps + 1u), nl = rv->rename_lanes, tww, rw;

	regvirt_top_subdescs(cfg, &rf, sub);
	ctw = sub[RVT_U_RT].ports[RT_WL_CTA_I].elem_width;
	tww = rt->ports[RT_REN_WARP_I].elem_width;
	rw = rt->ports[RT_REN_SRC_I].elem_width;
	desc_init(m, "regvirt_top", "RegVirt register-file subsystem: renaming table, release-flag cache, "
				    "physical register file");
	desc_param(m, "NUM_WARPS", "w", cfg->warps, "table warps (resident warps)");
	desc_param(m, "NUM_CTAS", "c", cfg->ctas, "table CTA slots (resident CTAs)");
	desc_param(m, "RENAMED_REGS", "k", rv->d.kcap, "renamable registers per warp");
	desc_param(m, "PHYS_REGS", "p", rv->d.phys_regs, "physical warp registers");
	desc_param(m, "NUM_BANKS", "b", cfg->banks, "banks");
	desc_param(m, "ISSUE_PORTS", "ip", ip, "issue ports (schedulers)");
	desc_param(m, "RFC_PORTS", "fr", rv->rfc_ports, "flag-cache read ports");
	desc_param(m, "RFC_SLOTS", "fs", rv->rfc_slots, "flag slots per cached pir");
	desc_param(m, "RENAME_PORTS", "rp", rv->rename_ports, "rename ports (chunks renamed per cycle)");
	desc_param(m, "RENAME_QUEUE", "rq", rv->rename_queue, "rename-queue entries");
	desc_param(m, "RENAME_LANES", "rl", rv->rename_lanes, "chunks the queue takes per cycle");
	desc_param(m, "NUM_COLLECTORS", "cl", cfg->collectors, "read ports");
	desc_param(m, "NUM_WRITE_PORTS", "wp", cfg->write_ports, "write ports");
	desc_param(m, "LANES", "l", cfg->lanes, "32-bit lanes per register");
	desc_param(m, "PID_W", NULL, pw, "physical register id {bank, index}");
	desc_param(m, "IDX_W", NULL, rv->d.idx_bits, "index inside a bank");
	desc_param(m, "PC_W", NULL, rv->pc_bits, "metadata PC bits");

	pass(m, RVT_LAUNCH_I, rt, RT_LAUNCH_I, "kernel launch (table counts; flushes the flag cache)");
	pass(m, RVT_LAUNCH_EXEMPT_I, rt, RT_LAUNCH_EXEMPT_I, "N: renaming-exempt registers");
	pass(m, RVT_LAUNCH_DEMAND_I, rt, RT_LAUNCH_DEMAND_I, "renamed registers one CTA may need");
	pass(m, RVT_LAUNCH_BANK_DEMAND_I, rt, RT_LAUNCH_BANK_DEMAND_I, "the same per bank");
	desc_port(m, RVT_LAUNCH_WPC_I, "launch_wpc_i", PORT_IN, 1, ww1, "warps per CTA of the kernel");
	desc_port(m, RVT_CEV_VALID_I, "cev_valid_i", PORT_IN, T, 1, "CTA event (SM order)");
	desc_port(m, RVT_CEV_EXIT_I, "cev_exit_i", PORT_IN, T, 1, "1 exit, 0 launch");
	desc_port(m, RVT_CEV_SLOT_I, "cev_slot_i", PORT_IN, T, ctw, "exit: the CTA's table slot");
	desc_port(m, RVT_FREE_PENDING_I, "free_pending_i", PORT_IN, cfg->warps, 1,
		  "policy: the table warp has a read-time free pending (its exit waits)");
	desc_port(m, RVT_SPILL_VALID_I, "spill_valid_i", PORT_IN, 1, 1,
		  "spill: sweep the warp's renamed registers, held until spill_ack_o");
	desc_port(m, RVT_SPILL_WARP_I, "spill_warp_i", PORT_IN, 1, tww, "the table warp spilled");
	desc_port(m, RVT_SPILL_KEEP_I, "spill_keep_i", PORT_IN, 1, rt->ports[RT_EXIT_KEEP_I].elem_width,
		  "the warp's table entries the spill leaves mapped (its in-flight operands)");
	desc_port(m, RVT_PUSH_VALID_I, "push_valid_i", PORT_IN, nl, 1, "rename chunk into the queue (lane order)");
	desc_port(m, RVT_PUSH_WARP_I, "push_warp_i", PORT_IN, nl, tww, "its table warp");
	desc_port(m, RVT_PUSH_SRC_VALID_I, "push_src_valid_i", PORT_IN, nl * RT_SRCS, 1, "source present");
	desc_port(m, RVT_PUSH_SRC_I, "push_src_i", PORT_IN, nl * RT_SRCS, rw, "source architected register");
	desc_port(m, RVT_PUSH_REL_I, "push_rel_i", PORT_IN, nl * RT_SRCS, 1, "release after this read (pir bit, pbr)");
	desc_port(m, RVT_PUSH_DST_VALID_I, "push_dst_valid_i", PORT_IN, nl, 1, "destination present");
	desc_port(m, RVT_PUSH_DST_I, "push_dst_i", PORT_IN, nl, rw, "destination architected register");
	pass(m, RVT_FREE_VALID_I, rt, RT_FREE_VALID_I, "policy: read-time free (pending-free queue)");
	pass(m, RVT_FREE_PID_I, rt, RT_FREE_PID_I, "policy: its physical register");
	pass(m, RVT_FREE_WARP_I, rt, RT_FREE_WARP_I, "policy: its table warp");
	desc_port(m, RVT_ISS_PIR_I, "iss_pir_i", PORT_IN, ip, 1, "issued instruction lies in a pir's window");
	desc_port(m, RVT_ISS_STARTS_I, "iss_starts_i", PORT_IN, ip, 1, "it is the pir's first instruction");
	desc_port(m, RVT_ISS_PC_I, "iss_pc_i", PORT_IN, ip, rv->pc_bits, "the pir's metadata PC");
	desc_port(m, RVT_ISS_SLOT_I, "iss_slot_i", PORT_IN, ip, RVT_SLOT_BITS, "its slot in the pir");
	desc_port(m, RVT_ISS_PAYLOAD_I, "iss_payload_i", PORT_IN, ip, fc->ports[RFLAG_FILL_FLAGS_I].elem_width,
		  "decoded pir payload, slot k at [3k +: 3] (the fill on a probe miss)");
	desc_port(m, RVT_ISS_REL_I, "iss_rel_i", PORT_IN, ip, 3, "its decoded release flags");
	desc_port(m, RVT_RD_REQ_I, "rd_req_i", PORT_IN, cfg->collectors, 1, "read request");
	desc_port(m, RVT_RD_PID_I, "rd_pid_i", PORT_IN, cfg->collectors, pw, "its physical register");
	desc_port(m, RVT_WR_REQ_I, "wr_req_i", PORT_IN, cfg->write_ports, 1, "write request");
	desc_port(m, RVT_WR_PID_I, "wr_pid_i", PORT_IN, cfg->write_ports, pw, "its physical register");
	pass(m, RVT_WR_MASK_I, f, RFB_WR_MASK_I, "lane mask");
	pass(m, RVT_WR_DATA_I, f, RFB_WR_DATA_I, "write data");
	desc_port(m, RVT_CEV_SLOT_O, "cev_slot_o", PORT_OUT, T, ctw, "launch: the table slot it takes");
	desc_port(m, RVT_LAUNCHED_O, "launched_o", PORT_OUT, cfg->warps, 1, "the warp's launch reached the table");
	desc_port(m, RVT_FREE_SLOTS_O, "free_slots_o", PORT_OUT, 1, cfg_index_bits(T + 1u), "free table CTA slots");
	desc_port(m, RVT_CTL_BUSY_O, "ctl_busy_o", PORT_OUT, 1, 1, "control queue not empty or a sweep runs");
	desc_port(m, RVT_SWEEPING_O, "sweeping_o", PORT_OUT, 1, 1, "a sweep presented earlier still runs");
	desc_port(m, RVT_SPILL_ACK_O, "spill_ack_o", PORT_OUT, 1, 1,
		  "the spill sweep starts at this edge (no sweep runs, no exit sweep asks)");
	desc_port(m, RVT_ISS_REL_O, "iss_rel_o", PORT_OUT, ip, 3, "release flags for rename");
	desc_port(m, RVT_ISS_CACHED_O, "iss_cached_o", PORT_OUT, ip, 1, "they came from the flag cache");
	desc_port(m, RVT_ISS_PROBE_HIT_O, "iss_probe_hit_o", PORT_OUT, ip, 1, "pir-start probe hit");
	desc_port(m, RVT_CTA_SUSP_O, "cta_susp_o", PORT_OUT, cfg->ctas, 1, "throttle suspends the slot's CTA");
	desc_port(m, RVT_REN_VALID_O, "ren_valid_o", PORT_OUT, rv->rename_ports, 1,
		  "a chunk is in the rename port (held, or taken from the queue)");
	desc_port(m, RVT_RQ_COUNT_O, "rq_count_o", PORT_OUT, 1, cfg_index_bits(rv->rename_queue + 1u),
		  "chunks in the rename queue");
	desc_port(m, RVT_RQ_BUSY_O, "rq_busy_o", PORT_OUT, 1, 1, "a chunk queued, in a rename port or just renamed");
	pass(m, RVT_REN_READY_O, rt, RT_REN_READY_O, "chunk leaves rename at this edge");
	pass(m, RVT_OUT_VALID_O, rt, RT_OUT_VALID_O, "renamed chunk");
	pass(m, RVT_OUT_WARP_O, rt, RT_OUT_WARP_O, "its table warp");
	pass(m, RVT_OUT_SRC_PID_O, rt, RT_OUT_SRC_PID_O, "source physical register");
	pass(m, RVT_OUT_SRC_MAPPED_O, rt, RT_OUT_SRC_MAPPED_O, "the source had one");
	pass(m, RVT_OUT_SRC_REL_O, rt, RT_OUT_SRC_REL_O, "free it after reading");
	pass(m, RVT_OUT_DST_PID_O, rt, RT_OUT_DST_PID_O, "destination physical register");
	pass(m, RVT_OUT_DST_NEW_O, rt, RT_OUT_DST_NEW_O, "newly allocated");
	pass(m, RVT_OUT_DST_WAKE_O, rt, RT_OUT_DST_WAKE_O, "allocation woke a subarray");
	pass(m, RVT_SWEEP_BUSY_O, rt, RT_SWEEP_BUSY_O, "a warp-exit sweep runs");
	pass(m, RVT_FREE_CNT_O, rt, RT_FREE_CNT_O, "free registers per bank");
	pass(m, RVT_THROTTLE_O, rt, RT_THROTTLE_O, "GPU-shrink throttle on");
	pass(m, RVT_THROTTLE_CTA_O, rt, RT_THROTTLE_CTA_O, "the favoured CTA slot");
	pass(m, RVT_PG_ON_O, rt, RT_PG_ON_O, "subarray powered");
	pass(m, RVT_PG_WAKING_O, rt, RT_PG_WAKING_O, "subarray waking");
	pass(m, RVT_RD_GNT_O, f, RFB_RD_GNT_O, "read granted");
	pass(m, RVT_WR_GNT_O, f, RFB_WR_GNT_O, "write granted");
	pass(m, RVT_BANK_CONFLICT_O, f, RFB_BANK_CONFLICT_O, "a request to the bank was refused");
	pass(m, RVT_RD_VALID_O, f, RFB_RD_VALID_O, "read data valid");
	pass(m, RVT_RD_DATA_O, f, RFB_RD_DATA_O, "read data");
	for (unsigned j = 0; j < f->nmems; j++)
		m->mems[m->nmems++] = f->mems[j];
	desc_finish(m);
}
