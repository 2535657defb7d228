/* sm_sched.h: warp scheduling policies of one scheduler.
 *
 * A scheduler owns the hardware warps w with w mod schedulers == its index
 * that are resident and not finished, kept in age order (launch order).
 * Each cycle sm_sched_order() lists the candidates in priority order; the
 * SM issues the first that can issue and reports it with sm_sched_issued().
 *
 *   gto        greedy then oldest: the warp issued last, then the others
 *              oldest first (GPGPU-Sim's gto);
 *   lrr        loose round robin: starting after the warp issued last;
 *   two_level  only the active set (active_warps warps) is considered,
 *              round robin; a warp found waiting on a long-latency result
 *              (global/local load) is demoted to the tail of the pending
 *              FIFO, and the active set is refilled from its head
 *              (Gebhart et al., ISCA 2011; LTRF). */
#ifndef GPURF_SM_SCHED_H
#define GPURF_SM_SCHED_H

#include "cfg.h"

struct sm_sched {
	unsigned *warps;	/* resident warps, oldest first */
	unsigned n;
	unsigned *cand;		/* this cycle's candidates */
	unsigned *active, nactive;	/* two-level */
	unsigned *pending, npending;	/* two-level FIFO */
	int last;		/* warp issued last, -1 none */
	unsigned rr;		/* lrr / two-level pointer */
	unsigned fetch_ptr;
	unsigned ncand;		/* cand[] as last built */
	int stale;		/* cand[] must be rebuilt: the order changed */
};

int sm_sched_init(struct sm_sched *s, const struct gpurf_cfg *cfg, unsigned nwarps);
void sm_sched_free(struct sm_sched *s);
void sm_sched_add(struct sm_sched *s, unsigned w);
/* Removes w if present. */
void sm_sched_remove(struct sm_sched *s, unsigned w);
/* Fills s->cand; returns how many. */
unsigned sm_sched_order(struct sm_sched *s, const struct gpurf_cfg *cfg);
void sm_sched_issued(struct sm_sched *s, const struct gpurf_cfg *cfg, unsigned w);
/* Two-level: moves active warp w to the pending FIFO; returns 1 if it did. */
int sm_sched_demote(struct sm_sched *s, const struct gpurf_cfg *cfg, unsigned w);

#endif
