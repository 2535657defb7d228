/* stim_share_lock.c: stimulus and scoreboard for register sharing's lock
 * table.
 *
 * The stimulus is a small SM running kernels.  A kernel gets random
 * parameters (warps per block, register count, threshold u, shared pairs S
 * and unshared blocks U); the dispatcher places the pairs first (blocks 2p
 * and 2p+1, lock index p x wpb + k) and then the unshared blocks.  A
 * block's warps take wpb consecutive warp slots, a group drawn per kernel:
 * warp slot 0 belongs to any block, so logic that assumed it is block 0's
 * (a select that drops warp 0's term) shows.  Protocol it keeps (docs/sharing.md):
 *   - at most one table write per cycle: kernel start, block launch, block
 *     exit or warp launch, in that order for one block; a block's warps
 *     issue only after all of them are launched;
 *   - a check port carries warps of its scheduler only (w mod schedulers),
 *     never a warp being launched or finished, and a refused instruction is
 *     retried with the same operands;
 *   - a warp is released (rel_i) after its last instruction, once; when all
 *     warps of a block are released the block exits and, while the grid
 *     lasts, a new block is launched into the same slot and role.
 * Scoreboard, independent of the model: its own lock holders, holder counts
 * per block and owner blocks.  Each cycle it checks chk_need_o (Fig. 4),
 * chk_gnt_o / chk_acq_o (lock free, deadlock rule, owner first), that no
 * lock is taken while held, that the live holders of a pair always belong
 * to one block, lock_held_o, class_o and the Owner-Warp-First pick (lowest
 * class, then earliest launch), and that every kernel finishes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "share_lock_desc.h"
#include "stim.h"

enum { SCEN_RANDOM, SCEN_CONTEND };
static const char *const scenarios[] = {"random", "contend", NULL};

enum act_kind { ACT_KERN, ACT_BLK, ACT_EXIT, ACT_WARP };
struct act {
	enum act_kind kind;
	unsigned a, b;		/* block/warp, partner/block */
};

enum { MAX_ACTS = 4096, KERNEL_TIMEOUT = 60000 };

struct shl_warp {
	int alive;		/* launched, not yet released */
	int issuing;		/* its block is fully launched */
	unsigned blk, lock, shared;
	unsigned left;		/* instructions still to issue */
	unsigned regv[SHL_OPS], reg[SHL_OPS];	/* the current instruction */
	int drain;		/* cycles to the release, -1 = running */
	uint64_t stamp;		/* launch order */
};

struct shl_block {
	int alive;		/* launched (its warps may still be launching) */
	unsigned warps_left;	/* warps not yet released */
	unsigned owner;
	int partner;		/* -1 = unshared */
};

struct shl_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int scenario;
	unsigned nw, nt, ns, nl, free_code, none;
	/* kernel */
	unsigned mode, u, regs, wpb, pairs, nblocks, grid_left;
	uint64_t kernel_start;
	struct shl_warp *warp;
	struct shl_block *blk;
	int *holder;		/* [lock] warp or -1 */
	unsigned *held;		/* [block] live holders */
	unsigned *group;	/* [block] its warps start at slot group x wpb */
	uint64_t stamp;
	struct act *acts;
	unsigned act_head, act_count;
	unsigned kernels_done;
	unsigned mode_hw;	/* the sharing bit the hardware holds now */
	int act_driven;		/* the head action is on the inputs this cycle */
	uint64_t partner_denials;	/* checks refused because the partner block holds locks */
};

static const struct port_desc *port(const struct shl_stim *s, enum share_lock_port p)
{
	return &s->m->ports[p];
}

static void push(struct shl_stim *s, enum act_kind k, unsigned a, unsigned b)
{
	if (s->act_count < MAX_ACTS)
		s->acts[(s->act_head + s->act_count++) % MAX_ACTS] = (struct act){k, a, b};
}

static unsigned first_warp(const struct shl_stim *s, unsigned b)
{
	return s->group[b] * s->wpb;
}

static void queue_block(struct shl_stim *s, unsigned b)
{
	int p = s->blk[b].partner;

	push(s, ACT_BLK, b, p < 0 ? s->none : (unsigned)p);
	for (unsigned k = 0; k < s->wpb; k++)
		push(s, ACT_WARP, first_warp(s, b) + k, b);
	if (s->grid_left)
		s->grid_left--;
}

/* A new kernel: parameters, then the dispatcher's placement. */
static void new_kernel(struct shl_stim *s, uint64_t cycle)
{
	unsigned max_pairs;

	for (unsigned w = 0; w < s->nw; w++) {
		uint64_t stamp = s->warp[w].stamp;	/* launch order outlives kernels */

		memset(&s->warp[w], 0, sizeof s->warp[w]);
		s->warp[w].stamp = stamp;
	}
	memset(s->blk, 0, s->nt * sizeof *s->blk);
	for (unsigned l = 0; l < s->nl; l++)
		s->holder[l] = -1;
	memset(s->held, 0, s->nt * sizeof *s->held);
	s->regs = 1u + rng_below(&s->rng, s->cfg->sharing.max_regs_per_thread);
	if (s->scenario == SCEN_CONTEND) {
		/* One pair, every instruction touches a shared register. */
		s->wpb = s->nw / 2u;
		s->pairs = 1;
		s->nblocks = 2;
		s->u = 0;
		s->mode = 1;
	} else {
		s->wpb = 1u + rng_below(&s->rng, s->nw / 2u);
		s->nblocks = s->nw / s->wpb < s->nt ? s->nw / s->wpb : s->nt;
		s->nblocks = 1u + rng_below(&s->rng, s->nblocks);
		max_pairs = s->nblocks / 2u;
		s->pairs = rng_chance(&s->rng, 15) ? 0 : rng_below(&s->rng, max_pairs + 1u);
		s->u = rng_below(&s->rng, s->regs + 1u);
		s->mode = s->pairs > 0;
	}
	/* the blocks' warp-slot groups, a random permutation of the nw / wpb */
	unsigned ngroups = s->nw / s->wpb;
	for (unsigned g = 0; g < ngroups; g++)
		s->group[g] = g;
	for (unsigned g = ngroups; g > 1; g--) {
		unsigned k = rng_below(&s->rng, g), t = s->group[g - 1];
		s->group[g - 1] = s->group[k];
		s->group[k] = t;
	}
	s->grid_left = s->nblocks * (1u + rng_below(&s->rng, 3));
	s->kernel_start = cycle;
	push(s, ACT_KERN, s->mode, s->u);
	for (unsigned b = 0; b < s->nblocks; b++) {
		s->blk[b].partner = b < 2u * s->pairs ? (int)(b ^ 1u) : -1;
		s->blk[b].owner = b < 2u * s->pairs ? (b & 1u) == 0 : 0;
		queue_block(s, b);
	}
}

static void *shl_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			     const char *scenario)
{
	struct shl_stim *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->scenario = strcmp(scenario, "contend") == 0 ? SCEN_CONTEND : SCEN_RANDOM;
	s->nw = cfg->warps;
	s->nt = cfg->ctas;
	s->ns = cfg->schedulers;
	s->nl = cfg->sharing.d.nlocks;
	s->free_code = share_lock_free(cfg);
	s->none = share_lock_none(cfg);
	s->warp = calloc(s->nw, sizeof *s->warp);
	s->blk = calloc(s->nt, sizeof *s->blk);
	s->holder = calloc(s->nl, sizeof *s->holder);
	s->held = calloc(s->nt, sizeof *s->held);
	s->group = calloc(s->nw, sizeof *s->group);
	s->acts = calloc(MAX_ACTS, sizeof *s->acts);
	if (!s->warp || !s->blk || !s->holder || !s->held || !s->group || !s->acts)
		return NULL;
	new_kernel(s, 0);
	return s;
}

