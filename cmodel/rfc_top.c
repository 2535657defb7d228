/* rfc_top.c: cycle model of rfc_top (common/rfc_top_desc.h has the ports):
 * the register file cache, the two-level scheduler and the main register
 * file (rfc, sched_2level, rf_banked) composed through their buses
 * (cmodel/compose_units.h, wiring rfc_top_wiring), plus the glue, mirrored
 * flop for flop by gen/emit_rfc_top.c.  Per cycle:
 *   active set  the scheduler's inputs from the warp state (ready = issued
 *               this cycle, wake = resident, not at a barrier, not waiting);
 *               its flush request goes to the RFC; the glue keeps a copy of
 *               the slots (free / active / draining, warp) and of each
 *               warp's slot, updated from demote, flush-done and promote;
 *   writes      a merge whose cached value arrived (merge registers) writes
 *               the merged register into the RFC; then the ports in order: a
 *               warp without a slot writes the MRF, a draining one waits, a
 *               result covering the live lanes goes into the RFC (one per
 *               cycle; bypass when the issue port said long-latency), a
 *               partial one takes the tag check to probe its register (hit:
 *               merge next cycle, miss: the MRF under the mask);
 *   reads       a source the last tag check of its collector covered is
 *               served from the operand buffer (hit) or read from the MRF
 *               (miss); else one tag check per cycle (unless a probe took
 *               it): the first requesting collector of an active warp from
 *               the rotating pointer, over its instruction's sources from
 *               the requested one on (at most SRC_PORTS); a source carries
 *               the last-use hint when its hint bit is set and the warp's
 *               pending reads of the register (issued, not granted) are
 *               exactly the ones left in this instruction; the first
 *               source's hit is returned next cycle on RFC port 0, the
 *               others' hits are kept in the operand buffer;
 *   hold        with flush_yields, a direct write (a warp without a slot)
 *               that this cycle's write-back refuses, and whose register
 *               the victim buffer does not hold, keeps the RFC from
 *               starting a flush write-back (fl_hold_i), so it gets the
 *               MRF's write port next cycle: results before flushes;
 *   MRF         the RFC's write-back is its only write that cycle, and a
 *               read of that register waits; so does any MRF read or
 *               direct write of a register the RFC's victim buffer still
 *               holds (its value is newer than the MRF's, and a direct
 *               write would be overwritten when it drains); the
 *               write-back names its warp (mrf_wr_warp_o: a buffered
 *               entry's slot may hold another warp); register r of warp w is MRF
 *               warp slot w * spw + r / regs_per_warp, register
 *               r % regs_per_warp.
 * Read data next cycle: an operand-buffer entry (the RFC port's data when
 * the entry is being filled), else the RFC port the collector's hit went
 * to, else the MRF's.  The glue state is in flops; pending reads and
 * long-latency flags are one counter / bit per (kernel warp, register). */
#include "rfc_top.h"

#include <stdlib.h>
#include <string.h>

#include "compose_units.h"
#include "eval_memo.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "rfc.h"
#include "rfc_desc.h"
#include "rfc_top_desc.h"
#include "sched_2level.h"
#include "sched_2level_desc.h"

enum { MAXNS = 4, MAXC = 64, MAXB = 64 };

const char *const rfc_top_counter_names[] = {
	"rfc_reads", "mrf_reads", "rfc_writes", "rfc_write_hits", "mrf_writes", "mrf_evict_writes",
	"mrf_bypass_writes", "mrf_flush_writes", "mrf_direct_writes", "rfc_tag_checks",
	"rfc_last_use_hits", "rfc_merges", "demotions", "promotions", "active_set_warp_cycles", NULL,
};

/* The glue's registers. */
struct rt_state {
	uint8_t *slot_st;		/* [na] RCT_SLOT_* */
	unsigned *slot_warp;		/* [na] */
	uint8_t *ws_v;			/* [kw] the warp holds a slot */
	unsigned *ws;			/* [kw] which */
	uint8_t pc_v[MAXNS];		/* RFC read port k's data goes to collector pc_col[k] */
	unsigned pc_col[MAXNS];
	uint8_t fill_v[MAXNS];		/* RFC read port k's data fills operand fill_idx[k] of fill_col */
	unsigned fill_idx[MAXNS], fill_col;
	uint32_t *cov_hit, *cov_miss;	/* [C] sources the last tag check found cached / not */
	uint8_t *serve;			/* [C] returns operand serve_idx[c] of its buffer */
	unsigned *serve_idx;
	int mg_v;			/* a merge: the cached value arrives on RFC port 0 */
	unsigned mg_port, mg_warp, mg_reg;
	unsigned rd_ptr;		/* tag-check priority */
	int busy;			/* the slots' part of busy_o */
};

