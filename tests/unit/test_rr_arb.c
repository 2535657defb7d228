/* test_rr_arb.c: the round-robin policy, by hand-worked cases, and the
 * bit-scan implementation against the policy's literal scan. */
#include "check.h"
#include "rr_arb.h"

static CHECK_STATE;

/* The policy as rr_arb.h words it: requesters from the pointer upward,
 * wrapping, the first `limit` found are granted. */
static struct rr_grant literal(unsigned n, unsigned ptr, uint64_t req, unsigned limit)
{
	struct rr_grant g = {0, 0, ptr};

	for (unsigned j = 0; j < n && g.count < limit; j++) {
		unsigned idx = (ptr + j) % n;

		if (req >> idx & 1u) {
			g.gnt |= UINT64_C(1) << idx;
			g.count++;
			g.next_ptr = (idx + 1) % n;
		}
	}
	return g;
}

int main(void)
{
	struct rr_grant g;

	/* pointer 0, requests 1 and 2, one grant: requester 1, pointer -> 2 */
	g = rr_arb_grant(4, 0, 0x6, 1);
	CHECK_EQ(g.gnt, 0x2);
	CHECK_EQ(g.count, 1);
	CHECK_EQ(g.next_ptr, 2);
	/* pointer 2 now: requester 2 goes first */
	g = rr_arb_grant(4, 2, 0x6, 1);
	CHECK_EQ(g.gnt, 0x4);
	CHECK_EQ(g.next_ptr, 3);
	/* wrap: pointer 3, requests 0 and 1 -> 0, pointer -> 1 */
	g = rr_arb_grant(4, 3, 0x3, 1);
	CHECK_EQ(g.gnt, 0x1);
	CHECK_EQ(g.next_ptr, 1);
	/* two grants from pointer 3 over {0,1,3}: 3 then 0; pointer -> 1 */
	g = rr_arb_grant(4, 3, 0xb, 2);
	CHECK_EQ(g.gnt, 0x9);
	CHECK_EQ(g.count, 2);
	CHECK_EQ(g.next_ptr, 1);
	/* limit 0: nothing granted, pointer stays */
	g = rr_arb_grant(4, 2, 0xf, 0);
	CHECK_EQ(g.gnt, 0);
	CHECK_EQ(g.next_ptr, 2);
	/* no requests: pointer stays */
	g = rr_arb_grant(5, 4, 0, 3);
	CHECK_EQ(g.gnt, 0);
	CHECK_EQ(g.next_ptr, 4);
	/* last requester granted: pointer wraps to 0 (non power of two) */
	g = rr_arb_grant(5, 3, 0x10, 1);
	CHECK_EQ(g.gnt, 0x10);
	CHECK_EQ(g.next_ptr, 0);
	/* one requester */
	g = rr_arb_grant(1, 0, 1, 1);
	CHECK_EQ(g.gnt, 1);
	CHECK_EQ(g.next_ptr, 0);
	/* fairness: 3 always-requesting of 3, one grant each: 0,1,2,0 */
	{
		unsigned ptr = 0, order[4];

		for (int i = 0; i < 4; i++) {
			g = rr_arb_grant(3, ptr, 0x7, 1);
			order[i] = g.gnt == 1 ? 0 : g.gnt == 2 ? 1 : 2;
			ptr = g.next_ptr;
		}
		CHECK_EQ(order[0], 0);
		CHECK_EQ(order[1], 1);
		CHECK_EQ(order[2], 2);
		CHECK_EQ(order[3], 0);
	}
	/* every width, pointer and limit on pseudo-random requests (bits above
	 * n included: they are not requesters) */
	{
		uint64_t x = 88172645463325252u;
		unsigned bad = 0;

		for (unsigned n = 1; n <= RR_ARB_MAX; n++)
			for (unsigned ptr = 0; ptr < n; ptr++)
				for (unsigned k = 0; k < 40; k++) {
					struct rr_grant a, b;
					unsigned limit = k % 6;

					x ^= x << 13, x ^= x >> 7, x ^= x << 17;
					a = rr_arb_grant(n, ptr, k & 1 ? x : x & (x >> 9), limit);
					b = literal(n, ptr, k & 1 ? x : x & (x >> 9), limit);
					bad += a.gnt != b.gnt || a.count != b.count || a.next_ptr != b.next_ptr;
				}
		CHECK_EQ(bad, 0);
	}
	return CHECK_DONE();
}