static void shl_stim_destroy(void *vs)
{
	struct shl_stim *s = vs;

	if (!s)
		return;
	free(s->warp);
	free(s->blk);
	free(s->holder);
	free(s->held);
	free(s->group);
	free(s->acts);
	free(s);
}

static void new_instruction(struct shl_stim *s, struct shl_warp *w)
{
	for (unsigned k = 0; k < SHL_OPS; k++) {
		w->regv[k] = rng_chance(&s->rng, 60);
		w->reg[k] = rng_below(&s->rng, s->regs);
	}
}

static void shl_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct shl_stim *s = vs;
	(void)cycle;

	s->act_driven = s->act_count > 0;
	if (s->act_driven) {
		const struct act *a = &s->acts[s->act_head];

		switch (a->kind) {
		case ACT_KERN:
			bus_set(in, port(s, SHL_KERN_I), 0, 1);
			bus_set(in, port(s, SHL_KERN_MODE_I), 0, a->a);
			bus_set(in, port(s, SHL_KERN_THRESH_I), 0, a->b);
			break;
		case ACT_BLK:
			bus_set(in, port(s, SHL_BLK_I), 0, 1);
			bus_set(in, port(s, SHL_BLK_ID_I), 0, a->a);
			bus_set(in, port(s, SHL_BLK_PARTNER_I), 0, a->b);
			break;
		case ACT_EXIT:
			bus_set(in, port(s, SHL_BLK_EXIT_I), 0, 1);
			bus_set(in, port(s, SHL_BLK_EXIT_ID_I), 0, a->a);
			break;
		case ACT_WARP: {
			unsigned b = a->b, k = a->a - first_warp(s, b);

			bus_set(in, port(s, SHL_WARP_I), 0, 1);
			bus_set(in, port(s, SHL_WARP_ID_I), 0, a->a);
			bus_set(in, port(s, SHL_WARP_BLK_I), 0, b);
			bus_set(in, port(s, SHL_WARP_SHARED_I), 0, s->blk[b].partner >= 0);
			bus_set(in, port(s, SHL_WARP_OWNER_I), 0, s->blk[b].owner);
			bus_set(in, port(s, SHL_WARP_LOCK_I), 0, s->blk[b].partner >= 0 ? (b / 2u) * s->wpb + k : 0);
			break;
		}
		}
	}
	/* Lock checks: a random issuing warp of each scheduler. */
	for (unsigned p = 0; p < s->ns; p++) {
		unsigned cand[1024], n = 0;

		for (unsigned w = p; w < s->nw; w += s->ns)
			if (s->warp[w].alive && s->warp[w].issuing && s->warp[w].drain < 0)
				cand[n++] = w;
		if (!n || !rng_chance(&s->rng, 85))
			continue;
		{
			unsigned w = cand[rng_below(&s->rng, n)];

			bus_set(in, port(s, SHL_CHK_I), p, 1);
			bus_set(in, port(s, SHL_CHK_WARP_I), p, w);
			for (unsigned k = 0; k < SHL_OPS; k++) {
				bus_set(in, port(s, SHL_CHK_REGV_I), p * SHL_OPS + k, s->warp[w].regv[k]);
				bus_set(in, port(s, SHL_CHK_REG_I), p * SHL_OPS + k, s->warp[w].reg[k]);
			}
		}
	}
	/* Release: the first drained warp. */
	for (unsigned w = 0; w < s->nw; w++)
		if (s->warp[w].alive && s->warp[w].drain == 0) {
			bus_set(in, port(s, SHL_REL_I), 0, 1);
			bus_set(in, port(s, SHL_REL_WARP_I), 0, w);
			break;
		}
	/* Ready warps for the OWF pick: launched ones (the order of others is
	 * not the scoreboard's business). */
	for (unsigned w = 0; w < s->nw; w++)
		if (s->warp[w].alive && rng_chance(&s->rng, 30))
			bus_set(in, port(s, SHL_RDY_I), w, 1);
}

