/* gpurf_sim.c: the SM model's command line.
 *
 *   gpurf-sim --config FILE --kernel DIR  --out FILE.json [--quiet]
 *   gpurf-sim --config FILE --trace DIR   --out FILE.json [--trace-kernel N] [--quiet]
 *   ... [--set section.key=value]...  override configuration keys (repeatable)
 *   gpurf-sim --gpgpusim-config FILE [--gpgpusim-config FILE]... (--kernel | --trace) ...
 *   gpurf-sim --gpgpusim-config FILE... --write-ini OUT.ini   the equivalent INI
 *
 * A GPGPU-Sim configuration (gpgpusim.config, then e.g. Accel-Sim's
 * trace.config: later files override earlier ones) is read instead of an
 * INI (common/gpgpusim_cfg.c); the options without an equivalent are listed
 * once on stderr.
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
#include "gpgpusim_cfg.h"
#include "sm_rfsys.h"
#include "sm_run.h"

static const struct cli_tool tool = {
	"gpurf-sim",
	"--config FILE.ini --kernel DIR --out FILE.json [--set section.key=value]... [--quiet]\n"
	"--config FILE.ini --trace DIR --out FILE.json [--trace-kernel N] [--set section.key=value]... [--quiet]\n"
	"--gpgpusim-config FILE... (--kernel DIR | --trace DIR) --out FILE.json [--write-ini OUT.ini] ...\n"
	"--gpgpusim-config FILE... --write-ini OUT.ini",
	"  --config FILE   the configuration (docs/configs.md)\n"
	"  --gpgpusim-config FILE  a GPGPU-Sim configuration instead (repeatable: later\n"
	"                  files override earlier ones; docs/configs.md)\n"
	"  --write-ini OUT the INI equivalent of the GPGPU-Sim configuration\n"
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

/* The converter's INI, written whole under a temporary name or not at all. */
static int write_ini(const struct gsim_map *gm, const char *path)
{
	char tmp[4200];
	FILE *f;

	if (strlen(path) > 4000)
		return usage("--write-ini path too long");
	snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
	if (!(f = fopen(tmp, "w"))) {
		fprintf(stderr, "gpurf-sim: cannot write %s\n", tmp);
		return 1;
	}
	gsim_write_ini(gm, f);
	if (fclose(f) != 0 || rename(tmp, path) != 0) {
		remove(tmp);
		fprintf(stderr, "gpurf-sim: cannot write %s\n", path);
		return 1;
	}
	return 0;
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
	const char *sets[64], *gsim_paths[GSIM_MAX_FILES], *ini_out = NULL;
	unsigned nsets = 0, ngsim = 0;
	FILE *f;
	int rc;

	if ((rc = cli_common(&tool, argc, argv)) >= 0)
		return rc;
	for (int i = 1; i < argc; i++) {
		const char **slot = strcmp(argv[i], "--config") == 0 ? &config :
				    strcmp(argv[i], "--kernel") == 0 ? &kernel :
				    strcmp(argv[i], "--trace") == 0 ? &trace :
				    strcmp(argv[i], "--out") == 0 ? &outpath :
				    strcmp(argv[i], "--write-ini") == 0 ? &ini_out :
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
		if (strcmp(argv[i], "--gpgpusim-config") == 0) {
			if (i + 1 >= argc)
				return usage("--gpgpusim-config needs a file");
			if (ngsim == GSIM_MAX_FILES)
				return usage("more than 4 --gpgpusim-config");
			gsim_paths[ngsim++] = argv[++i];
			continue;
		}
		if (!slot)
			return cli_usage_error(&tool, "unknown argument '%s'", argv[i]);
		if (i + 1 >= argc)
			return cli_usage_error(&tool, "%s needs a value", argv[i]);
		*slot = argv[++i];
	}
	if (config && ngsim)
		return usage("--config and --gpgpusim-config exclude each other");
	if (ini_out && !ngsim)
		return usage("--write-ini needs --gpgpusim-config");
	if (!(ngsim && ini_out && !outpath && !kernel && !trace) &&
	    ((!config && !ngsim) || !outpath || (!kernel == !trace)))
		return usage("need --config (or --gpgpusim-config), --out and one of --kernel or --trace");
	if (pick) {
		char *end;
		unsigned long n = strtoul(pick, &end, 10);

		if (!trace || *end || !*pick || pick[0] == '-' || n < 1 || n > 1000000)
			return usage("--trace-kernel takes a kernel number 1.. (the N-th kernel of "
				     "kernelslist.g) and needs --trace");
		opt.trace_kernel = (unsigned)n;
	}
	if (outpath && strlen(outpath) > 4000)
		return usage("output path too long");
	if (ngsim) {
		struct gsim_map *gm = malloc(sizeof *gm);

		if (!gm)
			return 1;
		if (gsim_read(gsim_paths, ngsim, gm, &err) || gsim_apply(gm, sets, nsets, &cfg, &err)) {
			fprintf(stderr, "gpurf-sim: %s\n", err.msg);
			free(gm);
			return err.kind == GPURF_ERR_IO ? 1 : 2;
		}
		gsim_print_ignored(gm, "gpurf-sim", stderr);
		rc = ini_out ? write_ini(gm, ini_out) : 0;
		free(gm);
		if (rc || !outpath)
			return rc;
	} else if (cfg_load_set(&cfg, config, sets, nsets, &err)) {
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
