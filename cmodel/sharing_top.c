/* sharing_top.c: cycle model of sharing_top (common/sharing_top_desc.h):
 * share_lock and rf_banked composed through cmodel/compose_units.h along
 * sharing_top_wiring, plus the glue, mirrored flop for flop by
 * gen/emit_sharing_top.c:
 *   - launcher: the cycle's CTA events (cev lanes, in the SM's order) and
 *     drained warps become the lock-table writes in order: a launch of
 *     slot s a BLK (its partner slot if s is paired and the partner is in
 *     use, launches earlier in the cycle included), then a WARP per warp
 *     joining s (ascending warp id); an exit a REL per paired warp of s
 *     not yet released, then its EXIT; last a REL per drained paired warp
 *     not yet released (ascending warp id).  Its state: slot in use per
 *     CTA slot, released per warp, and the warp table below, all updated
 *     event by event;
 *   - warp table: each warp's CTA slot and index, set when it joins a
 *     launch, emptied by a kernel start; entry bit: its WARP write reached
 *     the lock table;
 *   - command queue: LANES_PUSH entries; a cycle's writes are queued in
 *     order behind the queued ones (those that do not fit are dropped);
 *     the head (the cycle's first write, when the queue is empty) drives
 *     the lock table's BLK / EXIT / WARP / REL port and leaves at the edge;
 *   - lock checks: each scheduler's issue checks its warp, with its first
 *     shared register when the warp is paired; an acquisition records the
 *     holder of the pair's lock and counts it for the warp's CTA slot; a
 *     REL command frees the lock it names if the warp holds it;
 *   - issue gating, from the state after the edge and the warp vectors
 *     latched at it: ok (holds its lock, or may take it: free, the partner
 *     CTA holds none, and if neither CTA holds one only the owner CTA's
 *     warps when one of them wants a shared register), wait, and DWE's
 *     issuable (non-owners whose next instruction is a global / local
 *     access are held back unless the cycle's draw opens the gate: the
 *     LFSR's draw below the probability latched from dwe_prob_i);
 *   - DWE's LFSR: loaded from kern_seed_i at kernel start, advanced at an
 *     edge only after a cycle whose draw decided something (a candidate
 *     held back and 0 < p < 1; busy_o is then 1 so the SM skips no such
 *     cycle);
 *   - address mapping: sharing_phys() of the warp's slot and index, then
 *     the file's slot and index (modulo 2^PW, PW the file's address width).
 * The lock table's class, check grants and acquisitions are wires. */
#include "sharing_top.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compose_units.h"
#include "eval_memo.h"
#include "rf_banked.h"
#include "rf_banked_desc.h"
#include "share_lock.h"
#include "share_lock_desc.h"
#include "sharing_top_desc.h"

enum { MAXW = 64, MAXT = 64, MAXL = 2 * (MAXT + MAXW), MAXS = 16 };

struct sht_cmd {
	unsigned kind, warp, slot, partner, shared, owner, lock, k;
};

/* The glue's registers. */
struct sht_state {
	struct sht_cmd q[MAXL];
	unsigned head, count;
	uint8_t wv[MAXW], went[MAXW], wantin[MAXW], memin[MAXW];
	unsigned wslot[MAXW], wk[MAXW];
	unsigned holder[MAXW / 2];
	unsigned held[MAXT];
	uint8_t used[MAXT], rel[MAXW];	/* the launcher's: slot in use, warp released */
	unsigned prob, lfsr;		/* DWE: probability (tenths) latched, the LFSR */
};

struct sht_model {
	const struct gpurf_cfg *cfg;
	const struct module_desc *desc;
	struct compose_units cu;
	unsigned W, T, S, L, CL, nlocks, pw;
	unsigned lock_free, partner_none;
	struct sht_state s, d;		/* state, and the next state comb computes */
	struct eval_memo memo;	/* sht_comb's last inputs */
};

static const struct port_desc *tport(const struct sht_model *m, unsigned p)
{
	return &m->desc->ports[p];
}

static unsigned tin(const struct sht_model *m, const uint32_t *in, unsigned p, unsigned e)
{
	return (unsigned)bus_get(in, tport(m, p), e);
}

static void sht_destroy(void *vm)
{
	struct sht_model *m = vm;

	if (!m)
		return;
	cu_free(&m->cu);
	eval_memo_free(&m->memo);
	free(m);
}

