/* stim_sm_tops.c: random-stimulus lockstep for the SM subsystem tops
 * baseline_top and sharing_top (make cosim / make regress), built on
 * rf_banked's stimulus and scoreboard (stim_rf_banked.c).
 *
 * rf_banked's stimulus drives the file's (slot, index) requests on a
 * scratch bus; this one turns them into the top's (warp, register)
 * addresses through a mapping the top inverts, and hands the top's file
 * outputs back to rf_banked's scoreboard (a read returns what was written):
 *   - baseline_top: kern_slots_i = s, drawn per seed in [1, warps] with
 *     s x regs_per_warp <= 256; slot q, index i is warp q / s, register
 *     (q mod s) x regs_per_warp + i;
 *   - sharing_top, unshared kernel (kern_mode_i = 0): one CTA in slot 0
 *     holding every warp (warp w is its warp w, regs_per_warp registers
 *     each), launched at cycle 0 with the kernel start (a launch on CTA
 *     lane 0, every warp joining it), so warp w's register i is slot w,
 *     index i;
 *     random issue checks and warp vectors on top;
 *   - sharing_top, scenario "paired": kernels one after another, each a
 *     random split (warps per CTA, shared pairs, u, registers; now and
 *     then an unshared one) started alone with kern_start_i, then CTA
 *     launches, drained warps and exits as an SM makes them (cta_life.h,
 *     the first wave filling every slot), issue checks that take a shared
 *     register only where the last ok_o allowed it, file requests from
 *     launched warps (at most one write a cycle to a register two warps
 *     share); then every CTA leaves and the queue drains before the next
 *     kernel.  The file's scoreboard does not apply (pairs alias
 *     registers); the observer checks paired_o against the stimulus' own
 *     record of which slot each warp joined, that a warp not paired is
 *     never held back, and that busy_o falls within LANES_PUSH + 2 cycles
 *     of the last CTA exit.
 * The SM-driven co-simulation (make cosim-sm) checks the tops on real
 * kernels, shared pairs included. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "baseline_top_desc.h"
#include "cta_life.h"
#include "rf_banked_desc.h"
#include "rng.h"
#include "sharing_top_desc.h"
#include "stim.h"

extern const struct stim_ops rf_banked_stim;

static const char *const scenarios[] = {"random", NULL};
static const char *const share_scenarios[] = {"random", "paired", NULL};

/* The shared-pair scenario's kernel phases. */
enum { PH_START, PH_RUN, PH_DRAIN, PH_QUIET };

struct pair_stim {
	struct cta_life life;
	struct sharing_kern k;
	unsigned phase, run_left, quiet, first;
	uint8_t ok[CTA_LIFE_MAXW];		/* the last ok_o */
	uint8_t wv[CTA_LIFE_MAXW];		/* the top's warp table, as expected */
	unsigned wslot[CTA_LIFE_MAXW];
};

struct top_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct module_desc rfd;
	void *rs;			/* rf_banked's stimulus */
	uint32_t *rin, *rout;		/* its buses */
	struct rng rng;
	unsigned spw;			/* baseline: warp slots per warp */
	int sharing;
	struct pair_stim *pair;		/* sharing_top's "paired" scenario */
	/* sharing_top's DWE inputs, from a generator of their own (the other
	 * inputs' sequences stay those of the seeds before DWE had inputs) */
	struct rng dwe_rng;
	unsigned dwe_prob, dwe_seed;
};

static void top_destroy(void *vs)
{
	struct top_stim *s = vs;

	if (!s)
		return;
	if (s->rs)
		rf_banked_stim.destroy(s->rs);
	free(s->rin);
	free(s->rout);
	free(s->pair);
	free(s);
}

static void *top_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed, int sharing)
{
	struct top_stim *s = calloc(1, sizeof *s);
	unsigned rpw = cfg->d.regs_per_warp, smax;

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->sharing = sharing;
	s->rng.s = seed ^ 0x70b5u;
	s->dwe_rng.s = seed ^ 0xd3e5u;
	desc_rf_banked(cfg, &s->rfd);
	s->rs = rf_banked_stim.create(cfg, &s->rfd, seed, "random");
	s->rin = calloc(s->rfd.in_words + 1u, sizeof *s->rin);
	s->rout = calloc(s->rfd.out_words + 1u, sizeof *s->rout);
	if (!s->rs || !s->rin || !s->rout) {
		top_destroy(s);
		return NULL;
	}
	smax = 256u / rpw < cfg->warps ? 256u / rpw : cfg->warps;
	s->spw = smax > 1 ? 1u + rng_below(&s->rng, smax) : 1u;
	return s;
}

