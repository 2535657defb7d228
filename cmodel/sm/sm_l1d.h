/* sm_l1d.h: an SM's L1 data cache in the detailed memory system ([mem]
 * model = detailed): 128-byte lines of 32-byte sectors, LRU, with miss
 * status holding registers (MSHRs) in front of sm_gmem.h.
 *
 * A global or local load, one coalesced line per LD/ST cycle:
 *   hit         every requested sector valid and none still coming: data
 *               after [sim] l1_latency;
 *   MSHR hit    the sectors missing are all coming for an MSHR of the line
 *               that has room (l1_mshr_merge): the request joins it and
 *               gets the data with it ("merged", l1d_pending_hits);
 *   miss        a new MSHR reads the sectors neither valid nor coming from
 *               the memory system (the line is allocated at once, evicting
 *               the LRU way); the data arrives when sm_gmem says.
 * A line that needs a new MSHR when none is free is a reservation fail: it
 * and the instruction's later lines wait, and the LD/ST unit tries again
 * from that line next cycle (GPGPU-Sim's behaviour).  Stores
 * write through without allocating (sectors of a present line stay valid);
 * atomics, and global loads with l1_skip_global, bypass the L1 to the L2,
 * each line with its own MSHR that nothing merges into.  An MSHR is free
 * again once its data has arrived. */
#ifndef GPURF_SM_L1D_H
#define GPURF_SM_L1D_H

#include <stdint.h>

#include "cfg.h"
#include "sm_gmem.h"
#include "sm_memsys.h"

struct sm_l1d_mshr {
	uint64_t line;
	uint64_t fill;		/* cycle the data arrives; SM_GMEM_PENDING = not known yet */
	uint64_t sent;		/* cycle the request left (latency statistics) */
	uint8_t sectors, nwait, used, bypass;
	unsigned nreq;		/* requests it serves (the merge limit) */
};

struct sm_l1d_stats {
	uint64_t l1d_accesses, l1d_hits, l1d_misses, l1d_pending_hits, l1d_reservation_fails;
	uint64_t l1d_writes, mem_latency_sum, mem_reads;
};

/* Called for every request waiting on an MSHR whose data arrived at `at`. */
typedef int (*sm_l1d_wake_fn)(void *user, void *token, uint64_t at);

struct sm_l1d {
	unsigned sets, assoc, nmshr, merge, latency, sm;
	uint64_t *tag, *stamp, clock;
	uint8_t *valid;
	struct sm_l1d_mshr *m;
	void **wait;		/* [nmshr][merge] tokens of the waiting requests */
	unsigned live;		/* MSHRs used (some may have their data already) */
	unsigned *used_list;	/* [live]: their indices, so lookups skip free entries */
	uint64_t next_free;	/* no used MSHR's data arrives before this cycle */
	struct sm_l1d_stats st;
};

int sm_l1d_init(struct sm_l1d *l1, const struct gpurf_cfg *cfg, unsigned sm);
void sm_l1d_free(struct sm_l1d *l1);

/* An instruction's lines from *next on, at cycle now (the k-th of them
 * leaves at now + k).  load, store: the access kind (both: atomic); bypass:
 * a load that skips the L1.  token names the instruction for the wake-ups.
 * Accumulates into *done the latest data cycle known, into *waits the lines
 * whose data time is not known yet (each wakes token once) and into *missed
 * the lines not hit.  Returns 0 when every line went, 1 on a reservation
 * fail (a line needs an MSHR and none is free: *next is that line, the
 * LD/ST unit tries it again next cycle), -1 when out of memory. */
int sm_l1d_access(struct sm_l1d *l1, struct sm_gmem *g, const struct sm_lines *ln, int load, int store,
		  int bypass, unsigned *next, uint64_t now, void *token, uint64_t *done, unsigned *waits,
		  unsigned *missed);
/* MSHR i's data arrives at `at`: wakes its waiting requests. */
int sm_l1d_fill(struct sm_l1d *l1, unsigned i, uint64_t at, sm_l1d_wake_fn wake, void *user);

#endif
