/* sm_memsys.c: memory timing: shared-memory banks, constant cache, L1 and
 * the shared DRAM server (the model is documented in sm_memsys.h). */
#include "sm_memsys.h"

#include <stdlib.h>
#include <string.h>

#include "ptx.h"

enum { LINE = 128, SECTOR = 32, SMEM_BANKS = 32 };

void sm_dram_init(struct sm_dram *d, const struct gpurf_cfg *cfg)
{
	memset(d, 0, sizeof *d);
	d->bytes_per_cycle = cfg->sim.dram_bytes_per_cycle;
	d->latency = cfg->sim.dram_latency;
}

int sm_l1_init(struct sm_l1 *l1, const struct gpurf_cfg *cfg)
{
	unsigned lines = cfg->sim.l1_bytes / LINE;

	memset(l1, 0, sizeof *l1);
	l1->assoc = cfg->sim.l1_assoc;
	l1->sets = lines / l1->assoc;
	if (l1->sets == 0)
		return 0;	/* no L1 */
	l1->tag = calloc((size_t)l1->sets * l1->assoc, sizeof *l1->tag);
	l1->stamp = calloc((size_t)l1->sets * l1->assoc, sizeof *l1->stamp);
	return l1->tag && l1->stamp ? 0 : -1;
}

void sm_l1_free(struct sm_l1 *l1)
{
	free(l1->tag);
	free(l1->stamp);
	memset(l1, 0, sizeof *l1);
}

/* Looks a line up; allocates it (evicting the LRU way) on a miss. */
static int l1_access(struct sm_l1 *l1, uint64_t line, int allocate)
{
	unsigned set, victim = 0;
	uint64_t *tag, *stamp;

	if (l1->sets == 0)
		return 0;
	set = (unsigned)(line % l1->sets);
	tag = l1->tag + (size_t)set * l1->assoc;
	stamp = l1->stamp + (size_t)set * l1->assoc;
	l1->clock++;
	for (unsigned w = 0; w < l1->assoc; w++) {
		if (tag[w] == line + 1) {
			stamp[w] = l1->clock;
			l1->hits++;
			return 1;
		}
		if (stamp[w] < stamp[victim])
			victim = w;
	}
	l1->misses++;
	if (allocate) {
		tag[victim] = line + 1;
		stamp[victim] = l1->clock;
	}
	return 0;
}

/* A transfer of `bytes` requested at cycle r: the cycle its data arrives. */
static uint64_t dram_transfer(struct sm_dram *d, uint64_t r, unsigned bytes)
{
	uint64_t start = r * d->bytes_per_cycle;

	if (d->busy_units > start)
		start = d->busy_units;
	d->busy_units = start + bytes;
	d->bytes += bytes;
	d->transfers++;
	return (d->busy_units + d->bytes_per_cycle - 1) / d->bytes_per_cycle + d->latency;
}

/* Whether every bank sees one word at most (then ways is 1): the common
 * case, decided in one pass before the counting below. */
static int one_word_per_bank(const struct sm_access *acc, unsigned per)
{
	uint32_t first[SMEM_BANKS], used = 0;

	for (uint64_t m = acc->mask; m; m &= m - 1) {
		uint32_t w0 = (uint32_t)(acc->addr[__builtin_ctzll(m)] / 4);

		for (unsigned k = 0; k < per; k++) {
			uint32_t word = w0 + k, bit = UINT32_C(1) << (word % SMEM_BANKS);

			if (!(used & bit)) {
				used |= bit;
				first[word % SMEM_BANKS] = word;
			} else if (first[word % SMEM_BANKS] != word) {
				return 0;
			}
		}
	}
	return 1;
}

static unsigned shared_ways(const struct sm_access *acc)
{
	uint32_t words[SMEM_BANKS][64], prev = 0;
	unsigned n[SMEM_BANKS] = {0}, ways = 1, per = acc->bytes > 4 ? acc->bytes / 4 : 1;
	int any = 0;

	if (one_word_per_bank(acc, per))
		return 1;
	for (uint64_t m = acc->mask; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctzll(m);

		for (unsigned k = 0; k < per; k++) {
			uint32_t word = (uint32_t)(acc->addr[l] / 4) + k;
			unsigned b = word % SMEM_BANKS, i;

			if (any && word == prev)
				continue;	/* already counted (a broadcast) */
			any = 1;
			prev = word;
			for (i = 0; i < n[b] && words[b][i] != word; i++)
				;
			if (i == n[b] && n[b] < 64) {
				words[b][n[b]++] = word;
				if (n[b] > ways)
					ways = n[b];
			}
		}
	}
	return ways;
}

