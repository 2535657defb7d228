/* schemes.c: `gpurf-stats schemes` (see schemes.h). */
#include "schemes.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "csv.h"
#include "csv_ratio.h"
#include "json_flat.h"

enum { F_LABEL, F_CFG, F_RUN, F_WHERE, F_BASE, F_BWHERE, F_BIG, F_BIGWHERE, F_BIGBASE, F_BIGBWHERE, F_AREA, NF };

/* One workload set of a scheme: IPC ratio against its baseline and energy
 * per warp instruction, or why not. */
struct cell {
	double ipc, epi;		/* NAN when not available */
	unsigned n;			/* kernels in the ratio */
	char why[160];
};

static int exists(const char *path)
{
	return strcmp(path, "-") != 0 && access(path, R_OK) == 0;
}

/* where ("-" or COL=VAL;COL=VAL) into w over c. */
static int parse_where(char *spec, const struct csv *c, struct csv_where *w, struct gpurf_err *err)
{
	char *save = NULL;

	memset(w, 0, sizeof *w);
	if (strcmp(spec, "-") == 0)
		return 0;
	for (char *t = strtok_r(spec, ";", &save); t; t = strtok_r(NULL, ";", &save))
		if (csv_where_add(w, c, t, err))
			return -1;
	return 0;
}

/* Energy per warp instruction: sum of energy.total_pj over sum of
 * warp_instructions of the rows w selects; NAN when a row lacks either. */
static double energy_per_inst(const struct csv *c, const struct csv_where *w)
{
	int e = csv_col(c, "energy.total_pj"), n = csv_col(c, "warp_instructions");
	double pj = 0, insts = 0;

	if (e < 0 || n < 0)
		return NAN;
	for (size_t r = 0; r < c->nrows; r++) {
		if (!csv_where_ok(w, c->rows[r]))
			continue;
		if (!*c->rows[r][e] || !*c->rows[r][n])
			return NAN;
		pj += strtod(c->rows[r][e], NULL);
		insts += strtod(c->rows[r][n], NULL);
	}
	return insts > 0 ? pj / insts : NAN;
}

/* The set's figures from its sweep and its baseline's (field copies are
 * cut up by strtok). */
static int measure(const char *run, const char *where, const char *base, const char *bwhere, struct cell *out,
		   struct gpurf_err *err)
{
	struct csv o, b;
	struct csv_where wo, wb;
	struct csv_ratio q;
	char ws[512], bs[512];
	int rc = 0;

	out->ipc = out->epi = NAN;
	out->n = 0;
	out->why[0] = '\0';
	if (!exists(run)) {
		snprintf(out->why, sizeof out->why, "not run (%s)", run);
		return 0;
	}
	if (csv_load(&o, run, err))
		return -1;
	snprintf(ws, sizeof ws, "%s", where);
	if (parse_where(ws, &o, &wo, err)) {
		csv_free(&o);
		return -1;
	}
	out->epi = energy_per_inst(&o, &wo);
	if (strcmp(base, "-") == 0) {
		out->ipc = 1.0;		/* the baseline itself */
	} else if (!exists(base)) {
		snprintf(out->why, sizeof out->why, "baseline not run (%s)", base);
	} else if (!(rc = csv_load(&b, base, err))) {
		snprintf(bs, sizeof bs, "%s", bwhere);
		rc = parse_where(bs, &b, &wb, err);
		if (!rc)
			rc = csv_ratio(&b, &o, "kernel", "ipc", &wb, &wo, NULL, &q, err);
		if (!rc && q.n) {
			out->ipc = q.geomean;
			out->n = q.n;
		} else if (!rc) {
			snprintf(out->why, sizeof out->why, "no kernel in both %s and %s", run, base);
		}
		csv_free(&b);
	}
	csv_free(&o);
	return rc;
}

/* A `make synth` report's areas in mm^2, NAN when absent: the top as a
 * hierarchy (area.json "top", synth/area_top.c) split into the banked
 * register file and the scheme's own structures; a report without a top
 * gives its total only. */
struct area {
	double total, rf, own;
};

static double mm2(const struct jf_doc *d, const char *key)
{
	const char *v = jf_get(d, key);

	return v && *v ? strtod(v, NULL) / 1e6 : NAN;
}

static int area_of(const char *path, struct area *a, struct gpurf_err *err)
{
	struct jf_doc d = {0};

	a->total = a->rf = a->own = NAN;
	if (!exists(path))
		return 0;
	if (jf_load(&d, path, 0, err))
		return -1;
	a->total = mm2(&d, "top.total_area_um2");
	if (!isnan(a->total)) {
		a->rf = mm2(&d, "top.register_file_um2");
		a->own = mm2(&d, "top.scheme_um2");
	} else {
		a->total = mm2(&d, "total.total_area_um2");
	}
	jf_free(&d);
	return 0;
}

