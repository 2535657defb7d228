/* sm_l2.c: an L2 slice's sectored tags and its MSHRs (see sm_l2.h). */
#include "sm_l2.h"

#include <stdlib.h>
#include <string.h>

#include "sm_grow.h"

int sm_l2_init(struct sm_l2 *s, unsigned bytes, unsigned assoc)
{
	size_t n;

	memset(s, 0, sizeof *s);
	s->assoc = assoc;
	s->sets = bytes / 128u / assoc;
	n = (size_t)s->sets * assoc;
	s->tag = calloc(n, sizeof *s->tag);
	s->stamp = calloc(n, sizeof *s->stamp);
	s->valid = calloc(n, 1);
	s->dirty = calloc(n, 1);
	return s->tag && s->stamp && s->valid && s->dirty ? 0 : -1;
}

void sm_l2_free(struct sm_l2 *s)
{
	for (unsigned i = 0; i < s->nm; i++)
		free(s->m[i].w);
	free(s->m);
	free(s->tag);
	free(s->stamp);
	free(s->valid);
	free(s->dirty);
	memset(s, 0, sizeof *s);
}

static int find_way(const struct sm_l2 *s, uint64_t line, size_t *at)
{
	size_t base = (size_t)(line % s->sets) * s->assoc;

	for (unsigned w = 0; w < s->assoc; w++)
		if (s->tag[base + w] == line + 1) {
			*at = base + w;
			return 1;
		}
	return 0;
}

uint8_t sm_l2_lookup(struct sm_l2 *s, uint64_t line, int allocate, uint64_t *evicted,
		     uint8_t *evicted_dirty)
{
	size_t base = (size_t)(line % s->sets) * s->assoc, at, victim = base;

	*evicted_dirty = 0;
	s->clock++;
	if (find_way(s, line, &at)) {
		s->stamp[at] = s->clock;
		return s->valid[at];
	}
	if (!allocate)
		return 0;
	for (unsigned w = 0; w < s->assoc; w++)
		if (s->stamp[base + w] < s->stamp[victim])
			victim = base + w;
	if (s->tag[victim] && s->dirty[victim]) {
		*evicted = s->tag[victim] - 1;
		*evicted_dirty = s->dirty[victim];
	}
	s->tag[victim] = line + 1;
	s->valid[victim] = s->dirty[victim] = 0;
	s->stamp[victim] = s->clock;
	return 0;
}

void sm_l2_set(struct sm_l2 *s, uint64_t line, uint8_t sectors, int dirty)
{
	size_t at;

	if (!find_way(s, line, &at))
		return;
	s->valid[at] |= sectors;
	if (dirty)
		s->dirty[at] |= sectors;
}

int sm_l2_mshr_find(const struct sm_l2 *s, uint64_t line)
{
	if (!s->live)
		return -1;
	for (unsigned i = 0; i < s->nm; i++)
		if (s->m[i].reads && s->m[i].line == line)
			return (int)i;
	return -1;
}

int sm_l2_mshr_alloc(struct sm_l2 *s, uint64_t line)
{
	unsigned i;

	for (i = 0; i < s->nm && s->m[i].reads; i++)
		;
	if (i == s->nm) {
		unsigned old = s->capm;

		if (sm_grow((void **)&s->m, &s->capm, s->nm + 1, sizeof *s->m))
			return -1;
		memset(s->m + old, 0, (s->capm - old) * sizeof *s->m);	/* no waiter arrays yet */
		s->nm++;
	}
	s->m[i].line = line;
	s->m[i].sectors = 0;
	s->m[i].nw = 0;
	s->live++;
	return (int)i;
}

int sm_l2_mshr_wait(struct sm_l2 *s, int i, const struct sm_l2_waiter *w)
{
	struct sm_l2_mshr *m = &s->m[i];

	if (sm_grow((void **)&m->w, &m->capw, m->nw + 1, sizeof *m->w))
		return -1;
	m->w[m->nw++] = *w;
	return 0;
}
