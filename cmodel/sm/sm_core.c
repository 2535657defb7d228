/* sm_core.c: one SM's pipeline, cycle by cycle (stage order in sm_core.h,
 * the full description in docs/sm.md).
 *
 * Ownership: the SM owns its warps, CTAs slots, collectors, the pool of
 * in-flight instructions (struct dyn) and its register-file subsystem (the
 * configured scheme behind sm_rfsys.h: all register traffic goes through
 * it); the launch (kernel, device memory, DRAM server) belongs to the
 * caller. */
#include "sm_core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx.h"
#include "sm_dwe.h"
#include "sm_l1d.h"
#include "sm_prog.h"
#include "sm_rfsys.h"
#include "sm_sched.h"
#include "sm_simt.h"
#include "sm_trace.h"

/* ---- in-flight instructions ---------------------------------------------- */

struct dyn {
	const struct sm_insn *si;
	unsigned warp;
	uint64_t mask;			/* lanes that execute */
	uint64_t seq;			/* issue order, for deterministic ties */
	uint64_t done;			/* completion cycle */
	uint32_t mem_seq;
	unsigned mem_wait;		/* detailed memory: lines whose data time is not known yet */
	const struct sm_tinst *ti;	/* trace mode */
	uint32_t wb_taken;		/* destination registers on a port or written */
	unsigned wb_left;		/* destination writes not yet granted */
	struct dyn *next;		/* pool free list / write-back queue */
	uint32_t *src;			/* [SM_MAX_SRC][lanes] operand values */
	uint32_t *dst;			/* [SM_MAX_DST][lanes] results */
	uint64_t *preds;		/* predicate file snapshot at issue (npreds) */
	uint64_t *pval;			/* new predicate values */
};

struct collector {
	struct dyn *d;			/* NULL = free */
	unsigned next_req;		/* next source to request */
	unsigned received;
	uint8_t fifo[8];		/* sources of reads granted, oldest first */
	unsigned fifo_head, fifo_n;
	unsigned nsrc;			/* d->si->nsrc */
};

struct warp {
	int used;			/* holds a warp of a resident CTA */
	int done;			/* every lane exited */
	int retired;			/* done and its last instruction retired */
	unsigned cta;			/* CTA slot */
	unsigned sched;
	uint64_t age;
	struct simt_stack stack;	/* execution mode */
	uint32_t tpos, tend;		/* trace mode: position in its stream */
	uint64_t preds[SM_MAX_PREDS];
	uint64_t pend_w[4], pend_r[4], pend_ll[4];	/* scoreboard: pending writes, reads, long-latency writes */
	uint64_t pend_miss[4];		/* long-latency writes of loads that missed the L1 */
	uint64_t pend_p;
	uint8_t rd_count[256];		/* pending reads per register */
	int ib_count, ib_pc;		/* instruction buffer: ib_count instructions from ib_pc */
	uint64_t ib_ready;		/* cycle they can issue */
	int at_barrier;
	unsigned inflight, undispatched;
	uint32_t mem_issued, mem_dispatched;
	struct sm_warp_ids ids;
	uint8_t *local;			/* lanes x local_bytes */
	int rf_blocked;			/* taken off its scheduler by the subsystem (SM_RF_CTL_WARP_BLOCK) */
	unsigned il1_slot;		/* ib_ready = SM_IL1_WAIT: the instruction-cache way it waits on */
};

/* Instruction fetches in the detailed memory system (il1_read) */
#define IL1_MSHR (1u << 24)
#define IL1_BASE UINT64_C(0xF0000000)	/* GPGPU-Sim's PROGRAM_MEM_START */

/* A scheduler's LD/ST unit in the detailed memory system: the access it
 * works on, kept while it retries after a reservation fail (the
 * instruction has executed; its lines stay coalesced). */
struct ldst_unit {
	struct dyn *retry;		/* the instruction it retries, or NULL */
	struct sm_lines lines;
	uint8_t load, store, bypass;	/* the access's kind */
	unsigned next, missed;		/* its next line, its lines not hit so far */
};

struct cta_slot {
	int used;
	uint32_t id;
	unsigned nwarps, live, at_bar;
	unsigned warp[64];		/* hardware warps of this CTA */
	uint8_t *shared;
};

struct sm_core {
	const struct sm_launch *L;
	const struct gpurf_cfg *cfg;
	unsigned id, lanes;
	uint64_t full_mask;
	const struct sm_rfsys_ops *rfo;	/* the register-file subsystem */
	void *rf;
	unsigned rf_events;		/* bit k: the scheme wants events of kind k */
	struct sm_rf_in in;		/* this cycle's inputs, events gathered since the last step */
	struct sm_rf_out out;		/* its outputs at the start of this cycle */
	unsigned spw;			/* register-file warp slots per hardware warp */
	unsigned nhw;			/* hardware warp contexts */
	unsigned cta_limit;		/* CTAs the SM's own limits allow */
	unsigned nslots;		/* CTA slots allocated */
	unsigned res_limit;		/* resident CTAs the subsystem allows */
	unsigned launched;		/* launches since the last step (out.launch_slots) */
	uint8_t *cta_flags;		/* per CTA slot: CF_* (schemes that want STALLED / READY) */
	int *cta_pcs;			/* per CTA slot x 64 warps: pcs of its STALLED event */
	unsigned *ll_inflight;		/* per warp: long-latency writes not yet completed */
	const char *limiter;
	struct warp *warps;
	struct cta_slot *ctas;
	unsigned resident, used_warps, used_threads;
	uint64_t age;
	struct collector *col;
	uint64_t col_busy;		/* bit c: collector c holds an instruction */
	uint64_t col_all;		/* bits of every collector */
	uint8_t *sb;			/* per warp: SB_BLOCKED when hazard() found its next
					 * instruction waiting on the scoreboard (| SB_LL: on a
					 * long-latency write); valid until a pending bit of the
					 * warp clears (sb_clear).  Kept apart from struct warp so
					 * the issue scan touches one cache line. */
	uint8_t *nf;			/* per warp: needs a fetch (fetch_needed()), updated
					 * by the only events that change it: launch, issue, fetch */
	unsigned live_warps;		/* used and not done */
	uint8_t fetch_dirty[16];	/* a warp of scheduler s may need a fetch */
	/* A scheduler whose last scan found no warp to issue and answered every
	 * candidate from the sb cache gives the same answer until a cached state
	 * or its order changes: sched_epoch[s] counts those changes. */
	uint64_t sched_epoch[16], scan_epoch[16];
	uint64_t gate_seen;		/* out.warp_issuable the scans saw */
	uint8_t scan_stable[16], scan_best[16];
	struct sm_sched sched[16];
	uint64_t unit_free[16][SM_NCLASS];
	/* in-flight instructions */
	struct dyn *free_dyn;
	struct dyn **heap;		/* completion events, min (done, seq) */
	struct sm_il1 *il1;		/* instruction cache; NULL = every fetch hits */
	uint64_t il1_wake;		/* latest cycle a fetch that missed waits until */
	uint64_t il1_now;		/* the cycle last stepped */
	unsigned fetch_first;		/* [sim] fetch_width: scheduler fetch starts at */
	unsigned nheap, cap_heap;
	struct dyn *wb_head, *wb_tail;	/* completed, writing back */
	struct { struct dyn *d; unsigned reg; } port[16];
	uint64_t seq;
	struct sm_l1 l1;
	struct sm_l1d *l1d;		/* [mem] model = detailed: the sectored L1 with MSHRs */
	struct ldst_unit *ldst;		/* [schedulers], detailed memory only */
	struct sm_access acc;
	struct sm_stats st;
	/* last cycle's per-cycle samples, for skipped cycles */
	unsigned last_stall[16];
	int last_active_warps;
	/* Dynamic Warp Execution (sm_dwe.h): this SM's probability and its
	 * stall cycles in the current window (a CTA resident, nothing issued) */
	unsigned dwe_prob;
	uint64_t dwe_stalls;
	int issued;			/* a scheduler issued in this cycle */
	void *pool_blocks[4096];
	unsigned npool_blocks;
};

/* ---- small helpers ------------------------------------------------------------ */

/* Per CTA slot (cta_flags): a STALLED event was sent and no warp issued
 * since; suspended by the register-file subsystem; a READY event was sent. */
enum { CF_STALLED = 1, CF_SUSPENDED = 2, CF_READY = 4 };

/* A new event of the kind for the next step of the register-file
 * subsystem, or NULL when the scheme does not want that kind. */
static struct sm_rf_ev *rf_event(struct sm_core *sm, unsigned kind, unsigned cta)
{
	struct sm_rf_ev *ev;

	if (!(sm->rf_events >> kind & 1u))
		return NULL;
	if (sm->in.nev == SM_RF_MAX_EV)
		abort();	/* more events in one cycle than CTAs and warps can make */
	ev = &sm->in.ev[sm->in.nev++];
	memset(ev, 0, sizeof *ev);
	ev->kind = kind;
	ev->cta = cta;
	return ev;
}

static int bit256(const uint64_t *s, unsigned r)
{
	return (int)(s[r >> 6] >> (r & 63) & 1u);
}

static void set256(uint64_t *s, unsigned r)
{
	s[r >> 6] |= UINT64_C(1) << (r & 63);
}

static void clr256(uint64_t *s, unsigned r)
{
	s[r >> 6] &= ~(UINT64_C(1) << (r & 63));
}

/* The issue scan's per-warp cache (sm->sb), at most one of:
 *   SB_BLOCKED (| SB_LL): waiting on the scoreboard, until sb_clear();
 *   SB_BAR: parked at bar.sync, until the barrier opens;
 *   SB_FETCH: instruction buffer empty or on another pc, until refilled.
 * Each state's conditions change only through the events that clear it or
 * through an issue of the warp, which none of them allows. */
enum { SB_BLOCKED = 1, SB_LL = 2, SB_BAR = 4, SB_FETCH = 8 };

/* Warp wi's cached state or its scheduler's order changed. */
static void sched_touch(struct sm_core *sm, unsigned wi)
{
	sm->sched_epoch[sm->warps[wi].sched]++;
}

/* A pending bit of warp wi cleared: its cached scoreboard stall is stale. */
static void sb_clear(struct sm_core *sm, unsigned wi)
{
	sm->sb[wi] &= (uint8_t)~(SB_BLOCKED | SB_LL);
	sched_touch(sm, wi);
}

static int grow_pool(struct sm_core *sm)
{
	enum { N = 64 };
	size_t lanes = sm->lanes, np = sm->L->npreds ? sm->L->npreds : 1;
	size_t per = sizeof(struct dyn) + (SM_MAX_SRC + SM_MAX_DST) * lanes * 4 + 2 * np * 8;
	char *blk;

	if (sm->npool_blocks == sizeof sm->pool_blocks / sizeof sm->pool_blocks[0])
		return -1;
	blk = calloc(N, per + 16);
	if (!blk)
		return -1;
	sm->pool_blocks[sm->npool_blocks++] = blk;
	for (unsigned i = 0; i < N; i++) {
		char *p = blk + i * (per + 16);
		struct dyn *d = (struct dyn *)(void *)p;
		char *q = p + ((sizeof *d + 15) & ~(size_t)15);

		d->src = (uint32_t *)(void *)q;
		d->dst = d->src + SM_MAX_SRC * lanes;
		d->preds = (uint64_t *)(void *)(d->dst + SM_MAX_DST * lanes);
		d->pval = d->preds + np;
		d->next = sm->free_dyn;
		sm->free_dyn = d;
	}
	return 0;
}

static struct dyn *dyn_alloc(struct sm_core *sm)
{
	struct dyn *d;

	if (!sm->free_dyn && grow_pool(sm))
		return NULL;
	d = sm->free_dyn;
	sm->free_dyn = d->next;
	d->next = NULL;
	return d;
}

static void dyn_free(struct sm_core *sm, struct dyn *d)
{
	d->next = sm->free_dyn;
	sm->free_dyn = d;
}

static int before(const struct dyn *a, const struct dyn *b)
{
	return a->done < b->done || (a->done == b->done && a->seq < b->seq);
}

static int heap_push(struct sm_core *sm, struct dyn *d)
{
	unsigned i;

	if (sm->nheap == sm->cap_heap) {
		unsigned cap = sm->cap_heap ? 2 * sm->cap_heap : 256;
		struct dyn **h = realloc(sm->heap, cap * sizeof *h);

		if (!h)
			return -1;
		sm->heap = h;
		sm->cap_heap = cap;
	}
	i = sm->nheap++;
	while (i && before(d, sm->heap[(i - 1) / 2])) {
		sm->heap[i] = sm->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	sm->heap[i] = d;
	return 0;
}

static struct dyn *heap_pop(struct sm_core *sm)
{
	struct dyn *top = sm->heap[0], *last = sm->heap[--sm->nheap];
	unsigned i = 0;

	for (;;) {
		unsigned c = 2 * i + 1;

		if (c >= sm->nheap)
			break;
		if (c + 1 < sm->nheap && before(sm->heap[c + 1], sm->heap[c]))
			c++;
		if (!before(sm->heap[c], last))
			break;
		sm->heap[i] = sm->heap[c];
		i = c;
	}
	if (sm->nheap)
		sm->heap[i] = last;
	return top;
}

/* ---- creation and CTA launch --------------------------------------------------- */

static unsigned cta_limit(const struct sm_core *sm, const char **why)
{
	const struct sm_launch *L = sm->L;
	const struct gpurf_cfg *cfg = sm->cfg;
	unsigned lim = cfg->ctas;

	*why = "ctas";
	if (sm->nhw / L->warps_per_cta < lim)
		lim = sm->nhw / L->warps_per_cta, *why = sm->spw > 1 ? "registers" : "warps";
	if (cfg->threads / L->threads < lim)
		lim = cfg->threads / L->threads, *why = "threads";
	if (L->shared_bytes && cfg->sim.shared_bytes / L->shared_bytes < lim)
		lim = cfg->sim.shared_bytes / L->shared_bytes, *why = "shared memory";
	return lim;
}

struct sm_core *sm_core_create(const struct sm_launch *L, unsigned id, struct gpurf_err *err)
{
	const struct gpurf_cfg *cfg = L->cfg;
	struct sm_core *sm = calloc(1, sizeof *sm);
	unsigned rpw = cfg->d.regs_per_warp, unreg;
	const char *unreg_why;

	if (!sm)
		goto oom;
	sm->L = L;
	sm->cfg = cfg;
	sm->id = id;
	sm->lanes = cfg->lanes;
	sm->full_mask = cfg->lanes == 64 ? ~UINT64_C(0) : (UINT64_C(1) << cfg->lanes) - 1;
	sm->spw = L->regs ? (L->regs + rpw - 1) / rpw : 1;
	sm->nhw = cfg->warps / sm->spw;
	sm->rf = NULL;
	if (!(sm->rfo = sm_rfsys_ops(cfg, err))) {
		free(sm);
		return NULL;
	}
	{
		struct sm_rf_kernel k = {L->regs, L->warps_per_cta, sm->nhw, L->prog ? L->prog : L->tprog, L->threads,
					 L->shared_bytes, 0, id};
		sm->nhw = cfg->warps;	/* the limit without the register file's */
		k.cta_limit_unreg = unreg = cta_limit(sm, &unreg_why);
		sm->nhw = k.hw_warps;

		if (!(sm->rf = sm->rfo->create(cfg, &k, err))) {
			free(sm);
			return NULL;
		}
	}
	sm->in.dwe_prob = sm->dwe_prob = sm_dwe_initial(cfg, id);
	sm->rf_events = sm->rfo->events;
	sm->cta_limit = cta_limit(sm, &sm->limiter);
	/* a scheme may hold more CTAs than the scheduling limit (FineReg):
	 * CTA slots and hardware warp contexts for all of them */
	sm->nslots = sm->res_limit = sm->rfo->resident_ctas(sm->rf, sm->cta_limit);
	if (sm->rfo->active_ctas) {
		unsigned active = sm->rfo->active_ctas(sm->rf);

		sm->limiter = active < unreg ? "registers" : unreg_why;
		sm->cta_limit = active;
	}
	if (sm->nslots * L->warps_per_cta > sm->nhw)
		sm->nhw = sm->nslots * L->warps_per_cta;
	if (sm->nslots < cfg->ctas)
		sm->nslots = cfg->ctas;
	sm->rfo->outputs(sm->rf, &sm->out);
	sm->warps = calloc(sm->nhw ? sm->nhw : 1, sizeof *sm->warps);
	sm->sb = calloc(sm->nhw ? sm->nhw : 1, 1);
	sm->nf = calloc(sm->nhw ? sm->nhw : 1, 1);
	sm->ctas = calloc(sm->nslots, sizeof *sm->ctas);
	sm->cta_flags = calloc(sm->nslots, 1);
	sm->cta_pcs = calloc((size_t)sm->nslots * 64, sizeof *sm->cta_pcs);
	sm->ll_inflight = calloc(sm->nhw ? sm->nhw : 1, sizeof *sm->ll_inflight);
	if (!sm->cta_flags || !sm->cta_pcs || !sm->ll_inflight)
		goto oom;
	sm->col = calloc(cfg->collectors, sizeof *sm->col);
	sm->col_all = cfg->collectors >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << cfg->collectors) - 1;
	if (!sm->warps || !sm->sb || !sm->nf || !sm->ctas || !sm->col || sm_l1_init(&sm->l1, cfg))
		goto oom;
	if (cfg->sim.il1_bytes &&
	    !(sm->il1 = sm_il1_create(cfg->sim.il1_bytes, cfg->sim.il1_line_bytes, cfg->sim.il1_assoc,
				      L->gmem ? 0 : cfg->sim.dram_latency)))
		goto oom;
	if (cfg->mem.model == MEM_DETAILED) {
		sm->l1d = calloc(1, sizeof *sm->l1d);
		sm->ldst = calloc(cfg->schedulers, sizeof *sm->ldst);
		if (!sm->l1d || !sm->ldst || sm_l1d_init(sm->l1d, cfg, id))
			goto oom;
	}
	if (L->local_bytes)
		for (unsigned w = 0; w < sm->nhw; w++)
			if (!(sm->warps[w].local = calloc((size_t)L->local_bytes * sm->lanes, 1)))
				goto oom;
	if (L->shared_bytes)
		for (unsigned c = 0; c < sm->nslots; c++)
			if (!(sm->ctas[c].shared = calloc(L->shared_bytes, 1)))
				goto oom;
	for (unsigned s = 0; s < cfg->schedulers; s++)
		if (sm_sched_init(&sm->sched[s], cfg, sm->nhw))
			goto oom;
	return sm;
oom:
	sm_core_free(sm);
	gpurf_fail(err, GPURF_ERR_IO, "out of memory creating SM %u", id);
	return NULL;
}

