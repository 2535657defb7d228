/* sm_memsys.h: the timing of memory accesses (the values are the
 * functional memory's business, sm_fmem.h).
 *
 * The queueing model, per warp-level access dispatched at cycle `now`:
 *   shared    32 banks of 4-byte words; the access takes `ways` cycles of
 *             the LD/ST unit (the largest number of distinct words one bank
 *             must deliver; lanes reading one word share it) and completes
 *             at now + shared_latency + ways - 1.
 *   const,    one cycle per distinct address; completes at now +
 *   param     const_latency + distinct - 1.
 *   global,   the lanes' addresses coalesce into 128-byte lines, one per LD/ST
 *   local     cycle in order of first lane.  Local addresses are interleaved
 *             per lane (4-byte words of consecutive lanes are adjacent), as
 *             on NVIDIA GPUs.  A load line looks up the L1 (LRU, allocate on
 *             miss): a hit completes l1_latency cycles after its LD/ST
 *             cycle; a miss is a 128-byte transfer on the DRAM server.
 *             Stores write through (no allocate): 32-byte sectors touched go
 *             to the DRAM server; atomics are 32-byte DRAM transfers.
 *   DRAM      one FIFO server shared by every SM, dram_bytes_per_cycle wide:
 *             a transfer of B bytes requested at cycle r starts when the
 *             server is free (max(r, free)), holds it B / bandwidth cycles,
 *             and its data arrives dram_latency cycles after the transfer
 *             ends.  Requests are served in the order the SMs make them
 *             (SM 0 first in a cycle), which keeps runs deterministic.
 * The instruction completes when its last line does. */
#ifndef GPURF_SM_MEMSYS_H
#define GPURF_SM_MEMSYS_H

#include <stdint.h>

#include "cfg.h"
#include "sm_exec.h"

struct sm_dram {
	uint64_t busy_units;		/* server busy until busy_units / bytes_per_cycle */
	unsigned bytes_per_cycle;
	unsigned latency;
	uint64_t bytes, transfers;
};

struct sm_l1 {
	unsigned sets, assoc;
	uint64_t *tag;			/* [set][way], line address + 1, 0 = invalid */
	uint64_t *stamp;		/* LRU */
	uint64_t clock;
	uint64_t hits, misses;
};

struct sm_mem_stats {
	uint64_t shared_accesses, shared_ways;
	uint64_t const_accesses;
	uint64_t global_lines, global_accesses;
};

/* The 128-byte lines of a global or local access, in order of first lane,
 * with the 32-byte sectors each touches (bit k: bytes 32k..32k+31). */
struct sm_lines {
	unsigned n;
	uint64_t line[128];
	uint8_t sectors[128];
};

/* Coalesces acc (global or local; local addresses interleaved per lane of
 * hardware warp warp_key) into lines. */
void sm_mem_coalesce(const struct sm_access *acc, unsigned lanes, unsigned warp_key, struct sm_lines *ln);

void sm_dram_init(struct sm_dram *d, const struct gpurf_cfg *cfg);
int sm_l1_init(struct sm_l1 *l1, const struct gpurf_cfg *cfg);
void sm_l1_free(struct sm_l1 *l1);

/* Timing of one access dispatched at `now`.  Returns the completion cycle,
 * sets *occupancy to the LD/ST unit cycles it takes and *missed to the lines
 * a load or atomic waits for from DRAM (an L1 miss; 0 for stores, shared,
 * const and hits).  `warp_key` separates the local memory of different
 * hardware warps. */
uint64_t sm_mem_time(const struct gpurf_cfg *cfg, struct sm_l1 *l1, struct sm_dram *dram,
		     struct sm_mem_stats *st, const struct sm_access *acc, unsigned lanes,
		     unsigned warp_key, uint64_t now, unsigned *occupancy, unsigned *missed);

#endif
