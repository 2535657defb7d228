/* wcb_desc.h: ports and parameters of the LTRF Warp Control Block.
 *
 * The WCB (paper Sec. 4.1, Fig. 7) is per-warp metadata: the register-cache
 * address table (one {valid, bank} entry per architectural register), the
 * warp-offset address (the register-cache row the warp owns), the
 * working-set bit-vector and, for LTRF+, the liveness bit-vector.
 * docs/ltrf.md has the cycle behaviour; in short:
 *   - after reset the WCB clears every table entry and vector itself
 *     (ready_o rises after wcb_init_cycles); inputs are ignored until then;
 *   - table write lane k writes bank k % [ltrf] wcb_banks: its register r
 *     has r % wcb_banks == k % wcb_banks (the engine's commit lanes);
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

/* The address table is [ltrf] wcb_banks banks (B, a power of two):
 * register r of every warp lives in bank r % B, at row
 * warp x ceil(R / B) + r / B of it.  B = 1 is one warp-major table. */
static inline unsigned wcb_banks(const struct gpurf_cfg *cfg)
{
	return cfg->ltrf.wcb_banks ? cfg->ltrf.wcb_banks : 1u;
}

static inline unsigned wcb_regs_per_bank(const struct gpurf_cfg *cfg)
{
	return (cfg->ltrf.d.arch_regs + wcb_banks(cfg) - 1u) / wcb_banks(cfg);
}

static inline unsigned wcb_bank_rows(const struct gpurf_cfg *cfg)
{
	return cfg->warps * wcb_regs_per_bank(cfg);
}

/* Register bits that name its table bank: log2 B, 0 with one bank. */
static inline unsigned wcb_bank_index_bits(const struct gpurf_cfg *cfg)
{
	unsigned bits = 0;

	while ((1u << bits) < wcb_banks(cfg))
		bits++;
	return bits;
}

static inline unsigned wcb_table_bank(const struct gpurf_cfg *cfg, unsigned r)
{
	return r % wcb_banks(cfg);
}

static inline unsigned wcb_table_row(const struct gpurf_cfg *cfg, unsigned w, unsigned r)
{
	return w * wcb_regs_per_bank(cfg) + r / wcb_banks(cfg);
}

/* Table-write (commit) lanes per bank: lane k writes bank k % B. */
static inline unsigned wcb_lanes_per_bank(const struct gpurf_cfg *cfg)
{
	return cfg->ltrf.fill_ports / wcb_banks(cfg);
}

/* Cycles the post-reset initialisation takes: one row of every bank per
 * cycle (the vectors' warps rows alongside: a bank has at least warps rows). */
static inline unsigned wcb_init_cycles(const struct gpurf_cfg *cfg)
{
	return wcb_bank_rows(cfg);
}

#endif
