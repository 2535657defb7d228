/* rfc_top_desc.h: ports, parameters and wiring of rfc_top, the SM
 * register-file subsystem of `scheme = rfc` (Gebhart et al., ISCA 2011):
 * the register file cache (rfc), the two-level warp scheduler's active set
 * (sched_2level) and the main register file (rf_banked), joined by the glue
 * the SM model composes them with (docs/rfc.md, "rfc_top").
 *
 * The boundary is the SM's (cmodel/sm/sm_rfsys.h) in hardware terms:
 *   - per collector c a read request of (hardware warp, architectural
 *     register), with the decoded fields of its instruction the tag check
 *     needs: which source it is, the instruction's source count and source
 *     registers, and the compiler's last-use hint bit of each source;
 *   - per write port a lane-masked result write, with the lanes that will
 *     still execute (wr_live_i: a write covering them writes the whole
 *     live register);
 *   - one issue port per scheduler: the issued warp, its instruction's
 *     source and destination registers and whether its results are
 *     long-latency (pending reads for the last-use rule, RFC bypass);
 *   - per warp: resident, at a barrier, waiting on a long-latency result;
 *   - out: read grants and data per collector, write grants, the warps the
 *     core may issue from (the active set) and busy; mon_* show the
 *     two-level scheduler's own greedy pick (for checks only).
 * Reads and writes are granted in their cycle (a refused one is made again);
 * read data returns the next cycle (RFC hit, MRF with read_latency 1, or an
 * operand buffer). */
#ifndef GPURF_RFC_TOP_DESC_H
#define GPURF_RFC_TOP_DESC_H

#include "cfg.h"
#include "compose.h"
#include "desc.h"

enum rfc_top_port {
	RCT_RD_REQ_I,		/* [collectors] operand read */
	RCT_RD_WARP_I,		/* [collectors] hardware warp */
	RCT_RD_REG_I,		/* [collectors] register */
	RCT_RD_SRC_I,		/* [collectors] which source of its instruction */
	RCT_RD_NSRC_I,		/* [collectors] its instruction's source count */
	RCT_RD_SRCS_I,		/* [collectors x srcs] its instruction's source registers */
	RCT_RD_LAST_I,		/* [collectors] srcs bits: last-use hint of each source */
	RCT_WR_REQ_I,		/* [write_ports] result write */
	RCT_WR_WARP_I,
	RCT_WR_REG_I,
	RCT_WR_MASK_I,		/* [write_ports] lanes */
	RCT_WR_LIVE_I,		/* [write_ports] lanes that will execute more than an exit */
	RCT_WR_DATA_I,		/* [write_ports] lanes x 32 */
	RCT_ISS_I,		/* [schedulers] an instruction issued */
	RCT_ISS_WARP_I,
	RCT_ISS_NSRC_I,		/* 0 when it reads no register operand (branches, ...) */
	RCT_ISS_SRCS_I,		/* [schedulers x srcs] */
	RCT_ISS_NDST_I,
	RCT_ISS_DSTS_I,		/* [schedulers x dsts] */
	RCT_ISS_LL_I,		/* its results are long-latency */
	RCT_WARP_VALID_I,	/* [warps] resident and not finished */
	RCT_WARP_BAR_I,		/* [warps] at a barrier */
	RCT_WARP_LLWAIT_I,	/* [warps] next instruction waits on a long-latency result */
	RCT_RD_GNT_O,		/* [collectors] read taken this cycle */
	RCT_WR_GNT_O,		/* [write_ports] write taken this cycle */
	RCT_RD_VALID_O,		/* [collectors] data of an earlier grant */
	RCT_RD_DATA_O,		/* [collectors] lanes x 32; 0 unless valid */
	RCT_ISSUABLE_O,		/* [warps] in the active set: the core issues only these */
	RCT_BUSY_O,		/* a demotion, flush, promotion, merge or write-back is due */
	RCT_MON_ISSUE_O,	/* monitor: the scheduler's greedy pick in the active set (the */
	RCT_MON_ISSUE_WARP_O,	/* core's own scheduler issues; no logic behind these) */
	RCT_MON_ISSUE_SLOT_O,
	RCT_NPORTS
};

/* The submodules, and the top itself as a wiring end. */
enum { RCT_U_RFC, RCT_U_S2L, RCT_U_MRF, RCT_U_TOP, RCT_NUNITS };

/* Active-slot states of the glue's copy of the active set. */
enum { RCT_SLOT_FREE, RCT_SLOT_ACTIVE, RCT_SLOT_DRAIN };

/* Sizes of rfc_top under a configuration (kernel parameters from
 * cfg->rfc.d.top_*, else the configuration's). */
struct rfc_top_geom {
	unsigned W, ww;		/* the configuration's warps (scheduler, MRF), index bits */
	unsigned kw, kr;	/* the kernel's hardware warps and registers per thread */
	unsigned S, sw, nsw;	/* sources per instruction; index bits; count bits */
	unsigned DS, ndw;	/* destinations per instruction; count bits */
	unsigned C, WP, NI;	/* collectors, write ports, issue ports (schedulers) */
	unsigned na, ns;	/* active slots, sources per tag check */
	unsigned tw, slw;	/* register (tag) bits, slot bits */
	unsigned rpw, spw;	/* MRF registers per warp slot; MRF warp slots per warp */
	unsigned mww, mrw;	/* MRF warp and register index bits */
	unsigned pw;		/* pending-read counter bits */
	unsigned lanes, D;
};

void rfc_top_geom(const struct gpurf_cfg *cfg, struct rfc_top_geom *g);

/* The configuration rfc_top and its units are built from for a kernel with
 * regs registers per thread on hw_warps warps whose instructions have at
 * most srcs sources and dsts destinations: cfg with the RFC's tag wide
 * enough for regs and the kernel parameters set. */
struct gpurf_cfg rfc_top_cfg(const struct gpurf_cfg *cfg, unsigned regs, unsigned hw_warps, unsigned srcs,
			     unsigned dsts);

extern const struct compose_wiring rfc_top_wiring;

/* The three submodules' descriptions (index RCT_U_*). */
void rfc_top_subdescs(const struct gpurf_cfg *cfg, struct module_desc sub[3]);

/* rfc_top exists for scheme = rfc with a power-of-two regs_per_warp (the
 * MRF address of a register is a bit field: docs/rfc.md, "rfc_top"). */
int rfc_top_present(const struct gpurf_cfg *cfg);
void desc_rfc_top(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif
