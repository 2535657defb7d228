/* rr_arb.c: round-robin arbitration with several grants per cycle. */
#include "rr_arb.h"

#include <assert.h>

struct rr_grant rr_arb_grant(unsigned n, unsigned ptr, uint64_t req, unsigned limit)
{
	struct rr_grant g = {0, 0, ptr};

	assert(n >= 1 && n <= RR_ARB_MAX && ptr < n);
	for (unsigned j = 0; j < n && g.count < limit; j++) {
		unsigned idx = ptr + j < n ? ptr + j : ptr + j - n;

		if (req >> idx & 1u) {
			g.gnt |= UINT64_C(1) << idx;
			g.count++;
			g.next_ptr = idx + 1 < n ? idx + 1 : 0;
		}
	}
	return g;
}
