/* stim_wcb.c: stimulus and scoreboard for the LTRF Warp Control Block.
 *
 * Protocol the stimulus keeps (docs/ltrf.md), acting as the prefetch
 * engine and the operand collectors would:
 *   - warp and register indices are in range;
 *   - table writes come from engine events, one write per cycle:
 *       ACTIVATE w     offset write, then one allocation (valid, a bank no
 *                      other valid register of w holds) per working-set reg;
 *       PREFETCH w v   working-set write, then invalidate old \ new and
 *                      allocate new \ old (the overlap keeps its banks);
 *       DEACTIVATE w   invalidate every valid register of w;
 *   - before ready_o it drives random inputs, which must all be ignored.
 * Lookups mostly name registers of the working set, sometimes the register
 * being written this very cycle (read-first), and sometimes a register
 * outside it: that is a protocol violation by the reader, and the WCB must
 * answer it as a miss (lk_hit_o = 0); the scoreboard counts those it saw
 * flagged.  LTRF+: random dead-operand clears and write sets, sometimes of
 * the same register in one cycle.
 *
 * Scoreboard: a flat reference of table, offsets and vectors, updated at
 * each edge from the inputs (never from the model).  A lookup or vector
 * read of cycle t must answer at t + 1 with the contents before t's writes;
 * ready_o must rise exactly warps x regs cycles after reset. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "stim.h"
#include "wcb_desc.h"

static const char *const scenarios[] = {"random", NULL};

enum { MAXP = 4, VW = 8 };

struct tw_op {
	unsigned warp, reg, valid, bank;
};

struct lk_expect {
	int req, hit, outside;
	unsigned bank, off;
};

struct wcb_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	unsigned nw, nr, n, a, lp;
	uint64_t init_cycles;
	/* reference */
	uint8_t *valid, *bank;		/* [warp * nr + reg] */
	unsigned *off;
	uint32_t *ws, *live;		/* [warp][VW] */
	int *slot;			/* [warp] offset held, -1 inactive */
	uint8_t *slot_used;		/* [active_warps] */
	/* engine op queue */
	struct tw_op *ops;
	unsigned nops, op_head;
	/* answers due next cycle */
	struct lk_expect lk[MAXP];
	int vr_req;
	unsigned vr_off;
	uint32_t vr_ws[VW], vr_live[VW];
	unsigned lk_pct;
	uint64_t hits, outside_flagged, vreads;
};

static const struct port_desc *port(const struct wcb_stim *s, enum wcb_port p)
{
	return &s->m->ports[p];
}

static unsigned in_u(const struct wcb_stim *s, const uint32_t *in, enum wcb_port p)
{
	return (unsigned)bus_get(in, port(s, p), 0);
}

static int vec_has(const uint32_t *v, unsigned r)
{
	return (int)(v[r / 32u] >> (r % 32u) & 1u);
}

static void vec_put(uint32_t *v, unsigned r, int on)
{
	if (on)
		v[r / 32u] |= 1u << (r % 32u);
	else
		v[r / 32u] &= ~(1u << (r % 32u));
}

static void *wcb_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			     const char *scenario)
{
	struct wcb_stim *s = calloc(1, sizeof *s);

	(void)scenario;
	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->nw = cfg->warps;
	s->nr = cfg->ltrf.d.arch_regs;
	s->n = cfg->ltrf.regs_per_interval;
	s->a = cfg->ltrf.active_warps;
	s->lp = cfg->ltrf.lookup_ports;
	s->init_cycles = wcb_init_cycles(cfg);
	s->valid = calloc((size_t)s->nw * s->nr, 1);
	s->bank = calloc((size_t)s->nw * s->nr, 1);
	s->off = calloc(s->nw, sizeof *s->off);
	s->ws = calloc((size_t)s->nw * VW, sizeof *s->ws);
	s->live = calloc((size_t)s->nw * VW, sizeof *s->live);
	s->slot = calloc(s->nw, sizeof *s->slot);
	s->slot_used = calloc(s->a, 1);
	s->ops = calloc(2u * s->n + 2u, sizeof *s->ops);
	if (!s->valid || !s->bank || !s->off || !s->ws || !s->live || !s->slot || !s->slot_used || !s->ops)
		return NULL;
	for (unsigned w = 0; w < s->nw; w++)
		s->slot[w] = -1;
	s->lk_pct = 70;
	return s;
}

