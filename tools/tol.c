/* tol.c: `gpurf-stats tol` (see tol.h). */
#include "tol.h"

#include <stdio.h>
#include <stdlib.h>

#include "rows.h"

/* The answer for threshold th over the n points x, r, on stdout. */
static void tolerance(const double *x, const double *r, size_t n, const char *last_x, double th)
{
	for (size_t i = 1; i < n; i++) {
		double l1 = 1 - r[i], l0;

		if (l1 > th) {
			l0 = 1 - r[i - 1];
			printf("%.1fx", x[i - 1] + (x[i] - x[i - 1]) * (th - l0) / (l1 - l0));
			return;
		}
	}
	printf(">%sx", last_x);
}

int stats_tol(int argc, char **argv)
{
	struct gpurf_err err = {0};
	struct rows in;
	double *x = NULL, *r = NULL, *th = NULL;
	const char *last = NULL;
	size_t n = 0;
	int rc = 0;

	if (argc < 2) {
		fprintf(stderr, "gpurf-stats: tol takes FILE TH... (FILE - for stdin)\n");
		return 2;
	}
	if (rows_load(&in, argv[0], &err))
		goto fail;
	x = malloc((in.n + 1) * sizeof *x);
	r = malloc((in.n + 1) * sizeof *r);
	th = malloc((size_t)argc * sizeof *th);
	if (!x || !r || !th)
		rc = gpurf_fail(&err, GPURF_ERR_IO, "out of memory");
	for (int k = 1; !rc && k < argc; k++)
		if (rows_num(argv[k], &th[k - 1]))
			rc = gpurf_fail(&err, GPURF_ERR_INPUT, "threshold '%s' is not a number", argv[k]);
	for (size_t i = 0; !rc && i < in.n; i++) {
		const struct row *w = &in.v[i];

		if (w->nf == 0)
			continue;
		if (w->nf != 2 || rows_num(w->f[0], &x[n]) || rows_num(w->f[1], &r[n]))
			rc = gpurf_fail(&err, GPURF_ERR_INPUT, "%s:%zu: expected 'X RATIO' (two numbers), got '%s%s%s'",
					in.name, w->line, w->f[0], w->nf > 1 ? " " : "", w->nf > 1 ? w->f[1] : "");
		last = w->f[0];
		n++;
	}
	if (!rc && n == 0)
		rc = gpurf_fail(&err, GPURF_ERR_INPUT, "%s: no points", in.name);
	for (int k = 1; !rc && k < argc; k++) {
		if (k > 1)
			putchar(' ');
		tolerance(x, r, n, last, th[k - 1]);
	}
	if (!rc)
		putchar('\n');
	free(x);
	free(r);
	free(th);
	rows_free(&in);
	if (!rc)
		return 0;
fail:
	fprintf(stderr, "gpurf-stats: tol: %s\n", err.msg);
	return err.kind == GPURF_ERR_IO ? 1 : 2;
}
