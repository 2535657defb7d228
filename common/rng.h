/* rng.h: the seeded pseudo-random generator of stimulus and sweeps
 * (splitmix64: tiny, fast, and the same sequence on every machine). */
#ifndef GPURF_RNG_H
#define GPURF_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s;
};

static inline uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* Uniform in [0, n), n > 0. */
static inline uint32_t rng_below(struct rng *r, uint32_t n)
{
	return (uint32_t)(((rng_next(r) >> 32) * n) >> 32);
}

/* True with probability pct percent. */
static inline int rng_chance(struct rng *r, unsigned pct)
{
	return rng_below(r, 100) < pct;
}

#endif
