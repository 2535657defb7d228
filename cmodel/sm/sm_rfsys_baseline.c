/* sm_rfsys_baseline.c: `scheme = baseline` behind the SM's register-file
 * subsystem interface (sm_rfsys.h): a thin adapter onto baseline_top
 * (cmodel/baseline_top.c: the banked file behind the warp / register
 * address mapping), which the SM-driven co-simulation compares with its RTL.
 *
 * The kernel's footprint is the top's one held input: a hardware warp whose
 * kernel needs R registers per thread occupies ceil(R / regs_per_warp)
 * consecutive warp slots.  Events change nothing: every resident warp keeps
 * all its registers in the file. */
#include <stdlib.h>

#include "baseline_top.h"
#include "baseline_top_desc.h"
#include "sm_core.h"
#include "sm_rfsys.h"
#include "sm_rfsys_top.h"

struct rfs_base {
	const struct gpurf_cfg *cfg;
	struct sm_top top;
};

static void base_free(void *m)
{
	struct rfs_base *b = m;

	if (!b)
		return;
	sm_top_close(&b->top);
	free(b);
}

static void *base_create(const struct gpurf_cfg *cfg, const struct sm_rf_kernel *k, struct gpurf_err *err)
{
	struct rfs_base *b = calloc(1, sizeof *b);
	unsigned rpw = cfg->d.regs_per_warp;

	if (!b) {
		gpurf_fail(err, GPURF_ERR_IO, "out of memory creating the register file");
		return NULL;
	}
	b->cfg = cfg;
	if (sm_top_open(&b->top, &baseline_top_ops, cfg, cfg, desc_baseline_top, err)) {
		free(b);
		return NULL;
	}
	sm_top_hold(&b->top, BT_KERN_SLOTS_I, 0, k->regs ? (k->regs + rpw - 1) / rpw : 1);
	/* the file's read pipeline drains in read_latency idle edges (base_skip) */
	b->top.quiet_edges = cfg->read_latency;
	return b;
}

static void base_outputs(void *m, struct sm_rf_out *out)
{
	struct rfs_base *b = m;

	sm_top_outputs(&b->top, out);
	out->launch_slots = ~0u;
	out->busy = 0;
}

static void base_step(void *m, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct rfs_base *b = m;

	sm_top_begin(&b->top, in);
	sm_top_eval(&b->top, g, st);
	sm_top_edge(&b->top);
}

/* The file sees the skipped cycles as idle ones: its read pipeline drains
 * in read_latency of them, after which an idle cycle changes nothing. */
static void base_skip(void *m, uint64_t n, struct sm_stats *st)
{
	struct rfs_base *b = m;

	(void)st;
	sm_top_idle(&b->top, n < b->cfg->read_latency ? n : b->cfg->read_latency);
}

static unsigned base_resident(void *m, unsigned core_limit)
{
	(void)m;
	return core_limit;
}

static const char *const base_counters[] = {NULL};

const struct sm_rfsys_ops sm_rfsys_baseline = {
	"baseline", 0, base_create, base_free, base_outputs, base_step, base_skip, base_resident,
	base_counters, NULL, NULL,
};
