/* ltrf_top_desc.h: ports, parameters and wiring of ltrf_top, the LTRF
 * register-file subsystem exactly as the SM model composes it
 * (cmodel/sm/sm_rfsys_ltrf.c drives it): wcb, ltrf_cache (with the Address
 * Allocation Units), ltrf_engine and the main register file (rf_banked:
 * one read port and write port 0 for the engine's beats, write ports
 * 1..write_ports for execution writes of registers not cached), joined as
 * in the paper (Fig. 5).
 *
 * Pipeline-facing protocol (docs/ltrf.md, "ltrf_top"):
 *   - state outputs (from flops): init_done_o (the WCB's post-reset
 *     clearing is over: nothing before), row_busy_o / row_ready_o per
 *     register-cache row (the engine's busy / ready), oa_ok_o / oa_off_o
 *     (the global AAU's head row), rd_valid_o / rd_data_o (last cycle's
 *     granted cache reads), lk_pending_o (a lookup answer waits for its
 *     access);
 *   - cmd_* : an engine command, taken at this edge; the row must not be
 *     busy.  cmd_op_i PREFETCH(row, warp, vec[, live]) makes vec the row's
 *     working set (it is also written to the warp's WCB working-set
 *     vector); with cmd_alloc_i the row is the global AAU's head
 *     (cmd_row_i = oa_off_o, oa_ok_o): it is allocated and becomes the
 *     warp's offset in the WCB (an activation); a warp is activated only
 *     when it holds no row, i.e. after free_o returned its last one (one
 *     warp, one offset: the WCB and the main file cannot tell two rows of
 *     a warp apart).  DEACTIVATE(row, warp[,
 *     live]) writes the working set back; the row then returns to the
 *     global AAU by itself: free_o / free_row_o (from flops) show the row
 *     freed at this edge: of the rows whose DEACTIVATE was taken at least
 *     two edges ago and whose engine job is over, the one of the lowest
 *     warp (the SM's row freeing, moved into the top);
 *   - rd_* per collector: a read of (warp, reg) whose warp's row is ready
 *     and not commanded this cycle.  A collector whose lookup of the same
 *     (warp, reg) was answered this cycle reads the register cache
 *     (rd_gnt_o: granted, data next cycle on rd_valid_o; rd_miss_o: the
 *     register is not cached, never served); otherwise it asks for one of
 *     the lookup_ports WCB lookups (answer next cycle);
 *   - wr_* per write port: a lane-masked write.  wr_cached_i = 1 (the
 *     warp's row is ready and not commanded): as a read, WCB lookup first,
 *     then the cache on a hit or main-file write port p + 1 on a miss;
 *     with wr_loc_i the write brings its location instead (wr_hit_i,
 *     wr_bank_i, wr_off_i: what a lookup would answer now, which the SM
 *     knows from its collector's destination lookup while no command went
 *     to the warp since) and goes at once, no lookup;
 *     wr_cached_i = 0: the warp holds no row, straight to main-file port
 *     p + 1.  wr_gnt_o: written; wr_direct_o: it went to the main file;
 *   - dl_* per collector: a destination lookup (paper Sec. 4.1: the
 *     collector probes the address table for its instruction's
 *     registers); dl_gnt_o: it got a lookup port; the cycle after,
 *     dl_valid_o with dl_hit_o / dl_bank_o / dl_off_o (0 unless valid);
 *   - lookups are given in order: writes by port, then reads by collector,
 *     then destination lookups by collector, at most lookup_ports per
 *     cycle (lk_issued_o of them; lk_stalled_o accesses wanted one and
 *     retry);
 *   - mon_* outputs show the engine's main-file beat and grant, the main
 *     file's bank conflicts, the address-table writes and the banks each
 *     row holds (statistics and invariant checks; no logic behind them). */
#ifndef GPURF_LTRF_TOP_DESC_H
#define GPURF_LTRF_TOP_DESC_H

#include "cfg.h"
#include "compose.h"
#include "desc.h"

