/* sm_core.h: one streaming multiprocessor, cycle by cycle.
 *
 * An SM holds hardware warp contexts, CTA slots, `collectors` operand
 * collector units, per-scheduler execution pipelines and the register-file
 * subsystem of the configured scheme (sm_rfsys.h; baseline: the banked
 * register file model cmodel/rf_banked.c): every register value an
 * instruction reads comes out of that subsystem and every result goes back
 * into it through its write ports.
 *
 * One cycle, in this order (docs/sm.md has the timing diagram):
 *   1. read return: data the register file delivers (rd_valid_o) goes to
 *      its collector;
 *   2. completion: instructions whose execution ends this cycle queue their
 *      register writes and update predicates;
 *   3. write-back: queued register writes take free write ports;
 *   4. dispatch: collectors with every operand go to their scheduler's
 *      execution unit (initiation interval permitting); the instruction
 *      executes functionally here and its completion cycle is set;
 *   5. operand requests: each busy collector asks for its next operand;
 *   6. register file: writes and reads arbitrate for the banks (writes win)
 *      and the clock edge lands the granted writes; a granted write frees
 *      its scoreboard entry;
 *   7. issue: each scheduler picks one warp (GTO, LRR or two-level) whose
 *      next instruction is fetched, free of hazards and has a collector;
 *   8. fetch: each scheduler refills one warp's instruction buffer.
 * Barriers, exits and CTA completion are handled as they happen. */
#ifndef GPURF_SM_CORE_H
#define GPURF_SM_CORE_H

#include <stdint.h>
#include <stdio.h>

#include "cfg.h"
#include "err.h"
#include "sm_exec.h"
#include "sm_gmem.h"
#include "sm_l1d.h"
#include "sm_il1.h"
#include "sm_memsys.h"

struct sm_prog;
struct sm_trace;

/* What every SM of a run shares: the kernel and its launch, device memory,
 * the DRAM server. */
struct sm_launch {
	const struct gpurf_cfg *cfg;
	const struct sm_prog *prog;	/* execution mode */
	const struct sm_trace *trace;	/* trace mode */
	/* trace mode: the static code rebuilt from the trace, for the
	 * register-file schemes (sm_trace_prog.h); NULL when not built.
	 * tindex maps a trace static instruction to its index. */
	const struct sm_prog *tprog;
	const uint32_t *tindex;
	uint32_t grid[3], block[3];
	uint32_t threads;		/* per CTA */
	uint32_t warps_per_cta;
	uint32_t regs;			/* general registers per thread */
	uint32_t npreds;
	uint32_t shared_bytes;		/* per CTA, dynamic included */
	uint32_t dyn_shared;
	uint32_t local_bytes;		/* per thread */
	uint8_t *global;		/* device memory */
	uint64_t global_size;
	const uint8_t *param;
	uint32_t param_size;
	struct sm_dram *dram;		/* [mem] model = simple */
	struct sm_gmem *gmem;		/* [mem] model = detailed */
};

enum sm_stall {
	STALL_IDLE,		/* no warp on this scheduler */
	STALL_FETCH,		/* instruction buffer empty */
	STALL_SCOREBOARD,	/* operands or destinations pending */
	STALL_COLLECTOR,	/* no free operand collector */
	STALL_BARRIER,		/* warps waiting at bar.sync */
	STALL_DRAIN,		/* exited warps waiting for their last writes */
	SM_NSTALL
};

struct sm_stats {
	uint64_t warp_insts, thread_insts, issued_by_class[8];
	uint64_t active_warp_cycles, resident_cta_cycles, busy_cycles;
	uint64_t stall[SM_NSTALL];
	uint64_t rf_reads[64], rf_writes[64], rf_conflict_cycles[64];
	uint64_t rf_read_refused, rf_write_refused;
	uint64_t dispatch_unit_busy;	/* collector-cycles ready but unit busy */
	uint64_t ctas_done;
	struct sm_mem_stats mem;
	uint64_t l1_hits, l1_misses;
	struct sm_l1d_stats l1d;	/* [mem] model = detailed */
	struct sm_il1_stats il1;	/* [sim] il1_bytes > 0 */
	uint64_t rfs[32];			/* the scheme's counters (sm_rfsys_ops.counters) */
};

struct sm_core;

struct sm_core *sm_core_create(const struct sm_launch *L, unsigned id, struct gpurf_err *err);
void sm_core_free(struct sm_core *sm);
/* Can the SM take one more CTA now (CTA slots, warps, threads, registers,
 * shared memory)? */
int sm_core_can_launch(const struct sm_core *sm);
/* Places CTA number `cta` (linear) on the SM. */
void sm_core_launch(struct sm_core *sm, uint32_t cta, uint64_t now);
/* Whether the launcher still has CTAs to start (an input of the
 * register-file subsystem: FineReg evicts a stalled CTA to make room). */
void sm_core_set_waiting(struct sm_core *sm, int waiting);
/* Simulates cycle `now`.  Returns 1 when anything happened that may change
 * the next cycle, 0 when the SM only waits for a completion (then cycles
 * up to sm_core_next_event() may be skipped), -1 on a kernel fault (err). */
int sm_core_cycle(struct sm_core *sm, uint64_t now, struct gpurf_err *err);
/* Accounts `n` skipped cycles identical to the last one simulated. */
void sm_core_skip(struct sm_core *sm, uint64_t n);
/* Dynamic Warp Execution (sm_dwe.h): the SM's stall cycles in the current
 * window; the window's end, with SM 0's stall cycles in it (SM 0 keeps its
 * probability, the others adapt theirs); the count restarts. */
uint64_t sm_core_dwe_stalls(const struct sm_core *sm);
void sm_core_dwe_window(struct sm_core *sm, uint64_t ref_stalls);
/* [mem] model = detailed: the data of L1 MSHR `mshr` arrives at cycle `at`
 * (sm_gmem_step's report); the loads waiting for it complete.  Returns -1
 * when out of memory. */
int sm_core_fill(struct sm_core *sm, unsigned mshr, uint64_t at);
/* The earliest cycle at which a pending completion happens (UINT64_MAX none). */
uint64_t sm_core_next_event(const struct sm_core *sm);
/* Resident CTAs (0 = idle). */
unsigned sm_core_resident(const struct sm_core *sm);
/* The SM has work: a CTA resident or its register-file subsystem busy (an
 * SM that is neither does nothing in sm_core_cycle until a launch). */
int sm_core_awake(const struct sm_core *sm);
const struct sm_stats *sm_core_stats(const struct sm_core *sm);
/* Writes every resident warp's state (deadlock and watchdog reports). */
void sm_core_dump(const struct sm_core *sm, FILE *out);
/* Max resident CTAs of this kernel (for the report). */
unsigned sm_core_cta_limit(const struct sm_core *sm, const char **limiter);

#endif
