/* share_dispatch.h: the block dispatcher's arithmetic of register sharing
 * (Jatala et al., Sec. 4.1, Eq. 1-4): how many thread blocks an SM holds,
 * how many of them are shared pairs, and the per-thread register split.
 *
 * Eq. 4, M = (R - g R_tb (1 - t)) / (t R_tb), is unfloored and uncapped in
 * the paper.  The usable form (spec A2, reproduces all 48 cells of the
 * paper's Table 5):
 *   g = floor(R / R_tb), rem = R - g R_tb
 *   S = min(g, floor(rem / (t R_tb)))          integer pairs, U = g - S >= 0
 *   M = min(g + S, smem limit, thread limit, block limit)
 *   if M > g: S = M - g, U = g - S  else S = 0, U = M   (shrink pairs first)
 * t is kept in tenths so everything is exact integer arithmetic. */
#ifndef GPURF_SHARE_DISPATCH_H
#define GPURF_SHARE_DISPATCH_H

struct share_kernel {
	unsigned threads_per_block;
	unsigned regs_per_thread;
	unsigned smem_per_block;	/* bytes; 0 = none */
};

struct share_sm {
	unsigned long regs;		/* R: thread registers per SM */
	unsigned max_threads;
	unsigned max_blocks;
	unsigned long smem_bytes;
	unsigned threshold_tenths;	/* t x 10, 1..10 */
};

struct share_residency {
	unsigned g;		/* blocks without sharing (register limit only) */
	unsigned baseline;	/* resident blocks without sharing (every limit) */
	unsigned pairs;		/* S: shared pairs launched */
	unsigned unshared;	/* U: unshared blocks launched */
	unsigned blocks;	/* M: resident blocks = U + 2S */
	unsigned sharing_mode;	/* the SM sharing bit: blocks > baseline */
	unsigned unshared_regs;	/* u = floor(t x regs_per_thread): private registers */
};

/* Residency of one kernel on one SM.  A kernel whose block does not fit
 * at all gets zero blocks. */
struct share_residency share_dispatch(const struct share_sm *sm, const struct share_kernel *k);

#endif