static unsigned expected_class(const struct shl_stim *s, unsigned w)
{
	const struct shl_warp *x = &s->warp[w];

	if (!(s->mode && x->shared))
		return SHL_CLASS_UNSHARED;
	return s->blk[x->blk].owner ? SHL_CLASS_OWNER : SHL_CLASS_NONOWNER;
}

#define FAIL(...) do { snprintf(msg, msg_n, "scoreboard: " __VA_ARGS__); return -1; } while (0)

/* Expected outputs of the check ports, from the scoreboard's own state. */
static int check_ports(struct shl_stim *s, const uint32_t *in, const uint32_t *out, char *msg, size_t msg_n,
		       unsigned *acq)
{
	unsigned need[16] = {0}, can[16] = {0}, w_of[16] = {0};

	for (unsigned p = 0; p < s->ns; p++) {
		struct shl_warp *x;
		unsigned any = 0;

		if (!bus_get(in, port(s, SHL_CHK_I), p))
			continue;
		w_of[p] = (unsigned)bus_get(in, port(s, SHL_CHK_WARP_I), p);
		x = &s->warp[w_of[p]];
		for (unsigned k = 0; k < SHL_OPS; k++)
			any |= x->regv[k] && x->reg[k] >= s->u;
		need[p] = s->mode && x->shared && any;
		can[p] = need[p] && s->holder[x->lock] < 0 &&
			 !(s->blk[x->blk].partner >= 0 && s->held[s->blk[x->blk].partner]);
	}
	for (unsigned p = 0; p < s->ns; p++) {
		unsigned gnt, lost = 0;
		struct shl_warp *x = &s->warp[w_of[p]];

		if (!bus_get(in, port(s, SHL_CHK_I), p)) {
			if (bus_get(out, port(s, SHL_CHK_GNT_O), p) || bus_get(out, port(s, SHL_CHK_ACQ_O), p) ||
			    bus_get(out, port(s, SHL_CHK_NEED_O), p))
				FAIL("port %u answers without a check", p);
			continue;
		}
		for (unsigned o = 0; o < s->ns && can[p]; o++) {
			struct shl_warp *y = &s->warp[w_of[o]];

			if (o != p && can[o] && (int)y->blk == s->blk[x->blk].partner)
				lost |= s->blk[y->blk].owner > s->blk[x->blk].owner ||
					(s->blk[y->blk].owner == s->blk[x->blk].owner && o < p);
		}
		acq[p] = can[p] && !lost;
		if (need[p] && s->holder[x->lock] < 0 && s->blk[x->blk].partner >= 0 &&
		    s->held[s->blk[x->blk].partner])
			s->partner_denials++;
		gnt = !need[p] || s->holder[x->lock] == (int)w_of[p] || acq[p];
		if (bus_get(out, port(s, SHL_CHK_NEED_O), p) != need[p])
			FAIL("port %u warp %u: chk_need_o = %u, expected %u (u = %u, shared = %u, mode = %u)", p, w_of[p],
			     !need[p], need[p], s->u, x->shared, s->mode);
		if (bus_get(out, port(s, SHL_CHK_ACQ_O), p) != acq[p]) {
			if (acq[p])
				FAIL("port %u warp %u: lock %u is free and the partner block holds none, "
				     "but it was not taken", p, w_of[p], x->lock);
			if (s->holder[x->lock] >= 0)
				FAIL("port %u warp %u: took lock %u held by warp %d (a lock held twice)", p,
				     w_of[p], x->lock, s->holder[x->lock]);
			FAIL("port %u warp %u: took lock %u against the deadlock rule / owner-first order "
			     "(partner block holds %u)", p, w_of[p], x->lock,
			     s->blk[x->blk].partner >= 0 ? s->held[s->blk[x->blk].partner] : 0);
		}
		if (bus_get(out, port(s, SHL_CHK_GNT_O), p) != gnt)
			FAIL("port %u warp %u: chk_gnt_o = %u, expected %u", p, w_of[p], !gnt, gnt);
	}
	return 0;
}

