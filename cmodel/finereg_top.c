/* finereg_top.c: cycle model of finereg_top (common/finereg_top_desc.h has
 * the boundary): the ACRF (rf_banked), PCRF, RMU and CTA status monitor
 * composed through cmodel/compose_units.h along finereg_top_wiring, plus
 * the top's glue, mirrored flop for flop by gen/emit_finereg_top.c:
 *   - ACRF addressing: register r of warp k of a CTA in ACRF slot s is warp
 *     slot s * CTA_SLOT_WARPS + k * SLOTS_PER_WARP + r / REGS_PER_SLOT,
 *     register r % REGS_PER_SLOT (finereg_top_acrf_addr);
 *   - write routing: a write to a CTA in the ACRF (pol_active_i) takes its
 *     own ACRF write port; any other goes into the deferred-write buffer,
 *     taken while the buffer has room (ports in ascending order), refused
 *     (no wr_gnt_o: the core retries) when full;
 *   - ACRF port sharing: the RMU's read takes the highest collector the
 *     core does not use, its write the highest write port the core does not
 *     use, the draining CTA's oldest deferred write the highest port left;
 *   - the RMU's read return: a READ_LATENCY-stage pipe of (valid, port);
 *     at its end the port's data goes to the RMU and its rd_valid_o is
 *     masked from the core;
 *   - the deferred-write buffer: DW_ENTRIES entries in age order
 *     (collapsing: this cycle's writes append behind the held ones, one
 *     entry leaves from anywhere); the draining CTA's oldest entry, held or
 *     arriving this cycle, is offered to the ACRF.
 * eval runs the submodels in the order of the RTL's combinational paths
 * (PCRF, RMU and ACRF read outputs come from flops; the ACRF's grants from
 * this cycle's requests); tick re-runs it, clocks every submodel, then the
 * glue's flops. */
#include "finereg_top.h"

#include <stdlib.h>
#include <string.h>

#include "compose_units.h"
#include "cta_monitor.h"
#include "cta_monitor_desc.h"
#include "finereg_top_desc.h"
#include "pcrf.h"
#include "pcrf_desc.h"
#include "rf_banked_desc.h"
#include "rmu.h"
#include "rmu_desc.h"

enum { NSUB = 4, MAXW = 16, MAXL = 32 };

struct ft_dw {				/* a deferred write */
	unsigned cta, k, reg;
	uint64_t mask;
	uint32_t data[MAXL];
};

struct ft_cycle {
	int rmu_rd_port, rmu_wr_port, dw_port, rmu_rd_gnt, rmu_wr_gnt;
	unsigned ncomb;			/* held entries + this cycle's accepted writes */
	int pop;			/* comb entry written to the ACRF, -1 none */
	uint64_t core_wr, pushed;
};

struct ft_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	struct compose_units cu;
	unsigned C, W, N, L, lanes;
	/* glue state */
	uint8_t *pipe_v;		/* [L] the RMU's ACRF reads in flight */
	uint8_t *pipe_port;		/* [L] */
	struct ft_dw *q;		/* [N] deferred writes, oldest first */
	unsigned qn;
	/* one evaluation */
	struct ft_dw *comb;		/* [N + W] */
	struct ft_cycle cy;
	uint32_t *scratch;		/* tick's throw-away outputs */
};

static const struct port_desc *tport(const struct ft_model *m, unsigned p)
{
	return &m->desc->ports[p];
}

static uint64_t tin(const struct ft_model *m, const uint32_t *in, unsigned p, unsigned e)
{
	return bus_get(in, tport(m, p), e);
}

static void ft_destroy(void *vm)
{
	struct ft_model *m = vm;

	if (!m)
		return;
	cu_free(&m->cu);
	free(m->pipe_v);
	free(m->pipe_port);
	free(m->q);
	free(m->comb);
	free(m->scratch);
	free(m);
}

