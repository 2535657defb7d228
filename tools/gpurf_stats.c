/* gpurf_stats.c: gpurf-stats, statistics JSON -> CSV -> Markdown, for the
 * sweeps (scripts/sweep) and the results report (scripts/results).
 *
 *   gpurf-stats flat [--index] FILE.json        name=value per line
 *   gpurf-stats get FILE.json NAME              one flattened value
 *   gpurf-stats csv [--index] [--first a,b,..] [-o OUT.csv] LIST
 *       LIST (a file, - for stdin): one run per line, "FILE.json [name=value]...";
 *       one CSV row per run: its name=value cells, the --first columns, then
 *       every other flattened name in first-seen order (empty where a run
 *       lacks it)
 *   gpurf-stats table [--where COL=VAL]... CSV COL[:Heading],...   Markdown table
 *   gpurf-stats compare [--key COL] [--where COL=VAL]... [--bwhere COL=VAL]...
 *                       [--owhere COL=VAL]... [--rows OUT.csv] BASE.csv OTHER.csv COL
 *       ratio OTHER/BASE of COL per key (default kernel), rows filtered by
 *       --where (both files), --bwhere (BASE only) and --owhere (OTHER only;
 *       BASE and OTHER may be the same file):
 *       prints "n=N mean=R geomean=R min=R min_key=K max=R max_key=K median=R"
 *       (median: of an even count, the mean of the middle two);
 *       --rows also writes "key,base,other,ratio" per matched key
 *   gpurf-stats schemes SPEC OUT.dat
 *       the all-schemes table of docs/results.md (tools/schemes.h)
 *
 * The arithmetic of scripts/results, over whitespace-separated rows:
 *   gpurf-stats cols [--where COL=VAL]... CSV COL...     (tools/cols.h)
 *       the named columns per row, NA where missing, for join(1)
 *   gpurf-stats fmt [--where EXPR] [--missing TEXT] TEMPLATE [FILE]
 *   gpurf-stats agg [--where EXPR] [--missing TEXT] TEMPLATE [FILE]
 *       a template per row, or once over sum(E), mean(E), n  (tools/fmt.h,
 *       the expressions and templates in tools/expr.h)
 *   gpurf-stats summary [FILE]                           (tools/summary.h)
 *       compare's statistics of "KEY VALUE" rows
 *   gpurf-stats tol FILE TH...                           (tools/tol.h)
 *       the latency tolerance: largest X within a loss TH
 *
 * Flattening: nested objects give dotted names, numeric arrays are summed
 * (--index: name.0, name.1, ...), see tools/json_flat.h.
 * Exit status: 0 done, 2 bad input (one message, nothing written), 1 I/O. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "csv.h"
#include "cols.h"
#include "csv_ratio.h"
#include "fmt.h"
#include "json_flat.h"
#include "schemes.h"
#include "summary.h"
#include "tol.h"

static const struct cli_tool tool = {
	"gpurf-stats",
	"flat [--index] FILE.json\n"
	"get FILE.json NAME\n"
	"csv [--index] [--first a,b] [-o OUT.csv] LIST\n"
	"table [--where COL=VAL]... CSV COL[:Heading],...\n"
	"compare [--key COL] [--where|--bwhere|--owhere COL=VAL]... [--rows OUT.csv] BASE.csv OTHER.csv COL\n"
	"schemes SPEC OUT.dat\n"
	"cols [--where COL=VAL]... CSV COL...\n"
	"fmt [--where EXPR] [--missing TEXT] TEMPLATE [FILE]\n"
	"agg [--where EXPR] [--missing TEXT] TEMPLATE [FILE]\n"
	"summary [FILE]\n"
	"tol FILE TH...",
	"  flat            every statistic of a JSON as name=value (nested names dotted)\n"
	"  get             one flattened value\n"
	"  csv             one CSV row per run of LIST (\"FILE.json [name=value]...\" per line)\n"
	"  table           a Markdown table of CSV's columns\n"
	"  compare         OTHER/BASE of COL per kernel: n, mean, geomean, min, max, median\n"
	"  schemes         per scheme: area, IPC against its baseline, energy per warp instruction\n"
	"  cols            CSV's columns COL... per row, space-separated (NA: no such column or empty)\n"
	"  fmt             TEMPLATE once per row of FILE (default stdin; fields $1 $2 ...)\n"
	"  agg             TEMPLATE once over the rows: sum(EXPR), mean(EXPR), n (the row count)\n"
	"  summary         compare's line for \"KEY VALUE\" rows (NA, - and values <= 0 left out)\n"
	"  tol             per threshold TH, the largest X of \"X RATIO\" rows with 1 - RATIO <= TH\n"
	"                  (interpolated), as 2.8x, or >8x when no point exceeds it\n"
	"  --where EXPR    fmt, agg: only the rows EXPR holds on (e.g. '$2 + $3 > 0 && $1 != 0')\n"
	"  --missing TEXT  fmt, agg: what a placeholder with a missing value prints (default -)\n"
	"TEMPLATE: text with placeholders {EXPR} or {EXPR, ...: FORMAT}; EXPR: numbers, $N, ( ),\n"
	"  - ! * / + - < <= > >= == != && ||; FORMAT: printf's %d %f %e %g %s (flags, width,\n"
	"  precision) and %%, one conversion per EXPR; without FORMAT a number prints as awk's print\n"
	"  does, a bare $N as its text; a value is missing when a field is absent or not a number,\n"
	"  on a division by zero, and for sum or mean over no row (tools/expr.h). {{ }}: braces.\n"
	"  e.g. fmt '| {$1} | {($3 / $2 - 1) * 100:%+.1f %%} |'   agg --where '$1 > 0' '{n} {mean($2):%.2f}'\n",
};

static int usage(const char *msg)
{
	return cli_usage_error(&tool, "%s", msg);
}

static int report(const struct gpurf_err *err)
{
	fprintf(stderr, "gpurf-stats: %s\n", err->msg);
	return err->kind == GPURF_ERR_IO ? 1 : 2;
}

static int cmd_flat(int argc, char **argv)
{
	struct gpurf_err err = {0};
	struct jf_doc d = {0};
	int index = argc == 2 && strcmp(argv[0], "--index") == 0;

	if (argc != 1 + index)
		return usage("flat takes [--index] FILE.json");
	if (jf_load(&d, argv[index], index ? JF_INDEX : 0, &err))
		return report(&err);
	for (size_t i = 0; i < d.n; i++)
		printf("%s=%s\n", d.v[i].name, d.v[i].value);
	jf_free(&d);
	return 0;
}

static int cmd_get(int argc, char **argv)
{
	struct gpurf_err err = {0};
	struct jf_doc d = {0};
	const char *v;

	if (argc != 2)
		return usage("get takes FILE.json NAME");
	if (jf_load(&d, argv[0], 0, &err))
		return report(&err);
	v = jf_get(&d, argv[1]);
	if (!v) {
		fprintf(stderr, "gpurf-stats: %s has no '%s'\n", argv[0], argv[1]);
		jf_free(&d);
		return 2;
	}
	printf("%s\n", v);
	jf_free(&d);
	return 0;
}

/* ---- csv --------------------------------------------------------------- */

