/* sim_bench.c: simulation speed of the SM model, per kernel of kernels/.
 *
 *   gpurf-sim-bench CONFIG.ini [KERNEL...]
 *
 * Runs each kernel (repeating it until at least half a second has passed)
 * and prints simulated SM cycles per second and warp instructions per
 * second, twice: per whole run (PTX compile, input generation and
 * reference check included) and for the simulation alone (the cycle loop,
 * sm_result.loop_seconds).  Times are the process's CPU time, not wall
 * time: on a shared machine the time other processes hold the core is not
 * the model's.  The total line sums every kernel.  It prints rates,
 * asserts nothing. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cfg.h"
#include "cli.h"
#include "kref.h"
#include "sm_run.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void row(const char *name, uint64_t cycles, uint64_t sm_cycles, uint64_t insts, double secs,
		double loop)
{
	printf("| %-11s | %9llu | %9llu | %8.1f | %9.2f M | %9.2f M | %8.1f | %9.2f M | %9.2f M |\n", name,
	       (unsigned long long)cycles, (unsigned long long)insts, secs * 1e3, sm_cycles / secs / 1e6,
	       insts / secs / 1e6, loop * 1e3, sm_cycles / loop / 1e6, insts / loop / 1e6);
}

static int bench(const struct gpurf_cfg *cfg, const char *name, double *secs, double *loop, uint64_t *cycles,
		 uint64_t *insts)
{
	char dir[300];
	struct sm_result res;
	struct gpurf_err err = {0};
	unsigned reps = 0;
	double t0 = now_s(), t, lsum = 0;

	snprintf(dir, sizeof dir, "kernels/%s", name);
	do {
		if (sm_run_kernel(cfg, dir, NULL, &res, &err)) {
			fprintf(stderr, "gpurf-sim-bench: %s\n", err.msg);
			return -1;
		}
		reps++;
		lsum += res.loop_seconds;
		t = now_s() - t0;
	} while (t < 0.5);
	*secs = t / reps;
	*loop = lsum / reps;
	*cycles = res.cycles * res.sms;
	*insts = res.total.warp_insts;
	row(name, res.cycles, *cycles, *insts, *secs, *loop);
	return 0;
}

static const struct cli_tool tool = {
	"gpurf-sim-bench",
	"CONFIG.ini [KERNEL...]",
	"  CONFIG.ini      the configuration to time the SM model on\n"
	"  KERNEL          kernels of kernels/ (default: all)\n",
};

int main(int argc, char **argv)
{
	struct gpurf_cfg cfg;
	struct gpurf_err err = {0};
	double tsum = 0, lsum = 0;
	uint64_t csum = 0, isum = 0;

	int rc = cli_common(&tool, argc, argv);

	if (rc >= 0)
		return rc;
	if (argc < 2)
		return cli_usage_error(&tool, "no configuration given");
	if (argv[1][0] == '-')
		return cli_usage_error(&tool, "unknown argument '%s'", argv[1]);
	if (cfg_load(&cfg, argv[1], &err)) {
		fprintf(stderr, "gpurf-sim-bench: %s\n", err.msg);
		return 2;
	}
	printf("SM model speed, %s (%s scheduler), one core, CPU time\n\n", cfg.name,
	       cfg_enum_name("scheduler", cfg.sim.scheduler));
	printf("Per run: PTX compile, inputs, simulation and reference check; sim: the cycle loop alone.\n\n");
	printf("| kernel      |    cycles | warp inst |  ms/run | SM cycles/s | warp inst/s |   sim ms | "
	       "sim cycles/s | sim inst/s |\n");
	printf("|---|---|---|---|---|---|---|---|---|\n");
	for (unsigned i = 0; i < (argc > 2 ? (unsigned)argc - 2 : kref_count); i++) {
		const char *name = argc > 2 ? argv[i + 2] : kref_all[i]->name;
		double s, l;
		uint64_t c, n;

		if (bench(&cfg, name, &s, &l, &c, &n))
			return 1;
		tsum += s;
		lsum += l;
		csum += c;
		isum += n;
	}
	row("total", csum, csum, isum, tsum, lsum);
	return 0;
}
