/* vmod_impl.h: the module model's data, shared by its builder (vmod.c)
 * and its printer (vmod_print.c) only; emitters see vmod.h. */
#ifndef GPURF_VMOD_IMPL_H
#define GPURF_VMOD_IMPL_H

#include "vmod.h"

enum vitem_kind {
	VI_COMMENT, VI_BLANK, VI_PARAM, VI_WIRE, VI_REG, VI_ASSIGN, VI_FLOPS_HERE, VI_INST,
	VI_FOR, VI_IF, VI_END
};

struct vkv {
	char *key, *val;
};

struct vinst {
	struct vmod *owner;	/* its allocation failures are the module's */
	char *module, *name;
	struct vkv *params, *conns;
	unsigned nparams, nconns, cap_params, cap_conns;
};

/* One body item.  Fields by kind:
 *   COMMENT text=a; PARAM name=a value=b doc=c; WIRE/REG name=a width=b
 *   expr=c (may be NULL); ASSIGN lhs=a expr=b; INST inst; FOR var=a
 *   limit=b name=c; IF cond=a name=c. */
struct vitem {
	enum vitem_kind kind;
	char *a, *b, *c;
	struct vinst *inst;
};

struct vflop {
	unsigned group;
	char *name, *reset;
};

struct vgroup {
	char *doc;
	int reset;
};

struct vmod {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	int clocked, reset;
	char *what;
	struct vitem *items;
	unsigned nitems, cap_items;
	struct vflop *flops;
	unsigned nflops, cap_flops;
	struct vgroup *groups;
	unsigned ngroups, cap_groups;
	char **genvars;
	unsigned ngenvars, cap_genvars;
	int depth;		/* open loops / ifs while building */
	int bad;		/* out of memory, or an unbalanced vmod_end */
};

#endif
