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
 *   - the switching policy (docs/finereg.md, "SM integration"): the CTA
 *     states (FREE, ACTIVE, SUSPENDING, PENDING, RESTORING, DRAIN and, with
 *     [finereg] vt, VT: parked in its ACRF slot, resumed through DRAIN), ACRF
 *     slot ownership, CTA launch into the lowest free slots, the RMU's
 *     command (restore when the status monitor resumes and a slot is free;
 *     else swap or evict the lowest stalled, not refused, active CTA), its
 *     result, the draining CTA (lowest in DRAIN) and its resume, the queue
 *     of status-monitor updates (two a cycle), launch_slots_o and busy_o.
 *     In a cycle: events, then the RMU's result or a new command, then the
 *     writes (deferred for CTAs not ACTIVE), then the drain's end.
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
#include "eval_memo.h"
#include "finereg_top_desc.h"
#include "pcrf.h"
#include "pcrf_desc.h"
#include "rf_banked_desc.h"
#include "rmu.h"
#include "rmu_desc.h"

enum { NSUB = 4, MAXW = 16, MAXL = 32, MAXC = 256, MAXS = 64, MAXQ = 256 };

struct ft_mq {				/* a status-monitor update */
	unsigned cta, ctx, reg;
};

/* The policy's flops; a cycle's evaluation works on a copy (nx). */
struct ft_pol {
	uint8_t st[MAXC], slot[MAXC], stl[MAXC], rdy[MAXC], ref[MAXC];
	uint8_t owner[MAXS];		/* ACRF slot held */
	unsigned resident;
	int cmd_busy;
	unsigned cmd_op, cmd_s, cmd_p, cmd_slot;
	int drain_v;
	unsigned drain_cta;
	struct ft_mq mq[MAXQ];		/* oldest first */
	unsigned mq_n;
	int overflow;
};

struct ft_dw {				/* a deferred write */
	unsigned cta, k, reg;
	uint64_t mask;
	uint32_t data[MAXL];
};

struct ft_cycle {
	int suspend_v, resume_v, cmd_issue;
	unsigned suspend_cta, resume_cta, resident_ev;
	int rmu_rd_port, rmu_wr_port, dw_port, rmu_rd_gnt, rmu_wr_gnt;
	int take_rd, take_wr;		/* rmu_ports = priority: the RMU takes the highest port */
	unsigned ncomb;			/* held entries + this cycle's accepted writes */
	int pop;			/* comb entry written to the ACRF, -1 none */
	uint64_t core_wr, pushed;
};