static void md_area(const struct area *a, double base, const char *path)
{
	if (isnan(a->total)) {
		printf(" no report: `%s` missing | - | - |", path);
		return;
	}
	printf(" %.2f", a->total);
	if (!isnan(base) && base > 0)
		printf(" (%.2fx)", a->total / base);
	printf(" |");
	if (isnan(a->rf))
		printf(" - | - |");
	else
		printf(" %.2f | %.2f |", a->rf, a->own);
}

static void md_ipc(const struct cell *c, int is_base)
{
	if (is_base && !isnan(c->ipc))
		printf(" 1 (baseline) |");
	else if (!isnan(c->ipc))
		printf(" %+.1f %% (%u) |", (c->ipc - 1) * 100, c->n);
	else
		printf(" %s |", c->why[0] ? c->why : "-");
}

static void md_epi(const struct cell *c)
{
	if (!isnan(c->epi))
		printf(" %.1f |", c->epi);
	else
		printf(" %s |", c->why[0] ? "-" : "no energy in the statistics");
}

static void dat_num(FILE *f, double v, int prec)
{
	if (isnan(v))
		fprintf(f, " NaN");
	else
		fprintf(f, " %.*f", prec, v);
}

int stats_schemes(int argc, char **argv)
{
	struct gpurf_err err = {0};
	char line[4096], tmp[4200];
	FILE *spec, *dat;
	unsigned lineno = 0, nareas = 0;
	double base_area = NAN;	/* the first baseline row's: the ratios' denominator */
	int rc = 0;

	if (argc != 2) {
		fprintf(stderr, "gpurf-stats: schemes takes SPEC OUT.dat\n");
		return 2;
	}
	if (!(spec = fopen(argv[0], "r"))) {
		fprintf(stderr, "gpurf-stats: %s: cannot read\n", argv[0]);
		return 2;
	}
	snprintf(tmp, sizeof tmp, "%s.tmp%ld", argv[1], (long)getpid());
	if (!(dat = fopen(tmp, "w"))) {
		fclose(spec);
		fprintf(stderr, "gpurf-stats: cannot write %s\n", tmp);
		return 1;
	}
	printf("| scheme | configuration | area mm^2 (against the baseline's) | banked register file mm^2 | "
	       "the scheme's own mm^2 | IPC against its baseline, kernels as written "
	       "(geomean, kernels) | the same, >= 100-CTA grids | RF energy pJ / warp inst., as written | "
	       ">= 100-CTA grids |\n");
	printf("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
	while (!rc && fgets(line, sizeof line, spec)) {
		char *f[NF], *save = NULL, *p = line;
		unsigned n = 0;
		struct cell small, big;
		struct area area;
		int is_base;

		lineno++;
		line[strcspn(line, "\r\n")] = '\0';
		if (!*line || *line == '#')
			continue;
		for (char *t; n < NF && (t = strtok_r(p, "|", &save)); p = NULL)
			f[n++] = t;
		if (n != NF) {
			rc = gpurf_fail(&err, GPURF_ERR_INPUT, "%s:%u: %u fields, expected %d (schemes.h)", argv[0],
					lineno, n, NF);
			break;
		}
		is_base = strcmp(f[F_BASE], "-") == 0;
		if (measure(f[F_RUN], f[F_WHERE], f[F_BASE], f[F_BWHERE], &small, &err) ||
		    measure(f[F_BIG], f[F_BIGWHERE], f[F_BIGBASE], f[F_BIGBWHERE], &big, &err)) {
			rc = -1;
			break;
		}
		if (area_of(f[F_AREA], &area, &err)) {
			rc = -1;
			break;
		}
		if (is_base && isnan(base_area))
			base_area = area.total;
		printf("| %s | `%s` |", f[F_LABEL], f[F_CFG]);
		md_area(&area, base_area, f[F_AREA]);
		md_ipc(&small, is_base);
		md_ipc(&big, is_base);
		md_epi(&small);
		md_epi(&big);
		printf("\n");
		fputc('"', dat);
		for (const char *c = f[F_LABEL]; *c; c++)	/* the label without Markdown */
			if (*c != '`' && *c != '"')
				fputc(*c, dat);
		fputc('"', dat);
		nareas += !isnan(area.total);
		dat_num(dat, area.total, 3);
		dat_num(dat, small.ipc, 4);
		dat_num(dat, big.ipc, 4);
		dat_num(dat, small.epi, 2);
		dat_num(dat, big.epi, 2);
		fprintf(dat, "\n");
	}
	fclose(spec);
	fprintf(dat, "# areas %u\n", nareas);	/* for the plot: a panel of no bar cannot be drawn */
	if (fclose(dat) != 0 && !rc)
		rc = gpurf_fail(&err, GPURF_ERR_IO, "cannot write %s", tmp);
	if (!rc && rename(tmp, argv[1]) != 0)
		rc = gpurf_fail(&err, GPURF_ERR_IO, "cannot write %s", argv[1]);
	if (rc) {
		remove(tmp);
		fprintf(stderr, "gpurf-stats: %s\n", err.msg);
		return err.kind == GPURF_ERR_IO ? 1 : 2;
	}
	return 0;
}
