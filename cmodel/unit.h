/* unit.h: the interface every structure's cycle model implements.
 *
 * A unit model has the RTL's cycle semantics:
 *   eval(in, out): outputs from the current state and this cycle's inputs;
 *                  changes no state, may be called any number of times;
 *   tick(in):      the rising clock edge with these inputs;
 *   reset():       the state after rst_ni has been asserted.
 * Inputs and outputs are buses laid out by the structure's module_desc
 * (common/desc.h), so the same bytes go to the model and to the RTL. */
#ifndef GPURF_UNIT_H
#define GPURF_UNIT_H

#include <stdint.h>

#include "desc.h"

struct unit_ops {
	const char *base;
	/* NULL when out of memory.  The model keeps pointers to cfg and desc,
	 * which must outlive it. */
	void *(*create)(const struct gpurf_cfg *cfg, const struct module_desc *desc);
	void (*reset)(void *model);
	void (*eval)(void *model, const uint32_t *in, uint32_t *out);
	void (*tick)(void *model, const uint32_t *in);
	void (*destroy)(void *model);
};

/* The model of a structure by its base name; NULL if it has none. */
const struct unit_ops *unit_ops_find(const char *base);

#endif
