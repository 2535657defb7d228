/* stim_sched_2level.c: stimulus and scoreboard for the two-level warp
 * scheduler.
 *
 * The stimulus runs warp programs: ordinary instructions, long-latency
 * loads (data back 20..80 cycles after issue), consumers of a load's result
 * (marked llc: the compiler's demotion point) and, in the "barrier"
 * scenario, a barrier every 24 instructions that every resident warp must
 * reach.  Protocol (docs/rfc.md):
 *   - ready_i / llc_i / bar_i describe the warp's next instruction; a
 *     consumer is ready once its load is back; a warp at a barrier waits
 *     until all valid warps have arrived;
 *   - wake_i tells a pending warp may return: its load is back and it is
 *     not waiting at a barrier;
 *   - flush_done_i answers flush_o (the RFC's flush) after a random delay;
 *   - a finished warp (valid_i low) is relaunched in its warp slot later.
 * Scoreboard, independent of the model: its own active set and slots.
 * Checks: active_o and the active count (never above the limit); issue
 * only of an active candidate, greedy (the last warp while it can, else the
 * next slot after it); demotion of the lowest slot at a consumer, barrier
 * or exit, and never re-demotion of a resumed consumer; promotion exactly
 * when a slot is free and a woken warp waits, into the lowest free slot,
 * round robin fair (a waiting warp sees each other warp promoted at most
 * once); no deadlock at barriers (every barrier releases). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "sched_2level_desc.h"
#include "stim.h"

enum { SCEN_RANDOM, SCEN_BARRIER };
static const char *const scenarios[] = {"random", "barrier", NULL};
enum { OP_ALU, OP_LOAD, OP_LLC, OP_BAR };
enum { BAR_EVERY = 24, BAR_TIMEOUT = 20000 };

struct s2l_warp {
	int valid;
	unsigned left, pc, op;
	uint64_t load_back;		/* cycle the last load's data returns */
	int at_bar;
	int relaunch;			/* cycles until relaunch, when not valid */
	/* scoreboard */
	int slot;			/* -1 none (also while draining: see draining) */
	int resumed;
	unsigned waited;		/* others promoted while it waited */
};

struct s2l_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int scenario;
	unsigned nw, na;
	struct s2l_warp *w;
	int *slot_warp;			/* [slot] -1 free */
	uint8_t *draining;		/* [slot] */
	unsigned last;
	uint64_t bar_since, all_waiting;
	int bar_open;
};

static const struct port_desc *port(const struct s2l_stim *s, enum sched_2level_port p)
{
	return &s->m->ports[p];
}

static void new_op(struct s2l_stim *s, struct s2l_warp *w)
{
	unsigned r = rng_below(&s->rng, 100);

	if (s->scenario == SCEN_BARRIER && w->pc % BAR_EVERY == BAR_EVERY - 1u)
		w->op = OP_BAR;
	else
		w->op = r < 12 ? OP_LOAD : r < 24 ? OP_LLC : OP_ALU;
}

static void launch(struct s2l_stim *s, struct s2l_warp *w)
{
	w->valid = 1;
	w->left = 20u + rng_below(&s->rng, 100);
	w->pc = 0;
	w->at_bar = 0;
	new_op(s, w);
}

static void stim_destroy(void *vs)
{
	struct s2l_stim *s = vs;

	if (!s)
		return;
	free(s->w);
	free(s->slot_warp);
	free(s->draining);
	free(s);
}

static void *stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			 const char *scenario)
{
	struct s2l_stim *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->scenario = strcmp(scenario, "barrier") == 0 ? SCEN_BARRIER : SCEN_RANDOM;
	s->nw = cfg->warps;
	s->na = cfg->rfc.active_warps;
	s->w = calloc(s->nw, sizeof *s->w);
	s->slot_warp = calloc(s->na, sizeof *s->slot_warp);
	s->draining = calloc(s->na, 1);
	if (!s->w || !s->slot_warp || !s->draining) {
		stim_destroy(s);
		return NULL;
	}
	for (unsigned a = 0; a < s->na; a++)
		s->slot_warp[a] = -1;
	for (unsigned i = 0; i < s->nw; i++) {
		s->w[i].slot = -1;
		launch(s, &s->w[i]);
	}
	return s;
}

