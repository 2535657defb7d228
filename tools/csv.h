/* csv.h: the CSV files of the sweeps (RFC 4180: a header row, cells quoted
 * when they hold a comma, a quote or a line break). */
#ifndef GPURF_CSV_H
#define GPURF_CSV_H

#include <stddef.h>
#include <stdio.h>

#include "err.h"

struct csv {
	size_t ncols, nrows;
	char **head;		/* ncols names */
	char ***rows;		/* nrows x ncols cells (missing cells are "") */
};

/* Reads path; -1 with err (INPUT) on a missing file or a malformed row. */
int csv_load(struct csv *c, const char *path, struct gpurf_err *err);

/* Column of name, or -1. */
int csv_col(const struct csv *c, const char *name);

void csv_free(struct csv *c);

/* Writes one cell, quoted when needed. */
void csv_cell(FILE *out, const char *text);

#endif
