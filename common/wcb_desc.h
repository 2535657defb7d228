/* wcb_desc.h: ports and parameters of the LTRF Warp Control Block.
 *
 * The WCB (paper Sec. 4.1, Fig. 7) is per-warp metadata: the register-cache
 * address table (one {valid, bank} entry per architectural register), the
 * warp-offset address (the register-cache row the warp owns), the
 * working-set bit-vector and, for LTRF+, the liveness bit-vector.
 * docs/ltrf.md has the cycle behaviour; in short:
 *   - after reset the WCB clears every table entry and vector itself
 *     (ready_o rises after warps x regs cycles); inputs are ignored until then;
 *   - a lookup (lk_*) answers one cycle later (the paper's +1 cycle);
 *   - a vector read (vr_*) answers one cycle later with the working set,
 *     liveness and offset of one warp;
 *   - writes land at the clock edge; reads of the same cycle see the old
 *     contents (read-first). */
#ifndef GPURF_WCB_DESC_H
#define GPURF_WCB_DESC_H

#include "desc.h"

/* Port order is the bus order.  The liveness ports come last so that an
 * LTRF (not LTRF+) WCB simply stops at WCB_NPORTS_LTRF. */
enum wcb_port {
	WCB_LK_REQ_I,		/* [lookup_ports] address-table lookup */
	WCB_LK_WARP_I,
	WCB_LK_REG_I,
	WCB_TW_REQ_I,		/* table write: entry (warp, reg) := {valid, bank} */
	WCB_TW_WARP_I,
	WCB_TW_REG_I,
	WCB_TW_VALID_I,
	WCB_TW_BANK_I,
	WCB_OF_WE_I,		/* warp-offset write */
	WCB_OF_WARP_I,
	WCB_OF_OFFSET_I,
	WCB_WS_WE_I,		/* working-set bit-vector write */
	WCB_WS_WARP_I,
	WCB_WS_VEC_I,		/* [arch_regs] bits */
	WCB_VR_REQ_I,		/* vector read of one warp */
	WCB_VR_WARP_I,
	WCB_READY_O,		/* initialisation done */
	WCB_LK_VALID_O,		/* [lookup_ports] answer to last cycle's lookup */
	WCB_LK_HIT_O,		/* [lookup_ports] entry valid: the register is cached */
	WCB_LK_BANK_O,		/* [lookup_ports] its register-cache bank; 0 unless hit */
	WCB_LK_OFFSET_O,	/* [lookup_ports] the warp's offset; 0 unless hit */
	WCB_VR_VALID_O,
	WCB_VR_OFFSET_O,
	WCB_VR_WS_O,		/* [arch_regs] bits; 0 unless valid */
	WCB_NPORTS_LTRF,
	/* LTRF+ only */
	WCB_LV_CLR_I = WCB_NPORTS_LTRF,	/* dead-operand bit: live[warp][reg] := 0 */
	WCB_LV_CLR_WARP_I,
	WCB_LV_CLR_REG_I,
	WCB_LV_SET_I,		/* register written: live[warp][reg] := 1 (after a clear) */
	WCB_LV_SET_WARP_I,
	WCB_LV_SET_REG_I,
	WCB_VR_LIVE_O,		/* [arch_regs] bits; 0 unless valid */
	WCB_NPORTS
};

/* Memories, in mem_desc order. */
enum { WCB_MEM_TABLE, WCB_MEM_WS, WCB_MEM_LIVE };

/* Whether the configuration has the LTRF structures (LTRF or LTRF+). */
int ltrf_present(const struct gpurf_cfg *cfg);

void desc_wcb(const struct gpurf_cfg *cfg, struct module_desc *m);

/* Address-table row of (warp, reg): warp-major. */
static inline unsigned wcb_table_row(const struct gpurf_cfg *cfg, unsigned w, unsigned r)
{
	return w * cfg->ltrf.d.arch_regs + r;
}

/* Cycles the post-reset initialisation takes: one table row per cycle. */
static inline unsigned wcb_init_cycles(const struct gpurf_cfg *cfg)
{
	return cfg->warps * cfg->ltrf.d.arch_regs;
}

#endif