struct names {
	char **v;
	size_t n, cap;
};

static int names_add(struct names *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (strcmp(s->v[i], name) == 0)
			return 0;
	if (s->n == s->cap) {
		char **v = realloc(s->v, (s->cap = s->cap ? s->cap * 2 : 64) * sizeof *v);

		if (!v)
			return -1;
		s->v = v;
	}
	return (s->v[s->n++] = strdup(name)) ? 0 : -1;
}

/* One line of a run list into doc: the JSON's pairs, then the name=value
 * words (which also go to cols). */
static int run_line(char *line, const char *where, unsigned flags, struct jf_doc *doc, struct names *cols,
		    struct gpurf_err *err)
{
	char *save = NULL, *json = strtok_r(line, " \t\r\n", &save), *w;

	if (!json)
		return 1;	/* blank */
	while ((w = strtok_r(NULL, " \t\r\n", &save))) {
		char *eq = strchr(w, '=');

		if (!eq || eq == w)
			return gpurf_fail(err, GPURF_ERR_INPUT, "%s: '%s' is not name=value", where, w);
		*eq = '\0';
		if (names_add(cols, w) || jf_add(doc, w, eq + 1))
			return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	}
	return jf_load(doc, json, flags, err);
}

static int cmd_csv(int argc, char **argv)
{
	struct gpurf_err err = {0};
	struct names cols = {0};
	struct jf_doc *docs = NULL;
	size_t ndocs = 0, cap = 0, lineno = 0;
	unsigned flags = 0;
	const char *first = NULL, *outpath = NULL, *list = NULL;
	char line[8192], where[600], tmp[4200];
	FILE *in, *out = stdout;
	int rc = 0;

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--index") == 0)
			flags = JF_INDEX;
		else if (strcmp(argv[i], "--first") == 0 && i + 1 < argc)
			first = argv[++i];
		else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
			outpath = argv[++i];
		else if (!list && (argv[i][0] != '-' || strcmp(argv[i], "-") == 0))
			list = argv[i];
		else
			return usage("csv takes [--index] [--first a,b] [-o OUT.csv] LIST");
	}
	if (!list)
		return usage("csv needs a run list (a file, or - for stdin)");
	in = strcmp(list, "-") == 0 ? stdin : fopen(list, "r");
	if (!in) {
		fprintf(stderr, "gpurf-stats: %s: cannot read\n", list);
		return 2;
	}
	while (!rc && fgets(line, sizeof line, in)) {
		struct jf_doc d = {0};
		int r;

		lineno++;
		snprintf(where, sizeof where, "%s:%zu", list, lineno);
		r = run_line(line, where, flags, &d, &cols, &err);
		if (r == 1)
			continue;
		if (r || (ndocs == cap && !(docs = realloc(docs, (cap = cap ? cap * 2 : 64) * sizeof *docs)))) {
			if (!r)
				gpurf_fail(&err, GPURF_ERR_IO, "out of memory");
			jf_free(&d);
			rc = -1;
			break;
		}
		docs[ndocs++] = d;
	}
	if (in != stdin)
		fclose(in);
	if (!rc && ndocs == 0)
		rc = gpurf_fail(&err, GPURF_ERR_INPUT, "%s: no runs listed", list);
	if (!rc && first) {
		char *copy = strdup(first), *save = NULL;

		for (char *t = strtok_r(copy, ",", &save); t; t = strtok_r(NULL, ",", &save))
			names_add(&cols, t);
		free(copy);
	}
	for (size_t r = 0; !rc && r < ndocs; r++)
		for (size_t i = 0; i < docs[r].n; i++)
			if (names_add(&cols, docs[r].v[i].name))
				rc = gpurf_fail(&err, GPURF_ERR_IO, "out of memory");
	if (!rc && outpath) {
		snprintf(tmp, sizeof tmp, "%s.tmp%ld", outpath, (long)getpid());
		if (!(out = fopen(tmp, "w")))
			rc = gpurf_fail(&err, GPURF_ERR_IO, "cannot write %s", tmp);
	}
	if (!rc) {
		for (size_t i = 0; i < cols.n; i++) {
			fputs(i ? "," : "", out);
			csv_cell(out, cols.v[i]);
		}
		fputc('\n', out);
		for (size_t r = 0; r < ndocs; r++) {
			for (size_t i = 0; i < cols.n; i++) {
				const char *v = jf_get(&docs[r], cols.v[i]);

				fputs(i ? "," : "", out);
				csv_cell(out, v ? v : "");
			}
			fputc('\n', out);
		}
		if (outpath && (fclose(out) != 0 || rename(tmp, outpath) != 0)) {
			remove(tmp);
			rc = gpurf_fail(&err, GPURF_ERR_IO, "cannot write %s", outpath);
		}
	}
	for (size_t r = 0; r < ndocs; r++)
		jf_free(&docs[r]);
	free(docs);
	for (size_t i = 0; i < cols.n; i++)
		free(cols.v[i]);
	free(cols.v);
	return rc ? report(&err) : 0;
}

