/* csv_ratio.h: row filters and per-key ratios over two sweep CSVs (the
 * arithmetic of `gpurf-stats compare`, shared with `gpurf-stats schemes`). */
#ifndef GPURF_CSV_RATIO_H
#define GPURF_CSV_RATIO_H

#include <stdio.h>

#include "csv.h"
#include "err.h"

/* COL=VALUE filters: every one must match. */
struct csv_where {
	int col[16];
	const char *val[16];
	unsigned n;
};

/* Adds "COL=VALUE" (arg is kept, not copied); -1 with err (INPUT) when
 * malformed or c has no such column. */
int csv_where_add(struct csv_where *w, const struct csv *c, const char *arg, struct gpurf_err *err);
int csv_where_ok(const struct csv_where *w, char **row);

struct csv_ratio {
	unsigned n;
	double mean, geomean, min, max, median;
	const char *min_key, *max_key;	/* cells of `other` */
};

/* OTHER/BASE of column col per key (rows filtered by wb, wo; a key's first
 * matching base row; pairs with a value <= 0 skipped); rows, when not NULL,
 * gets "key,base,other,ratio" per pair; r->n = 0 when no key matches.  -1
 * with err (INPUT) when a column is missing, (IO) when out of memory. */
int csv_ratio(const struct csv *base, const struct csv *other, const char *key, const char *col,
	      const struct csv_where *wb, const struct csv_where *wo, FILE *rows, struct csv_ratio *r,
	      struct gpurf_err *err);

/* The statistics of q[0..n-1] (keys[i] names q[i]) into r: mean, geomean,
 * min and max with their keys (the first on a tie), median (of an even
 * count, the mean of the middle two); r->n = 0 when n is.  -1 when out of
 * memory. */
int csv_ratio_stats(const double *q, const char *const *keys, unsigned n, struct csv_ratio *r);

/* "n=N mean=R geomean=R min=R min_key=K max=R max_key=K median=R" (%.6f),
 * the line of `compare` and `summary`; with n = 0 every value is NA and
 * every key -. */
void csv_ratio_print(FILE *out, const struct csv_ratio *r);

#endif