static void *base_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed, const char *sc)
{
	(void)sc;
	return top_create(cfg, m, seed, 0);
}

static void *share_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed, const char *sc)
{
	struct top_stim *s = top_create(cfg, m, seed, 1);

	if (s && strcmp(sc, "paired") == 0) {
		s->pair = calloc(1, sizeof *s->pair);
		if (!s->pair || cfg->warps > CTA_LIFE_MAXW || cfg->ctas > CTA_LIFE_MAXT) {
			top_destroy(s);
			return NULL;
		}
	}
	return s;
}

static void set(const struct top_stim *s, uint32_t *in, unsigned p, unsigned e, uint64_t v)
{
	bus_set(in, &s->m->ports[p], e, v);
}

/* One file address (slot q, index i) as the top's warp and register. */
static void unmap(const struct top_stim *s, unsigned q, unsigned i, unsigned *w, unsigned *r)
{
	unsigned spw = s->sharing ? 1u : s->spw;

	*w = q / spw;
	*r = q % spw * s->cfg->d.regs_per_warp + i;
}

/* rf_banked's requests of this cycle on the top's ports. */
static void drive_file(struct top_stim *s, uint64_t cycle, uint32_t *in)
{
	const struct port_desc *fp = s->rfd.ports;
	uint32_t words[64];

	memset(s->rin, 0, s->rfd.in_words * sizeof *s->rin);
	rf_banked_stim.drive(s->rs, cycle, s->rin);
	for (unsigned c = 0; c < s->cfg->collectors; c++) {
		unsigned w, r;

		unmap(s, (unsigned)bus_get(s->rin, &fp[RFB_RD_WARP_I], c), (unsigned)bus_get(s->rin, &fp[RFB_RD_REG_I], c),
		      &w, &r);
		set(s, in, SMT_RD_REQ_I, c, bus_get(s->rin, &fp[RFB_RD_REQ_I], c));
		set(s, in, SMT_RD_WARP_I, c, w);
		set(s, in, SMT_RD_REG_I, c, r);
	}
	for (unsigned p = 0; p < s->cfg->write_ports; p++) {
		unsigned w, r;

		unmap(s, (unsigned)bus_get(s->rin, &fp[RFB_WR_WARP_I], p), (unsigned)bus_get(s->rin, &fp[RFB_WR_REG_I], p),
		      &w, &r);
		set(s, in, SMT_WR_REQ_I, p, bus_get(s->rin, &fp[RFB_WR_REQ_I], p));
		set(s, in, SMT_WR_WARP_I, p, w);
		set(s, in, SMT_WR_REG_I, p, r);
		set(s, in, SMT_WR_MASK_I, p, bus_get(s->rin, &fp[RFB_WR_MASK_I], p));
		bus_get_words(s->rin, &fp[RFB_WR_DATA_I], p, words);
		bus_set_words(in, &s->m->ports[SMT_WR_DATA_I], p, words);
	}
}

/* DWE's probability (now and then a new one, 0, 1, past 1 or between,
 * the port's full range) and the LFSR seed (a new one per kernel start). */
static void drive_dwe(struct top_stim *s, uint32_t *in, int kernel_start)
{
	if (kernel_start)
		s->dwe_seed = (unsigned)rng_below(&s->dwe_rng, 1u << SHT_LFSR_BITS);
	if (rng_chance(&s->dwe_rng, 1))
		s->dwe_prob = (unsigned)rng_below(&s->dwe_rng, 1u << SHT_DWE_PROB_BITS);
	set(s, in, SHT_KERN_SEED_I, 0, s->dwe_seed);
	set(s, in, SHT_DWE_PROB_I, 0, s->dwe_prob);
}

