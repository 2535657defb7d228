/* cta_life.c: random CTA lifecycles as an SM makes them (cta_life.h has
 * the protocol kept).  Drained is a level, as the SM core holds it (a warp
 * used and retired) until its CTA exits. */
#include "cta_life.h"

#include <string.h>

void cta_life_kernel(struct cta_life *c, unsigned W, unsigned T, unsigned wpc, unsigned slots)
{
	memset(c, 0, sizeof *c);
	c->W = W < CTA_LIFE_MAXW ? W : CTA_LIFE_MAXW;
	c->T = T < CTA_LIFE_MAXT ? T : CTA_LIFE_MAXT;
	c->wpc = wpc ? wpc : 1u;
	c->slots = slots < c->T ? slots : c->T;
}

static unsigned free_warps(const struct cta_life *c, uint64_t freed)
{
	unsigned n = 0;

	for (unsigned w = 0; w < c->W; w++)
		n += !c->warp_run[w] && !(freed >> w & 1u);
	return n;
}

/* Slot s launches: the lowest free warps (not freed this step) join it. */
static void launch(struct cta_life *c, unsigned s, uint64_t freed)
{
	unsigned k = 0;

	c->slot_run[s] = 1;
	c->ev[c->nev++] = (struct cta_life_ev){0, s};
	for (unsigned w = 0; w < c->W && k < c->wpc; w++) {
		if (c->warp_run[w] || (freed >> w & 1u))
			continue;
		c->warp_run[w] = 1;
		c->warp_drained[w] = 0;
		c->warp_slot[w] = s;
		c->warp_k[w] = k++;
		c->warp_born[w] = c->steps;
		c->joined |= UINT64_C(1) << w;
	}
}

/* Slot s exits: its warps leave (their drained level with them). */
static uint64_t cta_exit(struct cta_life *c, unsigned s)
{
	uint64_t freed = 0;

	c->slot_run[s] = 0;
	c->ev[c->nev++] = (struct cta_life_ev){1, s};
	for (unsigned w = 0; w < c->W; w++)
		if (c->warp_run[w] && c->warp_slot[w] == s) {
			c->warp_run[w] = 0;
			freed |= UINT64_C(1) << w;
		}
	return freed;
}

void cta_life_step(struct cta_life *c, struct rng *r, unsigned drain_pct, unsigned exit_pct, unsigned launch_pct)
{
	uint8_t want_exit[CTA_LIFE_MAXT] = {0}, want_launch[CTA_LIFE_MAXT] = {0}, launched[CTA_LIFE_MAXT] = {0};
	uint64_t freed = 0;

	c->steps++;
	c->nev = 0;
	c->joined = c->drained = 0;
	for (unsigned w = 0; w < c->W; w++) {
		if (c->warp_run[w] && !c->warp_drained[w] && c->warp_born[w] < c->steps && rng_chance(r, drain_pct))
			c->warp_drained[w] = 1;
		if (c->warp_run[w] && c->warp_drained[w])
			c->drained |= UINT64_C(1) << w;
	}
	for (unsigned s = 0; s < c->slots; s++) {
		int done = c->slot_run[s];

		for (unsigned w = 0; w < c->W && done; w++)
			done = !(c->warp_run[w] && c->warp_slot[w] == s) || c->warp_drained[w];
		/* rarely a CTA leaves with warps not drained (the exit's own releases) */
		want_exit[s] = c->slot_run[s] && rng_chance(r, done ? exit_pct : exit_pct / 20u);
		want_launch[s] = rng_chance(r, launch_pct);
	}
	/* the events in a random order: an exit, or a launch of a slot free by
	 * then (a slot may exit and launch again in one cycle, its warps not) */
	for (;;) {
		unsigned cand[2 * CTA_LIFE_MAXT], n = 0, fw = free_warps(c, freed), pick;

		for (unsigned s = 0; s < c->slots; s++) {
			if (want_exit[s])
				cand[n++] = s;
			if (want_launch[s] && !launched[s] && !c->slot_run[s] && fw >= c->wpc)
				cand[n++] = c->slots + s;
		}
		if (!n)
			break;
		pick = cand[rng_below(r, n)];
		if (pick < c->slots) {
			want_exit[pick] = 0;
			freed |= cta_exit(c, pick);
		} else {
			launched[pick - c->slots] = 1;
			launch(c, pick - c->slots, freed);
		}
	}
}

int cta_life_issuable(const struct cta_life *c, unsigned w)
{
	return w < c->W && c->warp_run[w] && !c->warp_drained[w] && c->warp_born[w] + 1u < c->steps;
}

int cta_life_empty(const struct cta_life *c)
{
	for (unsigned s = 0; s < c->T; s++)
		if (c->slot_run[s])
			return 0;
	return 1;
}
