/* correlate.c: our cycles against Accel-Sim's on the shared real traces.
 *
 *   gpurf-correlate REALDATA OUT.md OUT.svg
 *
 * For every `ok` row of REALDATA/accelsim-reference/results.csv, runs the
 * row's trace under the row's configuration, read with the GPGPU-Sim reader
 * (configs/<config>/gpgpusim.config and its trace.config; the 1-SM rows
 * with [sim] sms = 1), and compares the kernel's cycles with gpu_sim_cycle.
 * Both include -gpgpu_kernel_launch_latency (the reader maps it onto
 * [sim] launch_latency, which the model simulates).  Writes the
 * table, the mean absolute percentage error and the speed (warp
 * instructions per second of the cycle loop against Accel-Sim's whole run)
 * to OUT.md, a log-log scatter plot with the y = x line to OUT.svg, and the
 * MAPE to stdout; for each kernel more than 20 % off, a paragraph with the
 * counters (instruction cache, L2, DRAM, scheduler stalls) ours against
 * those of Accel-Sim's log.  A row that cannot run (a trace format the reader does
 * not take) is listed with the reason and left out of the MAPE. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "csv.h"
#include "gpgpusim_cfg.h"
#include "sm_run.h"
#include "sm_tsrc.h"

struct point {
	char trace[128], config[64];
	unsigned sms;
	int ran;
	char why[1200];
	double ours, latency, theirs, err;
	double our_rate, their_rate;
	double our_dram, their_dram;	/* bytes moved to and from DRAM */
	/* where the cycles went: scheduler cycles with nothing to issue
	 * (ours: idle + fetch stalls; Accel-Sim: W0_Idle) and waiting on
	 * operands (scoreboard; W0_Scoreboard), and instruction-cache traffic */
	double our_noinst, their_noinst, our_sb, their_sb;
	double our_il1, our_il1_miss, their_il1, their_il1_miss, our_l2, their_l2;
};

/* Accel-Sim's counters of a run from its log (the last value of each:
 * the logs here hold one kernel each). */
static void log_counters(const char *root, const char *run_id, struct point *p)
{
	char path[1200], *line = NULL;
	size_t cap = 0;
	struct sm_tsrc *t;

	snprintf(path, sizeof path, "%s/accelsim-reference/logs/%s.out.txt.xz", root, run_id);
	if (!(t = sm_tsrc_open(path)))
		return;
	while (sm_tsrc_getline(t, &line, &cap) >= 0) {
		const char *q;

		if (strncmp(line, "Stall:", 6) == 0) {
			if ((q = strstr(line, "W0_Idle:")))
				p->their_noinst = atof(q + 8);
			if ((q = strstr(line, "W0_Scoreboard:")))
				p->their_sb = atof(q + 14);
		} else if ((q = strstr(line, "L1I_total_cache_accesses = ")))
			p->their_il1 = atof(q + 27);
		else if ((q = strstr(line, "L1I_total_cache_misses = ")))
			p->their_il1_miss = atof(q + 25);
	}
	free(line);
	sm_tsrc_close(t);
}

static const struct cli_tool tool = {
	"gpurf-correlate", "REALDATA OUT.md OUT.svg",
	"  REALDATA        the folder of the real traces (accelsim-reference/ inside)\n",
};

static const char *cell(const struct csv *c, size_t r, const char *name)
{
	int i = csv_col(c, name);

	return i < 0 ? "" : c->rows[r][i];
}

