/* gpurf_sim.c: the SM model's command line.
 *
 *   gpurf-sim --config FILE --kernel DIR  --out FILE.json [--quiet]
 *   gpurf-sim --config FILE --trace DIR   --out FILE.json [--trace-kernel N] [--quiet]
 *   ... [--set section.key=value]...  override configuration keys (repeatable)
 *
 * A trace directory's kernels run one after the other in kernelslist.g
 * order (or only the N-th, 1-based); the JSON has totals and per kernel.
 *
 * Writes the statistics (JSON) to a temporary name and renames it into
 * place, prints a human summary on stdout and progress lines on stderr.
 * Exit status: 0 done (and, with --kernel, the result matches the host
 * reference), 1 the result differs from the reference or an I/O error,
 * 2 bad input (configuration, kernel, trace), with one message and no
 * output file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfg.h"
#include "cli.h"
#include "sm_rfsys.h"
#include "sm_run.h"

static const struct cli_tool tool = {
	"gpurf-sim",
	"--config FILE.ini --kernel DIR --out FILE.json [--set section.key=value]... [--quiet]\n"
	"--config FILE.ini --trace DIR --out FILE.json [--trace-kernel N] [--set section.key=value]... [--quiet]",
	"  --config FILE   the configuration (docs/configs.md)\n"
	"  --kernel DIR    a kernel of kernels/: its PTX, grid and host reference\n"
	"  --trace DIR     an Accel-Sim trace directory (kernelslist.g, *.traceg)\n"
	"  --trace-kernel N  only the N-th kernel of kernelslist.g (1-based)\n"
	"  --out FILE      the statistics, JSON (written whole or not at all)\n"
	"  --set S.K=V     override a configuration key (repeatable)\n"
	"  --quiet         no summary on stdout\n",
};

static int usage(const char *msg)
{
	return cli_usage_error(&tool, "%s", msg);
}

int main(int argc, char **argv)
{
	const char *config = NULL, *kernel = NULL, *trace = NULL, *outpath = NULL, *pick = NULL;
	int quiet = 0;
	struct gpurf_cfg cfg;
	struct gpurf_err err = {0};
	struct sm_result *res;
	struct sm_run_opts opt = {NULL, stderr, 0};
	char tmp[4200];
	const char *sets[64];
	unsigned nsets = 0;
	FILE *f;
	int rc;

	if ((rc = cli_common(&tool, argc, argv)) >= 0)
		return rc;
	for (int i = 1; i < argc; i++) {
		const char **slot = strcmp(argv[i], "--config") == 0 ? &config :
				    strcmp(argv[i], "--kernel") == 0 ? &kernel :
				    strcmp(argv[i], "--trace") == 0 ? &trace :
				    strcmp(argv[i], "--out") == 0 ? &outpath :
				    strcmp(argv[i], "--trace-kernel") == 0 ? &pick : NULL;

		if (strcmp(argv[i], "--quiet") == 0) {
			quiet = 1;
			continue;
		}
		if (strcmp(argv[i], "--set") == 0) {
			if (i + 1 >= argc)
				return usage("--set needs section.key=value");
			if (nsets == sizeof sets / sizeof sets[0])
				return usage("more than 64 --set");
			sets[nsets++] = argv[++i];
			continue;
		}
		if (!slot)
			return cli_usage_error(&tool, "unknown argument '%s'", argv[i]);
		if (i + 1 >= argc)
			return cli_usage_error(&tool, "%s needs a value", argv[i]);
		*slot = argv[++i];
	}
	if (!config || !outpath || (!kernel == !trace))
		return usage("need --config, --out and one of --kernel or --trace");
	if (pick) {
		char *end;
		unsigned long n = strtoul(pick, &end, 10);

		if (!trace || *end || !*pick || pick[0] == '-' || n < 1 || n > 1000000)
			return usage("--trace-kernel takes a kernel number 1.. (the N-th kernel of "
				     "kernelslist.g) and needs --trace");
		opt.trace_kernel = (unsigned)n;
	}
	if (strlen(outpath) > 4000)
		return usage("output path too long");
	if (cfg_load_set(&cfg, config, sets, nsets, &err)) {
		fprintf(stderr, "gpurf-sim: %s\n", err.msg);
		return err.kind == GPURF_ERR_IO ? 1 : 2;
	}
	if (!sm_rfsys_ops(&cfg, &err)) {	/* a scheme the SM does not model yet */
		fprintf(stderr, "gpurf-sim: %s\n", err.msg);
		return 2;
	}
	if (!quiet && isatty(2))
		opt.progress = stderr;
	res = calloc(1, sizeof *res);
	if (!res)
		return 1;
	rc = kernel ? sm_run_kernel(&cfg, kernel, &opt, res, &err) : sm_run_trace(&cfg, trace, &opt, res, &err);
	if (rc) {
		fprintf(stderr, "gpurf-sim: %s\n", err.msg);
		sm_result_free(res);
		free(res);
		return err.kind == GPURF_ERR_IO ? 1 : 2;
	}
	snprintf(tmp, sizeof tmp, "%s.tmp%ld", outpath, (long)getpid());
	f = fopen(tmp, "w");
	if (!f) {
		fprintf(stderr, "gpurf-sim: cannot write %s\n", tmp);
		sm_result_free(res);
		free(res);
		return 1;
	}
	sm_result_json(&cfg, res, f);
	if (fclose(f) != 0 || rename(tmp, outpath) != 0) {
		remove(tmp);
		fprintf(stderr, "gpurf-sim: cannot write %s\n", outpath);
		sm_result_free(res);
		free(res);
		return 1;
	}
	if (!quiet)
		sm_result_summary(&cfg, res, stdout);
	rc = res->checked && res->mismatches ? 1 : 0;
	if (rc)
		fprintf(stderr, "gpurf-sim: %s: %llu elements differ from the host reference\n", res->kernel,
			(unsigned long long)res->mismatches);
	sm_result_free(res);
	free(res);
	return rc;
}
