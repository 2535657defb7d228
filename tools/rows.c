/* rows.c: whitespace-separated text rows (see rows.h). */
#include "rows.h"
#include "read_file.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* All of stdin, NUL-terminated (malloc'd); NULL when out of memory. */
static char *read_stdin(void)
{
	size_t len = 0, cap = 4096, got;
	char *text = malloc(cap), *grown;

	while (text && (got = fread(text + len, 1, cap - len - 1, stdin)) > 0) {
		len += got;
		if (cap - len - 1 == 0) {
			if (!(grown = realloc(text, cap * 2))) {
				free(text);
				return NULL;
			}
			text = grown;
			cap *= 2;
		}
	}
	if (text)
		text[len] = '\0';
	return text;
}

/* Splits line (NUL-terminated, modified) into r's fields; -1 when out of memory. */
static int split(char *line, struct row *r)
{
	unsigned cap = 0;
	char *save = NULL;

	r->f = NULL;
	r->nf = 0;
	for (char *t = strtok_r(line, " \t\r", &save); t; t = strtok_r(NULL, " \t\r", &save)) {
		if (r->nf == cap) {
			char **f = realloc(r->f, (cap = cap ? cap * 2 : 8) * sizeof *f);

			if (!f)
				return -1;
			r->f = f;
		}
		r->f[r->nf++] = t;
	}
	return 0;
}

int rows_load(struct rows *r, const char *path, struct gpurf_err *err)
{
	int from_stdin = !path || strcmp(path, "-") == 0;
	size_t cap = 0;
	char *s, *nl;

	memset(r, 0, sizeof *r);
	r->name = from_stdin ? "stdin" : path;
	r->text = from_stdin ? read_stdin() : read_file(path, NULL, err);
	if (!r->text)
		return from_stdin ? gpurf_fail(err, GPURF_ERR_IO, "out of memory") : -1;
	for (s = r->text; *s; s = nl + 1) {
		if ((nl = strchr(s, '\n')))
			*nl = '\0';
		if (r->n == cap) {
			struct row *v = realloc(r->v, (cap = cap ? cap * 2 : 64) * sizeof *v);

			if (!v)
				goto oom;
			r->v = v;
		}
		r->v[r->n].line = r->n + 1;
		if (split(s, &r->v[r->n++]))
			goto oom;
		if (!nl)
			break;
	}
	return 0;
oom:
	rows_free(r);
	return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
}

int rows_num(const char *text, double *v)
{
	char *end;

	if (!*text)
		return -1;
	*v = strtod(text, &end);
	return *end || !isfinite(*v) ? -1 : 0;
}

void rows_free(struct rows *r)
{
	for (size_t i = 0; i < r->n; i++)
		free(r->v[i].f);
	free(r->v);
	free(r->text);
	memset(r, 0, sizeof *r);
}