/* ---- table, compare ------------------------------------------------------ */

/* Numbers with a fraction get three decimals; everything else as written. */
static void md_cell(const char *v)
{
	char *end;
	double d = strtod(v, &end);

	if (*v && !*end && strchr(v, '.'))
		printf(" %.3f |", d);
	else
		printf(" %s |", v);
}

static int cmd_table(int argc, char **argv)
{
	struct gpurf_err err = {0};
	struct csv c;
	struct csv_where w = {0};
	const char *wargs[16];
	unsigned nw = 0;
	int cols[64], ncols = 0, i = 0;
	char *spec, *save = NULL;

	for (; i + 1 < argc && strcmp(argv[i], "--where") == 0 && nw < 16; i += 2)
		wargs[nw++] = argv[i + 1];
	if (argc - i != 2)
		return usage("table takes [--where COL=VAL]... CSV COL[:Heading],...");
	if (csv_load(&c, argv[i], &err))
		return report(&err);
	for (unsigned k = 0; k < nw; k++)
		if (csv_where_add(&w, &c, wargs[k], &err)) {
			csv_free(&c);
			return report(&err);
		}
	spec = strdup(argv[i + 1]);
	printf("|");
	for (char *t = strtok_r(spec, ",", &save); t && ncols < 64; t = strtok_r(NULL, ",", &save)) {
		char *colon = strchr(t, ':');

		if (colon)
			*colon = '\0';
		if ((cols[ncols] = csv_col(&c, t)) < 0) {
			fprintf(stderr, "\ngpurf-stats: %s has no column '%s'\n", argv[i], t);
			free(spec);
			csv_free(&c);
			return 2;
		}
		ncols++;
		printf(" %s |", colon ? colon + 1 : t);
	}
	printf("\n|");
	for (int k = 0; k < ncols; k++)
		printf("---|");
	printf("\n");
	for (size_t r = 0; r < c.nrows; r++) {
		if (!csv_where_ok(&w, c.rows[r]))
			continue;
		printf("|");
		for (int k = 0; k < ncols; k++)
			md_cell(c.rows[r][cols[k]]);
		printf("\n");
	}
	free(spec);
	csv_free(&c);
	return 0;
}

