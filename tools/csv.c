/* csv.c: reading and writing the sweep CSV files (see csv.h). */
#include "csv.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void csv_cell(FILE *out, const char *text)
{
	if (!strpbrk(text, ",\"\r\n")) {
		fputs(text, out);
		return;
	}
	fputc('"', out);
	for (const char *s = text; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

/* Splits one record starting at *pos into cells; advances *pos past it. */
static int record(const char *s, size_t *pos, char ***cells, size_t *n)
{
	size_t cap = 0;

	*cells = NULL;
	*n = 0;
	for (;;) {
		size_t len = 0, lcap = 16;
		char *cell = malloc(lcap);

		if (!cell)
			return -1;
		if (s[*pos] == '"') {
			(*pos)++;
			for (;;) {
				if (!s[*pos]) {
					free(cell);
					return -2;
				}
				if (s[*pos] == '"' && s[*pos + 1] != '"') {
					(*pos)++;
					break;
				}
				if (s[*pos] == '"')
					(*pos)++;
				if (len + 2 > lcap && !(cell = realloc(cell, lcap *= 2)))
					return -1;
				cell[len++] = s[(*pos)++];
			}
		} else {
			while (s[*pos] && !strchr(",\r\n", s[*pos])) {
				if (len + 2 > lcap && !(cell = realloc(cell, lcap *= 2)))
					return -1;
				cell[len++] = s[(*pos)++];
			}
		}
		cell[len] = '\0';
		if (*n == cap) {
			char **c = realloc(*cells, (cap = cap ? cap * 2 : 16) * sizeof *c);

			if (!c) {
				free(cell);
				return -1;
			}
			*cells = c;
		}
		(*cells)[(*n)++] = cell;
		if (s[*pos] == ',') {
			(*pos)++;
			continue;
		}
		if (s[*pos] == '\r')
			(*pos)++;
		if (s[*pos] == '\n')
			(*pos)++;
		else if (s[*pos])
			return -2;
		return 0;
	}
}

static char *slurp(const char *path, struct gpurf_err *err)
{
	FILE *f = fopen(path, "rb");
	size_t len = 0, cap = 4096, got;
	char *buf;

	if (!f) {
		gpurf_fail(err, GPURF_ERR_INPUT, "%s: cannot read: %s", path, strerror(errno));
		return NULL;
	}
	buf = malloc(cap);
	while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (len + 1 == cap) {
			char *b = realloc(buf, cap *= 2);

			if (!b)
				free(buf);
			buf = b;
		}
	}
	fclose(f);
	if (!buf)
		gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	else
		buf[len] = '\0';
	return buf;
}

int csv_load(struct csv *c, const char *path, struct gpurf_err *err)
{
	char *text = slurp(path, err), **cells;
	size_t pos = 0, n, line = 1, cap = 0;
	int rc;

	memset(c, 0, sizeof *c);
	if (!text)
		return -1;
	if (!*text) {
		free(text);
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: empty file, expected a header row", path);
	}
	if ((rc = record(text, &pos, &c->head, &c->ncols)))
		goto bad;
	while (text[pos]) {
		line++;
		if ((rc = record(text, &pos, &cells, &n)))
			goto bad;
		if (n != c->ncols) {
			for (size_t i = 0; i < n; i++)
				free(cells[i]);
			free(cells);
			free(text);
			csv_free(c);
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%zu: %zu cells, the header has %zu", path,
					  line, n, c->ncols);
		}
		if (c->nrows == cap) {
			char ***r = realloc(c->rows, (cap = cap ? cap * 2 : 64) * sizeof *r);

			if (!r) {
				rc = -1;
				goto bad;
			}
			c->rows = r;
		}
		c->rows[c->nrows++] = cells;
	}
	free(text);
	return 0;
bad:
	free(text);
	csv_free(c);
	return rc == -1 ? gpurf_fail(err, GPURF_ERR_IO, "out of memory")
			: gpurf_fail(err, GPURF_ERR_INPUT, "%s:%zu: unterminated quoted cell", path, line);
}

int csv_col(const struct csv *c, const char *name)
{
	for (size_t i = 0; i < c->ncols; i++)
		if (strcmp(c->head[i], name) == 0)
			return (int)i;
	return -1;
}

void csv_free(struct csv *c)
{
	for (size_t r = 0; r < c->nrows; r++) {
		for (size_t i = 0; i < c->ncols; i++)
			free(c->rows[r][i]);
		free(c->rows[r]);
	}
	for (size_t i = 0; i < c->ncols; i++)
		free(c->head[i]);
	free(c->rows);
	free(c->head);
	memset(c, 0, sizeof *c);
}
