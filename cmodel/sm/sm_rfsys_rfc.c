/* sm_rfsys_rfc.c: `scheme = rfc` behind the SM's register-file subsystem
 * interface (sm_rfsys.h): a thin adapter around rfc_top (cmodel/rfc_top.c),
 * Gebhart et al.'s register file cache, two-level scheduler and main
 * register file with the glue that joins them.  The adapter only decodes:
 *   - each collector's read gets its static instruction's fields (which
 *     source, the source count and registers, the compiler's last-use hint
 *     bits, compiler/rfc_hints.c) as a decode stage would hand them over;
 *   - the k-th ISSUE event of the cycle goes on issue port k (one per
 *     scheduler): warp, source and destination registers, long-latency;
 *   - the warp state (SM_RF_EV_WARP_STATE) and the write ports pass as they
 *     are;
 * then rfc_top's eval gives the grants and its tick the edge.  outputs()
 * shows what rfc_top shows from its registers.  The statistics are the
 * model's counters (rfc_top_take_counts): not ports.
 * rfc_top is created through rfc_top_ops.create with this kernel's
 * parameters (rfc_top_cfg: registers per thread, hardware warps, most
 * sources and destinations of an instruction), which is what the SM-driven
 * co-simulation wraps. */
#include <stdlib.h>
#include <string.h>

#include "rfc_top.h"
#include "rfc_top_desc.h"
#include "sm_core.h"
#include "sm_hints.h"
#include "sm_prog.h"
#include "sm_rfsys.h"

enum { MAX_SLOTS = 64, MAX_PORTS = 3 };

struct rfs_rfc {
	struct gpurf_cfg tcfg;		/* rfc_top's: the kernel's parameters */
	const struct sm_prog *prog;
	struct module_desc *desc;
	void *top;
	struct rfc_top_geom g;
	uint32_t *in, *out;
	uint32_t *rd_data;		/* [collectors][lanes]: what outputs() returned */
	uint16_t *last;			/* [pc] bit i: source i carries the last-use hint */
	uint64_t active;		/* warps in the active set now (for skip) */
};

static void rfc_free(void *m)
{
	struct rfs_rfc *b = m;

	if (!b)
		return;
	if (b->top)
		rfc_top_ops.destroy(b->top);
	free(b->desc);
	free(b->in);
	free(b->out);
	free(b->rd_data);
	free(b->last);
	free(b);
}

/* The most sources and destinations one instruction with register
 * operands has (a trace's reads carry no instruction: the ISA's bound). */
static void prog_operands(const struct sm_prog *p, unsigned *srcs, unsigned *dsts)
{
	*srcs = p ? 1u : SM_MAX_SRC;
	*dsts = p ? 1u : SM_MAX_DST;
	for (int i = 0; p && i < p->ninsns; i++) {
		const struct sm_insn *si = &p->insns[i];

		if (si->cls >= SM_CLS_BRANCH)
			continue;
		if (si->nsrc > *srcs)
			*srcs = si->nsrc;
		if (si->ndst > *dsts)
			*dsts = si->ndst;
	}
}

