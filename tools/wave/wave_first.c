/* wave_first.c: `gpurf-wave first`, when a signal of a scope is first not
 * zero (see wave_cmds.h). */
#include "wave_cmds.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* 1 when PATH is SCOPE or ends in ".SCOPE". */
static int in_scope(const char *path, const char *scope)
{
	size_t p = strlen(path), s = strlen(scope);

	return p >= s && strcmp(path + p - s, scope) == 0 && (p == s || path[p - s - 1] == '.');
}

struct first {
	char *id, *clk;		/* the signal's and the clock's id codes */
	char *cur, *next;	/* edge: the value before this timestamp, the last one in it */
	size_t idcap, clkcap, curcap, nextcap;
	int have_next, rise;
	uint64_t t;		/* edge: this timestamp's time */
};

static int definitions(struct vcd *v, struct first *s, const char *scope, const char *signal, int edge,
		       struct gpurf_err *err)
{
	int k;

	while ((k = vcd_next_def(v, err)) != VCD_ENDDEFS) {
		if (k < 0)
			return -1;
		if (k != VCD_VAR || !in_scope(v->path, scope))
			continue;
		if (strcmp(v->var.name, signal) == 0 && vcd_keep(&s->id, &s->idcap, v->var.id, err))
			return -1;
		if (strcmp(v->var.name, "clk_i") == 0 && vcd_keep(&s->clk, &s->clkcap, v->var.id, err))
			return -1;
	}
	if (!s->id)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: no variable %s in a scope %s", v->name, signal, scope);
	if (edge && !s->clk)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: no clk_i in a scope %s (needed for the edge)", v->name,
				  scope);
	return 0;
}

/* Edge: at the end of a timestamp, 1 when its clock rose on a non-zero
 * value; then the value its changes left becomes the current one. */
static int end_of_timestamp(struct first *s, struct gpurf_err *err)
{
	if (s->rise && s->cur && vcd_nonzero(s->cur))
		return 1;
	if (s->have_next && vcd_keep(&s->cur, &s->curcap, s->next, err))
		return -1;
	s->have_next = s->rise = 0;
	return 0;
}

/* Edge: the start of the cycle found, on out. */
static int found(const struct first *s, unsigned long period, FILE *out)
{
	fprintf(out, "%llu\n", (unsigned long long)(s->t / period * period));
	return 0;
}

static int dump(struct vcd *v, struct first *s, int edge, unsigned long period, FILE *out, struct gpurf_err *err)
{
	char time[32] = "0";
	int k, r;

	while ((k = vcd_next(v, err)) != VCD_EOF) {
		if (k < 0)
			return -1;
		if (k == VCD_TIME && !edge) {
			snprintf(time, sizeof time, "%s", v->time);
		} else if (k == VCD_TIME) {
			if ((r = end_of_timestamp(s, err)))
				return r < 0 ? -1 : found(s, period, out);
			s->t = v->t;
		} else if (k == VCD_CHANGE && !edge) {
			if (strcmp(v->id, s->id) == 0 && vcd_nonzero(v->value)) {
				fprintf(out, "%s\n", time);
				return 0;
			}
		} else if (k == VCD_CHANGE) {
			if (strcmp(v->id, s->clk) == 0 && strcmp(v->value, "1") == 0)
				s->rise = 1;
			/* a scalar's x or z leaves the value as it was */
			if (strcmp(v->id, s->id) == 0 && (v->value[1] || v->value[0] == '0' || v->value[0] == '1')) {
				if (vcd_keep(&s->next, &s->nextcap, v->value, err))
					return -1;
				s->have_next = 1;
			}
		}
	}
	if (edge && (r = end_of_timestamp(s, err)))	/* the last timestamp's */
		return r < 0 ? -1 : found(s, period, out);
	return 0;
}

int wave_first(struct vcd *v, const char *scope, const char *signal, int edge, unsigned long period, FILE *out,
	       struct gpurf_err *err)
{
	struct first s = {0};
	int rc = definitions(v, &s, scope, signal, edge, err);

	if (!rc)
		rc = dump(v, &s, edge, period, out, err);
	free(s.id);
	free(s.clk);
	free(s.cur);
	free(s.next);
	return rc;
}
