/* regvirt_top_desc.h: ports, parameters and wiring of regvirt_top, the
 * register-file subsystem of register-file virtualization (Jeon et al.,
 * MICRO 2015) as the SM model composes it (cmodel/sm/sm_rfsys_regvirt.c):
 *
 *   rename_table        renaming table, availability vectors, CTA throttle,
 *                       subarray gating, warp-exit sweeps;
 *   release_flag_cache  the pir payloads, probed at fetch, read at select;
 *   rf_banked           the physical file addressed by {bank, index}: warp
 *                       slot = index, one register per bank
 *                       (regvirt_top_rf_cfg()).
 *
 * The configuration it is described for is the SM's table configuration:
 * `warps` = the resident warps W (table warps), `ctas` = the resident CTAs,
 * [regvirt] finished for them (cfg_finish_regvirt); the configuration-level
 * design (make rtl) describes it for the configuration as written.
 *
 * Boundary (docs/regvirt.md, "regvirt_top"):
 *   - kernel launch (launch_*): the exempt count and CTA demands into the
 *     table; it also flushes the release-flag cache;
 *   - issue ports (iss_*, one per scheduler): the decoded fields of the
 *     issued instruction a decode stage hands over: it lies in a pir's
 *     window (iss_pir_i), it is that pir's first instruction (iss_starts_i),
 *     the pir's metadata PC, the instruction's slot in it, the decoded pir
 *     payload (the fill on a probe miss) and the instruction's decoded
 *     release flags.  Out: the release flags the rename stage uses
 *     (iss_rel_o: cached, else decoded), whether they came from the cache
 *     and whether the pir-start probe hit (the pir's fetch is skipped);
 *   - register-file ports by physical register {bank, index} (rd_*, wr_*):
 *     the glue turns the id into the file's {warp slot, register};
 *   - CTA events (cev_*, one port per table CTA slot: launches and exits
 *     of a cycle cannot outnumber the slots): a launch takes the next free
 *     table slot (cev_slot_o), an exit names its slot.  The control queue
 *     (one entry per CTA event, 2 x ctas deep) hands the table one warp
 *     launch or warp-exit sweep per cycle, in order; an exit waits for the
 *     sweep port and for its warp's pending frees (free_pending_i) and
 *     rename chunks; a slot is free again after its last sweep.  Out:
 *     launched_o per table warp, free_slots_o, ctl_busy_o, sweeping_o;
 *   - CTA throttle: cta_susp_o, the launched and not exited slots the
 *     GPU-shrink throttle suspends;
 *   - rename queue (push_*, rename_lanes lanes): an issue's rename chunks
 *     (3 sources and a destination, or 3 registers of its pbr) enter the
 *     queue in lane order; each free rename port takes, in port order, the
 *     oldest chunk of a launched warp with no chunk in a port and no older
 *     chunk queued; a port holds its chunk until ren_ready_o.  Out:
 *     ren_valid_o, rq_count_o (the issue gate's input), rq_busy_o; the
 *     renamed results (out_*) name their warp, whose chunks leave in order;
 *   - NOT YET RTL ("policy ports", driven by the adapter's C): the
 *     read-time frees (free_*: the pending-free queue and its wait for
 *     older reads of the in-flight records) and free_pending_i. */
#ifndef GPURF_REGVIRT_TOP_DESC_H
#define GPURF_REGVIRT_TOP_DESC_H

#include "cfg.h"
#include "compose.h"
#include "desc.h"
#include "rename_table_desc.h"

enum { RVT_SLOT_BITS = 5 };	/* slot of an instruction in its pir (< 18, KC_PIR_SLOTS) */

enum regvirt_top_port {
	/* kernel launch */
	RVT_LAUNCH_I,
	RVT_LAUNCH_EXEMPT_I,
	RVT_LAUNCH_DEMAND_I,
	RVT_LAUNCH_BANK_DEMAND_I,
	RVT_LAUNCH_WPC_I,	/* warps per CTA of the kernel */
	/* CTA events [ctas], in the SM's order: a launch takes the next free
	 * table CTA slot (cev_slot_o), an exit names its slot */
	RVT_CEV_VALID_I,
	RVT_CEV_EXIT_I,
	RVT_CEV_SLOT_I,
	RVT_FREE_PENDING_I,	/* [warps] policy: the table warp has a read-time free pending */
	RVT_SPILL_VALID_I,	/* spill request: sweep this table warp's registers (Sec. 8.1) */
	RVT_SPILL_WARP_I,
	RVT_SPILL_KEEP_I,	/* the table entries the spill leaves mapped (exit_keep_i) */
	/* rename chunks into the rename queue [rename_lanes], in order */
	RVT_PUSH_VALID_I,
	RVT_PUSH_WARP_I,
	RVT_PUSH_SRC_VALID_I,	/* [lanes x 3] */
	RVT_PUSH_SRC_I,
	RVT_PUSH_REL_I,
	RVT_PUSH_DST_VALID_I,
	RVT_PUSH_DST_I,
	/* policy ports (not yet RTL): read-time frees */
	RVT_FREE_VALID_I,
	RVT_FREE_PID_I,
	RVT_FREE_WARP_I,
	/* issue ports [issue_ports] */
	RVT_ISS_PIR_I,		/* the instruction lies in a pir's window */
	RVT_ISS_STARTS_I,	/* it is the pir's first instruction (fetch probe) */
	RVT_ISS_PC_I,		/* the pir's metadata PC */
	RVT_ISS_SLOT_I,		/* the instruction's slot in the pir */
	RVT_ISS_PAYLOAD_I,	/* the decoded pir payload (slots x 3 bits): the fill */
	RVT_ISS_REL_I,		/* the instruction's decoded release flags (3 bits) */
	/* register file by physical register */
	RVT_RD_REQ_I,		/* [collectors] */
	RVT_RD_PID_I,
	RVT_WR_REQ_I,		/* [write_ports] */
	RVT_WR_PID_I,
	RVT_WR_MASK_I,
	RVT_WR_DATA_I,
	/* outputs */
	RVT_CEV_SLOT_O,		/* [ctas] the slot each launch event takes */
	RVT_LAUNCHED_O,		/* [warps] the table warp's launch reached the table */
	RVT_FREE_SLOTS_O,	/* table CTA slots free (no CTA, no sweep left) */
	RVT_CTL_BUSY_O,		/* control queue not empty, or a sweep runs */
	RVT_SWEEPING_O,		/* a sweep presented earlier still runs */
	RVT_SPILL_ACK_O,	/* the spill request took the table's sweep port this cycle */
	RVT_ISS_REL_O,		/* [issue_ports] release flags for rename */
	RVT_ISS_CACHED_O,	/* [issue_ports] they came from the flag cache */
	RVT_ISS_PROBE_HIT_O,	/* [issue_ports] its pir-start probe hit (fetch skipped) */
	RVT_CTA_SUSP_O,		/* [ctas] the throttle suspends the slot's CTA (launched, not exited) */
	RVT_REN_VALID_O,	/* [rename_ports] a chunk is in the rename port (held, or from the queue) */
	RVT_RQ_COUNT_O,		/* chunks in the rename queue */
	RVT_RQ_BUSY_O,		/* a chunk queued, in a rename port or just renamed (out_valid_o) */
	RVT_REN_READY_O,	/* rename_table's outputs, as they are */
	RVT_OUT_VALID_O,
	RVT_OUT_WARP_O,
	RVT_OUT_SRC_PID_O,
	RVT_OUT_SRC_MAPPED_O,
	RVT_OUT_SRC_REL_O,
	RVT_OUT_DST_PID_O,
	RVT_OUT_DST_NEW_O,
	RVT_OUT_DST_WAKE_O,
	RVT_SWEEP_BUSY_O,
	RVT_FREE_CNT_O,
	RVT_THROTTLE_O,
	RVT_THROTTLE_CTA_O,
	RVT_PG_ON_O,
	RVT_PG_WAKING_O,
	RVT_RD_GNT_O,		/* rf_banked's outputs */
	RVT_WR_GNT_O,
	RVT_BANK_CONFLICT_O,
	RVT_RD_VALID_O,
	RVT_RD_DATA_O,
	RVT_NPORTS
};

/* The submodules, and the top itself as a wiring end. */
enum { RVT_U_RT, RVT_U_FC, RVT_U_RF, RVT_U_TOP, RVT_NUNITS };

extern const struct compose_wiring regvirt_top_wiring;

/* The physical file: cfg's rf_banked with a warp slot per bank index and
 * one register per bank (physical register {b, i} is warp slot i's
 * register regvirt_top_rf_reg(b, i), which lies in bank b). */
static inline struct gpurf_cfg regvirt_top_rf_cfg(const struct gpurf_cfg *cfg)
{
	struct gpurf_cfg m = *cfg;

	m.warps = cfg->regvirt.d.bank_regs;
	m.d.regs_per_warp = cfg->banks;
	m.d.rows_per_bank = cfg->regvirt.d.bank_regs;
	return m;
}

/* The rf_banked address of physical register pid. */
static inline void regvirt_top_rf_addr(const struct gpurf_cfg *cfg, unsigned pid, unsigned *w, unsigned *r)
{
	unsigned b = rt_pid_bank(cfg, pid), i = rt_pid_index(cfg, pid), nb = cfg->banks;

	*w = i;
	*r = cfg->bank_map == BANK_MAP_REG_PLUS_WARP ? (b + nb - i % nb) % nb : b;
}

/* Issue ports: one per scheduler (one issue each per cycle). */
static inline unsigned regvirt_top_issue_ports(const struct gpurf_cfg *cfg)
{
	return cfg->schedulers;
}

/* The three submodules' descriptions (index RVT_U_*); rf_cfg must be
 * regvirt_top_rf_cfg(cfg) and outlive them. */
void regvirt_top_subdescs(const struct gpurf_cfg *cfg, const struct gpurf_cfg *rf_cfg, struct module_desc sub[3]);

void desc_regvirt_top(const struct gpurf_cfg *cfg, struct module_desc *m);

#endif
