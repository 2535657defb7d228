/* sm_il1.h: an SM's L1 instruction cache ([sim] il1_bytes > 0; GPGPU-Sim
 * -gpgpu_cache:il1 with -gpgpu_perfect_inst_const_cache 0).
 *
 * Set-associative, LRU, il1_line_bytes lines, tags only (the instructions
 * come from the program or trace).  A warp's fetch looks up the line of the
 * PC of its first instruction (GPGPU-Sim fetches from one line):
 *   hit      the line is present and filled: the fetch costs nothing more;
 *   miss     not present: the LRU way is allocated and filled miss_latency
 *            cycles later; the fetch waits for it;
 *   pending  present, still being filled by an earlier miss (another warp's
 *            fetch): the fetch waits for that fill (GPGPU-Sim's MSHR merge).
 * sm_il1_fetch returns the extra cycles the fetch waits, 0 on a hit.  A
 * cache created with miss_latency 0 leaves the fill to its owner (the
 * detailed memory system): a miss, or a pending hit on a line whose fill
 * is not known yet, returns SM_IL1_WAIT, *slot names the line's way, and
 * sm_il1_filled gives the fill cycle when the data comes. */
#ifndef GPURF_SM_IL1_H
#define GPURF_SM_IL1_H

#include <stdint.h>

struct sm_il1;

struct sm_il1_stats {
	uint64_t accesses, misses, pending_hits;
};

struct sm_il1 *sm_il1_create(unsigned bytes, unsigned line_bytes, unsigned assoc, unsigned miss_latency);
void sm_il1_free(struct sm_il1 *c);
#define SM_IL1_WAIT UINT64_MAX
uint64_t sm_il1_fetch(struct sm_il1 *c, uint64_t pc_bytes, uint64_t now, struct sm_il1_stats *st, unsigned *slot);
void sm_il1_filled(struct sm_il1 *c, unsigned slot, uint64_t at);

#endif
