/* compose_units.h: the submodels of a composed structure's C model.
 *
 * One home for what every composed model (ltrf_top.c, the <scheme>_top
 * models of the SM register-file subsystems) does with its submodules:
 * create each unit model from its description, keep its input and output
 * buses, reset, evaluate and clock it, and copy buses along the structure's
 * wiring (common/compose.h).  The glue (the top's own logic) stays in the
 * composed model: it reads submodule outputs with cu_get and drives the
 * inputs the wiring leaves to it with cu_set, between cu_eval calls in the
 * order the RTL's combinational paths run. */
#ifndef GPURF_COMPOSE_UNITS_H
#define GPURF_COMPOSE_UNITS_H

#include <stdint.h>

#include "compose.h"
#include "desc.h"
#include "unit.h"

struct compose_units {
	unsigned n;				/* submodules: unit numbers 0 .. n-1 */
	const struct module_desc *top;		/* the composed structure's own description */
	const struct compose_wiring *wiring;
	struct module_desc sub[COMPOSE_MAX_UNITS];
	const struct unit_ops *ops[COMPOSE_MAX_UNITS];
	void *u[COMPOSE_MAX_UNITS];
	uint32_t *in[COMPOSE_MAX_UNITS], *out[COMPOSE_MAX_UNITS];
};

/* Creates submodel k (k < n) with ops[k] from sub[k] under cfgs[k]; sub is
 * copied (the models point into c, which must not move afterwards).
 * 0, or -1 out of memory (c is then freed with cu_free). */
int cu_create(struct compose_units *c, const struct module_desc *top, const struct compose_wiring *wiring,
	      unsigned n, const struct module_desc *sub, const struct gpurf_cfg *const *cfgs,
	      const struct unit_ops *const *ops);
void cu_free(struct compose_units *c);
void cu_reset(struct compose_units *c);
/* Every submodule input to 0 (start of a cycle's evaluation). */
void cu_clear_inputs(struct compose_units *c);
/* Submodule k's outputs from its state and current inputs. */
void cu_eval(struct compose_units *c, unsigned k);
/* The clock edge of every submodule with its current inputs. */
void cu_tick(struct compose_units *c);
/* The wires into end dst (c->wiring->top: the top's outputs top_out) from
 * the submodules' outputs and the top's inputs top_in. */
void cu_wire(struct compose_units *c, unsigned dst, const uint32_t *top_in, uint32_t *top_out);

static inline const struct port_desc *cu_port(const struct compose_units *c, unsigned k, unsigned p)
{
	return &c->sub[k].ports[p];
}

static inline uint64_t cu_get(const struct compose_units *c, unsigned k, unsigned p, unsigned e)
{
	return bus_get(c->out[k], cu_port(c, k, p), e);
}

static inline void cu_set(struct compose_units *c, unsigned k, unsigned p, unsigned e, uint64_t v)
{
	bus_set(c->in[k], cu_port(c, k, p), e, v);
}

#endif
