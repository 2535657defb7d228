/* stim.h: protocol-legal stimulus and scoreboards, one per structure.
 *
 * The lockstep driver asks the stimulus for each cycle's inputs, runs the
 * C model and the RTL, compares every output, then lets the stimulus
 * observe the (agreed) outputs.  The observer is also an independent
 * scoreboard: it checks the outputs against what the protocol promises
 * (e.g. a read returns the last value written), so a bug common to model
 * and RTL is caught too. */
#ifndef GPURF_STIM_H
#define GPURF_STIM_H

#include <stddef.h>
#include <stdint.h>

#include "desc.h"

struct stim_ops {
	const char *base;
	/* Scenario names, NULL-terminated; the first is the default. */
	const char *const *scenarios;
	void *(*create)(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			const char *scenario);
	/* Fills in (already zeroed) with this cycle's inputs. */
	void (*drive)(void *s, uint64_t cycle, uint32_t *in);
	/* Sees this cycle's inputs and outputs before the clock edge.
	 * Returns 0, or -1 with a description in msg. */
	int (*observe)(void *s, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
		       size_t msg_n);
	void (*destroy)(void *s);
};

const struct stim_ops *stim_ops_find(const char *base);

#endif
