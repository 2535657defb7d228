/* share_lock_desc.c: the register-sharing lock table's one description. */
#include "share_lock_desc.h"

int share_lock_present(const struct gpurf_cfg *cfg)
{
	return cfg->scheme == SCHEME_SHARING;
}

void desc_share_lock(const struct gpurf_cfg *cfg, struct module_desc *m)
{
	const struct cfg_sharing *s = &cfg->sharing;
	unsigned ns = cfg->schedulers, w = cfg->warps;

	desc_init(m, "share_lock", "register sharing: sharer-block table, shared/owner bits, "
				   "pair locks, threshold check, Owner-Warp-First pick");
	desc_param(m, "NUM_WARPS", "w", w, "warp slots (W)");
	desc_param(m, "NUM_BLOCKS", "t", cfg->ctas, "block slots (T)");
	desc_param(m, "NUM_SCHED", "s", ns, "lock-check ports, one per scheduler");
	desc_param(m, "REG_W", "r", s->d.reg_bits, "register index width");
	desc_param(m, "NUM_LOCKS", NULL, s->d.nlocks, "floor(W/2): one lock per warp pair");
	desc_param(m, "PAPER_BITS", NULL, s->d.paper_bits, "the paper's count (Sec. 6)");

	desc_port(m, SHL_KERN_I, "kern_i", PORT_IN, 1, 1, "kernel start: load mode/threshold, clear tables");
	desc_port(m, SHL_KERN_MODE_I, "kern_mode_i", PORT_IN, 1, 1, "SM sharing bit of the kernel");
	desc_port(m, SHL_KERN_THRESH_I, "kern_thresh_i", PORT_IN, 1, s->d.reg_bits,
		  "u: registers below it are private");
	desc_port(m, SHL_BLK_I, "blk_i", PORT_IN, 1, 1, "block launch");
	desc_port(m, SHL_BLK_ID_I, "blk_id_i", PORT_IN, 1, s->d.blk_bits, "block slot launched");
	desc_port(m, SHL_BLK_PARTNER_I, "blk_partner_i", PORT_IN, 1, s->d.partner_bits,
		  "its sharer block slot, all ones = unshared");
	desc_port(m, SHL_BLK_EXIT_I, "blk_exit_i", PORT_IN, 1, 1, "block finished");
	desc_port(m, SHL_BLK_EXIT_ID_I, "blk_exit_id_i", PORT_IN, 1, s->d.blk_bits, "block slot finished");
	desc_port(m, SHL_WARP_I, "warp_i", PORT_IN, 1, 1, "warp launch");
	desc_port(m, SHL_WARP_ID_I, "warp_id_i", PORT_IN, 1, s->d.warp_bits, "warp slot launched");
	desc_port(m, SHL_WARP_BLK_I, "warp_blk_i", PORT_IN, 1, s->d.blk_bits, "its block slot");
	desc_port(m, SHL_WARP_SHARED_I, "warp_shared_i", PORT_IN, 1, 1, "it is a shared warp");
	desc_port(m, SHL_WARP_OWNER_I, "warp_owner_i", PORT_IN, 1, 1, "it is an owner warp");
	desc_port(m, SHL_WARP_LOCK_I, "warp_lock_i", PORT_IN, 1, s->d.lock_idx_bits, "lock index of its pair");
	desc_port(m, SHL_CHK_I, "chk_i", PORT_IN, ns, 1, "lock check of an issue candidate");
	desc_port(m, SHL_CHK_WARP_I, "chk_warp_i", PORT_IN, ns, s->d.warp_bits, "candidate warp");
	desc_port(m, SHL_CHK_REGV_I, "chk_regv_i", PORT_IN, ns * SHL_OPS, 1,
		  "operand valid (3 sources, 1 destination per scheduler)");
	desc_port(m, SHL_CHK_REG_I, "chk_reg_i", PORT_IN, ns * SHL_OPS, s->d.reg_bits, "operand register index");
	desc_port(m, SHL_REL_I, "rel_i", PORT_IN, 1, 1, "warp finished and drained");
	desc_port(m, SHL_REL_WARP_I, "rel_warp_i", PORT_IN, 1, s->d.warp_bits, "the finished warp");
	desc_port(m, SHL_RDY_I, "rdy_i", PORT_IN, w, 1, "warp ready to issue (for the OWF pick)");
	desc_port(m, SHL_CHK_NEED_O, "chk_need_o", PORT_OUT, ns, 1, "candidate touches a shared register");
	desc_port(m, SHL_CHK_GNT_O, "chk_gnt_o", PORT_OUT, ns, 1, "candidate may issue");
	desc_port(m, SHL_CHK_ACQ_O, "chk_acq_o", PORT_OUT, ns, 1, "candidate takes its pair's lock now");
	desc_port(m, SHL_OWF_V_O, "owf_v_o", PORT_OUT, ns, 1, "a ready warp exists for this scheduler");
	desc_port(m, SHL_OWF_WARP_O, "owf_warp_o", PORT_OUT, ns, s->d.warp_bits,
		  "Owner-Warp-First pick: owner, unshared, non-owner; oldest first");
	desc_port(m, SHL_CLASS_O, "class_o", PORT_OUT, w, 2, "OWF class: 0 owner, 1 unshared, 2 non-owner");
	desc_port(m, SHL_LOCK_HELD_O, "lock_held_o", PORT_OUT, s->d.nlocks, 1, "lock held by a warp");
	desc_port(m, SHL_MODE_O, "mode_o", PORT_OUT, 1, 1, "SM sharing bit");
	desc_finish(m);
}