static void *ft_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct ft_model *m = calloc(1, sizeof *m);
	struct module_desc sub[NSUB];
	const struct gpurf_cfg *cfgs[NSUB] = {cfg, cfg, cfg, cfg};
	const struct unit_ops *ops[NSUB] = {&rf_banked_ops, &pcrf_ops, &rmu_ops, &cta_monitor_ops};

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->C = cfg->collectors;
	m->W = cfg->write_ports;
	m->N = cfg->finereg.deferred_writes;
	m->L = cfg->read_latency;
	m->lanes = cfg->lanes;
	if (m->W > MAXW || m->lanes > MAXL || m->L < 1) {
		free(m);
		return NULL;
	}
	finereg_top_subdescs(cfg, sub);
	if (cu_create(&m->cu, desc, &finereg_top_wiring, NSUB, sub, cfgs, ops)) {
		ft_destroy(m);
		return NULL;
	}
	m->pipe_v = calloc(m->L, 1);
	m->pipe_port = calloc(m->L, 1);
	m->q = calloc(m->N, sizeof *m->q);
	m->comb = calloc(m->N + m->W, sizeof *m->comb);
	m->scratch = calloc(desc->out_words + 1u, sizeof *m->scratch);
	if (!m->pipe_v || !m->pipe_port || !m->q || !m->comb || !m->scratch) {
		ft_destroy(m);
		return NULL;
	}
	return m;
}

static void ft_reset(void *vm)
{
	struct ft_model *m = vm;

	cu_reset(&m->cu);
	memset(m->pipe_v, 0, m->L);
	memset(m->pipe_port, 0, m->L);
	m->qn = 0;
}

/* Highest element below n of a request vector that is clear, -1 none. */
static int highest_free(uint64_t used, unsigned n)
{
	for (int i = (int)n - 1; i >= 0; i--)
		if (!(used >> i & 1u))
			return i;
	return -1;
}

static void acrf_addr(const struct ft_model *m, const uint32_t *in, unsigned cta, unsigned k, unsigned reg,
		      unsigned *w, unsigned *r)
{
	finereg_top_acrf_addr(m->cfg, (unsigned)tin(m, in, FT_POL_SLOT_I, cta), k, reg, w, r);
}

/* The core's reads and writes: ACRF ports or the deferred-write buffer. */
static void comb_core(struct ft_model *m, const uint32_t *in)
{
	struct compose_units *c = &m->cu;
	struct ft_cycle *cy = &m->cy;
	unsigned w, r;

	for (unsigned p = 0; p < m->C; p++) {
		if (!tin(m, in, FT_RD_REQ_I, p))
			continue;
		acrf_addr(m, in, (unsigned)tin(m, in, FT_RD_CTA_I, p), (unsigned)tin(m, in, FT_RD_WARP_I, p),
			  (unsigned)tin(m, in, FT_RD_REG_I, p), &w, &r);
		cu_set(c, FT_U_ACRF, RFB_RD_REQ_I, p, 1);
		cu_set(c, FT_U_ACRF, RFB_RD_WARP_I, p, w);
		cu_set(c, FT_U_ACRF, RFB_RD_REG_I, p, r);
	}
	for (unsigned i = 0; i < m->qn; i++)
		m->comb[i] = m->q[i];
	cy->ncomb = m->qn;
	for (unsigned p = 0; p < m->W; p++) {
		unsigned cta = (unsigned)tin(m, in, FT_WR_CTA_I, p), k = (unsigned)tin(m, in, FT_WR_WARP_I, p);
		unsigned reg = (unsigned)tin(m, in, FT_WR_REG_I, p);
		uint64_t mask = tin(m, in, FT_WR_MASK_I, p);

		if (!tin(m, in, FT_WR_REQ_I, p))
			continue;
		if (tin(m, in, FT_POL_ACTIVE_I, cta)) {
			uint32_t data[MAXL];

			cy->core_wr |= UINT64_C(1) << p;
			acrf_addr(m, in, cta, k, reg, &w, &r);
			cu_set(c, FT_U_ACRF, RFB_WR_REQ_I, p, 1);
			cu_set(c, FT_U_ACRF, RFB_WR_WARP_I, p, w);
			cu_set(c, FT_U_ACRF, RFB_WR_REG_I, p, r);
			cu_set(c, FT_U_ACRF, RFB_WR_MASK_I, p, mask);
			bus_get_words(in, tport(m, FT_WR_DATA_I), p, data);
			bus_set_words(c->in[FT_U_ACRF], cu_port(c, FT_U_ACRF, RFB_WR_DATA_I), p, data);
		} else if (cy->ncomb < m->N) {
			struct ft_dw *d = &m->comb[cy->ncomb++];

			cy->pushed |= UINT64_C(1) << p;
			d->cta = cta;
			d->k = k;
			d->reg = reg;
			d->mask = mask;
			bus_get_words(in, tport(m, FT_WR_DATA_I), p, d->data);
		}
	}
}

