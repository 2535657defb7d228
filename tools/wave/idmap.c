/* idmap.c: the identifier table (see idmap.h). */
#include "idmap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static size_t hash(const char *s)
{
	uint64_t h = 1469598103934665603u;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return (size_t)h;
}

static size_t slot_of(const struct idmap *m, const char *id)
{
	size_t i = hash(id) & (m->nslots - 1);

	while (m->slots[i] && strcmp(m->ids[m->slots[i] - 1], id))
		i = (i + 1) & (m->nslots - 1);
	return i;
}

long idmap_find(const struct idmap *m, const char *id)
{
	return m->nslots ? m->slots[slot_of(m, id)] - 1 : -1;
}

/* Doubles the slots (a power of two, at most half full). */
static int grow(struct idmap *m)
{
	size_t n = m->nslots ? m->nslots * 2 : 64;
	long *old = m->slots;
	size_t oldn = m->nslots;

	if (!(m->slots = calloc(n, sizeof *m->slots))) {
		m->slots = old;
		return -1;
	}
	m->nslots = n;
	for (size_t i = 0; i < oldn; i++)
		if (old[i])
			m->slots[slot_of(m, m->ids[old[i] - 1])] = old[i];
	free(old);
	return 0;
}

long idmap_add(struct idmap *m, const char *id)
{
	long found = idmap_find(m, id);

	if (found >= 0)
		return found;
	if ((m->n + 1) * 2 > m->nslots && grow(m))
		return -1;
	if (m->n == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 64;
		char **ids = realloc(m->ids, cap * sizeof *ids);

		if (!ids)
			return -1;
		m->ids = ids;
		m->cap = cap;
	}
	if (!(m->ids[m->n] = strdup(id)))
		return -1;
	m->slots[slot_of(m, id)] = (long)m->n + 1;
	return (long)m->n++;
}

void idmap_free(struct idmap *m)
{
	for (size_t i = 0; i < m->n; i++)
		free(m->ids[i]);
	free(m->ids);
	free(m->slots);
	memset(m, 0, sizeof *m);
}