struct rt_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	struct rfc_top_geom g;
	struct compose_units cu;
	struct rt_state q, d;		/* registers, and their next values (comb) */
	uint32_t *cbuf;			/* [C][S][lanes] operand buffers */
	uint8_t *pend, *ll;		/* [kw][kr] pending reads, long-latency result */
	uint32_t *mw_data, *mg_data;	/* [lanes] */
	/* this cycle (comb) */
	uint64_t rd_gnt, wr_gnt;
	int fl_done, merged, probe;
	unsigned ng;			/* sources the read tag check covers */
	struct eval_memo memo;		/* the inputs comb ran on */
	unsigned vb_n;			/* the RFC's victim-buffer entries */
	/* statistics since the last rfc_top_take_counts */
	uint64_t cnt[RCT_NCOUNT], brd[MAXB], bwr[MAXB], bcf[MAXB];
};

static const struct port_desc *tport(const struct rt_model *m, enum rfc_top_port p)
{
	return &m->desc->ports[p];
}

static uint64_t tin(const struct rt_model *m, const uint32_t *in, enum rfc_top_port p, unsigned e)
{
	return bus_get(in, tport(m, p), e);
}

static uint64_t sget(const struct rt_model *m, unsigned u, unsigned p, unsigned e)
{
	return cu_get(&m->cu, u, p, e);
}

static void sset(struct rt_model *m, unsigned u, unsigned p, unsigned e, uint64_t v)
{
	cu_set(&m->cu, u, p, e, v);
}

static void state_free(struct rt_state *s)
{
	free(s->slot_st);
	free(s->slot_warp);
	free(s->ws_v);
	free(s->ws);
	free(s->cov_hit);
	free(s->cov_miss);
	free(s->serve);
	free(s->serve_idx);
}

static int state_alloc(struct rt_state *s, const struct rfc_top_geom *g)
{
	s->slot_st = calloc(g->na, 1);
	s->slot_warp = calloc(g->na, sizeof *s->slot_warp);
	s->ws_v = calloc(g->kw, 1);
	s->ws = calloc(g->kw, sizeof *s->ws);
	s->cov_hit = calloc(g->C, sizeof *s->cov_hit);
	s->cov_miss = calloc(g->C, sizeof *s->cov_miss);
	s->serve = calloc(g->C, 1);
	s->serve_idx = calloc(g->C, sizeof *s->serve_idx);
	return s->slot_st && s->slot_warp && s->ws_v && s->ws && s->cov_hit && s->cov_miss && s->serve &&
	       s->serve_idx ? 0 : -1;
}

static void state_copy(struct rt_state *dst, const struct rt_state *src, const struct rfc_top_geom *g)
{
	memcpy(dst->slot_st, src->slot_st, g->na);
	memcpy(dst->slot_warp, src->slot_warp, g->na * sizeof *dst->slot_warp);
	memcpy(dst->ws_v, src->ws_v, g->kw);
	memcpy(dst->ws, src->ws, g->kw * sizeof *dst->ws);
	memcpy(dst->pc_v, src->pc_v, sizeof dst->pc_v);
	memcpy(dst->pc_col, src->pc_col, sizeof dst->pc_col);
	memcpy(dst->fill_v, src->fill_v, sizeof dst->fill_v);
	memcpy(dst->fill_idx, src->fill_idx, sizeof dst->fill_idx);
	dst->fill_col = src->fill_col;
	memcpy(dst->cov_hit, src->cov_hit, g->C * sizeof *dst->cov_hit);
	memcpy(dst->cov_miss, src->cov_miss, g->C * sizeof *dst->cov_miss);
	memcpy(dst->serve, src->serve, g->C);
	memcpy(dst->serve_idx, src->serve_idx, g->C * sizeof *dst->serve_idx);
	dst->mg_v = src->mg_v;
	dst->mg_port = src->mg_port;
	dst->mg_warp = src->mg_warp;
	dst->mg_reg = src->mg_reg;
	dst->rd_ptr = src->rd_ptr;
	dst->busy = src->busy;
}

static void rt_destroy(void *vm)
{
	struct rt_model *m = vm;

	if (!m)
		return;
	cu_free(&m->cu);
	state_free(&m->q);
	state_free(&m->d);
	free(m->cbuf);
	free(m->pend);
	free(m->ll);
	free(m->mw_data);
	free(m->mg_data);
	eval_memo_free(&m->memo);
	free(m);
}

static void *rt_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct rt_model *m = calloc(1, sizeof *m);
	struct module_desc sub[3];
	const struct gpurf_cfg *cfgs[3] = {cfg, cfg, cfg};
	const struct unit_ops *ops[3] = {&rfc_ops, &sched_2level_ops, &rf_banked_ops};
	const struct rfc_top_geom *g;

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	rfc_top_geom(cfg, &m->g);
	g = &m->g;
	m->vb_n = cfg->rfc.victim_entries;
	if (g->ns > MAXNS || g->C > MAXC || cfg->banks > MAXB || g->S > 32u || g->kw > 64u) {
		free(m);
		return NULL;
	}
	m->cbuf = calloc((size_t)g->C * g->S * g->lanes, sizeof *m->cbuf);
	m->pend = calloc((size_t)g->kw * g->kr, 1);
	m->ll = calloc((size_t)g->kw * g->kr, 1);
	m->mw_data = calloc(g->lanes, sizeof *m->mw_data);
	m->mg_data = calloc(g->lanes, sizeof *m->mg_data);
	if (!m->cbuf || !m->pend || !m->ll || !m->mw_data || !m->mg_data || eval_memo_init(&m->memo, desc->in_words, 0) ||
	    state_alloc(&m->q, g) || state_alloc(&m->d, g)) {
		rt_destroy(m);
		return NULL;
	}
	rfc_top_subdescs(cfg, sub);
	if (cu_create(&m->cu, desc, &rfc_top_wiring, 3, sub, cfgs, ops)) {
		rt_destroy(m);
		return NULL;
	}
	return m;
}