/* sharing_top: the unshared kernel, its lock-table writes, random issues. */
static void drive_sharing(struct top_stim *s, uint64_t cycle, uint32_t *in)
{
	const struct gpurf_cfg *cfg = s->cfg;
	unsigned W = cfg->warps;

	set(s, in, SHT_KERN_START_I, 0, cycle == 0);
	set(s, in, SHT_KERN_REGS_I, 0, cfg->d.regs_per_warp);
	set(s, in, SHT_KERN_WPC_I, 0, W);
	set(s, in, SHT_KERN_G_I, 0, 1);
	drive_dwe(s, in, cycle == 0);
	if (cycle == 0) {	/* with the kernel start: the mapping holds from the first request */
		set(s, in, SHT_CEV_VALID_I, 0, 1);	/* slot 0 launches with every warp */
		for (unsigned w = 0; w < W; w++) {
			set(s, in, SHT_LW_VALID_I, w, 1);
			set(s, in, SHT_LW_K_I, w, w);
		}
	}
	for (unsigned k = 0; k < cfg->schedulers; k++) {
		unsigned w = k + cfg->schedulers * rng_below(&s->rng, (W - k + cfg->schedulers - 1u) / cfg->schedulers);

		if (!rng_chance(&s->rng, 30) || w >= W)
			continue;
		set(s, in, SHT_ISS_I, k, 1);
		set(s, in, SHT_ISS_WARP_I, k, w);
		set(s, in, SHT_ISS_SHARED_I, k, rng_chance(&s->rng, 50));
		set(s, in, SHT_ISS_SREG_I, k, rng_below(&s->rng, cfg->d.regs_per_warp));
	}
	for (unsigned w = 0; w < W; w++) {
		set(s, in, SHT_WARP_VALID_I, w, rng_chance(&s->rng, 80));
		set(s, in, SHT_WARP_SHARED_I, w, rng_chance(&s->rng, 30));
		set(s, in, SHT_WARP_MEM_I, w, rng_chance(&s->rng, 30));
	}
}

/* ---- sharing_top, scenario "paired" ---------------------------------------------- */

/* Warp w, as the stimulus launched it, is in a slot of a shared pair. */
static int pair_warp_paired(const struct pair_stim *p, unsigned w)
{
	unsigned role;

	return p->k.mode && p->wv[w] && sharing_pair_of(&p->k, p->wslot[w], &role) >= 0;
}

/* A new kernel's split: warps per CTA, the slots they fill, S pairs of
 * them, u private registers of the kernel's regs; now and then unshared. */
static void pair_new_kernel(struct top_stim *s)
{
	const struct gpurf_cfg *cfg = s->cfg;
	struct pair_stim *p = s->pair;
	unsigned W = cfg->warps, maxr = cfg->d.regs_per_warp, wpc, slots;

	if (cfg->sharing.max_regs_per_thread < maxr)
		maxr = cfg->sharing.max_regs_per_thread;
	wpc = W >= 2 ? 1u + rng_below(&s->rng, W / 2u) : 1u;
	slots = W / wpc < cfg->ctas ? W / wpc : cfg->ctas;
	p->k.mode = slots >= 2 && rng_chance(&s->rng, 85);
	p->k.pairs = p->k.mode ? 1u + rng_below(&s->rng, slots / 2u) : 0u;
	p->k.g = slots - p->k.pairs;
	p->k.wpc = wpc;
	p->k.regs = 1u + rng_below(&s->rng, maxr);
	p->k.u = rng_below(&s->rng, p->k.regs);
	cta_life_kernel(&p->life, W, cfg->ctas, wpc, slots);
	p->first = 1;
	p->run_left = 500u + rng_below(&s->rng, 4000u);
}

/* File requests from launched warps; registers two warps share take at
 * most one write port a cycle (no two ports write one register). */
static void pair_drive_file(struct top_stim *s, uint32_t *in)
{
	const struct gpurf_cfg *cfg = s->cfg;
	struct pair_stim *p = s->pair;
	unsigned run[CTA_LIFE_MAXW], n = 0, wr_w[16], wr_r[16], nw = 0, shared_wr = 0;
	uint32_t words[64];

	for (unsigned w = 0; w < p->life.W; w++)
		if (p->life.warp_run[w] && p->life.warp_born[w] < p->life.steps)
			run[n++] = w;
	if (!n)
		return;
	for (unsigned c = 0; c < cfg->collectors; c++) {
		if (!rng_chance(&s->rng, 40))
			continue;
		set(s, in, SMT_RD_REQ_I, c, 1);
		set(s, in, SMT_RD_WARP_I, c, run[rng_below(&s->rng, n)]);
		set(s, in, SMT_RD_REG_I, c, rng_below(&s->rng, p->k.regs));
	}
	for (unsigned q = 0; q < cfg->write_ports && q < 16; q++) {
		unsigned w = run[rng_below(&s->rng, n)], r = rng_below(&s->rng, p->k.regs), dup = 0;
		int sh = r >= p->k.u && pair_warp_paired(p, w);

		for (unsigned j = 0; j < nw; j++)
			dup |= wr_w[j] == w && wr_r[j] == r;
		if (!rng_chance(&s->rng, 30) || dup || (sh && shared_wr))
			continue;
		shared_wr |= (unsigned)sh;
		wr_w[nw] = w;
		wr_r[nw++] = r;
		set(s, in, SMT_WR_REQ_I, q, 1);
		set(s, in, SMT_WR_WARP_I, q, w);
		set(s, in, SMT_WR_REG_I, q, r);
		set(s, in, SMT_WR_MASK_I, q, rng_next(&s->rng));
		for (unsigned l = 0; l < cfg->lanes && l < 64; l++)
			words[l] = (uint32_t)rng_next(&s->rng);
		bus_set_words(in, &s->m->ports[SMT_WR_DATA_I], q, words);
	}
}

