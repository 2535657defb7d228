/* share_lock.c: cycle model of register sharing's lock table (Jatala et al.
 * Sec. 4, 5.1, 6).  This file is the specification the RTL is checked
 * against; docs/sharing.md explains every decision the paper leaves open.
 *
 * State: the SM sharing bit and the threshold u; per block slot its sharer
 * block (all ones = unshared) and how many of its warps hold a lock; per
 * warp its shared and owner bits, block slot, lock index and age rank; per
 * warp pair one lock holding the warp id (all ones = FREE).
 *
 * One cycle, check port s (one per scheduler) with candidate warp w:
 *   need = sharing bit && shared[w] && some operand register >= u  (Fig. 4 b, c)
 *   holds = lock[lock_of(w)] == w
 *   can  = need && !holds && lock free
 *          && the partner block has no live lock holder        (deadlock rule, Sec. 4)
 *   two ports that can take locks for the two blocks of one pair in the
 *   same cycle: the owner's warp wins, else the lower port;
 *   gnt = !need || holds || acquired.
 * The Owner-Warp-First pick of scheduler s looks at the ready warps w with
 * w mod schedulers == s and takes the lowest {class, age rank}: owner,
 * unshared, non-owner (Sec. 5.1), oldest launch first.
 * At the edge, in this order: kernel start (clears everything, alone);
 * acquisitions and the release; ownership moves to a non-owner block that
 * acquires (the holder block is the owner, Sec. 5's definition); a block
 * exit makes its partner the owner; block launch writes the sharer ids
 * both ways; a warp launch writes its warp-table entry and makes it the
 * youngest. */
#include "share_lock.h"

#include <stdlib.h>
#include <string.h>

#include "age_rank.h"
#include "share_lock_desc.h"

struct shl_cycle {
	unsigned need[16], gnt[16], acq[16];
	unsigned owf_v[16], owf_warp[16];
};

struct share_lock_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	unsigned nw, nt, ns, nl;
	unsigned none, free_code;
	unsigned mode, thresh;
	unsigned *partner, *held;		/* [T] */
	unsigned *shared, *owner, *wblk, *wlock;	/* [W] */
	unsigned *lock;				/* [NL] */
	uint16_t *rank;				/* [W] */
};

static uint64_t in_get(const struct share_lock_model *m, const uint32_t *in, enum share_lock_port p,
		       unsigned e)
{
	return bus_get(in, &m->desc->ports[p], e);
}

/* Table reads as the RTL's AND-OR muxes do them: an index past the end
 * (which the protocol never drives) reads 0. */
static unsigned lock_at(const struct share_lock_model *m, unsigned li)
{
	return li < m->nl ? m->lock[li] : 0;
}

static unsigned partner_at(const struct share_lock_model *m, unsigned b)
{
	return b < m->nt ? m->partner[b] : 0;
}

static unsigned held_at(const struct share_lock_model *m, unsigned b)
{
	return b < m->nt ? m->held[b] : 0;
}

static unsigned wt_blk(const struct share_lock_model *m, unsigned w)
{
	return w < m->nw ? m->wblk[w] : 0;
}

static unsigned wt_lock(const struct share_lock_model *m, unsigned w)
{
	return w < m->nw ? m->wlock[w] : 0;
}

static unsigned wt_shared(const struct share_lock_model *m, unsigned w)
{
	return w < m->nw ? m->shared[w] : 0;
}

static unsigned wt_owner(const struct share_lock_model *m, unsigned w)
{
	return w < m->nw ? m->owner[w] : 0;
}

static unsigned owf_class(const struct share_lock_model *m, unsigned w)
{
	if (!(m->mode && m->shared[w]))
		return SHL_CLASS_UNSHARED;
	return m->owner[w] ? SHL_CLASS_OWNER : SHL_CLASS_NONOWNER;
}

