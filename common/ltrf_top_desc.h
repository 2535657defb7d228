/* ltrf_top_desc.h: ports, parameters and wiring of ltrf_top, the LTRF
 * register-file subsystem: wcb, ltrf_cache (with the Address Allocation
 * Units), ltrf_engine and the main register file (rf_banked with the
 * engine's one read and one write port), joined as in the paper (Fig. 5).
 *
 * Pipeline-facing protocol (docs/ltrf.md, "ltrf_top"):
 *   - commands (cmd_*), one in flight, held until cmd_gnt_o:
 *     ACTIVATE(warp, vec) an inactive warp gets a row (global AAU) and the
 *     vector as its working set; PREFETCH(warp, vec) interval change of an
 *     active warp; DEACTIVATE(warp) writes its working set back (LTRF+:
 *     only registers in cmd_live_i) and frees the row; REACTIVATE(warp) an
 *     inactive warp gets a row and fetches its stored working set (WCB).
 *     cmd_live_i (LTRF+) goes with every command: registers not in it are
 *     dropped on write-back and fetched without data (ACTIVATE /
 *     REACTIVATE send what is live where the warp resumes);
 *   - accesses (acc_*), lookup_ports of them, each a read or a lane-masked
 *     write of (warp, reg): the WCB looks the register up; one cycle later
 *     acc_ack_o (the register cache granted it) or acc_err_o (the register
 *     is not in the warp's cached working set: never served) or neither
 *     (bank conflict: retry); a read's data two cycles after the request;
 *   - ready_o[warp]: the warp holds a row and its whole working set;
 *   - mon_* outputs show the address-table writes and the banks each row
 *     holds, for invariant checks (no logic behind them). */
#ifndef GPURF_LTRF_TOP_DESC_H
#define GPURF_LTRF_TOP_DESC_H

#include "cfg.h"
#include "compose.h"
#include "desc.h"

enum { LT_OP_PREFETCH = 0, LT_OP_DEACTIVATE = 1, LT_OP_ACTIVATE = 2, LT_OP_REACTIVATE = 3 };

/* Command-control states. */
enum { LT_C_IDLE, LT_C_LOOK, LT_C_ISSUE };

enum ltrf_top_port {
	LT_CMD_REQ_I,
	LT_CMD_OP_I,		/* LT_OP_* */
	LT_CMD_WARP_I,
	LT_CMD_VEC_I,		/* [arch_regs] ACTIVATE / PREFETCH working set */
	LT_ACC_REQ_I,		/* [lookup_ports] access */
	LT_ACC_WE_I,		/* [lookup_ports] 1 write, 0 read */
	LT_ACC_WARP_I,
	LT_ACC_REG_I,
	LT_ACC_MASK_I,		/* [lookup_ports] lanes: write lane mask */
	LT_ACC_DATA_I,		/* [lookup_ports] warp_bits: write data */
	LT_CMD_GNT_O,		/* the command is taken this cycle */
	LT_INIT_DONE_O,		/* the WCB's post-reset clearing is over */
	LT_READY_O,		/* [warps] holds a row and its whole working set */
	LT_ACC_ACK_O,		/* [lookup_ports] last cycle's access granted */
	LT_ACC_ERR_O,		/* [lookup_ports] last cycle's access outside the working set */
	LT_RD_VALID_O,		/* [lookup_ports] read data (two cycles after the request) */
	LT_RD_DATA_O,
	LT_MON_TW_REQ_O,	/* the engine's address-table write */
	LT_MON_TW_WARP_O,
	LT_MON_TW_REG_O,
	LT_MON_TW_VALID_O,
	LT_MON_TW_BANK_O,
	LT_MON_BANKS_HELD_O,	/* [active_warps] x regs_per_interval: row AAUs' occupied banks */
	LT_MON_ROWS_USED_O,	/* global AAU's occupied rows */
	LT_NPORTS_LTRF,
	/* LTRF+ only */
	LT_CMD_LIVE_I = LT_NPORTS_LTRF,	/* [arch_regs] live registers (every command) */
	LT_NPORTS
};

/* The submodules, and the top itself as a wiring end. */
enum { LT_U_WCB, LT_U_CACHE, LT_U_ENGINE, LT_U_MRF, LT_U_TOP, LT_NUNITS };

/* The plain wires between the submodules and the top (common/compose.h):
 * one table, copied by the C model, written as assigns by the emitter and
 * reused by the SM model's composition of the same units (sm_rfsys_ltrf.c,
 * which leaves the top's end LT_U_TOP out). */
extern const struct compose_wiring ltrf_top_wiring;

/* Copies every wire of ltrf_top_wiring into end dst from present sources. */
static inline void ltrf_top_wire(const struct compose_ends *e, unsigned dst)
{
	compose_wire(&ltrf_top_wiring, e, dst);
}

/* The main register file LTRF builds: the configuration's rf_banked, same
 * banks and bits, with only the prefetch engine's ports (one read, one
 * write) and words as wide as the narrowed crossbar: each warp register is
 * `beats` xbar_width-bit words, beat k of register r being word
 * r * beats + k of its warp (ltrf_mrf_word()), so a beat is one access and
 * the main file's crossbar is xbar_width bits wide (paper Sec. 4.3). */
static inline struct gpurf_cfg ltrf_mrf_cfg(const struct gpurf_cfg *cfg)
{
	struct gpurf_cfg m = *cfg;
	unsigned beats = cfg->ltrf.d.beats;

	m.collectors = 1;
	m.write_ports = 1;
	m.lanes = cfg->ltrf.d.xbar_width / 32u;
	m.d.warp_bits = cfg->ltrf.d.xbar_width;
	m.d.regs_per_warp *= beats;
	m.d.warp_regs *= beats;
	m.d.rows_per_bank = m.warps * m.d.regs_per_warp / m.banks;
	return m;
}

/* The main-file word of beat k of register r. */
static inline unsigned ltrf_mrf_word(const struct gpurf_cfg *cfg, unsigned r, unsigned k)
{
	return r * cfg->ltrf.d.beats + k;
}

/* Cycles the extra main-file delay line adds: read_latency x
 * (mrf_latency_mult - 1); rf_banked gives the first read_latency. */
static inline unsigned ltrf_top_delay(const struct gpurf_cfg *cfg)
{
	return cfg->read_latency * (cfg->ltrf.mrf_latency_mult - 1u);
}

/* The four submodules' descriptions (index LT_U_*); mrf_cfg must be
 * ltrf_mrf_cfg(cfg) and outlive them. */
void ltrf_top_subdescs(const struct gpurf_cfg *cfg, const struct gpurf_cfg *mrf_cfg, struct module_desc sub[4]);

void desc_ltrf_top(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif
