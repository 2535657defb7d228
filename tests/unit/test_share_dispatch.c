/* test_share_dispatch.c: the dispatcher arithmetic of register sharing
 * against every cell of the paper's Table 5 (resident thread blocks vs. %
 * sharing), the Sec. 4 worked example, and the Sec. 6 storage count.
 *
 * The expected numbers are typed in from the paper (Jatala et al., Table 2
 * for the kernels, Table 1 for the SM, Table 5 for the results), never
 * produced by the code under test. */
#include <string.h>

#include "cfg.h"
#include "check.h"
#include "share_dispatch.h"

struct app {
	const char *name;
	unsigned block, regs;		/* Table 2: block size, registers per thread */
	unsigned blocks[6];		/* Table 5: 0%, 10%, 30%, 50%, 70%, 90% sharing */
};

static const struct app table5[] = {
	{"backprop", 256, 24, {5, 5, 5, 5, 6, 6}},
	{"b+tree", 508, 24, {2, 2, 2, 3, 3, 3}},
	{"hotspot", 256, 36, {3, 3, 3, 4, 4, 6}},
	{"LIB", 192, 36, {4, 4, 5, 5, 6, 8}},
	{"MUM", 256, 28, {4, 4, 4, 5, 5, 6}},
	{"mri-q", 256, 24, {5, 5, 5, 5, 6, 6}},
	{"sgemm", 128, 48, {5, 5, 5, 5, 6, 8}},
	{"stencil", 512, 28, {2, 2, 2, 2, 2, 3}},
};

/* % sharing = (1 - t) x 100, so t in tenths = 10 - %/10. */
static const unsigned sharing_pct[6] = {0, 10, 30, 50, 70, 90};

int main(void)
{
	CHECK_STATE;
	/* Table 1, Tesla C2050: 32768 registers, 1536 threads, 8 blocks, 48 KB. */
	struct share_sm sm = {32768, 1536, 8, 48 * 1024, 1};
	unsigned cells = 0;

	for (size_t a = 0; a < sizeof table5 / sizeof table5[0]; a++)
		for (unsigned c = 0; c < 6; c++) {
			struct share_kernel k = {table5[a].block, table5[a].regs, 0};
			struct share_residency r;

			sm.threshold_tenths = 10u - sharing_pct[c] / 10u;
			r = share_dispatch(&sm, &k);
			if (r.blocks != table5[a].blocks[c])
				fprintf(stderr, "Table 5 %s at %u%% sharing: %u blocks, paper %u\n",
					table5[a].name, sharing_pct[c], r.blocks, table5[a].blocks[c]);
			CHECK_EQ(r.blocks, table5[a].blocks[c]);
			/* Invariants of Sec. 4.1: M = U + 2S, effective blocks S + U = g
			 * whenever sharing is on, and the register budget holds. */
			CHECK_EQ(r.blocks, r.unshared + 2u * r.pairs);
			if (r.pairs) {
				CHECK_EQ(r.pairs + r.unshared, r.g);
				CHECK(10UL * r.unshared * k.threads_per_block * k.regs_per_thread +
					      (unsigned long)r.pairs * k.threads_per_block * k.regs_per_thread *
						      (10u + sm.threshold_tenths) <= 10UL * sm.regs);
			}
			CHECK_EQ(r.sharing_mode, r.blocks > r.baseline);
			if (c == 0)
				CHECK_EQ(r.blocks, r.baseline);	/* 0% sharing is the baseline */
			cells++;
		}
	CHECK_EQ(cells, 48);

	/* Sec. 3 motivation: hotspot, 9216 registers per block, 3 blocks, 5120 wasted. */
	{
		struct share_kernel k = {256, 36, 0};
		struct share_residency r;

		sm.threshold_tenths = 10;
		r = share_dispatch(&sm, &k);
		CHECK_EQ(r.g, 3);
		CHECK_EQ(32768 - r.g * 9216, 5120);
	}
	/* Sec. 4 example: 10-warp blocks of 10K registers on a 35K SM, t = 0.5:
	 * TB3 pairs with TB2, 4 blocks (S = 1, U = 2). */
	{
		struct share_sm sm35 = {35 * 1024, 4096, 16, 48 * 1024, 5};
		struct share_kernel k = {320, 32, 0};	/* 320 x 32 = 10K */
		struct share_residency r = share_dispatch(&sm35, &k);

		CHECK_EQ(r.g, 3);
		CHECK_EQ(r.pairs, 1);
		CHECK_EQ(r.unshared, 2);
		CHECK_EQ(r.blocks, 4);
		CHECK_EQ(r.unshared_regs, 16);	/* 0.5K of each warp's 1K private */
	}
	/* Shared-memory limit binds (Table 3's lavaMD kind of kernel). */
	{
		struct share_kernel k = {128, 40, 20 * 1024};
		struct share_residency r;

		sm.threshold_tenths = 1;
		r = share_dispatch(&sm, &k);
		CHECK_EQ(r.baseline, 2);
		CHECK_EQ(r.blocks, 2);
		CHECK_EQ(r.sharing_mode, 0);
	}
	/* Sec. 6 storage: 273 bits per SM for Table 1 (T = 8, W = 48). */
	{
		struct gpurf_cfg cfg;
		struct gpurf_err err = {0};

		cfg_defaults(&cfg);
		cfg.scheme = SCHEME_SHARING;
		cfg.warps = 48;
		cfg.ctas = 8;
		cfg.threads = 1536;
		cfg.schedulers = 2;
		cfg.rf_bytes = 128 * 1024;
		cfg.banks = 16;
		CHECK_EQ(cfg_finish(&cfg, &err), 0);
		CHECK_EQ(cfg.sharing.d.paper_bits, 273);
		CHECK_EQ(cfg.sharing.d.lock_bits, 6);	/* 6'h3F is FREE: 48 < 63 */
		CHECK_EQ(cfg.sharing.d.nlocks, 24);
		/* The spec's other points: T=16/W=64 -> 401, T=32/W=64 -> 513. */
		cfg.warps = 64;
		cfg.ctas = 16;
		cfg.threads = 2048;
		CHECK_EQ(cfg_finish(&cfg, &err), 0);
		CHECK_EQ(cfg.sharing.d.paper_bits, 401);
		cfg.ctas = 32;
		CHECK_EQ(cfg_finish(&cfg, &err), 0);
		CHECK_EQ(cfg.sharing.d.paper_bits, 513);
	}
	return CHECK_DONE();
}
