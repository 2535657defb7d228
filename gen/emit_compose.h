/* emit_compose.h: the Verilog of a composed structure's submodules and
 * plain wires (common/compose.h), shared by every composed emitter
 * (emit_ltrf_top.c, the SM register-file subsystem tops emit_<scheme>_top.c).
 *
 * Each submodule k is instance u_<prefix[k]> of its own generated module,
 * on the top's clk_i / rst_ni, with one wire per port named
 * <prefix[k]>_<port name>; the wiring table becomes assigns; every
 * submodule input neither the wiring nor the glue drives (glue[k][port])
 * is tied to 0.  The composed emitter writes its glue around these. */
#ifndef GPURF_EMIT_COMPOSE_H
#define GPURF_EMIT_COMPOSE_H

#include <stddef.h>

#include "compose.h"
#include "design.h"

struct vw;

struct emit_compose {
	const struct module_desc *top;
	unsigned n;					/* submodules */
	const struct module_desc *sub;			/* [n] */
	const struct gpurf_cfg *const *cfgs;		/* [n] each submodule's configuration */
	const char *const *prefix;			/* [n] */
	const struct compose_wiring *wiring;
	unsigned char glue[COMPOSE_MAX_UNITS][DESC_MAX_PORTS];	/* inputs the glue drives */
};

/* Marks the inputs ports[0 .. np) of submodule k as driven by the glue. */
void emit_compose_glue(struct emit_compose *c, unsigned k, const unsigned *ports, size_t np);
/* Emits every submodule's module (its own emitter, under its configuration)
 * into d; d->cfg is restored.  0, or -1. */
int emit_compose_submodules(struct design *d, const struct emit_compose *c);
/* Wire declarations and instances, then the wiring's assigns and tie-offs. */
void emit_compose_instances(struct vw *w, const struct emit_compose *c);
void emit_compose_wiring(struct vw *w, const struct emit_compose *c);
/* "<prefix>_<port>" of submodule k's port p, and element e of it
 * "<prefix>_<port>[hi:lo]". */
const char *emit_compose_wire(char *buf, size_t n, const struct emit_compose *c, unsigned k, unsigned p);
const char *emit_compose_elem(char *buf, size_t n, const struct emit_compose *c, unsigned k, unsigned p, unsigned e);

#endif
