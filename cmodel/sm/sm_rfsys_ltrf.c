/* sm_rfsys_ltrf.c: `scheme = ltrf` and `scheme = ltrf_plus` behind the SM's
 * register-file subsystem interface (sm_rfsys.h): LTRF (Sadrosadati et al.,
 * ASPLOS 2018), composed of the unit models (bus interfaces, the models the
 * RTL is checked against)
 *
 *   wcb          address table (valid, bank per warp register), warp
 *                offsets, working sets: every operand access looks its
 *                register up here first (lookup_ports per cycle, answer one
 *                cycle later);
 *   ltrf_cache   the register cache (N banks x A rows) and its global
 *                offset allocator (a row per active warp);
 *   ltrf_engine  PREFETCH / DEACTIVATE: write-backs and fetches between the
 *                main file and the cache, xbar_bits beats per register;
 *   rf_banked    (typed) the main register file, read latency
 *                read_latency x mrf_latency_mult.
 *
 * The compiler's register intervals (compiler/ltrf.c through sm_kc.h, N =
 * regs_per_interval) give each instruction's interval and each interval's
 * working set; LTRF+ adds the warp liveness: the live vector sent with
 * every command (a register not live is neither written back nor read
 * from the main file).  Two-level scheduling: only warps with a cache row (at most
 * active_warps) are scheduled; the others are blocked (SM_RF_CTL_WARP_BLOCK).
 * Decisions: docs/sm.md, "ltrf in the SM". */
#include <stdlib.h>
#include <string.h>

#include "sm_rfsys.h"
#include "ltrf_cache.h"
#include "ltrf_cache_desc.h"
#include "ltrf_engine.h"
#include "ltrf_engine_desc.h"
#include "ltrf_top_desc.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "sm_core.h"
#include "sm_grow.h"
#include "sm_inflight.h"
#include "sm_kc.h"
#include "sm_prog.h"
#include "wcb.h"
#include "wcb_desc.h"

enum {
	C_PREFETCH, C_ACTIVATE, C_DEACTIVATE, C_CACHE_READS, C_CACHE_WRITES, C_MRF_READS, C_MRF_WRITES,
	C_MRF_DIRECT, C_LOOKUPS, C_LOOKUP_STALL, C_ACTIVE_ROWS, C_BLOCKED_WARPS, C_SWITCH_WAIT,
	C_MISS_READS,
};

static const char *const lt_counters[] = {
	"prefetches", "activations", "deactivations", "rfc_reads", "rfc_writes", "mrf_read_beats",
	"mrf_write_beats", "mrf_direct_writes", "wcb_lookups", "lookup_port_stalls",
	"active_rows_cycles", "blocked_warps_cycles", "interval_switches", "rfc_miss_reads", NULL,
};

enum { WS_NONE, WS_PENDING, WS_ACTIVATING, WS_ACTIVE, WS_DEACTIVATING };

/* One issued instruction's register operands (sm_inflight.h) and its
 * interval. */
struct rec {
	struct sm_inflight_rec op;
	int iv;				/* its interval */
	int pc;
	int longlat;
};

struct warp_st {
	int used, done, state, row;
	int cur_iv;			/* working set in (or going to) its row */
	int last_iv;			/* interval of the last issued instruction */
	int last_pc;
	int want_deact, bar_wait;
	unsigned cta;
	int blocked;			/* as told to the core */
	uint64_t wake;			/* order of becoming pending (activation FIFO) */
	uint64_t cmd_at;		/* cycle its row's last command was given */
	int issued;			/* has issued an instruction */
	uint64_t mrf_wr[SM_KC_SET_WORDS];	/* LTRF+: written to the main file while holding a
						 * row since its last command (must be fetched) */
};

/* A lookup issued last cycle for collector c (or write port p). */
struct look {
	int valid;
	unsigned warp, reg;
};

struct rfs_lt {
	const struct gpurf_cfg *cfg;
	struct gpurf_cfg mrf_cfg;		/* the main file: read latency x mrf_latency_mult */
	struct module_desc wd, cd, ed;
	void *wcb, *cache, *eng, *mrf;
	uint32_t *w_in, *w_out, *c_in, *c_out, *e_in, *e_out;
	struct compose_ends ends;		/* the units' buses, wired along ltrf_top_wiring */
	const struct sm_prog *prog;
	struct sm_kc_ltrf lt;
	int plus;
	unsigned A, N, R, lanes, beats, xw, nlk, nc, nwp;
	uint64_t now, seq;
	struct warp_st *ws;
	unsigned nws;
	struct sm_inflight inf;		/* issued instructions' operands, per warp */
	struct look lk_rd[64], lk_wr[16];
	uint32_t rd_buf[64][64];	/* read data returned to collectors */
	uint32_t mrf_buf[16][64];	/* direct MRF write data */
	unsigned mrf_beat[64], mrf_head, mrf_tail;	/* beats of the main-file reads in flight */
	/* control queue to the core */
	struct sm_rf_ctl *cq;
	unsigned ncq, cap_cq;
	/* barriers: per resident CTA, warps arrived and warps of it */
	unsigned *bar_arr, *cta_warps, *cta_done;
	unsigned ncta;
	unsigned last_rows, last_blocked;
};

static void oom_abort(void)
{
	abort();	/* step() has no error path (sm_rfsys.h) */
}

