/* sched_2level.c: cycle model of the two-level warp scheduler (Gebhart et
 * al. Sec. 3.2).  This file is the specification the RTL is checked
 * against; docs/rfc.md lists the decisions the paper leaves open.
 *
 * State: per active slot occupied / draining / drop and its warp; per warp
 * whether it holds a slot and a "resumed" bit (demoted at a long-latency
 * consumer and not yet issued since, so the marked instruction issues on
 * return instead of demoting again); the greedy slot (last issued); the
 * promotion round-robin pointer (cmodel/rr_arb.c).
 *
 * One cycle, for the slots that are active (occupied, not draining):
 *   candidate  valid, ready, not at a barrier, and not at a marked
 *              long-latency consumer (unless resumed);
 *   issue      greedy: scan the slots from the last issued one, wrapping:
 *              the last warp keeps issuing while it can, else the next
 *              candidate after it;
 *   demote     the lowest active slot whose warp is at a marked consumer
 *              (not resumed), at a barrier, or finished (then drop):
 *              the slot drains;
 *   flush      the lowest draining slot asks the RFC to flush (or drop);
 *              flush_done_i frees it at the edge;
 *   promote    if a slot is free (the lowest one), the round-robin arbiter
 *              picks one valid, woken warp that holds no slot. */
#include "sched_2level.h"

#include <stdlib.h>
#include <string.h>

#include "rr_arb.h"
#include "sched_2level_desc.h"

struct s2l_cycle {
	int issue, demote, flush, promote, free_slot;	/* slot or -1 */
	unsigned pwarp, next_ptr;
	unsigned demote_llc;
};

struct s2l_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned nw, na;
	uint8_t *occ, *drain, *drop;	/* [slot] */
	unsigned *swarp;		/* [slot] */
	uint8_t *inact, *resumed;	/* [warp] */
	unsigned last, rr_ptr;
};

static unsigned in_w(const struct s2l_model *m, const uint32_t *in, enum sched_2level_port p, unsigned w)
{
	return (unsigned)bus_get(in, &m->desc->ports[p], w);
}

static int llc_eff(const struct s2l_model *m, const uint32_t *in, unsigned w)
{
	return in_w(m, in, S2L_LLC_I, w) && !m->resumed[w];
}

static void s2l_decide(const struct s2l_model *m, const uint32_t *in, struct s2l_cycle *cy)
{
	uint64_t pend = 0;

	cy->issue = cy->demote = cy->flush = cy->promote = cy->free_slot = -1;
	cy->demote_llc = 0;
	for (unsigned o = 0; o < m->na && cy->issue < 0; o++) {
		unsigned a = (m->last + o) % m->na, w = m->swarp[a];

		if (m->occ[a] && !m->drain[a] && in_w(m, in, S2L_VALID_I, w) && in_w(m, in, S2L_READY_I, w) &&
		    !llc_eff(m, in, w) && !in_w(m, in, S2L_BAR_I, w))
			cy->issue = (int)a;
	}
	for (unsigned a = 0; a < m->na; a++) {
		unsigned w = m->swarp[a];

		if (cy->demote < 0 && m->occ[a] && !m->drain[a] &&
		    (!in_w(m, in, S2L_VALID_I, w) || llc_eff(m, in, w) || in_w(m, in, S2L_BAR_I, w))) {
			cy->demote = (int)a;
			cy->demote_llc = in_w(m, in, S2L_VALID_I, w) && llc_eff(m, in, w);
		}
		if (cy->flush < 0 && m->drain[a])
			cy->flush = (int)a;
		if (cy->free_slot < 0 && !m->occ[a])
			cy->free_slot = (int)a;
	}
	for (unsigned w = 0; w < m->nw; w++)
		if (in_w(m, in, S2L_VALID_I, w) && !m->inact[w] && in_w(m, in, S2L_WAKE_I, w))
			pend |= UINT64_C(1) << w;
	{
		struct rr_grant g = rr_arb_grant(m->nw, m->rr_ptr, pend, cy->free_slot >= 0);

		cy->next_ptr = g.next_ptr;
		if (g.count) {
			cy->promote = cy->free_slot;
			for (unsigned w = 0; w < m->nw; w++)
				if (g.gnt >> w & 1u)
					cy->pwarp = w;
		}
	}
}