static void wcb_stim_destroy(void *vs)
{
	struct wcb_stim *s = vs;

	if (!s)
		return;
	printf("  scoreboard: %llu lookup hits checked, %llu reads outside the working set flagged as "
	       "misses, %llu vector reads checked\n",
	       (unsigned long long)s->hits, (unsigned long long)s->outside_flagged,
	       (unsigned long long)s->vreads);
	free(s->valid);
	free(s->bank);
	free(s->off);
	free(s->ws);
	free(s->live);
	free(s->slot);
	free(s->slot_used);
	free(s->ops);
	free(s);
}

static void queue_op(struct wcb_stim *s, unsigned w, unsigned r, unsigned valid, unsigned bank)
{
	s->ops[s->nops++] = (struct tw_op){w, r, valid, bank};
}

/* Queues allocations for the registers of `want` that are not valid, each
 * on a bank no valid (or already queued) register of w holds. */
static void queue_allocations(struct wcb_stim *s, unsigned w, const uint32_t *want, uint64_t held)
{
	for (unsigned r = 0; r < s->nr; r++) {
		unsigned b;

		if (!vec_has(want, r) || s->valid[w * s->nr + r])
			continue;
		do
			b = rng_below(&s->rng, s->n);
		while (held >> b & 1u);
		held |= UINT64_C(1) << b;
		queue_op(s, w, r, 1, b);
	}
}

/* A random working set of at most N registers, overlapping `old` often. */
static void random_vector(struct wcb_stim *s, const uint32_t *old, uint32_t *v)
{
	unsigned k = 1u + rng_below(&s->rng, s->n), got = 0;

	memset(v, 0, VW * sizeof *v);
	for (unsigned r = 0; r < s->nr && got < k; r++)
		if (vec_has(old, r) && rng_chance(&s->rng, 50)) {
			vec_put(v, r, 1);
			got++;
		}
	for (unsigned tries = 0; got < k && tries < 4u * s->nr; tries++) {
		unsigned r = rng_below(&s->rng, s->nr);

		if (!vec_has(v, r)) {
			vec_put(v, r, 1);
			got++;
		}
	}
}

/* Starts one engine event; drives its first-cycle inputs. */
static void start_event(struct wcb_stim *s, uint32_t *in)
{
	unsigned w = rng_below(&s->rng, s->nw), roll = rng_below(&s->rng, 100);
	uint32_t *ws = s->ws + (size_t)w * VW, v[VW];
	uint64_t held = 0;

	s->nops = s->op_head = 0;
	if (s->slot[w] < 0) {	/* ACTIVATE, if a row is free */
		unsigned o;

		for (o = 0; o < s->a && s->slot_used[o]; o++)
			;
		if (o == s->a)
			return;
		s->slot_used[o] = 1;
		s->slot[w] = (int)o;
		bus_set(in, port(s, WCB_OF_WE_I), 0, 1);
		bus_set(in, port(s, WCB_OF_WARP_I), 0, w);
		bus_set(in, port(s, WCB_OF_OFFSET_I), 0, o);
		queue_allocations(s, w, ws, 0);
		return;
	}
	if (roll < 30) {	/* DEACTIVATE */
		for (unsigned r = 0; r < s->nr; r++)
			if (s->valid[w * s->nr + r])
				queue_op(s, w, r, 0, s->bank[w * s->nr + r]);
		s->slot_used[s->slot[w]] = 0;
		s->slot[w] = -1;
		return;
	}
	/* PREFETCH */
	random_vector(s, ws, v);
	bus_set(in, port(s, WCB_WS_WE_I), 0, 1);
	bus_set(in, port(s, WCB_WS_WARP_I), 0, w);
	bus_set_words(in, port(s, WCB_WS_VEC_I), 0, v);
	for (unsigned r = 0; r < s->nr; r++) {
		if (!s->valid[w * s->nr + r])
			continue;
		if (vec_has(v, r))
			held |= UINT64_C(1) << s->bank[w * s->nr + r];
		else
			queue_op(s, w, r, 0, s->bank[w * s->nr + r]);
	}
	queue_allocations(s, w, v, held);
}

/* Random inputs before ready_o: all must be ignored. */
static void drive_garbage(struct wcb_stim *s, uint32_t *in)
{
	for (unsigned i = 0; i < s->m->nports; i++) {
		const struct port_desc *p = &s->m->ports[i];

		if (p->dir != PORT_IN)
			continue;
		for (unsigned e = 0; e < p->count; e++) {
			uint32_t words[VW];
			unsigned idx_max = 0;

			for (unsigned k = 0; k < VW; k++)
				words[k] = (uint32_t)rng_next(&s->rng);
			if (strstr(p->name, "warp"))
				idx_max = s->nw;
			else if (strstr(p->name, "reg"))
				idx_max = s->nr;
			if (idx_max)
				bus_set(in, p, e, rng_below(&s->rng, idx_max));
			else
				bus_set_words(in, p, e, words);
		}
	}
}

static void drive_lookup(struct wcb_stim *s, uint32_t *in, unsigned p)
{
	unsigned w = rng_below(&s->rng, s->nw), r = rng_below(&s->rng, s->nr), roll = rng_below(&s->rng, 100);

	if (roll < 15 && s->op_head < s->nops) {	/* the entry being written now */
		w = s->ops[s->op_head].warp;
		r = s->ops[s->op_head].reg;
	} else if (roll < 85) {			/* a cached register of w */
		for (unsigned k = 0; k < s->nr; k++)
			if (s->valid[w * s->nr + (r + k) % s->nr]) {
				r = (r + k) % s->nr;
				break;
			}
	}
	bus_set(in, port(s, WCB_LK_REQ_I), p, 1);
	bus_set(in, port(s, WCB_LK_WARP_I), p, w);
	bus_set(in, port(s, WCB_LK_REG_I), p, r);
}

static void wcb_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct wcb_stim *s = vs;

	if (cycle < s->init_cycles) {
		drive_garbage(s, in);
		return;
	}
	/* The first NUM_WARPS ready cycles read every warp's vectors and offset
	 * before anything is written: the reset state is part of the contract
	 * (an offset reads 0 until the warp's first activation), and random
	 * traffic activates most warps before it reads them (the reset value of
	 * off_q_1 went unseen at seed 1: docs/testing.md). */
	if (cycle - s->init_cycles < s->nw) {
		bus_set(in, port(s, WCB_VR_REQ_I), 0, 1);
		bus_set(in, port(s, WCB_VR_WARP_I), 0, (unsigned)(cycle - s->init_cycles));
		return;
	}
	if (cycle % 200 == 0) {
		static const unsigned rates[] = {0, 30, 70, 100};

		s->lk_pct = rates[rng_below(&s->rng, 4)];
	}
	if (s->op_head == s->nops && rng_chance(&s->rng, 40))
		start_event(s, in);
	else if (s->op_head < s->nops && rng_chance(&s->rng, 75)) {
		/* up to [ltrf] fill_ports table writes a cycle, the next ops in
		 * order, each on a free lane of its register's table bank (lane k
		 * writes bank k % wcb_banks; no entry twice: the engine never
		 * does); the first op with no free lane ends the cycle's batch */
		unsigned nf = s->cfg->ltrf.fill_ports, nb = wcb_banks(s->cfg), n = 1u + rng_below(&s->rng, nf);
		uint32_t used = 0;

		for (unsigned i = 0; i < n && s->op_head + i < s->nops; i++) {
			const struct tw_op *op = &s->ops[s->op_head + i];
			unsigned k = wcb_table_bank(s->cfg, op->reg);
			int twice = 0;

			for (unsigned j = 0; j < i; j++)
				twice |= s->ops[s->op_head + j].warp == op->warp && s->ops[s->op_head + j].reg == op->reg;
			while (k < nf && (used >> k & 1u))
				k += nb;
			if (twice || k >= nf)
				break;
			used |= 1u << k;
			bus_set(in, port(s, WCB_TW_REQ_I), k, 1);
			bus_set(in, port(s, WCB_TW_WARP_I), k, op->warp);
			bus_set(in, port(s, WCB_TW_REG_I), k, op->reg);
			bus_set(in, port(s, WCB_TW_VALID_I), k, op->valid);
			bus_set(in, port(s, WCB_TW_BANK_I), k, op->bank);
		}
		/* op_head advances in observe, when the writes land */
	}
	for (unsigned p = 0; p < s->lp; p++)
		if (rng_chance(&s->rng, s->lk_pct))
			drive_lookup(s, in, p);
	if (rng_chance(&s->rng, 30)) {
		bus_set(in, port(s, WCB_VR_REQ_I), 0, 1);
		bus_set(in, port(s, WCB_VR_WARP_I), 0, rng_below(&s->rng, s->nw));
	}
	if (s->cfg->ltrf.d.liveness) {
		unsigned w = rng_below(&s->rng, s->nw), r = rng_below(&s->rng, s->nr);

		if (rng_chance(&s->rng, 40)) {
			bus_set(in, port(s, WCB_LV_CLR_I), 0, 1);
			bus_set(in, port(s, WCB_LV_CLR_WARP_I), 0, w);
			bus_set(in, port(s, WCB_LV_CLR_REG_I), 0, r);
		}
		if (rng_chance(&s->rng, 40)) {
			int same = rng_chance(&s->rng, 30);

			bus_set(in, port(s, WCB_LV_SET_I), 0, 1);
			bus_set(in, port(s, WCB_LV_SET_WARP_I), 0, same ? w : rng_below(&s->rng, s->nw));
			bus_set(in, port(s, WCB_LV_SET_REG_I), 0, same ? r : rng_below(&s->rng, s->nr));
		}
	}
}

/* Checks last cycle's answers. */
static int check_answers(struct wcb_stim *s, const uint32_t *out, char *msg, size_t msg_n)
{
	uint32_t got[VW];

	for (unsigned p = 0; p < s->lp; p++) {
		const struct lk_expect *e = &s->lk[p];
		unsigned v = (unsigned)bus_get(out, port(s, WCB_LK_VALID_O), p);
		unsigned hit = (unsigned)bus_get(out, port(s, WCB_LK_HIT_O), p);
		unsigned bank = (unsigned)bus_get(out, port(s, WCB_LK_BANK_O), p);
		unsigned off = (unsigned)bus_get(out, port(s, WCB_LK_OFFSET_O), p);

		if (v != (unsigned)e->req || hit != (unsigned)e->hit || (e->hit && (bank != e->bank || off != e->off)) ||
		    (!e->hit && (bank || off))) {
			snprintf(msg, msg_n, "scoreboard: lookup port %u answered valid %u hit %u bank %u offset %u; "
					     "expected valid %d hit %d bank %u offset %u", p, v, hit, bank, off,
				 e->req, e->hit, e->hit ? e->bank : 0, e->hit ? e->off : 0);
			return -1;
		}
		s->hits += (uint64_t)e->hit;
		s->outside_flagged += (uint64_t)(e->req && e->outside);
	}
	if ((unsigned)bus_get(out, port(s, WCB_VR_VALID_O), 0) != (unsigned)s->vr_req) {
		snprintf(msg, msg_n, "scoreboard: vr_valid_o = %u, expected %d",
			 (unsigned)bus_get(out, port(s, WCB_VR_VALID_O), 0), s->vr_req);
		return -1;
	}
	if (!s->vr_req)
		return 0;
	s->vreads++;
	memset(got, 0, sizeof got);
	bus_get_words(out, port(s, WCB_VR_WS_O), 0, got);
	if (memcmp(got, s->vr_ws, sizeof got) != 0 || bus_get(out, port(s, WCB_VR_OFFSET_O), 0) != s->vr_off) {
		snprintf(msg, msg_n, "scoreboard: vector read returned a working set or offset (%u) other than "
				     "the last written (offset %u)", (unsigned)bus_get(out, port(s, WCB_VR_OFFSET_O), 0),
			 s->vr_off);
		return -1;
	}
	if (s->cfg->ltrf.d.liveness) {
		memset(got, 0, sizeof got);
		bus_get_words(out, port(s, WCB_VR_LIVE_O), 0, got);
		if (memcmp(got, s->vr_live, sizeof got) != 0) {
			snprintf(msg, msg_n, "scoreboard: vector read returned a liveness vector other than expected "
					     "(clear before set)");
			return -1;
		}
	}
	return 0;
}