static void put(uint32_t *bus, const struct module_desc *d, unsigned p, unsigned e, uint64_t v)
{
	bus_set(bus, &d->ports[p], e, v);
}

static uint64_t get(const uint32_t *bus, const struct module_desc *d, unsigned p, unsigned e)
{
	return bus_get(bus, &d->ports[p], e);
}

static void vec_words(const uint64_t *set, unsigned R, uint32_t *w)
{
	for (unsigned i = 0; i < (R + 31) / 32; i++)
		w[i] = (uint32_t)(set[i / 2] >> (32 * (i % 2)));
	if (R % 32)
		w[(R - 1) / 32] &= (1u << (R % 32)) - 1;
}

/* ---- creation --------------------------------------------------------------- */

static void lt_free(void *vm)
{
	struct rfs_lt *m = vm;

	if (!m)
		return;
	if (m->wcb)
		wcb_ops.destroy(m->wcb);
	if (m->cache)
		ltrf_cache_ops.destroy(m->cache);
	if (m->eng)
		ltrf_engine_ops.destroy(m->eng);
	rf_banked_free(m->mrf);
	sm_kc_ltrf_free(&m->lt);
	free(m->w_in), free(m->w_out), free(m->c_in), free(m->c_out), free(m->e_in), free(m->e_out);
	free(m->ws), sm_inflight_free(&m->inf), free(m->cq), free(m->bar_arr), free(m->cta_warps), free(m->cta_done);
	free(m);
}

static void *lt_create(const struct gpurf_cfg *cfg, const struct sm_rf_kernel *k, struct gpurf_err *err)
{
	struct rfs_lt *m;

	if (!k->prog)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: [sm] scheme = %s needs a PTX kernel (the "
				  "compiler's register intervals); traces are not supported", cfg->path,
				  cfg_enum_name("scheme", cfg->scheme)), NULL;
	if (k->regs > cfg->d.regs_per_warp)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: LTRF's main file holds %u registers per warp, "
				  "the kernel needs %u; allowed: [rf] regs_per_warp >= %u", cfg->path,
				  cfg->d.regs_per_warp, k->regs, k->regs), NULL;
	if (cfg->collectors > 32 || cfg->write_ports + 1 > 16 || cfg->d.warp_bits > 64 * 32)
		return gpurf_fail(err, GPURF_ERR_INPUT, "%s: LTRF in the SM: at most 32 collectors, 15 write "
				  "ports", cfg->path), NULL;
	if (!(m = calloc(1, sizeof *m)))
		goto oom;
	m->cfg = cfg;
	m->prog = k->prog;
	m->plus = cfg->scheme == SCHEME_LTRF_PLUS;
	m->A = cfg->ltrf.active_warps;
	m->N = cfg->ltrf.regs_per_interval;
	m->R = cfg->ltrf.d.arch_regs;
	m->lanes = cfg->lanes;
	m->beats = cfg->ltrf.d.beats;
	m->xw = cfg->ltrf.d.xbar_width / 32;
	m->nlk = cfg->ltrf.lookup_ports;
	m->nc = cfg->collectors;
	m->nwp = cfg->write_ports;
	if (sm_kc_ltrf(k->prog, m->N, &m->lt))
		goto oom;
	/* the main file: one engine read port (collector 0), the engine's write
	 * port 0 and direct writes on 1..write_ports */
	m->mrf_cfg = *cfg;
	m->mrf_cfg.read_latency = cfg->ltrf.d.mrf_latency;
	m->mrf_cfg.collectors = 1;
	m->mrf_cfg.write_ports = cfg->write_ports + 1;
	desc_wcb(cfg, &m->wd);
	desc_ltrf_cache(cfg, &m->cd);
	desc_ltrf_engine(cfg, &m->ed);
	m->w_in = calloc(m->wd.in_words + 1, 4), m->w_out = calloc(m->wd.out_words + 1, 4);
	m->c_in = calloc(m->cd.in_words + 1, 4), m->c_out = calloc(m->cd.out_words + 1, 4);
	m->e_in = calloc(m->ed.in_words + 1, 4), m->e_out = calloc(m->ed.out_words + 1, 4);
	m->nws = cfg->warps > k->hw_warps ? cfg->warps : k->hw_warps;
	m->ws = calloc(m->nws, sizeof *m->ws);
	if (sm_inflight_init(&m->inf, m->nws, sizeof(struct rec)))
		goto oom;
	m->ncta = cfg->ctas + 1;
	m->bar_arr = calloc(m->ncta, sizeof *m->bar_arr);
	m->cta_warps = calloc(m->ncta, sizeof *m->cta_warps);
	m->cta_done = calloc(m->ncta, sizeof *m->cta_done);
	if (!m->w_in || !m->w_out || !m->c_in || !m->c_out || !m->e_in || !m->e_out || !m->ws ||
	    !m->bar_arr || !m->cta_warps || !m->cta_done)
		goto oom;
	if (!(m->wcb = wcb_ops.create(cfg, &m->wd)) || !(m->cache = ltrf_cache_ops.create(cfg, &m->cd)) ||
	    !(m->eng = ltrf_engine_ops.create(cfg, &m->ed)) || !(m->mrf = rf_banked_create(&m->mrf_cfg)))
		goto oom;
	m->ends.ports[LT_U_WCB] = m->wd.ports, m->ends.dst[LT_U_WCB] = m->w_in, m->ends.src[LT_U_WCB] = m->w_out;
	m->ends.ports[LT_U_CACHE] = m->cd.ports, m->ends.dst[LT_U_CACHE] = m->c_in, m->ends.src[LT_U_CACHE] = m->c_out;
	m->ends.ports[LT_U_ENGINE] = m->ed.ports, m->ends.dst[LT_U_ENGINE] = m->e_in;
	m->ends.src[LT_U_ENGINE] = m->e_out;
	wcb_ops.reset(m->wcb);
	ltrf_cache_ops.reset(m->cache);
	ltrf_engine_ops.reset(m->eng);
	/* the WCB clears its table after reset: before the kernel starts */
	for (;;) {
		memset(m->w_in, 0, m->wd.in_words * 4);
		wcb_ops.eval(m->wcb, m->w_in, m->w_out);
		if (get(m->w_out, &m->wd, WCB_READY_O, 0))
			break;
		wcb_ops.tick(m->wcb, m->w_in);
	}
	for (unsigned w = 0; w < m->nws; w++)
		m->ws[w].row = -1;
	return m;
oom:
	gpurf_fail(err, GPURF_ERR_IO, "out of memory creating the LTRF register-file subsystem");
	lt_free(m);
	return NULL;
}

/* ---- records and control ------------------------------------------------------ */

static void ctl(struct rfs_lt *m, unsigned warp, int block)
{
	struct warp_st *w = &m->ws[warp];

	if (w->blocked == block)
		return;
	w->blocked = block;
	if (sm_grow((void **)&m->cq, &m->cap_cq, m->ncq + 1, sizeof *m->cq))
		oom_abort();
	m->cq[m->ncq++] = (struct sm_rf_ctl){block ? SM_RF_CTL_WARP_BLOCK : SM_RF_CTL_WARP_UNBLOCK, w->cta, warp};
}

static struct rec *rec_at(const struct rfs_lt *m, int i)
{
	return (struct rec *)sm_inflight_at(&m->inf, i);
}

static void add_rec(struct rfs_lt *m, unsigned warp, int pc)
{
	const struct sm_insn *si = &m->prog->insns[pc];
	struct rec *r;
	int i;

	if (!si->nsrc && !si->ndst)
		return;
	if ((i = sm_inflight_add(&m->inf, warp, si)) < 0)
		oom_abort();
	r = rec_at(m, i);
	r->iv = m->lt.interval_of[pc];
	r->pc = pc;
	r->longlat = si->longlat;
}

/* Do records of interval iv (any: -1) of the warp still read? */
static int reads_in(const struct rfs_lt *m, unsigned warp, int iv)
{
	for (int i = sm_inflight_head(&m->inf, warp); i >= 0; i = rec_at(m, i)->op.next) {
		const struct rec *r = rec_at(m, i);
		if (!sm_inflight_all_read(&r->op) && (iv < 0 || r->iv == iv))
			return 1;
	}
	return 0;
}

/* Adds the registers the warp's records still read to set (LTRF+: they must
 * survive a deactivation). */
static void unread_srcs(const struct rfs_lt *m, unsigned warp, uint64_t *set)
{
	for (int i = sm_inflight_head(&m->inf, warp); i >= 0; i = rec_at(m, i)->op.next) {
		const struct rec *r = rec_at(m, i);

		for (unsigned s = 0; s < r->op.nsrc; s++)
			if (!(r->op.sread >> s & 1))
				set[r->op.src[s] >> 6] |= UINT64_C(1) << (r->op.src[s] & 63);
	}
}

/* The interval the warp needs next: that of its oldest record still
 * reading, else that of its last issue. */
static int next_iv(const struct rfs_lt *m, unsigned warp)
{
	for (int i = sm_inflight_head(&m->inf, warp); i >= 0; i = rec_at(m, i)->op.next) {
		const struct rec *r = rec_at(m, i);
		if (!sm_inflight_all_read(&r->op))
			return r->iv;
	}
	return m->ws[warp].last_iv;
}

/* Does the warp wait on a long-latency result already on its way (its
 * sources read)?  A load that has not read its sources waits for us. */
static int ll_wait(const struct rfs_lt *m, unsigned warp)
{
	for (int i = sm_inflight_head(&m->inf, warp); i >= 0; i = rec_at(m, i)->op.next) {
		const struct rec *r = rec_at(m, i);
		if (r->longlat && sm_inflight_all_read(&r->op) && !sm_inflight_all_written(&r->op))
			return 1;
	}
	return 0;
}

/* The first instruction the warp runs in interval iv: its oldest record of
 * iv, else its last issue.  LTRF+ writes back what is live there (the warp
 * vector of the PC at the top of the SIMT stack covers pending paths,
 * docs/compiler.md; an interval's header does not: registers a finished
 * divergent path defined are live after it but not at the header). */
static int first_pc(const struct rfs_lt *m, unsigned warp, int iv)
{
	for (int i = sm_inflight_head(&m->inf, warp); i >= 0; i = rec_at(m, i)->op.next)
		if (rec_at(m, i)->iv == iv)
			return rec_at(m, i)->pc;
	return m->ws[warp].last_pc;
}

static int eligible(const struct rfs_lt *m, unsigned x)
{
	const struct warp_st *w = &m->ws[x];

	return w->used && !w->done && w->state == WS_PENDING && !w->bar_wait && !ll_wait(m, x);
}

static int any_pending(const struct rfs_lt *m)
{
	for (unsigned w = 0; w < m->nws; w++)
		if (eligible(m, w))
			return 1;
	return 0;
}

static void bar_release_check(struct rfs_lt *m, unsigned cta)
{
	if (!m->bar_arr[cta] || m->bar_arr[cta] + m->cta_done[cta] < m->cta_warps[cta])
		return;
	m->bar_arr[cta] = 0;
	for (unsigned w = 0; w < m->nws; w++)
		if (m->ws[w].used && m->ws[w].cta == cta)
			m->ws[w].bar_wait = 0;
}

static void lt_events(struct rfs_lt *m, const struct sm_rf_in *in)
{
	for (unsigned e = 0; e < in->nev; e++) {
		const struct sm_rf_ev *ev = &in->ev[e];
		struct warp_st *w;

		switch (ev->kind) {
		case SM_RF_EV_CTA_LAUNCH:
			m->bar_arr[ev->cta] = m->cta_done[ev->cta] = 0;
			m->cta_warps[ev->cta] = ev->nwarps;
			for (unsigned k = 0; k < ev->nwarps; k++) {
				w = &m->ws[ev->warps[k]];
				memset(w, 0, sizeof *w);
				w->used = 1;
				w->cta = ev->cta;
				w->row = -1;
				sm_inflight_clear_warp(&m->inf, ev->warps[k]);
				w->state = WS_PENDING;
				w->cur_iv = w->last_iv = m->lt.interval_of[0];
				w->wake = m->seq++;
				ctl(m, ev->warps[k], 1);
			}
			break;
		case SM_RF_EV_ISSUE:
			w = &m->ws[ev->warp];
			w->last_pc = ev->pc;
			w->issued = 1;
			switch (m->prog->insns[ev->pc].cls) {
			case SM_CLS_BAR:
				w->bar_wait = 1;
				m->bar_arr[w->cta]++;
				bar_release_check(m, w->cta);
				break;
			case SM_CLS_BRANCH:
			case SM_CLS_EXIT:
				break;
			default:
				add_rec(m, ev->warp, ev->pc);
				if (m->prog->insns[ev->pc].longlat && m->prog->insns[ev->pc].ndst && any_pending(m))
					w->want_deact = 1;
			}
			if (m->lt.interval_of[ev->pc] != w->last_iv) {
				w->last_iv = m->lt.interval_of[ev->pc];
				ctl(m, ev->warp, 1);
			}
			if (w->want_deact)
				ctl(m, ev->warp, 1);
			break;
		case SM_RF_EV_WARP_DONE:
			w = &m->ws[ev->warp];
			w->done = 1;
			w->want_deact = 1;
			m->cta_done[w->cta]++;
			bar_release_check(m, w->cta);
			break;
		case SM_RF_EV_CTA_EXIT:
			for (unsigned x = 0; x < m->nws; x++)
				if (m->ws[x].used && m->ws[x].cta == ev->cta && m->ws[x].row < 0)
					m->ws[x].used = 0;
			break;
		default:
			break;
		}
	}
}

/* ---- one cycle ---------------------------------------------------------------- */

/* The engine command of this cycle (at most one; taken at the edge by a row
 * that is not busy): a deactivation, else an interval switch, else the
 * activation of the pending warp waiting longest. */
struct cmd {
	int valid, op, row, warp;
	uint64_t vec[SM_KC_SET_WORDS], live[SM_KC_SET_WORDS];
	int oa;				/* allocate a row offset (activation) */
};

static const uint64_t *live_at(const struct rfs_lt *m, int pc)
{
	static const uint64_t none[SM_KC_SET_WORDS];

	return pc >= 0 && pc < m->prog->ninsns ? m->lt.live_in + (size_t)pc * SM_KC_SET_WORDS : none;
}

/* LTRF+: what is live after the warp's last issue: live there plus what
 * it writes, plus what its records have still to read; before any issue,
 * what is live at the kernel's entry. */
static void live_after_last(const struct rfs_lt *m, unsigned x, uint64_t *live)
{
	const struct warp_st *w = &m->ws[x];
	const struct sm_insn *si = &m->prog->insns[w->last_pc];

	memcpy(live, live_at(m, w->issued ? w->last_pc : 0), SM_KC_SET_WORDS * sizeof *live);
	if (!w->issued)
		return;
	for (unsigned d = 0; d < si->ndst; d++)
		live[si->dst[d] >> 6] |= UINT64_C(1) << (si->dst[d] & 63);
	unread_srcs(m, x, live);
}

static void pick_cmd(struct rfs_lt *m, const int *rdy, const int *bsy, int oa_ok, unsigned oa_off, struct cmd *c,
		     struct sm_stats *st)
{
	int best = -1;

