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

int csv_ratio_stats(const double *q, const char *const *keys, unsigned n, struct csv_ratio *r)
{
	double sum = 0, logsum = 0, *sorted;

	memset(r, 0, sizeof *r);
	r->min = INFINITY;
	r->max = -INFINITY;
	r->min_key = r->max_key = "";
	if (n == 0)
		return 0;
	if (!(sorted = malloc(n * sizeof *sorted)))
		return -1;
	for (unsigned i = 0; i < n; i++) {
		sorted[i] = q[i];
		sum += q[i];
		logsum += log(q[i]);
		if (q[i] < r->min) {
			r->min = q[i];
			r->min_key = keys[i];
		}
		if (q[i] > r->max) {
			r->max = q[i];
			r->max_key = keys[i];
		}
	}
	qsort(sorted, n, sizeof *sorted, cmp_double);
	r->n = n;
	r->mean = sum / n;
	r->geomean = exp(logsum / n);
	r->median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	free(sorted);
	return 0;
}

void csv_ratio_print(FILE *out, const struct csv_ratio *q)
{
	if (q->n == 0)
		fprintf(out, "n=0 mean=NA geomean=NA min=NA min_key=- max=NA max_key=- median=NA\n");
	else
		fprintf(out, "n=%u mean=%.6f geomean=%.6f min=%.6f min_key=%s max=%.6f max_key=%s median=%.6f\n",
			q->n, q->mean, q->geomean, q->min, q->min_key, q->max, q->max_key, q->median);
}

int csv_ratio(const struct csv *base, const struct csv *other, const char *key, const char *col,
	      const struct csv_where *wb, const struct csv_where *wo, FILE *rows, struct csv_ratio *r,
	      struct gpurf_err *err)
{
	int kb = csv_col(base, key), ko = csv_col(other, key), vb = csv_col(base, col), vo = csv_col(other, col);
	double *q_all;
	const char **keys;
	unsigned n = 0;
	int rc;

	memset(r, 0, sizeof *r);
	r->min_key = r->max_key = "";
	if (kb < 0 || ko < 0 || vb < 0 || vo < 0)
		return gpurf_fail(err, GPURF_ERR_INPUT, "both files need the columns '%s' and '%s'", key, col);
	q_all = malloc((other->nrows + 1) * sizeof *q_all);
	keys = malloc((other->nrows + 1) * sizeof *keys);
	if (!q_all || !keys) {
		free(q_all);
		free(keys);
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	}
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
			keys[n] = other->rows[i][ko];
			q_all[n++] = q;
			break;
		}
	}
	rc = csv_ratio_stats(q_all, keys, n, r);
	free(q_all);
	free(keys);
	return rc ? gpurf_fail(err, GPURF_ERR_IO, "out of memory") : 0;
}