struct ft_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	struct compose_units cu;
	unsigned C, W, N, L, lanes, NC, NS, NQ, NL, NE, wpc;
	unsigned am;			/* active_max_i of this evaluation */
	/* glue state */
	struct ft_pol pol, nx;
	uint8_t *pipe_v;		/* [L] the RMU's ACRF reads in flight */
	uint8_t *pipe_port;		/* [L] */
	struct ft_dw *q;		/* [N] deferred writes, oldest first */
	unsigned qn;
	/* one evaluation */
	struct ft_dw *comb;		/* [N + W] */
	struct ft_cycle cy;
	struct eval_memo memo;		/* comb's last inputs */
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
	eval_memo_free(&m->memo);
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
	m->NC = cfg->finereg.resident_ctas;
	m->NS = cfg->finereg.d.slots;
	m->NQ = cfg->finereg.monitor_updates;
	m->NL = m->NS;
	m->NE = cfg->schedulers;
	m->wpc = cfg->finereg.warps_per_cta;
	if (m->W > MAXW || m->lanes > MAXL || m->L < 1 || m->NC > MAXC || m->NS > MAXS || m->NQ > MAXQ) {
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
	if (!m->pipe_v || !m->pipe_port || !m->q || !m->comb || eval_memo_init(&m->memo, desc->in_words, desc->out_words)) {
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
	memset(&m->pol, 0, sizeof m->pol);
	eval_memo_forget(&m->memo);
}

/* ---- the switching policy ---- */

static void mq_push(struct ft_model *m, unsigned cta, unsigned ctx, unsigned reg)
{
	struct ft_pol *x = &m->nx;

	if (x->mq_n >= m->NQ) {
		x->overflow = 1;
		return;
	}
	x->mq[x->mq_n++] = (struct ft_mq){cta, ctx, reg};
}

static int free_slot(const struct ft_model *m, const struct ft_pol *x)
{
	for (unsigned s = 0; s < m->NS; s++)
		if (!x->owner[s])
			return (int)s;
	return -1;
}

/* ACRF slots held, and those held by CTAs parked there (VT). */
static unsigned slots_used(const struct ft_model *m, const struct ft_pol *x, unsigned *nvt)
{
	unsigned used = 0;

	*nvt = 0;
	for (unsigned s = 0; s < m->NS; s++)
		used += x->owner[s];
	for (unsigned c = 0; c < m->NC; c++)
		*nvt += x->st[c] == FT_VT;
	return used;
}

/* Slots a CTA may take: free ones, as far as active_max allows (a parked
 * CTA holds a slot but not an active place). */
static unsigned free_slots(const struct ft_model *m, const struct ft_pol *x, unsigned am)
{
	unsigned nvt, used = slots_used(m, x, &nvt), run = used - nvt;

	return run >= am ? 0 : m->NS - used < am - run ? m->NS - used : am - run;
}

/* A suspended CTA (pending or parked) that could run again. */
static int ready_pending(const struct ft_model *m, const struct ft_pol *x)
{
	for (unsigned c = 0; c < m->NC; c++)
		if ((x->st[c] == FT_PENDING || x->st[c] == FT_VT) && x->rdy[c])
			return 1;
	return 0;
}

/* This cycle's events: exits, launches (each into the lowest free slot),
 * issues, stalls, ready CTAs. */
static void pol_events(struct ft_model *m, const uint32_t *in)
{
	struct ft_pol *x = &m->nx;

	for (unsigned e = 0; e < m->NE; e++) {
		unsigned c = (unsigned)tin(m, in, FT_EXIT_CTA_I, e);

		if (!tin(m, in, FT_EXIT_VALID_I, e))
			continue;
		if (x->st[c] == FT_ACTIVE || x->st[c] == FT_VT)
			x->owner[x->slot[c]] = 0;
		x->st[c] = FT_FREE;
		x->resident--;
		mq_push(m, c, CTM_NOT_LAUNCHED, CTM_NOT_LAUNCHED);
	}
	for (unsigned l = 0; l < m->NL; l++) {
		unsigned c = (unsigned)tin(m, in, FT_LAUNCH_CTA_I, l);
		int s = free_slot(m, x);

		if (!tin(m, in, FT_LAUNCH_VALID_I, l) || s < 0)
			continue;
		x->st[c] = FT_ACTIVE;
		x->slot[c] = (uint8_t)s;
		x->stl[c] = x->rdy[c] = x->ref[c] = 0;
		x->owner[s] = 1;
		x->resident++;
		mq_push(m, c, CTM_CTX_PIPELINE, CTM_REG_ACRF);
	}
	/* per CTA: an issue clears stalled and refused, then a stall sets it */
	for (unsigned w = 0; w < (m->NC + 31u) / 32u; w++) {
		uint32_t in_range = m->NC - w * 32u >= 32u ? ~UINT32_C(0) : (UINT32_C(1) << (m->NC % 32u)) - 1u;

		for (uint32_t v = bus_bits(in, tport(m, FT_ISSUE_I))[w] & in_range; v; v &= v - 1u) {
			unsigned c = w * 32u + (unsigned)__builtin_ctz(v);

			x->stl[c] = x->ref[c] = 0;
		}
		for (uint32_t v = bus_bits(in, tport(m, FT_STALLED_I))[w] & in_range; v; v &= v - 1u)
			x->stl[w * 32u + (unsigned)__builtin_ctz(v)] = 1;
		for (uint32_t v = bus_bits(in, tport(m, FT_READY_I))[w] & in_range; v; v &= v - 1u)
			x->rdy[w * 32u + (unsigned)__builtin_ctz(v)] = 1;
	}
	m->cy.resident_ev = x->resident;
}

/* The RMU's command of this cycle. */
static void pol_command(struct ft_model *m, unsigned op, unsigned s, unsigned p, unsigned slot)
{
	struct compose_units *c = &m->cu;
	struct ft_pol *x = &m->nx;

	cu_set(c, FT_U_RMU, RMU_CMD_VALID_I, 0, 1);
	cu_set(c, FT_U_RMU, RMU_CMD_OP_I, 0, op);
	cu_set(c, FT_U_RMU, RMU_CMD_S_CTA_I, 0, op == RMU_OP_RESTORE ? 0 : s);
	cu_set(c, FT_U_RMU, RMU_CMD_S_SLOT_I, 0, op == RMU_OP_RESTORE ? 0 : x->slot[s]);
	cu_set(c, FT_U_RMU, RMU_CMD_P_CTA_I, 0, op == RMU_OP_EVICT ? 0 : p);
	cu_set(c, FT_U_RMU, RMU_CMD_P_SLOT_I, 0, slot);
	x->cmd_busy = 1;
	x->cmd_op = op;
	x->cmd_s = s;
	x->cmd_p = p;
	x->cmd_slot = slot;
	m->cy.cmd_issue = 1;
}

/* The lowest ACTIVE, stalled, not refused CTA: the victim of a switch. */
static int victim(const struct ft_model *m, const struct ft_pol *x)
{
	for (unsigned s = 0; s < m->NC; s++)
		if (x->st[s] == FT_ACTIVE && x->stl[s] && !x->ref[s])
			return (int)s;
	return -1;
}

/* Park CTA s (Virtual Thread): off the schedulers, registers left in its
 * ACRF slot, context to shared memory (monitor 1/2). */
static void vt_park(struct ft_model *m, unsigned s)
{
	struct ft_pol *x = &m->nx;

	x->st[s] = FT_VT;
	x->rdy[s] = 0;
	m->cy.suspend_v = 1;
	m->cy.suspend_cta = s;
	mq_push(m, s, CTM_CTX_SHMEM, CTM_REG_ACRF);
}

/* [finereg] vt, with no RMU result this cycle: the monitor's choice is a
 * ready parked CTA: it resumes (through DRAIN, for its deferred writes) in
 * place of the victim, parked, or into a free active place; else a victim
 * is parked when an ACRF slot is free above the active cap and a launch or
 * (the RMU idle) a ready pending CTA wants its place (V-B: VT first while
 * ACRF slots are free; V-E: the PCRF when they are not).  1 if it acted. */
static int pol_vt(struct ft_model *m, int can_launch, int decide)
{
	struct compose_units *c = &m->cu;
	struct ft_pol *x = &m->nx;
	unsigned nvt, used = slots_used(m, x, &nvt), r = (unsigned)cu_get(c, FT_U_MON, CTM_RESUME_CTA_O, 0);
	int rv = (int)cu_get(c, FT_U_MON, CTM_RESUME_VALID_O, 0) && x->rdy[r], s = victim(m, x);
	int room = used - nvt < m->am, free_any = used < m->NS;

	if (!m->cfg->finereg.vt)
		return 0;
	if (rv && x->st[r] == FT_VT && (room || s >= 0)) {
		if (!room)
			vt_park(m, (unsigned)s);
		x->st[r] = FT_DRAIN;
		x->rdy[r] = 0;
		mq_push(m, r, CTM_CTX_PIPELINE, CTM_REG_ACRF);
		return 1;
	}
	if (s >= 0 && free_any && !room && (can_launch || (decide && rv && x->st[r] == FT_PENDING))) {
		vt_park(m, (unsigned)s);
		return 1;
	}
	return 0;
}

/* With the RMU idle: restore, swap or evict. */
static void pol_decide(struct ft_model *m, int can_launch)
{
	struct compose_units *c = &m->cu;
	struct ft_pol *x = &m->nx;
	unsigned decision = (unsigned)cu_get(c, FT_U_MON, CTM_DECISION_O, 0);
	int p = -1, fs = free_slot(m, x) >= 0 && free_slots(m, x, m->am) > 0;

	if (cu_get(c, FT_U_MON, CTM_RESUME_VALID_O, 0)) {
		unsigned r = (unsigned)cu_get(c, FT_U_MON, CTM_RESUME_CTA_O, 0);

		/* its fields lag the states by the queued updates */
		if (x->st[r] == FT_PENDING && x->rdy[r])
			p = (int)r;
	}
	if (p >= 0 && fs && decision == CTM_DECIDE_RESUME) {
		unsigned slot = (unsigned)free_slot(m, x);

		x->st[p] = FT_RESTORING;
		x->slot[p] = (uint8_t)slot;
		x->owner[slot] = 1;
		pol_command(m, RMU_OP_RESTORE, 0, (unsigned)p, slot);
		return;
	}
	if (p < 0 && (!can_launch || fs))
		return;		/* nothing would use the space (spec #20) */
	for (unsigned s = 0; s < m->NC; s++) {
		if (x->st[s] != FT_ACTIVE || !x->stl[s] || x->ref[s])
			continue;
		x->st[s] = FT_SUSPENDING;
		x->rdy[s] = 0;
		m->cy.suspend_v = 1;
		m->cy.suspend_cta = s;
		if (p >= 0) {
			x->st[p] = FT_RESTORING;
			x->slot[p] = x->slot[s];
			pol_command(m, RMU_OP_SWAP, s, (unsigned)p, x->slot[s]);
		} else {
			pol_command(m, RMU_OP_EVICT, s, 0, x->slot[s]);
		}
		return;
	}
}

/* The RMU finished its command (done_o). */
static void pol_finish(struct ft_model *m)
{
	struct compose_units *c = &m->cu;
	struct ft_pol *x = &m->nx;
	unsigned op = x->cmd_op, s = x->cmd_s, p = x->cmd_p;

	x->cmd_busy = 0;
	if (cu_get(c, FT_U_RMU, RMU_DONE_REFUSED_O, 0)) {
		x->st[s] = FT_DRAIN;	/* its deferred writes land, then it resumes */
		x->ref[s] = 1;
		if (op == RMU_OP_SWAP)
			x->st[p] = FT_PENDING;
		return;
	}
	if (op != RMU_OP_RESTORE) {
		x->st[s] = FT_PENDING;
		x->stl[s] = 0;
		mq_push(m, s, CTM_CTX_SHMEM, CTM_REG_PCRF);
		if (op == RMU_OP_EVICT)
			x->owner[x->slot[s]] = 0;
	}
	if (op != RMU_OP_EVICT) {
		x->owner[x->cmd_slot] = 1;
		x->slot[p] = (uint8_t)x->cmd_slot;
		x->st[p] = FT_DRAIN;
		x->rdy[p] = 0;
		mq_push(m, p, CTM_CTX_PIPELINE, CTM_REG_ACRF);
		for (unsigned k = 0; k < m->NC; k++)
			x->ref[k] = 0;	/* the PCRF has room again */
	}
}

/* The status monitor's inputs for the decision, the RMU's result or a new
 * command, the draining CTA. */
static void pol_switch(struct ft_model *m, const uint32_t *in)
{
	struct compose_units *c = &m->cu;
	struct ft_pol *x = &m->nx;
	int can_launch = tin(m, in, FT_CTA_WAITING_I, 0) && x->resident < finereg_top_resident_max(m->cfg);
	int decide = !x->cmd_busy && cu_get(c, FT_U_RMU, RMU_CMD_READY_O, 0);	/* the RMU's outputs are final */

	for (unsigned k = 0; k < m->NC; k++)	/* the inputs start cleared */
		if ((x->st[k] == FT_PENDING || x->st[k] == FT_VT) && x->rdy[k])
			cu_set(c, FT_U_MON, CTM_READY_I, k, 1);
	cu_set(c, FT_U_MON, CTM_LAUNCH_OK_I, 0, (uint64_t)can_launch);
	cu_eval(c, FT_U_MON);
	if (cu_get(c, FT_U_RMU, RMU_DONE_O, 0))
		pol_finish(m);
	else if (!pol_vt(m, can_launch, decide) && decide)
		pol_decide(m, can_launch);
	if (!x->drain_v)
		for (unsigned k = 0; k < m->NC; k++)
			if (x->st[k] == FT_DRAIN) {
				x->drain_v = 1;
				x->drain_cta = k;
				break;
			}
}

/* Highest element below n of a request vector that is clear, -1 none. */
static int highest_free(uint64_t used, unsigned n)
{
	for (int i = (int)n - 1; i >= 0; i--)
		if (!(used >> i & 1u))
			return i;
	return -1;
}

static void acrf_addr(const struct ft_model *m, unsigned cta, unsigned k, unsigned reg, unsigned *w, unsigned *r)
{
	finereg_top_acrf_addr(m->cfg, m->nx.slot[cta], k, reg, w, r);
}

/* The core's reads and writes: ACRF ports or the deferred-write buffer. */
static void comb_core(struct ft_model *m, const uint32_t *in)
{
	struct compose_units *c = &m->cu;
	struct ft_cycle *cy = &m->cy;
	unsigned w, r;

	cy->take_rd = m->cfg->finereg.rmu_ports == FINEREG_PORTS_PRIORITY && cu_get(c, FT_U_RMU, RMU_ACRF_RD_REQ_O, 0);
	cy->take_wr = m->cfg->finereg.rmu_ports == FINEREG_PORTS_PRIORITY && cu_get(c, FT_U_RMU, RMU_ACRF_WR_REQ_O, 0);
	for (unsigned p = 0; p < m->C; p++) {
		if (!tin(m, in, FT_RD_REQ_I, p) || (cy->take_rd && p + 1u == m->C))
			continue;
		acrf_addr(m, (unsigned)tin(m, in, FT_RD_CTA_I, p), (unsigned)tin(m, in, FT_RD_WARP_I, p),
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
		if (m->nx.st[cta] == FT_ACTIVE) {
			uint32_t data[MAXL];

			if (cy->take_wr && p + 1u == m->W)
				continue;	/* the RMU's port this cycle: refused, retried */
			cy->core_wr |= UINT64_C(1) << p;
			acrf_addr(m, cta, k, reg, &w, &r);
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
	unsigned drain = m->nx.drain_cta;

	for (unsigned p = 0; p < m->C; p++)
		core_rd |= tin(m, in, FT_RD_REQ_I, p) << p;
	if (cy->take_rd)
		core_rd &= ~(UINT64_C(1) << (m->C - 1u));
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
	if (!m->nx.drain_v)
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
		acrf_addr(m, d->cta, d->k, d->reg, &w, &r);
		cu_set(c, FT_U_ACRF, RFB_WR_REQ_I, (unsigned)cy->dw_port, 1);
		cu_set(c, FT_U_ACRF, RFB_WR_WARP_I, (unsigned)cy->dw_port, w);
		cu_set(c, FT_U_ACRF, RFB_WR_REG_I, (unsigned)cy->dw_port, r);
		cu_set(c, FT_U_ACRF, RFB_WR_MASK_I, (unsigned)cy->dw_port, d->mask);
		bus_set_words(c->in[FT_U_ACRF], cu_port(c, FT_U_ACRF, RFB_WR_DATA_I), (unsigned)cy->dw_port, d->data);
		return;
	}
}

/* launch_slots_o and busy_o: from the flops only. */
static void state_outputs(struct ft_model *m, uint32_t *out, int rd_pend)
{
	const struct ft_pol *q = &m->pol;
	unsigned fs = free_slots(m, q, m->am);
	int rp = ready_pending(m, q);

	if (fs && m->cfg->finereg.resume_policy == FINEREG_RESUME_FIRST && rp)
		fs--;	/* a ready pending CTA takes a free slot before a launch */
	bus_set(out, tport(m, FT_LAUNCH_SLOTS_O), 0, q->resident >= finereg_top_resident_max(m->cfg) ? 0 : fs);
	bus_set(out, tport(m, FT_BUSY_O), 0, q->cmd_busy || q->drain_v || q->mq_n || rd_pend || (rp && !q->cmd_busy));
}

static void comb(struct ft_model *m, const uint32_t *in, uint32_t *out)
{
	struct compose_units *c = &m->cu;
	struct ft_cycle *cy = &m->cy;
	struct ft_pol *x = &m->nx;
	unsigned L = m->L, tail_v = m->pipe_v[L - 1], tail_port = m->pipe_port[L - 1], left = 0, act = 0, pend = 0;
	int rd_pend = 0;

	memset(cy, 0, sizeof *cy);
	cy->rmu_rd_port = cy->rmu_wr_port = cy->dw_port = cy->pop = -1;
	*x = m->pol;
	m->am = (unsigned)tin(m, in, FT_ACTIVE_MAX_I, 0);
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
	/* the policy: events, the RMU's result or a new command, the drain */
	pol_events(m, in);
	pol_switch(m, in);
	/* the ACRF */
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
	/* the drain's end: its CTA resumes */
	for (unsigned i = 0; i < cy->ncomb; i++)
		left += m->comb[i].cta == x->drain_cta && (int)i != cy->pop;
	if (x->drain_v && !left) {
		x->st[x->drain_cta] = FT_ACTIVE;
		x->stl[x->drain_cta] = 0;
		cy->resume_v = 1;
		cy->resume_cta = x->drain_cta;
		x->drain_v = 0;
	}
	/* the status monitor takes the two oldest updates */
	for (unsigned i = 0; i < 2 && i < x->mq_n; i++) {
		cu_set(c, FT_U_MON, CTM_SET_VALID_I, i, 1);
		cu_set(c, FT_U_MON, CTM_SET_CTA_I, i, x->mq[i].cta);
		cu_set(c, FT_U_MON, CTM_SET_CTX_I, i, x->mq[i].ctx);
		cu_set(c, FT_U_MON, CTM_SET_REG_I, i, x->mq[i].reg);
	}
	/* no second cu_eval of the monitor: its outputs read only ready_i and
	 * launch_ok_i (set in pol_switch) and its state; set_* act at the edge */
	/* outputs */
	memset(out, 0, m->desc->out_words * sizeof *out);
	cu_wire(c, FT_U_TOP, in, out);
	for (unsigned p = 0; p < m->C; p++) {
		uint64_t v = cu_get(c, FT_U_ACRF, RFB_RD_VALID_O, p) && !(tail_v && tail_port == p);

		bus_set(out, tport(m, FT_RD_VALID_O), p, v);
		/* the data only with its valid: the RMU's return (valid masked)
		 * must not show an unwritten register's contents */
		if (v) {
			uint32_t data[MAXL];

			bus_get_words(c->out[FT_U_ACRF], cu_port(c, FT_U_ACRF, RFB_RD_DATA_O), p, data);
			bus_set_words(out, tport(m, FT_RD_DATA_O), p, data);
		}
		bus_set(out, tport(m, FT_RD_GNT_O), p, tin(m, in, FT_RD_REQ_I, p) &&
			!(cy->take_rd && p + 1u == m->C) && cu_get(c, FT_U_ACRF, RFB_RD_GNT_O, p));
	}
	for (unsigned p = 0; p < m->W; p++)
		bus_set(out, tport(m, FT_WR_GNT_O), p, (cy->pushed >> p & 1u) ||
			((cy->core_wr >> p & 1u) && cu_get(c, FT_U_ACRF, RFB_WR_GNT_O, p)));
	bus_set(out, tport(m, FT_DW_COUNT_O), 0, m->qn);
	for (unsigned i = 0; i < L; i++)
		rd_pend |= m->pipe_v[i];
	bus_set(out, tport(m, FT_RMU_RD_PEND_O), 0, (uint64_t)rd_pend);
	bus_set(out, tport(m, FT_SUSPEND_VALID_O), 0, (uint64_t)cy->suspend_v);
	bus_set(out, tport(m, FT_SUSPEND_CTA_O), 0, cy->suspend_cta);
	bus_set(out, tport(m, FT_RESUME_VALID_O), 0, (uint64_t)cy->resume_v);
	bus_set(out, tport(m, FT_RESUME_CTA_O), 0, cy->resume_cta);
	bus_set(out, tport(m, FT_CMD_ISSUE_O), 0, (uint64_t)cy->cmd_issue);
	bus_set(out, tport(m, FT_CMD_BUSY_O), 0, (uint64_t)x->cmd_busy);
	bus_set(out, tport(m, FT_CMD_OP_O), 0, m->pol.cmd_op);
	bus_set(out, tport(m, FT_RESIDENT_O), 0, cy->resident_ev);
	for (unsigned sl = 0; sl < m->NS; sl++)
		act += x->owner[sl];
	for (unsigned k = 0; k < m->NC; k++)
		pend += x->st[k] == FT_PENDING;
	bus_set(out, tport(m, FT_N_ACTIVE_O), 0, act);
	bus_set(out, tport(m, FT_N_PENDING_O), 0, pend);
	bus_set(out, tport(m, FT_MQ_OVERFLOW_O), 0, (uint64_t)x->overflow);
	state_outputs(m, out, rd_pend);
}

static void ft_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct ft_model *m = vm;

	comb(m, in, out);
	eval_memo_note(&m->memo, in);
}

static void ft_tick(void *vm, const uint32_t *in)
{
	struct ft_model *m = vm;
	struct ft_cycle *cy = &m->cy;
	struct ft_pol *x = &m->nx;
	unsigned n = 0, taken;

	if (!eval_memo_hit(&m->memo, in))
		comb(m, in, m->memo.out);
	eval_memo_forget(&m->memo);
	taken = x->mq_n < 2 ? x->mq_n : 2;
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
	memmove(x->mq, x->mq + taken, (x->mq_n - taken) * sizeof x->mq[0]);
	x->mq_n -= taken;
	m->pol = *x;
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

uint64_t finereg_top_deferred(void *vm)
{
	const struct ft_model *m = vm;

	return m->cy.pushed;
}

const struct unit_ops finereg_top_ops = {
	"finereg_top", ft_create, ft_reset, ft_eval, ft_tick, ft_destroy,
};