void sm_core_free(struct sm_core *sm)
{
	if (!sm)
		return;
	if (sm->rf)
		sm->rfo->free(sm->rf);
	if (sm->warps)
		for (unsigned w = 0; w < sm->nhw; w++)
			free(sm->warps[w].local);
	if (sm->ctas)
		for (unsigned c = 0; c < sm->nslots; c++)
			free(sm->ctas[c].shared);
	for (unsigned s = 0; s < 16; s++)
		sm_sched_free(&sm->sched[s]);
	for (unsigned i = 0; i < sm->npool_blocks; i++)
		free(sm->pool_blocks[i]);
	sm_l1_free(&sm->l1);
	sm_il1_free(sm->il1);
	if (sm->l1d)
		sm_l1d_free(sm->l1d);
	free(sm->l1d);
	free(sm->ldst);
	free(sm->heap);
	free(sm->warps);
	free(sm->sb);
	free(sm->nf);
	free(sm->ctas);
	free(sm->col);
	free(sm->cta_flags);
	free(sm->cta_pcs);
	free(sm->ll_inflight);
	free(sm);
}

unsigned sm_core_cta_limit(const struct sm_core *sm, const char **limiter)
{
	*limiter = sm->limiter;
	return sm->cta_limit;
}

int sm_core_can_launch(const struct sm_core *sm)
{
	if (sm->launched >= sm->out.launch_slots)
		return 0;
	return sm->resident < sm->res_limit;
}

unsigned sm_core_resident(const struct sm_core *sm)
{
	return sm->resident;
}

int sm_core_awake(const struct sm_core *sm)
{
	return sm->resident || sm->out.busy;
}

const struct sm_stats *sm_core_stats(const struct sm_core *sm)
{
	return &sm->st;
}

void sm_core_set_waiting(struct sm_core *sm, int waiting)
{
	sm->in.cta_waiting = waiting;
}

static int fetch_needed(const struct sm_core *sm, const struct warp *w);

void sm_core_launch(struct sm_core *sm, uint32_t cta, uint64_t now)
{
	const struct sm_launch *L = sm->L;
	unsigned slot = 0, w = 0;
	struct cta_slot *c;
	uint32_t gx = L->grid[0], gy = L->grid[1];

	while (sm->ctas[slot].used)
		slot++;
	c = &sm->ctas[slot];
	c->used = 1;
	c->id = cta;
	c->nwarps = c->live = L->warps_per_cta;
	c->at_bar = 0;
	if (c->shared)
		memset(c->shared, 0, L->shared_bytes);
	sm->resident++;
	for (unsigned k = 0; k < L->warps_per_cta; k++) {
		struct warp *wp;
		uint32_t first = k * sm->lanes, n = L->threads - first < sm->lanes ? L->threads - first : sm->lanes;
		uint64_t mask = n >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1;

		while (sm->warps[w].used)
			w++;
		wp = &sm->warps[w];
		memset(wp->preds, 0, sizeof wp->preds);
		memset(wp->pend_w, 0, sizeof wp->pend_w);
		memset(wp->pend_r, 0, sizeof wp->pend_r);
		memset(wp->pend_ll, 0, sizeof wp->pend_ll);
		memset(wp->pend_miss, 0, sizeof wp->pend_miss);
		memset(wp->rd_count, 0, sizeof wp->rd_count);
		wp->pend_p = 0;
		sm->sb[w] = 0;
		wp->used = 1;
		wp->done = 0;
		wp->retired = 0;
		wp->rf_blocked = 0;	/* scheduled below; a scheme blocks it in its next step */
		wp->cta = slot;
		wp->sched = w % sm->cfg->schedulers;
		wp->age = sm->age++;
		wp->ib_count = 0;
		wp->ib_pc = 0;
		wp->ib_ready = now + 1;
		wp->at_barrier = 0;
		wp->inflight = wp->undispatched = 0;
		wp->mem_issued = wp->mem_dispatched = 0;
		if (wp->local)
			memset(wp->local, 0, (size_t)L->local_bytes * sm->lanes);
		if (L->trace) {
			const struct sm_tcta *tc = &L->trace->ctas[cta];
			const struct sm_twarp *tw = k < tc->nwarps ? &L->trace->warps[tc->first_warp + k] : NULL;

			wp->tpos = tw ? tw->first : 0;
			wp->tend = tw ? tw->first + tw->count : 0;
			simt_init(&wp->stack, wp->tpos < wp->tend ? mask : 0);
			wp->ids.ctaid[0] = tc->ctaid[0];
		} else {
			simt_init(&wp->stack, mask);
			wp->ids.ctaid[0] = cta % gx;
			wp->ids.ctaid[1] = cta / gx % gy;
			wp->ids.ctaid[2] = cta / (gx * gy);
		}
		wp->ids.tid0 = first;
		memcpy(wp->ids.ntid, L->block, sizeof wp->ids.ntid);
		memcpy(wp->ids.nctaid, L->grid, sizeof wp->ids.nctaid);
		wp->ids.warpid = w;
		wp->ids.nwarpid = sm->nhw;
		wp->ids.smid = sm->id;
		wp->ids.nsmid = sm->cfg->sim.sms;
		wp->ids.dyn_smem = L->dyn_shared;
		wp->ids.total_smem = L->shared_bytes;
		c->warp[k] = w;
		sm->used_warps++;
		sm->live_warps++;
		sm_sched_add(&sm->sched[wp->sched], w);
		sm->nf[w] = (uint8_t)fetch_needed(sm, wp);
		sched_touch(sm, w);
		sm->fetch_dirty[wp->sched] = 1;
	}
	sm->used_threads += L->threads;
	sm->cta_flags[slot] = 0;
	{
		struct sm_rf_ev *ev = rf_event(sm, SM_RF_EV_CTA_LAUNCH, slot);

		if (ev) {
			ev->nwarps = c->nwarps;
			ev->warps = c->warp;
		}
	}
	sm->launched++;
}

/* ---- the warp's instruction stream ------------------------------------------------ */

/* The next instruction of warp w and its active lanes; NULL when none. */
static const struct sm_insn *peek(const struct sm_core *sm, const struct warp *w, uint64_t *active)
{
	const struct sm_launch *L = sm->L;

	if (L->trace) {
		const struct sm_tinst *ti;

		if (w->tpos >= w->tend)
			return NULL;
		ti = &L->trace->insts[w->tpos];
		*active = ti->mask;
		return &L->trace->sinsns[ti->si];
	} else {
		const struct simt_entry *e = simt_top(&w->stack);

		if (!e || e->pc < 0 || e->pc >= L->prog->ninsns)
			return NULL;
		*active = e->mask;
		return &L->prog->insns[e->pc];
	}
}

static int cur_pc(const struct sm_core *sm, const struct warp *w)
{
	const struct simt_entry *e;

	if (sm->L->trace)
		return (int)w->tpos;
	e = simt_top(&w->stack);
	return e ? e->pc : -1;
}

/* The static instruction index the register-file schemes know warp w's
 * next instruction by: the program's, or in trace mode the rebuilt static
 * code's. */
static int rf_pc(const struct sm_core *sm, const struct warp *w)
{
	const struct sm_launch *L = sm->L;

	if (!L->trace || !L->tindex)
		return cur_pc(sm, w);	/* a trace without static code: its position, as before */
	if (w->tpos >= w->tend)
		return -1;
	return (int)L->tindex[L->trace->insts[w->tpos].si];
}

/* Warp w's instruction buffer must be (re)filled: it runs and its buffer
 * is empty or holds another pc's instructions. */
static int fetch_needed(const struct sm_core *sm, const struct warp *w)
{
	int pc = cur_pc(sm, w);

	return !(w->done || pc < 0 || (w->ib_count > 0 && w->ib_pc == pc));
}

/* ---- CTA and warp completion ------------------------------------------------------ */

static void cta_finish(struct sm_core *sm, unsigned slot)
{
	struct cta_slot *c = &sm->ctas[slot];

	for (unsigned k = 0; k < c->nwarps; k++) {
		struct warp *w = &sm->warps[c->warp[k]];

		sm_sched_remove(&sm->sched[w->sched], c->warp[k]);	/* no-op if done */
		sched_touch(sm, c->warp[k]);
		if (!w->done)
			sm->live_warps--;
		w->used = 0;
		sm->used_warps--;
	}
	c->used = 0;
	rf_event(sm, SM_RF_EV_CTA_EXIT, slot);
	sm->resident--;
	sm->used_threads -= sm->L->threads;
	sm->st.ctas_done++;
}

/* A warp whose lanes all exited leaves once its last instruction retired. */
static int warp_maybe_retire(struct sm_core *sm, unsigned wi)
{
	struct warp *w = &sm->warps[wi];
	struct cta_slot *c = &sm->ctas[w->cta];

	if (!w->done || w->inflight || !w->used || w->retired)
		return 0;
	w->retired = 1;		/* the slot stays the CTA's until the CTA leaves */
	if (--c->live == 0) {
		cta_finish(sm, w->cta);
		return 1;
	}
	return 1;
}