static void drive_paired(struct top_stim *s, uint32_t *in)
{
	const struct gpurf_cfg *cfg = s->cfg;
	struct pair_stim *p = s->pair;
	struct cta_life *life = &p->life;

	if (p->phase == PH_START)
		pair_new_kernel(s);
	set(s, in, SHT_KERN_START_I, 0, p->phase == PH_START);
	set(s, in, SHT_KERN_MODE_I, 0, p->k.mode);
	set(s, in, SHT_KERN_U_I, 0, p->k.u);
	set(s, in, SHT_KERN_REGS_I, 0, p->k.regs);
	set(s, in, SHT_KERN_WPC_I, 0, p->k.wpc);
	set(s, in, SHT_KERN_PAIRS_I, 0, p->k.pairs);
	set(s, in, SHT_KERN_G_I, 0, p->k.g);
	drive_dwe(s, in, p->phase == PH_START);
	switch (p->phase) {
	case PH_START:	/* the kernel start alone, as the SM holds it */
		p->phase = PH_RUN;
		return;
	case PH_RUN:
		cta_life_step(life, &s->rng, 1, 25, p->first ? 100 : 8);
		p->first = 0;
		if (--p->run_left == 0)
			p->phase = PH_DRAIN;
		break;
	case PH_DRAIN:
		cta_life_step(life, &s->rng, 15, 50, 0);
		if (cta_life_empty(life)) {
			p->phase = PH_QUIET;
			p->quiet = 0;
		}
		break;
	default:
		cta_life_step(life, &s->rng, 0, 0, 0);
		break;
	}
	for (unsigned j = 0; j < life->nev; j++) {
		set(s, in, SHT_CEV_VALID_I, j, 1);
		set(s, in, SHT_CEV_EXIT_I, j, life->ev[j].exit);
		set(s, in, SHT_CEV_SLOT_I, j, life->ev[j].slot);
	}
	for (unsigned w = 0; w < life->W; w++) {
		int valid = life->warp_run[w] && !life->warp_drained[w];

		if (life->joined >> w & 1u) {
			set(s, in, SHT_LW_VALID_I, w, 1);
			set(s, in, SHT_LW_SLOT_I, w, life->warp_slot[w]);
			set(s, in, SHT_LW_K_I, w, life->warp_k[w]);
		}
		set(s, in, SHT_DRAINED_I, w, life->drained >> w & 1u);
		set(s, in, SHT_WARP_VALID_I, w, (unsigned)valid);
		set(s, in, SHT_WARP_SHARED_I, w, valid && rng_chance(&s->rng, 40));
		set(s, in, SHT_WARP_MEM_I, w, valid && rng_chance(&s->rng, 30));
	}
	for (unsigned k = 0; k < cfg->schedulers; k++) {
		unsigned cand[CTA_LIFE_MAXW], n = 0, w;
		int sh;

		for (w = k; w < life->W; w += cfg->schedulers)
			if (cta_life_issuable(life, w))
				cand[n++] = w;
		if (!n || !rng_chance(&s->rng, 40))
			continue;
		w = cand[rng_below(&s->rng, n)];
		/* a paired warp names a shared register only when ok_o let it */
		sh = p->k.regs > p->k.u && rng_chance(&s->rng, 50) && (!pair_warp_paired(p, w) || p->ok[w]);
		set(s, in, SHT_ISS_I, k, 1);
		set(s, in, SHT_ISS_WARP_I, k, w);
		set(s, in, SHT_ISS_SHARED_I, k, (unsigned)sh);
		if (sh)
			set(s, in, SHT_ISS_SREG_I, k, p->k.u + rng_below(&s->rng, p->k.regs - p->k.u));
	}
	pair_drive_file(s, in);
}

/* paired_o against the launches the stimulus made; a warp not paired is
 * never held back; the queue drains once the CTAs left. */