static void shl_decide(const struct share_lock_model *m, const uint32_t *in, struct shl_cycle *cy)
{
	unsigned can[16] = {0};

	memset(cy, 0, sizeof *cy);
	for (unsigned s = 0; s < m->ns; s++) {
		unsigned w = (unsigned)in_get(m, in, SHL_CHK_WARP_I, s);
		unsigned any = 0;

		for (unsigned k = 0; k < SHL_OPS; k++)
			any |= in_get(m, in, SHL_CHK_REGV_I, s * SHL_OPS + k) &&
			       in_get(m, in, SHL_CHK_REG_I, s * SHL_OPS + k) >= m->thresh;
		cy->need[s] = in_get(m, in, SHL_CHK_I, s) && m->mode && wt_shared(m, w) && any;
		can[s] = cy->need[s] && lock_at(m, wt_lock(m, w)) == m->free_code &&
			 held_at(m, partner_at(m, wt_blk(m, w))) == 0;
	}
	for (unsigned s = 0; s < m->ns; s++) {
		unsigned w = (unsigned)in_get(m, in, SHL_CHK_WARP_I, s);
		unsigned p = partner_at(m, wt_blk(m, w)), lost = 0;

		for (unsigned o = 0; o < m->ns && can[s]; o++) {
			unsigned wo = (unsigned)in_get(m, in, SHL_CHK_WARP_I, o);

			if (o == s || !can[o] || wt_blk(m, wo) != p)
				continue;
			lost |= wt_owner(m, wo) > wt_owner(m, w) || (wt_owner(m, wo) == wt_owner(m, w) && o < s);
		}
		cy->acq[s] = can[s] && !lost;
		cy->gnt[s] = in_get(m, in, SHL_CHK_I, s) &&
			     (!cy->need[s] || lock_at(m, wt_lock(m, w)) == w || cy->acq[s]);
	}
	for (unsigned s = 0; s < m->ns; s++) {
		unsigned best_key = 0;

		for (unsigned w = s; w < m->nw; w += m->ns) {
			unsigned key = owf_class(m, w) << 16 | m->rank[w];

			if (!in_get(m, in, SHL_RDY_I, w) || (cy->owf_v[s] && key >= best_key))
				continue;
			cy->owf_v[s] = 1;
			cy->owf_warp[s] = w;
			best_key = key;
		}
	}
}

static void shl_destroy(void *vm)
{
	struct share_lock_model *m = vm;

	if (!m)
		return;
	free(m->partner);
	free(m->held);
	free(m->shared);
	free(m->owner);
	free(m->wblk);
	free(m->wlock);
	free(m->lock);
	free(m->rank);
	free(m);
}

static void *shl_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct share_lock_model *m = calloc(1, sizeof *m);

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->nw = cfg->warps;
	m->nt = cfg->ctas;
	m->ns = cfg->schedulers;
	m->nl = cfg->sharing.d.nlocks;
	m->none = share_lock_none(cfg);
	m->free_code = share_lock_free(cfg);
	m->partner = calloc(m->nt, sizeof *m->partner);
	m->held = calloc(m->nt, sizeof *m->held);
	m->shared = calloc(m->nw, sizeof *m->shared);
	m->owner = calloc(m->nw, sizeof *m->owner);
	m->wblk = calloc(m->nw, sizeof *m->wblk);
	m->wlock = calloc(m->nw, sizeof *m->wlock);
	m->lock = calloc(m->nl, sizeof *m->lock);
	m->rank = calloc(m->nw, sizeof *m->rank);
	if (!m->partner || !m->held || !m->shared || !m->owner || !m->wblk || !m->wlock || !m->lock ||
	    !m->rank || m->ns > 16) {
		shl_destroy(m);
		return NULL;
	}
	return m;
}

/* Reset: as a kernel start with sharing off; the warp table's block and
 * lock fields and the age ranks get defined values too (0 and i). */
static void shl_clear_tables(struct share_lock_model *m)
{
	for (unsigned t = 0; t < m->nt; t++) {
		m->partner[t] = m->none;
		m->held[t] = 0;
	}
	memset(m->shared, 0, m->nw * sizeof *m->shared);
	memset(m->owner, 0, m->nw * sizeof *m->owner);
	for (unsigned l = 0; l < m->nl; l++)
		m->lock[l] = m->free_code;
}

static void shl_reset(void *vm)
{
	struct share_lock_model *m = vm;

	m->mode = 0;
	m->thresh = 0;
	shl_clear_tables(m);
	memset(m->wblk, 0, m->nw * sizeof *m->wblk);
	memset(m->wlock, 0, m->nw * sizeof *m->wlock);
	age_rank_reset(m->rank, m->nw);
}

static void shl_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct share_lock_model *m = vm;
	const struct port_desc *p = m->desc->ports;
	struct shl_cycle cy;

	shl_decide(m, in, &cy);
	memset(out, 0, m->desc->out_words * sizeof *out);
	for (unsigned s = 0; s < m->ns; s++) {
		bus_set(out, &p[SHL_CHK_NEED_O], s, cy.need[s]);
		bus_set(out, &p[SHL_CHK_GNT_O], s, cy.gnt[s]);
		bus_set(out, &p[SHL_CHK_ACQ_O], s, cy.acq[s]);
		bus_set(out, &p[SHL_OWF_V_O], s, cy.owf_v[s]);
		bus_set(out, &p[SHL_OWF_WARP_O], s, cy.owf_warp[s]);
	}
	for (unsigned w = 0; w < m->nw; w++)
		bus_set(out, &p[SHL_CLASS_O], w, owf_class(m, w));
	for (unsigned l = 0; l < m->nl; l++)
		bus_set(out, &p[SHL_LOCK_HELD_O], l, m->lock[l] != m->free_code);
	bus_set(out, &p[SHL_MODE_O], 0, m->mode);
}

