/* sm_scaling.c: what idle SMs cost (issue 23).
 *
 *   gpurf-sm-scaling CONFIG.ini TRACE_DIR [SMS]
 *
 * Runs the trace with [sim] sms = 1 and with SMS (default 16), each
 * repeated until half a second of CPU time has passed, and prints the CPU
 * time per run of each and their ratio: with idle SMs costing nothing, a
 * trace with fewer CTAs than SMs takes about as long on many SMs as on one
 * (the goal: at most 2x for 16 SMs).  Asserts nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "cfg.h"
#include "cli.h"
#include "sm_run.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int per_run(const char *config, const char *trace, unsigned sms, double *secs)
{
	char set[32];
	const char *sets[1] = {set};
	struct gpurf_cfg cfg;
	struct gpurf_err err = {0};
	unsigned reps = 0;
	double t0 = now_s(), t;

	snprintf(set, sizeof set, "sim.sms=%u", sms);
	if (cfg_load_set(&cfg, config, sets, 1, &err)) {
		fprintf(stderr, "gpurf-sm-scaling: %s\n", err.msg);
		return -1;
	}
	do {
		struct sm_result res = {0};

		if (sm_run_trace(&cfg, trace, NULL, &res, &err)) {
			fprintf(stderr, "gpurf-sm-scaling: %s\n", err.msg);
			return -1;
		}
		sm_result_free(&res);
		reps++;
		t = now_s() - t0;
	} while (t < 0.5);
	*secs = t / reps;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct cli_tool tool = {"gpurf-sm-scaling", "CONFIG.ini TRACE_DIR [SMS]", ""};
	unsigned sms = 16;
	double one, many;
	int rc;

	if ((rc = cli_common(&tool, argc, argv)) >= 0)
		return rc;
	for (int i = 1; i < argc; i++)
		if (argv[i][0] == '-')
			return cli_usage_error(&tool, "unknown argument '%s'", argv[i]);
	if (argc < 3 || argc > 4 || (argc == 4 && (sms = (unsigned)atoi(argv[3])) < 1))
		return cli_usage_error(&tool, "need CONFIG.ini, TRACE_DIR and optionally SMS >= 1");
	if (per_run(argv[1], argv[2], 1, &one) || per_run(argv[1], argv[2], sms, &many))
		return 2;
	printf("%s: 1 SM %.2f ms per run, %u SMs %.2f ms per run, ratio %.2f\n", argv[2], one * 1e3, sms, many * 1e3,
	       many / one);
	return 0;
}
