/* sm_l1d.c: the detailed model's sectored L1 with MSHRs (see sm_l1d.h). */
#include "sm_l1d.h"

#include <stdlib.h>
#include <string.h>

int sm_l1d_init(struct sm_l1d *l1, const struct gpurf_cfg *cfg, unsigned sm)
{
	size_t n;

	memset(l1, 0, sizeof *l1);
	l1->assoc = cfg->sim.l1_assoc;
	l1->sets = cfg->sim.l1_bytes / 128u / l1->assoc;
	l1->nmshr = cfg->mem.l1_mshrs;
	l1->merge = cfg->mem.l1_mshr_merge;
	l1->latency = cfg->sim.l1_latency;
	l1->sm = sm;
	n = (size_t)l1->sets * l1->assoc;
	l1->tag = calloc(n ? n : 1, sizeof *l1->tag);
	l1->stamp = calloc(n ? n : 1, sizeof *l1->stamp);
	l1->valid = calloc(n ? n : 1, 1);
	l1->m = calloc(l1->nmshr, sizeof *l1->m);
	l1->wait = calloc((size_t)l1->nmshr * l1->merge, sizeof *l1->wait);
	l1->used_list = calloc(l1->nmshr, sizeof *l1->used_list);
	l1->next_free = SM_GMEM_PENDING;
	return l1->tag && l1->stamp && l1->valid && l1->m && l1->wait && l1->used_list ? 0 : -1;
}

void sm_l1d_free(struct sm_l1d *l1)
{
	free(l1->tag);
	free(l1->stamp);
	free(l1->valid);
	free(l1->m);
	free(l1->wait);
	free(l1->used_list);
	memset(l1, 0, sizeof *l1);
}

/* Frees the MSHRs whose data has arrived by `now`. */
static void retire(struct sm_l1d *l1, uint64_t now)
{
	unsigned k = 0;

	if (now < l1->next_free)
		return;
	l1->next_free = SM_GMEM_PENDING;
	for (unsigned j = 0; j < l1->live; j++) {
		unsigned i = l1->used_list[j];
		uint64_t f = l1->m[i].fill;

		if (f != SM_GMEM_PENDING && f <= now) {
			l1->m[i].used = 0;
			continue;
		}
		if (f < l1->next_free)
			l1->next_free = f;
		l1->used_list[k++] = i;
	}
	l1->live = k;
}

/* The MSHR of line still holding requests, -1 when none. */
static int find_mshr(const struct sm_l1d *l1, uint64_t line)
{
	for (unsigned j = 0; j < l1->live; j++) {
		unsigned i = l1->used_list[j];

		if (!l1->m[i].bypass && l1->m[i].line == line)
			return (int)i;
	}
	return -1;
}

/* Where line is in the tags (or -1); allocate = install it on a miss. */
static long tag_way(struct sm_l1d *l1, uint64_t line, int allocate)
{
	size_t base, victim;

	if (!l1->sets)
		return -1;
	base = (size_t)(line % l1->sets) * l1->assoc;
	victim = base;
	l1->clock++;
	for (unsigned w = 0; w < l1->assoc; w++) {
		if (l1->tag[base + w] == line + 1) {
			l1->stamp[base + w] = l1->clock;
			return (long)(base + w);
		}
		if (l1->stamp[base + w] < l1->stamp[victim])
			victim = base + w;
	}
	if (!allocate)
		return -1;
	l1->tag[victim] = line + 1;
	l1->valid[victim] = 0;
	l1->stamp[victim] = l1->clock;
	return (long)victim;
}

static uint8_t valid_of(const struct sm_l1d *l1, uint64_t line)
{
	size_t base;

	if (!l1->sets)
		return 0;
	base = (size_t)(line % l1->sets) * l1->assoc;
	for (unsigned w = 0; w < l1->assoc; w++)
		if (l1->tag[base + w] == line + 1)
			return l1->valid[base + w];
	return 0;
}

static int free_mshr(const struct sm_l1d *l1)
{
	for (unsigned i = 0; i < l1->nmshr; i++)
		if (!l1->m[i].used)
			return (int)i;
	return -1;
}