/* Owner bits after a non-owner warp of block b (partner p) took a lock. */
static void shl_take_ownership(struct share_lock_model *m, unsigned b, unsigned p)
{
	for (unsigned j = 0; j < m->nw; j++) {
		if (m->wblk[j] == b)
			m->owner[j] = 1;
		else if (m->wblk[j] == p)
			m->owner[j] = 0;
	}
}

static void shl_tick(void *vm, const uint32_t *in)
{
	struct share_lock_model *m = vm;
	struct shl_cycle cy;

	if (in_get(m, in, SHL_KERN_I, 0)) {
		m->mode = (unsigned)in_get(m, in, SHL_KERN_MODE_I, 0);
		m->thresh = (unsigned)in_get(m, in, SHL_KERN_THRESH_I, 0);
		shl_clear_tables(m);
		return;
	}
	shl_decide(m, in, &cy);
	/* Release (warp exit) and acquisitions: never the same lock in one cycle. */
	if (in_get(m, in, SHL_REL_I, 0)) {
		unsigned w = (unsigned)in_get(m, in, SHL_REL_WARP_I, 0);

		if (lock_at(m, wt_lock(m, w)) == w) {
			if (wt_lock(m, w) < m->nl)
				m->lock[wt_lock(m, w)] = m->free_code;
			if (wt_blk(m, w) < m->nt)
				m->held[wt_blk(m, w)]--;
		}
	}
	for (unsigned s = 0; s < m->ns; s++) {
		unsigned w = (unsigned)in_get(m, in, SHL_CHK_WARP_I, s);

		if (!cy.acq[s])
			continue;
		m->lock[wt_lock(m, w)] = w;	/* acq implies a warp and a lock in range */
		if (wt_blk(m, w) < m->nt)
			m->held[wt_blk(m, w)]++;
	}
	/* Ownership, in port order, from the owner bits before this edge. */
	{
		unsigned own_before[16];

		for (unsigned s = 0; s < m->ns; s++)
			own_before[s] = cy.acq[s] ? wt_owner(m, (unsigned)in_get(m, in, SHL_CHK_WARP_I, s)) : 1;
		for (unsigned s = 0; s < m->ns; s++) {
			unsigned w = (unsigned)in_get(m, in, SHL_CHK_WARP_I, s);

			if (!own_before[s])
				shl_take_ownership(m, wt_blk(m, w), partner_at(m, wt_blk(m, w)));
		}
	}
	/* A block exit makes its partner the owner (Sec. 5). */
	if (in_get(m, in, SHL_BLK_EXIT_I, 0)) {
		unsigned x = (unsigned)in_get(m, in, SHL_BLK_EXIT_ID_I, 0);
		unsigned p = partner_at(m, x);

		if (x < m->nt)
			m->partner[x] = m->none;
		for (unsigned j = 0; j < m->nw; j++)
			if (m->wblk[j] == p)
				m->owner[j] = 1;
	}
	if (in_get(m, in, SHL_BLK_I, 0)) {
		unsigned b = (unsigned)in_get(m, in, SHL_BLK_ID_I, 0);
		unsigned p = (unsigned)in_get(m, in, SHL_BLK_PARTNER_I, 0);

		if (p < m->nt)
			m->partner[p] = b;
		if (b < m->nt)
			m->partner[b] = p;
	}
	if (in_get(m, in, SHL_WARP_I, 0)) {
		unsigned w = (unsigned)in_get(m, in, SHL_WARP_ID_I, 0);

		if (w < m->nw) {
			m->shared[w] = (unsigned)in_get(m, in, SHL_WARP_SHARED_I, 0);
			m->owner[w] = (unsigned)in_get(m, in, SHL_WARP_OWNER_I, 0);
			m->wblk[w] = (unsigned)in_get(m, in, SHL_WARP_BLK_I, 0);
			m->wlock[w] = (unsigned)in_get(m, in, SHL_WARP_LOCK_I, 0);
			age_rank_touch(m->rank, m->nw, w);
		}
	}
}

const struct unit_ops share_lock_ops = {
	"share_lock", shl_create, shl_reset, shl_eval, shl_tick, shl_destroy,
};
