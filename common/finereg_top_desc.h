/* finereg_top_desc.h: ports, parameters and wiring of finereg_top, the
 * FineReg register-file subsystem of the SM: the ACRF (rf_banked), the
 * PCRF, the register management unit and the CTA status monitor, with the
 * subsystem's glue (docs/finereg.md, "finereg_top").
 *
 * Boundary (the SM's, in hardware terms):
 *   - rd_* [collectors]: a collector's read of register `reg` of warp
 *     `warp` of resident CTA `cta` (the decode stage's CTA id and warp
 *     within the CTA); rd_gnt_o this cycle, rd_valid_o / rd_data_o
 *     read_latency cycles after the grant;
 *   - wr_* [write_ports]: a lane-masked write, same addressing; wr_gnt_o.
 *     A write to a CTA whose registers are not in the ACRF (pol_active_i
 *     clear) goes to the deferred-write buffer (deferred_writes entries,
 *     granted while it has room: back-pressure when full) and lands in the
 *     CTA's ACRF slot when the CTA drains (pol_drain_*), oldest first,
 *     on a write port the core leaves free;
 *   - vec_*: the off-chip liveness-vector memory the RMU fetches from on
 *     a live-register-cache miss (program data: the SM answers);
 *   - the RMU's command and status, the status monitor's updates and
 *     decision.
 * Inputs named pol_* carry the switching policy that is not RTL yet: the
 * CTA state machine of cmodel/sm/sm_rfsys_finereg.c drives them (which
 * CTAs are in the ACRF and their slots, which CTA drains, the RMU command,
 * the monitor's updates and ready/launch inputs). */
#ifndef GPURF_FINEREG_TOP_DESC_H
#define GPURF_FINEREG_TOP_DESC_H

#include "cfg.h"
#include "compose.h"
#include "desc.h"

enum finereg_top_port {
	FT_RD_REQ_I,		/* [collectors] */
	FT_RD_CTA_I,
	FT_RD_WARP_I,		/* warp within the CTA */
	FT_RD_REG_I,		/* architectural register */
	FT_WR_REQ_I,		/* [write_ports] */
	FT_WR_CTA_I,
	FT_WR_WARP_I,
	FT_WR_REG_I,
	FT_WR_MASK_I,
	FT_WR_DATA_I,
	FT_VEC_RSP_VALID_I,	/* liveness vector from memory */
	FT_VEC_RSP_DATA_I,
	FT_POL_ACTIVE_I,	/* [resident_ctas] the CTA's registers are in the ACRF */
	FT_POL_SLOT_I,		/* [resident_ctas] its ACRF slot */
	FT_POL_DRAIN_VALID_I,	/* a CTA's deferred writes land now */
	FT_POL_DRAIN_CTA_I,
	FT_POL_CMD_VALID_I,	/* the RMU's command (rmu_desc.h) */
	FT_POL_CMD_OP_I,
	FT_POL_CMD_S_CTA_I,
	FT_POL_CMD_S_SLOT_I,
	FT_POL_CMD_P_CTA_I,
	FT_POL_CMD_P_SLOT_I,
	FT_POL_CMD_PC_I,	/* [warps_per_cta] */
	FT_POL_MON_SET_VALID_I,	/* [2] status-monitor updates */
	FT_POL_MON_SET_CTA_I,
	FT_POL_MON_SET_CTX_I,
	FT_POL_MON_SET_REG_I,
	FT_POL_MON_READY_I,	/* [resident_ctas] */
	FT_POL_MON_LAUNCH_OK_I,
	FT_RD_GNT_O,		/* [collectors] */
	FT_WR_GNT_O,		/* [write_ports] taken: into the ACRF or the buffer */
	FT_RD_VALID_O,		/* [collectors] the core's read data */
	FT_RD_DATA_O,
	FT_VEC_REQ_O,
	FT_VEC_PC_O,
	FT_CMD_READY_O,		/* the RMU's status */
	FT_DONE_O,
	FT_DONE_REFUSED_O,
	FT_DONE_LIVE_O,
	FT_FREE_COUNT_O,
	FT_MON_RESUME_VALID_O,	/* the status monitor's choice */
	FT_MON_RESUME_CTA_O,
	FT_MON_DECISION_O,
	FT_DW_COUNT_O,		/* deferred writes held */
	FT_DW_DRAINED_O,	/* the draining CTA has none left after this cycle */
	FT_RMU_RD_PEND_O,	/* an RMU read of the ACRF is in the read pipeline */
	FT_MON_PCRF_WR_VALID_O,	/* monitor: the RMU's PCRF entry write (no logic behind it) */
	FT_MON_PCRF_WR_IDX_O,
	FT_MON_PCRF_RD_VALID_O,	/* monitor: the RMU's PCRF read (chain walk) */
	FT_MON_PCRF_RD_IDX_O,
	FT_NPORTS
};

/* The submodules, and the top itself as a wiring end. */
enum { FT_U_ACRF, FT_U_PCRF, FT_U_RMU, FT_U_MON, FT_U_TOP, FT_NUNITS };

extern const struct compose_wiring finereg_top_wiring;

/* The kernel-shaped geometry: ACRF warp slots per warp, warps per CTA,
 * registers a warp can name. */
static inline unsigned finereg_top_spw(const struct gpurf_cfg *cfg)
{
	return cfg->finereg.top_spw ? cfg->finereg.top_spw : 1u;
}

static inline unsigned finereg_top_kwarps(const struct gpurf_cfg *cfg)
{
	return cfg->finereg.top_kwarps ? cfg->finereg.top_kwarps : cfg->finereg.warps_per_cta;
}

static inline unsigned finereg_top_regs(const struct gpurf_cfg *cfg)
{
	return finereg_top_spw(cfg) * cfg->d.regs_per_warp;
}

/* ACRF warp slot and register of register `reg` of warp k of the CTA in
 * ACRF slot `slot` (the model and, as the same expression, the RTL). */
static inline void finereg_top_acrf_addr(const struct gpurf_cfg *cfg, unsigned slot, unsigned k, unsigned reg,
					 unsigned *w, unsigned *r)
{
	unsigned rpw = cfg->d.regs_per_warp;

	*w = slot * cfg->finereg.warps_per_cta + k * finereg_top_spw(cfg) + reg / rpw;
	*r = reg % rpw;
}

/* The four submodules' descriptions (index FT_U_*). */
void finereg_top_subdescs(const struct gpurf_cfg *cfg, struct module_desc sub[4]);

void desc_finereg_top(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif
