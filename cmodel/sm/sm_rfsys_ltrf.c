/* sm_rfsys_ltrf.c: `scheme = ltrf` and `scheme = ltrf_plus` behind the SM's
 * register-file subsystem interface (sm_rfsys.h): LTRF (Sadrosadati et al.,
 * ASPLOS 2018).  The hardware is one composed unit, ltrf_top
 * (common/ltrf_top_desc.h, cmodel/ltrf_top.c, its RTL twin
 * gen/emit_ltrf_top.c): the WCB (address table, working sets, lookup
 * ports), the register cache with its AAUs, the prefetch / write-back
 * engine and the main register file (latency read_latency x
 * mrf_latency_mult), with the access datapath (lookup, then cache or main
 * file) and the main-file beat glue.  This file is the SM-side policy
 * driving ltrf_top's boundary each cycle, still in C (docs/ltrf.md,
 * "ltrf_top"): warp states, which command goes to the engine (pick_cmd),
 * which accesses may go (a warp's row ready, its record's
 * interval), warp blocking and barriers.
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
#include "ltrf_engine_desc.h"
#include "ltrf_top.h"
#include "ltrf_top_desc.h"
#include "rf_banked.h"
#include "sm_core.h"
#include "sm_grow.h"
#include "sm_inflight.h"
#include "sm_kc.h"
#include "sm_prog.h"

enum {
	C_PREFETCH, C_ACTIVATE, C_DEACTIVATE, C_CACHE_READS, C_CACHE_WRITES, C_MRF_READS, C_MRF_WRITES,
	C_MRF_DIRECT, C_LOOKUPS, C_LOOKUP_STALL, C_ACTIVE_ROWS, C_BLOCKED_WARPS, C_SWITCH_WAIT,
	C_MISS_READS, C_LL_DEACT, C_LOAD_MISSES, C_ROW_BUSY, C_RUN_WARPS, C_DEST_LOOKUPS, C_LOCATED_WRITES,
};

static const char *const lt_counters[] = {
	"prefetches", "activations", "deactivations", "rfc_reads", "rfc_writes", "mrf_read_beats",
	"mrf_write_beats", "mrf_direct_writes", "wcb_lookups", "lookup_port_stalls",
	"active_rows_cycles", "blocked_warps_cycles", "interval_switches", "rfc_miss_reads",
	"long_latency_deactivations", "load_misses",
	"row_busy_cycles",	/* rows with an engine job (a working set moving), summed per cycle */
	"run_warps_cycles",	/* warps the schedulers may issue from (row ready, interval in), per cycle */
	"wcb_dest_lookups",	/* destinations looked up by their collectors ([ltrf] write_lookup = collector) */
	"located_writes",	/* writes of a warp holding its row that brought their location: no lookup */
	NULL,
};

enum { WS_NONE, WS_PENDING, WS_ACTIVATING, WS_ACTIVE, WS_DEACTIVATING };

/* One issued instruction's register operands (sm_inflight.h) and its
 * interval. */
struct rec {
	struct sm_inflight_rec op;
	int iv;				/* its interval */
	int pc;
	int longlat;
	uint64_t serial;		/* which instruction (records are reused) */
	/* [ltrf] write_lookup = collector: destination d's location as its
	 * collector's lookup answered it (bit d of loc_have), and the warp's
	 * command count then (the location holds while no command came);
	 * bit d of loc_asked: its lookup was granted, the answer is due */
	uint32_t loc_have, loc_hit, loc_asked;
	uint8_t loc_bank[SM_MAX_DST], loc_off[SM_MAX_DST];
	unsigned loc_epoch[SM_MAX_DST];
};

/* A destination lookup granted on a collector, answered next cycle. */
struct dest_lookup {
	int v, rec;
	unsigned idx, epoch;
	uint64_t serial;
};

/* One cycle's destination lookups: bit k of req, port k asks for
 * destination idx[k] (register reg[k]) of record rec[k] of warp warp[k]. */
struct dest_reqs {
	uint64_t req;
	int rec[64], idx[64];
	unsigned warp[64], reg[64];
};

/* An issued instruction whose destinations are still to be looked up. */
struct dest_want {
	int rec;
	unsigned warp;
	uint64_t serial;
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
	unsigned epoch;			/* commands given to it (a location looked up holds while it stays) */
	int issued;			/* has issued an instruction */
	uint64_t mrf_wr[SM_KC_SET_WORDS];	/* LTRF+: written to the main file while holding a
						 * row since its last command (must be fetched) */
	/* The row the previous warp on this hardware warp still held when a new
	 * CTA was launched onto it (it exited in the cycle of the launch, before
	 * its DEACTIVATE): written back and freed before this warp may take a
	 * row, since both are the same warp to the WCB and the main file. */
	int orphan_row;
	int orphan_sent;		/* its DEACTIVATE has been given */
};

struct rfs_lt {
	const struct gpurf_cfg *cfg;
	struct gpurf_cfg mrf_cfg;		/* ltrf_top's main file (bank statistics) */
	struct module_desc td;
	void *top;				/* ltrf_top */
	uint32_t *t_in, *t_out;
	int idle_fresh;			/* t_out holds this cycle's eval_idle() outputs */
	const struct sm_prog *prog;
	struct sm_kc_ltrf lt;
	int plus;
	unsigned A, N, R, nc, nwp;
	uint64_t now, seq;
	struct warp_st *ws;
	unsigned nws;
	struct sm_inflight inf;		/* issued instructions' operands, per warp */
	uint32_t rd_buf[64][64];	/* read data returned to collectors */
	struct dest_lookup dl[64];	/* per destination-lookup port (one per collector) */
	struct dest_want *dq;		/* oldest first */
	unsigned ndq, cap_dq;
	uint64_t serial;		/* records made */
	/* control queue to the core */
	struct sm_rf_ctl *cq;
	unsigned ncq, cap_cq;
	/* barriers: per resident CTA, warps arrived and warps of it */
	unsigned *bar_arr, *cta_warps, *cta_done;
	unsigned ncta;
	unsigned last_rows, last_blocked, last_run;
};

static void oom_abort(void)
{
	abort();	/* step() has no error path (sm_rfsys.h) */
}

static void put(struct rfs_lt *m, enum ltrf_top_port p, unsigned e, uint64_t v)
{
	bus_set(m->t_in, &m->td.ports[p], e, v);
}

static uint64_t get(const struct rfs_lt *m, enum ltrf_top_port p, unsigned e)
{
	return bus_get(m->t_out, &m->td.ports[p], e);
}

/* ltrf_top's outputs with no access, command or freeing this cycle (state:
 * rows, the global AAU, read data). */
static void eval_idle(struct rfs_lt *m)
{
	if (m->idle_fresh)
		return;
	memset(m->t_in, 0, m->td.in_words * 4);
	ltrf_top_ops.eval(m->top, m->t_in, m->t_out);
	m->idle_fresh = 1;
}