static void rt_reset(void *vm)
{
	struct rt_model *m = vm;
	const struct rfc_top_geom *g = &m->g;
	struct rt_state *q = &m->q;

	cu_reset(&m->cu);
	memset(q->slot_st, RCT_SLOT_FREE, g->na);
	memset(q->slot_warp, 0, g->na * sizeof *q->slot_warp);
	memset(q->ws_v, 0, g->kw);
	memset(q->ws, 0, g->kw * sizeof *q->ws);
	memset(q->pc_v, 0, sizeof q->pc_v);
	memset(q->pc_col, 0, sizeof q->pc_col);
	memset(q->fill_v, 0, sizeof q->fill_v);
	memset(q->fill_idx, 0, sizeof q->fill_idx);
	q->fill_col = 0;
	memset(q->cov_hit, 0, g->C * sizeof *q->cov_hit);
	memset(q->cov_miss, 0, g->C * sizeof *q->cov_miss);
	memset(q->serve, 0, g->C);
	memset(q->serve_idx, 0, g->C * sizeof *q->serve_idx);
	q->mg_v = 0;
	q->mg_port = q->mg_warp = q->mg_reg = 0;
	q->rd_ptr = 0;
	q->busy = 0;
	memset(m->cbuf, 0, (size_t)g->C * g->S * g->lanes * sizeof *m->cbuf);
	memset(m->pend, 0, (size_t)g->kw * g->kr);
	memset(m->ll, 0, (size_t)g->kw * g->kr);
	eval_memo_forget(&m->memo);
}

/* The slot warp w holds, or -1 (none, or not a kernel warp). */
static int slot_of(const struct rt_model *m, unsigned w)
{
	return w < m->g.kw && m->q.ws_v[w] ? (int)m->q.ws[w] : -1;
}

static size_t wr_index(const struct rt_model *m, unsigned w, unsigned r)
{
	return (size_t)w * m->g.kr + r;
}

/* Reads of (w, r) pending now: the registered count plus this cycle's issues. */
static unsigned pend_now(const struct rt_model *m, const uint32_t *in, unsigned w, unsigned r)
{
	const struct rfc_top_geom *g = &m->g;
	unsigned n = w < g->kw && r < g->kr ? m->pend[wr_index(m, w, r)] : 0;

	for (unsigned p = 0; p < g->NI; p++) {
		unsigned ns = (unsigned)tin(m, in, RCT_ISS_NSRC_I, p);

		if (!tin(m, in, RCT_ISS_I, p) || tin(m, in, RCT_ISS_WARP_I, p) != w)
			continue;
		for (unsigned j = 0; j < ns && j < g->S; j++)
			n += tin(m, in, RCT_ISS_SRCS_I, p * g->S + j) == r;
	}
	return n & ((1u << g->pw) - 1u);
}

static uint64_t full_mask(unsigned lanes)
{
	return lanes >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << lanes) - 1u;
}

/* The scheduler's glue inputs: ready = issued this cycle, wake. */
static void comb_s2l(struct rt_model *m, const uint32_t *in)
{
	const struct rfc_top_geom *g = &m->g;

	for (unsigned p = 0; p < g->NI; p++)
		if (tin(m, in, RCT_ISS_I, p))
			sset(m, RCT_U_S2L, S2L_READY_I, (unsigned)tin(m, in, RCT_ISS_WARP_I, p), 1);
	for (unsigned w = 0; w < g->W; w++)
		sset(m, RCT_U_S2L, S2L_WAKE_I, w,
		     tin(m, in, RCT_WARP_VALID_I, w) && !tin(m, in, RCT_WARP_BAR_I, w) && !tin(m, in, RCT_WARP_LLWAIT_I, w));
}

/* The RFC's victim buffer holds a value of (w, r) still to drain. */
static int vb_holds(const struct rt_model *m, unsigned w, unsigned r)
{
	for (unsigned b = 0; b < m->vb_n; b++)
		if (sget(m, RCT_U_RFC, RFC_VB_VALID_O, b) && sget(m, RCT_U_RFC, RFC_VB_WARP_O, b) == w &&
		    sget(m, RCT_U_RFC, RFC_VB_REG_O, b) == r)
			return 1;
	return 0;
}

static int vb_any(const struct rt_model *m)
{
	for (unsigned b = 0; b < m->vb_n; b++)
		if (sget(m, RCT_U_RFC, RFC_VB_VALID_O, b))
			return 1;
	return 0;
}

/* A direct write of wr_direct could take the MRF: its register is not in
 * the victim buffer (it waits for that copy to drain, so holding the drain
 * for it would deadlock).  Holding only while this cycle's write-back
 * refuses it, not whenever one is present, measured better (docs/rfc.md):
 * a write the port is free for needs no hold. */
