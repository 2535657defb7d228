/* fmt.c: `gpurf-stats fmt` and `agg` (see fmt.h): the rows of rows.h
 * through the templates of expr.h. */
#include "fmt.h"

#include <stdio.h>
#include <string.h>

#include "expr.h"
#include "rows.h"

static int run(int argc, char **argv, int agg)
{
	const char *cmd = agg ? "agg" : "fmt", *where = NULL, *missing = "-";
	struct gpurf_err err = {0};
	struct expr *w = NULL;
	struct tmpl *t = NULL;
	struct rows in = {0};
	int i = 0, rc = 0;

	for (; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--where") == 0)
			where = argv[i + 1];
		else if (strcmp(argv[i], "--missing") == 0)
			missing = argv[i + 1];
		else
			break;
	}
	if (argc - i < 1 || argc - i > 2 || (argv[i][0] == '-' && argv[i][1] == '-')) {
		fprintf(stderr, "gpurf-stats: %s takes [--where EXPR] [--missing TEXT] TEMPLATE [FILE]\n", cmd);
		return 2;
	}
	if ((where && expr_parse(where, &w, &err)) || tmpl_parse(argv[i], agg, &t, &err) ||
	    rows_load(&in, argc - i == 2 ? argv[i + 1] : NULL, &err))
		rc = -1;
	for (size_t r = 0; !rc && r < in.n; r++) {
		if (w && !expr_true(w, &in.v[r]))
			continue;
		if (agg)
			tmpl_add_row(t, &in.v[r]);
		else
			tmpl_print_row(t, &in.v[r], missing, stdout);
	}
	if (!rc && agg)
		tmpl_print_agg(t, missing, stdout);
	rows_free(&in);
	tmpl_free(t);
	expr_free(w);
	if (rc)
		fprintf(stderr, "gpurf-stats: %s: %s\n", cmd, err.msg);
	return rc ? (err.kind == GPURF_ERR_IO ? 1 : 2) : 0;
}

int stats_fmt(int argc, char **argv)
{
	return run(argc, argv, 0);
}

int stats_agg(int argc, char **argv)
{
	return run(argc, argv, 1);
}