static void run_row(const char *root, const struct csv *c, size_t r, struct point *p)
{
	char trace[1024], cfgdir[1024], g[1100], t[1100], set[32];
	const char *paths[2] = {g, t};
	const char *sets[1] = {set};
	struct gsim_map *m = malloc(sizeof *m);
	struct gpurf_cfg cfg;
	struct gpurf_err err = {0};
	struct sm_result res;
	struct sm_run_opts opt = {NULL, NULL, 0};
	unsigned uid = (unsigned)atoi(cell(c, r, "kernel_launch_uid"));
	FILE *f;

	memset(&res, 0, sizeof res);
	snprintf(p->trace, sizeof p->trace, "%s%s%s", cell(c, r, "trace_set"), *cell(c, r, "trace_subdir") ? "/" : "",
		 cell(c, r, "trace_subdir"));
	snprintf(p->config, sizeof p->config, "%s", cell(c, r, "config"));
	p->sms = (unsigned)atoi(cell(c, r, "sm_count"));
	p->theirs = atof(cell(c, r, "gpu_sim_cycle"));
	p->their_rate = atof(cell(c, r, "warp_insn")) / atof(cell(c, r, "run_wall_s"));
	p->their_dram = 32 * (atof(cell(c, r, "dram_reads")) + atof(cell(c, r, "dram_writes")));
	snprintf(trace, sizeof trace, "%s/%s", root, p->trace);
	snprintf(cfgdir, sizeof cfgdir, "%s/accelsim-reference/configs/%s", root, p->config);
	snprintf(g, sizeof g, "%s/gpgpusim.config", cfgdir);
	snprintf(t, sizeof t, "%s/trace.config", cfgdir);
	snprintf(set, sizeof set, "sim.sms=%u", p->sms);
	f = fopen(t, "r");
	if (f)
		fclose(f);
	if (!m || gsim_read(paths, f ? 2 : 1, m, &err) || gsim_apply(m, sets, 1, &cfg, &err)) {
		snprintf(p->why, sizeof p->why, "%s", m ? err.msg : "out of memory");
		free(m);
		return;
	}
	p->latency = cfg.sim.launch_latency;
	free(m);
	if (sm_run_trace(&cfg, trace, &opt, &res, &err)) {
		snprintf(p->why, sizeof p->why, "%s", err.msg);
		return;
	}
	if (uid < 1 || uid > res.nkernels) {
		snprintf(p->why, sizeof p->why, "kernel %u of %u", uid, res.nkernels);
		sm_result_free(&res);
		return;
	}
	p->ours = (double)res.kernels[uid - 1].cycles;
	p->our_noinst = (double)(res.total.stall[STALL_IDLE] + res.total.stall[STALL_FETCH]);
	p->our_sb = (double)res.total.stall[STALL_SCOREBOARD];
	p->our_il1 = (double)res.total.il1.accesses;
	p->our_il1_miss = (double)(res.total.il1.misses + res.total.il1.pending_hits);
	p->our_l2 = (double)res.gmem.l2_accesses;
	p->their_l2 = atof(cell(c, r, "l2_accesses"));
	log_counters(root, cell(c, r, "run_id"), p);
	p->our_dram = (double)res.kernels[uid - 1].dram_bytes;
	p->our_rate = res.loop_seconds > 0 ? (double)res.total.warp_insts / res.loop_seconds : 0;
	p->err = (p->ours - p->theirs) / p->theirs;
	p->ran = 1;
	sm_result_free(&res);
}