static void *sht_create(const struct gpurf_cfg *cfg, const struct module_desc *desc)
{
	struct sht_model *m = calloc(1, sizeof *m);
	struct module_desc sub[2];
	const struct gpurf_cfg *cfgs[2] = {cfg, cfg};
	const struct unit_ops *ops[2] = {&share_lock_ops, &rf_banked_ops};

	if (!m)
		return NULL;
	m->cfg = cfg;
	m->desc = desc;
	m->W = cfg->warps;
	m->T = cfg->ctas;
	m->S = cfg->schedulers;
	m->L = sharing_top_lanes(cfg);
	m->CL = sharing_top_cta_lanes(cfg);
	m->partner_none = share_lock_none(cfg);
	m->nlocks = cfg->sharing.d.nlocks;
	m->pw = cfg_index_bits((unsigned long)cfg->warps * cfg->d.regs_per_warp);
	m->lock_free = share_lock_free(cfg);
	if (m->W > MAXW || m->T > MAXT || m->S > MAXS) {
		free(m);
		return NULL;
	}
	desc_share_lock(cfg, &sub[SHT_U_LOCK]);
	desc_rf_banked(cfg, &sub[SHT_U_RF]);
	if (cu_create(&m->cu, desc, &sharing_top_wiring, 2, sub, cfgs, ops)) {
		free(m);
		return NULL;
	}
	if (eval_memo_init(&m->memo, desc->in_words, desc->out_words)) {
		sht_destroy(m);
		return NULL;
	}
	return m;
}

static void sht_reset(void *vm)
{
	struct sht_model *m = vm;

	cu_reset(&m->cu);
	eval_memo_forget(&m->memo);
	memset(&m->s, 0, sizeof m->s);
	for (unsigned l = 0; l < MAXW / 2; l++)
		m->s.holder[l] = m->lock_free;
	m->s.lfsr = 1;
}

static void kern_of(const struct sht_model *m, const uint32_t *in, struct sharing_kern *k)
{
	k->mode = tin(m, in, SHT_KERN_MODE_I, 0);
	k->u = tin(m, in, SHT_KERN_U_I, 0);
	k->regs = tin(m, in, SHT_KERN_REGS_I, 0);
	k->wpc = tin(m, in, SHT_KERN_WPC_I, 0);
	k->pairs = tin(m, in, SHT_KERN_PAIRS_I, 0);
	k->g = tin(m, in, SHT_KERN_G_I, 0);
}

/* Warp w of state st is paired (its slot's pair, and lock). */
static int paired(const struct sharing_kern *k, const struct sht_state *st, unsigned w, unsigned *lock)
{
	unsigned role;
	int p;

	if (!k->mode || !st->wv[w])
		return 0;
	p = sharing_pair_of(k, st->wslot[w], &role);
	if (p < 0)
		return 0;
	*lock = (unsigned)p * k->wpc + st->wk[w];
	return 1;
}

/* The launcher's next write (dropped beyond the lanes). */
static void put(const struct sht_model *m, struct sht_cmd *cmd, unsigned *n, struct sht_cmd c)
{
	c.lock &= (1u << m->cfg->sharing.d.lock_idx_bits) - 1u;	/* the lock index's width */
	if (*n < m->L)
		cmd[(*n)++] = c;
}

/* A REL for warp w of the running view d if it is paired and not released. */
static void release(const struct sht_model *m, const struct sharing_kern *k, struct sht_state *d, unsigned w,
		    struct sht_cmd *cmd, unsigned *n)
{
	unsigned lock;

	if (!d->rel[w] && paired(k, d, w, &lock)) {
		d->rel[w] = 1;
		put(m, cmd, n, (struct sht_cmd){SHT_CMD_REL, w, d->wslot[w], 0, 0, 0, lock, 0});
	}
}

/* The events' protocol (common/sharing_top_desc.h), which the RTL's
 * launcher relies on to give each source at most one write a cycle: a slot
 * launches at most once and exits at most once a cycle, never exits after
 * launching in it, and a warp joining a launch is not drained.  The SM
 * (cmodel/sm/sm_core.c) and the unit stimulus (tb/cta_life.c) keep it; a
 * break is a bug of the caller, reported and stopped like an assertion. */
static void check_protocol(const struct sht_model *m, const uint32_t *in)
{
	uint64_t launched = 0, exited = 0;

	for (unsigned i = 0; i < m->CL; i++) {
		unsigned s = tin(m, in, SHT_CEV_SLOT_I, i) % MAXT, x = tin(m, in, SHT_CEV_EXIT_I, i);
		uint64_t bit = UINT64_C(1) << s;

		if (!tin(m, in, SHT_CEV_VALID_I, i))
			continue;
		if ((x ? exited : launched) & bit || (x && (launched & bit))) {
			fprintf(stderr, "sharing_top: CTA lane %u: slot %u %s again in one cycle (protocol, "
					"common/sharing_top_desc.h)\n", i, s, x ? "exits" : "launches");
			abort();
		}
		*(x ? &exited : &launched) |= bit;
	}
	for (unsigned w = 0; w < m->W; w++)
		if (tin(m, in, SHT_LW_VALID_I, w) && tin(m, in, SHT_DRAINED_I, w)) {
			fprintf(stderr, "sharing_top: warp %u joins a launch and is drained in one cycle "
					"(protocol, common/sharing_top_desc.h)\n", w);
			abort();
		}
}

