/* compose.h: the plain wires of a composed structure, described once.
 *
 * A composed structure (ltrf_top, the SM register-file subsystem tops
 * <scheme>_top) is a set of submodules, each a unit with its own
 * module_desc, plus the top's own glue.  Its plain wires (every element of a
 * submodule input, or of a top output, is a submodule output, or a top
 * input) form one table of struct compose_conn, read by three consumers:
 *   - the C model copies buses along it (compose_wire; cmodel/compose_units.h
 *     keeps the submodels and their buses);
 *   - the emitter writes it as assigns (gen/emit_compose.h);
 *   - a composition of the same units without the top (the SM model's)
 *     wires the units the same way by leaving the top's end out.
 * Unit numbers are the structure's own enum; the top itself is one more
 * number, `top` of its wiring (conventionally the last). */
#ifndef GPURF_COMPOSE_H
#define GPURF_COMPOSE_H

#include <stdint.h>

#include "desc.h"

enum { COMPOSE_MAX_UNITS = 8 };	/* submodules plus the top */

/* Every element of port dst_port of unit dst is port src_port of unit src
 * (the top's inputs as a source, its outputs as a destination). */
struct compose_conn {
	unsigned dst, dst_port, src, src_port;
};

struct compose_wiring {
	const struct compose_conn *conns;
	unsigned nconns;
	unsigned top;		/* the unit number standing for the top */
};

/* The buses at the ends of a wiring, by unit number: ports[u] unit u's port
 * descriptions, dst[u] the bus written where u is a wire's destination (a
 * unit's inputs, the top's outputs), src[u] the bus read where it is the
 * source (a unit's outputs, the top's inputs).  An end without buses (NULL)
 * is absent: its wires are not copied. */
struct compose_ends {
	const struct port_desc *ports[COMPOSE_MAX_UNITS];
	uint32_t *dst[COMPOSE_MAX_UNITS];
	const uint32_t *src[COMPOSE_MAX_UNITS];
};

/* Copies every wire into end dst from the present sources. */
void compose_wire(const struct compose_wiring *w, const struct compose_ends *e, unsigned dst);

/* Whether some wire drives input `port` of unit u. */
int compose_drives(const struct compose_wiring *w, unsigned u, unsigned port);

#endif