/* The RMU's ACRF requests and the draining CTA's oldest deferred write on
 * the ports the core leaves free. */
static void comb_share(struct ft_model *m, const uint32_t *in)
{
	struct compose_units *c = &m->cu;
	struct ft_cycle *cy = &m->cy;
	uint64_t core_rd = 0;
	unsigned drain = (unsigned)tin(m, in, FT_POL_DRAIN_CTA_I, 0);

	for (unsigned p = 0; p < m->C; p++)
		core_rd |= tin(m, in, FT_RD_REQ_I, p) << p;
	if (cu_get(c, FT_U_RMU, RMU_ACRF_RD_REQ_O, 0) && (cy->rmu_rd_port = highest_free(core_rd, m->C)) >= 0) {
		cu_set(c, FT_U_ACRF, RFB_RD_REQ_I, (unsigned)cy->rmu_rd_port, 1);
		cu_set(c, FT_U_ACRF, RFB_RD_WARP_I, (unsigned)cy->rmu_rd_port, cu_get(c, FT_U_RMU, RMU_ACRF_RD_WARP_O, 0));
		cu_set(c, FT_U_ACRF, RFB_RD_REG_I, (unsigned)cy->rmu_rd_port, cu_get(c, FT_U_RMU, RMU_ACRF_RD_REG_O, 0));
	}
	if (cu_get(c, FT_U_RMU, RMU_ACRF_WR_REQ_O, 0) &&
	    (cy->rmu_wr_port = highest_free(cy->core_wr, m->W)) >= 0) {
		unsigned p = (unsigned)cy->rmu_wr_port;
		uint32_t data[MAXL];

		cu_set(c, FT_U_ACRF, RFB_WR_REQ_I, p, 1);
		cu_set(c, FT_U_ACRF, RFB_WR_WARP_I, p, cu_get(c, FT_U_RMU, RMU_ACRF_WR_WARP_O, 0));
		cu_set(c, FT_U_ACRF, RFB_WR_REG_I, p, cu_get(c, FT_U_RMU, RMU_ACRF_WR_REG_O, 0));
		cu_set(c, FT_U_ACRF, RFB_WR_MASK_I, p, m->lanes == 64 ? ~UINT64_C(0) : (UINT64_C(1) << m->lanes) - 1);
		bus_get_words(c->out[FT_U_RMU], cu_port(c, FT_U_RMU, RMU_ACRF_WR_DATA_O), 0, data);
		bus_set_words(c->in[FT_U_ACRF], cu_port(c, FT_U_ACRF, RFB_WR_DATA_I), p, data);
	}
	if (!tin(m, in, FT_POL_DRAIN_VALID_I, 0))
		return;
	for (unsigned i = 0; i < cy->ncomb; i++) {
		uint64_t used = cy->core_wr | (cy->rmu_wr_port >= 0 ? UINT64_C(1) << cy->rmu_wr_port : 0);
		const struct ft_dw *d = &m->comb[i];
		unsigned w, r;

		if (d->cta != drain)
			continue;
		cy->pop = i;
		if ((cy->dw_port = highest_free(used, m->W)) < 0)
			return;
		acrf_addr(m, in, d->cta, d->k, d->reg, &w, &r);
		cu_set(c, FT_U_ACRF, RFB_WR_REQ_I, (unsigned)cy->dw_port, 1);
		cu_set(c, FT_U_ACRF, RFB_WR_WARP_I, (unsigned)cy->dw_port, w);
		cu_set(c, FT_U_ACRF, RFB_WR_REG_I, (unsigned)cy->dw_port, r);
		cu_set(c, FT_U_ACRF, RFB_WR_MASK_I, (unsigned)cy->dw_port, d->mask);
		bus_set_words(c->in[FT_U_ACRF], cu_port(c, FT_U_ACRF, RFB_WR_DATA_I), (unsigned)cy->dw_port, d->data);
		return;
	}
}

