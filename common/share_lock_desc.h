/* share_lock_desc.h: ports and parameters of register sharing's lock table
 * (Jatala et al. Sec. 4 and 6): the SM sharing bit, the sharer-block id of
 * every block slot, the shared and owner bit of every warp, one lock per
 * warp pair, the threshold comparators of Fig. 4, the deadlock rule and the
 * Owner-Warp-First issue priority.  docs/sharing.md has the cycle
 * behaviour. */
#ifndef GPURF_SHARE_LOCK_DESC_H
#define GPURF_SHARE_LOCK_DESC_H

#include "desc.h"

/* Operands checked per instruction: 3 sources and 1 destination. */
enum { SHL_OPS = 4 };

/* OWF classes, lowest issues first (Sec. 5.1). */
enum { SHL_CLASS_OWNER = 0, SHL_CLASS_UNSHARED = 1, SHL_CLASS_NONOWNER = 2 };

enum share_lock_port {
	SHL_KERN_I,		/* kernel start: load mode and threshold, clear every table */
	SHL_KERN_MODE_I,	/* the SM sharing bit for this kernel */
	SHL_KERN_THRESH_I,	/* u: register indices below it are private */
	SHL_BLK_I,		/* block launch into a slot */
	SHL_BLK_ID_I,
	SHL_BLK_PARTNER_I,	/* sharer block slot, all ones = unshared */
	SHL_BLK_EXIT_I,		/* block finished: its partner becomes owner */
	SHL_BLK_EXIT_ID_I,
	SHL_WARP_I,		/* warp launch: one warp-table write */
	SHL_WARP_ID_I,
	SHL_WARP_BLK_I,		/* block slot of the warp */
	SHL_WARP_SHARED_I,
	SHL_WARP_OWNER_I,
	SHL_WARP_LOCK_I,	/* lock index of the warp's pair */
	SHL_CHK_I,		/* [schedulers] lock check of an issue candidate */
	SHL_CHK_WARP_I,		/* [schedulers] */
	SHL_CHK_REGV_I,		/* [schedulers x 4] operand valid */
	SHL_CHK_REG_I,		/* [schedulers x 4] operand register index */
	SHL_REL_I,		/* warp finished and drained: release its lock */
	SHL_REL_WARP_I,
	SHL_RDY_I,		/* [warps] ready to issue, for the OWF pick */
	SHL_CHK_NEED_O,		/* [schedulers] touches a shared register */
	SHL_CHK_GNT_O,		/* [schedulers] may issue */
	SHL_CHK_ACQ_O,		/* [schedulers] takes the lock this cycle */
	SHL_OWF_V_O,		/* [schedulers] some ready warp */
	SHL_OWF_WARP_O,		/* [schedulers] the Owner-Warp-First pick */
	SHL_CLASS_O,		/* [warps] OWF class */
	SHL_LOCK_HELD_O,	/* [locks] the lock is held */
	SHL_MODE_O,		/* the SM sharing bit */
	SHL_NPORTS
};

/* The structure exists in the sharing scheme. */
int share_lock_present(const struct gpurf_cfg *cfg);
void desc_share_lock(const struct gpurf_cfg *cfg, struct module_desc *m);

/* The reserved codes: a partner id of all ones is "unshared" (the paper's
 * -1), a lock holder of all ones is FREE. */
static inline unsigned share_lock_none(const struct gpurf_cfg *cfg)
{
	return (1u << cfg->sharing.d.partner_bits) - 1u;
}

static inline unsigned share_lock_free(const struct gpurf_cfg *cfg)
{
	return (1u << cfg->sharing.d.lock_bits) - 1u;
}

#endif