/* The launcher: the cycle's events into writes cmd[0..n-1], its state and
 * the warp table into d event by event. */
static unsigned launcher(struct sht_model *m, const struct sharing_kern *k, const uint32_t *in, struct sht_cmd *cmd)
{
	struct sht_state *d = &m->d;
	unsigned n = 0, role;

	check_protocol(m, in);

	for (unsigned i = 0; i < m->CL; i++) {
		unsigned s = tin(m, in, SHT_CEV_SLOT_I, i) % MAXT;

		if (!tin(m, in, SHT_CEV_VALID_I, i))
			continue;
		if (!tin(m, in, SHT_CEV_EXIT_I, i)) {
			int pr = k->mode && sharing_pair_of(k, s, &role) >= 0;
			unsigned ps = pr ? sharing_partner_slot(k, s) : 0;
			int partner = pr && d->used[ps % MAXT];

			d->used[s] = 1;
			put(m, cmd, &n, (struct sht_cmd){SHT_CMD_BLK, 0, s, partner ? ps : m->partner_none, 0, 0, 0, 0});
			for (unsigned w = 0; w < m->W; w++) {
				unsigned wk = tin(m, in, SHT_LW_K_I, w), lock = 0;

				if (!tin(m, in, SHT_LW_VALID_I, w) || tin(m, in, SHT_LW_SLOT_I, w) != s)
					continue;
				d->wv[w] = 1;
				d->wslot[w] = s;
				d->wk[w] = wk;
				d->went[w] = 0;
				d->rel[w] = 0;
				if (pr)
					paired(k, d, w, &lock);
				put(m, cmd, &n, (struct sht_cmd){SHT_CMD_WARP, w, s, 0, (unsigned)pr, (unsigned)!partner,
								 lock, wk});
			}
		} else {
			for (unsigned w = 0; w < m->W; w++)
				if (d->wv[w] && d->wslot[w] == s)
					release(m, k, d, w, cmd, &n);
			put(m, cmd, &n, (struct sht_cmd){SHT_CMD_EXIT, 0, s, 0, 0, 0, 0, 0});
			d->used[s] = 0;
		}
	}
	for (unsigned w = 0; w < m->W; w++)
		if (tin(m, in, SHT_DRAINED_I, w))
			release(m, k, d, w, cmd, &n);
	return n;
}

/* The head command on the lock table's write port. */
static void cmd_port(struct sht_model *m, const struct sht_cmd *c)
{
	struct compose_units *u = &m->cu;

	switch (c->kind) {
	case SHT_CMD_BLK:
		cu_set(u, SHT_U_LOCK, SHL_BLK_I, 0, 1);
		cu_set(u, SHT_U_LOCK, SHL_BLK_ID_I, 0, c->slot);
		cu_set(u, SHT_U_LOCK, SHL_BLK_PARTNER_I, 0, c->partner);
		break;
	case SHT_CMD_EXIT:
		cu_set(u, SHT_U_LOCK, SHL_BLK_EXIT_I, 0, 1);
		cu_set(u, SHT_U_LOCK, SHL_BLK_EXIT_ID_I, 0, c->slot);
		break;
	case SHT_CMD_WARP:
		cu_set(u, SHT_U_LOCK, SHL_WARP_I, 0, 1);
		cu_set(u, SHT_U_LOCK, SHL_WARP_ID_I, 0, c->warp);
		cu_set(u, SHT_U_LOCK, SHL_WARP_BLK_I, 0, c->slot);
		cu_set(u, SHT_U_LOCK, SHL_WARP_SHARED_I, 0, c->shared);
		cu_set(u, SHT_U_LOCK, SHL_WARP_OWNER_I, 0, c->owner);
		cu_set(u, SHT_U_LOCK, SHL_WARP_LOCK_I, 0, c->lock);
		break;
	default:
		cu_set(u, SHT_U_LOCK, SHL_REL_I, 0, 1);
		cu_set(u, SHT_U_LOCK, SHL_REL_WARP_I, 0, c->warp);
		break;
	}
}

