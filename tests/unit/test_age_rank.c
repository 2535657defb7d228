/* test_age_rank.c: the rank permutation behind FIFO/LRU and oldest-first,
 * by hand-worked cases. */
#include "age_rank.h"
#include "check.h"

static CHECK_STATE;

static int is_perm(const uint16_t *r, unsigned n)
{
	unsigned seen = 0;

	for (unsigned i = 0; i < n; i++)
		seen |= 1u << r[i];
	return seen == (1u << n) - 1u;
}

int main(void)
{
	uint16_t r[6];

	age_rank_reset(r, 4);
	CHECK(r[0] == 0 && r[1] == 1 && r[2] == 2 && r[3] == 3);
	/* touch 1: 0 stays oldest, 2 and 3 move down, 1 youngest */
	age_rank_touch(r, 4, 1);
	CHECK(r[0] == 0 && r[1] == 3 && r[2] == 1 && r[3] == 2);
	/* FIFO over 4 entries filled 0,1,2,3 then allocate at the oldest (0) */
	age_rank_reset(r, 4);
	for (unsigned i = 0; i < 4; i++)
		age_rank_touch(r, 4, i);
	CHECK(r[0] == 0 && r[3] == 3);
	age_rank_touch(r, 4, 0);
	CHECK(r[1] == 0 && r[0] == 3);	/* 1 is the new oldest */
	/* touching the youngest changes nothing */
	age_rank_touch(r, 4, 0);
	CHECK(r[1] == 0 && r[2] == 1 && r[3] == 2 && r[0] == 3);
	/* one thing: always rank 0 */
	age_rank_reset(r, 1);
	age_rank_touch(r, 1, 0);
	CHECK_EQ(r[0], 0);
	/* a long random-ish sequence stays a permutation */
	age_rank_reset(r, 6);
	for (unsigned i = 0; i < 100; i++) {
		age_rank_touch(r, 6, (i * 7u + 3u) % 6u);
		CHECK(is_perm(r, 6));
		CHECK_EQ(r[(i * 7u + 3u) % 6u], 5);
	}
	return CHECK_DONE();
}
