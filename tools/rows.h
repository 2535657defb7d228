/* rows.h: whitespace-separated text rows ("KEY VALUE ...", the output of
 * `gpurf-stats cols` and join(1)) read whole, for the subcommands that do
 * the arithmetic of scripts/results (fmt, agg, summary, tol). */
#ifndef GPURF_ROWS_H
#define GPURF_ROWS_H

#include <stddef.h>

#include "err.h"

struct row {
	char **f;		/* nf fields, pointers into the text */
	unsigned nf;
	size_t line;		/* 1-based line number */
};

struct rows {
	const char *name;	/* the path, or "stdin" */
	struct row *v;
	size_t n;
	char *text;
};

/* Reads path (NULL or "-": stdin); every line is a row, blank ones with
 * nf = 0.  -1 with err (INPUT) when path cannot be read, (IO) when out of
 * memory. */
int rows_load(struct rows *r, const char *path, struct gpurf_err *err);

/* The number a field spells: 0 and *v when the whole text is a finite
 * number (strtod's syntax), else -1 ("NA", "-", "", "12abc"). */
int rows_num(const char *text, double *v);

void rows_free(struct rows *r);

#endif