static void *rfc_create(const struct gpurf_cfg *cfg, const struct sm_rf_kernel *k, struct gpurf_err *err)
{
	struct rfs_rfc *b = calloc(1, sizeof *b);
	unsigned regs = k->regs ? k->regs : 1, srcs, dsts;

	if (!b)
		goto oom;
	if (cfg->read_latency != 1 || cfg->warps > 64 || cfg->rfc.active_warps > MAX_SLOTS ||
	    cfg->rfc.src_ports > MAX_PORTS) {
		free(b);
		gpurf_fail(err, GPURF_ERR_INPUT,
			   "%s: [sm] scheme = rfc in the SM model needs [rf] read_latency = 1 (the RFC "
			   "answers the next cycle), at most 64 warps and %u active warps",
			   cfg->path, (unsigned)MAX_SLOTS);
		return NULL;
	}
	if (cfg->d.regs_per_warp & (cfg->d.regs_per_warp - 1u)) {
		free(b);
		gpurf_fail(err, GPURF_ERR_INPUT,
			   "%s: [sm] scheme = rfc in the SM model needs a power-of-two number of registers per "
			   "warp slot in the main register file ([rf] regs_per_warp or size_bytes / warps); it is %u",
			   cfg->path, cfg->d.regs_per_warp);
		return NULL;
	}
	b->prog = k->prog;
	prog_operands(k->prog, &srcs, &dsts);
	b->tcfg = rfc_top_cfg(cfg, regs, k->hw_warps, srcs, dsts);
	rfc_top_geom(&b->tcfg, &b->g);
	if (!(b->desc = calloc(1, sizeof *b->desc)))
		goto oom;
	desc_rfc_top(&b->tcfg, b->desc);
	b->in = calloc(b->desc->in_words + 1u, sizeof *b->in);
	b->out = calloc(b->desc->out_words + 1u, sizeof *b->out);
	b->rd_data = calloc((size_t)b->g.C * b->g.lanes, sizeof *b->rd_data);
	if (!b->in || !b->out || !b->rd_data || (b->prog && !(b->last = sm_hints_rfc_last_use(b->prog))) ||
	    !(b->top = rfc_top_ops.create(&b->tcfg, b->desc)))
		goto oom;
	rfc_top_ops.reset(b->top);
	return b;
oom:
	rfc_free(b);
	gpurf_fail(err, GPURF_ERR_IO, "out of memory creating the register file cache");
	return NULL;
}

static void put(struct rfs_rfc *b, enum rfc_top_port p, unsigned e, uint64_t v)
{
	bus_set(b->in, &b->desc->ports[p], e, v);
}

static uint64_t got(const struct rfs_rfc *b, enum rfc_top_port p, unsigned e)
{
	return bus_get(b->out, &b->desc->ports[p], e);
}

static void rfc_outputs(void *m, struct sm_rf_out *out)
{
	struct rfs_rfc *b = m;

	memset(b->in, 0, b->desc->in_words * sizeof *b->in);
	rfc_top_ops.eval(b->top, b->in, b->out);
	out->rd_valid = 0;
	for (unsigned c = 0; c < b->g.C; c++)
		if (got(b, RCT_RD_VALID_O, c)) {
			uint32_t *d = b->rd_data + (size_t)c * b->g.lanes;

			bus_get_words(b->out, &b->desc->ports[RCT_RD_DATA_O], c, d);
			out->rd_valid |= UINT64_C(1) << c;
			out->rd_data[c] = d;
		}
	out->warp_issuable = 0;
	for (unsigned w = 0; w < b->g.W; w++)
		out->warp_issuable |= got(b, RCT_ISSUABLE_O, w) << w;
	out->launch_slots = ~0u;
	out->busy = (int)got(b, RCT_BUSY_O, 0);
	out->warp_gate = 1;
}

/* Collector c's read and its instruction's decoded fields. */
static void put_read(struct rfs_rfc *b, const struct sm_rf_in *in, unsigned c)
{
	const struct rfc_top_geom *g = &b->g;
	unsigned i = in->rd_src[c];
	int pc = in->rd_pc[c];

	put(b, RCT_RD_REQ_I, c, 1);
	put(b, RCT_RD_WARP_I, c, in->rd_warp[c]);
	put(b, RCT_RD_REG_I, c, in->rd_reg[c]);
	put(b, RCT_RD_SRC_I, c, i);
	if (b->prog && pc >= 0) {
		const struct sm_insn *si = &b->prog->insns[pc];

		put(b, RCT_RD_NSRC_I, c, si->nsrc);
		for (unsigned j = 0; j < si->nsrc && j < g->S; j++)
			put(b, RCT_RD_SRCS_I, c * g->S + j, si->src[j]);
		put(b, RCT_RD_LAST_I, c, b->last[pc] & ((1u << g->S) - 1u));
	} else {	/* a trace: this source alone, no hint */
		put(b, RCT_RD_NSRC_I, c, i + 1u);
		put(b, RCT_RD_SRCS_I, c * g->S + i, in->rd_reg[c]);
	}
}

