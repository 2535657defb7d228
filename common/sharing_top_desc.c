/* sharing_top_desc.c: the register-sharing subsystem top's description and
 * wiring.  No memories of its own: the file and the lock table are modules
 * of the design (their rows of the area report; the top is charged for its
 * glue). */
#include "sharing_top_desc.h"

#include "rf_banked_desc.h"
#include "share_lock_desc.h"

#define C(du, dp, su, sp) {SHT_U_##du, dp, SHT_U_##su, sp}

static const struct compose_conn conns[] = {
	/* kernel start: the lock table loads the sharing bit and u */
	C(LOCK, SHL_KERN_I, TOP, SHT_KERN_START_I),
	C(LOCK, SHL_KERN_MODE_I, TOP, SHT_KERN_MODE_I),
	C(LOCK, SHL_KERN_THRESH_I, TOP, SHT_KERN_U_I),
	SMT_FILE_CONNS(SHT_U_RF, SHT_U_TOP),
	/* the lock table's */
	C(TOP, SHT_CLASS_O, LOCK, SHL_CLASS_O),
	C(TOP, SHT_MON_CHK_GNT_O, LOCK, SHL_CHK_GNT_O),
	C(TOP, SHT_MON_CHK_ACQ_O, LOCK, SHL_CHK_ACQ_O),
};

#undef C

const struct compose_wiring sharing_top_wiring = {conns, sizeof conns / sizeof conns[0], SHT_U_TOP};

int sharing_top_present(const struct gpurf_cfg *cfg)
{
	return cfg->scheme == SCHEME_SHARING;
}