static int direct_waits(const struct rt_model *m, const uint32_t *in, uint64_t wr_direct)
{
	for (unsigned p = 0; p < m->g.WP; p++)
		if ((wr_direct >> p & 1u) &&
		    !vb_holds(m, (unsigned)tin(m, in, RCT_WR_WARP_I, p), (unsigned)tin(m, in, RCT_WR_REG_I, p)))
			return 1;
	return 0;
}

static void rfc_write(struct rt_model *m, unsigned slot, unsigned reg, unsigned w, const uint32_t *data)
{
	sset(m, RCT_U_RFC, RFC_WR_I, 0, 1);
	sset(m, RCT_U_RFC, RFC_WR_WARP_I, 0, w);
	sset(m, RCT_U_RFC, RFC_WR_SLOT_I, 0, slot);
	sset(m, RCT_U_RFC, RFC_WR_REG_I, 0, reg);
	sset(m, RCT_U_RFC, RFC_WR_BYPASS_I, 0, w < m->g.kw && reg < m->g.kr ? m->ll[wr_index(m, w, reg)] : 0);
	bus_set_words(m->cu.in[RCT_U_RFC], cu_port(&m->cu, RCT_U_RFC, RFC_WR_DATA_I), 0, data);
}

/* One cycle's decisions (m->d, grants) and every unit's inputs and outputs. */
static void rt_comb(struct rt_model *m, const uint32_t *in)
{
	const struct rfc_top_geom *g = &m->g;
	const struct rt_state *q = &m->q;
	struct rt_state *d = &m->d;
	const struct port_desc *wd = tport(m, RCT_WR_DATA_I);
	uint64_t rd_mrf = 0, wr_direct = 0;
	int probe = -1, wport = -1, merged = -1, gcol = -1, mw_v;
	unsigned ng = 0, mw_warp = 0, mw_reg = 0;
	uint32_t data[32];

	state_copy(d, q, g);
	memset(d->pc_v, 0, sizeof d->pc_v);
	memset(d->fill_v, 0, sizeof d->fill_v);
	memset(d->serve, 0, g->C);
	d->mg_v = 0;
	m->rd_gnt = m->wr_gnt = 0;
	cu_clear_inputs(&m->cu);
	/* registered unit outputs: the RFC's write-back and read data */
	cu_eval(&m->cu, RCT_U_RFC);
	mw_v = sget(m, RCT_U_RFC, RFC_MRF_WR_O, 0) != 0;
	if (mw_v) {
		mw_warp = (unsigned)sget(m, RCT_U_RFC, RFC_MRF_WR_WARP_O, 0);
		mw_reg = (unsigned)sget(m, RCT_U_RFC, RFC_MRF_WR_REG_O, 0);
		bus_get_words(m->cu.out[RCT_U_RFC], cu_port(&m->cu, RCT_U_RFC, RFC_MRF_WR_DATA_O), 0, m->mw_data);
	}
	/* the active set; its flush request goes to the RFC (wiring) */
	cu_wire(&m->cu, RCT_U_S2L, in, NULL);
	comb_s2l(m, in);
	cu_eval(&m->cu, RCT_U_S2L);
	cu_wire(&m->cu, RCT_U_RFC, in, NULL);
	sset(m, RCT_U_RFC, RFC_FL_WARP_I, 0, q->slot_warp[sget(m, RCT_U_S2L, S2L_FLUSH_SLOT_O, 0) % g->na]);
	/* writes: a merge whose cached value arrived, then the ports in order */
	if (q->mg_v) {
		unsigned p = q->mg_port, w = q->mg_warp;
		int s = slot_of(m, w);

		if (tin(m, in, RCT_WR_REQ_I, p) && tin(m, in, RCT_WR_WARP_I, p) == w &&
		    tin(m, in, RCT_WR_REG_I, p) == q->mg_reg && s >= 0 && q->slot_st[s] == RCT_SLOT_ACTIVE &&
		    sget(m, RCT_U_RFC, RFC_RD_VALID_O, 0)) {
			uint64_t mask = tin(m, in, RCT_WR_MASK_I, p);

			bus_get_words(m->cu.out[RCT_U_RFC], cu_port(&m->cu, RCT_U_RFC, RFC_RD_DATA_O), 0, m->mg_data);
			bus_get_words(in, wd, p, data);
			for (unsigned l = 0; l < g->lanes; l++)
				if (mask >> l & 1u)
					m->mg_data[l] = data[l];
			merged = wport = (int)p;
			rfc_write(m, (unsigned)s, q->mg_reg, w, m->mg_data);
		}
	}
	for (unsigned p = 0; p < g->WP; p++) {
		unsigned w = (unsigned)tin(m, in, RCT_WR_WARP_I, p), r = (unsigned)tin(m, in, RCT_WR_REG_I, p);
		uint64_t live = tin(m, in, RCT_WR_LIVE_I, p);
		int s = slot_of(m, w);

		if (!tin(m, in, RCT_WR_REQ_I, p) || (int)p == merged || (s >= 0 && q->slot_st[s] == RCT_SLOT_DRAIN))
			continue;	/* merged above / waits for its warp's flush */
		if (s < 0) {
			wr_direct |= UINT64_C(1) << p;
		} else if ((tin(m, in, RCT_WR_MASK_I, p) & live) == live) {
			if (wport >= 0)
				continue;	/* one RFC write per cycle */
			wport = (int)p;
			bus_get_words(in, wd, p, data);
			rfc_write(m, (unsigned)s, r, w, data);
		} else if (probe < 0) {
			probe = (int)p;		/* partial mask: is the register cached? */
			sset(m, RCT_U_RFC, RFC_RD_I, 0, 1);
			sset(m, RCT_U_RFC, RFC_RD_SLOT_I, 0, (unsigned)s);
			sset(m, RCT_U_RFC, RFC_RD_REGV_I, 0, 1);
			sset(m, RCT_U_RFC, RFC_RD_REG_I, 0, r);
		}
	}
	/* reads: operand buffers, MRF, or the one tag check */
	for (unsigned o = 0; o < g->C; o++) {
		unsigned c = (q->rd_ptr + o) % g->C, w, i;
		int s;

		if (!tin(m, in, RCT_RD_REQ_I, c))
			continue;
		w = (unsigned)tin(m, in, RCT_RD_WARP_I, c);
		i = (unsigned)tin(m, in, RCT_RD_SRC_I, c);
		s = slot_of(m, w);
		if (q->cov_hit[c] >> i & 1u) {
			d->cov_hit[c] &= ~(UINT32_C(1) << i);
			m->rd_gnt |= UINT64_C(1) << c;
			d->serve[c] = 1;
			d->serve_idx[c] = i;
		} else if ((q->cov_miss[c] >> i & 1u) || s < 0) {
			rd_mrf |= UINT64_C(1) << c;
		} else if (q->slot_st[s] == RCT_SLOT_ACTIVE && probe < 0 && gcol < 0) {
			unsigned nsrc = (unsigned)tin(m, in, RCT_RD_NSRC_I, c);
			uint64_t last = tin(m, in, RCT_RD_LAST_I, c);

			ng = nsrc > i ? nsrc - i : 0;
			if (ng > g->ns)
				ng = g->ns;
			gcol = (int)c;
			sset(m, RCT_U_RFC, RFC_RD_I, 0, 1);
			sset(m, RCT_U_RFC, RFC_RD_SLOT_I, 0, (unsigned)s);
			for (unsigned k = 0; k < ng; k++) {
				unsigned r = (unsigned)tin(m, in, RCT_RD_SRCS_I, c * g->S + i + k), occ = 0;

				for (unsigned j = i; j < nsrc && j < g->S; j++)
					occ += tin(m, in, RCT_RD_SRCS_I, c * g->S + j) == r;
				sset(m, RCT_U_RFC, RFC_RD_REGV_I, k, 1);
				sset(m, RCT_U_RFC, RFC_RD_REG_I, k, r);
				sset(m, RCT_U_RFC, RFC_RD_LAST_I, k, (last >> (i + k) & 1u) && pend_now(m, in, w, r) == occ);
			}
		}
	}
	if (gcol >= 0)
		d->rd_ptr = ((unsigned)gcol + 1u) % g->C;
	sset(m, RCT_U_RFC, RFC_FL_HOLD_I, 0, m->cfg->rfc.flush_yields && mw_v && direct_waits(m, in, wr_direct));
	m->ng = ng;
	m->probe = probe;
	m->merged = merged >= 0;
	cu_eval(&m->cu, RCT_U_RFC);
	for (unsigned k = 0; k < ng; k++) {
		unsigned c = (unsigned)gcol, j = (unsigned)tin(m, in, RCT_RD_SRC_I, c) + k;
		int hit = sget(m, RCT_U_RFC, RFC_RD_HIT_O, k) != 0;

		if (k == 0 && hit) {
			m->rd_gnt |= UINT64_C(1) << c;
			d->pc_v[0] = 1;
			d->pc_col[0] = c;
		} else if (!hit) {
			if (k == 0)
				rd_mrf |= UINT64_C(1) << c;
			d->cov_miss[c] |= UINT32_C(1) << j;	/* a refused read retries there */
		} else {
			d->cov_hit[c] |= UINT32_C(1) << j;
			d->fill_v[k] = 1;
			d->fill_idx[k] = j;
			d->fill_col = c;
		}
	}
	if (probe >= 0) {
		if (sget(m, RCT_U_RFC, RFC_RD_HIT_O, 0)) {
			d->mg_v = 1;
			d->mg_port = (unsigned)probe;
			d->mg_warp = (unsigned)tin(m, in, RCT_WR_WARP_I, (unsigned)probe);
			d->mg_reg = (unsigned)tin(m, in, RCT_WR_REG_I, (unsigned)probe);
		} else {
			wr_direct |= UINT64_C(1) << probe;
		}
	}
	if (wport >= 0)
		m->wr_gnt |= UINT64_C(1) << wport;
	m->fl_done = sget(m, RCT_U_S2L, S2L_FLUSH_O, 0) && sget(m, RCT_U_RFC, RFC_FL_DONE_O, 0);
	/* the MRF: the RFC's write-back alone, else the direct writes */
	if (mw_v) {
		sset(m, RCT_U_MRF, RFB_WR_REQ_I, 0, 1);
		sset(m, RCT_U_MRF, RFB_WR_WARP_I, 0, mw_warp * g->spw + mw_reg / g->rpw);
		sset(m, RCT_U_MRF, RFB_WR_REG_I, 0, mw_reg % g->rpw);
		sset(m, RCT_U_MRF, RFB_WR_MASK_I, 0, full_mask(g->lanes));
		bus_set_words(m->cu.in[RCT_U_MRF], cu_port(&m->cu, RCT_U_MRF, RFB_WR_DATA_I), 0, m->mw_data);
	} else {
		for (unsigned p = 0; p < g->WP; p++) {
			unsigned w = (unsigned)tin(m, in, RCT_WR_WARP_I, p), r = (unsigned)tin(m, in, RCT_WR_REG_I, p);

			if (!(wr_direct >> p & 1u) || vb_holds(m, w, r))
				continue;	/* a buffered older copy drains first */
			sset(m, RCT_U_MRF, RFB_WR_REQ_I, p, 1);
			sset(m, RCT_U_MRF, RFB_WR_WARP_I, p, w * g->spw + r / g->rpw);
			sset(m, RCT_U_MRF, RFB_WR_REG_I, p, r % g->rpw);
			sset(m, RCT_U_MRF, RFB_WR_MASK_I, p, tin(m, in, RCT_WR_MASK_I, p));
			bus_get_words(in, wd, p, data);
			bus_set_words(m->cu.in[RCT_U_MRF], cu_port(&m->cu, RCT_U_MRF, RFB_WR_DATA_I), p, data);
		}
	}
	for (unsigned c = 0; c < g->C; c++) {
		unsigned w = (unsigned)tin(m, in, RCT_RD_WARP_I, c), r = (unsigned)tin(m, in, RCT_RD_REG_I, c);

		if (!(rd_mrf >> c & 1u) || (mw_v && w == mw_warp && r == mw_reg) || vb_holds(m, w, r))
			continue;	/* its write-back lands this cycle / is still buffered */
		sset(m, RCT_U_MRF, RFB_RD_REQ_I, c, 1);
		sset(m, RCT_U_MRF, RFB_RD_WARP_I, c, w * g->spw + r / g->rpw);
		sset(m, RCT_U_MRF, RFB_RD_REG_I, c, r % g->rpw);
	}
	cu_eval(&m->cu, RCT_U_MRF);
	for (unsigned c = 0; c < g->C; c++)
		if (sget(m, RCT_U_MRF, RFB_RD_GNT_O, c)) {
			m->rd_gnt |= UINT64_C(1) << c;
			d->cov_miss[c] &= ~(UINT32_C(1) << tin(m, in, RCT_RD_SRC_I, c));
		}
	if (!mw_v)
		for (unsigned p = 0; p < g->WP; p++)
			m->wr_gnt |= sget(m, RCT_U_MRF, RFB_WR_GNT_O, p) << p;
	/* the scheduler's edge: the flush done, demote, promote */
	sset(m, RCT_U_S2L, S2L_FLUSH_DONE_I, 0, (unsigned)m->fl_done);
	cu_eval(&m->cu, RCT_U_S2L);
	if (sget(m, RCT_U_S2L, S2L_DEMOTE_O, 0))
		d->slot_st[sget(m, RCT_U_S2L, S2L_DEMOTE_SLOT_O, 0)] = RCT_SLOT_DRAIN;
	if (m->fl_done) {
		unsigned s = (unsigned)sget(m, RCT_U_S2L, S2L_FLUSH_SLOT_O, 0);

		d->slot_st[s] = RCT_SLOT_FREE;
		if (q->slot_warp[s] < g->kw)
			d->ws_v[q->slot_warp[s]] = 0;
	}
	if (sget(m, RCT_U_S2L, S2L_PROMOTE_O, 0)) {
		unsigned s = (unsigned)sget(m, RCT_U_S2L, S2L_PROMOTE_SLOT_O, 0);
		unsigned w = (unsigned)sget(m, RCT_U_S2L, S2L_PROMOTE_WARP_O, 0);

		d->slot_st[s] = RCT_SLOT_ACTIVE;
		d->slot_warp[s] = w;
		if (w < g->kw) {
			d->ws_v[w] = 1;
			d->ws[w] = s;
		}
	}
	/* busy next cycle: a demotion, a flush or a promotion is due */
	{
		uint64_t wake = 0, held = 0;
		int busy = 0, free_slot = 0;

		for (unsigned w = 0; w < g->W; w++)
			wake |= (uint64_t)(tin(m, in, RCT_WARP_VALID_I, w) && !tin(m, in, RCT_WARP_BAR_I, w) &&
					   !tin(m, in, RCT_WARP_LLWAIT_I, w)) << w;
		for (unsigned s = 0; s < g->na; s++) {
			unsigned w = d->slot_warp[s];

			if (d->slot_st[s] == RCT_SLOT_ACTIVE) {
				held |= UINT64_C(1) << w;
				busy |= !tin(m, in, RCT_WARP_VALID_I, w) || tin(m, in, RCT_WARP_LLWAIT_I, w) ||
					tin(m, in, RCT_WARP_BAR_I, w);
			} else if (d->slot_st[s] == RCT_SLOT_DRAIN) {
				held |= UINT64_C(1) << w;
				busy = 1;
			} else {
				free_slot = 1;
			}
		}
		d->busy = busy || (free_slot && (wake & ~held) != 0);
	}
}