static int load_pending(const struct s2l_warp *w, uint64_t cycle)
{
	return cycle < w->load_back;
}

static void stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct s2l_stim *s = vs;

	for (unsigned i = 0; i < s->nw; i++) {
		struct s2l_warp *w = &s->w[i];
		int ready;

		if (!w->valid)
			continue;
		bus_set(in, port(s, S2L_VALID_I), i, 1);
		if (w->op == OP_BAR) {
			bus_set(in, port(s, S2L_BAR_I), i, w->at_bar);
			ready = 0;
		} else if (w->op == OP_LLC) {
			bus_set(in, port(s, S2L_LLC_I), i, 1);
			ready = !load_pending(w, cycle) && rng_chance(&s->rng, 90);
		} else {
			ready = rng_chance(&s->rng, 75);
		}
		bus_set(in, port(s, S2L_READY_I), i, (unsigned)ready);
		bus_set(in, port(s, S2L_WAKE_I), i, !load_pending(w, cycle) && !(w->op == OP_BAR && w->at_bar));
	}
	bus_set(in, port(s, S2L_FLUSH_DONE_I), 0, rng_chance(&s->rng, 35));
}

#define FAIL(...) do { snprintf(msg, msg_n, "scoreboard: " __VA_ARGS__); return -1; } while (0)

static int candidate(const struct s2l_stim *s, const uint32_t *in, int a)
{
	int wi = s->slot_warp[a];
	const struct s2l_warp *w;

	if (wi < 0 || s->draining[a])
		return 0;
	w = &s->w[wi];
	return bus_get(in, port(s, S2L_VALID_I), (unsigned)wi) && bus_get(in, port(s, S2L_READY_I), (unsigned)wi) &&
	       !(bus_get(in, port(s, S2L_LLC_I), (unsigned)wi) && !w->resumed) &&
	       !bus_get(in, port(s, S2L_BAR_I), (unsigned)wi);
}