static int check_owf(struct shl_stim *s, const uint32_t *in, const uint32_t *out, char *msg, size_t msg_n)
{
	for (unsigned w = 0; w < s->nw; w++)
		if (s->warp[w].alive && bus_get(out, port(s, SHL_CLASS_O), w) != expected_class(s, w))
			FAIL("warp %u class_o = %u, expected %u", w, (unsigned)bus_get(out, port(s, SHL_CLASS_O), w),
			     expected_class(s, w));
	for (unsigned p = 0; p < s->ns; p++) {
		int best = -1;

		/* Only launched warps have a defined order; others are never ready. */
		for (unsigned w = p; w < s->nw; w += s->ns) {
			if (!bus_get(in, port(s, SHL_RDY_I), w))
				continue;
			if (best < 0 || expected_class(s, w) < expected_class(s, (unsigned)best) ||
			    (expected_class(s, w) == expected_class(s, (unsigned)best) &&
			     s->warp[w].stamp < s->warp[best].stamp))
				best = (int)w;
		}
		if (bus_get(out, port(s, SHL_OWF_V_O), p) != (best >= 0))
			FAIL("scheduler %u owf_v_o wrong", p);
		if (best >= 0 && bus_get(out, port(s, SHL_OWF_WARP_O), p) != (unsigned)best)
			FAIL("scheduler %u OWF picked warp %u (class %u), expected %d (class %u, oldest)", p,
			     (unsigned)bus_get(out, port(s, SHL_OWF_WARP_O), p),
			     expected_class(s, (unsigned)bus_get(out, port(s, SHL_OWF_WARP_O), p)), best,
			     expected_class(s, (unsigned)best));
	}
	return 0;
}

/* The clock edge, as the scoreboard sees it. */
static void apply_edge(struct shl_stim *s, uint64_t cycle, const uint32_t *in, const unsigned *acq)
{
	unsigned own_before[16];

	if (bus_get(in, port(s, SHL_REL_I), 0)) {
		unsigned w = (unsigned)bus_get(in, port(s, SHL_REL_WARP_I), 0);
		struct shl_warp *x = &s->warp[w];

		if (x->shared && s->holder[x->lock] == (int)w) {
			s->holder[x->lock] = -1;
			s->held[x->blk]--;
		}
		x->alive = 0;
		if (--s->blk[x->blk].warps_left == 0)
			push(s, ACT_EXIT, x->blk, 0);
	}
	for (unsigned p = 0; p < s->ns; p++)
		own_before[p] = acq[p] ? s->blk[s->warp[bus_get(in, port(s, SHL_CHK_WARP_I), p)].blk].owner : 1;
	for (unsigned p = 0; p < s->ns; p++) {
		unsigned w = (unsigned)bus_get(in, port(s, SHL_CHK_WARP_I), p);
		struct shl_warp *x = &s->warp[w];

		if (acq[p]) {
			s->holder[x->lock] = (int)w;
			s->held[x->blk]++;
			if (!own_before[p]) {	/* the holder block is the owner */
				s->blk[x->blk].owner = 1;
				s->blk[s->blk[x->blk].partner].owner = 0;
			}
		}
	}
	/* Table writes land after the lock updates (the model's edge order). */
	if (s->act_driven) {
		const struct act *a = &s->acts[s->act_head];

		if (a->kind == ACT_KERN) {
			s->mode_hw = a->a;
		} else if (a->kind == ACT_EXIT) {
			int p = s->blk[a->a].partner;

			s->blk[a->a].alive = 0;
			if (p >= 0)
				s->blk[p].owner = 1;	/* Sec. 5: the partner becomes owner */
			if (s->grid_left) {
				/* Same slot, same role: non-owner if the partner lives. */
				s->blk[a->a].owner = p >= 0 ? !s->blk[p].alive : 0;
				queue_block(s, a->a);
			}
		} else if (a->kind == ACT_BLK) {
			s->blk[a->a].alive = 1;
			s->blk[a->a].warps_left = s->wpb;
		} else if (a->kind == ACT_WARP) {
			struct shl_warp *x = &s->warp[a->a];
			unsigned b = a->b;

			memset(x, 0, sizeof *x);
			x->alive = 1;
			x->blk = b;
			x->shared = s->blk[b].partner >= 0;
			x->lock = x->shared ? (b / 2u) * s->wpb + (a->a - first_warp(s, b)) : 0;
			x->left = 1u + rng_below(&s->rng, 24);
			x->drain = -1;
			x->stamp = ++s->stamp;
			new_instruction(s, x);
			if (a->a + 1u == first_warp(s, b) + s->wpb)
				for (unsigned k = 0; k < s->wpb; k++)
					s->warp[first_warp(s, b) + k].issuing = 1;
		}
		s->act_head = (s->act_head + 1u) % MAX_ACTS;
		s->act_count--;
	}
	for (unsigned w = 0; w < s->nw; w++)
		if (s->warp[w].alive && s->warp[w].drain > 0)
			s->warp[w].drain--;
	(void)cycle;
}