static unsigned distinct_addrs(const struct sm_access *acc)
{
	uint64_t seen[64];
	unsigned n = 0;

	for (uint64_t m = acc->mask; m; m &= m - 1) {
		uint64_t a = acc->addr[__builtin_ctzll(m)];
		unsigned i;

		if (n && seen[n - 1] == a)
			continue;	/* the same address as the lane before */
		for (i = 0; i < n && seen[i] != a; i++)
			;
		if (i == n)
			seen[n++] = a;
	}
	return n ? n : 1;
}

void sm_mem_coalesce(const struct sm_access *acc, unsigned lanes, unsigned warp_key, struct sm_lines *ln)
{
	unsigned nlines = 0, last = 0;	/* lines[last]: the line found last */

	for (uint64_t m = acc->mask; m; m &= m - 1) {
		unsigned l = (unsigned)__builtin_ctzll(m);
		uint64_t a = acc->addr[l];

		if (acc->space == PTX_S_LOCAL)
			a = ((uint64_t)(warp_key + 1) << 40) + (a & ~UINT64_C(3)) * lanes + l * 4u + (a & 3u);
		for (uint64_t b = a; b < a + (acc->bytes ? acc->bytes : 1); b = (b / SECTOR + 1) * SECTOR) {
			uint64_t line = b / LINE;
			unsigned i = last;

			if (i >= nlines || ln->line[i] != line)	/* lines are distinct: the same search result */
				for (i = 0; i < nlines && ln->line[i] != line; i++)
					;
			if (i == nlines) {
				if (nlines == 128)
					break;
				ln->line[nlines] = line;
				ln->sectors[nlines++] = 0;
			}
			ln->sectors[i] |= (uint8_t)(1u << (b % LINE / SECTOR));
			last = i;
		}
	}
	ln->n = nlines;
}

uint64_t sm_mem_time(const struct gpurf_cfg *cfg, struct sm_l1 *l1, struct sm_dram *dram,
		     struct sm_mem_stats *st, const struct sm_access *acc, unsigned lanes,
		     unsigned warp_key, uint64_t now, unsigned *occupancy, unsigned *missed)
{
	struct sm_lines ln;
	uint64_t done = now + 1;
	unsigned nlines;

	*missed = 0;
	if (!acc->mask) {
		*occupancy = 1;
		return now + 1;
	}
	switch (acc->space) {
	case PTX_S_SHARED: {
		unsigned ways = shared_ways(acc);

		st->shared_accesses++;
		st->shared_ways += ways;
		*occupancy = ways;
		return now + cfg->sim.shared_latency + ways - 1;
	}
	case PTX_S_CONST: case PTX_S_PARAM: {
		unsigned k = distinct_addrs(acc);

		st->const_accesses++;
		*occupancy = k;
		return now + cfg->sim.const_latency + k - 1;
	}
	default:
		break;
	}
	sm_mem_coalesce(acc, lanes, warp_key, &ln);
	nlines = ln.n;
	st->global_accesses++;
	st->global_lines += nlines;
	*occupancy = nlines;
	for (unsigned i = 0; i < nlines; i++) {
		uint64_t at = now + i, t;

		if (acc->load && acc->store) {		/* atomic: performed at the memory side */
			t = dram_transfer(dram, at, SECTOR);
			++*missed;
		} else if (acc->store) {
			t = dram_transfer(dram, at, (unsigned)__builtin_popcount(ln.sectors[i]) * SECTOR);
			t = at + cfg->sim.l1_latency;	/* the warp does not wait for the write */
		} else if (l1_access(l1, ln.line[i], 1)) {
			t = at + cfg->sim.l1_latency;
		} else {
			t = dram_transfer(dram, at, LINE) + (l1->sets ? cfg->sim.l1_latency : 0);
			++*missed;
		}
		if (t > done)
			done = t;
	}
	return done;
}
