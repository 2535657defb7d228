/* sm_il1.c: an SM's L1 instruction cache (sm_il1.h). */
#include "sm_il1.h"

#include <stdlib.h>

struct il1_way {
	uint64_t tag;		/* line address + 1; 0 = invalid */
	uint64_t fill;		/* cycle the line's data is there */
	uint64_t used;		/* LRU stamp */
};

struct sm_il1 {
	unsigned sets, assoc, line_bytes, miss_latency;
	uint64_t stamp;
	struct il1_way *way;	/* sets x assoc */
};

struct sm_il1 *sm_il1_create(unsigned bytes, unsigned line_bytes, unsigned assoc, unsigned miss_latency)
{
	struct sm_il1 *c = calloc(1, sizeof *c);

	if (!c)
		return NULL;
	c->line_bytes = line_bytes;
	c->assoc = assoc;
	c->sets = bytes / line_bytes / assoc;
	if (c->sets == 0)
		c->sets = 1;
	c->miss_latency = miss_latency;
	if (!(c->way = calloc((size_t)c->sets * assoc, sizeof *c->way))) {
		free(c);
		return NULL;
	}
	return c;
}

void sm_il1_free(struct sm_il1 *c)
{
	if (c)
		free(c->way);
	free(c);
}

uint64_t sm_il1_fetch(struct sm_il1 *c, uint64_t pc_bytes, uint64_t now, struct sm_il1_stats *st, unsigned *slot)
{
	uint64_t line = pc_bytes / c->line_bytes;
	struct il1_way *set = &c->way[(line % c->sets) * c->assoc], *victim = set;

	st->accesses++;
	for (unsigned i = 0; i < c->assoc; i++) {
		struct il1_way *w = &set[i];

		if (w->tag == line + 1) {
			w->used = ++c->stamp;
			if (w->fill <= now)
				return 0;
			st->pending_hits++;
			*slot = (unsigned)(w - c->way);
			return w->fill == SM_IL1_WAIT ? SM_IL1_WAIT : w->fill - now;
		}
		if (w->used < victim->used)
			victim = w;	/* invalid ways have stamp 0: taken first */
	}
	st->misses++;
	victim->tag = line + 1;
	victim->fill = c->miss_latency ? now + c->miss_latency : SM_IL1_WAIT;
	victim->used = ++c->stamp;
	*slot = (unsigned)(victim - c->way);
	return c->miss_latency ? c->miss_latency : SM_IL1_WAIT;
}

void sm_il1_filled(struct sm_il1 *c, unsigned slot, uint64_t at)
{
	c->way[slot].fill = at;
}