/* bar.sync: released when every warp of the CTA still running arrived and
 * has dispatched everything it issued before (its stores are done). */
static int barrier_check(struct sm_core *sm, unsigned slot)
{
	struct cta_slot *c = &sm->ctas[slot];
	unsigned waiting = 0, running = 0;

	if (!c->used || !c->at_bar)
		return 0;
	for (unsigned k = 0; k < c->nwarps; k++) {
		const struct warp *w = &sm->warps[c->warp[k]];

		if (w->done)
			continue;
		running++;
		if (w->at_barrier == 1 && w->undispatched == 0)
			waiting++;
	}
	if (waiting < running)
		return 0;
	for (unsigned k = 0; k < c->nwarps; k++) {
		struct warp *w = &sm->warps[c->warp[k]];

		if (w->at_barrier == 1)
			w->at_barrier = 0;
		sm->sb[c->warp[k]] &= (uint8_t)~SB_BAR;
		sched_touch(sm, c->warp[k]);
	}
	c->at_bar = 0;
	return 1;
}

/* ---- stage 1 and 2: read return, completion ---------------------------------------- */

static void read_return(struct sm_core *sm)
{
	const struct sm_rf_out *o = &sm->out;

	for (uint64_t v = o->rd_valid; v; v &= v - 1) {
		unsigned c = (unsigned)__builtin_ctzll(v);
		struct collector *col = &sm->col[c];
		unsigned s = col->fifo[col->fifo_head];

		col->fifo_head = (col->fifo_head + 1) % 8;
		col->fifo_n--;
		if (sm->lanes == 32)	/* a constant size: copied without a call */
			memcpy(col->d->src + (size_t)s * 32, o->rd_data[c], 32 * sizeof(uint32_t));
		else
			memcpy(col->d->src + (size_t)s * sm->lanes, o->rd_data[c], sm->lanes * sizeof(uint32_t));
		col->received++;
	}
}

static void retire(struct sm_core *sm, struct dyn *d)
{
	struct warp *w = &sm->warps[d->warp];

	w->inflight--;
	warp_maybe_retire(sm, d->warp);
	dyn_free(sm, d);
}

static int complete(struct sm_core *sm, uint64_t now)
{
	int any = 0;

	while (sm->nheap && sm->heap[0]->done <= now) {
		struct dyn *d = heap_pop(sm);
		struct warp *w = &sm->warps[d->warp];
		const struct sm_insn *si = d->si;

		any = 1;
		if (si->longlat && si->ndst)
			sm->ll_inflight[d->warp]--;
		for (uint64_t p = si->pdst; p; p &= p - 1) {
			unsigned i = (unsigned)__builtin_ctzll(p);

			w->preds[i] = (w->preds[i] & ~d->mask) | (d->pval[i] & d->mask);
		}
		if (w->pend_p & si->pdst)
			sb_clear(sm, d->warp);
		w->pend_p &= ~si->pdst;
		if (si->ndst) {
			d->wb_taken = 0;
			d->wb_left = si->ndst;
			d->next = NULL;
			if (sm->wb_tail)
				sm->wb_tail->next = d;
			else
				sm->wb_head = d;
			sm->wb_tail = d;
		} else {
			retire(sm, d);
		}
	}
	return any;
}

/* ---- stage 3 to 6: write-back, dispatch, operand requests, register file ---------- */

/* Lanes of warp w that will execute more than an exit: on the SIMT stack
 * in the executing entry or in an entry whose next instruction is not an
 * unguarded exit (lanes parked on an early-return path need no register). */
static uint64_t live_lanes(const struct sm_core *sm, const struct warp *w)
{
	const struct simt_stack *s = &w->stack;
	uint64_t live = 0;

	if (sm->L->trace)
		return s->depth ? s->e[0].mask : 0;
	for (int i = 0; i < s->depth; i++) {
		const struct simt_entry *e = &s->e[i];
		const struct sm_insn *si = e->pc >= 0 && e->pc < sm->L->prog->ninsns ? &sm->L->prog->insns[e->pc] : NULL;

		if (i == s->depth - 1 || (si && !(si->cls == SM_CLS_EXIT && si->guard < 0)))
			live |= e->mask;
	}
	return live;
}

static void writeback_assign(struct sm_core *sm, struct sm_rf_in *rq)
{
	unsigned np = sm->cfg->write_ports;

	int queue_empty = 0;

	for (unsigned p = 0; p < np; p++) {
		struct dyn *d = NULL;

		if (!sm->port[p].d) {
			/* the oldest queued instruction with a register not yet on a port */
			if (!queue_empty)
				for (d = sm->wb_head; d && d->wb_taken == (UINT32_C(1) << d->si->ndst) - 1u; d = d->next)
					;
			if (!d) {
				queue_empty = 1;	/* ports holding a refused write still retry */
				continue;
			}
			sm->port[p].d = d;
			sm->port[p].reg = (unsigned)__builtin_ctz(~d->wb_taken);
			d->wb_taken |= UINT32_C(1) << sm->port[p].reg;
		}
		d = sm->port[p].d;
		rq->wr_req |= UINT64_C(1) << p;
		rq->wr_warp[p] = d->warp;
		rq->wr_reg[p] = d->si->dst[sm->port[p].reg];
		rq->wr_mask[p] = d->mask;
		rq->wr_data[p] = d->dst + (size_t)sm->port[p].reg * sm->lanes;
		if (sm->rf_events >> SM_RF_EV_WARP_STATE & 1u)
			rq->wr_live[p] = live_lanes(sm, &sm->warps[d->warp]);
	}
}

static void wb_unlink(struct sm_core *sm, struct dyn *d)
{
	struct dyn **pp = &sm->wb_head, *prev = NULL;

	while (*pp && *pp != d) {
		prev = *pp;
		pp = &(*pp)->next;
	}
	if (!*pp)
		return;
	*pp = d->next;
	if (sm->wb_tail == d)
		sm->wb_tail = prev;
}

/* Refused writes the subsystem asks to yield: off their port, their
 * instruction to the queue's tail (behind the writes that can proceed). */
static void writeback_yield(struct sm_core *sm, uint64_t yield)
{
	for (uint64_t v = yield; v; v &= v - 1) {
		unsigned p = (unsigned)__builtin_ctzll(v);
		struct dyn *d = sm->port[p].d;

		if (!d)
			continue;
		d->wb_taken &= ~(UINT32_C(1) << sm->port[p].reg);
		sm->port[p].d = NULL;
		if (sm->wb_tail != d) {
			wb_unlink(sm, d);
			d->next = NULL;
			sm->wb_tail->next = d;
			sm->wb_tail = d;
		}
	}
}

static void writeback_granted(struct sm_core *sm, uint64_t wr_gnt)
{
	for (uint64_t g = wr_gnt; g; g &= g - 1) {
		unsigned p = (unsigned)__builtin_ctzll(g);
		struct dyn *d = sm->port[p].d;
		struct warp *w = &sm->warps[d->warp];
		unsigned r = d->si->dst[sm->port[p].reg];

		clr256(w->pend_w, r);
		clr256(w->pend_ll, r);
		clr256(w->pend_miss, r);
		sb_clear(sm, d->warp);
		sm->port[p].d = NULL;
		if (--d->wb_left == 0) {
			wb_unlink(sm, d);
			retire(sm, d);
		}
	}
}

static unsigned class_latency(const struct gpurf_cfg *cfg, unsigned cls, unsigned *ii)
{
	switch (cls) {
	case SM_CLS_SFU: *ii = cfg->sim.sfu_ii; return cfg->sim.sfu_latency;
	case SM_CLS_DP: *ii = cfg->sim.dp_ii; return cfg->sim.dp_latency;
	default: *ii = cfg->sim.alu_ii; return cfg->sim.alu_latency;
	}
}

/* Synthetic results of a trace instruction: a token naming the writer. */
static void trace_tokens(struct sm_core *sm, struct dyn *d)
{
	for (unsigned j = 0; j < d->si->ndst; j++)
		for (unsigned l = 0; l < sm->lanes; l++)
			d->dst[j * sm->lanes + l] = (uint32_t)(d->seq * 31u + j * 7u + l);
}

static void trace_access(struct sm_core *sm, const struct dyn *d)
{
	const struct sm_trace *t = sm->L->trace;
	const uint64_t *a = t->addrs + d->ti->addr;
	struct sm_access *acc = &sm->acc;

	acc->space = d->si->space;
	acc->load = (d->si->flags & SM_F_LOAD) != 0;
	acc->store = (d->si->flags & SM_F_STORE) != 0;
	acc->bytes = d->si->vec ? d->si->vec : 4;
	acc->mask = d->mask;
	for (uint64_t m = d->mask; m; m &= m - 1)
		acc->addr[__builtin_ctzll(m)] = *a++;
}

static int execute(struct sm_core *sm, struct dyn *d, uint64_t now, struct gpurf_err *err)
{
	const struct sm_launch *L = sm->L;
	struct warp *w = &sm->warps[d->warp];
	struct cta_slot *c = &sm->ctas[w->cta];
	struct sm_fmem_view mv = {L->global, L->global_size, c->shared, L->shared_bytes, w->local,
				  L->local_bytes, L->prog->const_image, L->prog->const_bytes, L->param,
				  L->param_size};
	struct sm_exec_in in = {L->prog, &mv, &w->ids, sm->lanes, d->mask, d->src, d->preds};
	struct sm_exec_out out;
	int rc;

	/* only the predicates the instruction writes are read back: zero those,
	 * not the whole table */
	out.dst = d->dst;
	out.acc = d->si->cls == SM_CLS_MEM ? &sm->acc : NULL;
	for (uint64_t p = d->si->pdst; p; p &= p - 1)
		out.pred_val[__builtin_ctzll(p)] = 0;
	w->ids.clock = now;
	rc = sm_exec(&in, d->si, &out, err);
	for (uint64_t p = d->si->pdst; p; p &= p - 1) {
		unsigned i = (unsigned)__builtin_ctzll(p);

		d->pval[i] = out.pred_val[i];
	}
	return rc;
}

/* Whether an access goes through the L1 (global or local lanes). */
static int is_cached_access(const struct sm_access *acc)
{
	return acc->mask && (acc->space == PTX_S_GLOBAL || acc->space == PTX_S_LOCAL);
}

/* The detailed memory system's timing of d's global or local access (its
 * lines coalesced when it first dispatches, kept while it retries).
 * Returns 1 on a reservation fail (d stays in its collector, its lines from
 * the failing one on go when it retries), -1 when out of memory; else sets
 * d->done, and d->mem_wait when lines wait for DRAM (sm_core_fill completes
 * it).  While the LD/ST unit holds d, d->mem_wait counts one more, so a
 * line's data arriving meanwhile cannot complete d early. */
static int detailed_access(struct sm_core *sm, struct dyn *d, uint64_t now, unsigned *occ, unsigned *missed)
{
	struct ldst_unit *u = &sm->ldst[sm->warps[d->warp].sched];
	unsigned waits = 0, first, m = 0;
	uint64_t done;
	int r;

	if (u->retry != d) {
		sm_mem_coalesce(&sm->acc, sm->lanes, sm->id * 4096u + d->warp, &u->lines);
		u->load = (uint8_t)sm->acc.load;
		u->store = (uint8_t)sm->acc.store;
		/* stores write through anyway: with l1_skip_global they are not L1 accesses either */
		u->bypass = (uint8_t)(sm->cfg->mem.l1_skip_global && sm->acc.space == PTX_S_GLOBAL);
		u->next = 0;
		u->missed = 0;
		sm->st.mem.global_accesses++;
		sm->st.mem.global_lines += u->lines.n;
		d->done = now + 1;
		d->mem_wait = 1;	/* the LD/ST unit's hold */
	}
	first = u->next;
	done = d->done;
	r = sm_l1d_access(sm->l1d, sm->L->gmem, &u->lines, u->load, u->store, u->bypass, &u->next, now, d,
			  &done, &waits, &m);
	d->done = done;
	d->mem_wait += waits;
	u->missed += m;
	if (r) {
		u->retry = r > 0 ? d : NULL;
		return r;
	}
	u->retry = NULL;
	d->mem_wait--;		/* the hold: 0 = every line's time is known */
	*missed = u->missed;
	*occ = u->next > first ? u->next - first : 1;
	return 0;
}

static int dispatch(struct sm_core *sm, uint64_t now, struct gpurf_err *err)
{
	int any = 0;

	for (uint64_t busy = sm->col_busy; busy; busy &= busy - 1) {
		unsigned c = (unsigned)__builtin_ctzll(busy);
		struct collector *col = &sm->col[c];
		struct dyn *d = col->d;
		struct warp *w;
		const struct sm_insn *si;
		const struct dyn *retry;	/* the LD/ST unit's instruction after a reservation fail */
		uint64_t *unit;
		unsigned ii, lat;

		if (col->received < col->nsrc)
			continue;
		w = &sm->warps[d->warp];
		si = d->si;
		unit = &sm->unit_free[w->sched][si->cls];
		if (*unit > now) {
			sm->st.dispatch_unit_busy++;
			continue;
		}
		if (si->cls == SM_CLS_MEM && d->mem_seq != w->mem_dispatched)
			continue;	/* a warp's memory instructions execute in order */
		retry = sm->ldst ? sm->ldst[w->sched].retry : NULL;
		if (si->cls == SM_CLS_MEM && retry && retry != d)
			continue;	/* the LD/ST unit retries another instruction */
		any = 1;
		if (retry == d)
			;	/* executed when it first dispatched */
		else if (sm->L->trace)
			trace_tokens(sm, d);
		else if (execute(sm, d, now, err))
			return -1;
		if (si->cls == SM_CLS_MEM) {
			unsigned occ, missed;
			struct sm_rf_ev *ev;

			if (sm->L->trace && retry != d)
				trace_access(sm, d);
			if (sm->l1d && (retry == d || is_cached_access(&sm->acc))) {
				int r = detailed_access(sm, d, now, &occ, &missed);

				if (r < 0)
					return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
				if (r > 0) {
					*unit = now + 1;	/* a reservation fail: retried next cycle */
					continue;
				}
			} else {
				d->done = sm_mem_time(sm->cfg, &sm->l1, sm->L->dram, &sm->st.mem, &sm->acc,
						      sm->lanes, sm->id * 4096u + d->warp, now, &occ, &missed);
				d->mem_wait = 0;
			}
			if (missed && si->longlat && si->ndst && sm->cfg->sim.two_level_demote == DEMOTE_MISS) {
				/* a cached long-latency stall now demotes (two_level_demote) */
				for (unsigned i = 0; i < si->ndst; i++)
					set256(w->pend_miss, si->dst[i]);
				sb_clear(sm, d->warp);
			}
			if (missed && si->ndst && (ev = rf_event(sm, SM_RF_EV_LOAD_MISS, w->cta))) {
				ev->warp = d->warp;
				ev->pc = -1;	/* the instruction is ev->insn */
				ev->insn = si;
			}
			*unit = now + occ;
			w->mem_dispatched++;
		} else {
			lat = class_latency(sm->cfg, si->cls, &ii);
			d->done = now + lat;
			d->mem_wait = 0;
			*unit = now + ii;
		}
		if (!d->mem_wait && heap_push(sm, d))
			return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
		col->d = NULL;
		sm->col_busy &= ~(UINT64_C(1) << c);
		w->undispatched--;
		if (w->at_barrier == 1)
			barrier_check(sm, w->cta);
	}
	return any;
}

static void operand_requests(struct sm_core *sm, struct sm_rf_in *rq)
{
	for (uint64_t busy = sm->col_busy; busy; busy &= busy - 1) {
		unsigned c = (unsigned)__builtin_ctzll(busy);
		struct collector *col = &sm->col[c];

		if (col->next_req >= col->nsrc)
			continue;
		rq->rd_req |= UINT64_C(1) << c;
		rq->rd_warp[c] = col->d->warp;
		rq->rd_reg[c] = col->d->si->src[col->next_req];
		rq->rd_pc[c] = !sm->L->trace ? (int)(col->d->si - sm->L->prog->insns)
			       : sm->L->tindex ? (int)sm->L->tindex[col->d->si - sm->L->trace->sinsns] : -1;
		rq->rd_src[c] = col->next_req;
	}
}

static void reads_granted(struct sm_core *sm, uint64_t rd_gnt)
{
	for (uint64_t g = rd_gnt; g; g &= g - 1) {
		unsigned c = (unsigned)__builtin_ctzll(g);
		struct collector *col = &sm->col[c];
		struct warp *w = &sm->warps[col->d->warp];
		unsigned s = col->next_req++, r = col->d->si->src[s];

		col->fifo[(col->fifo_head + col->fifo_n++) % 8] = (uint8_t)s;
		if (--w->rd_count[r] == 0) {
			clr256(w->pend_r, r);
			sb_clear(sm, col->d->warp);
		}
	}
}

/* Warp wi leaves its scheduler (off = 1) or rejoins it, for the register-file
 * subsystem's controls (a suspended CTA, a blocked warp). */
static void sched_park(struct sm_core *sm, unsigned wi, int off)
{
	struct warp *w = &sm->warps[wi];

	if (off) {
		sm_sched_remove(&sm->sched[w->sched], wi);
		sm->live_warps--;
	} else {
		sm_sched_add(&sm->sched[w->sched], wi);
		sm->live_warps++;
		sm->fetch_dirty[w->sched] = 1;
	}
	sched_touch(sm, wi);
}

/* The subsystem took CTA slot `slot`'s registers away (suspend = 1) or
 * gave them back: its warps leave or rejoin their schedulers. */
static void cta_suspend(struct sm_core *sm, unsigned slot, int suspend)
{
	struct cta_slot *c = &sm->ctas[slot];

	for (unsigned k = 0; k < c->nwarps; k++) {
		unsigned wi = c->warp[k];
		struct warp *w = &sm->warps[wi];

		if (w->done || w->rf_blocked)
			continue;
		sched_park(sm, wi, suspend);
	}
	sm->cta_flags[slot] = suspend ? CF_SUSPENDED : 0;
}

/* The subsystem took warp wi off its scheduler (block = 1) or gave it back
 * (LTRF: a warp issues only while its working set is in the register cache). */
static void warp_block(struct sm_core *sm, unsigned wi, int block)
{
	struct warp *w = &sm->warps[wi];

	if (w->rf_blocked == block)
		return;
	w->rf_blocked = block;
	if (w->done || !w->used || (sm->cta_flags[w->cta] & CF_SUSPENDED))
		return;
	sched_park(sm, wi, block);
}

/* Does warp w's next instruction wait on a long-latency result (*ll)? */
static int warp_switchable_ll(const struct sm_core *sm, const struct warp *w, int *ll)
{
	const struct sm_insn *si;
	uint64_t active;

	si = peek(sm, w, &active);
	if (!si)
		return 0;
	for (unsigned i = 0; i < si->nsrc; i++)
		if (bit256(w->pend_ll, si->src[i]))
			return *ll = 1;
	for (unsigned i = 0; i < si->ndst; i++)
		if (bit256(w->pend_ll, si->dst[i]))
			return *ll = 1;
	return 0;
}

/* Is warp w stalled for a CTA switch: finished, at a barrier, or waiting on
 * a long-latency result (*ll), with nothing in a collector? */
static int warp_switchable(const struct sm_core *sm, const struct warp *w, int *ll)
{
	if (w->done)
		return 1;
	if (w->undispatched)
		return 0;
	if (w->at_barrier)
		return 1;
	return warp_switchable_ll(sm, w, ll);
}

/* Per-warp state for schemes that keep an active set (SM_RF_EV_WARP_STATE). */
static void warp_state(struct sm_core *sm, struct sm_rf_in *rq)
{
	rq->warp_valid = rq->warp_bar = rq->warp_llwait = rq->warp_drained = 0;
	for (unsigned wi = 0; wi < sm->nhw && wi < 64; wi++) {
		const struct warp *w = &sm->warps[wi];
		uint64_t bit = UINT64_C(1) << wi;
		int ll = 0;

		rq->warp_insn[wi] = NULL;
		if (w->used && w->retired)
			rq->warp_drained |= bit;
		if (w->used && !w->done) {
			uint64_t active;

			rq->warp_insn[wi] = peek(sm, w, &active);
		}

		/* a finished warp stays valid while a collector still reads for it */
		if (!w->used || (w->done && !w->undispatched) || (sm->cta_flags[w->cta] & CF_SUSPENDED))
			continue;
		rq->warp_valid |= bit;
		if (w->done)
			continue;
		if (w->at_barrier)
			rq->warp_bar |= bit;
		else if (sm->ll_inflight[wi] && warp_switchable_ll(sm, w, &ll) && ll)
			rq->warp_llwait |= bit;
	}
}

/* End of a cycle, for schemes that switch CTAs: an active CTA whose warps
 * all became switchable (STALLED, with each warp's next pc), a suspended CTA
 * with a warp whose long-latency results all arrived (READY). */
static void cta_status_scan(struct sm_core *sm)
{
	for (unsigned slot = 0; slot < sm->nslots; slot++) {
		struct cta_slot *c = &sm->ctas[slot];
		uint8_t f = sm->cta_flags[slot];
		int ll = 0, ok = 1, ready = 0;
		struct sm_rf_ev *ev;

		if (!c->used || (f & (CF_STALLED | CF_READY)))
			continue;
		for (unsigned k = 0; k < c->nwarps && ok; k++) {
			const struct warp *w = &sm->warps[c->warp[k]];

			if (f & CF_SUSPENDED)
				ready |= !w->done && sm->ll_inflight[c->warp[k]] == 0;
			else
				ok = warp_switchable(sm, w, &ll);
		}
		if (f & CF_SUSPENDED) {
			if (ready && rf_event(sm, SM_RF_EV_CTA_READY, slot))
				sm->cta_flags[slot] |= CF_READY;
			continue;
		}
		if (!ok || !ll || !(ev = rf_event(sm, SM_RF_EV_CTA_STALLED, slot)))
			continue;
		ev->nwarps = c->nwarps;
		ev->pcs = sm->cta_pcs + (size_t)slot * 64;
		for (unsigned k = 0; k < c->nwarps; k++) {
			const struct warp *w = &sm->warps[c->warp[k]];

			sm->cta_pcs[(size_t)slot * 64 + k] = w->done ? -1 : rf_pc(sm, w);
		}
		sm->cta_flags[slot] |= CF_STALLED;
	}
}

/* The register-file subsystem's step: grants and control, then its clock
 * edge; its outputs for the next cycle. */
static void rf_cycle(struct sm_core *sm, struct sm_rf_in *rq)
{
	struct sm_rf_gnt g;

	g.wr_yield = 0;
	sm->rfo->step(sm->rf, rq, &g, &sm->st);
	rq->nev = 0;
	for (unsigned i = 0; i < g.nctl; i++)
		if (g.ctl[i].kind >= SM_RF_CTL_WARP_BLOCK)
			warp_block(sm, g.ctl[i].warp, g.ctl[i].kind == SM_RF_CTL_WARP_BLOCK);
		else
			cta_suspend(sm, g.ctl[i].cta, g.ctl[i].kind == SM_RF_CTL_SUSPEND);
	if (rq->rd_req & ~g.rd_gnt)
		sm->st.rf_read_refused += (uint64_t)__builtin_popcountll(rq->rd_req & ~g.rd_gnt);
	if (rq->wr_req & ~g.wr_gnt)
		sm->st.rf_write_refused += (uint64_t)__builtin_popcountll(rq->wr_req & ~g.wr_gnt);
	reads_granted(sm, g.rd_gnt);
	writeback_granted(sm, g.wr_gnt);
	writeback_yield(sm, rq->wr_req & ~g.wr_gnt & g.wr_yield);
}

/* ---- stage 7: issue ----------------------------------------------------------------- */

/* Why warp wi cannot issue now (or -1 if it can). */
static int hazard(struct sm_core *sm, unsigned wi, uint64_t now, int need_col, int *longlat)
{
	struct warp *w;
	const struct sm_insn *si;
	uint64_t active;

	if (sm->sb[wi]) {
		/* a cached state: see SB_BLOCKED; a done warp is no candidate */
		uint8_t st = sm->sb[wi];

		*longlat = (st & SB_LL) != 0;
		return st & SB_BAR ? STALL_BARRIER : st & SB_FETCH ? STALL_FETCH : STALL_SCOREBOARD;
	}
	w = &sm->warps[wi];
	*longlat = 0;
	if (w->done)
		return STALL_DRAIN;
	if (w->at_barrier)
		return STALL_BARRIER;
	if (w->ib_count <= 0 || w->ib_pc != cur_pc(sm, w)) {
		sm->sb[wi] = SB_FETCH;
		sched_touch(sm, wi);
		return STALL_FETCH;
	}
	if (w->ib_ready > now)
		return STALL_FETCH;
	si = peek(sm, w, &active);
	if (!si)
		return STALL_DRAIN;
	if ((si->psrc | si->pdst) & w->pend_p)
		goto blocked;
	for (unsigned i = 0; i < si->nsrc; i++)
		if (bit256(w->pend_w, si->src[i])) {
			*longlat |= bit256(sm->cfg->sim.two_level_demote == DEMOTE_MISS ? w->pend_miss : w->pend_ll,
					   si->src[i]);
			goto blocked;
		}
	for (unsigned i = 0; i < si->ndst; i++)
		if (bit256(w->pend_w, si->dst[i]) || bit256(w->pend_r, si->dst[i]))
			goto blocked;
	if (si->cls < SM_CLS_BRANCH && !need_col)
		return STALL_COLLECTOR;
	return -1;
blocked:
	sm->sb[wi] = (uint8_t)(SB_BLOCKED | (*longlat ? SB_LL : 0));
	sched_touch(sm, wi);
	return STALL_SCOREBOARD;
}

static int free_collector(const struct sm_core *sm)
{
	uint64_t free = ~sm->col_busy & sm->col_all;

	return free ? __builtin_ctzll(free) : -1;
}

static uint64_t guard_mask(const struct warp *w, const struct sm_insn *si, uint64_t active)
{
	if (si->guard < 0)
		return active;
	return active & (si->guard_neg ? ~w->preds[si->guard] : w->preds[si->guard]);
}

/* Advances warp w past its current instruction (not a branch). */
static void advance(struct sm_core *sm, struct warp *w)
{
	if (sm->L->trace)
		w->tpos++;
	else
		simt_goto(&w->stack, simt_top(&w->stack)->pc + 1);
	w->ib_pc++;
	w->ib_count--;
}

