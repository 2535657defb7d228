/* compose_units.c: the submodels of a composed structure's C model
 * (compose_units.h): creation, buses, reset, evaluation, clock, wiring. */
#include "compose_units.h"

#include <stdlib.h>
#include <string.h>

int cu_create(struct compose_units *c, const struct module_desc *top, const struct compose_wiring *wiring,
	      unsigned n, const struct module_desc *sub, const struct gpurf_cfg *const *cfgs,
	      const struct unit_ops *const *ops)
{
	memset(c, 0, sizeof *c);
	if (n >= COMPOSE_MAX_UNITS)
		return -1;
	c->n = n;
	c->top = top;
	c->wiring = wiring;
	for (unsigned k = 0; k < n; k++) {
		c->sub[k] = sub[k];
		c->ops[k] = ops[k];
		c->u[k] = ops[k]->create(cfgs[k], &c->sub[k]);
		c->in[k] = calloc(c->sub[k].in_words + 1u, sizeof(uint32_t));
		c->out[k] = calloc(c->sub[k].out_words + 1u, sizeof(uint32_t));
		if (!c->u[k] || !c->in[k] || !c->out[k])
			return -1;
	}
	return 0;
}

void cu_free(struct compose_units *c)
{
	for (unsigned k = 0; k < c->n; k++) {
		if (c->u[k])
			c->ops[k]->destroy(c->u[k]);
		free(c->in[k]);
		free(c->out[k]);
		c->u[k] = NULL;
		c->in[k] = c->out[k] = NULL;
	}
	c->n = 0;
}

void cu_reset(struct compose_units *c)
{
	for (unsigned k = 0; k < c->n; k++) {
		c->ops[k]->reset(c->u[k]);
		memset(c->in[k], 0, c->sub[k].in_words * sizeof(uint32_t));
		memset(c->out[k], 0, c->sub[k].out_words * sizeof(uint32_t));
	}
}

void cu_clear_inputs(struct compose_units *c)
{
	for (unsigned k = 0; k < c->n; k++)
		memset(c->in[k], 0, c->sub[k].in_words * sizeof(uint32_t));
}

void cu_eval(struct compose_units *c, unsigned k)
{
	c->ops[k]->eval(c->u[k], c->in[k], c->out[k]);
}

void cu_tick(struct compose_units *c)
{
	for (unsigned k = 0; k < c->n; k++)
		c->ops[k]->tick(c->u[k], c->in[k]);
}

void cu_wire(struct compose_units *c, unsigned dst, const uint32_t *top_in, uint32_t *top_out)
{
	struct compose_ends e;
	unsigned t = c->wiring->top;

	memset(&e, 0, sizeof e);
	for (unsigned k = 0; k < c->n; k++) {
		e.ports[k] = c->sub[k].ports;
		e.dst[k] = c->in[k];
		e.src[k] = c->out[k];
	}
	if (c->top) {
		e.ports[t] = c->top->ports;
		e.dst[t] = top_out;
		e.src[t] = top_in;
	}
	compose_wire(c->wiring, &e, dst);
}