static void s2l_destroy(void *vm)
{
	struct s2l_model *m = vm;

	if (!m)
		return;
	free(m->occ);
	free(m->drain);
	free(m->drop);
	free(m->swarp);
	free(m->inact);
	free(m->resumed);
	free(m);
}

static void *s2l_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct s2l_model *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->nw = cfg->warps;
	m->na = cfg->rfc.active_warps;
	m->occ = calloc(m->na, 1);
	m->drain = calloc(m->na, 1);
	m->drop = calloc(m->na, 1);
	m->swarp = calloc(m->na, sizeof *m->swarp);
	m->inact = calloc(m->nw, 1);
	m->resumed = calloc(m->nw, 1);
	if (!m->occ || !m->drain || !m->drop || !m->swarp || !m->inact || !m->resumed || m->nw > RR_ARB_MAX) {
		s2l_destroy(m);
		return NULL;
	}
	return m;
}

static void s2l_reset(void *vm)
{
	struct s2l_model *m = vm;

	memset(m->occ, 0, m->na);
	memset(m->drain, 0, m->na);
	memset(m->drop, 0, m->na);
	memset(m->swarp, 0, m->na * sizeof *m->swarp);
	memset(m->inact, 0, m->nw);
	memset(m->resumed, 0, m->nw);
	m->last = 0;
	m->rr_ptr = 0;
}

static void s2l_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct s2l_model *m = vm;
	const struct port_desc *p = m->desc->ports;
	struct s2l_cycle cy;

	s2l_decide(m, in, &cy);
	memset(out, 0, m->desc->out_words * sizeof *out);
	if (cy.issue >= 0) {
		bus_set(out, &p[S2L_ISSUE_O], 0, 1);
		bus_set(out, &p[S2L_ISSUE_WARP_O], 0, m->swarp[cy.issue]);
		bus_set(out, &p[S2L_ISSUE_SLOT_O], 0, (unsigned)cy.issue);
	}
	if (cy.demote >= 0) {
		bus_set(out, &p[S2L_DEMOTE_O], 0, 1);
		bus_set(out, &p[S2L_DEMOTE_WARP_O], 0, m->swarp[cy.demote]);
		bus_set(out, &p[S2L_DEMOTE_SLOT_O], 0, (unsigned)cy.demote);
	}
	if (cy.promote >= 0) {
		bus_set(out, &p[S2L_PROMOTE_O], 0, 1);
		bus_set(out, &p[S2L_PROMOTE_WARP_O], 0, cy.pwarp);
		bus_set(out, &p[S2L_PROMOTE_SLOT_O], 0, (unsigned)cy.promote);
	}
	if (cy.flush >= 0) {
		bus_set(out, &p[S2L_FLUSH_O], 0, 1);
		bus_set(out, &p[S2L_FLUSH_SLOT_O], 0, (unsigned)cy.flush);
		bus_set(out, &p[S2L_FLUSH_DROP_O], 0, m->drop[cy.flush]);
	}
	for (unsigned a = 0; a < m->na; a++)
		if (m->occ[a] && !m->drain[a])
			bus_set(out, &p[S2L_ACTIVE_O], m->swarp[a], 1);
}

static void s2l_tick(void *vm, const uint32_t *in)
{
	struct s2l_model *m = vm;
	struct s2l_cycle cy;

	s2l_decide(m, in, &cy);
	if (cy.issue >= 0) {
		m->last = (unsigned)cy.issue;
		m->resumed[m->swarp[cy.issue]] = 0;
	}
	if (cy.demote >= 0) {
		unsigned w = m->swarp[cy.demote];

		m->drain[cy.demote] = 1;
		m->drop[cy.demote] = !in_w(m, in, S2L_VALID_I, w);
		if (cy.demote_llc)
			m->resumed[w] = 1;
	}
	if (cy.flush >= 0 && in_w(m, in, S2L_FLUSH_DONE_I, 0)) {
		m->occ[cy.flush] = 0;
		m->drain[cy.flush] = 0;
		m->drop[cy.flush] = 0;
		m->inact[m->swarp[cy.flush]] = 0;
	}
	if (cy.promote >= 0) {
		m->occ[cy.promote] = 1;
		m->swarp[cy.promote] = cy.pwarp;
		m->inact[cy.pwarp] = 1;
	}
	m->rr_ptr = cy.next_ptr;
}

const struct unit_ops sched_2level_ops = {
	"sched_2level", s2l_create, s2l_reset, s2l_eval, s2l_tick, s2l_destroy,
};