static int wcb_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			    size_t msg_n)
{
	struct wcb_stim *s = vs;
	int ready = cycle >= s->init_cycles;

	if ((unsigned)bus_get(out, port(s, WCB_READY_O), 0) != (unsigned)ready) {
		snprintf(msg, msg_n, "scoreboard: ready_o = %u at cycle %llu; initialisation takes %llu cycles",
			 (unsigned)bus_get(out, port(s, WCB_READY_O), 0), (unsigned long long)cycle,
			 (unsigned long long)s->init_cycles);
		return -1;
	}
	if (check_answers(s, out, msg, msg_n))
		return -1;
	/* This cycle's reads, against the contents before its writes. */
	for (unsigned p = 0; p < s->lp; p++) {
		struct lk_expect *e = &s->lk[p];
		unsigned w = (unsigned)bus_get(in, port(s, WCB_LK_WARP_I), p);
		unsigned r = (unsigned)bus_get(in, port(s, WCB_LK_REG_I), p);

		memset(e, 0, sizeof *e);
		e->req = ready && bus_get(in, port(s, WCB_LK_REQ_I), p);
		if (!e->req)
			continue;
		e->hit = s->valid[w * s->nr + r];
		e->outside = !e->hit;
		e->bank = s->bank[w * s->nr + r];
		e->off = s->off[w];
	}
	s->vr_req = ready && in_u(s, in, WCB_VR_REQ_I);
	if (s->vr_req) {
		unsigned w = in_u(s, in, WCB_VR_WARP_I);

		memcpy(s->vr_ws, s->ws + (size_t)w * VW, sizeof s->vr_ws);
		memcpy(s->vr_live, s->live + (size_t)w * VW, sizeof s->vr_live);
		s->vr_off = s->off[w];
	}
	if (!ready)
		return 0;
	/* This edge's writes. */
	for (unsigned k = 0; k < s->cfg->ltrf.fill_ports; k++) {
		unsigned w, r;

		if (!bus_get(in, port(s, WCB_TW_REQ_I), k))
			continue;
		w = (unsigned)bus_get(in, port(s, WCB_TW_WARP_I), k);
		r = (unsigned)bus_get(in, port(s, WCB_TW_REG_I), k);
		s->valid[w * s->nr + r] = (uint8_t)bus_get(in, port(s, WCB_TW_VALID_I), k);
		s->bank[w * s->nr + r] = (uint8_t)bus_get(in, port(s, WCB_TW_BANK_I), k);
		s->op_head++;
	}
	if (in_u(s, in, WCB_OF_WE_I))
		s->off[in_u(s, in, WCB_OF_WARP_I)] = in_u(s, in, WCB_OF_OFFSET_I);
	if (in_u(s, in, WCB_WS_WE_I)) {
		uint32_t *ws = s->ws + (size_t)in_u(s, in, WCB_WS_WARP_I) * VW;

		memset(ws, 0, VW * sizeof *ws);
		bus_get_words(in, port(s, WCB_WS_VEC_I), 0, ws);
	}
	if (s->cfg->ltrf.d.liveness) {
		if (in_u(s, in, WCB_LV_CLR_I))
			vec_put(s->live + (size_t)in_u(s, in, WCB_LV_CLR_WARP_I) * VW, in_u(s, in, WCB_LV_CLR_REG_I), 0);
		if (in_u(s, in, WCB_LV_SET_I))
			vec_put(s->live + (size_t)in_u(s, in, WCB_LV_SET_WARP_I) * VW, in_u(s, in, WCB_LV_SET_REG_I), 1);
	}
	return 0;
}

const struct stim_ops wcb_stim = {
	"wcb", scenarios, wcb_stim_create, wcb_stim_drive, wcb_stim_observe, wcb_stim_destroy,
};