enum ltrf_top_port {
	LT_CMD_REQ_I,
	LT_CMD_OP_I,		/* LE_OP_* */
	LT_CMD_ROW_I,
	LT_CMD_WARP_I,
	LT_CMD_VEC_I,		/* [arch_regs] PREFETCH: the working set */
	LT_CMD_ALLOC_I,		/* the row is the global AAU's head: allocate it (activation) */
	LT_RD_REQ_I,		/* [collectors] */
	LT_RD_WARP_I,
	LT_RD_REG_I,
	LT_WR_REQ_I,		/* [write_ports] */
	LT_WR_CACHED_I,		/* [write_ports] 1: look up, cache or main file; 0: main file */
	LT_WR_WARP_I,
	LT_WR_REG_I,
	LT_WR_MASK_I,
	LT_WR_DATA_I,
	LT_WR_LOC_I,		/* [write_ports] the write brings its location (wr_hit_i, wr_bank_i, wr_off_i) */
	LT_WR_HIT_I,		/* [write_ports] that location: cached */
	LT_WR_BANK_I,		/* [write_ports] its register-cache bank */
	LT_WR_OFF_I,		/* [write_ports] its row */
	LT_DL_REQ_I,		/* [collectors] a destination's lookup (no access) */
	LT_DL_WARP_I,
	LT_DL_REG_I,
	LT_INIT_DONE_O,		/* the WCB's post-reset clearing done */
	LT_ROW_BUSY_O,		/* [active_warps] the row has a transfer job */
	LT_ROW_READY_O,		/* [active_warps] the row holds its whole working set */
	LT_OA_OK_O,		/* a row is free (global AAU) */
	LT_OA_OFF_O,		/* the row an activation takes */
	LT_FREE_O,		/* a row whose DEACTIVATE finished goes back to the global AAU now */
	LT_FREE_ROW_O,		/* that row */
	LT_RD_GNT_O,		/* [collectors] cache read granted */
	LT_RD_MISS_O,		/* [collectors] the looked-up register is not cached */
	LT_RD_VALID_O,		/* [collectors] read data (cycle after the grant) */
	LT_RD_DATA_O,
	LT_WR_GNT_O,		/* [write_ports] written */
	LT_WR_DIRECT_O,		/* [write_ports] to the main file (not the cache) */
	LT_LK_ISSUED_O,		/* WCB lookups issued this cycle */
	LT_LK_STALLED_O,	/* accesses that wanted a lookup port and got none */
	LT_LK_PENDING_O,	/* a lookup answer is due next cycle */
	LT_DL_GNT_O,		/* [collectors] the destination lookup got a lookup port */
	LT_DL_VALID_O,		/* [collectors] last cycle's granted destination lookup answered */
	LT_DL_HIT_O,		/* [collectors] its register is cached */
	LT_DL_BANK_O,		/* [collectors] in this bank */
	LT_DL_OFF_O,		/* [collectors] of this row */
	LT_MON_BEAT_GNT_O,	/* the engine's main-file beat is granted */
	LT_MON_BEAT_WE_O,
	LT_MON_BEAT_WARP_O,
	LT_MON_BEAT_REG_O,
	LT_MON_MRF_CONFLICT_O,	/* [banks] the main file's bank conflicts */
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

extern const struct compose_wiring ltrf_top_wiring;

/* The main register file LTRF builds (as the SM model always had it): the
 * configuration's rf_banked, same banks and registers, with the engine's
 * P = [ltrf] engine_ports read ports 0..P-1 and write ports 0..P-1, the
 * execution write ports P..P+write_ports-1, and read latency mrf_latency
 * (read_latency x mrf_latency_mult).  An engine beat is a lane-masked
 * access: beat k of a register is lanes [k x xbar_width/32, (k + 1) x
 * xbar_width/32). */
static inline struct gpurf_cfg ltrf_mrf_cfg(const struct gpurf_cfg *cfg)
{
	struct gpurf_cfg m = *cfg;

	m.read_latency = cfg->ltrf.d.mrf_latency;
	m.collectors = cfg->ltrf.engine_ports;
	m.write_ports = cfg->write_ports + cfg->ltrf.engine_ports;
	return m;
}

/* The four submodules' descriptions (index LT_U_*); mrf_cfg must be
 * ltrf_mrf_cfg(cfg) and outlive them. */
void ltrf_top_subdescs(const struct gpurf_cfg *cfg, const struct gpurf_cfg *mrf_cfg, struct module_desc sub[4]);

void desc_ltrf_top(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif
