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
	FT_LAUNCH_VALID_I,	/* [slots] CTAs placed this cycle, in launch order */
	FT_LAUNCH_CTA_I,
	FT_EXIT_VALID_I,	/* [schedulers] CTAs whose last warp retired */
	FT_EXIT_CTA_I,
	FT_ISSUE_I,		/* [resident_ctas] a warp of the CTA issued */
	FT_STALLED_I,		/* [resident_ctas] every running warp waits on a long-latency result */
	FT_READY_I,		/* [resident_ctas] a suspended CTA could issue again */
	FT_CTA_WAITING_I,	/* the launcher has CTAs not yet started */
	FT_ACTIVE_MAX_I,	/* ACRF slots the core's other limits allow (held constant) */
	FT_CMD_PC_I,		/* [warps_per_cta] PC per RMU warp of the suspended CTA (program data) */
	FT_RD_GNT_O,		/* [collectors] */
	FT_WR_GNT_O,		/* [write_ports] taken: into the ACRF or the buffer */
	FT_RD_VALID_O,		/* [collectors] the core's read data */
	FT_RD_DATA_O,
	FT_VEC_REQ_O,
	FT_VEC_PC_O,
	FT_SUSPEND_VALID_O,	/* take CTA suspend_cta_o's warps off the schedulers now */
	FT_SUSPEND_CTA_O,
	FT_RESUME_VALID_O,	/* CTA resume_cta_o's registers are back: schedule its warps */
	FT_RESUME_CTA_O,
	FT_LAUNCH_SLOTS_O,	/* CTAs that may launch before the next cycle (state only) */
	FT_BUSY_O,		/* the subsystem works on its own (state only) */
	FT_CMD_ISSUE_O,		/* an RMU command starts this cycle */
	FT_CMD_BUSY_O,		/* an RMU command is in flight after this cycle's decisions */
	FT_CMD_OP_O,		/* the op of the command in flight (before this cycle's) */
	FT_DONE_O,		/* the RMU's command finished */
	FT_DONE_REFUSED_O,
	FT_DONE_LIVE_O,
	FT_FREE_COUNT_O,
	FT_RESIDENT_O,		/* resident CTAs after this cycle's launches and exits */
	FT_N_ACTIVE_O,		/* ACRF slots held after this cycle's decisions */
	FT_N_PENDING_O,		/* pending CTAs after them */
	FT_MQ_OVERFLOW_O,	/* sticky: a status-monitor update found its queue full */
	FT_MON_RESUME_VALID_O,	/* monitor: the status monitor's choice */
	FT_MON_RESUME_CTA_O,
	FT_MON_DECISION_O,
	FT_DW_COUNT_O,		/* deferred writes held */
	FT_RMU_RD_PEND_O,	/* an RMU read of the ACRF is in the read pipeline */
	FT_MON_PCRF_WR_VALID_O,	/* monitor: the RMU's PCRF entry write (no logic behind it) */
	FT_MON_PCRF_WR_IDX_O,
	FT_MON_PCRF_RD_VALID_O,	/* monitor: the RMU's PCRF read (chain walk) */
	FT_MON_PCRF_RD_IDX_O,
	FT_NPORTS
};

/* CTA states of the switching policy. */
/* FT_VT: parked (Virtual Thread): context saved, registers in its ACRF slot. */
enum { FT_FREE, FT_ACTIVE, FT_SUSPENDING, FT_PENDING, FT_RESTORING, FT_DRAIN, FT_VT };

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

/* CTAs the SM may hold: pointer-table lines, and 8 x [sm] warps warp
 * contexts (512 on the paper's SM) over the kernel's warps per CTA. */
static inline unsigned finereg_top_resident_max(const struct gpurf_cfg *cfg)
{
	unsigned n = cfg->finereg.resident_ctas, w = 8u * cfg->warps / finereg_top_kwarps(cfg);

	return w < n ? w : n;
}

static inline unsigned finereg_top_regs(const struct gpurf_cfg *cfg)
{
	return finereg_top_spw(cfg) * cfg->finereg.d.warp_regs;
}

/* ACRF warp slot and register of register `reg` of warp k of the CTA in
 * ACRF slot `slot` (the model and, as the same expression, the RTL): the
 * RMU's register (slot, warp k x spw + reg / warp_regs, reg % warp_regs)
 * of rmu_acrf_addr(), i.e. ACRF register slot x warps_per_cta x warp_regs
 * + k x spw x warp_regs + reg, cut into warp slots. */
static inline void finereg_top_acrf_addr(const struct gpurf_cfg *cfg, unsigned slot, unsigned k, unsigned reg,
					 unsigned *w, unsigned *r)
{
	unsigned wr = cfg->finereg.d.warp_regs, rpw = cfg->d.regs_per_warp;
	unsigned flat = (slot * cfg->finereg.warps_per_cta + k * finereg_top_spw(cfg)) * wr + reg;

	*w = flat / rpw;
	*r = flat % rpw;
}

/* The four submodules' descriptions (index FT_U_*). */
void finereg_top_subdescs(const struct gpurf_cfg *cfg, struct module_desc sub[4]);

void desc_finereg_top(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif
