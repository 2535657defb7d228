/* sm_rfsys.h: the SM model's register-file subsystem, one interface for
 * every register-file scheme (`[sm] scheme`).
 *
 * sm_core.c does all its register-file traffic through this interface and
 * never sees a scheme's structures.  A scheme is a table of operations
 * (struct sm_rfsys_ops) over its own state; sm_rfsys.c picks the table of
 * the configured scheme.  docs/sm.md, "Register-file subsystem", explains
 * how to add one.
 *
 * The boundary is port-level, so that an RTL top of a scheme's subsystem
 * can be driven from the same values (issue 10): a cycle is
 *
 *   outputs(&out)      what the subsystem shows at the start of the cycle,
 *                      from its state only: read data returning to
 *                      collectors, how many CTAs may launch, busy;
 *   step(&in, &gnt)    this cycle's inputs: the grants and the control
 *                      outputs (suspend / resume a CTA) come out, then the
 *                      clock edge.
 *
 * Addresses on the boundary are the SM's: hardware warp number and
 * architectural (allocated) register; mapping them to banks, slots,
 * physical or cached registers is the scheme's job.  Everything the
 * subsystem needs is in struct sm_rf_in: register requests, and the events
 * of the cycle (CTA launch and exit, issue with its static instruction,
 * stalled and ready CTAs).  Nothing else reaches it: there is no side
 * channel, so a cycle's inputs and the state fully determine the outputs. */
#ifndef GPURF_SM_RFSYS_H
#define GPURF_SM_RFSYS_H

#include <stdint.h>

#include "cfg.h"
#include "err.h"

struct sm_insn;
struct sm_prog;
struct sm_stats;

enum {
	SM_RF_MAX_RD = 64,	/* collectors */
	SM_RF_MAX_WR = 16,	/* write-back ports */
	SM_RF_MAX_EV = 512,	/* events in one cycle */
	SM_RF_MAX_CTL = 256,	/* control outputs in one cycle (a warp block each) */
	SM_RF_NCOUNT = 32,	/* scheme counters (struct sm_stats.rfs) */
};

/* Events the core presents with a cycle's inputs. */
enum sm_rf_ev_kind {
	SM_RF_EV_CTA_LAUNCH,	/* CTA `cta` (resident id) placed on warps warp[0..nwarps) */
	SM_RF_EV_CTA_EXIT,	/* every warp of `cta` retired: its registers are free */
	SM_RF_EV_ISSUE,		/* warp `warp` issued the instruction at pc (execution mode) */
	SM_RF_EV_CTA_STALLED,	/* every running warp of `cta` waits on a long-latency result
				 * (or a barrier) with nothing in a collector; pc[k] is warp
				 * k's next instruction (-1 finished) */
	SM_RF_EV_CTA_READY,	/* `cta`, suspended, has a warp that could issue again */
	SM_RF_EV_WARP_STATE,	/* not an event in ev[]: asking for this kind makes the core
				 * fill warp_valid / warp_bar / warp_llwait every cycle */
	SM_RF_EV_WARP_DONE,	/* every lane of warp `warp` (of `cta`) exited; it issues no more */
	SM_RF_EV_LOAD_MISS,	/* warp `warp`'s load or atomic at pc, dispatched to the LD/ST
				 * unit this cycle, missed the L1: its result comes from DRAM */
};

struct sm_rf_ev {
	unsigned kind;		/* enum sm_rf_ev_kind */
	unsigned cta;		/* resident CTA id (0 .. sm_rfsys_resident_max - 1) */
	unsigned warp;		/* ISSUE: hardware warp */
	int pc;			/* ISSUE: instruction index */
	unsigned nwarps;	/* LAUNCH, STALLED */
	const unsigned *warps;	/* LAUNCH: hardware warp of each of the CTA's warps */
	const int *pcs;		/* STALLED: next instruction index per warp, -1 finished */
	const struct sm_insn *insn;	/* ISSUE: the instruction (execution and trace mode) */
};

/* One cycle's inputs.  Bit c of rd_req: collector c reads register
 * rd_reg[c] of hardware warp rd_warp[c]; bit p of wr_req: write port p
 * writes wr_data[p] (lanes words) to wr_reg[p] of wr_warp[p] under wr_mask. */
struct sm_rf_in {
	uint64_t rd_req;
	unsigned rd_warp[SM_RF_MAX_RD], rd_reg[SM_RF_MAX_RD];
	uint64_t wr_req;
	unsigned wr_warp[SM_RF_MAX_WR], wr_reg[SM_RF_MAX_WR];
	uint64_t wr_mask[SM_RF_MAX_WR];
	const uint32_t *wr_data[SM_RF_MAX_WR];
	int cta_waiting;	/* the launcher has CTAs not yet started */
	unsigned nev;
	struct sm_rf_ev ev[SM_RF_MAX_EV];
	/* Bit c of rd_req: the read is source rd_src[c] of the static
	 * instruction rd_pc[c] (execution mode; -1 for traces). */
	int rd_pc[SM_RF_MAX_RD];
	unsigned rd_src[SM_RF_MAX_RD];
	/* Per hardware warp (bit w), when events has SM_RF_EV_WARP_STATE: the
	 * warp is resident and not finished; waits at a barrier; its next
	 * instruction reads or writes a register a long-latency instruction
	 * has not written yet. */
	uint64_t warp_valid, warp_bar, warp_llwait;
	/* Bit p of wr_req, with SM_RF_EV_WARP_STATE: the lanes of wr_warp[p]
	 * that will execute more than an exit (the executing SIMT entry and
	 * parked entries not at an unguarded exit); a write whose mask covers
	 * them writes every value of the register anyone will read. */
	uint64_t wr_live[SM_RF_MAX_WR];
	/* With SM_RF_EV_WARP_STATE: each unfinished warp's next instruction
	 * (NULL none); bit w of warp_drained: the warp finished and every
	 * instruction of it retired (nothing will touch its registers). */
	const struct sm_insn *warp_insn[64];
	uint64_t warp_drained;
	/* Register sharing's Dynamic Warp Execution: the SM's probability, in
	 * tenths, that a non-owner warp issues a global / local access
	 * (sm_dwe.h; 0 on SM 0 and on a single SM). */
	unsigned dwe_prob;
};

/* Control outputs. */
enum sm_rf_ctl_kind {
	SM_RF_CTL_SUSPEND,	/* take CTA `cta`'s warps off the schedulers now */
	SM_RF_CTL_RESUME,	/* CTA `cta`'s registers are back: schedule its warps */
	SM_RF_CTL_WARP_BLOCK,	/* take warp `warp` off its scheduler (LTRF: no working set) */
	SM_RF_CTL_WARP_UNBLOCK,	/* schedule warp `warp` again */
};

struct sm_rf_ctl {
	unsigned kind, cta;
	unsigned warp;		/* WARP_BLOCK / WARP_UNBLOCK */
};

/* What a step gives back in its cycle (before its edge): grants (a refused
 * request is made again by the core) and control the core applies before
 * its issue stage. */
struct sm_rf_gnt {
	uint64_t rd_gnt, wr_gnt;
	/* wr_yield (refused writes only; the core clears it before the step):
	 * the port gives the write back to the end of the write-back queue and
	 * takes the oldest other one next cycle, instead of retrying it.  For a
	 * write that waits on something only the running CTAs can bring about
	 * (finereg: a suspended CTA's write with the deferred-write buffer full,
	 * docs/finereg.md "Large grids: the write-port deadlock"). */
	uint64_t wr_yield;
	unsigned nctl;
	struct sm_rf_ctl ctl[SM_RF_MAX_CTL];
};

/* Outputs at the start of a cycle, from state only.  rd_data[c] is valid
 * for bit c of rd_valid until the next step. */
struct sm_rf_out {
	uint64_t rd_valid;
	const uint32_t *rd_data[SM_RF_MAX_RD];
	unsigned launch_slots;	/* CTAs that may launch before the next step (with the core's limits) */
	int busy;		/* the subsystem works on its own (a switch in flight) */
	/* warp_gate: the core issues only from the hardware warps in
	 * warp_issuable (a scheme's active set); 0 = every warp. */
	int warp_gate;
	uint64_t warp_issuable;
	/* reg_gate: an instruction of warp w naming (reading or writing) a
	 * register r with bit r of reg_gated set issues only when bit w of
	 * reg_ok is set (register sharing's lock).  warp_prio_on: the core
	 * tries candidates in increasing warp_prio[w] (then its own order). */
	int reg_gate;
	uint64_t reg_gated[4], reg_ok;
	int warp_prio_on;
	uint8_t warp_prio[64];
};

/* What a scheme needs to know of the kernel at creation. */
struct sm_rf_kernel {
	unsigned regs;			/* registers per thread */
	unsigned warps_per_cta;
	unsigned hw_warps;		/* hardware warp contexts the core has */
	const struct sm_prog *prog;	/* execution mode (liveness etc.); NULL for traces */
	unsigned threads_per_cta;
	unsigned long smem_per_cta;	/* shared memory bytes per CTA */
	unsigned cta_limit_unreg;	/* CTAs the core's limits other than registers allow
					 * (CTA slots, warp contexts, threads, shared memory) */
	unsigned sm_id;			/* the SM's index (register sharing's DWE seed) */
};

struct sm_rfsys_ops {
	const char *name;		/* the scheme's cfg_enum_name("scheme", ...) */
	unsigned events;		/* bit k: the core presents events of kind k */
	/* NULL and err filled when the kernel cannot run (INPUT) or out of memory */
	void *(*create)(const struct gpurf_cfg *cfg, const struct sm_rf_kernel *k, struct gpurf_err *err);
	void (*free)(void *m);
	void (*outputs)(void *m, struct sm_rf_out *out);
	/* st: the SM's statistics (per-bank counters, rfs[] scheme counters) */
	void (*step)(void *m, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st);
	/* n cycles passed with no inputs and nothing changing (the core skips
	 * to its next completion only when out.busy was 0) */
	void (*skip)(void *m, uint64_t n, struct sm_stats *st);
	/* CTAs the SM may hold (active or not) when the core's own limits
	 * (CTA slots, warps, threads, registers, shared memory) allow
	 * core_limit; the core provides that many CTA slots and hardware warps */
	unsigned (*resident_ctas)(void *m, unsigned core_limit);
	/* names of the st->rfs[] counters the scheme fills (NULL-terminated);
	 * a name ending in "_cycles" is also printed as a per-SM-cycle average */
	const char *const *counters;
	/* CTAs the scheme schedules at once, when its register file, not the
	 * core's, bounds them (FineReg's ACRF slots); NULL: the core's limit.
	 * Called after resident_ctas; reported as the SM's CTA limit */
	unsigned (*active_ctas)(void *m);
	/* derived figures printed after the counters (NULL or a NULL-named
	 * end): name = sum of counters in num / sum of counters in den (bit i =
	 * counters[i]), 0 when den sums to 0 */
	const struct sm_rf_ratio *ratios;
};

struct sm_rf_ratio {
	const char *name;
	uint32_t num, den;	/* counter masks */
};

/* The table of cfg->scheme, or NULL with err filled (INPUT: the scheme is
 * not modelled in the SM yet; the message names file, key, value and the
 * modelled schemes). */
const struct sm_rfsys_ops *sm_rfsys_ops(const struct gpurf_cfg *cfg, struct gpurf_err *err);

extern const struct sm_rfsys_ops sm_rfsys_baseline, sm_rfsys_finereg, sm_rfsys_regvirt, sm_rfsys_ltrf,
	sm_rfsys_ltrf_plus, sm_rfsys_rfc, sm_rfsys_sharing;

struct rfb_req;
struct rfb_grants;
struct rfb_out;
/* The file's read returns are the subsystem's: rd_valid and the data of
 * each valid collector (for schemes whose collectors read rf_banked). */
void sm_rfsys_pass_reads(const struct rfb_out *o, struct sm_rf_out *out);
/* Per-bank read, write and conflict counters of one rf_banked step (for
 * every scheme whose file is, or contains, rf_banked). */
void sm_rfsys_count_banks(const struct gpurf_cfg *cfg, const struct rfb_req *rq, const struct rfb_grants *g,
			  struct sm_stats *st);

#endif
