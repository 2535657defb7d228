/* emit_glue.h: Verilator glue and GTKWave save files per structure. */
#ifndef GPURF_EMIT_GLUE_H
#define GPURF_EMIT_GLUE_H

#include "design.h"

int emit_glue(struct design *d, const struct module_desc *m);

struct wave_signal {
	char name[64];		/* signal inside the module */
	unsigned width;
};

struct wave_group {
	const char *title;
	struct wave_signal signals[24];
	unsigned nsignals;
};

/* Appends a signal to a group (ignored when the group is full). */
void wave_add(struct wave_group *g, const char *name, unsigned width);

int emit_wave_save(struct design *d, const struct module_desc *m, const struct wave_group *groups,
		   unsigned ngroups);

#endif
