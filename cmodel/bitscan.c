/* bitscan.c: find-first-set and population count. */
#include "bitscan.h"

int bitscan_first(const uint8_t *bits, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (bits[i])
			return (int)i;
	return -1;
}

int bitscan_first64(uint64_t v)
{
	for (int i = 0; i < 64; i++)
		if (v >> i & 1u)
			return i;
	return -1;
}

unsigned bitscan_popcount64(uint64_t v)
{
	unsigned n = 0;

	for (; v; v &= v - 1u)
		n++;
	return n;
}
