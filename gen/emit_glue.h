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
/* Appends each of the blank-separated NAMES with its width: clk_i, rst_ni
 * (every module's), a port of m, or the wire <prefix[k]>_<port> a composed
 * top declares for a port of its submodule sub[k] (gen/emit_compose.h;
 * nsub of them, 0 for none).  A name that is none of these is a bug of the
 * caller (asserted); an internal net takes wave_add with its width. */
void wave_add_names(struct wave_group *g, const struct module_desc *m, const struct module_desc *sub,
		    const char *const *prefix, unsigned nsub, const char *names);

int emit_wave_save(struct design *d, const struct module_desc *m, const struct wave_group *groups,
		   unsigned ngroups);

#endif
