/* compose.c: copying buses along a composed structure's wiring table. */
#include "compose.h"

void compose_wire(const struct compose_wiring *w, const struct compose_ends *e, unsigned dst)
{
	if (!e->dst[dst])
		return;
	for (unsigned i = 0; i < w->nconns; i++) {
		const struct compose_conn *c = &w->conns[i];

		if (c->dst == dst && e->src[c->src])
			bus_copy(e->dst[dst], &e->ports[dst][c->dst_port], e->src[c->src],
				 &e->ports[c->src][c->src_port]);
	}
}

int compose_drives(const struct compose_wiring *w, unsigned u, unsigned port)
{
	for (unsigned i = 0; i < w->nconns; i++)
		if (w->conns[i].dst == u && w->conns[i].dst_port == port)
			return 1;
	return 0;
}
