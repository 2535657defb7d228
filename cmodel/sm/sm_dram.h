/* sm_dram.h: one DRAM channel of the detailed memory system ([mem] model =
 * detailed): banks with row buffers, the main GDDR timings and an FR-FCFS
 * (or FIFO) scheduler over a bounded queue.  Times are DRAM clock cycles.
 *
 * A request reaches the channel at its `arrive` cycle and waits, in arrival
 * order, until the scheduler's queue (dram_queue entries) has room.  Each
 * DRAM cycle the scheduler commits to at most one request (the command bus):
 * frfcfs takes the oldest queued request to an open row of a bank that is
 * ready, else the oldest request to a ready bank; fifo takes the oldest
 * request once its bank is ready.  Committing fixes the request's commands:
 *   row hit:       RD/WR at c = max(now, last column + tCCD)
 *   closed bank:   ACT at a = max(now, last ACT of the bank + tRC, last ACT
 *                  of the channel + tRRD), RD/WR at a + tRCD
 *   row conflict:  PRE at p = max(now, ACT + tRAS, end of last write + tWR),
 *                  then ACT at p + tRP (same rules), RD/WR at ACT + tRCD
 * and its data occupies the bus from c + tCL (writes tWL), delayed until the
 * bus is free, for dram_burst / dram_data_ratio cycles per column access
 * of dram_bus_bytes x dram_burst bytes.  The request is done when its last
 * beat has moved.  The bank takes its next decision at cycle c. */
#ifndef GPURF_SM_DRAM_H
#define GPURF_SM_DRAM_H

#include <stdint.h>

#include "cfg.h"

struct sm_dram_req {
	int64_t arrive;		/* DRAM cycle it reaches the channel */
	uint64_t seq;		/* set by sm_dram_push: arrival order for ties */
	uint32_t bank, row;
	unsigned bursts;	/* column accesses */
	int write;
	uint32_t tag;		/* the caller's */
};

struct sm_dram_bank {
	int open;
	uint32_t row;
	int64_t act;		/* last ACT */
	int64_t ready;		/* the bank's next decision */
	int64_t wr_end;		/* last write data end */
};

struct sm_dram_stats {
	uint64_t reads, writes;		/* column accesses (Accel-Sim's dram_reads, _writes) */
	uint64_t row_hits, row_misses;	/* requests */
	uint64_t busy_cycles;
};

struct sm_dram_chan {
	const struct cfg_mem *m;
	struct sm_dram_bank *bank;
	struct sm_dram_req *wait;	/* not yet queued, by (arrive, seq) */
	unsigned nwait, cap_wait;
	struct sm_dram_req *q;		/* the scheduler's queue, oldest first */
	unsigned nq;
	int64_t last_act, last_col, bus_free;
	int64_t next_try;		/* the first cycle a decision may succeed */
	uint64_t seq;
	struct sm_dram_stats st;
};

int sm_dram_chan_init(struct sm_dram_chan *c, const struct cfg_mem *m);
void sm_dram_chan_free(struct sm_dram_chan *c);
/* Adds a request (copied). Returns -1 when out of memory. */
int sm_dram_push(struct sm_dram_chan *c, const struct sm_dram_req *r);
/* The scheduler's decision at DRAM cycle `now` (cycles must be given in
 * increasing order).  Returns 1 and fills *out and *done (the cycle its data
 * finished moving) when it committed to a request, else 0. */
int sm_dram_step(struct sm_dram_chan *c, int64_t now, struct sm_dram_req *out, int64_t *done);
/* Whether requests wait or are queued. */
int sm_dram_busy(const struct sm_dram_chan *c);

#endif
