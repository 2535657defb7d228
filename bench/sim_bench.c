/* sim_bench.c: simulation speed of the SM model, per kernel of kernels/.
 *
 *   gpurf-sim-bench CONFIG.ini [KERNEL...]
 *
 * Runs each kernel (repeating it until at least half a second has passed)
 * and prints simulated SM cycles per second and warp instructions per
 * second; the total line sums every kernel.  It prints rates, asserts
 * nothing. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "cfg.h"
#include "kref.h"
#include "sm_run.h"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int bench(const struct gpurf_cfg *cfg, const char *name, double *secs, uint64_t *cycles, uint64_t *insts)
{
	char dir[300];
	struct sm_result res;
	struct gpurf_err err = {0};
	unsigned reps = 0;
	double t0 = now_s(), t;

	snprintf(dir, sizeof dir, "kernels/%s", name);
	do {
		if (sm_run_kernel(cfg, dir, NULL, &res, &err)) {
			fprintf(stderr, "gpurf-sim-bench: %s\n", err.msg);
			return -1;
		}
		reps++;
		t = now_s() - t0;
	} while (t < 0.5);
	*secs = t / reps;
	*cycles = res.cycles * res.sms;
	*insts = res.total.warp_insts;
	printf("| %-11s | %9llu | %9llu | %8.1f | %9.2f M | %9.2f M |\n", name, (unsigned long long)res.cycles,
	       (unsigned long long)*insts, *secs * 1e3, *cycles / *secs / 1e6, *insts / *secs / 1e6);
	return 0;
}

int main(int argc, char **argv)
{
	struct gpurf_cfg cfg;
	struct gpurf_err err = {0};
	double tsum = 0;
	uint64_t csum = 0, isum = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: gpurf-sim-bench CONFIG.ini [KERNEL...]\n");
		return 2;
	}
	if (cfg_load(&cfg, argv[1], &err)) {
		fprintf(stderr, "gpurf-sim-bench: %s\n", err.msg);
		return 2;
	}
	printf("SM model speed, %s (%s scheduler), one core\n\n", cfg.name,
	       cfg_enum_name("scheduler", cfg.sim.scheduler));
	printf("| kernel      |    cycles | warp inst |  ms/run | SM cycles/s | warp inst/s |\n");
	printf("|---|---|---|---|---|---|\n");
	for (unsigned i = 0; i < (argc > 2 ? (unsigned)argc - 2 : kref_count); i++) {
		const char *name = argc > 2 ? argv[i + 2] : kref_all[i]->name;
		double s;
		uint64_t c, n;

		if (bench(&cfg, name, &s, &c, &n))
			return 1;
		tsum += s;
		csum += c;
		isum += n;
	}
	printf("| total       | %9llu | %9llu | %8.1f | %9.2f M | %9.2f M |\n", (unsigned long long)csum,
	       (unsigned long long)isum, tsum * 1e3, csum / tsum / 1e6, isum / tsum / 1e6);
	return 0;
}
