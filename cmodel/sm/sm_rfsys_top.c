/* sm_rfsys_top.c: the SM's cycle on a subsystem top's bus (sm_rfsys_top.h). */
#include "sm_rfsys_top.h"

#include <stdlib.h>
#include <string.h>

#include "rf_banked.h"
#include "sm_core.h"
#include "sm_top_rf.h"

int sm_top_open(struct sm_top *t, const struct unit_ops *ops, const struct gpurf_cfg *cfg,
		const struct gpurf_cfg *fcfg, void (*desc_fn)(const struct gpurf_cfg *, struct module_desc *),
		struct gpurf_err *err)
{
	memset(t, 0, sizeof *t);
	t->fcfg = fcfg;
	t->ops = ops;
	desc_fn(cfg, &t->desc);
	t->base = calloc(t->desc.in_words + 1u, sizeof *t->base);
	t->in = calloc(t->desc.in_words + 1u, sizeof *t->in);
	t->out = calloc(t->desc.out_words + 1u, sizeof *t->out);
	t->rd_data = calloc((size_t)fcfg->collectors * fcfg->lanes, sizeof *t->rd_data);
	if (!t->base || !t->in || !t->out || !t->rd_data || !(t->m = ops->create(cfg, &t->desc))) {
		sm_top_close(t);
		gpurf_fail(err, GPURF_ERR_IO, "out of memory creating %s", t->desc.base);
		return -1;
	}
	ops->reset(t->m);
	return 0;
}

void sm_top_close(struct sm_top *t)
{
	if (t->m)
		t->ops->destroy(t->m);
	free(t->base);
	free(t->in);
	free(t->out);
	free(t->rd_data);
	memset(t, 0, sizeof *t);
}

void sm_top_hold_only(struct sm_top *t)
{
	memcpy(t->in, t->base, t->desc.in_words * sizeof *t->in);
}

static int in_is_held(const struct sm_top *t)
{
	return memcmp(t->in, t->base, t->desc.in_words * sizeof *t->in) == 0;
}

/* The top is quiet: its state is what further edges on the held inputs
 * leave it, and its outputs are idle (sm_top.quiet_edges). */
static int quiet(const struct sm_top *t)
{
	return t->quiet_edges && t->quiet_run >= t->quiet_edges;
}

void sm_top_settle(struct sm_top *t)
{
	if (t->have_out)
		return;
	sm_top_hold_only(t);
	t->ops->eval(t->m, t->in, t->out);
	t->have_out = 1;
	t->out_is_held = 1;
}

void sm_top_outputs(struct sm_top *t, struct sm_rf_out *out)
{
	const struct port_desc *valid = sm_top_port(t, SMT_RD_VALID_O), *data = sm_top_port(t, SMT_RD_DATA_O);
	unsigned lanes = t->fcfg->lanes;

	out->rd_valid = 0;
	if (quiet(t))
		return;
	sm_top_settle(t);
	for (unsigned c = 0; c < valid->count; c++) {
		if (!bus_get_inline(t->out, valid, c))
			continue;
		out->rd_valid |= UINT64_C(1) << c;
		bus_get_words(t->out, data, c, &t->rd_data[(size_t)c * lanes]);
		out->rd_data[c] = &t->rd_data[(size_t)c * lanes];
	}
}

/* A register as the top sees it. */
static unsigned top_reg(const struct sm_top *t, unsigned r)
{
	return t->renumber ? t->renumber[r % 256u] : r;
}

void sm_top_begin(struct sm_top *t, const struct sm_rf_in *in)
{
	sm_top_hold_only(t);
	for (uint64_t v = in->rd_req; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		sm_top_set(t, SMT_RD_REQ_I, c, 1);
		sm_top_set(t, SMT_RD_WARP_I, c, in->rd_warp[c]);
		sm_top_set(t, SMT_RD_REG_I, c, top_reg(t, in->rd_reg[c]));
	}
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		sm_top_set(t, SMT_WR_REQ_I, p, 1);
		sm_top_set(t, SMT_WR_WARP_I, p, in->wr_warp[p]);
		sm_top_set(t, SMT_WR_REG_I, p, top_reg(t, in->wr_reg[p]));
		sm_top_set(t, SMT_WR_MASK_I, p, in->wr_mask[p]);
		bus_set_words(t->in, sm_top_port(t, SMT_WR_DATA_I), p, in->wr_data[p]);
	}
}

static uint64_t get_vec(const struct sm_top *t, unsigned p)
{
	return bus_get_mask(t->out, sm_top_port(t, p));
}

void sm_top_eval(struct sm_top *t, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct rfb_req rq;
	struct rfb_grants rg;

	g->rd_gnt = g->wr_gnt = 0;
	g->nctl = 0;
	if (quiet(t) && in_is_held(t))
		return;	/* no request, nothing in flight: no grant, no statistic */
	/* A cycle without requests has the inputs sm_top_settle evaluated: its
	 * outputs stand (a top's eval is a function of its state and inputs). */
	if (!t->out_is_held || !in_is_held(t)) {
		t->ops->eval(t->m, t->in, t->out);
		t->out_is_held = 0;
	}
	rg.rd_gnt = get_vec(t, SMT_RD_GNT_O);
	rg.wr_gnt = get_vec(t, SMT_WR_GNT_O);
	rg.conflict = get_vec(t, SMT_BANK_CONFLICT_O);
	for (uint64_t v = rg.rd_gnt; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);

		rq.rd_warp[c] = (unsigned)sm_top_get(t, SMT_MON_RD_WARP_O, c);
		rq.rd_reg[c] = (unsigned)sm_top_get(t, SMT_MON_RD_REG_O, c);
	}
	for (uint64_t v = rg.wr_gnt; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		rq.wr_warp[p] = (unsigned)sm_top_get(t, SMT_MON_WR_WARP_O, p);
		rq.wr_reg[p] = (unsigned)sm_top_get(t, SMT_MON_WR_REG_O, p);
	}
	sm_rfsys_count_banks(t->fcfg, &rq, &rg, st);
	g->rd_gnt = rg.rd_gnt;
	g->wr_gnt = rg.wr_gnt;
	g->nctl = 0;
}

void sm_top_edge(struct sm_top *t)
{
	int held = in_is_held(t);

	if (held && quiet(t))
		return;
	t->quiet_run = held ? t->quiet_run + 1 : 0;
	t->ops->tick(t->m, t->in);
	t->have_out = 0;
	t->out_is_held = 0;
}

void sm_top_idle(struct sm_top *t, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++) {
		sm_top_hold_only(t);
		sm_top_edge(t);
	}
}