static int check(struct s2l_stim *s, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
		 size_t msg_n)
{
	int exp_issue = -1, exp_demote = -1, free_slot = -1, any_pend = 0;
	unsigned nactive = 0;

	/* active set */
	for (unsigned i = 0; i < s->nw; i++) {
		int act = s->w[i].slot >= 0 && !s->draining[s->w[i].slot];

		nactive += (unsigned)act;
		if (bus_get(out, port(s, S2L_ACTIVE_O), i) != (unsigned)act)
			FAIL("active_o[%u] = %u, expected %d", i, !act, act);
	}
	if (nactive > s->na)
		FAIL("%u warps active, the limit is %u", nactive, s->na);
	/* greedy issue */
	for (unsigned o = 0; o < s->na && exp_issue < 0; o++)
		if (candidate(s, in, (int)((s->last + o) % s->na)))
			exp_issue = (int)((s->last + o) % s->na);
	if (bus_get(out, port(s, S2L_ISSUE_O), 0) != (exp_issue >= 0))
		FAIL("issue_o = %u, expected %u", exp_issue < 0, exp_issue >= 0);
	if (exp_issue >= 0 && (bus_get(out, port(s, S2L_ISSUE_SLOT_O), 0) != (unsigned)exp_issue ||
			       bus_get(out, port(s, S2L_ISSUE_WARP_O), 0) != (unsigned)s->slot_warp[exp_issue]))
		FAIL("issued slot %u warp %u; greedy from slot %u expects slot %d warp %d",
		     (unsigned)bus_get(out, port(s, S2L_ISSUE_SLOT_O), 0),
		     (unsigned)bus_get(out, port(s, S2L_ISSUE_WARP_O), 0), s->last, exp_issue,
		     s->slot_warp[exp_issue]);
	/* demotion */
	for (unsigned a = 0; a < s->na && exp_demote < 0; a++) {
		int wi = s->slot_warp[a];

		if (wi < 0 || s->draining[a])
			continue;
		if (!bus_get(in, port(s, S2L_VALID_I), (unsigned)wi) || bus_get(in, port(s, S2L_BAR_I), (unsigned)wi) ||
		    (bus_get(in, port(s, S2L_LLC_I), (unsigned)wi) && !s->w[wi].resumed))
			exp_demote = (int)a;
	}
	if (bus_get(out, port(s, S2L_DEMOTE_O), 0) != (exp_demote >= 0) ||
	    (exp_demote >= 0 && bus_get(out, port(s, S2L_DEMOTE_SLOT_O), 0) != (unsigned)exp_demote))
		FAIL("demotion: expected slot %d", exp_demote);
	/* promotion */
	for (unsigned a = 0; a < s->na && free_slot < 0; a++)
		if (s->slot_warp[a] < 0)
			free_slot = (int)a;
	for (unsigned i = 0; i < s->nw; i++)
		any_pend |= s->w[i].valid && s->w[i].slot < 0 && bus_get(in, port(s, S2L_WAKE_I), i);
	if (bus_get(out, port(s, S2L_PROMOTE_O), 0) != (free_slot >= 0 && any_pend))
		FAIL("promote_o = %u with %s slot and %s woken pending warp",
		     (unsigned)bus_get(out, port(s, S2L_PROMOTE_O), 0), free_slot >= 0 ? "a free" : "no free",
		     any_pend ? "a" : "no");
	if (bus_get(out, port(s, S2L_PROMOTE_O), 0)) {
		unsigned p = (unsigned)bus_get(out, port(s, S2L_PROMOTE_WARP_O), 0);

		if (bus_get(out, port(s, S2L_PROMOTE_SLOT_O), 0) != (unsigned)free_slot)
			FAIL("promotion into slot %u, the lowest free is %d",
			     (unsigned)bus_get(out, port(s, S2L_PROMOTE_SLOT_O), 0), free_slot);
		if (p >= s->nw || !s->w[p].valid || s->w[p].slot >= 0 || !bus_get(in, port(s, S2L_WAKE_I), p))
			FAIL("promoted warp %u is not a woken pending warp", p);
		for (unsigned i = 0; i < s->nw; i++) {
			int waiting = s->w[i].valid && s->w[i].slot < 0 && bus_get(in, port(s, S2L_WAKE_I), i);

			if (i != p && waiting && ++s->w[i].waited >= s->nw)
				FAIL("warp %u waited while %u others were promoted (starved)", i, s->w[i].waited);
		}
		s->w[p].waited = 0;
	}
	for (unsigned i = 0; i < s->nw; i++)
		if (!(s->w[i].valid && s->w[i].slot < 0 && bus_get(in, port(s, S2L_WAKE_I), i)))
			s->w[i].waited = 0;
	/* flush request: the lowest draining slot */
	{
		int f = -1;

		for (unsigned a = 0; a < s->na && f < 0; a++)
			if (s->draining[a])
				f = (int)a;
		if (bus_get(out, port(s, S2L_FLUSH_O), 0) != (f >= 0) ||
		    (f >= 0 && bus_get(out, port(s, S2L_FLUSH_SLOT_O), 0) != (unsigned)f))
			FAIL("flush request: expected slot %d", f);
		if (f >= 0 && bus_get(out, port(s, S2L_FLUSH_DROP_O), 0) != !s->w[s->slot_warp[f]].valid)
			FAIL("flush_drop_o of slot %d", f);
	}
	(void)cycle;
	return 0;
}