	memset(c, 0, sizeof *c);
	for (unsigned x = 0; x < m->nws && !c->valid; x++) {
		struct warp_st *w = &m->ws[x];

		if (!w->used || w->state != WS_ACTIVE || !rdy[w->row] || bsy[w->row])
			continue;
		if (next_iv(m, x) != w->cur_iv) {
			/* the next interval's working set (before any deactivation: an
			 * instruction in a collector must be able to read) */
			int iv = next_iv(m, x);

			c->valid = 1, c->op = LE_OP_PREFETCH, c->row = w->row, c->warp = (int)x;
			memcpy(c->vec, m->lt.ws + (size_t)iv * SM_KC_SET_WORDS, sizeof c->vec);
			memcpy(c->live, live_at(m, first_pc(m, x, iv)), sizeof c->live);
			unread_srcs(m, x, c->live);
			for (unsigned i = 0; i < SM_KC_SET_WORDS; i++)
				c->live[i] |= w->mrf_wr[i];	/* not cached: the main file holds them */
			memset(w->mrf_wr, 0, sizeof w->mrf_wr);
			w->cur_iv = iv;
			w->state = WS_ACTIVATING;
			st->rfs[C_PREFETCH]++;
			st->rfs[C_SWITCH_WAIT]++;
		} else if (w->want_deact && !reads_in(m, x, -1)) {
			/* no instruction of the warp left in a collector */
			c->valid = 1, c->op = LE_OP_DEACTIVATE, c->row = w->row, c->warp = (int)x;
			if (!w->done)
				live_after_last(m, x, c->live);
			w->state = WS_DEACTIVATING;
			w->want_deact = 0;
			st->rfs[C_DEACTIVATE]++;
		}
	}
	if (c->valid || !oa_ok)
		return;
	for (unsigned x = 0; x < m->nws; x++) {
		const struct warp_st *w = &m->ws[x];

		if (eligible(m, x) && (best < 0 || w->wake < m->ws[best].wake))
			best = (int)x;
	}
	if (best < 0)
		return;
	{
		struct warp_st *w = &m->ws[best];

		int iv = next_iv(m, (unsigned)best);

		c->valid = 1, c->op = LE_OP_PREFETCH, c->row = (int)oa_off, c->warp = best, c->oa = 1;
		memcpy(c->vec, m->lt.ws + (size_t)iv * SM_KC_SET_WORDS, sizeof c->vec);
		live_after_last(m, (unsigned)best, c->live);	/* where it resumes */
		memset(w->mrf_wr, 0, sizeof w->mrf_wr);
		w->row = (int)oa_off;
		w->cur_iv = iv;
		w->state = WS_ACTIVATING;
		st->rfs[C_ACTIVATE]++;
		st->rfs[C_PREFETCH]++;
	}
}

/* Asks the WCB where register reg of the warp is, on the next of this
 * cycle's lookup ports (*nlk used so far); the answer comes next cycle and
 * *next remembers it.  With every port taken the access waits. */
static void wcb_lookup(struct rfs_lt *m, unsigned *nlk, unsigned warp, unsigned reg, struct look *next,
		       struct sm_stats *st)
{
	if (*nlk >= m->nlk) {
		st->rfs[C_LOOKUP_STALL]++;
		return;
	}
	*next = (struct look){(int)(++*nlk), warp, reg};
	put(m->w_in, &m->wd, WCB_LK_REQ_I, *nlk - 1, 1);
	put(m->w_in, &m->wd, WCB_LK_WARP_I, *nlk - 1, warp);
	put(m->w_in, &m->wd, WCB_LK_REG_I, *nlk - 1, reg);
	st->rfs[C_LOOKUPS]++;
}

