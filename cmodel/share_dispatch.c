/* share_dispatch.c: register sharing's block-dispatch arithmetic (see
 * share_dispatch.h for the formulas and why they are floored and capped). */
#include "share_dispatch.h"

static unsigned min_u(unsigned a, unsigned b)
{
	return a < b ? a : b;
}

struct share_residency share_dispatch(const struct share_sm *sm, const struct share_kernel *k)
{
	struct share_residency r = {0};
	unsigned long r_tb = (unsigned long)k->threads_per_block * k->regs_per_thread;
	unsigned long rem;
	unsigned limit, pairs;

	if (k->threads_per_block == 0 || r_tb == 0 || r_tb > sm->regs)
		return r;
	/* Limits other than registers (Sec. 4.1, last paragraph). */
	limit = min_u(sm->max_blocks, sm->max_threads / k->threads_per_block);
	if (k->smem_per_block)
		limit = min_u(limit, (unsigned)(sm->smem_bytes / k->smem_per_block));
	r.g = (unsigned)(sm->regs / r_tb);
	r.baseline = min_u(r.g, limit);
	rem = sm->regs - (unsigned long)r.g * r_tb;
	/* S = floor(rem / (t R_tb)) with t = t10 / 10, capped at g (Eq. 1: U >= 0). */
	pairs = (unsigned)min_u(r.g, (unsigned)((10UL * rem) / ((unsigned long)sm->threshold_tenths * r_tb)));
	r.blocks = min_u(r.g + pairs, limit);
	if (r.blocks > r.g) {
		r.pairs = r.blocks - r.g;
		r.unshared = r.g - r.pairs;
	} else {
		r.pairs = 0;
		r.unshared = r.blocks;
	}
	r.sharing_mode = r.pairs > 0;
	r.unshared_regs = sm->threshold_tenths * k->regs_per_thread / 10u;
	return r;
}