static int issue(struct sm_core *sm, unsigned wi, struct gpurf_err *err)
{
	struct warp *w = &sm->warps[wi];
	uint64_t active, mask;
	const struct sm_insn *si = peek(sm, w, &active);
	struct dyn *d;
	int c;

	mask = sm->L->trace ? active : guard_mask(w, si, active);
	sm->cta_flags[w->cta] &= (uint8_t)~CF_STALLED;
	if (sm->rf_events) {
		struct sm_rf_ev *ev = rf_event(sm, SM_RF_EV_ISSUE, w->cta);

		if (ev) {
			ev->warp = wi;
			ev->pc = rf_pc(sm, w);
			ev->insn = si;
		}
	}
	sm->st.warp_insts++;
	sm->st.thread_insts += mask == sm->full_mask ? sm->lanes : (uint64_t)__builtin_popcountll(mask);
	sm->st.issued_by_class[si->cls]++;
	switch (si->cls) {
	case SM_CLS_BRANCH:
		if (sm->L->trace) {
			advance(sm, w);
		} else {
			int pc = simt_top(&w->stack)->pc;

			if (simt_branch(&w->stack, pc, si->target, si->rpc, mask))
				return gpurf_fail(err, GPURF_ERR_INPUT, "%s:%d: SIMT stack deeper than %d entries",
						  sm->L->prog->path, si->line, SIMT_DEPTH);
			w->ib_pc++;
			w->ib_count--;
		}
		break;
	case SM_CLS_EXIT:
		if (sm->L->trace) {
			advance(sm, w);
			if (w->tpos >= w->tend)
				simt_exit(&w->stack, ~UINT64_C(0));
		} else {
			int pc = simt_top(&w->stack)->pc;

			simt_exit(&w->stack, mask);
			if (mask != active)	/* the lanes that stay go on after the ret */
				simt_goto(&w->stack, pc + 1);
			w->ib_pc++;
			w->ib_count--;
		}
		break;
	case SM_CLS_BAR:
		advance(sm, w);
		w->at_barrier = 1;
		sm->sb[wi] |= SB_BAR;
		sched_touch(sm, wi);
		sm->ctas[w->cta].at_bar++;
		break;
	default:
		c = free_collector(sm);
		d = dyn_alloc(sm);
		if (!d)
			return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
		d->si = si;
		d->warp = wi;
		d->mask = mask;
		d->seq = sm->seq++;
		d->ti = sm->L->trace ? &sm->L->trace->insts[w->tpos] : NULL;
		if (si->psrc & ~(si->guard >= 0 ? UINT64_C(1) << si->guard : 0))
			memcpy(d->preds, w->preds, sm->L->npreds * sizeof *d->preds);
		if (si->cls == SM_CLS_MEM)
			d->mem_seq = w->mem_issued++;
		for (unsigned i = 0; i < si->nsrc; i++) {
			unsigned r = si->src[i];

			w->rd_count[r]++;
			set256(w->pend_r, r);
		}
		for (unsigned i = 0; i < si->ndst; i++) {
			set256(w->pend_w, si->dst[i]);
			if (si->longlat)
				set256(w->pend_ll, si->dst[i]);
		}
		w->pend_p |= si->pdst;
		if (si->longlat && si->ndst)
			sm->ll_inflight[wi]++;
		w->inflight++;
		w->undispatched++;
		sm->col[c] = (struct collector){d, 0, 0, {0}, 0, 0, si->nsrc};
		sm->col_busy |= UINT64_C(1) << c;
		advance(sm, w);
		break;
	}
	sm->fetch_dirty[w->sched] = 1;
	if (!sm->L->trace && !simt_top(&w->stack))
		w->done = 1;
	if (sm->L->trace && w->tpos >= w->tend)
		w->done = 1, simt_exit(&w->stack, ~UINT64_C(0));
	if (w->done) {
		struct cta_slot *cs = &sm->ctas[w->cta];

		sm->live_warps--;
		sm_sched_remove(&sm->sched[w->sched], wi);
		{
			struct sm_rf_ev *ev = rf_event(sm, SM_RF_EV_WARP_DONE, w->cta);

			if (ev)
				ev->warp = wi;
		}
		if (w->at_barrier == 1) {
			w->at_barrier = 0;
			cs->at_bar--;
		}
		sm->sb[wi] = 0;
		sched_touch(sm, wi);
		warp_maybe_retire(sm, wi);
		if (cs->used && cs->at_bar)
			barrier_check(sm, w->cta);
	} else if (w->at_barrier == 1) {
		barrier_check(sm, w->cta);
	}
	sm->nf[wi] = (uint8_t)fetch_needed(sm, w);
	return 0;
}

/* Does the subsystem hold warp wi's next instruction back (reg_gate)? */
static int reg_gated(const struct sm_core *sm, unsigned wi)
{
	const struct warp *w = &sm->warps[wi];
	const struct sm_insn *si;
	uint64_t active;

	if (wi < 64 && (sm->out.reg_ok >> wi & 1u))
		return 0;
	if (!(si = peek(sm, w, &active)))
		return 0;
	for (unsigned i = 0; i < si->nsrc; i++)
		if (bit256(sm->out.reg_gated, si->src[i]))
			return 1;
	for (unsigned i = 0; i < si->ndst; i++)
		if (bit256(sm->out.reg_gated, si->dst[i]))
			return 1;
	return 0;
}

/* Candidates in increasing out.warp_prio, the scheduler's order kept
 * within a priority. */
static void prio_order(const struct sm_core *sm, unsigned *cand, unsigned n)
{
	unsigned tmp[1024], k = 0;

	if (n > 1024)
		return;
	for (unsigned p = 0; p < 4; p++)
		for (unsigned i = 0; i < n; i++)
			if ((cand[i] < 64 ? sm->out.warp_prio[cand[i]] & 3u : 0) == p)
				tmp[k++] = cand[i];
	memcpy(cand, tmp, n * sizeof *cand);
}

/* The stall a scheduler reports is its candidates' highest-ranked reason:
 * collector > scoreboard > fetch > barrier > drain (> idle: no candidate). */
static const uint8_t stall_rank[SM_NSTALL] = {
	[STALL_IDLE] = 0, [STALL_DRAIN] = 1, [STALL_BARRIER] = 2, [STALL_FETCH] = 3,
	[STALL_SCOREBOARD] = 4, [STALL_COLLECTOR] = 5,
};

static int issue_stage(struct sm_core *sm, uint64_t now, struct gpurf_err *err)
{
	int any = 0, two_level = sm->cfg->sim.scheduler == SCHED_TWO_LEVEL;

	for (unsigned s = 0; s < sm->cfg->schedulers; s++) {
		struct sm_sched *sc = &sm->sched[s];
		int have_col, best = STALL_IDLE, chosen = -1, all_cached = 1;
		unsigned n;

		if (sm->scan_stable[s] && sm->scan_epoch[s] == sm->sched_epoch[s]) {
			sm->st.stall[sm->scan_best[s]]++;
			sm->last_stall[s] = sm->scan_best[s];
			continue;
		}
		have_col = free_collector(sm) >= 0;
		n = sm_sched_order(sc, sm->cfg);
		if (sm->out.warp_prio_on)
			prio_order(sm, sc->cand, n);
		for (unsigned k = 0; k < n; k++) {
			unsigned wi = sc->cand[k];
			int ll, why;

			if (sm->out.warp_gate && !(wi < 64 && sm->out.warp_issuable >> wi & 1))
				continue;	/* not in the subsystem's active set */
			why = hazard(sm, (unsigned)wi, now, have_col, &ll);
			/* a state cached by this very call counts: hazard() moved the
			 * epoch, and the answer from the cache is the one it gave */
			all_cached &= sm->sb[wi] != 0;
			if (why < 0 && sm->out.reg_gate && reg_gated(sm, wi)) {
				why = STALL_SCOREBOARD;	/* waits for a register lock */
				all_cached = 0;
			}

			if (why < 0) {
				chosen = (int)wi;
				break;
			}
			/* two-level: a warp waiting on a long-latency result (under
			 * two_level_demote = miss: a load that missed the L1) or at a
			 * barrier makes room in the active set */
			if (two_level && ((why == STALL_SCOREBOARD && ll) || why == STALL_BARRIER) &&
			    sm_sched_demote(sc, sm->cfg, wi)) {
				any = 1;
				all_cached = 0;
				sched_touch(sm, wi);
			}
			if (stall_rank[why] > stall_rank[best])
				best = why;
		}
		if (chosen >= 0) {
			if (issue(sm, (unsigned)chosen, err))
				return -1;
			sm_sched_issued(sc, sm->cfg, (unsigned)chosen);
			sched_touch(sm, (unsigned)chosen);
			sm->issued = 1;
			sm->last_stall[s] = SM_NSTALL;
			sm->scan_stable[s] = 0;
			any = 1;
		} else {
			sm->st.stall[best]++;
			sm->last_stall[s] = (unsigned)best;
			sm->scan_stable[s] = (uint8_t)all_cached;
			sm->scan_epoch[s] = sm->sched_epoch[s];
			sm->scan_best[s] = (uint8_t)best;
		}
	}
	return any;
}

/* ---- stage 8: fetch ------------------------------------------------------------------ */

/* An instruction-cache line's data has come (the detailed memory system):
 * the warps waiting for it can issue the cycle after. */
static void il1_fill(struct sm_core *sm, unsigned slot, uint64_t at)
{
	sm_il1_filled(sm->il1, slot, at);
	for (unsigned wi = 0; wi < sm->nhw; wi++) {
		struct warp *w = &sm->warps[wi];

		if (w->used && w->ib_ready == SM_IL1_WAIT && w->il1_slot == slot) {
			w->ib_ready = at + 1;
			if (w->ib_ready > sm->il1_wake)
				sm->il1_wake = w->ib_ready;
		}
	}
}

/* An instruction-cache miss reads its 128-byte line through the L2 (and
 * DRAM): instructions live at GPGPU-Sim's PROGRAM_MEM_START, apart from
 * data; the fill comes back as MSHR IL1_MSHR + the line's way. */
