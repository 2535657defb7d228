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
 *     random issue checks and warp vectors on top.
 * The SM-driven co-simulation (make cosim-sm) checks the tops on real
 * kernels, shared pairs included. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "baseline_top_desc.h"
#include "rf_banked_desc.h"
#include "rng.h"
#include "sharing_top_desc.h"
#include "stim.h"

extern const struct stim_ops rf_banked_stim;

static const char *const scenarios[] = {"random", NULL};

struct top_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct module_desc rfd;
	void *rs;			/* rf_banked's stimulus */
	uint32_t *rin, *rout;		/* its buses */
	struct rng rng;
	unsigned spw;			/* baseline: warp slots per warp */
	int sharing;
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
	(void)sc;
	return top_create(cfg, m, seed, 1);
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

/* sharing_top: the unshared kernel, its lock-table writes, random issues. */
static void drive_sharing(struct top_stim *s, uint64_t cycle, uint32_t *in)
{
	const struct gpurf_cfg *cfg = s->cfg;
	unsigned W = cfg->warps;

	set(s, in, SHT_KERN_START_I, 0, cycle == 0);
	set(s, in, SHT_KERN_REGS_I, 0, cfg->d.regs_per_warp);
	set(s, in, SHT_KERN_WPC_I, 0, W);
	set(s, in, SHT_KERN_G_I, 0, 1);
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

static void top_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct top_stim *s = vs;

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
	"sharing_top", scenarios, share_create, top_drive, top_observe, top_destroy,
};
