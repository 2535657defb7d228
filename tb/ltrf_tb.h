/* ltrf_tb.h: stimulus helpers the LTRF test benches share (the engine's and
 * ltrf_top's): register bit-vectors (32-bit words, register r at bit r) and
 * random working sets. */
#ifndef GPURF_LTRF_TB_H
#define GPURF_LTRF_TB_H

#include <stdint.h>

#include "rng.h"

enum { LTRF_TB_VW = 8 };	/* words of a vector: up to 256 registers */

static inline int ltrf_bit(const uint32_t *v, unsigned r)
{
	return (int)(v[r / 32u] >> (r % 32u) & 1u);
}

static inline void ltrf_put(uint32_t *v, unsigned r, int b)
{
	if (b)
		v[r / 32u] |= 1u << (r % 32u);
	else
		v[r / 32u] &= ~(1u << (r % 32u));
}

/* v := a random working set of 1..nb of the nr registers; with old given,
 * about half of old's registers are kept first (an interval change with
 * overlap).  Returns 1 when v and old share a register. */
int ltrf_random_vec(struct rng *rng, unsigned nr, unsigned nb, uint32_t *v, const uint32_t *old);

/* The index of scenario in the NULL-terminated names; 0 (the first, random)
 * when it is NULL or not there. */
int ltrf_tb_scenario(const char *const *names, const char *scenario);

#endif
