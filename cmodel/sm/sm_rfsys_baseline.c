/* sm_rfsys_baseline.c: `scheme = baseline` behind the SM's register-file
 * subsystem interface (sm_rfsys.h): the monolithic banked register file
 * (cmodel/rf_banked.c, through its typed interface).
 *
 * Register addressing: a hardware warp whose kernel needs R registers per
 * thread occupies ceil(R / regs_per_warp) consecutive warp slots; its
 * register r is slot w * slots + r / regs_per_warp, index r mod
 * regs_per_warp.  Events change nothing: every resident warp keeps all its
 * registers in the file. */
#include <stdlib.h>

#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "sm_core.h"
#include "sm_rfsys.h"

struct rfs_base {
	const struct gpurf_cfg *cfg;
	void *rf;
	unsigned spw;			/* warp slots per hardware warp */
	unsigned rpw_shift;		/* log2(regs_per_warp) when a power of two, else 0 */
};

/* Warp slot and index of hardware warp w's register r (no division in the
 * common power-of-two case). */
static void base_addr(const struct rfs_base *b, unsigned w, unsigned r, unsigned *slot, unsigned *idx)
{
	unsigned rpw = b->cfg->d.regs_per_warp;

	if (b->rpw_shift) {
		*slot = w * b->spw + (r >> b->rpw_shift);
		*idx = r & (rpw - 1);
		return;
	}
	*slot = w * b->spw + r / rpw;
	*idx = r % rpw;
}

static void *base_create(const struct gpurf_cfg *cfg, const struct sm_rf_kernel *k, struct gpurf_err *err)
{
	struct rfs_base *b = calloc(1, sizeof *b);
	unsigned rpw = cfg->d.regs_per_warp;

	if (!b || !(b->rf = rf_banked_create(cfg))) {
		free(b);
		gpurf_fail(err, GPURF_ERR_IO, "out of memory creating the register file");
		return NULL;
	}
	b->cfg = cfg;
	b->spw = k->regs ? (k->regs + rpw - 1) / rpw : 1;
	b->rpw_shift = rpw > 1 && !(rpw & (rpw - 1)) ? (unsigned)__builtin_ctz(rpw) : 0;
	return b;
}

static void base_free(void *m)
{
	struct rfs_base *b = m;

	if (!b)
		return;
	rf_banked_free(b->rf);
	free(b);
}

static void base_outputs(void *m, struct sm_rf_out *out)
{
	struct rfs_base *b = m;
	struct rfb_out o;

	rf_banked_outputs(b->rf, &o);
	sm_rfsys_pass_reads(&o, out);
	out->launch_slots = ~0u;
	out->busy = 0;
}

static void base_step(void *m, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct rfs_base *b = m;
	const struct gpurf_cfg *cfg = b->cfg;
	struct rfb_req rq;
	struct rfb_grants rg;

	rq.rd_req = in->rd_req;
	rq.wr_req = in->wr_req;
	for (uint64_t v = in->rd_req; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		base_addr(b, in->rd_warp[c], in->rd_reg[c], &rq.rd_warp[c], &rq.rd_reg[c]);
	}
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		base_addr(b, in->wr_warp[p], in->wr_reg[p], &rq.wr_warp[p], &rq.wr_reg[p]);
		rq.wr_mask[p] = in->wr_mask[p];
		rq.wr_data[p] = in->wr_data[p];
	}
	rf_banked_step(b->rf, &rq, &rg);
	sm_rfsys_count_banks(cfg, &rq, &rg, st);
	g->rd_gnt = rg.rd_gnt;
	g->wr_gnt = rg.wr_gnt;
	g->nctl = 0;
}

/* The file sees the skipped cycles as idle ones (its read pipeline drains);
 * a co-simulation clocks the RTL through them (tb/cosim_sm.cpp). */
static void base_skip(void *m, uint64_t n, struct sm_stats *st)
{
	struct rfs_base *b = m;

	(void)st;
	rf_banked_idle(b->rf, n);
}

static unsigned base_resident(void *m, unsigned core_limit)
{
	(void)m;
	return core_limit;
}

static const char *const base_counters[] = {NULL};

const struct sm_rfsys_ops sm_rfsys_baseline = {
	"baseline", 0, base_create, base_free, base_outputs, base_step, base_skip, base_resident,
	base_counters,
};