static void lt_step(void *vm, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct rfs_lt *m = vm;
	const struct gpurf_cfg *cfg = m->cfg;
	const struct module_desc *wd = &m->wd, *cd = &m->cd, *ed = &m->ed;
	int rdy[64] = {0}, bsy[64] = {0}, oa_ok, freed = -1;
	unsigned oa_off, nlk = 0, rows = 0, blocked = 0;
	struct look lk_rd_next[64] = {{0}}, lk_wr_next[16] = {{0}};
	struct cmd c;
	struct rfb_out mo;
	struct rfb_req rq;
	struct rfb_grants rg;
	uint32_t tmp[64], wdat[64];
	unsigned ridx[64], widx[16];
	int rrec[64], wrec[16], wcache[16];
	uint64_t rd_gnt = 0, wr_gnt = 0;

	m->now++;
	g->rd_gnt = g->wr_gnt = 0;
	g->nctl = 0;
	lt_events(m, in);
	/* state outputs at the start of the cycle */
	memset(m->e_in, 0, m->ed.in_words * 4);
	ltrf_engine_ops.eval(m->eng, m->e_in, m->e_out);
	for (unsigned a = 0; a < m->A; a++) {
		bsy[a] = (int)get(m->e_out, ed, LE_BUSY_O, a);
		rdy[a] = (int)get(m->e_out, ed, LE_READY_O, a);
	}
	memset(m->w_in, 0, m->wd.in_words * 4);
	wcb_ops.eval(m->wcb, m->w_in, m->w_out);
	memset(m->c_in, 0, m->cd.in_words * 4);
	ltrf_cache_ops.eval(m->cache, m->c_in, m->c_out);
	oa_ok = (int)get(m->c_out, cd, LC_OA_OK_O, 0);
	oa_off = (unsigned)get(m->c_out, cd, LC_OA_OFF_O, 0);
	rf_banked_outputs(m->mrf, &mo);
	/* rows whose job ended (busy from the edge after the command until done):
	 * activation / switch done; a deactivation frees the row (one per cycle) */
	int stuck = any_pending(m);

	/* every warp holding a row waits at a barrier (or leaves): the ones at
	 * the barrier give their rows to warps that must reach it */
	for (unsigned x = 0; x < m->nws && stuck; x++) {
		const struct warp_st *w = &m->ws[x];

		if (w->used && w->row >= 0 && w->state == WS_ACTIVE && !w->bar_wait && !w->want_deact)
			stuck = 0;
	}
	for (unsigned x = 0; x < m->nws; x++) {
		struct warp_st *w = &m->ws[x];

		if (!w->used || w->row < 0)
			continue;
		if (w->state == WS_ACTIVE && w->bar_wait && stuck && !w->want_deact) {
			w->want_deact = 1;
			ctl(m, x, 1);
		}
		if (bsy[w->row] || m->now <= w->cmd_at + 1)
			continue;
		if (w->state == WS_ACTIVATING && rdy[w->row]) {
			w->state = WS_ACTIVE;
		} else if (w->state == WS_DEACTIVATING && freed < 0) {
			freed = w->row;
			w->row = -1;
			w->state = WS_PENDING;
			w->wake = m->seq++;
		}
	}
	pick_cmd(m, rdy, bsy, oa_ok && freed < 0, oa_off, &c, st);
	if (c.valid)
		m->ws[c.warp].cmd_at = m->now;
	/* schedule only warps whose working set is present */
	for (unsigned x = 0; x < m->nws; x++) {
		struct warp_st *w = &m->ws[x];
		int run;

		if (!w->used || w->done)
			continue;
		run = w->state == WS_ACTIVE && !w->want_deact && w->last_iv == w->cur_iv && rdy[w->row] &&
		      !bsy[w->row] && !(c.valid && c.warp == (int)x);
		ctl(m, x, !run);
		blocked += !run;
		rows += w->row >= 0;
	}
	/* writes: cached (looked up last cycle) to the cache, else to the main file */
	memset(&rq, 0, sizeof rq);
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v), warp = in->wr_warp[p], reg = in->wr_reg[p];
		struct warp_st *w = &m->ws[warp];
		int row_ok = w->row >= 0 && w->state == WS_ACTIVE && rdy[w->row] && !bsy[w->row] &&
			     !(c.valid && c.row == w->row);

		wcache[p] = -1;
		if ((wrec[p] = sm_inflight_find(&m->inf, warp, reg, 1, &widx[p])) < 0)
			continue;
		if (row_ok && m->lk_wr[p].valid && m->lk_wr[p].warp == warp && m->lk_wr[p].reg == reg) {
			wcache[p] = 1;	/* cache or main file, from the answer (below) */
		} else if (row_ok) {
			wcb_lookup(m, &nlk, warp, reg, &lk_wr_next[p], st);
			continue;
		} else if (!(w->row < 0 && (w->state == WS_PENDING || !w->used || w->state == WS_NONE))) {
			continue;	/* a transfer of its row is running */
		} else {
			wcache[p] = 0;
		}
	}
	/* reads: looked up last cycle, then the cache */
	for (uint64_t v = in->rd_req; v; v &= v - 1) {
		unsigned cc = (unsigned)__builtin_ctzll(v), warp = in->rd_warp[cc], reg = in->rd_reg[cc];
		struct warp_st *w = &m->ws[warp];
		int ri = sm_inflight_collector(&m->inf, cc, warp, reg, &ridx[cc]);

		rrec[cc] = ri;
		if (ri < 0 || w->state != WS_ACTIVE || w->row < 0 || !rdy[w->row] || bsy[w->row] ||
		    rec_at(m, ri)->iv != w->cur_iv || (c.valid && c.row == w->row))
			continue;
		if (m->lk_rd[cc].valid && m->lk_rd[cc].warp == warp && m->lk_rd[cc].reg == reg) {
			unsigned lp = (unsigned)m->lk_rd[cc].valid - 1;

			if (!get(m->w_out, wd, WCB_LK_HIT_O, lp)) {
				st->rfs[C_MISS_READS]++;
				abort();	/* a read outside the working set: the intervals are wrong */
			}
			put(m->c_in, cd, LC_RD_REQ_I, cc, 1);
			put(m->c_in, cd, LC_RD_BANK_I, cc, get(m->w_out, wd, WCB_LK_BANK_O, lp));
			put(m->c_in, cd, LC_RD_OFF_I, cc, get(m->w_out, wd, WCB_LK_OFFSET_O, lp));
			rd_gnt |= UINT64_C(1) << cc;	/* if the cache grants */
		} else {
			wcb_lookup(m, &nlk, warp, reg, &lk_rd_next[cc], st);
		}
	}
	/* writes with an answer: cache or main file */
	rq.wr_req = 0;
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		if (wcache[p] == 1) {
			unsigned lp = (unsigned)m->lk_wr[p].valid - 1;

			if (get(m->w_out, wd, WCB_LK_HIT_O, lp)) {
				put(m->c_in, cd, LC_WR_REQ_I, p, 1);
				put(m->c_in, cd, LC_WR_BANK_I, p, get(m->w_out, wd, WCB_LK_BANK_O, lp));
				put(m->c_in, cd, LC_WR_OFF_I, p, get(m->w_out, wd, WCB_LK_OFFSET_O, lp));
				put(m->c_in, cd, LC_WR_MASK_I, p, in->wr_mask[p]);
				bus_set_words(m->c_in, &cd->ports[LC_WR_DATA_I], p, in->wr_data[p]);
				wr_gnt |= UINT64_C(1) << p;
				continue;
			}
			wcache[p] = 0;
		}
		if (wcache[p] == 0) {
			rq.wr_req |= UINT64_C(1) << (p + 1);
			rq.wr_warp[p + 1] = in->wr_warp[p];
			rq.wr_reg[p + 1] = in->wr_reg[p];
			rq.wr_mask[p + 1] = in->wr_mask[p];
			rq.wr_data[p + 1] = in->wr_data[p];
		}
	}
	/* the engine's traffic to the cache (fill, eviction, the row AAU's bank
	 * allocation and freeing) and the WCB (table write), as ltrf_top wires
	 * it; its main-file beat below */
	ltrf_top_wire(&m->ends, LT_U_CACHE);
	ltrf_top_wire(&m->ends, LT_U_WCB);
	if (c.oa)
		put(m->c_in, cd, LC_OA_REQ_I, 0, 1);
	if (freed >= 0) {
		put(m->c_in, cd, LC_OF_REQ_I, 0, 1);
		put(m->c_in, cd, LC_OF_OFF_I, 0, (unsigned)freed);
	}
	if (c.valid && c.op == LE_OP_PREFETCH) {
		put(m->w_in, wd, WCB_WS_WE_I, 0, 1);
		put(m->w_in, wd, WCB_WS_WARP_I, 0, (unsigned)c.warp);
		vec_words(c.vec, m->R, tmp);
		bus_set_words(m->w_in, &wd->ports[WCB_WS_VEC_I], 0, tmp);
		if (c.oa) {
			put(m->w_in, wd, WCB_OF_WE_I, 0, 1);
			put(m->w_in, wd, WCB_OF_WARP_I, 0, (unsigned)c.warp);
			put(m->w_in, wd, WCB_OF_OFFSET_I, 0, (unsigned)c.row);
		}
	}
	ltrf_cache_ops.eval(m->cache, m->c_in, m->c_out);
	for (uint64_t v = rd_gnt; v; v &= v - 1) {
		unsigned cc = (unsigned)__builtin_ctzll(v);

		if (!get(m->c_out, cd, LC_RD_GNT_O, cc))
			rd_gnt &= ~(UINT64_C(1) << cc);
	}
	for (uint64_t v = wr_gnt; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		if (!get(m->c_out, cd, LC_WR_GNT_O, p))
			wr_gnt &= ~(UINT64_C(1) << p);
	}
	/* the main file: the engine's beat on port 0, direct writes on 1.. */
	if (get(m->e_out, ed, LE_MRF_REQ_O, 0)) {
		unsigned beat = (unsigned)get(m->e_out, ed, LE_MRF_BEAT_O, 0), lo = beat * m->xw;

		if (get(m->e_out, ed, LE_MRF_WE_O, 0)) {
			bus_get_words(m->e_out, &ed->ports[LE_MRF_WDATA_O], 0, tmp);
			memset(wdat, 0, sizeof wdat);
			memcpy(wdat + lo, tmp, m->xw * 4);
			rq.wr_req |= 1;
			rq.wr_warp[0] = (unsigned)get(m->e_out, ed, LE_MRF_WARP_O, 0);
			rq.wr_reg[0] = (unsigned)get(m->e_out, ed, LE_MRF_REG_O, 0);
			rq.wr_mask[0] = (m->xw >= 64 ? ~UINT64_C(0) : ((UINT64_C(1) << m->xw) - 1)) << lo;
			rq.wr_data[0] = wdat;
		} else {
			rq.rd_req = 1;
			rq.rd_warp[0] = (unsigned)get(m->e_out, ed, LE_MRF_WARP_O, 0);
			rq.rd_reg[0] = (unsigned)get(m->e_out, ed, LE_MRF_REG_O, 0);
		}
	}
	/* the read beat returning this cycle, taken before the step: rf_banked's
	 * rd_data is valid only until its next step (which samples this cycle's
	 * read into the same pipeline stage when the latency is one cycle) */
	if (mo.rd_valid & 1) {
		put(m->e_in, ed, LE_MRF_RVALID_I, 0, 1);
		bus_set_words(m->e_in, &ed->ports[LE_MRF_RDATA_I], 0, mo.rd_data[0] + m->mrf_beat[m->mrf_head] * m->xw);
		m->mrf_head = (m->mrf_head + 1) % 64;
	}
	rf_banked_step(m->mrf, &rq, &rg);
	sm_rfsys_count_banks(&m->mrf_cfg, &rq, &rg, st);
	/* the engine's edge */
	if (c.valid) {
		put(m->e_in, ed, LE_CMD_REQ_I, 0, 1);
		put(m->e_in, ed, LE_CMD_OP_I, 0, (unsigned)c.op);
		put(m->e_in, ed, LE_CMD_ROW_I, 0, (unsigned)c.row);
		put(m->e_in, ed, LE_CMD_WARP_I, 0, (unsigned)c.warp);
		vec_words(c.vec, m->R, tmp);
		bus_set_words(m->e_in, &ed->ports[LE_CMD_VEC_I], 0, tmp);
		if (m->plus) {
			vec_words(c.live, m->R, tmp);
			bus_set_words(m->e_in, &ed->ports[LE_CMD_LIVE_I], 0, tmp);
		}
	}
	if ((rg.rd_gnt | rg.wr_gnt) & 1) {
		put(m->e_in, ed, LE_MRF_GNT_I, 0, 1);
		st->rfs[(rg.wr_gnt & 1) ? C_MRF_WRITES : C_MRF_READS]++;
	}
	if (rg.rd_gnt & 1) {
		m->mrf_beat[m->mrf_tail] = (unsigned)get(m->e_out, ed, LE_MRF_BEAT_O, 0);
		m->mrf_tail = (m->mrf_tail + 1) % 64;
	}
	/* the cache's grants, eviction data and the row AAU's bank */
	ltrf_top_wire(&m->ends, LT_U_ENGINE);
	ltrf_engine_ops.tick(m->eng, m->e_in);
	ltrf_cache_ops.tick(m->cache, m->c_in);
	wcb_ops.tick(m->wcb, m->w_in);
	memcpy(m->lk_rd, lk_rd_next, sizeof m->lk_rd);
	memcpy(m->lk_wr, lk_wr_next, sizeof m->lk_wr);
	/* grants back to the core */
	for (uint64_t v = rg.wr_gnt >> 1; v; v &= v - 1)
		wr_gnt |= UINT64_C(1) << __builtin_ctzll(v);
	st->rfs[C_CACHE_READS] += (unsigned)__builtin_popcountll(rd_gnt);
	st->rfs[C_MRF_DIRECT] += (unsigned)__builtin_popcountll(rg.wr_gnt >> 1);
	for (uint64_t v = rg.wr_gnt >> 1; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);
		struct warp_st *w = &m->ws[in->wr_warp[p]];

		if (w->row >= 0)
			w->mrf_wr[in->wr_reg[p] >> 6] |= UINT64_C(1) << (in->wr_reg[p] & 63);
	}
	for (uint64_t v = rd_gnt; v; v &= v - 1) {
		unsigned cc = (unsigned)__builtin_ctzll(v);

		sm_inflight_mark_read(&m->inf, cc, rrec[cc], ridx[cc]);
		sm_inflight_retire(&m->inf, in->rd_warp[cc]);
	}
	for (uint64_t v = wr_gnt; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);
		if (wcache[p] == 1)
			st->rfs[C_CACHE_WRITES]++;
		sm_inflight_mark_written(&m->inf, wrec[p], widx[p]);
		sm_inflight_retire(&m->inf, in->wr_warp[p]);
	}
	g->rd_gnt = rd_gnt;
	g->wr_gnt = wr_gnt;
	while (m->ncq && g->nctl < SM_RF_MAX_CTL) {
		g->ctl[g->nctl++] = m->cq[0];
		memmove(&m->cq[0], &m->cq[1], (m->ncq - 1) * sizeof *m->cq);
		m->ncq--;
	}
	m->last_rows = rows;
	m->last_blocked = blocked;
	st->rfs[C_ACTIVE_ROWS] += rows;
	st->rfs[C_BLOCKED_WARPS] += blocked;
	(void)cfg;
}

