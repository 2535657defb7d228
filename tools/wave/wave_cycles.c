/* wave_cycles.c: `gpurf-wave cycles`, a trace sampled once per cycle at
 * its clock's rising edge (see wave_cmds.h). */
#include "wave_cmds.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "idmap.h"

struct value {
	char *s;
	size_t cap;
	int set;
};

struct cycles {
	struct idmap want;	/* the names (no range) */
	struct idmap keep;	/* the id codes of the wanted variables */
	struct value *cur, *out, *next;	/* per kept id: now, last written, this timestamp's */
	long *touched;		/* the kept ids this timestamp changed */
	size_t ntouched;
	char *clk;
	int rise, sampled;
	uint64_t t, last;	/* this timestamp's time; the last cycle sampled */
};

static int set(struct value *d, const char *src, struct gpurf_err *err)
{
	if (vcd_keep(&d->s, &d->cap, src, err))
		return -1;
	d->set = 1;
	return 0;
}

/* The names file: one save-file name a line, anything from '[' on and
 * blank lines ignored. */
static int load_names(struct cycles *c, const char *path, struct gpurf_err *err)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	int rc = 0;

	if (!f)
		return gpurf_fail(err, GPURF_ERR_INPUT, "cannot open %s: %s", path, strerror(errno));
	while (!rc && getline(&line, &cap, f) >= 0) {
		line[strcspn(line, "[\r\n")] = '\0';
		if (*line && idmap_add(&c->want, line) < 0)
			rc = gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	}
	if (!rc && ferror(f))
		rc = gpurf_fail(err, GPURF_ERR_IO, "%s: read error", path);
	free(line);
	fclose(f);
	return rc;
}

/* The definitions, the clock's and the wanted variables' only, on hdr. */
static int definitions(struct vcd *v, struct cycles *c, const char *clock, FILE *hdr, struct gpurf_err *err)
{
	char name[4096];
	int k;

	while ((k = vcd_next_def(v, err)) != VCD_ENDDEFS) {
		if (k < 0)
			return -1;
		if (k == VCD_VAR) {
			if (snprintf(name, sizeof name, "%s.%s", v->path, v->var.name) >= (int)sizeof name)
				return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%lu: a variable name longer than %zu bytes",
						  v->name, v->line, sizeof name);
			if (strcmp(name, clock) == 0) {
				free(c->clk);
				if (!(c->clk = strdup(v->var.id)))
					return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
			} else if (idmap_find(&c->want, name) < 0) {
				continue;
			} else if (idmap_add(&c->keep, v->var.id) < 0) {
				return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
			}
		}
		fprintf(hdr, "%s\n", v->buf);
	}
	fprintf(hdr, "%s\n", v->buf);
	if (!c->clk)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: no variable %s (the clock)", v->name, clock);
	c->cur = calloc(c->keep.n + 1, sizeof *c->cur);
	c->out = calloc(c->keep.n + 1, sizeof *c->out);
	c->next = calloc(c->keep.n + 1, sizeof *c->next);
	c->touched = calloc(c->keep.n + 1, sizeof *c->touched);
	if (!c->cur || !c->out || !c->next || !c->touched)
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	return 0;
}

/* The definitions, written once read whole (bad ones write nothing). */
static int header(struct vcd *v, struct cycles *c, const char *clock, FILE *out, struct gpurf_err *err)
{
	char *text = NULL;
	size_t len = 0;
	FILE *hdr = open_memstream(&text, &len);
	int rc;

	if (!hdr)
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	rc = definitions(v, c, clock, hdr, err);
	if (fclose(hdr) && !rc)
		rc = gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	if (!rc)
		fwrite(text, 1, len, out);
	free(text);
	return rc;
}

/* Cycle n's sample: the clock's pulse and the values that changed since
 * the last sample (at most one sample a cycle). */
static int sample(struct cycles *c, uint64_t n, unsigned long period, FILE *out, struct gpurf_err *err)
{
	if (c->sampled && n <= c->last)
		return 0;
	fprintf(out, "#%llu\n1%s\n", (unsigned long long)(n * period), c->clk);
	for (size_t i = 0; i < c->keep.n; i++) {
		if (!c->cur[i].set || (c->out[i].set && strcmp(c->cur[i].s, c->out[i].s) == 0))
			continue;
		fprintf(out, c->cur[i].s[1] ? "%s %s\n" : "%s%s\n", c->cur[i].s, c->keep.ids[i]);
		if (set(&c->out[i], c->cur[i].s, err))
			return -1;
	}
	fprintf(out, "#%llu\n0%s\n", (unsigned long long)(n * period + period / 2), c->clk);
	c->sampled = 1;
	c->last = n;
	return 0;
}

/* The end of a timestamp: sampled when the clock rose in it; then its
 * changes become the current values. */
static int end_of_timestamp(struct cycles *c, unsigned long period, FILE *out, struct gpurf_err *err)
{
	if (c->rise && sample(c, c->t / period, period, out, err))
		return -1;
	for (size_t j = 0; j < c->ntouched; j++) {
		long i = c->touched[j];

		if (set(&c->cur[i], c->next[i].s, err))
			return -1;
		c->next[i].set = 0;
	}
	c->ntouched = 0;
	c->rise = 0;
	return 0;
}

static int dump(struct vcd *v, struct cycles *c, unsigned long period, FILE *out, struct gpurf_err *err)
{
	long i;
	int k;

	while ((k = vcd_next(v, err)) != VCD_EOF) {
		if (k < 0)
			return -1;
		if (k == VCD_TIME) {
			if (end_of_timestamp(c, period, out, err))
				return -1;
			c->t = v->t;
		} else if (k == VCD_CHANGE) {
			if (strcmp(v->id, c->clk) == 0 && strcmp(v->value, "1") == 0)
				c->rise = 1;
			if ((i = idmap_find(&c->keep, v->id)) < 0)
				continue;
			if (!c->next[i].set)
				c->touched[c->ntouched++] = i;
			if (set(&c->next[i], v->value, err))
				return -1;
		}
	}
	/* the last timestamp: sampled when the clock rose in it */
	return c->rise ? sample(c, c->t / period, period, out, err) : 0;
}

static void free_values(struct value *a, size_t n)
{
	for (size_t i = 0; a && i < n; i++)
		free(a[i].s);
	free(a);
}

int wave_cycles(struct vcd *v, const char *clock, const char *names, unsigned long period, FILE *out,
		struct gpurf_err *err)
{
	struct cycles c = {0};
	int rc = load_names(&c, names, err);

	if (!rc)
		rc = header(v, &c, clock, out, err);
	if (!rc)
		rc = dump(v, &c, period, out, err);
	free_values(c.cur, c.keep.n);
	free_values(c.out, c.keep.n);
	free_values(c.next, c.keep.n);
	free(c.touched);
	free(c.clk);
	idmap_free(&c.want);
	idmap_free(&c.keep);
	return rc;
}