static int il1_read(struct sm_core *sm, unsigned slot, uint64_t pc, uint64_t now)
{
	uint64_t at = sm_gmem_read(sm->L->gmem, sm->id, IL1_MSHR + slot, (IL1_BASE + pc) / 128u, 0xf, now, 0);

	if (at == 0)
		return -1;
	if (at != SM_GMEM_PENDING)	/* an L2 hit */
		il1_fill(sm, slot, at);
	return 0;
}

static int fetch_stage(struct sm_core *sm, uint64_t now)
{
	int any = 0;
	unsigned ns = sm->cfg->schedulers, first = sm->fetch_first;
	/* [sim] fetch_width: fetches of the whole SM per cycle (GPGPU-Sim's
	 * fetch() runs inst_fetch_throughput times a cycle), taken round robin
	 * over the schedulers from the one after the last that fetched; 0 = one
	 * per scheduler (first stays 0) */
	unsigned budget = sm->cfg->sim.fetch_width ? sm->cfg->sim.fetch_width : ns;

	for (unsigned j = 0; j < ns && budget; j++) {
		unsigned s = first + j < ns ? first + j : first + j - ns;
		struct sm_sched *sc = &sm->sched[s];
		int found = 0;

		/* only issues and launches make a warp need a fetch */
		if (!sm->fetch_dirty[s])
			continue;
		for (unsigned k = 0, i = sc->fetch_ptr; k < sc->n; k++, i = i + 1 < sc->n ? i + 1 : 0) {
			unsigned wi = sc->warps[i];
			struct warp *w = &sm->warps[wi];

			if (!sm->nf[wi])
				continue;
			w->ib_pc = cur_pc(sm, w);
			sm->nf[wi] = 0;
			w->ib_count = (int)sm->cfg->sim.ibuffer;
			sm->sb[wi] &= (uint8_t)~SB_FETCH;
			sched_touch(sm, wi);
			w->ib_ready = now + 1;
			if (sm->il1) {
				/* the fetch reads the line of its first instruction */
				const struct sm_insn *si;
				uint64_t active;

				if ((si = peek(sm, w, &active))) {
					uint64_t pc = sm->L->trace ? (uint64_t)si->pc : 8u * (uint64_t)si->pc;
					uint64_t misses = sm->st.il1.misses, extra;
					unsigned slot = 0;

					extra = sm_il1_fetch(sm->il1, pc, now, &sm->st.il1, &slot);
					if (extra == SM_IL1_WAIT) {
						/* the detailed memory system brings the line */
						w->ib_ready = SM_IL1_WAIT;
						w->il1_slot = slot;
						if (sm->st.il1.misses != misses && il1_read(sm, slot, pc, now))
							return -1;
					} else
						w->ib_ready += extra;
					if (w->ib_ready != SM_IL1_WAIT && w->ib_ready > sm->il1_wake)
						sm->il1_wake = w->ib_ready;
				}
			}
			sc->fetch_ptr = (sc->fetch_ptr + k + 1) % sc->n;
			any = found = 1;
			budget--;
			if (sm->cfg->sim.fetch_width)
				sm->fetch_first = s + 1 < ns ? s + 1 : 0;
			break;
		}
		if (!found)
			sm->fetch_dirty[s] = 0;
	}
	return any;
}

/* ---- one cycle ----------------------------------------------------------------------- */

int sm_core_cycle(struct sm_core *sm, uint64_t now, struct gpurf_err *err)
{
	struct sm_rf_in *rq = &sm->in;
	int any = 0, r;
	unsigned active = 0;

	sm->il1_now = now;

	if (!sm->resident && !sm->out.busy)	/* a subsystem may still work after the last CTA left */
		return 0;
	rq->rd_req = rq->wr_req = 0;
	read_return(sm);
	any |= complete(sm, now);
	writeback_assign(sm, rq);
	r = dispatch(sm, now, err);
	if (r < 0)
		return -1;
	any |= r;
	operand_requests(sm, rq);
	any |= (rq->rd_req || rq->wr_req || rq->nev || sm->out.busy) != 0;
	if (sm->rf_events >> SM_RF_EV_WARP_STATE & 1u)
		warp_state(sm, rq);
	rf_cycle(sm, rq);	/* the clock edge also moves the read pipeline */
	sm->rfo->outputs(sm->rf, &sm->out);
	if ((sm->out.warp_gate && sm->out.warp_issuable != sm->gate_seen) || sm->out.warp_prio_on) {
		/* the active set or the priorities may have changed: every
		 * scheduler scans again */
		sm->gate_seen = sm->out.warp_issuable;
		for (unsigned s = 0; s < sm->cfg->schedulers; s++)
			sm->sched_epoch[s]++;
		any |= sm->out.warp_gate;
	}
	sm->launched = 0;
	sm->issued = 0;
	r = issue_stage(sm, now, err);
	if (r < 0)
		return -1;
	any |= r;
	sm->dwe_stalls += sm->resident && !sm->issued;
	r = fetch_stage(sm, now);
	if (r < 0)
		return gpurf_fail(err, GPURF_ERR_IO, "out of memory");
	any |= r;
	if (sm->rf_events >> SM_RF_EV_CTA_STALLED & 1u)
		cta_status_scan(sm);
	any |= sm->col_busy != 0 || sm->in.nev != 0 || sm->out.busy;
	active = sm->live_warps;
	sm->last_active_warps = (int)active;
	sm->st.active_warp_cycles += active;
	sm->st.resident_cta_cycles += sm->resident;
	sm->st.busy_cycles++;
	if (sm->l1d) {
		sm->st.l1d = sm->l1d->st;
		sm->st.l1_hits = sm->l1d->st.l1d_hits;
		sm->st.l1_misses = sm->l1d->st.l1d_misses;
	} else {
		sm->st.l1_hits = sm->l1.hits;
		sm->st.l1_misses = sm->l1.misses;
	}
	return any || sm->wb_head != NULL;
}

void sm_core_skip(struct sm_core *sm, uint64_t n)
{
	if (!sm->resident || !n)
		return;
	sm->rfo->skip(sm->rf, n, &sm->st);
	for (unsigned s = 0; s < sm->cfg->schedulers; s++)
		if (sm->last_stall[s] < SM_NSTALL)
			sm->st.stall[sm->last_stall[s]] += n;
	sm->st.active_warp_cycles += (uint64_t)sm->last_active_warps * n;
	sm->st.resident_cta_cycles += (uint64_t)sm->resident * n;
	sm->st.busy_cycles += n;
	sm->dwe_stalls += n;	/* a skipped cycle issues nothing */
}

uint64_t sm_core_dwe_stalls(const struct sm_core *sm)
{
	return sm->dwe_stalls;
}

void sm_core_dwe_window(struct sm_core *sm, uint64_t ref_stalls)
{
	if (sm->id != 0)
		sm->in.dwe_prob = sm->dwe_prob = sm_dwe_adapt(sm->dwe_prob, sm->dwe_stalls, ref_stalls);
	sm->dwe_stalls = 0;
}

/* A line d waited for arrives at `at`: d completes once its last has. */
static int wake(void *user, void *token, uint64_t at)
{
	struct sm_core *sm = user;
	struct dyn *d = token;

	if (at > d->done)
		d->done = at;
	return --d->mem_wait == 0 ? heap_push(sm, d) : 0;
}

int sm_core_fill(struct sm_core *sm, unsigned mshr, uint64_t at)
{
	if (mshr >= IL1_MSHR) {
		il1_fill(sm, mshr - IL1_MSHR, at);
		return 0;
	}
	return sm_l1d_fill(sm->l1d, mshr, at, wake, sm);
}

uint64_t sm_core_next_event(const struct sm_core *sm)
{
	uint64_t t = sm->nheap ? sm->heap[0]->done : UINT64_MAX;

	/* a warp waiting on an instruction-cache miss: wake at the earliest
	 * such fetch still to come (il1_wake bounds them; the scan is only
	 * for runs with an instruction cache, when nothing else happens) */
	if (sm->il1 && sm->il1_wake > sm->il1_now)
		for (unsigned wi = 0; wi < sm->nhw; wi++) {
			const struct warp *w = &sm->warps[wi];

			if (w->used && !w->done && w->ib_ready > sm->il1_now && w->ib_ready < t)
				t = w->ib_ready;
		}
	return t;
}

void sm_core_dump(const struct sm_core *sm, FILE *out)
{
	for (unsigned wi = 0; wi < sm->nhw; wi++) {
		const struct warp *w = &sm->warps[wi];

		if (!w->used)
			continue;
		fprintf(out, "  SM %u warp %u (CTA slot %u): pc %d, stack depth %d, %s%s%sinflight %u, "
			"undispatched %u\n", sm->id, wi, w->cta, cur_pc(sm, w), w->stack.depth,
			w->done ? "done, " : "", w->at_barrier ? "at barrier, " : "",
			w->retired ? "retired, " : "", w->inflight, w->undispatched);
		for (int d = w->stack.depth - 1; d >= 0 && d >= w->stack.depth - 4; d--)
			fprintf(out, "      entry %d: pc %d rpc %d mask %016llx\n", d, w->stack.e[d].pc,
				w->stack.e[d].rpc, (unsigned long long)w->stack.e[d].mask);
	}
}