static void lt_outputs(void *vm, struct sm_rf_out *out)
{
	struct rfs_lt *m = vm;
	uint32_t *cz = calloc(m->cd.in_words + 1, 4);
	int busy = m->ncq != 0, draining = 0;

	if (!cz)
		oom_abort();
	ltrf_cache_ops.eval(m->cache, cz, m->c_out);
	free(cz);
	out->rd_valid = 0;
	for (unsigned c = 0; c < m->nc; c++)
		if (get(m->c_out, &m->cd, LC_RD_VALID_O, c)) {
			out->rd_valid |= UINT64_C(1) << c;
			bus_get_words(m->c_out, &m->cd.ports[LC_RD_DATA_O], c, m->rd_buf[c]);
			out->rd_data[c] = m->rd_buf[c];
		}
	memset(m->e_in, 0, m->ed.in_words * 4);
	ltrf_engine_ops.eval(m->eng, m->e_in, m->e_out);
	for (unsigned a = 0; a < m->A; a++)
		busy |= (int)get(m->e_out, &m->ed, LE_BUSY_O, a);
	for (unsigned x = 0; x < m->nws; x++) {
		const struct warp_st *w = &m->ws[x];

		if (!w->used)
			continue;
		draining |= w->done && w->row >= 0;
		busy |= w->row >= 0 && (w->want_deact || w->last_iv != w->cur_iv || w->state != WS_ACTIVE);
		busy |= eligible(m, x);
	}
	for (unsigned c = 0; c < 64; c++)
		busy |= m->lk_rd[c].valid != 0;
	for (unsigned p = 0; p < 16; p++)
		busy |= m->lk_wr[p].valid != 0;
	out->launch_slots = draining ? 0 : ~0u;
	out->busy = busy;
}

static void lt_skip(void *vm, uint64_t n, struct sm_stats *st)
{
	struct rfs_lt *m = vm;

	m->now += n;
	st->rfs[C_ACTIVE_ROWS] += n * m->last_rows;
	st->rfs[C_BLOCKED_WARPS] += n * m->last_blocked;
}

static unsigned lt_resident(void *vm, unsigned core_limit)
{
	(void)vm;
	return core_limit;
}

#define LT_EVENTS ((1u << SM_RF_EV_CTA_LAUNCH) | (1u << SM_RF_EV_CTA_EXIT) | (1u << SM_RF_EV_ISSUE) | \
		   (1u << SM_RF_EV_WARP_DONE))

const struct sm_rfsys_ops sm_rfsys_ltrf = {
	"ltrf", LT_EVENTS, lt_create, lt_free, lt_outputs, lt_step, lt_skip, lt_resident, lt_counters,
};

const struct sm_rfsys_ops sm_rfsys_ltrf_plus = {
	"ltrf_plus", LT_EVENTS, lt_create, lt_free, lt_outputs, lt_step, lt_skip, lt_resident, lt_counters,
};
