/* sm_l2.h: one L2 slice's tags and miss status holding registers (the
 * detailed memory system; the timing around them is sm_gmem.c's).
 *
 * Tags: sets x l2_assoc lines of 128 bytes, four 32-byte sectors each with a
 * valid and a dirty bit, LRU; a miss allocates the line at once (its
 * sectors valid from then, the MSHR says they are still coming).  MSHRs: one
 * per line with DRAM reads outstanding, holding the requests that wait for
 * it; it completes when its last DRAM read has. */
#ifndef GPURF_SM_L2_H
#define GPURF_SM_L2_H

#include <stdint.h>

/* A request waiting on an L2 MSHR: SM `sm`'s L1 MSHR `mshr`. */
struct sm_l2_waiter {
	uint32_t sm, mshr;
	uint8_t sectors;
};

struct sm_l2_mshr {
	uint64_t line;
	uint8_t sectors;	/* sectors being read */
	unsigned reads;		/* DRAM reads outstanding (0 = free entry) */
	struct sm_l2_waiter *w;
	unsigned nw, capw;
};

struct sm_l2 {
	unsigned sets, assoc;
	uint64_t *tag;		/* line + 1, 0 = invalid */
	uint8_t *valid, *dirty;
	uint64_t *stamp, clock;
	struct sm_l2_mshr *m;	/* entries; free ones have reads == 0 */
	unsigned nm, capm, live;
};

int sm_l2_init(struct sm_l2 *s, unsigned bytes, unsigned assoc);
void sm_l2_free(struct sm_l2 *s);

/* Looks line up: returns its valid sectors (0 when absent) and, on a miss
 * with allocate, installs it, evicting the LRU way: *evicted and
 * *evicted_dirty then name a dirty victim (dirty sectors != 0). */
uint8_t sm_l2_lookup(struct sm_l2 *s, uint64_t line, int allocate, uint64_t *evicted,
		     uint8_t *evicted_dirty);
/* Marks sectors of a present line valid (and dirty when dirty). */
void sm_l2_set(struct sm_l2 *s, uint64_t line, uint8_t sectors, int dirty);
/* The live MSHR of line, or -1. */
int sm_l2_mshr_find(const struct sm_l2 *s, uint64_t line);
/* A new MSHR for line; -1 when out of memory. */
int sm_l2_mshr_alloc(struct sm_l2 *s, uint64_t line);
int sm_l2_mshr_wait(struct sm_l2 *s, int i, const struct sm_l2_waiter *w);

#endif
