/* cta_life.h: random CTA lifecycles as an SM makes them, for the stimulus
 * of a register-file top that sees CTA launches, drained warps and CTA
 * exits (stim_sm_tops.c's shared-pair scenario).
 *
 * The protocol kept (the SM core's, cmodel/sm/sm_core.c):
 *   - a launch takes a free CTA slot and the kernel's warps-per-CTA free
 *     warps, the lowest ids first, as indices 0.. in ascending id;
 *   - a warp issues from the second cycle after its launch on, and drains
 *     once, after its launch cycle; a CTA exits once all its
 *     warps drained (in an earlier cycle or the same one), which frees its
 *     slot and warps;
 *   - in a cycle a slot launches at most once and exits at most once; the
 *     events come in an order where an exit precedes any launch reusing
 *     its slot or warps; the first cycle of a kernel may fill every slot
 *     (the SM's first wave).
 * Ownership: the caller owns the struct (no allocation); bounded by
 * CTA_LIFE_MAXW warps and CTA_LIFE_MAXT slots. */
#ifndef GPURF_CTA_LIFE_H
#define GPURF_CTA_LIFE_H

#include <stdint.h>

#include "rng.h"

enum { CTA_LIFE_MAXW = 64, CTA_LIFE_MAXT = 64 };

struct cta_life_ev {
	unsigned exit, slot;
};

struct cta_life {
	unsigned W, T;			/* warps, CTA slots */
	unsigned wpc, slots;		/* the kernel's warps per CTA, usable slots */
	/* state after the last step */
	uint8_t slot_run[CTA_LIFE_MAXT];
	uint8_t warp_run[CTA_LIFE_MAXW];	/* launched, its CTA not exited */
	uint8_t warp_drained[CTA_LIFE_MAXW];
	unsigned warp_slot[CTA_LIFE_MAXW], warp_k[CTA_LIFE_MAXW];
	uint64_t warp_born[CTA_LIFE_MAXW];	/* the step that launched it */
	uint64_t steps;
	/* the last step's events, in order */
	unsigned nev;
	struct cta_life_ev ev[2 * CTA_LIFE_MAXT];
	uint64_t joined;		/* warps joining a launch (their slot, k above) */
	uint64_t drained;		/* warps draining */
};

/* A new kernel on an empty SM: wpc warps per CTA, at most slots CTAs. */
void cta_life_kernel(struct cta_life *c, unsigned W, unsigned T, unsigned wpc, unsigned slots);

/* One cycle: drain_pct per running warp, exit_pct per finished CTA,
 * launch_pct per free slot (100: fill every slot that fits). */
void cta_life_step(struct cta_life *c, struct rng *r, unsigned drain_pct, unsigned exit_pct, unsigned launch_pct);

/* Warp w may issue this step: launched two or more steps ago (the issue
 * outputs a cycle's issue reads were made before the edge of the cycle
 * before, so they know launches before that one only), not drained. */
int cta_life_issuable(const struct cta_life *c, unsigned w);

/* No CTA running. */
int cta_life_empty(const struct cta_life *c);

#endif
