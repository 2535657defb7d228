/* sm_gmem.h: the detailed memory system below the SMs' L1 caches ([mem]
 * model = detailed): the interconnect, the L2 slices and the DRAM channels
 * every SM of a run shares.
 *
 * Path of a request an L1 sends at core cycle t:
 *   SM port -> icnt_latency -> slice port: one flit per icnt cycle at each
 *     port (a read request is one flit, a store one plus its data);
 *   L2 slice: starts one access per L2 cycle and answers l2_latency core
 *     cycles later: a hit sends the data back; a miss (a sector not in the
 *     slice) takes an L2 MSHR (or joins the line's) and sends a DRAM read
 *     of the missing sectors to the partition's channel (sm_dram.h), where
 *     it arrives dram_latency core cycles later (when the slice has
 *     l2_mshrs reads outstanding, it waits for one to finish first); the slice answers the
 *     waiting requests one cycle after the channel delivered the data;
 *   the reply (data flits) goes slice port -> icnt_latency -> SM port.
 * Lines (128 bytes) interleave over the slices (line mod slices); a
 * partition's lines fill a DRAM row (dram_row_bytes) of one bank, then the
 * next bank.  Stores are written into the L2 (write-back, write-allocate: a
 * store's sectors become valid and dirty without a DRAM read); a dirty line
 * evicted is a DRAM write.  Atomics are performed at the L2 like a read
 * whose sectors become dirty.
 *
 * Ports and slices serve in the order requests are made (the SMs' order
 * within a cycle: SM 0 first) and the slice's tags change when the request
 * is made, not when it arrives: the model computes a request's time through
 * the ports and the L2 at once.  DRAM is the one place that is stepped: a
 * read that misses the L2 is answered later, by sm_gmem_step(), once the
 * channel's scheduler has served it. */
#ifndef GPURF_SM_GMEM_H
#define GPURF_SM_GMEM_H

#include <stdint.h>

#include "cfg.h"
#include "err.h"
#include "sm_dram.h"

#define SM_GMEM_PENDING UINT64_MAX

struct sm_gmem_stats {
	uint64_t l2_accesses, l2_misses, l2_pending_hits, l2_writes, l2_reservation_fails;
	uint64_t dram_reads, dram_writes, dram_row_hits, dram_row_misses, dram_bytes;
	uint64_t icnt_flits;
};

struct sm_gmem;

/* Called by sm_gmem_step for a read answered from DRAM: SM `sm`'s L1 MSHR
 * `mshr` has its data at core cycle `at` (> the step's now). */
typedef int (*sm_gmem_fill_fn)(void *user, unsigned sm, unsigned mshr, uint64_t at);

struct sm_gmem *sm_gmem_create(const struct gpurf_cfg *cfg, unsigned nsms, struct gpurf_err *err);
void sm_gmem_free(struct sm_gmem *g);

/* A read (atomic = 0) or atomic of `sectors` (bit k: bytes 32k..32k+31) of
 * 128-byte line `line`, for SM sm's L1 MSHR mshr, leaving the SM at core
 * cycle t.  Returns the cycle its data reaches the SM, or SM_GMEM_PENDING
 * (the data comes from DRAM: reported by sm_gmem_step), or 0 when out of
 * memory. */
uint64_t sm_gmem_read(struct sm_gmem *g, unsigned sm, unsigned mshr, uint64_t line, uint8_t sectors,
		      uint64_t t, int atomic);
/* A store of `sectors` of line, leaving SM sm at cycle t; *ack is the cycle
 * the slice's acknowledgement (one flit, sent when the slice has taken the
 * write, hit or miss, as GPGPU-Sim's L2 answers every write) reaches the SM.
 * Returns -1 when out of memory. */
int sm_gmem_write(struct sm_gmem *g, unsigned sm, uint64_t line, uint8_t sectors, uint64_t t, uint64_t *ack);
/* Runs the DRAM channels up to core cycle now; reports answered reads.
 * Returns -1 when fill does. */
int sm_gmem_step(struct sm_gmem *g, uint64_t now, sm_gmem_fill_fn fill, void *user);
/* The first core cycle after now at which sm_gmem_step has work, or
 * UINT64_MAX when no request is outstanding at DRAM. */
uint64_t sm_gmem_next_event(const struct sm_gmem *g, uint64_t now);
void sm_gmem_stats(const struct sm_gmem *g, struct sm_gmem_stats *st);

/* Where a line lives (the unit tests check the interleaving). */
unsigned sm_gmem_slice(const struct sm_gmem *g, uint64_t line);
void sm_gmem_dram_addr(const struct sm_gmem *g, uint64_t line, unsigned *chan, uint32_t *bank, uint32_t *row);

#endif