/* The edge, from the scheduler's (checked) decisions. */
static void apply_edge(struct s2l_stim *s, uint64_t cycle, const uint32_t *in, const uint32_t *out)
{
	if (bus_get(out, port(s, S2L_ISSUE_O), 0)) {
		unsigned a = (unsigned)bus_get(out, port(s, S2L_ISSUE_SLOT_O), 0);
		struct s2l_warp *w = &s->w[s->slot_warp[a]];

		s->last = a;
		w->resumed = 0;
		if (w->op == OP_LOAD)
			w->load_back = cycle + 20u + rng_below(&s->rng, 60);
		w->pc++;
		if (--w->left == 0) {
			w->valid = 0;
			w->relaunch = (int)rng_below(&s->rng, 40);
		} else {
			new_op(s, w);
		}
	}
	if (bus_get(out, port(s, S2L_DEMOTE_O), 0)) {
		unsigned a = (unsigned)bus_get(out, port(s, S2L_DEMOTE_SLOT_O), 0);
		int wi = s->slot_warp[a];

		s->draining[a] = 1;
		if (bus_get(in, port(s, S2L_VALID_I), (unsigned)wi) && bus_get(in, port(s, S2L_LLC_I), (unsigned)wi) &&
		    !s->w[wi].resumed)
			s->w[wi].resumed = 1;
	}
	if (bus_get(out, port(s, S2L_FLUSH_O), 0) && bus_get(in, port(s, S2L_FLUSH_DONE_I), 0)) {
		unsigned a = (unsigned)bus_get(out, port(s, S2L_FLUSH_SLOT_O), 0);

		s->w[s->slot_warp[a]].slot = -1;
		s->slot_warp[a] = -1;
		s->draining[a] = 0;
	}
	if (bus_get(out, port(s, S2L_PROMOTE_O), 0)) {
		unsigned a = (unsigned)bus_get(out, port(s, S2L_PROMOTE_SLOT_O), 0);
		unsigned p = (unsigned)bus_get(out, port(s, S2L_PROMOTE_WARP_O), 0);

		s->slot_warp[a] = (int)p;
		s->w[p].slot = (int)a;
	}
	/* barriers: arrive, and release when every valid warp has arrived */
	{
		unsigned valid = 0, arrived = 0;

		for (unsigned i = 0; i < s->nw; i++) {
			struct s2l_warp *w = &s->w[i];

			if (!w->valid)
				continue;
			valid++;
			if (w->op == OP_BAR) {
				w->at_bar = 1;
				arrived++;
			}
		}
		if (valid && arrived == valid) {
			for (unsigned i = 0; i < s->nw; i++)
				if (s->w[i].valid) {
					s->w[i].at_bar = 0;
					s->w[i].pc++;
					new_op(s, &s->w[i]);
				}
			s->bar_open = 0;
		} else if (arrived && !s->bar_open) {
			s->bar_open = 1;
			s->bar_since = cycle;
		}
	}
	for (unsigned i = 0; i < s->nw; i++)
		if (!s->w[i].valid && s->w[i].slot < 0 && s->w[i].relaunch-- <= 0)
			launch(s, &s->w[i]);
}

static int stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			size_t msg_n)
{
	struct s2l_stim *s = vs;
	unsigned act_at_bar = 0, act = 0, pending = 0;

	if (check(s, cycle, in, out, msg, msg_n))
		return -1;
	for (unsigned i = 0; i < s->nw; i++) {
		if (s->w[i].slot >= 0 && !s->draining[s->w[i].slot]) {
			act++;
			act_at_bar += (unsigned)bus_get(in, port(s, S2L_BAR_I), i);
		} else if (s->w[i].valid) {
			pending++;
		}
	}
	if (act && act_at_bar == act && pending)
		s->all_waiting++;	/* every active warp waits at the barrier */
	apply_edge(s, cycle, in, out);
	if (s->bar_open && cycle - s->bar_since > BAR_TIMEOUT)
		FAIL("barrier open since cycle %llu never released (deadlock)", (unsigned long long)s->bar_since);
	if (s->scenario == SCEN_BARRIER && cycle == 3000 && s->all_waiting == 0)
		FAIL("barrier: no cycle had every active warp waiting at the barrier with warps pending");
	return 0;
}

const struct stim_ops sched_2level_stim = {
	"sched_2level", scenarios, stim_create, stim_drive, stim_observe, stim_destroy,
};
