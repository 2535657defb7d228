/* summary.c: `gpurf-stats summary` (see summary.h): rows of rows.h into the
 * statistics of csv_ratio.h. */
#include "summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv_ratio.h"
#include "rows.h"

/* in's values and keys into q and keys (n of them); -1 with err. */
static int collect(const struct rows *in, double *q, const char **keys, unsigned *n, struct gpurf_err *err)
{
	*n = 0;
	for (size_t i = 0; i < in->n; i++) {
		const struct row *r = &in->v[i];
		double v;

		if (r->nf == 0)
			continue;
		if (r->nf != 2)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%zu: expected 'KEY VALUE', got %u field(s)",
					  in->name, r->line, r->nf);
		if (strcmp(r->f[1], "NA") == 0 || strcmp(r->f[1], "-") == 0)
			continue;
		if (rows_num(r->f[1], &v))
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%zu: '%s' is not a number", in->name, r->line,
					  r->f[1]);
		if (v <= 0)
			continue;
		keys[*n] = r->f[0];
		q[(*n)++] = v;
	}
	return 0;
}

int stats_summary(int argc, char **argv)
{
	struct gpurf_err err = {0};
	struct rows in;
	struct csv_ratio s;
	double *q = NULL;
	const char **keys = NULL;
	unsigned n = 0;
	int rc;

	if (argc > 1 || (argc == 1 && argv[0][0] == '-' && argv[0][1])) {
		fprintf(stderr, "gpurf-stats: summary takes [FILE] (default stdin)\n");
		return 2;
	}
	if (rows_load(&in, argc ? argv[0] : NULL, &err))
		goto fail;
	q = malloc((in.n + 1) * sizeof *q);
	keys = malloc((in.n + 1) * sizeof *keys);
	if (!q || !keys)
		rc = gpurf_fail(&err, GPURF_ERR_IO, "out of memory");
	else
		rc = collect(&in, q, keys, &n, &err);
	if (!rc && csv_ratio_stats(q, keys, n, &s))
		rc = gpurf_fail(&err, GPURF_ERR_IO, "out of memory");
	if (!rc)
		csv_ratio_print(stdout, &s);
	free(q);
	free(keys);
	rows_free(&in);
	if (!rc)
		return 0;
fail:
	fprintf(stderr, "gpurf-stats: summary: %s\n", err.msg);
	return err.kind == GPURF_ERR_IO ? 1 : 2;
}
