/* sm_run.h: one kernel launch on `sms` SMs, from a kernel directory
 * (execution-driven: the PTX runs on real data and its result is compared
 * with the host reference) or from an Accel-Sim trace (trace-driven).
 *
 * The run distributes CTAs round-robin over the SMs (then to whichever SM
 * has room first, lowest index first), steps every SM one cycle at a time
 * (SM 0 first), skips cycles in which every SM only waits for a completion,
 * and stops when the last CTA finished.  Everything is deterministic: the
 * same configuration and input give byte-identical statistics. */
#ifndef GPURF_SM_RUN_H
#define GPURF_SM_RUN_H

#include <stdint.h>
#include <stdio.h>

#include "cfg.h"
#include "err.h"
#include "sm_core.h"

/* One kernel of a trace-mode run. */
struct sm_kernel_result {
	char file[256];			/* kernel-N.traceg */
	unsigned index;			/* 1-based position in kernelslist.g */
	char entry[256];
	uint32_t ctas, threads_per_cta, regs;
	unsigned cta_limit;
	uint64_t cycles, warp_insts, thread_insts, dram_bytes;
};

struct sm_result {
	char mode[8];			/* "kernel" or "trace" */
	char kernel[256];		/* workload name */
	char entry[256];		/* PTX entry / trace kernel name */
	uint64_t cycles;
	uint32_t ctas, threads_per_cta, regs;
	unsigned cta_limit;
	const char *limiter;
	unsigned sms;
	struct sm_stats total;		/* summed over SMs */
	uint64_t dram_bytes, dram_transfers;
	struct sm_gmem_stats gmem;	/* [mem] model = detailed */
	int checked;			/* compared with a host reference */
	uint64_t mismatches;
	double loop_seconds;		/* CPU time of the cycle loop (SMs created, run,
					 * freed): the simulation without loading, inputs
					 * and check; for benchmarks, never in the JSON */
	unsigned nkernels;		/* trace mode: the kernels run, in order */
	struct sm_kernel_result *kernels;	/* owned; sm_result_free() */
	unsigned grid_scale;		/* kernel mode: the workload's scale ([sim] min_ctas) */
};

struct sm_run_opts {
	FILE *progress;			/* progress lines, NULL for none */
	FILE *log;			/* mismatch details, may be NULL */
	unsigned trace_kernel;		/* trace mode: 0 every kernel, else the N-th (1-based) */
};

/* Runs kernels/<name>-style directory `dir` (kernel.ini, the PTX, the host
 * reference registered under the ini's name).  Returns 0 (the result may
 * still mismatch: see res->mismatches), or -1 with err filled. */
int sm_run_kernel(const struct gpurf_cfg *cfg, const char *dir, const struct sm_run_opts *opt,
		  struct sm_result *res, struct gpurf_err *err);

/* Runs a PTX kernel without parameters or buffers on a grid (the
 * hand-computed timing tests). */
int sm_run_ptx(const struct gpurf_cfg *cfg, const char *ptx, const uint32_t grid[3],
	       const uint32_t block[3], struct sm_result *res, struct gpurf_err *err);

/* Runs the kernels of an Accel-Sim trace directory one after the other, in
 * kernelslist.g order (all of them, or opt->trace_kernel).  res->total and
 * res->cycles are sums over the kernels, the launch shape (CTAs per SM,
 * threads, registers) is the first kernel's; res->kernels has each. */
int sm_run_trace(const struct gpurf_cfg *cfg, const char *dir, const struct sm_run_opts *opt,
		 struct sm_result *res, struct gpurf_err *err);

/* Frees what a run allocated in res (trace mode's per-kernel array). */
void sm_result_free(struct sm_result *res);

/* The statistics file (JSON) and a human summary. */
void sm_result_json(const struct gpurf_cfg *cfg, const struct sm_result *r, FILE *out);
void sm_result_summary(const struct gpurf_cfg *cfg, const struct sm_result *r, FILE *out);

#endif
