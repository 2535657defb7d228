/* csv.c: reading and writing the sweep CSV files (see csv.h). */
#include "csv.h"
#include "read_file.h"

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

/* Frees the n cells of a record and the record. */
static void free_cells(char **cells, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(cells[i]);
	free(cells);
}

/* Appends c to the cell being read, growing it; -1 when out of memory. */
static int put(char **cell, size_t *len, size_t *cap, char c)
{
	if (*len + 2 > *cap) {
		char *grown = realloc(*cell, *cap * 2);
		if (!grown)
			return -1;
		*cell = grown;
		*cap *= 2;
	}
	(*cell)[(*len)++] = c;
	return 0;
}

/* Splits one record starting at *pos into cells; advances *pos past it.
 * On an error (-1 out of memory, -2 unterminated quote) nothing of the
 * record is left allocated (found by fuzz/fuzz_stats.c: the cells before an
 * unterminated quote leaked). */
static int record(const char *s, size_t *pos, char ***cells, size_t *n)
{
	size_t cap = 0;
	int rc = 0;

	*cells = NULL;
	*n = 0;
	for (;;) {
		size_t len = 0, lcap = 16;
		char *cell = malloc(lcap);

		if (!cell) {
			rc = -1;
			goto fail;
		}
		if (s[*pos] == '"') {
			(*pos)++;
			for (;;) {
				if (!s[*pos]) {
					rc = -2;
					break;
				}
				if (s[*pos] == '"' && s[*pos + 1] != '"') {
					(*pos)++;
					break;
				}
				if (s[*pos] == '"')
					(*pos)++;
				if (put(&cell, &len, &lcap, s[(*pos)++])) {
					rc = -1;
					break;
				}
			}
		} else {
			while (!rc && s[*pos] && !strchr(",\r\n", s[*pos]))
				if (put(&cell, &len, &lcap, s[(*pos)++]))
					rc = -1;
		}
		if (rc) {
			free(cell);
			goto fail;
		}
		cell[len] = '\0';
		if (*n == cap) {
			char **c = realloc(*cells, (cap = cap ? cap * 2 : 16) * sizeof *c);

			if (!c) {
				free(cell);
				rc = -1;
				goto fail;
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
		else if (s[*pos]) {
			rc = -2;	/* text after a closing quote */
			goto fail;
		}
		return 0;
	}
fail:
	free_cells(*cells, *n);
	*cells = NULL;
	*n = 0;
	return rc;
}

int csv_load(struct csv *c, const char *path, struct gpurf_err *err)
{
	char *text = read_file(path, NULL, err), **cells;
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
			free_cells(cells, n);
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
