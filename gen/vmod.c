/* vmod.c: building the module model (vmod.h); vmod_print.c prints it. */
#define _GNU_SOURCE	/* vasprintf */
#include "vmod_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Grows *arr (elements of size sz) to hold one more; 0, or -1. */
static int grow(void **arr, unsigned n, unsigned *cap, size_t sz)
{
	void *p;
	unsigned c;

	if (n < *cap)
		return 0;
	c = *cap ? *cap * 2 : 16;
	p = realloc(*arr, c * sz);
	if (!p)
		return -1;
	*arr = p;
	*cap = c;
	return 0;
}

static char *dup(struct vmod *v, const char *s)
{
	char *d;

	if (!s)
		return NULL;
	d = strdup(s);
	if (!d)
		v->bad = 1;
	return d;
}

static char *vfmt(struct vmod *v, const char *fmt, va_list ap)
{
	char *s;

	if (!fmt)
		return NULL;
	if (vasprintf(&s, fmt, ap) < 0) {
		v->bad = 1;
		return NULL;
	}
	return s;
}

static struct vitem *add(struct vmod *v, enum vitem_kind kind)
{
	struct vitem *it;

	if (grow((void **)&v->items, v->nitems, &v->cap_items, sizeof *v->items)) {
		v->bad = 1;
		return NULL;
	}
	it = &v->items[v->nitems++];
	memset(it, 0, sizeof *it);
	it->kind = kind;
	return it;
}

struct vmod *vmod_new(const struct gpurf_cfg *cfg, const struct module_desc *m, int clocked,
		      int reset, const char *what)
{
	struct vmod *v = calloc(1, sizeof *v);

	if (!v)
		return NULL;
	v->cfg = cfg;
	v->m = m;
	v->clocked = clocked;
	v->reset = reset;
	v->what = dup(v, what);
	return v;
}

static void free_inst(struct vinst *i)
{
	if (!i)
		return;
	for (unsigned k = 0; k < i->nparams; k++)
		free(i->params[k].key), free(i->params[k].val);
	for (unsigned k = 0; k < i->nconns; k++)
		free(i->conns[k].key), free(i->conns[k].val);
	free(i->params);
	free(i->conns);
	free(i->module);
	free(i->name);
	free(i);
}

void vmod_free(struct vmod *v)
{
	if (!v)
		return;
	for (unsigned k = 0; k < v->nitems; k++) {
		free(v->items[k].a), free(v->items[k].b), free(v->items[k].c);
		free_inst(v->items[k].inst);
	}
	for (unsigned k = 0; k < v->nflops; k++)
		free(v->flops[k].name), free(v->flops[k].reset);
	for (unsigned k = 0; k < v->ngroups; k++)
		free(v->groups[k].doc);
	for (unsigned k = 0; k < v->ngenvars; k++)
		free(v->genvars[k]);
	free(v->items);
	free(v->flops);
	free(v->groups);
	free(v->genvars);
	free(v->what);
	free(v);
}

const char *vmod_port(const struct vmod *v, unsigned p)
{
	return v->m->ports[p].name;
}

void vmod_comment(struct vmod *v, const char *fmt, ...)
{
	struct vitem *it = add(v, VI_COMMENT);
	va_list ap;

	if (!it)
		return;
	va_start(ap, fmt);
	it->a = vfmt(v, fmt, ap);
	va_end(ap);
}

void vmod_blank(struct vmod *v)
{
	add(v, VI_BLANK);
}

void vmod_localparam(struct vmod *v, const char *name, unsigned long value, const char *doc)
{
	struct vitem *it = add(v, VI_PARAM);
	char num[32];

	if (!it)
		return;
	snprintf(num, sizeof num, "%lu", value);
	it->a = dup(v, name);
	it->b = dup(v, num);
	it->c = dup(v, doc);
}

void vmod_param(struct vmod *v, const char *name)
{
	for (unsigned i = 0; i < v->m->nparams; i++)
		if (strcmp(v->m->params[i].name, name) == 0) {
			vmod_localparam(v, name, v->m->params[i].value, NULL);
			return;
		}
	/* An emitter bug: the printed `error line fails lint loudly. */
	vmod_comment(v, "`error no parameter %s", name);
}

void vmod_wire(struct vmod *v, const char *name, const char *width, const char *fmt, ...)
{
	struct vitem *it = add(v, VI_WIRE);
	va_list ap;

	if (!it)
		return;
	it->a = dup(v, name);
	it->b = dup(v, width);
	va_start(ap, fmt);
	it->c = vfmt(v, fmt, ap);
	va_end(ap);
}

