/* sm_grow.h: growing a heap array by doubling, the one way the SM model
 * enlarges its queues and record pools. */
#ifndef GPURF_SM_GROW_H
#define GPURF_SM_GROW_H

#include <stddef.h>
#include <stdlib.h>

/* Makes *p hold at least need elements of sz bytes (*cap: elements held;
 * first 16, then doubling).  -1 when out of memory (*p and *cap unchanged).
 * New elements are not initialized. */
static inline int sm_grow(void **p, unsigned *cap, unsigned need, size_t sz)
{
	unsigned c = *cap ? *cap : 16;
	void *n;

	if (need <= *cap)
		return 0;
	while (c < need)
		c *= 2;
	if (!(n = realloc(*p, (size_t)c * sz)))
		return -1;
	*p = n;
	*cap = c;
	return 0;
}

#endif