/* Adds token to MSHR i: returns the data cycle if known, else counts a wait. */
static uint64_t join(struct sm_l1d *l1, int i, void *token, unsigned *waits)
{
	struct sm_l1d_mshr *m = &l1->m[i];

	m->nreq++;
	if (m->fill != SM_GMEM_PENDING)
		return m->fill;
	l1->wait[(size_t)i * l1->merge + m->nwait++] = token;
	++*waits;
	return 0;
}

int sm_l1d_access(struct sm_l1d *l1, struct sm_gmem *g, const struct sm_lines *ln, int load, int store,
		  int bypass, unsigned *next, uint64_t now, void *token, uint64_t *done, unsigned *waits,
		  unsigned *missed)
{
	int atomic = load && store;

	bypass |= atomic;
	retire(l1, now);
	for (unsigned i = *next; i < ln->n; i++) {
		uint64_t at = now + (i - *next), line = ln->line[i], t;
		uint8_t want = ln->sectors[i], v, miss, coming = 0;
		int mi;

		if (store && !load) {
			v = valid_of(l1, line);
			if (!bypass) {	/* counted as Accel-Sim counts: a bypass is no L1 access */
				l1->st.l1d_accesses++;
				l1->st.l1d_writes++;
				if ((want & ~v) == 0)
					l1->st.l1d_hits++;
				else
					l1->st.l1d_misses++;
			}
			/* the instruction completes with the write's acknowledgement:
			 * nothing waits on it but the warp's exit (GPGPU-Sim's
			 * stores_done() in hardware_done()) */
			if (sm_gmem_write(g, l1->sm, line, want, at, &t))
				return -1;
			if (t > *done)
				*done = t;
			continue;
		}
		mi = bypass ? -1 : find_mshr(l1, line);
		v = bypass ? 0 : valid_of(l1, line);
		if (mi >= 0)
			coming = want & l1->m[mi].sectors;
		miss = want & (uint8_t)~v;
		if (coming && l1->m[mi].nreq >= l1->merge)
			miss |= coming;	/* the MSHR is full: read those sectors again */
		if (miss && l1->live == l1->nmshr) {
			/* a reservation fail: this line and the ones after it wait */
			l1->st.l1d_reservation_fails++;
			*next = i;
			return 1;
		}
		if (!bypass)
			l1->st.l1d_accesses++;
		if (!miss && !coming) {
			l1->st.l1d_hits++;
			t = at + l1->latency;
			if (t > *done)
				*done = t;
			tag_way(l1, line, 0);	/* LRU */
			continue;
		}
		++*missed;
		if (coming && l1->m[mi].nreq < l1->merge) {
			t = join(l1, mi, token, waits);
			if (t > *done)
				*done = t;
		}
		if (!miss) {
			l1->st.l1d_pending_hits++;
			continue;
		}
		if (!bypass)
			l1->st.l1d_misses++;
		{
			int n = free_mshr(l1);
			struct sm_l1d_mshr *m = &l1->m[n];
			long way = bypass ? -1 : tag_way(l1, line, 1);

			if (way >= 0)
				l1->valid[way] |= miss;
			m->line = line;
			m->sectors = miss;
			m->nwait = 0;
			m->nreq = 0;
			m->used = 1;
			m->bypass = (uint8_t)bypass;
			m->sent = at;
			l1->used_list[l1->live++] = (unsigned)n;
			m->fill = sm_gmem_read(g, l1->sm, (unsigned)n, line, miss, at, atomic);
			if (m->fill == 0)
				return -1;
			if (m->fill < l1->next_free)
				l1->next_free = m->fill;
			l1->st.mem_reads++;
			if (m->fill != SM_GMEM_PENDING)
				l1->st.mem_latency_sum += m->fill - at;
			t = join(l1, n, token, waits);
			if (t > *done)
				*done = t;
		}
	}
	*next = ln->n;
	return 0;
}

int sm_l1d_fill(struct sm_l1d *l1, unsigned i, uint64_t at, sm_l1d_wake_fn wake, void *user)
{
	struct sm_l1d_mshr *m = &l1->m[i];

	m->fill = at;
	if (at < l1->next_free)
		l1->next_free = at;
	l1->st.mem_latency_sum += at - m->sent;
	for (unsigned k = 0; k < m->nwait; k++)
		if (wake(user, l1->wait[(size_t)i * l1->merge + k], at))
			return -1;
	m->nwait = 0;
	return 0;
}
