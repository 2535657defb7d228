/* ltrf_tb.c: random working sets and scenario names for the LTRF test benches (ltrf_tb.h). */
#include "ltrf_tb.h"

#include <string.h>

int ltrf_random_vec(struct rng *rng, unsigned nr, unsigned nb, uint32_t *v, const uint32_t *old)
{
	unsigned want = 1u + rng_below(rng, nb), n = 0;
	int overlap = 0;

	memset(v, 0, LTRF_TB_VW * sizeof *v);
	if (old)
		for (unsigned r = 0; r < nr && n < want; r++)
			if (ltrf_bit(old, r) && rng_chance(rng, 50)) {
				ltrf_put(v, r, 1);
				n++;
			}
	for (unsigned tries = 0; n < want && tries < 8u * nr; tries++) {
		unsigned r = rng_below(rng, nr);

		if (!ltrf_bit(v, r)) {
			ltrf_put(v, r, 1);
			n++;
		}
	}
	for (unsigned r = 0; old && r < nr && !overlap; r++)
		overlap = ltrf_bit(v, r) && ltrf_bit(old, r);
	return overlap;
}

int ltrf_tb_scenario(const char *const *names, const char *scenario)
{
	for (int i = 0; scenario && names[i]; i++)
		if (!strcmp(names[i], scenario))
			return i;
	return 0;
}