/* One request port's address: the warp's slot and index in state st. */
static void map_addr(struct sht_model *m, const struct sharing_kern *k, const struct sht_state *st,
		     const uint32_t *in, uint32_t *out, int wr, unsigned e)
{
	unsigned rpw = m->cfg->d.regs_per_warp, pmask = (1u << m->pw) - 1u;
	unsigned w = tin(m, in, wr ? SMT_WR_WARP_I : SMT_RD_WARP_I, e) % MAXW;
	unsigned n = tin(m, in, wr ? SMT_WR_REG_I : SMT_RD_REG_I, e);
	unsigned slot = st->wv[w] ? st->wslot[w] : 0;
	unsigned p = sharing_phys(k, slot, st->wk[w], n) & pmask;

	cu_set(&m->cu, SHT_U_RF, wr ? RFB_WR_WARP_I : RFB_RD_WARP_I, e, p / rpw);
	cu_set(&m->cu, SHT_U_RF, wr ? RFB_WR_REG_I : RFB_RD_REG_I, e, p % rpw);
	bus_set(out, tport(m, wr ? SMT_MON_WR_WARP_O : SMT_MON_RD_WARP_O), e, p / rpw);
	bus_set(out, tport(m, wr ? SMT_MON_WR_REG_O : SMT_MON_RD_REG_O), e, p % rpw);
}

/* ok / wait / issuable from the state and the latched warp vectors.
 * Returns whether DWE's draw decided anything this cycle. */
static int gating(struct sht_model *m, const struct sharing_kern *k, uint32_t *out)
{
	const struct sht_state *st = &m->s;
	uint8_t want[MAXW] = {0}, owner_wants[MAXT] = {0};
	unsigned lock;
	int open = sharing_lfsr_draw(st->lfsr) < st->prob, cands = 0;

	for (unsigned w = 0; w < m->W; w++) {
		unsigned cls = (unsigned)cu_get(&m->cu, SHT_U_LOCK, SHL_CLASS_O, w);

		want[w] = st->wantin[w] && paired(k, st, w, &lock);
		if (want[w] && cls == SHL_CLASS_OWNER)
			owner_wants[st->wslot[w] % MAXT] = 1;
	}
	for (unsigned w = 0; w < m->W; w++) {
		unsigned cls = (unsigned)cu_get(&m->cu, SHT_U_LOCK, SHL_CLASS_O, w);
		unsigned s = st->wslot[w] % MAXT, ps, hl;
		int pr = paired(k, st, w, &lock), ok, take, cand;

		ps = pr ? sharing_partner_slot(k, s) % MAXT : 0;
		hl = pr ? st->holder[lock % (MAXW / 2)] : m->lock_free;
		take = hl == m->lock_free && st->held[ps] == 0 &&
		       (st->held[s] > 0 || cls == SHL_CLASS_OWNER || !owner_wants[ps]);
		ok = !pr || (st->went[w] && (hl == w || take));
		bus_set(out, tport(m, SHT_OK_O), w, (unsigned)ok);
		bus_set(out, tport(m, SHT_WAIT_O), w, (unsigned)(pr && st->went[w] && !ok && want[w]));
		bus_set(out, tport(m, SHT_PAIRED_O), w, (unsigned)pr);
		cand = m->cfg->sharing.dwe && pr && st->memin[w] && cls == SHL_CLASS_NONOWNER;
		cands |= cand;
		bus_set(out, tport(m, SHT_ISSUABLE_O), w, (unsigned)!(cand && !open));
	}
	return cands && sharing_dwe_mid(st->prob);
}

/* The cycle: submodule inputs, the top's outputs into out, the next state
 * into m->d. */