/* The clock edge of ltrf_top with this cycle's inputs. */
static void tick(struct rfs_lt *m)
{
	ltrf_top_ops.tick(m->top, m->t_in);
	m->idle_fresh = 0;
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
	if (m->top)
		ltrf_top_ops.destroy(m->top);
	sm_kc_ltrf_free(&m->lt);
	free(m->t_in), free(m->t_out);
	free(m->ws), sm_inflight_free(&m->inf), free(m->cq), free(m->dq), free(m->bar_arr), free(m->cta_warps), free(m->cta_done);
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
	m->nc = cfg->collectors;
	m->nwp = cfg->write_ports;
	if (sm_kc_ltrf(k->prog, m->N, &m->lt))
		goto oom;
	m->mrf_cfg = ltrf_mrf_cfg(cfg);
	desc_ltrf_top(cfg, &m->td);
	m->t_in = calloc(m->td.in_words + 1, 4), m->t_out = calloc(m->td.out_words + 1, 4);
	m->nws = cfg->warps > k->hw_warps ? cfg->warps : k->hw_warps;
	m->ws = calloc(m->nws, sizeof *m->ws);
	if (sm_inflight_init(&m->inf, m->nws, sizeof(struct rec)))
		goto oom;
	m->ncta = cfg->ctas + 1;
	m->bar_arr = calloc(m->ncta, sizeof *m->bar_arr);
	m->cta_warps = calloc(m->ncta, sizeof *m->cta_warps);
	m->cta_done = calloc(m->ncta, sizeof *m->cta_done);
	if (!m->t_in || !m->t_out || !m->ws || !m->bar_arr || !m->cta_warps || !m->cta_done)
		goto oom;
	if (!(m->top = ltrf_top_ops.create(cfg, &m->td)))
		goto oom;
	ltrf_top_ops.reset(m->top);
	/* the WCB clears its table after reset: before the kernel starts */
	for (;;) {
		eval_idle(m);
		if (get(m, LT_INIT_DONE_O, 0))
			break;
		tick(m);
	}
	for (unsigned w = 0; w < m->nws; w++)
		m->ws[w].row = m->ws[w].orphan_row = -1;
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
	r->serial = ++m->serial;
	if (!si->ndst || m->cfg->ltrf.write_lookup != LTRF_WL_COLLECTOR)
		return;
	if (sm_grow((void **)&m->dq, &m->cap_dq, m->ndq + 1, sizeof *m->dq))
		oom_abort();
	m->dq[m->ndq++] = (struct dest_want){i, warp, r->serial};
}

/* A new warp on the slot: its predecessor's instructions want no more
 * lookups (an answer already due lands in a freed record, which
 * sm_inflight_add zeroes before reuse). */