/* Read data from the registers: operand buffer, RFC port, MRF. */
static void out_reads(const struct rt_model *m, uint32_t *out)
{
	const struct rfc_top_geom *g = &m->g;
	const struct rt_state *q = &m->q;
	const struct port_desc *rfd = cu_port(&m->cu, RCT_U_RFC, RFC_RD_DATA_O);
	const struct port_desc *od = tport(m, RCT_RD_DATA_O);
	uint32_t data[32];

	for (unsigned c = 0; c < g->C; c++) {
		int v = sget(m, RCT_U_MRF, RFB_RD_VALID_O, c) != 0;

		bus_get_words(m->cu.out[RCT_U_MRF], cu_port(&m->cu, RCT_U_MRF, RFB_RD_DATA_O), c, data);
		for (unsigned k = 0; k < g->ns; k++)
			if (q->pc_v[k] && q->pc_col[k] == c) {
				v = 1;
				bus_get_words(m->cu.out[RCT_U_RFC], rfd, k, data);
			}
		if (q->serve[c]) {
			int filling = 0;

			v = 1;
			for (unsigned k = 0; k < g->ns; k++)
				if (q->fill_v[k] && q->fill_col == c && q->fill_idx[k] == q->serve_idx[c]) {
					filling = 1;
					bus_get_words(m->cu.out[RCT_U_RFC], rfd, k, data);
				}
			if (!filling)
				memcpy(data, m->cbuf + ((size_t)c * g->S + q->serve_idx[c]) * g->lanes,
				       g->lanes * sizeof *data);
		}
		bus_set(out, tport(m, RCT_RD_VALID_O), c, (unsigned)v);
		if (v)
			bus_set_words(out, od, c, data);
	}
}