void desc_sharing_top(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_sharing *s = &cfg->sharing;
	unsigned W = cfg->warps, ns = cfg->schedulers, L = sharing_top_lanes(cfg), CL = sharing_top_cta_lanes(cfg);
	unsigned ww = cfg_index_bits(W), cw = cfg_index_bits((unsigned long)cfg->ctas + 1u);

	desc_init(m, "sharing_top", "register-sharing subsystem: lock table, banked file, pair register "
				    "mapping, lock-table write queue, issue gating");
	desc_param(m, "NUM_WARPS", "w", W, "warps");
	desc_param(m, "NUM_BLOCKS", "t", cfg->ctas, "CTA slots");
	desc_param(m, "NUM_SCHED", "s", ns, "schedulers");
	desc_param(m, "REG_W", "rw", s->d.reg_bits, "register index width (the kernel's)");
	desc_param(m, "DWE", "dwe", s->dwe, "Dynamic Warp Execution");
	desc_rf_banked_file_params(cfg, m);
	desc_param(m, "LANES_PUSH", NULL, L, "lock-table writes a cycle = queue entries");
	desc_param(m, "LANES_CTA", NULL, CL, "CTA event lanes");
	sm_top_rf_ports(cfg, m);
	desc_port(m, SHT_KERN_START_I, "kern_start_i", PORT_IN, 1, 1, "kernel start (one cycle)");
	desc_port(m, SHT_KERN_MODE_I, "kern_mode_i", PORT_IN, 1, 1, "the kernel shares (held)");
	desc_port(m, SHT_KERN_U_I, "kern_u_i", PORT_IN, 1, s->d.reg_bits, "u: private registers per warp (held)");
	desc_port(m, SHT_KERN_REGS_I, "kern_regs_i", PORT_IN, 1, s->d.reg_bits, "registers per thread (held)");
	desc_port(m, SHT_KERN_WPC_I, "kern_wpc_i", PORT_IN, 1, cfg_index_bits((unsigned long)W + 1u),
		  "warps per CTA (held)");
	desc_port(m, SHT_KERN_PAIRS_I, "kern_pairs_i", PORT_IN, 1, cw, "shared pairs S (held)");
	desc_port(m, SHT_KERN_G_I, "kern_g_i", PORT_IN, 1, cw, "g: resident CTAs - S (held)");
	desc_port(m, SHT_KERN_SEED_I, "kern_seed_i", PORT_IN, 1, SHT_LFSR_BITS,
		  "DWE: the LFSR's seed (the SM index), loaded at kernel start (held)");
	desc_port(m, SHT_DWE_PROB_I, "dwe_prob_i", PORT_IN, 1, SHT_DWE_PROB_BITS,
		  "DWE: issue probability of a non-owner global / local access, tenths (>= 10: always)");
	desc_port(m, SHT_CEV_VALID_I, "cev_valid_i", PORT_IN, CL, 1, "a CTA event (lanes in SM order)");
	desc_port(m, SHT_CEV_EXIT_I, "cev_exit_i", PORT_IN, CL, 1, "1 exit, 0 launch");
	desc_port(m, SHT_CEV_SLOT_I, "cev_slot_i", PORT_IN, CL, s->d.blk_bits, "CTA slot");
	desc_port(m, SHT_LW_VALID_I, "lw_valid_i", PORT_IN, W, 1, "the warp joins a launched CTA");
	desc_port(m, SHT_LW_SLOT_I, "lw_slot_i", PORT_IN, W, s->d.blk_bits, "its CTA slot");
	desc_port(m, SHT_LW_K_I, "lw_k_i", PORT_IN, W, ww, "its index in the CTA");
	desc_port(m, SHT_DRAINED_I, "drained_i", PORT_IN, W, 1, "finished, every instruction retired");
	desc_port(m, SHT_ISS_I, "iss_i", PORT_IN, ns, 1, "an instruction issued");
	desc_port(m, SHT_ISS_WARP_I, "iss_warp_i", PORT_IN, ns, ww, "its warp");
	desc_port(m, SHT_ISS_SHARED_I, "iss_shared_i", PORT_IN, ns, 1, "it names a shared register");
	desc_port(m, SHT_ISS_SREG_I, "iss_sreg_i", PORT_IN, ns, s->d.reg_bits, "the first (split numbering)");
	desc_port(m, SHT_WARP_VALID_I, "warp_valid_i", PORT_IN, W, 1, "resident and not finished");
	desc_port(m, SHT_WARP_SHARED_I, "warp_shared_i", PORT_IN, W, 1, "next instruction names a shared register");
	desc_port(m, SHT_WARP_MEM_I, "warp_mem_i", PORT_IN, W, 1, "next instruction is a global / local access");
	desc_port(m, SHT_OK_O, "ok_o", PORT_OUT, W, 1, "may issue an instruction naming a shared register");
	desc_port(m, SHT_CLASS_O, "class_o", PORT_OUT, W, 2, "OWF class: 0 owner, 1 unshared, 2 non-owner");
	desc_port(m, SHT_ISSUABLE_O, "issuable_o", PORT_OUT, W, 1, "DWE: 0 held back");
	desc_port(m, SHT_WAIT_O, "wait_o", PORT_OUT, W, 1, "wants a shared register, may not take its lock");
	desc_port(m, SHT_PAIRED_O, "paired_o", PORT_OUT, W, 1, "launched into a slot of a shared pair");
	desc_port(m, SHT_BUSY_O, "busy_o", PORT_OUT, 1, 1, "lock-table writes queued, or a DWE draw this cycle");
	desc_port(m, SHT_MON_CHK_GNT_O, "mon_chk_gnt_o", PORT_OUT, ns, 1, "monitor: lock check granted");
	desc_port(m, SHT_MON_CHK_ACQ_O, "mon_chk_acq_o", PORT_OUT, ns, 1, "monitor: the check took the lock");
	desc_port(m, SHT_MON_POP_O, "mon_pop_o", PORT_OUT, 1, 1, "monitor: a lock-table write");
	desc_port(m, SHT_MON_REL_O, "mon_rel_o", PORT_OUT, 1, 1, "monitor: it released a held lock");
	desc_finish(m);
}