static void sht_comb(struct sht_model *m, const uint32_t *in, uint32_t *out)
{
	struct sht_state *d = &m->d;
	const struct sht_state *st = &m->s;
	struct sharing_kern k;
	struct sht_cmd cmd[MAXL];
	unsigned n, acc, lock;
	int pop = 0, draw;
	struct sht_cmd head = {0};

	memset(out, 0, m->desc->out_words * sizeof *out);
	kern_of(m, in, &k);
	*d = *st;
	/* a kernel start empties the warp table before the cycle's launches:
	 * an entry left from the kernel before would map its index with the
	 * new split, past the locks (the SM starts each kernel on a reset top) */
	if (tin(m, in, SHT_KERN_START_I, 0))
		memset(d->wv, 0, sizeof d->wv);
	/* the launcher's writes (the warp table at once), the queue behind its entries */
	n = launcher(m, &k, in, cmd);
	acc = n < m->L - st->count ? n : m->L - st->count;
	for (unsigned j = 0; j < acc; j++)
		d->q[(st->head + st->count + j) % m->L] = cmd[j];
	if (st->count) {
		head = st->q[st->head];
		pop = 1;
	} else if (acc) {
		head = cmd[0];
		pop = 1;
	}
	d->count = st->count + acc - (unsigned)pop;
	d->head = pop ? (st->head + 1u) % m->L : st->head;
	/* the lock table: the head command, the lock checks */
	cu_clear_inputs(&m->cu);
	cu_wire(&m->cu, SHT_U_LOCK, in, out);
	if (pop)
		cmd_port(m, &head);
	for (unsigned s = 0; s < m->S; s++) {
		unsigned w = tin(m, in, SHT_ISS_WARP_I, s) % MAXW;

		if (!tin(m, in, SHT_ISS_I, s))
			continue;
		cu_set(&m->cu, SHT_U_LOCK, SHL_CHK_I, s, 1);
		cu_set(&m->cu, SHT_U_LOCK, SHL_CHK_WARP_I, s, w);
		if (tin(m, in, SHT_ISS_SHARED_I, s) && paired(&k, d, w, &lock)) {
			cu_set(&m->cu, SHT_U_LOCK, SHL_CHK_REGV_I, s * SHL_OPS, 1);
			cu_set(&m->cu, SHT_U_LOCK, SHL_CHK_REG_I, s * SHL_OPS, tin(m, in, SHT_ISS_SREG_I, s));
		}
	}
	cu_eval(&m->cu, SHT_U_LOCK);
	/* acquisitions, then the head's effect */
	for (unsigned s = 0; s < m->S; s++) {
		unsigned w = tin(m, in, SHT_ISS_WARP_I, s) % MAXW;

		if (tin(m, in, SHT_ISS_I, s) && cu_get(&m->cu, SHT_U_LOCK, SHL_CHK_ACQ_O, s) && paired(&k, d, w, &lock)) {
			d->holder[lock % (MAXW / 2)] = w;
			d->held[d->wslot[w] % MAXT]++;
		}
	}
	if (pop && head.kind == SHT_CMD_WARP && head.warp < MAXW)
		d->went[head.warp] = 1;
	if (pop && head.kind == SHT_CMD_REL && d->holder[head.lock % (MAXW / 2)] == head.warp) {
		d->holder[head.lock % (MAXW / 2)] = m->lock_free;
		d->held[head.slot % MAXT]--;
		bus_set(out, tport(m, SHT_MON_REL_O), 0, 1);
	}
	bus_set(out, tport(m, SHT_MON_POP_O), 0, (unsigned)pop);
	for (unsigned w = 0; w < m->W; w++) {
		d->wantin[w] = (uint8_t)(tin(m, in, SHT_WARP_VALID_I, w) & tin(m, in, SHT_WARP_SHARED_I, w));
		d->memin[w] = (uint8_t)(tin(m, in, SHT_WARP_VALID_I, w) & tin(m, in, SHT_WARP_MEM_I, w));
	}
	draw = gating(m, &k, out);
	bus_set(out, tport(m, SHT_BUSY_O), 0, st->count != 0 || draw);
	/* DWE: the probability latched; the LFSR moves past a draw that decided */
	d->prob = tin(m, in, SHT_DWE_PROB_I, 0);
	if (tin(m, in, SHT_KERN_START_I, 0))
		d->lfsr = sharing_lfsr_load(tin(m, in, SHT_KERN_SEED_I, 0));
	else if (draw)
		d->lfsr = sharing_lfsr_next(st->lfsr);
	/* the file, addressed through the warp table after this cycle's pushes */
	cu_wire(&m->cu, SHT_U_RF, in, out);
	for (unsigned c = 0; c < m->cfg->collectors; c++)
		map_addr(m, &k, d, in, out, 0, c);
	for (unsigned p = 0; p < m->cfg->write_ports; p++)
		map_addr(m, &k, d, in, out, 1, p);
	cu_eval(&m->cu, SHT_U_RF);
	cu_wire(&m->cu, SHT_U_TOP, in, out);
}

static void sht_eval(void *vm, const uint32_t *in, uint32_t *out)
{
	struct sht_model *m = vm;

	sht_comb(m, in, out);
	eval_memo_note(&m->memo, in);
}

static void sht_tick(void *vm, const uint32_t *in)
{
	struct sht_model *m = vm;

	if (!eval_memo_hit(&m->memo, in))
		sht_comb(m, in, m->memo.out);
	cu_tick(&m->cu);
	m->s = m->d;
	eval_memo_forget(&m->memo);
}

const struct unit_ops sharing_top_ops = {
	"sharing_top", sht_create, sht_reset, sht_eval, sht_tick, sht_destroy,
};