static void rt_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct rt_model *m = vm;
	const struct rfc_top_geom *g = &m->g;

	rt_comb(m, in);
	eval_memo_note(&m->memo, in);
	memset(out, 0, m->desc->out_words * sizeof *out);
	for (unsigned c = 0; c < g->C; c++)
		bus_set(out, tport(m, RCT_RD_GNT_O), c, m->rd_gnt >> c & 1u);
	for (unsigned p = 0; p < g->WP; p++)
		bus_set(out, tport(m, RCT_WR_GNT_O), p, m->wr_gnt >> p & 1u);
	out_reads(m, out);
	for (unsigned s = 0; s < g->na; s++)
		if (m->q.slot_st[s] == RCT_SLOT_ACTIVE)
			bus_set(out, tport(m, RCT_ISSUABLE_O), m->q.slot_warp[s], 1);
	cu_wire(&m->cu, RCT_U_TOP, in, out);
	bus_set(out, tport(m, RCT_BUSY_O), 0,
		(unsigned)(m->q.busy || m->q.mg_v || sget(m, RCT_U_RFC, RFC_MRF_WR_O, 0) || vb_any(m)));
}

/* Pending reads and long-latency flags at the edge: this cycle's issues,
 * then one read less per granted read (never below 0). */
static void tick_pending(struct rt_model *m, const uint32_t *in)
{
	const struct rfc_top_geom *g = &m->g;
	unsigned max = (1u << g->pw) - 1u;

	for (unsigned p = 0; p < g->NI; p++) {
		unsigned w = (unsigned)tin(m, in, RCT_ISS_WARP_I, p);
		unsigned ns = (unsigned)tin(m, in, RCT_ISS_NSRC_I, p), nd = (unsigned)tin(m, in, RCT_ISS_NDST_I, p);

		if (!tin(m, in, RCT_ISS_I, p) || w >= g->kw)
			continue;
		for (unsigned j = 0; j < ns && j < g->S; j++) {
			unsigned r = (unsigned)tin(m, in, RCT_ISS_SRCS_I, p * g->S + j);

			if (r < g->kr)
				m->pend[wr_index(m, w, r)] = (uint8_t)((m->pend[wr_index(m, w, r)] + 1u) & max);
		}
		for (unsigned j = 0; j < nd && j < g->DS; j++) {
			unsigned r = (unsigned)tin(m, in, RCT_ISS_DSTS_I, p * g->DS + j);

			if (r < g->kr)
				m->ll[wr_index(m, w, r)] = (uint8_t)tin(m, in, RCT_ISS_LL_I, p);
		}
	}
	for (unsigned c = 0; c < g->C; c++) {
		unsigned w = (unsigned)tin(m, in, RCT_RD_WARP_I, c), r = (unsigned)tin(m, in, RCT_RD_REG_I, c);

		if ((m->rd_gnt >> c & 1u) && w < g->kw && r < g->kr && m->pend[wr_index(m, w, r)])
			m->pend[wr_index(m, w, r)]--;
	}
}

