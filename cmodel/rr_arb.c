/* rr_arb.c: round-robin arbitration with several grants per cycle. */
#include "rr_arb.h"

#include <assert.h>

static void take(struct rr_grant *g, unsigned n, uint64_t req, unsigned limit)
{
	for (; req && g->count < limit; req &= req - 1) {
		unsigned idx = (unsigned)__builtin_ctzll(req);

		g->gnt |= UINT64_C(1) << idx;
		g->count++;
		g->next_ptr = idx + 1 < n ? idx + 1 : 0;
	}
}

/* The scan from the pointer upward, wrapping: the requests at or above
 * the pointer, lowest first, then those below it. */
struct rr_grant rr_arb_grant(unsigned n, unsigned ptr, uint64_t req, unsigned limit)
{
	struct rr_grant g = {0, 0, ptr};
	uint64_t below;

	assert(n >= 1 && n <= RR_ARB_MAX && ptr < n);
	req &= n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;
	if (!(req & (req - 1))) {	/* none or one requester: the common cases */
		if (req && limit)
			take(&g, n, req, limit);
		return g;
	}
	below = req & ((UINT64_C(1) << ptr) - 1);
	take(&g, n, req & ~below, limit);
	take(&g, n, below, limit);
	return g;
}
