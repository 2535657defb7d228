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

/* Appends a signal to a group (ignored once the group is full). */
void wave_group_add(struct wave_group *g, const char *name, unsigned width);
/* Appends port p of m, full width. */
void wave_group_add_port(struct wave_group *g, const struct module_desc *m, unsigned p);

int emit_wave_save(struct design *d, const struct module_desc *m, const struct wave_group *groups,
		   unsigned ngroups);

#endif