/* The statistics of this edge (C only). */
static void tick_counts(struct rt_model *m)
{
	const struct rfc_top_geom *g = &m->g;
	const struct gpurf_cfg *cfg = m->cfg;
	uint64_t *n = m->cnt;
	const uint32_t *mi = m->cu.in[RCT_U_MRF];
	int mw_v = sget(m, RCT_U_RFC, RFC_MRF_WR_O, 0) != 0;

	if (mw_v) {
		unsigned kind = (unsigned)sget(m, RCT_U_RFC, RFC_MRF_WR_KIND_O, 0);

		n[kind == RFC_MRF_EVICT ? RCT_C_MRF_EVICT : kind == RFC_MRF_BYPASS ? RCT_C_MRF_BYPASS : RCT_C_MRF_FLUSH]++;
	}
	n[RCT_C_TAG_CHECKS] += m->ng || m->probe >= 0;
	for (unsigned k = 0; k < m->ng; k++)
		if (sget(m, RCT_U_RFC, RFC_RD_HIT_O, k)) {
			n[RCT_C_RFC_READS]++;
			n[RCT_C_LAST_USE] += bus_get(m->cu.in[RCT_U_RFC], cu_port(&m->cu, RCT_U_RFC, RFC_RD_LAST_I), k);
		}
	if (bus_get(m->cu.in[RCT_U_RFC], cu_port(&m->cu, RCT_U_RFC, RFC_WR_I), 0)) {
		n[RCT_C_RFC_WRITES]++;
		n[RCT_C_RFC_WRITE_HITS] += sget(m, RCT_U_RFC, RFC_WR_HIT_O, 0);
	}
	n[RCT_C_MERGES] += (unsigned)m->merged;
	for (unsigned c = 0; c < g->C; c++)
		if (sget(m, RCT_U_MRF, RFB_RD_GNT_O, c)) {
			n[RCT_C_MRF_READS]++;
			m->brd[rf_banked_bank(cfg, (unsigned)bus_get(mi, cu_port(&m->cu, RCT_U_MRF, RFB_RD_WARP_I), c),
					      (unsigned)bus_get(mi, cu_port(&m->cu, RCT_U_MRF, RFB_RD_REG_I), c))]++;
		}
	for (unsigned p = 0; p < g->WP; p++)
		if (sget(m, RCT_U_MRF, RFB_WR_GNT_O, p)) {
			n[RCT_C_MRF_WRITES]++;
			n[RCT_C_MRF_DIRECT] += !mw_v;
			m->bwr[rf_banked_bank(cfg, (unsigned)bus_get(mi, cu_port(&m->cu, RCT_U_MRF, RFB_WR_WARP_I), p),
					      (unsigned)bus_get(mi, cu_port(&m->cu, RCT_U_MRF, RFB_WR_REG_I), p))]++;
		}
	for (unsigned b = 0; b < cfg->banks; b++)
		m->bcf[b] += sget(m, RCT_U_MRF, RFB_BANK_CONFLICT_O, b);
	n[RCT_C_DEMOTIONS] += sget(m, RCT_U_S2L, S2L_DEMOTE_O, 0);
	n[RCT_C_PROMOTIONS] += sget(m, RCT_U_S2L, S2L_PROMOTE_O, 0);
	for (unsigned s = 0; s < g->na; s++)
		n[RCT_C_ACTIVE_CYCLES] += m->d.slot_st[s] == RCT_SLOT_ACTIVE;
}

