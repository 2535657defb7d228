/* cols.c: `gpurf-stats cols` (see cols.h), the CSV reader of tools/csv.c
 * with the row filters of tools/csv_ratio.c. */
#include "cols.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv.h"
#include "csv_ratio.h"

int stats_cols(int argc, char **argv)
{
	struct gpurf_err err = {0};
	struct csv c;
	struct csv_where w = {0};
	int i = 0, *col;

	for (; i + 1 < argc && strcmp(argv[i], "--where") == 0; i += 2)
		;
	if (argc - i < 2) {
		fprintf(stderr, "gpurf-stats: cols takes [--where COL=VAL]... CSV COL...\n");
		return 2;
	}
	if (csv_load(&c, argv[i], &err))
		goto fail;
	for (int k = 0; k < i; k += 2)
		if (csv_where_add(&w, &c, argv[k + 1], &err)) {
			csv_free(&c);
			goto fail;
		}
	if (!(col = malloc((size_t)(argc - i) * sizeof *col))) {
		csv_free(&c);
		gpurf_fail(&err, GPURF_ERR_IO, "out of memory");
		goto fail;
	}
	for (int k = i + 1; k < argc; k++)
		col[k - i - 1] = csv_col(&c, argv[k]);
	for (size_t r = 0; r < c.nrows; r++) {
		if (!csv_where_ok(&w, c.rows[r]))
			continue;
		for (int k = 0; k < argc - i - 1; k++) {
			const char *v = col[k] < 0 ? "" : c.rows[r][col[k]];

			printf("%s%s", k ? " " : "", *v ? v : "NA");
		}
		putchar('\n');
	}
	free(col);
	csv_free(&c);
	return 0;
fail:
	fprintf(stderr, "gpurf-stats: cols: %s\n", err.msg);
	return err.kind == GPURF_ERR_IO ? 1 : 2;
}