/* The k-th ISSUE event on issue port k. */
static void put_issues(struct rfs_rfc *b, const struct sm_rf_in *in)
{
	const struct rfc_top_geom *g = &b->g;
	unsigned k = 0;

	for (unsigned e = 0; e < in->nev && k < g->NI; e++) {
		const struct sm_rf_ev *ev = &in->ev[e];
		const struct sm_insn *si = ev->insn;

		if (ev->kind != SM_RF_EV_ISSUE || ev->warp >= 64)
			continue;
		put(b, RCT_ISS_I, k, 1);
		put(b, RCT_ISS_WARP_I, k, ev->warp);
		if (si && si->cls < SM_CLS_BRANCH) {	/* else no operand reads, no register results */
			put(b, RCT_ISS_NSRC_I, k, si->nsrc);
			for (unsigned j = 0; j < si->nsrc && j < g->S; j++)
				put(b, RCT_ISS_SRCS_I, k * g->S + j, si->src[j]);
			put(b, RCT_ISS_NDST_I, k, si->ndst);
			for (unsigned j = 0; j < si->ndst && j < g->DS; j++)
				put(b, RCT_ISS_DSTS_I, k * g->DS + j, si->dst[j]);
			put(b, RCT_ISS_LL_I, k, si->longlat != 0);
		}
		k++;
	}
}

static void rfc_step(void *m, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct rfs_rfc *b = m;
	const struct rfc_top_geom *tg = &b->g;
	uint64_t before = st->rfs[RCT_C_ACTIVE_CYCLES];

	memset(b->in, 0, b->desc->in_words * sizeof *b->in);
	for (uint64_t v = in->rd_req; v; v &= v - 1)
		put_read(b, in, (unsigned)__builtin_ctzll(v));
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		put(b, RCT_WR_REQ_I, p, 1);
		put(b, RCT_WR_WARP_I, p, in->wr_warp[p]);
		put(b, RCT_WR_REG_I, p, in->wr_reg[p]);
		put(b, RCT_WR_MASK_I, p, in->wr_mask[p]);
		put(b, RCT_WR_LIVE_I, p, in->wr_live[p]);
		bus_set_words(b->in, &b->desc->ports[RCT_WR_DATA_I], p, in->wr_data[p]);
	}
	put_issues(b, in);
	for (unsigned w = 0; w < tg->W && w < tg->kw; w++) {
		put(b, RCT_WARP_VALID_I, w, in->warp_valid >> w & 1u);
		put(b, RCT_WARP_BAR_I, w, in->warp_bar >> w & 1u);
		put(b, RCT_WARP_LLWAIT_I, w, in->warp_llwait >> w & 1u);
	}
	rfc_top_ops.eval(b->top, b->in, b->out);
	g->nctl = 0;
	g->rd_gnt = g->wr_gnt = 0;
	for (unsigned c = 0; c < tg->C; c++)
		g->rd_gnt |= got(b, RCT_RD_GNT_O, c) << c;
	for (unsigned p = 0; p < tg->WP; p++)
		g->wr_gnt |= got(b, RCT_WR_GNT_O, p) << p;
	rfc_top_ops.tick(b->top, b->in);
	rfc_top_take_counts(b->top, st->rfs, st->rf_reads, st->rf_writes, st->rf_conflict_cycles);
	b->active = st->rfs[RCT_C_ACTIVE_CYCLES] - before;
}

static void rfc_skip(void *m, uint64_t n, struct sm_stats *st)
{
	struct rfs_rfc *b = m;

	st->rfs[RCT_C_ACTIVE_CYCLES] += n * b->active;
}

static unsigned rfc_resident(void *m, unsigned core_limit)
{
	(void)m;
	return core_limit;
}

const struct sm_rfsys_ops sm_rfsys_rfc = {
	"rfc",
	1u << SM_RF_EV_ISSUE | 1u << SM_RF_EV_WARP_STATE,
	rfc_create, rfc_free, rfc_outputs, rfc_step, rfc_skip, rfc_resident, rfc_top_counter_names, NULL, NULL,
};