static void forget_dests(struct rfs_lt *m, unsigned warp)
{
	unsigned n = 0;

	for (unsigned i = 0; i < m->ndq; i++)
		if (m->dq[i].warp != warp)
			m->dq[n++] = m->dq[i];
	m->ndq = n;
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

	return w->used && !w->done && w->state == WS_PENDING && !w->bar_wait && w->orphan_row < 0 &&
	       !ll_wait(m, x);
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

/* The two-level scheduler's deactivation (Sec. 3.2: "whenever a warp
 * encounters a long latency operation, such as a data cache miss, it becomes
 * inactive and gets replaced by another one from the active pool"): only a
 * warp that holds a row, and only while another warp waits for one (with
 * nobody to take the row, writing the working set back only costs). */
static void want_deact(struct rfs_lt *m, unsigned x, struct sm_stats *st)
{
	struct warp_st *w = &m->ws[x];

	if (!w->used || w->done || w->row < 0 || (w->state != WS_ACTIVE && w->state != WS_ACTIVATING))
		return;
	if (!w->want_deact && any_pending(m)) {
		w->want_deact = 1;
		st->rfs[C_LL_DEACT]++;
	}
}

static void lt_events(struct rfs_lt *m, const struct sm_rf_in *in, struct sm_stats *st)
{
	for (unsigned e = 0; e < in->nev; e++) {
		const struct sm_rf_ev *ev = &in->ev[e];
		struct warp_st *w;

		switch (ev->kind) {
		case SM_RF_EV_CTA_LAUNCH:
			m->bar_arr[ev->cta] = m->cta_done[ev->cta] = 0;
			m->cta_warps[ev->cta] = ev->nwarps;
			for (unsigned k = 0; k < ev->nwarps; k++) {
				int orphan, sent;
				uint64_t cmd_at;

				w = &m->ws[ev->warps[k]];
				/* the warp before it exited this cycle holding a row: keep
				 * the row until it is written back (or, if its DEACTIVATE
				 * was given, freed) */
				orphan = w->used && w->row >= 0 ? w->row : w->orphan_row;
				sent = w->used && w->row >= 0 ? w->state == WS_DEACTIVATING : w->orphan_sent;
				cmd_at = w->cmd_at;	/* the row's last command: none on it the next cycle */
				memset(w, 0, sizeof *w);
				w->orphan_row = orphan;
				w->orphan_sent = sent;
				w->cmd_at = cmd_at;
				w->used = 1;
				w->cta = ev->cta;
				w->row = -1;
				sm_inflight_clear_warp(&m->inf, ev->warps[k]);
				forget_dests(m, ev->warps[k]);
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
				if (m->cfg->ltrf.deactivate == LTRF_DEACT_ISSUE &&
				    m->prog->insns[ev->pc].longlat && m->prog->insns[ev->pc].ndst)
					want_deact(m, ev->warp, st);
			}
			if (m->lt.interval_of[ev->pc] != w->last_iv) {
				w->last_iv = m->lt.interval_of[ev->pc];
				ctl(m, ev->warp, 1);
			}
			if (w->want_deact)
				ctl(m, ev->warp, 1);
			break;
		case SM_RF_EV_LOAD_MISS:
			st->rfs[C_LOAD_MISSES]++;
			if (m->cfg->ltrf.deactivate == LTRF_DEACT_MISS)
				want_deact(m, ev->warp, st);
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

		/* an exited warp's row: every register dead (LTRF+: none written
		 * back; LTRF writes back all, as for any deactivation) */
		if (w->orphan_row >= 0 && !w->orphan_sent && rdy[w->orphan_row] && !bsy[w->orphan_row] &&
		    m->now > w->cmd_at + 1) {
			c->valid = 1, c->op = LE_OP_DEACTIVATE, c->row = w->orphan_row, c->warp = (int)x;
			w->orphan_sent = 1;
			st->rfs[C_DEACTIVATE]++;
			break;
		}
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

/* The main file's statistics from ltrf_top's grants: engine port k's beat
 * on main-file port k, direct writes on engine_ports.. (sm_rfsys_count_banks). */
static void mrf_stats(struct rfs_lt *m, const struct sm_rf_in *in, uint64_t direct, struct sm_stats *st)
{
	unsigned np = m->cfg->ltrf.engine_ports;
	struct rfb_req rq;
	struct rfb_grants rg;

	memset(&rq, 0, sizeof rq);
	memset(&rg, 0, sizeof rg);
	for (unsigned k = 0; k < np; k++) {
		unsigned warp, reg;

		if (!get(m, LT_MON_BEAT_GNT_O, k))
			continue;
		warp = (unsigned)get(m, LT_MON_BEAT_WARP_O, k);
		reg = (unsigned)get(m, LT_MON_BEAT_REG_O, k);
		if (get(m, LT_MON_BEAT_WE_O, k)) {
			rg.wr_gnt |= UINT64_C(1) << k, rq.wr_warp[k] = warp, rq.wr_reg[k] = reg;
			st->rfs[C_MRF_WRITES]++;
		} else {
			rg.rd_gnt |= UINT64_C(1) << k, rq.rd_warp[k] = warp, rq.rd_reg[k] = reg;
			st->rfs[C_MRF_READS]++;
		}
	}
	for (uint64_t v = direct; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		rg.wr_gnt |= UINT64_C(1) << (np + p);
		rq.wr_warp[np + p] = in->wr_warp[p];
		rq.wr_reg[np + p] = in->wr_reg[p];
	}
	for (unsigned b = 0; b < m->cfg->banks; b++)
		if (get(m, LT_MON_MRF_CONFLICT_O, b))
			rg.conflict |= UINT64_C(1) << b;
	sm_rfsys_count_banks(&m->mrf_cfg, &rq, &rg, st);
}

/* The engine command and accesses of this cycle on ltrf_top's inputs. */
static void drive(struct rfs_lt *m, const struct sm_rf_in *in, const struct cmd *c, uint64_t rd_ok, uint64_t wr_ok,
		  uint64_t wr_cached, uint64_t wr_loc, const int *wrec, const unsigned *widx, const struct dest_reqs *dr)
{
	uint32_t tmp[64];

	memset(m->t_in, 0, m->td.in_words * 4);
	if (c->valid) {
		put(m, LT_CMD_REQ_I, 0, 1);
		put(m, LT_CMD_OP_I, 0, (unsigned)c->op);
		put(m, LT_CMD_ROW_I, 0, (unsigned)c->row);
		put(m, LT_CMD_WARP_I, 0, (unsigned)c->warp);
		put(m, LT_CMD_ALLOC_I, 0, (unsigned)c->oa);
		vec_words(c->vec, m->R, tmp);
		bus_set_words(m->t_in, &m->td.ports[LT_CMD_VEC_I], 0, tmp);
		if (m->plus) {
			vec_words(c->live, m->R, tmp);
			bus_set_words(m->t_in, &m->td.ports[LT_CMD_LIVE_I], 0, tmp);
		}
	}
	for (uint64_t v = rd_ok; v; v &= v - 1) {
		unsigned cc = (unsigned)__builtin_ctzll(v);

		put(m, LT_RD_REQ_I, cc, 1);
		put(m, LT_RD_WARP_I, cc, in->rd_warp[cc]);
		put(m, LT_RD_REG_I, cc, in->rd_reg[cc]);
	}
	for (uint64_t v = wr_ok; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		put(m, LT_WR_REQ_I, p, 1);
		put(m, LT_WR_CACHED_I, p, wr_cached >> p & 1);
		put(m, LT_WR_WARP_I, p, in->wr_warp[p]);
		put(m, LT_WR_REG_I, p, in->wr_reg[p]);
		put(m, LT_WR_MASK_I, p, in->wr_mask[p]);
		bus_set_words(m->t_in, &m->td.ports[LT_WR_DATA_I], p, in->wr_data[p]);
		if (wr_loc >> p & 1) {
			const struct rec *r = rec_at(m, wrec[p]);

			put(m, LT_WR_LOC_I, p, 1);
			put(m, LT_WR_HIT_I, p, r->loc_hit >> widx[p] & 1);
			put(m, LT_WR_BANK_I, p, r->loc_bank[widx[p]]);
			put(m, LT_WR_OFF_I, p, r->loc_off[widx[p]]);
		}
	}
	for (uint64_t v = dr->req; v; v &= v - 1) {
		unsigned k = (unsigned)__builtin_ctzll(v);

		put(m, LT_DL_REQ_I, k, 1);
		put(m, LT_DL_WARP_I, k, dr->warp[k]);
		put(m, LT_DL_REG_I, k, dr->reg[k]);
	}
}

/* Destination lookups answered this cycle: the location goes with the
 * instruction (its record), stamped with the warp's command count. */
static void dest_answers(struct rfs_lt *m)
{
	for (unsigned cc = 0; cc < m->nc; cc++) {
		struct dest_lookup *d = &m->dl[cc];
		struct rec *r;

		if (!get(m, LT_DL_VALID_O, cc) != !d->v)
			abort();	/* ltrf_top answers every granted lookup the cycle after */
		if (!d->v)
			continue;
		d->v = 0;
		r = rec_at(m, d->rec);
		if (r->serial != d->serial)
			continue;	/* the instruction retired meanwhile */
		r->loc_asked &= ~(UINT32_C(1) << d->idx);
		r->loc_have |= UINT32_C(1) << d->idx;
		r->loc_hit = (r->loc_hit & ~(UINT32_C(1) << d->idx)) | (uint32_t)get(m, LT_DL_HIT_O, cc) << d->idx;
		r->loc_bank[d->idx] = (uint8_t)get(m, LT_DL_BANK_O, cc);
		r->loc_off[d->idx] = (uint8_t)get(m, LT_DL_OFF_O, cc);
		r->loc_epoch[d->idx] = d->epoch;
	}
}

/* A destination of record r (of warp w) not yet written whose location
 * is not known since the warp's last command nor asked for; -1 none. */
static int dest_to_look_up(const struct rec *r, const struct warp_st *w)
{
	for (unsigned j = 0; j < r->op.ndst; j++) {
		if ((r->op.dwritten | r->loc_asked) >> j & 1)
			continue;
		if (!((r->loc_have >> j & 1) && r->loc_epoch[j] == w->epoch))
			return (int)j;
	}
	return -1;
}

/* This cycle's destination lookups ([ltrf] write_lookup = collector): from
 * the cycle an instruction issues (into its collector) until each of its
 * destinations has an answer, oldest instruction first, one destination
 * per port, while the warp's row is usable as for a read.  Instructions
 * done with (retired, all answered or written) leave the queue.  The
 * requests go into dr. */
static void want_dests(struct rfs_lt *m, const int *rdy, const int *bsy, const struct cmd *c, struct dest_reqs *dr)
{
	unsigned k = 0, n = 0;

	dr->req = 0;
	for (unsigned i = 0; i < m->ndq; i++) {
		const struct dest_want *q = &m->dq[i];
		const struct rec *r = rec_at(m, q->rec);
		const struct warp_st *w = &m->ws[q->warp];
		int j;

		if (r->serial != q->serial || sm_inflight_all_written(&r->op))
			continue;
		j = dest_to_look_up(r, w);
		if (j < 0 && !r->loc_asked)
			continue;	/* every destination answered or written */
		m->dq[n++] = *q;
		if (j < 0 || k >= m->nc || w->state != WS_ACTIVE || w->row < 0 || !rdy[w->row] || bsy[w->row] ||
		    r->iv != w->cur_iv || (c->valid && c->row == w->row))
			continue;
		dr->req |= UINT64_C(1) << k;
		dr->rec[k] = q->rec;
		dr->idx[k] = j;
		dr->warp[k] = q->warp;
		dr->reg[k++] = r->op.dst[j];
	}
	m->ndq = n;
}

static void lt_step(void *vm, const struct sm_rf_in *in, struct sm_rf_gnt *g, struct sm_stats *st)
{
	struct rfs_lt *m = vm;
	int rdy[64] = {0}, bsy[64] = {0}, oa_ok, freed = -1;
	unsigned oa_off, rows = 0, blocked = 0, nrun = 0;
	struct cmd c;
	unsigned ridx[64], widx[16];
	int rrec[64], wrec[16];
	struct dest_reqs dr;
	uint64_t rd_ok = 0, wr_ok = 0, wr_cached = 0, rd_gnt = 0, wr_gnt = 0, direct = 0, wr_loc = 0;

	m->now++;
	g->rd_gnt = g->wr_gnt = 0;
	g->nctl = 0;
	lt_events(m, in, st);
	/* state outputs at the start of the cycle */
	eval_idle(m);
	for (unsigned a = 0; a < m->A; a++) {
		bsy[a] = (int)get(m, LT_ROW_BUSY_O, a);
		rdy[a] = (int)get(m, LT_ROW_READY_O, a);
		st->rfs[C_ROW_BUSY] += (uint64_t)bsy[a];
	}
	oa_ok = (int)get(m, LT_OA_OK_O, 0);
	oa_off = (unsigned)get(m, LT_OA_OFF_O, 0);
	if (get(m, LT_FREE_O, 0))
		freed = (int)get(m, LT_FREE_ROW_O, 0);
	/* rows whose job ended (busy from the edge after the command until done):
	 * activation / switch done; a deactivation's row is freed by ltrf_top
	 * (one per cycle): its warp waits for a row again */
	int stuck = any_pending(m);

	/* Gebhart's rule: out when the next instruction waits for a long-latency
	 * result (the core's warp_llwait) */
	if (m->cfg->ltrf.deactivate == LTRF_DEACT_USE && stuck)
		for (uint64_t v = in->warp_llwait; v; v &= v - 1)
			want_deact(m, (unsigned)__builtin_ctzll(v), st);

	/* barrier waiters give their rows to warps that must reach the barrier:
	 * barrier = pending (the two-level scheduler's demotion, as the
	 * baseline's) as soon as a warp waits for a row; stuck only when every
	 * warp holding a row waits at a barrier (or leaves) */
	for (unsigned x = 0; x < m->nws && stuck && m->cfg->ltrf.barrier == LTRF_BAR_STUCK; x++) {
		const struct warp_st *w = &m->ws[x];

		if (w->used && w->row >= 0 && w->state == WS_ACTIVE && !w->bar_wait && !w->want_deact)
			stuck = 0;
	}
	for (unsigned x = 0; x < m->nws; x++) {
		struct warp_st *w = &m->ws[x];

		if (w->orphan_row >= 0 && w->orphan_row == freed) {
			w->orphan_row = -1;
			w->orphan_sent = 0;
		}
		if (!w->used || w->row < 0)
			continue;
		if (w->state == WS_ACTIVE && w->bar_wait && stuck && !w->want_deact) {
			w->want_deact = 1;
			ctl(m, x, 1);
		}
		if (w->state == WS_DEACTIVATING && w->row == freed) {
			w->row = -1;
			w->state = WS_PENDING;
			w->wake = m->seq++;
		} else if (w->state == WS_ACTIVATING && rdy[w->row] && !bsy[w->row] && m->now > w->cmd_at + 1) {
			w->state = WS_ACTIVE;
		}
	}
	pick_cmd(m, rdy, bsy, oa_ok && freed < 0, oa_off, &c, st);
	if (c.valid) {
		m->ws[c.warp].cmd_at = m->now;
		m->ws[c.warp].epoch++;
	}
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
		nrun += (unsigned)run;
	}
	/* writes: a warp with a usable row looks the register up (cache or
	 * main file), one without a row writes the main file; a transfer of
	 * its row running: wait */
	for (uint64_t v = in->wr_req; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v), warp = in->wr_warp[p], reg = in->wr_reg[p];
		struct warp_st *w = &m->ws[warp];
		int row_ok = w->row >= 0 && w->state == WS_ACTIVE && rdy[w->row] && !bsy[w->row] &&
			     !(c.valid && c.row == w->row);

		if ((wrec[p] = sm_inflight_find(&m->inf, warp, reg, 1, &widx[p])) < 0)
			continue;
		if (row_ok) {
			const struct rec *r = rec_at(m, wrec[p]);

			wr_cached |= UINT64_C(1) << p;
			if ((r->loc_have >> widx[p] & 1) && r->loc_epoch[widx[p]] == w->epoch)
				wr_loc |= UINT64_C(1) << p;
		} else if (!(w->row < 0 && (w->state == WS_PENDING || !w->used || w->state == WS_NONE)))
			continue;
		wr_ok |= UINT64_C(1) << p;
	}
	/* reads: of the interval in the warp's row, the row usable */
	for (uint64_t v = in->rd_req; v; v &= v - 1) {
		unsigned cc = (unsigned)__builtin_ctzll(v), warp = in->rd_warp[cc], reg = in->rd_reg[cc];
		struct warp_st *w = &m->ws[warp];
		int ri = sm_inflight_collector(&m->inf, cc, warp, reg, &ridx[cc]);

		rrec[cc] = ri;
		if (ri < 0 || w->state != WS_ACTIVE || w->row < 0 || !rdy[w->row] || bsy[w->row] ||
		    rec_at(m, ri)->iv != w->cur_iv || (c.valid && c.row == w->row))
			continue;
		rd_ok |= UINT64_C(1) << cc;
	}
	want_dests(m, rdy, bsy, &c, &dr);
	drive(m, in, &c, rd_ok, wr_ok, wr_cached, wr_loc, wrec, widx, &dr);
	ltrf_top_ops.eval(m->top, m->t_in, m->t_out);
	m->idle_fresh = 0;
	dest_answers(m);
	for (uint64_t v = dr.req; v; v &= v - 1) {
		unsigned cc = (unsigned)__builtin_ctzll(v);
		struct rec *r = rec_at(m, dr.rec[cc]);

		if (!get(m, LT_DL_GNT_O, cc))
			continue;
		r->loc_asked |= UINT32_C(1) << dr.idx[cc];
		m->dl[cc] = (struct dest_lookup){1, dr.rec[cc], (unsigned)dr.idx[cc], m->ws[dr.warp[cc]].epoch, r->serial};
		st->rfs[C_DEST_LOOKUPS]++;
	}

	for (uint64_t v = rd_ok; v; v &= v - 1) {
		unsigned cc = (unsigned)__builtin_ctzll(v);

		if (get(m, LT_RD_MISS_O, cc)) {
			st->rfs[C_MISS_READS]++;
			abort();	/* a read outside the working set: the intervals are wrong */
		}
		if (get(m, LT_RD_GNT_O, cc))
			rd_gnt |= UINT64_C(1) << cc;
	}
	for (uint64_t v = wr_ok; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);

		if (!get(m, LT_WR_GNT_O, p))
			continue;
		wr_gnt |= UINT64_C(1) << p;
		if (get(m, LT_WR_DIRECT_O, p))
			direct |= UINT64_C(1) << p;
	}
	st->rfs[C_LOOKUPS] += get(m, LT_LK_ISSUED_O, 0);
	st->rfs[C_LOOKUP_STALL] += get(m, LT_LK_STALLED_O, 0);
	mrf_stats(m, in, direct, st);
	tick(m);
	/* grants back to the core */
	st->rfs[C_CACHE_READS] += (unsigned)__builtin_popcountll(rd_gnt);
	st->rfs[C_MRF_DIRECT] += (unsigned)__builtin_popcountll(direct);
	st->rfs[C_CACHE_WRITES] += (unsigned)__builtin_popcountll(wr_gnt & ~direct);
	st->rfs[C_LOCATED_WRITES] += (unsigned)__builtin_popcountll(wr_gnt & wr_loc);
	for (uint64_t v = direct; v; v &= v - 1) {
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
	m->last_run = nrun;
	st->rfs[C_RUN_WARPS] += nrun;
	st->rfs[C_ACTIVE_ROWS] += rows;
	st->rfs[C_BLOCKED_WARPS] += blocked;
}

static void lt_outputs(void *vm, struct sm_rf_out *out)
{
	struct rfs_lt *m = vm;
	int busy = m->ncq != 0, draining = 0;

	eval_idle(m);
	out->rd_valid = 0;
	for (unsigned c = 0; c < m->nc; c++)
		if (get(m, LT_RD_VALID_O, c)) {
			out->rd_valid |= UINT64_C(1) << c;
			bus_get_words(m->t_out, &m->td.ports[LT_RD_DATA_O], c, m->rd_buf[c]);
			out->rd_data[c] = m->rd_buf[c];
		}
	for (unsigned a = 0; a < m->A; a++)
		busy |= (int)get(m, LT_ROW_BUSY_O, a);
	for (unsigned x = 0; x < m->nws; x++) {
		const struct warp_st *w = &m->ws[x];

		busy |= w->orphan_row >= 0;
		if (!w->used)
			continue;
		draining |= w->done && w->row >= 0;
		busy |= w->row >= 0 && (w->want_deact || w->last_iv != w->cur_iv || w->state != WS_ACTIVE);
		busy |= eligible(m, x);
	}
	busy |= (int)get(m, LT_LK_PENDING_O, 0);
	out->launch_slots = draining ? 0 : ~0u;
	out->busy = busy;
}

static void lt_skip(void *vm, uint64_t n, struct sm_stats *st)
{
	struct rfs_lt *m = vm;

	m->now += n;
	st->rfs[C_ACTIVE_ROWS] += n * m->last_rows;
	st->rfs[C_BLOCKED_WARPS] += n * m->last_blocked;
	st->rfs[C_RUN_WARPS] += n * m->last_run;
}

static unsigned lt_resident(void *vm, unsigned core_limit)
{
	(void)vm;
	return core_limit;
}

#define LT_EVENTS ((1u << SM_RF_EV_CTA_LAUNCH) | (1u << SM_RF_EV_CTA_EXIT) | (1u << SM_RF_EV_ISSUE) | \
		   (1u << SM_RF_EV_WARP_DONE) | (1u << SM_RF_EV_LOAD_MISS) | (1u << SM_RF_EV_WARP_STATE))

const struct sm_rfsys_ops sm_rfsys_ltrf = {
	"ltrf", LT_EVENTS, lt_create, lt_free, lt_outputs, lt_step, lt_skip, lt_resident, lt_counters, NULL, NULL,
};

const struct sm_rfsys_ops sm_rfsys_ltrf_plus = {
	"ltrf_plus", LT_EVENTS, lt_create, lt_free, lt_outputs, lt_step, lt_skip, lt_resident, lt_counters, NULL, NULL,
};