static int shl_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			    size_t msg_n)
{
	struct shl_stim *s = vs;
	unsigned acq[16] = {0};

	if (check_ports(s, in, out, msg, msg_n, acq) || check_owf(s, in, out, msg, msg_n))
		return -1;
	for (unsigned l = 0; l < s->nl; l++)
		if (bus_get(out, port(s, SHL_LOCK_HELD_O), l) != (s->holder[l] >= 0))
			FAIL("lock_held_o[%u] = %u but the holder is %d", l, !(s->holder[l] >= 0), s->holder[l]);
	if (bus_get(out, port(s, SHL_MODE_O), 0) != s->mode_hw)
		FAIL("mode_o = %u, expected %u", !s->mode_hw, s->mode_hw);
	/* Issued instructions advance their warp. */
	for (unsigned p = 0; p < s->ns; p++) {
		struct shl_warp *x;

		if (!bus_get(in, port(s, SHL_CHK_I), p) || !bus_get(out, port(s, SHL_CHK_GNT_O), p))
			continue;
		x = &s->warp[bus_get(in, port(s, SHL_CHK_WARP_I), p)];
		if (--x->left == 0)
			x->drain = (int)rng_below(&s->rng, 4) + 1;
		else
			new_instruction(s, x);
	}
	apply_edge(s, cycle, in, acq);
	/* Invariant: the live holders of a pair belong to one block. */
	for (unsigned b = 0; b < s->nt; b++)
		if (s->blk[b].partner >= 0 && s->held[b] && s->held[s->blk[b].partner])
			FAIL("blocks %u and %d both hold locks of their pair (deadlock rule broken)", b,
			     s->blk[b].partner);
	/* The directed scenario must really make the two blocks contend. */
	if (s->scenario == SCEN_CONTEND && cycle == 5000 && (s->partner_denials == 0 || s->kernels_done == 0))
		FAIL("contend: after 5000 cycles %llu refusals by the deadlock rule, %u kernels done",
		     (unsigned long long)s->partner_denials, s->kernels_done);
	/* Liveness: the kernel finishes; then the next one starts. */
	{
		int busy = s->act_count > 0;

		for (unsigned w = 0; w < s->nw && !busy; w++)
			busy = s->warp[w].alive;
		if (!busy) {
			s->kernels_done++;
			new_kernel(s, cycle + 1u);
		} else if (cycle - s->kernel_start > KERNEL_TIMEOUT) {
			FAIL("kernel started at cycle %llu has not finished: no progress (deadlock?)",
			     (unsigned long long)s->kernel_start);
		}
	}
	return 0;
}

const struct stim_ops share_lock_stim = {
	"share_lock", scenarios, shl_stim_create, shl_stim_drive, shl_stim_observe, shl_stim_destroy,
};
