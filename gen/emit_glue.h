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

/* Appends a signal (a port or an internal net) to a group; extra signals
 * beyond the group's room are dropped. */
void wave_add(struct wave_group *g, const char *name, unsigned width);
/* Appends port `index` of m. */
void wave_add_port(struct wave_group *g, const struct module_desc *m, unsigned index);

int emit_wave_save(struct design *d, const struct module_desc *m, const struct wave_group *groups,
		   unsigned ngroups);

#endif