static int observe_paired(struct top_stim *s, const uint32_t *in, const uint32_t *out, char *msg, size_t n)
{
	struct pair_stim *p = s->pair;
	const struct port_desc *mp = s->m->ports;
	unsigned lanes = sharing_top_lanes(s->cfg);

	for (unsigned w = 0; w < p->life.W; w++) {
		int want = pair_warp_paired(p, w), got = (int)bus_get(out, &mp[SHT_PAIRED_O], w);

		p->ok[w] = (uint8_t)bus_get(out, &mp[SHT_OK_O], w);
		if (got != want) {
			snprintf(msg, n, "paired_o[%u] = %d, but the warp %s", w, got,
				 !p->wv[w] ? "never joined a launch"
				 : want	   ? "joined a slot of a shared pair"
					   : "joined a slot of no shared pair");
			return -1;
		}
		if (!want && (!p->ok[w] || bus_get(out, &mp[SHT_WAIT_O], w) || !bus_get(out, &mp[SHT_ISSUABLE_O], w))) {
			snprintf(msg, n, "warp %u is in no shared pair but is held back (ok %u, wait %u, issuable %u)",
				 w, p->ok[w], (unsigned)bus_get(out, &mp[SHT_WAIT_O], w),
				 (unsigned)bus_get(out, &mp[SHT_ISSUABLE_O], w));
			return -1;
		}
	}
	/* a kernel start empties the warp table; the launches of this cycle
	 * reach it at the edge */
	if (bus_get(in, &mp[SHT_KERN_START_I], 0))
		memset(p->wv, 0, sizeof p->wv);
	for (unsigned w = 0; w < p->life.W; w++)
		if (p->life.joined >> w & 1u) {
			p->wv[w] = 1;
			p->wslot[w] = p->life.warp_slot[w];
		}
	if (p->phase == PH_QUIET && p->life.nev == 0) {	/* (not the last exit's cycle) */
		if (!bus_get(out, &mp[SHT_BUSY_O], 0)) {
			p->phase = PH_START;
		} else if (++p->quiet > lanes + 2u) {
			snprintf(msg, n, "busy_o still 1 %u cycles after the last CTA exit: the lock-table queue "
					 "(%u entries) does not drain", p->quiet, lanes);
			return -1;
		}
	}
	return 0;
}

static void top_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct top_stim *s = vs;

	if (s->pair) {
		drive_paired(s, in);
		return;
	}
	drive_file(s, cycle, in);
	if (s->sharing)
		drive_sharing(s, cycle, in);
	else
		set(s, in, BT_KERN_SLOTS_I, 0, s->spw);
}

/* The top's file outputs to rf_banked's scoreboard; an unshared kernel's
 * issue outputs are fixed (every warp may issue, none waits). */
static int top_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg, size_t n)
{
	struct top_stim *s = vs;
	static const unsigned fo[][2] = {{RFB_RD_GNT_O, SMT_RD_GNT_O}, {RFB_WR_GNT_O, SMT_WR_GNT_O},
					 {RFB_BANK_CONFLICT_O, SMT_BANK_CONFLICT_O}, {RFB_RD_VALID_O, SMT_RD_VALID_O},
					 {RFB_RD_DATA_O, SMT_RD_DATA_O}};

	if (s->pair)
		return observe_paired(s, in, out, msg, n);
	(void)in;
	memset(s->rout, 0, s->rfd.out_words * sizeof *s->rout);
	for (size_t i = 0; i < sizeof fo / sizeof fo[0]; i++)
		bus_copy(s->rout, &s->rfd.ports[fo[i][0]], out, &s->m->ports[fo[i][1]]);
	if (s->sharing)
		for (unsigned w = 0; w < s->cfg->warps; w++)
			if (!bus_get(out, &s->m->ports[SHT_OK_O], w) || bus_get(out, &s->m->ports[SHT_WAIT_O], w) ||
			    !bus_get(out, &s->m->ports[SHT_ISSUABLE_O], w)) {
				snprintf(msg, n, "warp %u: an unshared kernel's warp is held back", w);
				return -1;
			}
	return rf_banked_stim.observe(s->rs, cycle, s->rin, s->rout, msg, n);
}

const struct stim_ops baseline_top_stim = {
	"baseline_top", scenarios, base_create, top_drive, top_observe, top_destroy,
};

const struct stim_ops sharing_top_stim = {
	"sharing_top", share_scenarios, share_create, top_drive, top_observe, top_destroy,
};