static void rt_tick(void *vm, const uint32_t *in)
{
	struct rt_model *m = vm;
	const struct rfc_top_geom *g = &m->g;
	const struct rt_state *q = &m->q;

	if (!eval_memo_hit(&m->memo, in))
		rt_comb(m, in);
	tick_counts(m);
	tick_pending(m, in);
	/* operand buffers: last cycle's tag check's hits arrive on the RFC ports */
	for (unsigned k = 0; k < g->ns; k++)
		if (q->fill_v[k])
			bus_get_words(m->cu.out[RCT_U_RFC], cu_port(&m->cu, RCT_U_RFC, RFC_RD_DATA_O), k,
				      m->cbuf + ((size_t)q->fill_col * g->S + q->fill_idx[k]) * g->lanes);
	cu_tick(&m->cu);
	state_copy(&m->q, &m->d, g);
	eval_memo_forget(&m->memo);
}

void rfc_top_take_counts(void *model, uint64_t *cnt, uint64_t *rd, uint64_t *wr, uint64_t *conflict)
{
	struct rt_model *m = model;

	for (unsigned i = 0; i < RCT_NCOUNT; i++)
		cnt[i] += m->cnt[i];
	for (unsigned b = 0; b < m->cfg->banks; b++) {
		rd[b] += m->brd[b];
		wr[b] += m->bwr[b];
		conflict[b] += m->bcf[b];
	}
	memset(m->cnt, 0, sizeof m->cnt);
	memset(m->brd, 0, sizeof m->brd);
	memset(m->bwr, 0, sizeof m->bwr);
	memset(m->bcf, 0, sizeof m->bcf);
}

const struct unit_ops rfc_top_ops = {
	"rfc_top", rt_create, rt_reset, rt_eval, rt_tick, rt_destroy,
};