static void comb(struct ft_model *m, const uint32_t *in, uint32_t *out)
{
	struct compose_units *c = &m->cu;
	struct ft_cycle *cy = &m->cy;
	unsigned L = m->L, tail_v = m->pipe_v[L - 1], tail_port = m->pipe_port[L - 1], left = 0;
	unsigned drain = (unsigned)tin(m, in, FT_POL_DRAIN_CTA_I, 0);
	int drain_v = (int)tin(m, in, FT_POL_DRAIN_VALID_I, 0);

	memset(cy, 0, sizeof *cy);
	cy->rmu_rd_port = cy->rmu_wr_port = cy->dw_port = cy->pop = -1;
	cu_clear_inputs(c);
	/* state-only outputs first: PCRF read pipe, ACRF read data */
	cu_eval(c, FT_U_PCRF);
	cu_eval(c, FT_U_ACRF);
	cu_wire(c, FT_U_RMU, in, NULL);
	if (tail_v) {
		uint32_t data[MAXL];

		cu_set(c, FT_U_RMU, RMU_ACRF_RD_VALID_I, 0, 1);
		bus_get_words(c->out[FT_U_ACRF], cu_port(c, FT_U_ACRF, RFB_RD_DATA_O), tail_port, data);
		bus_set_words(c->in[FT_U_RMU], cu_port(c, FT_U_RMU, RMU_ACRF_RD_DATA_I), 0, data);
	}
	cu_eval(c, FT_U_RMU);
	comb_core(m, in);
	comb_share(m, in);
	cu_eval(c, FT_U_ACRF);
	if (cy->rmu_rd_port >= 0 && cu_get(c, FT_U_ACRF, RFB_RD_GNT_O, (unsigned)cy->rmu_rd_port)) {
		cy->rmu_rd_gnt = 1;
		cu_set(c, FT_U_RMU, RMU_ACRF_RD_GNT_I, 0, 1);
	}
	if (cy->rmu_wr_port >= 0 && cu_get(c, FT_U_ACRF, RFB_WR_GNT_O, (unsigned)cy->rmu_wr_port)) {
		cy->rmu_wr_gnt = 1;
		cu_set(c, FT_U_RMU, RMU_ACRF_WR_GNT_I, 0, 1);
	}
	if (cy->dw_port < 0 || !cu_get(c, FT_U_ACRF, RFB_WR_GNT_O, (unsigned)cy->dw_port))
		cy->pop = -1;
	cu_eval(c, FT_U_RMU);
	cu_wire(c, FT_U_PCRF, in, NULL);
	cu_set(c, FT_U_PCRF, PCRF_WR_END_I, 0, 1);
	cu_set(c, FT_U_PCRF, PCRF_RD_FREE_I, 0, 1);
	cu_eval(c, FT_U_PCRF);
	cu_wire(c, FT_U_MON, in, NULL);
	cu_eval(c, FT_U_MON);
	/* outputs */
	memset(out, 0, m->desc->out_words * sizeof *out);
	cu_wire(c, FT_U_TOP, in, out);
	for (unsigned p = 0; p < m->C; p++) {
		uint64_t v = cu_get(c, FT_U_ACRF, RFB_RD_VALID_O, p) && !(tail_v && tail_port == p);

		bus_set(out, tport(m, FT_RD_VALID_O), p, v);
		bus_set(out, tport(m, FT_RD_GNT_O), p, tin(m, in, FT_RD_REQ_I, p) &&
			cu_get(c, FT_U_ACRF, RFB_RD_GNT_O, p));
	}
	for (unsigned p = 0; p < m->W; p++)
		bus_set(out, tport(m, FT_WR_GNT_O), p, (cy->pushed >> p & 1u) ||
			((cy->core_wr >> p & 1u) && cu_get(c, FT_U_ACRF, RFB_WR_GNT_O, p)));
	for (unsigned i = 0; i < cy->ncomb; i++)
		left += m->comb[i].cta == drain && (int)i != cy->pop;
	bus_set(out, tport(m, FT_DW_COUNT_O), 0, m->qn);
	bus_set(out, tport(m, FT_DW_DRAINED_O), 0, (uint64_t)(drain_v && !left));
	{
		uint64_t pend = 0;

		for (unsigned i = 0; i < L; i++)
			pend |= m->pipe_v[i];
		bus_set(out, tport(m, FT_RMU_RD_PEND_O), 0, pend);
	}
}

