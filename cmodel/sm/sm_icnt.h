/* sm_icnt.h: a port of the detailed memory system's interconnect (or of an
 * L2 slice): a server that moves one unit (a flit, an access) per cycle of
 * its own clock domain, in the order it is asked.  Times given and returned
 * are core cycles; inside, a port counts in ticks of 1 / (core_mhz x
 * domain_mhz) so that no clock ratio is rounded. */
#ifndef GPURF_SM_ICNT_H
#define GPURF_SM_ICNT_H

#include <stdint.h>

struct sm_port {
	uint64_t free;		/* ticks: the port is busy until then */
	uint64_t per_core;	/* ticks of a core cycle (the domain's MHz) */
	uint64_t per_unit;	/* ticks of a unit (the core's MHz) */
	uint64_t units;		/* moved, for statistics */
};

static inline void sm_port_init(struct sm_port *p, unsigned core_mhz, unsigned domain_mhz)
{
	p->free = 0;
	p->per_core = domain_mhz;
	p->per_unit = core_mhz;
	p->units = 0;
}

/* `n` units that may start at core cycle t: returns the core cycle the
 * first starts (*start) and the one the last has moved. */
static inline uint64_t sm_port_take(struct sm_port *p, uint64_t t, unsigned n, uint64_t *start)
{
	uint64_t s = t * p->per_core;

	if (p->free > s)
		s = p->free;
	p->free = s + n * p->per_unit;
	p->units += n;
	if (start)
		*start = s / p->per_core;
	return (p->free + p->per_core - 1) / p->per_core;
}

#endif