/* Log-log scatter, ours against Accel-Sim's. */
static void svg(FILE *o, const struct point *p, size_t n)
{
	const double W = 520, H = 520, L = 70, B = 60, S = 420;
	double lo = 1e300, hi = 0;

	for (size_t i = 0; i < n; i++)
		if (p[i].ran) {
			double a = p[i].ours, b = p[i].theirs;

			lo = fmin(lo, fmin(a, b));
			hi = fmax(hi, fmax(a, b));
		}
	if (hi <= 0)
		lo = 100, hi = 1000;
	lo = pow(10, floor(log10(lo)));
	hi = pow(10, ceil(log10(hi)));
#define X(v) (L + S * (log10(v) - log10(lo)) / (log10(hi) - log10(lo)))
#define Y(v) (H - B - S * (log10(v) - log10(lo)) / (log10(hi) - log10(lo)))
	fprintf(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
		"font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n", W, H);
	fprintf(o, "<text x=\"%.0f\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">gpurf-sim against Accel-Sim, "
		"cycles per kernel (log-log)</text>\n", W / 2);
	for (double d = lo; d <= hi * 1.001; d *= 10) {
		fprintf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", X(d), Y(lo), X(d), Y(hi));
		fprintf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", X(lo), Y(d), X(hi), Y(d));
		fprintf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%.0f</text>\n", X(d), Y(lo) + 18, d);
		fprintf(o, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%.0f</text>\n", X(lo) - 6, Y(d) + 4, d);
	}
	fprintf(o, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\" stroke-dasharray=\"4 3\"/>\n",
		X(lo), Y(lo), X(hi), Y(hi));
	fprintf(o, "<text x=\"%.1f\" y=\"%.1f\">y = x</text>\n", X(hi) - 40, Y(hi) + 30);
	for (size_t i = 0; i < n; i++)
		if (p[i].ran)
			fprintf(o, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\" fill-opacity=\"0.7\">"
				"<title>%s, %s, %u SM: %.0f vs %.0f</title></circle>\n", X(p[i].theirs),
				Y(p[i].ours), p[i].sms == 1 ? "#d62728" : "#1f77b4", p[i].trace,
				p[i].config, p[i].sms, p[i].ours, p[i].theirs);
	fprintf(o, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">Accel-Sim gpu_sim_cycle</text>\n", L + S / 2, H - 15);
	fprintf(o, "<text transform=\"translate(18 %.0f) rotate(-90)\" text-anchor=\"middle\">gpurf-sim "
		"cycles</text>\n", H - B - S / 2);
	fprintf(o, "<text x=\"%.0f\" y=\"45\" fill=\"#1f77b4\">full GPU</text><text x=\"%.0f\" y=\"60\" "
		"fill=\"#d62728\">1 SM</text>\n</svg>\n", L + 10, L + 10);
#undef X
#undef Y
}

int main(int argc, char **argv)
{
	char path[1100];
	struct csv c;
	struct gpurf_err err = {0};
	struct point *p;
	size_t n = 0, ran = 0;
	double sum = 0;
	int rc;
	FILE *md, *sv;

	if ((rc = cli_common(&tool, argc, argv)) >= 0)
		return rc;
	for (int i = 1; i < argc; i++)
		if (argv[i][0] == '-')
			return cli_usage_error(&tool, "unknown argument '%s'", argv[i]);
	if (argc != 4)
		return cli_usage_error(&tool, "need REALDATA, OUT.md and OUT.svg");
	snprintf(path, sizeof path, "%s/accelsim-reference/results.csv", argv[1]);
	if (csv_load(&c, path, &err)) {
		fprintf(stderr, "gpurf-correlate: %s\n", err.msg);
		return 2;
	}
	p = calloc(c.nrows + 1, sizeof *p);
	if (!p)
		return 1;
	for (size_t r = 0; r < c.nrows; r++) {
		if (strcmp(cell(&c, r, "status"), "ok") != 0)
			continue;
		run_row(argv[1], &c, r, &p[n]);
		if (p[n].ran)
			sum += fabs(p[n].err), ran++;
		n++;
	}
	csv_free(&c);
	if (!(md = fopen(argv[2], "w")) || !(sv = fopen(argv[3], "w"))) {
		fprintf(stderr, "gpurf-correlate: cannot write %s or %s\n", argv[2], argv[3]);
		return 1;
	}
	fprintf(md, "# Correlation with Accel-Sim\n\nGenerated by `make correlate` (bench/correlate.c): every `ok` row of "
		"`../shared/realdata/accelsim-reference/results.csv` run again by `gpurf-sim` under the same "
		"configuration, read from its `gpgpusim.config` (and `trace.config`) with `--gpgpusim-config` "
		"(docs/configs.md); the 1-SM rows with `[sim] sms = 1`. Accel-Sim's `gpu_sim_cycle` includes the "
		"configuration's `-gpgpu_kernel_launch_latency` (5,000 cycles in the `SM*` configurations, 0 in "
		"`log_gtx1080like`); the reader maps it onto `[sim] launch_latency`, and the model's cycles "
		"include the same wait (no CTA starts before it). Error = (ours - Accel-Sim) / Accel-Sim. Where the "
		"latency is most of Accel-Sim's cycles, the error says little about the rest: the reference README's "
		"check runs with `-gpgpu_kernel_launch_latency 0` (not in results.csv) are the sharper comparison "
		"for those rows. The model's own column is the cycles of the run as `gpurf-sim` reports them, "
		"on the detailed memory system (the reader sets `[mem] model = detailed`).\n\n");
	fprintf(md, "DRAM bytes are the counter that tells the memory systems apart: ours (the model's DRAM "
		"transfers) against Accel-Sim's (`dram_reads` + `dram_writes`, 32-byte units).\n\n");
	fprintf(md, "| trace | configuration | SMs | launch latency | ours | Accel-Sim | error | DRAM bytes ours | "
		"DRAM bytes Accel-Sim |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < n; i++)
		if (p[i].ran)
			fprintf(md, "| %s | %s | %u | %.0f | %.0f | %.0f | %+.1f %% | %.0f | %.0f |\n", p[i].trace, p[i].config,
				p[i].sms, p[i].latency, p[i].ours, p[i].theirs, 100 * p[i].err, p[i].our_dram,
				p[i].their_dram);
		else
			fprintf(md, "| %s | %s | %u | not run | | %.0f | | | %.0f |\n", p[i].trace, p[i].config, p[i].sms,
				p[i].theirs, p[i].their_dram);
	fprintf(md, "\n**MAPE: %.1f %%** over %zu kernels (of %zu rows with Accel-Sim cycles).\n\n"
		"![ours against Accel-Sim, log-log](img/correlation.svg)\n\n", ran ? 100 * sum / (double)ran : 0.0, ran, n);
	{
		int any = 0;

		for (size_t i = 0; i < n; i++) {
			const struct point *q = &p[i];

			if (!q->ran || fabs(q->err) <= 0.2)
				continue;
			if (!any++)
				fprintf(md, "## Kernels beyond 20 %%\n\nEach with the counters that tell where the cycles go, ours "
					"against Accel-Sim's (its log in `accelsim-reference/logs/`). Scheduler cycles are "
					"counted per scheduler: \"no instruction\" is a cycle with no warp's instruction buffer "
					"holding an instruction to issue (ours: idle + fetch stalls; Accel-Sim: `W0_Idle`), "
					"\"waiting on operands\" one where buffered instructions wait on the scoreboard (ours: "
					"scoreboard stalls; Accel-Sim: `W0_Scoreboard`). L1I misses count GPGPU-Sim's way, "
					"merged misses included (ours: misses + pending hits).\n\n");
			fprintf(md, "- **%s on %s (%u SMs), %+.1f %%**: L1I accesses %.0f / %.0f, L1I misses %.0f / %.0f, "
				"L2 accesses %.0f / %.0f, DRAM bytes %.0f / %.0f (ours / Accel-Sim); scheduler cycles "
				"waiting on operands %.0f / %.0f, with no instruction %.0f / %.0f. ",
				q->trace, q->config, q->sms, 100 * q->err, q->our_il1, q->their_il1, q->our_il1_miss,
				q->their_il1_miss, q->our_l2, q->their_l2, q->our_dram, q->their_dram, q->our_sb,
				q->their_sb, q->our_noinst, q->their_noinst);
			if (q->their_noinst > 0 && fabs(q->their_noinst - q->our_noinst) > fabs(q->their_sb - q->our_sb))
				fprintf(md, "The counter that differs is the cycles with no instruction to issue (%+.0f %%): "
					"Accel-Sim's warps wait longer for "
					"their instructions.\n", 100 * (q->our_noinst - q->their_noinst) / q->their_noinst);
			else
				fputc('\n', md);
		}
		if (any)
			fputc('\n', md);
	}
	if (ran < n) {
		fprintf(md, "Not run:\n\n");
		for (size_t i = 0; i < n; i++)
			if (!p[i].ran)
				fprintf(md, "- %s on %s (%u SMs): %s\n", p[i].trace, p[i].config, p[i].sms, p[i].why);
		fputc('\n', md);
	}
	fprintf(md, "## Speed\n\nWarp instructions per second: ours for the cycle loop (CPU time, "
		"`sm_result.loop_seconds`), Accel-Sim's for its whole run (`warp_insn / run_wall_s` of results.csv, "
		"wall time of one run on a shared 2-core machine). Both are indicative only: these kernels run "
		"for milliseconds.\n\n| trace | configuration | SMs | ours (M/s) | Accel-Sim (M/s) |\n|---|---|---:|---:|---:|\n");
	for (size_t i = 0; i < n; i++)
		if (p[i].ran)
			fprintf(md, "| %s | %s | %u | %.2f | %.3f |\n", p[i].trace, p[i].config, p[i].sms, p[i].our_rate / 1e6,
				p[i].their_rate / 1e6);
	svg(sv, p, n);
	if (fclose(md) || fclose(sv)) {
		fprintf(stderr, "gpurf-correlate: cannot write %s or %s\n", argv[2], argv[3]);
		return 1;
	}
	printf("gpurf-correlate: MAPE %.1f %% over %zu kernels (%zu rows not run)\n", ran ? 100 * sum / (double)ran : 0.0,
	       ran, n - ran);
	free(p);
	return 0;
}