static void ft_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	comb(vm, in, out);
}

static void ft_tick(void *vm, const uint32_t *in)
{
	struct ft_model *m = vm;
	struct ft_cycle *cy = &m->cy;
	unsigned n = 0;

	comb(m, in, m->scratch);
	cu_tick(&m->cu);
	for (unsigned i = m->L - 1; i > 0; i--) {
		m->pipe_v[i] = m->pipe_v[i - 1];
		m->pipe_port[i] = m->pipe_port[i - 1];
	}
	m->pipe_v[0] = (uint8_t)cy->rmu_rd_gnt;
	m->pipe_port[0] = (uint8_t)(cy->rmu_rd_gnt ? cy->rmu_rd_port : 0);
	for (unsigned i = 0; i < cy->ncomb; i++)
		if ((int)i != cy->pop)
			m->q[n++] = m->comb[i];
	m->qn = n;
}

void finereg_top_acrf_cycle(void *vm, struct rfb_req *rq, struct rfb_grants *g, int *rmu_wr_gnt)
{
	struct ft_model *m = vm;
	const struct compose_units *c = &m->cu;
	const uint32_t *in = c->in[FT_U_ACRF];

	memset(rq, 0, sizeof *rq);
	memset(g, 0, sizeof *g);
	for (unsigned p = 0; p < m->C; p++) {
		rq->rd_req |= bus_get(in, cu_port(c, FT_U_ACRF, RFB_RD_REQ_I), p) << p;
		rq->rd_warp[p] = (unsigned)bus_get(in, cu_port(c, FT_U_ACRF, RFB_RD_WARP_I), p);
		rq->rd_reg[p] = (unsigned)bus_get(in, cu_port(c, FT_U_ACRF, RFB_RD_REG_I), p);
		g->rd_gnt |= cu_get(c, FT_U_ACRF, RFB_RD_GNT_O, p) << p;
	}
	for (unsigned p = 0; p < m->W; p++) {
		rq->wr_req |= bus_get(in, cu_port(c, FT_U_ACRF, RFB_WR_REQ_I), p) << p;
		rq->wr_warp[p] = (unsigned)bus_get(in, cu_port(c, FT_U_ACRF, RFB_WR_WARP_I), p);
		rq->wr_reg[p] = (unsigned)bus_get(in, cu_port(c, FT_U_ACRF, RFB_WR_REG_I), p);
		g->wr_gnt |= cu_get(c, FT_U_ACRF, RFB_WR_GNT_O, p) << p;
	}
	for (unsigned b = 0; b < m->cfg->banks; b++)
		g->conflict |= cu_get(c, FT_U_ACRF, RFB_BANK_CONFLICT_O, b) << b;
	*rmu_wr_gnt = m->cy.rmu_wr_gnt;
}

const struct unit_ops finereg_top_ops = {
	"finereg_top", ft_create, ft_reset, ft_eval, ft_tick, ft_destroy,
};
