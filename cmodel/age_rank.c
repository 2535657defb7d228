/* age_rank.c: rank permutation updates (see age_rank.h). */
#include "age_rank.h"

#include <assert.h>

void age_rank_reset(uint16_t *rank, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		rank[i] = (uint16_t)i;
}

void age_rank_touch(uint16_t *rank, unsigned n, unsigned x)
{
	unsigned old;

	assert(x < n);
	old = rank[x];
	for (unsigned j = 0; j < n; j++)
		if (rank[j] > old)
			rank[j]--;
	rank[x] = (uint16_t)(n - 1u);
}