void vmod_assign(struct vmod *v, const char *lhs, const char *fmt, ...)
{
	struct vitem *it = add(v, VI_ASSIGN);
	va_list ap;

	if (!it)
		return;
	it->a = dup(v, lhs);
	va_start(ap, fmt);
	it->b = vfmt(v, fmt, ap);
	va_end(ap);
}

unsigned vmod_flop_group(struct vmod *v, const char *doc, int reset)
{
	if (grow((void **)&v->groups, v->ngroups, &v->cap_groups, sizeof *v->groups)) {
		v->bad = 1;
		return 0;
	}
	v->groups[v->ngroups] = (struct vgroup){dup(v, doc), reset};
	return v->ngroups++;
}

void vmod_flop(struct vmod *v, unsigned g, const char *name, const char *width,
	       const char *reset_value, const char *fmt, ...)
{
	struct vitem *q, *d;
	char qn[160], dn[160];
	va_list ap;

	if (g >= v->ngroups || v->depth || (v->groups[g].reset && !reset_value) ||
	    grow((void **)&v->flops, v->nflops, &v->cap_flops, sizeof *v->flops)) {
		v->bad = 1;	/* flops live at module level, reset groups reset every flop */
		return;
	}
	v->flops[v->nflops++] = (struct vflop){g, dup(v, name), dup(v, reset_value)};
	snprintf(qn, sizeof qn, "%s_q", name);
	snprintf(dn, sizeof dn, "%s_d", name);
	q = add(v, VI_REG);
	if (q) {
		q->a = dup(v, qn);
		q->b = dup(v, width);
	}
	d = add(v, VI_WIRE);
	if (d) {
		d->a = dup(v, dn);
		d->b = dup(v, width);
		va_start(ap, fmt);
		d->c = vfmt(v, fmt, ap);
		va_end(ap);
	}
}

void vmod_flops_here(struct vmod *v)
{
	add(v, VI_FLOPS_HERE);
}

struct vinst *vmod_inst(struct vmod *v, const char *module, const char *name)
{
	struct vitem *it = add(v, VI_INST);
	struct vinst *i;

	if (!it)
		return NULL;
	i = calloc(1, sizeof *i);
	if (!i) {
		v->bad = 1;
		return NULL;
	}
	i->owner = v;
	i->module = dup(v, module);
	i->name = dup(v, name);
	it->inst = i;
	return i;
}

static void kv_add(struct vinst *i, struct vkv **arr, unsigned *n, unsigned *cap, const char *key,
		   const char *fmt, va_list ap)
{
	if (!i)
		return;
	if (grow((void **)arr, *n, cap, sizeof **arr)) {
		i->owner->bad = 1;
		return;
	}
	(*arr)[*n].key = dup(i->owner, key);
	(*arr)[*n].val = vfmt(i->owner, fmt, ap);
	(*n)++;
}

void vinst_param(struct vinst *i, const char *name, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (i)
		kv_add(i, &i->params, &i->nparams, &i->cap_params, name, fmt, ap);
	va_end(ap);
}

void vinst_conn(struct vinst *i, const char *port, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (i)
		kv_add(i, &i->conns, &i->nconns, &i->cap_conns, port, fmt, ap);
	va_end(ap);
}

void vmod_for(struct vmod *v, const char *var, const char *limit, const char *name)
{
	struct vitem *it = add(v, VI_FOR);
	unsigned k;

	if (!it)
		return;
	it->a = dup(v, var);
	it->b = dup(v, limit);
	it->c = dup(v, name);
	v->depth++;
	for (k = 0; k < v->ngenvars && strcmp(v->genvars[k], var) != 0; k++)
		;
	if (k == v->ngenvars) {
		if (grow((void **)&v->genvars, v->ngenvars, &v->cap_genvars, sizeof *v->genvars)) {
			v->bad = 1;
			return;
		}
		v->genvars[v->ngenvars++] = dup(v, var);
	}
}

void vmod_if(struct vmod *v, const char *cond, const char *name)
{
	struct vitem *it = add(v, VI_IF);

	if (!it)
		return;
	it->a = dup(v, cond);
	it->c = dup(v, name);
	v->depth++;
}

void vmod_end(struct vmod *v)
{
	if (v->depth == 0) {
		v->bad = 1;
		return;
	}
	v->depth--;
	add(v, VI_END);
}

void vmod_chain_prev(struct vmod *v, const char *var, const char *loop, const char *width,
		     const char *first, const char *link)
{
	char c[64];

	vmod_wire(v, "prev", width, NULL);
	vmod_if(v, (snprintf(c, sizeof c, "%s == 0", var), c), "first");
	vmod_assign(v, "prev", "%s", first);
	vmod_end(v);
	vmod_if(v, (snprintf(c, sizeof c, "%s != 0", var), c), "next");
	vmod_assign(v, "prev", "g_%s[%s-1].%s", loop, var, link);
	vmod_end(v);
}