static int cmd_compare(int argc, char **argv)
{
	struct gpurf_err err = {0};
	struct csv base, other;
	struct csv_where wb = {0}, wo = {0};
	struct csv_ratio q;
	const char *key = "kernel", *wargs[16], *bargs[16], *oargs[16], *rows = NULL;
	unsigned nw = 0, nb = 0, no = 0;
	FILE *rf = NULL;
	int i = 0, rc = 0;

	for (; i + 1 < argc; i += 2) {
		if (strcmp(argv[i], "--key") == 0)
			key = argv[i + 1];
		else if (strcmp(argv[i], "--where") == 0 && nw < 16)
			wargs[nw++] = argv[i + 1];
		else if (strcmp(argv[i], "--bwhere") == 0 && nb < 16)
			bargs[nb++] = argv[i + 1];
		else if (strcmp(argv[i], "--owhere") == 0 && no < 16)
			oargs[no++] = argv[i + 1];
		else if (strcmp(argv[i], "--rows") == 0)
			rows = argv[i + 1];
		else
			break;
	}
	if (argc - i != 3)
		return usage("compare takes [--key COL] [--where|--bwhere|--owhere COL=VAL]... [--rows OUT.csv] "
			     "BASE.csv OTHER.csv COL");
	if (csv_load(&base, argv[i], &err))
		return report(&err);
	if (csv_load(&other, argv[i + 1], &err)) {
		csv_free(&base);
		return report(&err);
	}
	for (unsigned k = 0; k < nw && !rc; k++)
		rc = csv_where_add(&wb, &base, wargs[k], &err) || csv_where_add(&wo, &other, wargs[k], &err);
	for (unsigned k = 0; k < nb && !rc; k++)
		rc = csv_where_add(&wb, &base, bargs[k], &err);
	for (unsigned k = 0; k < no && !rc; k++)
		rc = csv_where_add(&wo, &other, oargs[k], &err);
	if (!rc && rows && !(rf = fopen(rows, "w")))
		rc = gpurf_fail(&err, GPURF_ERR_IO, "cannot write %s", rows);
	if (rf)
		fprintf(rf, "%s,base,other,ratio\n", key);
	if (!rc)
		rc = csv_ratio(&base, &other, key, argv[i + 2], &wb, &wo, rf, &q, &err);
	if (!rc && q.n == 0)
		rc = gpurf_fail(&err, GPURF_ERR_INPUT, "no '%s' matches between %s and %s", key, argv[i], argv[i + 1]);
	if (!rc)
		csv_ratio_print(stdout, &q);
	if (rf && fclose(rf) != 0 && !rc)
		rc = gpurf_fail(&err, GPURF_ERR_IO, "cannot write %s", rows);
	if (rc && rf)
		remove(rows);
	csv_free(&base);
	csv_free(&other);
	return rc ? report(&err) : 0;
}

int main(int argc, char **argv)
{
	int rc = cli_common(&tool, argc, argv);

	if (rc >= 0)
		return rc;
	if (argc < 2)
		return usage("no command");
	if (strcmp(argv[1], "flat") == 0)
		return cmd_flat(argc - 2, argv + 2);
	if (strcmp(argv[1], "get") == 0)
		return cmd_get(argc - 2, argv + 2);
	if (strcmp(argv[1], "csv") == 0)
		return cmd_csv(argc - 2, argv + 2);
	if (strcmp(argv[1], "table") == 0)
		return cmd_table(argc - 2, argv + 2);
	if (strcmp(argv[1], "compare") == 0)
		return cmd_compare(argc - 2, argv + 2);
	if (strcmp(argv[1], "schemes") == 0)
		return stats_schemes(argc - 2, argv + 2);
	if (strcmp(argv[1], "cols") == 0)
		return stats_cols(argc - 2, argv + 2);
	if (strcmp(argv[1], "fmt") == 0)
		return stats_fmt(argc - 2, argv + 2);
	if (strcmp(argv[1], "agg") == 0)
		return stats_agg(argc - 2, argv + 2);
	if (strcmp(argv[1], "summary") == 0)
		return stats_summary(argc - 2, argv + 2);
	if (strcmp(argv[1], "tol") == 0)
		return stats_tol(argc - 2, argv + 2);
	return cli_usage_error(&tool, "unknown command '%s'", argv[1]);
}
