/* rename_table_desc.c: the renaming unit's one description. */
#include "rename_table_desc.h"

int regvirt_present(const struct gpurf_cfg *cfg)
{
	return cfg->scheme == SCHEME_REGVIRT;
}

void desc_rename_table(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_regvirt *rv = &cfg->regvirt;
	unsigned np = rv->rename_ports, nf = rv->free_ports, ns = np * RT_SRCS;
	unsigned ww = cfg_index_bits(cfg->warps), cw = cfg_index_bits(cfg->ctas);
	unsigned rw = rv->d.reg_bits, pw = rv->d.pid_bits, kw = rv->d.cnt_bits;
	unsigned nsub = cfg->banks * rv->subarrays;

	desc_init(m, "rename_table", "RegVirt renaming table, availability vectors, CTA throttle, subarray gating");
	desc_param(m, "NUM_WARPS", "w", cfg->warps, "warp slots");
	desc_param(m, "NUM_CTAS", "c", cfg->ctas, "CTA slots (one balance counter each)");
	desc_param(m, "ARCH_REGS", "a", rv->arch_regs, "architected registers per thread");
	desc_param(m, "PHYS_REGS", "p", rv->d.phys_regs, "physical warp registers");
	desc_param(m, "NUM_BANKS", "b", cfg->banks, "register-file and renaming-table banks");
	desc_param(m, "RENAMED_REGS", "k", rv->d.kcap, "renamable registers per warp (table capacity)");
	desc_param(m, "PORTS", "rp", np, "rename ports");
	desc_param(m, "FREE_PORTS", "fp", nf, "read-time free ports");
	desc_param(m, "SUBARRAYS", "s", rv->subarrays, "power-gating subarrays per bank");
	desc_param(m, "WAKE_LATENCY", "wl", rv->wake_latency, "subarray wake-up cycles");
	desc_param(m, "THROTTLE", "t", rv->throttle, "0: global check (paper), 1: per-bank check");
	desc_param(m, "BANK_MAP", "m", cfg->bank_map, "0: (reg + warp) mod banks, 1: reg mod banks");
	desc_param(m, "LOOKUP_PORTS", "lp", rv->rt_ports, "table lookups per bank per cycle");
	desc_param(m, "BANK_REGS", NULL, rv->d.bank_regs, "physical registers per bank");
	desc_param(m, "ROWS_PER_WARP", NULL, rv->d.rows_per_warp, "table rows of one warp in one bank");
	desc_param(m, "RT_ROWS", NULL, rv->d.rt_rows, "table rows per bank");

	desc_port(m, RT_LAUNCH_I, "launch_i", PORT_IN, 1, 1, "kernel launch: clear mappings, reserve the exempt region");
	desc_port(m, RT_LAUNCH_EXEMPT_I, "launch_exempt_i", PORT_IN, 1, rw, "N, renaming-exempt registers 0..N-1");
	desc_port(m, RT_LAUNCH_DEMAND_I, "launch_demand_i", PORT_IN, 1, kw, "C, worst-case renamed registers of one CTA");
	desc_port(m, RT_LAUNCH_BANK_DEMAND_I, "launch_bank_demand_i", PORT_IN, 1, kw,
		  "C_b, worst-case renamed registers of one CTA in one bank");
	desc_port(m, RT_WL_VALID_I, "wl_valid_i", PORT_IN, 1, 1, "warp launch");
	desc_port(m, RT_WL_WARP_I, "wl_warp_i", PORT_IN, 1, ww, "warp slot launched");
	desc_port(m, RT_WL_CTA_I, "wl_cta_i", PORT_IN, 1, cw, "its CTA slot");
	desc_port(m, RT_EXIT_VALID_I, "exit_valid_i", PORT_IN, 1, 1, "warp exit: sweep its registers");
	desc_port(m, RT_EXIT_WARP_I, "exit_warp_i", PORT_IN, 1, ww, "warp slot exiting");
	desc_port(m, RT_EXIT_SPILL_I, "exit_spill_i", PORT_IN, 1, 1,
		  "spill sweep: unmap and free the warp's registers, the warp stays (Sec. 8.1)");
	desc_port(m, RT_EXIT_KEEP_I, "exit_keep_i", PORT_IN, 1, rv->d.rows_per_warp * cfg->banks,
		  "spill sweep: bit row x banks + bank keeps that entry mapped (an in-flight operand)");
	desc_port(m, RT_REN_VALID_I, "ren_valid_i", PORT_IN, np, 1, "instruction in the rename stage");
	desc_port(m, RT_REN_WARP_I, "ren_warp_i", PORT_IN, np, ww, "its warp");
	desc_port(m, RT_REN_SRC_VALID_I, "ren_src_valid_i", PORT_IN, ns, 1, "source operand present");
	desc_port(m, RT_REN_SRC_I, "ren_src_i", PORT_IN, ns, rw, "source architected register");
	desc_port(m, RT_REN_REL_I, "ren_rel_i", PORT_IN, ns, 1, "release after this read (pir bit, pbr)");
	desc_port(m, RT_REN_DST_VALID_I, "ren_dst_valid_i", PORT_IN, np, 1, "destination present");
	desc_port(m, RT_REN_DST_I, "ren_dst_i", PORT_IN, np, rw, "destination architected register");
	desc_port(m, RT_FREE_VALID_I, "free_valid_i", PORT_IN, nf, 1, "a released register was read: free it");
	desc_port(m, RT_FREE_PID_I, "free_pid_i", PORT_IN, nf, pw, "physical register to free");
	desc_port(m, RT_FREE_WARP_I, "free_warp_i", PORT_IN, nf, ww, "warp that held it");
	desc_port(m, RT_REN_READY_O, "ren_ready_o", PORT_OUT, np, 1, "instruction renamed; leaves at this edge");
	desc_port(m, RT_OUT_VALID_O, "out_valid_o", PORT_OUT, np, 1, "renamed instruction (cycle after ready)");
	desc_port(m, RT_OUT_WARP_O, "out_warp_o", PORT_OUT, np, ww, "its warp");
	desc_port(m, RT_OUT_SRC_PID_O, "out_src_pid_o", PORT_OUT, ns, pw, "source physical register");
	desc_port(m, RT_OUT_SRC_MAPPED_O, "out_src_mapped_o", PORT_OUT, ns, 1, "the source had a physical register");
	desc_port(m, RT_OUT_SRC_REL_O, "out_src_rel_o", PORT_OUT, ns, 1, "unmapped: free the pid once read");
	desc_port(m, RT_OUT_DST_PID_O, "out_dst_pid_o", PORT_OUT, np, pw, "destination physical register");
	desc_port(m, RT_OUT_DST_NEW_O, "out_dst_new_o", PORT_OUT, np, 1, "destination newly allocated");
	desc_port(m, RT_OUT_DST_WAKE_O, "out_dst_wake_o", PORT_OUT, np, 1,
		  "allocation woke a gated subarray: write after WAKE_LATENCY cycles");
	desc_port(m, RT_SWEEP_BUSY_O, "sweep_busy_o", PORT_OUT, 1, 1, "warp-exit sweep running");
	desc_port(m, RT_FREE_CNT_O, "free_cnt_o", PORT_OUT, cfg->banks, kw, "free physical registers per bank");
	desc_port(m, RT_THROTTLE_O, "throttle_o", PORT_OUT, 1, 1, "only the favoured CTA may allocate freely");
	desc_port(m, RT_THROTTLE_CTA_O, "throttle_cta_o", PORT_OUT, 1, cw, "the favoured CTA");
	desc_port(m, RT_PG_ON_O, "pg_on_o", PORT_OUT, nsub, 1, "subarray powered (holds a register)");
	desc_port(m, RT_PG_WAKING_O, "pg_waking_o", PORT_OUT, nsub, 1, "subarray still waking up");
	desc_finish(m);
}
