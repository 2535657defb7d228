/* rename_table_desc.h: ports, parameters and address maps of RegVirt's
 * register renaming unit (Sec. 7.1, 8.1, 8.2): the banked renaming table,
 * the per-bank physical-register availability vectors, the CTA throttle
 * counters and the subarray power-gating state, in one module because
 * every allocation and release updates all four in the same cycle.
 *
 * Interface summary (docs/regvirt.md has the protocol and timing):
 *   launch_*   kernel launch: exempt count N, per-CTA demands; clears all
 *   wl_*       warp launch: binds a warp slot to a CTA slot
 *   ren_*      one instruction per rename port, held until ren_ready_o:
 *              3 sources (with pir release bits) and 1 destination
 *   out_*      the renamed instruction, one cycle after ren_ready_o (the
 *              paper's extra pipeline cycle)
 *   free_*     read-time frees of released registers (operand collector)
 *   exit_*     warp exit: sweep and free everything the warp holds
 * A pbr is renamed like an instruction whose sources all carry release
 * bits and which has no destination; its registers are freed like any
 * other released source. */
#ifndef GPURF_RENAME_TABLE_DESC_H
#define GPURF_RENAME_TABLE_DESC_H

#include "desc.h"
#include "rf_banked_desc.h"

enum { RT_SRCS = 3, RT_SLOTS = 4 };	/* per instruction: 3 sources (CUDA ISA) + 1 destination */
/* exit_keep_i's words: rows_per_warp x banks <= 255 + 63 bits ([regvirt]
 * arch_regs <= 255, [rf] banks <= 64, common/cfg*.c) */
enum { RT_KEEP_WORDS = (255 + 63 + 31) / 32 };

enum rename_table_port {
	RT_LAUNCH_I,		/* kernel launch (only while idle) */
	RT_LAUNCH_EXEMPT_I,	/* N: registers 0..N-1 are renaming-exempt */
	RT_LAUNCH_DEMAND_I,	/* C: renamed registers one CTA may need (global check) */
	RT_LAUNCH_BANK_DEMAND_I,/* C_b: the same per bank (per_bank check) */
	RT_WL_VALID_I,		/* warp launch */
	RT_WL_WARP_I,
	RT_WL_CTA_I,
	RT_EXIT_VALID_I,	/* warp exit: start the sweep (only while !sweep_busy_o) */
	RT_EXIT_WARP_I,
	RT_EXIT_SPILL_I,	/* the sweep is a spill: the warp stays (its CTA's warp count kept) */
	RT_EXIT_KEEP_I,		/* [rows_per_warp x banks] spill: entries the sweep leaves mapped */
	RT_REN_VALID_I,		/* [ports] */
	RT_REN_WARP_I,		/* [ports] */
	RT_REN_SRC_VALID_I,	/* [ports x 3] */
	RT_REN_SRC_I,		/* [ports x 3] architected register */
	RT_REN_REL_I,		/* [ports x 3] release after this read (pir bit / pbr) */
	RT_REN_DST_VALID_I,	/* [ports] */
	RT_REN_DST_I,		/* [ports] */
	RT_FREE_VALID_I,	/* [free ports] */
	RT_FREE_PID_I,		/* [free ports] physical register {bank, index} */
	RT_FREE_WARP_I,		/* [free ports] warp that held it */
	RT_REN_READY_O,		/* [ports] the instruction leaves rename at this edge */
	RT_OUT_VALID_O,		/* [ports] renamed instruction (one cycle later) */
	RT_OUT_WARP_O,		/* [ports] */
	RT_OUT_SRC_PID_O,	/* [ports x 3] */
	RT_OUT_SRC_MAPPED_O,	/* [ports x 3] the source had a physical register */
	RT_OUT_SRC_REL_O,	/* [ports x 3] free this pid after reading it */
	RT_OUT_DST_PID_O,	/* [ports] */
	RT_OUT_DST_NEW_O,	/* [ports] newly allocated (else written in place / exempt) */
	RT_OUT_DST_WAKE_O,	/* [ports] allocation woke a gated subarray: wait WAKE_LATENCY */
	RT_SWEEP_BUSY_O,	/* a warp-exit sweep is running */
	RT_FREE_CNT_O,		/* [banks] free physical registers per bank */
	RT_THROTTLE_O,		/* only warps of throttle_cta_o may allocate freely */
	RT_THROTTLE_CTA_O,	/* the favoured CTA (minimum remaining need) */
	RT_PG_ON_O,		/* [banks x subarrays] subarray powered (holds a register) */
	RT_PG_WAKING_O,		/* [banks x subarrays] wake-up delay still running */
	RT_NPORTS
};

void desc_rename_table(const struct gpurf_cfg *cfg, struct module_desc *m);

/* Whether the configuration has RegVirt's structures. */
int regvirt_present(const struct gpurf_cfg *cfg);

/* Home bank of warp w's architected register r: the bank the register file
 * would use without renaming (the paper's bank constraint, Sec. 7.1). */
static inline unsigned rt_home_bank(const struct gpurf_cfg *cfg, unsigned w, unsigned r)
{
	return rf_banked_bank(cfg, w, r);
}

/* Table rows of one warp per bank used by the exempt region: ceil(N/banks). */
static inline unsigned rt_exempt_rows(const struct gpurf_cfg *cfg, unsigned n_exempt)
{
	return (n_exempt + cfg->banks - 1u) / cfg->banks;
}

/* Bank index of exempt register r < N of warp w: the lowest
 * warps x ceil(N/banks) indices of every bank hold the exempt registers
 * (spec 7, item 4: the paper's N x w + r ignores the bank constraint). */
static inline unsigned rt_exempt_index(const struct gpurf_cfg *cfg, unsigned n_exempt, unsigned w, unsigned r)
{
	return w * rt_exempt_rows(cfg, n_exempt) + r / cfg->banks;
}

/* Renaming-table row (in bank rt_home_bank) of renamed register r >= N. */
static inline unsigned rt_row(const struct gpurf_cfg *cfg, unsigned n_exempt, unsigned w, unsigned r)
{
	return w * cfg->regvirt.d.rows_per_warp + (r - n_exempt) / cfg->banks;
}

static inline unsigned rt_pid(const struct gpurf_cfg *cfg, unsigned bank, unsigned idx)
{
	return bank << cfg->regvirt.d.idx_bits | idx;
}

static inline unsigned rt_pid_bank(const struct gpurf_cfg *cfg, unsigned pid)
{
	return pid >> cfg->regvirt.d.idx_bits;
}

static inline unsigned rt_pid_index(const struct gpurf_cfg *cfg, unsigned pid)
{
	return pid & ((1u << cfg->regvirt.d.idx_bits) - 1u);
}

#endif
