/* csv_ratio.c: row filters and per-key ratios over sweep CSVs (see
 * csv_ratio.h). */
#include "csv_ratio.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int csv_where_add(struct csv_where *w, const struct csv *c, const char *arg, struct gpurf_err *err)
{
	const char *eq = strchr(arg, '=');
	char name[256];

	if (!eq || (size_t)(eq - arg) >= sizeof name || w->n == 16)
		return gpurf_fail(err, GPURF_ERR_INPUT, "--where %s: expected COL=VALUE (at most 16)", arg);
	memcpy(name, arg, (size_t)(eq - arg));
	name[eq - arg] = '\0';
	if ((w->col[w->n] = csv_col(c, name)) < 0)
		return gpurf_fail(err, GPURF_ERR_INPUT, "--where %s: no column '%s'", arg, name);
	w->val[w->n++] = eq + 1;
	return 0;
}

int csv_where_ok(const struct csv_where *w, char **row)
{
	for (unsigned i = 0; i < w->n; i++)
		if (strcmp(row[w->col[i]], w->val[i]) != 0)
			return 0;
	return 1;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int csv_ratio(const struct csv *base, const struct csv *other, const char *key, const char *col,
	      const struct csv_where *wb, const struct csv_where *wo, FILE *rows, struct csv_ratio *r,
	      struct gpurf_err *err)
{
	int kb = csv_col(base, key), ko = csv_col(other, key), vb = csv_col(base, col), vo = csv_col(other, col);
	double sum = 0, logsum = 0, *q_all;

	memset(r, 0, sizeof *r);
	r->min = INFINITY;
	r->max = -INFINITY;
	r->min_key = r->max_key = "";
	if (kb < 0 || ko < 0 || vb < 0 || vo < 0)
		return gpurf_fail(err, GPURF_ERR_INPUT, "both files need the columns '%s' and '%s'", key, col);
	if (!(q_all = malloc((other->nrows + 1) * sizeof *q_all)))
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	for (size_t i = 0; i < other->nrows; i++) {
		if (!csv_where_ok(wo, other->rows[i]))
			continue;
		for (size_t s = 0; s < base->nrows; s++) {
			double b, o, q;

			if (!csv_where_ok(wb, base->rows[s]) || strcmp(base->rows[s][kb], other->rows[i][ko]) != 0)
				continue;
			b = strtod(base->rows[s][vb], NULL);
			o = strtod(other->rows[i][vo], NULL);
			if (b <= 0 || o <= 0)
				break;
			q = o / b;
			if (rows) {
				csv_cell(rows, other->rows[i][ko]);
				fprintf(rows, ",%s,%s,%.6f\n", base->rows[s][vb], other->rows[i][vo], q);
			}
			q_all[r->n++] = q;
			sum += q;
			logsum += log(q);
			if (q < r->min) {
				r->min = q;
				r->min_key = other->rows[i][ko];
			}
			if (q > r->max) {
				r->max = q;
				r->max_key = other->rows[i][ko];
			}
			break;
		}
	}
	if (r->n == 0) {
		free(q_all);
		return 0;
	}
	qsort(q_all, r->n, sizeof *q_all, cmp_double);
	r->mean = sum / r->n;
	r->geomean = exp(logsum / r->n);
	r->median = r->n % 2 ? q_all[r->n / 2] : (q_all[r->n / 2 - 1] + q_all[r->n / 2]) / 2;
	free(q_all);
	return 0;
}
