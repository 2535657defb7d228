/* stim_rename_table.c: stimulus and scoreboard for RegVirt's renaming unit.
 *
 * The stimulus is a small SM around the unit (docs/regvirt.md, protocol):
 *   - a kernel launch sets N exempt registers, R registers per thread
 *     (R - N <= the table's capacity), M warps per CTA, C = M (R - N + 1)
 *     and C_b = M (ceil((R - N) / banks) + 1) (one register in transit per
 *     warp); the exempt region must leave each bank room for one CTA;
 *   - CTAs launch M warps (one wl per cycle); each warp runs a random
 *     program: instructions read registers it has written and not released
 *     (or exempt ones), set pir release bits on some reads, write a random
 *     register with a random lane mask; pbr-like instructions release 1-3
 *     renamed registers, mapped or not;
 *   - rename port p serves the warps w with w mod ports == p (one scheduler
 *     each); an instruction is held until ren_ready_o; when throttle_o is
 *     set only warps of throttle_cta_o are selected (Sec. 8.1);
 *   - every released register is freed through free_* 1..6 cycles after
 *     the renamed instruction appears (the operand collector's read);
 *   - a warp whose program ended and whose frees have all been returned
 *     exits (exit_* while no sweep runs);
 *   - the kernel is relaunched every few thousand cycles once idle.  With
 *     the global throttle check the bank constraint can deadlock (the
 *     paper's check counts registers, not banks): after a long stall the
 *     stimulus aborts with a kernel launch (counted; never with per_bank).
 *
 * Scoreboard, independent of the model:
 *   - data: what a warp wrote to an architected register (through the
 *     physical register the unit gave it) is what it reads until released;
 *   - no physical register is given twice, every new one lies in the home
 *     bank and outside the exempt region, write-in-place keeps the register;
 *   - free_cnt_o equals the free registers of the shadow (so availability
 *     bits equal unmapped registers and a warp exit frees everything);
 *   - repeated sources share one register and release once; exempt
 *     registers map to w ceil(N/banks) + r / banks of their home bank;
 *   - global check: throttle_o and throttle_cta_o follow from the shadow's
 *     per-CTA held counts (min C - k_i, free <= min + ports). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename_table_desc.h"
#include "rng.h"
#include "stim.h"

enum { LN = 2, MAXW = 64, MAXR = 256, MAXP = 4, QN = 4096, FREE = -1, PENDING = -2, EXEMPT = -3 };
enum warp_state { W_IDLE, W_LAUNCH, W_RUN, W_EXIT, W_SWEEP };

static const char *const scenarios[] = {"random", "matrixmul", "onebank", NULL};

struct ins {
	int valid;
	unsigned w;
	int src_v[RT_SRCS], rel[RT_SRCS], dst_v;
	unsigned src[RT_SRCS], dst;
	unsigned age;		/* cycles presented before this one */
};

struct warp {
	enum warp_state st;
	unsigned cta, left, pending;
	int busy;			/* an instruction of it sits in a port or in out_* */
	int spilling;			/* its sweep is a spill sweep: it runs on afterwards */
	int live[MAXR];			/* renamed register mapped (per the protocol) */
	unsigned pid[MAXR];
	uint32_t val[MAXR][LN];
	unsigned def[MAXR];
};

struct free_req {
	uint64_t due;
	unsigned pid, warp;
};

struct rt_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int directed;
	int onebank;	/* every renamed register in its warp's bank 0 */
	unsigned nb, np, nf, nw, bank_regs, idx_bits;
	/* kernel */
	unsigned n, r, mw, ex_rows;
	int launched, want_launch, draining;
	uint64_t next_relaunch, last_progress;
	unsigned aborts, kernels, spills;
	struct warp w[MAXW];
	int cta_used[128];
	unsigned cta_left[128];
	/* ports */
	struct ins cur[MAXP], done[MAXP];
	/* shadow of the physical file */
	int *owner;			/* [pid]: w * MAXR + r, FREE, PENDING, EXEMPT */
	uint32_t (*pdata)[LN];
	/* frees */
	struct free_req q[QN];
	unsigned qn;
	/* last observed outputs */
	int throttle, sweep_busy, exit_sent;
	unsigned throttle_cta, sweep_warp;
	uint64_t counts_checked;
};

static const struct port_desc *port(const struct rt_stim *s, enum rename_table_port p)
{
	return &s->m->ports[p];
}

static unsigned get(const struct rt_stim *s, const uint32_t *bus, enum rename_table_port p, unsigned e)
{
	return (unsigned)bus_get(bus, port(s, p), e);
}

static unsigned pid_of(const struct rt_stim *s, unsigned bank, unsigned idx)
{
	return bank << s->idx_bits | idx;
}

/* Home bank, computed here from the paper's rule (GPGPU-Sim's bank map). */
static unsigned home(const struct rt_stim *s, unsigned w, unsigned r)
{
	return (s->cfg->bank_map == BANK_MAP_REG_PLUS_WARP ? r + w : r) % s->nb;
}

static unsigned exempt_pid(const struct rt_stim *s, unsigned w, unsigned r)
{
	return pid_of(s, home(s, w, r), w * s->ex_rows + r / s->nb);
}

/* Worst case of one warp in one bank: its renamed registers there, plus one
 * in transit (an instruction that releases a source and allocates its
 * destination holds both until the operand read frees the source). */
static unsigned bank_need(const struct rt_stim *s)
{
	return (s->r - s->n + s->nb - 1) / s->nb + 1;
}

/* A new kernel: parameters that fit the table and leave room per bank. */
static void plan_kernel(struct rt_stim *s)
{
	const struct cfg_regvirt *rv = &s->cfg->regvirt;
	unsigned kcap = rv->d.kcap;

	for (int tries = 0; tries < 100; tries++) {
		unsigned n = rng_below(&s->rng, 3) == 0 ? rng_below(&s->rng, rv->arch_regs < 4 ? rv->arch_regs : 4) : 0;
		unsigned ex = (n + s->nb - 1) / s->nb, reserved = s->nw * ex;
		unsigned lo = n + 1, hi = n + kcap < rv->arch_regs ? n + kcap : rv->arch_regs;
		unsigned mw = 1 + rng_below(&s->rng, s->nw / s->cfg->ctas ? s->nw / s->cfg->ctas : 1);

		if (s->directed) {
			/* R1 exempt when the region fits (else renamed, never released) */
			n = s->nw * ((1 + s->nb - 1) / s->nb) < s->bank_regs ? 1 : 0;
			ex = (n + s->nb - 1) / s->nb;
			reserved = s->nw * ex;
			lo = hi = 4 <= rv->arch_regs ? 4 : rv->arch_regs;
			mw = 1;
		}
		if (lo > hi || reserved >= s->bank_regs)
			continue;
		s->n = n;
		s->r = lo + rng_below(&s->rng, hi - lo + 1);
		s->mw = mw;
		s->ex_rows = ex;
		/* One CTA's worst case (per warp and bank: its registers plus
		 * one in transit) must fit a bank's renamable part. */
		/* The per-bank check's guarantee needs the whole favoured CTA to
		 * fit; the global check is run at full pressure (and may stall). */
		while (s->mw > 1 && s->mw * bank_need(s) > s->bank_regs - reserved &&
		       s->cfg->regvirt.throttle == RV_THROTTLE_PER_BANK)
			s->mw--;
		while (s->r > lo && bank_need(s) > s->bank_regs - reserved)
			s->r--;
		if (bank_need(s) > s->bank_regs - reserved)
			continue;
		return;
	}
	s->n = 0;
	s->r = 1;
	s->mw = 1;
	s->ex_rows = 0;
}

static void reset_env(struct rt_stim *s)
{
	unsigned npid = s->nb << s->idx_bits;

	memset(s->w, 0, sizeof s->w);
	memset(s->cta_used, 0, sizeof s->cta_used);
	memset(s->cur, 0, sizeof s->cur);
	memset(s->done, 0, sizeof s->done);
	s->qn = 0;
	for (unsigned p = 0; p < npid; p++)
		s->owner[p] = FREE;
	s->throttle = s->sweep_busy = s->exit_sent = 0;
}

static void *rt_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			    const char *scenario)
{
	struct rt_stim *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->directed = strcmp(scenario, "matrixmul") == 0;
	s->onebank = strcmp(scenario, "onebank") == 0;
	s->nb = cfg->banks;
	s->np = cfg->regvirt.rename_ports;
	s->nf = cfg->regvirt.free_ports;
	s->nw = cfg->warps;
	s->bank_regs = cfg->regvirt.d.bank_regs;
	s->idx_bits = cfg->regvirt.d.idx_bits;
	if (s->nw > MAXW || cfg->regvirt.arch_regs > MAXR || s->np > MAXP)
		return NULL;
	s->owner = calloc((size_t)s->nb << s->idx_bits, sizeof *s->owner);
	s->pdata = calloc((size_t)s->nb << s->idx_bits, sizeof *s->pdata);
	if (!s->owner || !s->pdata)
		return NULL;
	reset_env(s);
	s->want_launch = 1;
	return s;
}

static void rt_stim_destroy(void *vs)
{
	struct rt_stim *s = vs;

	if (!s)
		return;
	fprintf(stderr, "stim: %s throttle check: %u of %u kernels aborted after a rename deadlock; "
		"%u spill sweeps\n", s->cfg->regvirt.throttle == RV_THROTTLE_GLOBAL ? "global" : "per_bank",
		s->aborts, s->kernels, s->spills);
	free(s->owner);
	free(s->pdata);
	free(s);
}

/* ---- instruction generation ----------------------------------------------- */

/* onebank: every renamed register of every warp lives in bank 0 (home bank
 * (r + w) mod banks), so both ports' lookups meet on bank 0's lanes every
 * cycle and bank 0 runs short of free registers: a rename stage stalls for
 * several cycles with results captured (the capture enable of the slot
 * results is observed only then: docs/testing.md). */
static void gen_onebank(struct rt_stim *s, unsigned w, struct ins *in)
{
	struct warp *wp = &s->w[w];
	unsigned cand[MAXR], nc = 0, any[MAXR], na = 0;

	for (unsigned r = s->n; r < s->r; r++) {
		if ((r + w) % s->nb)
			continue;
		any[na++] = r;
		if (wp->live[r])
			cand[nc++] = r;
	}
	for (unsigned i = 0; i < RT_SRCS && nc; i++) {
		if (!rng_chance(&s->rng, 80))
			continue;
		in->src_v[i] = 1;
		in->src[i] = cand[rng_below(&s->rng, nc)];
		in->rel[i] = rng_chance(&s->rng, 20);
	}
	if (na && rng_chance(&s->rng, 90)) {
		in->dst_v = 1;
		in->dst = any[rng_below(&s->rng, na)];
	}
}

static void gen_ins(struct rt_stim *s, unsigned w, struct ins *in)
{
	struct warp *wp = &s->w[w];
	unsigned cand[MAXR], nc = 0;

	memset(in, 0, sizeof *in);
	in->valid = 1;
	in->w = w;
	if (s->onebank) {
		gen_onebank(s, w, in);
		return;
	}
	if (rng_chance(&s->rng, 12) && s->r > s->n) {	/* pbr: release registers at a reconvergence point */
		unsigned k = 1 + rng_below(&s->rng, RT_SRCS);

		for (unsigned i = 0; i < k; i++) {
			in->src_v[i] = 1;
			in->src[i] = s->n + rng_below(&s->rng, s->r - s->n);
			in->rel[i] = 1;
		}
		return;
	}
	for (unsigned r = 0; r < s->r; r++)
		if (r < s->n || wp->live[r])
			cand[nc++] = r;
	for (unsigned i = 0; i < RT_SRCS && nc; i++) {
		if (!rng_chance(&s->rng, 60))
			continue;
		in->src_v[i] = 1;
		in->src[i] = cand[rng_below(&s->rng, nc)];
		in->rel[i] = in->src[i] >= s->n && rng_chance(&s->rng, 30);
	}
	if (rng_chance(&s->rng, 85)) {
		in->dst_v = 1;
		in->dst = rng_below(&s->rng, s->r);
	}
}

/* The matrixMul fragment of Fig. 3 for one warp, registers renumbered so
 * that R1 (live all kernel) is the exempt register 0: R0 -> 1, R3 -> 3,
 * R2 -> 2, R4 -> 2 (inputs).  Returns 0 at the end. */
static int gen_matrixmul(struct rt_stim *s, unsigned w, unsigned step, struct ins *in)
{
	/* {dst, src0, src1, src2, rel mask}; -1 = none.  Release bits follow
	 * the lifetimes the spec derives (Sec. 4 sanity test). */
	static const int prog[][5] = {
		{2, -1, -1, -1, 0},	/* the launch writes R2 / R4 (kernel inputs) */
		{0, 2, -1, -1, 0},	/* 0038 IADD   R1, g[0x7], R4     (R1 exempt) */
		{1, -1, -1, -1, 0},	/* 0088 MOV    R0, g[0x8] */
		{3, 2, 1, -1, 0},	/* 0090 IMUL   R3, R2L, R0H       R3 allocated */
		{3, 2, 1, 3, 0},	/* 00a8 IMAD   R3, R2L, R0L, R3   R3 in place */
		{1, 3, 1, -1, 1},	/* 0108 IADD   R0, R3, R0         R3 dies: released */
		{1, 0, 1, -1, 0},	/* 0120 IADD32 R0, R1, R0 */
		{1, 2, -1, -1, 0},	/* 0160 GLD    R0, [R4]           loop body */
		{-1, 1, -1, -1, 1},	/* 0168 R2G    g[..], R0          R0 dies */
		{1, 2, -1, -1, 0},	/* 0170 GLD    R0, [R2]           R0 re-allocated */
		{-1, 1, -1, -1, 1},	/* 0178 R2G    g[..], R0          R0 dies */
		{1, -1, -1, -1, 0},	/* 0300 MOV    R0, g[0x8] */
		{3, 2, 1, -1, 1},	/* 0308 IMUL   R3, R2L, R0H       R2 dies; R3 re-allocated */
		{1, 3, 1, -1, 1},	/* 0378 IADD32 R0, R3, R0         R3 dies */
		{1, 0, 1, -1, 0},	/* 037c IADD32 R0, R1, R0 */
	};
	const int *p;

	if (step >= sizeof prog / sizeof prog[0])
		return 0;
	p = prog[step];
	memset(in, 0, sizeof *in);
	in->valid = 1;
	in->w = w;
	for (unsigned i = 0; i < RT_SRCS; i++)
		if (p[1 + i] >= 0 && (unsigned)p[1 + i] < s->r) {
			in->src_v[i] = 1;
			in->src[i] = (unsigned)p[1 + i];
			in->rel[i] = p[4] >> i & 1;
		}
	if (step == 0)
		in->src_v[0] = 0;
	if (p[0] >= 0 && (unsigned)p[0] < s->r) {
		in->dst_v = 1;
		in->dst = (unsigned)p[0];
	}
	(void)s;
	return 1;
}

/* ---- drive -------------------------------------------------------------------- */

static int all_idle(const struct rt_stim *s)
{
	for (unsigned w = 0; w < s->nw; w++)
		if (s->w[w].st != W_IDLE)
			return 0;
	return s->qn == 0 && !s->sweep_busy;
}

static void drive_launches(struct rt_stim *s, uint32_t *in)
{
	const struct gpurf_cfg *cfg = s->cfg;

	if (s->want_launch && all_idle(s)) {
		plan_kernel(s);
		bus_set(in, port(s, RT_LAUNCH_I), 0, 1);
		bus_set(in, port(s, RT_LAUNCH_EXEMPT_I), 0, s->n);
		bus_set(in, port(s, RT_LAUNCH_DEMAND_I), 0, s->mw * (s->r - s->n + 1));
		bus_set(in, port(s, RT_LAUNCH_BANK_DEMAND_I), 0, s->mw * bank_need(s));
		return;
	}
	if (!s->launched)
		return;
	/* warp launch: the next warp of a CTA being launched, or a new CTA */
	for (unsigned w = 0; w < s->nw; w++)
		if (s->w[w].st == W_LAUNCH) {
			bus_set(in, port(s, RT_WL_VALID_I), 0, 1);
			bus_set(in, port(s, RT_WL_WARP_I), 0, w);
			bus_set(in, port(s, RT_WL_CTA_I), 0, s->w[w].cta);
			return;
		}
	if (s->draining)
		return;
	for (unsigned c = 0; c < cfg->ctas; c++) {
		unsigned freew = 0;

		if (s->cta_used[c])
			continue;
		for (unsigned w = 0; w < s->nw; w++)
			freew += s->w[w].st == W_IDLE;
		if (freew < s->mw || !rng_chance(&s->rng, 20))
			return;
		s->cta_used[c] = 1;
		s->cta_left[c] = s->mw;
		for (unsigned w = 0, k = 0; w < s->nw && k < s->mw; w++)
			if (s->w[w].st == W_IDLE) {
				memset(&s->w[w], 0, sizeof s->w[w]);
				s->w[w].st = W_LAUNCH;
				s->w[w].cta = c;
				s->w[w].left = s->directed ? 15 : 10 + rng_below(&s->rng, 60);
				k++;
			}
		return;
	}
}

static void rt_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct rt_stim *s = vs;

	if (s->launched && !s->draining && cycle >= s->next_relaunch) {
		s->draining = 1;
		s->want_launch = 1;
	}
	drive_launches(s, in);
	if (bus_get(in, port(s, RT_LAUNCH_I), 0))
		return;
	/* rename ports */
	for (unsigned p = 0; p < s->np; p++) {
		unsigned cand[MAXW], nc = 0;
		struct ins *c = &s->cur[p];

		if (!c->valid) {
			for (unsigned w = p; w < s->nw; w += s->np) {
				struct warp *wp = &s->w[w];

				if (wp->st != W_RUN || !wp->left || wp->busy)
					continue;
				if (s->throttle && wp->cta != s->throttle_cta)
					continue;
				cand[nc++] = w;
			}
			if (nc && rng_chance(&s->rng, 75)) {
				unsigned w = cand[rng_below(&s->rng, nc)];

				if (s->directed) {
					if (!gen_matrixmul(s, w, 15 - s->w[w].left, c))
						c->valid = 0;
				} else {
					gen_ins(s, w, c);
				}
				if (c->valid) {
					s->w[w].left--;
					s->w[w].busy = 1;
				}
			}
		}
		if (!c->valid)
			continue;
		bus_set(in, port(s, RT_REN_VALID_I), p, 1);
		bus_set(in, port(s, RT_REN_WARP_I), p, c->w);
		for (unsigned i = 0; i < RT_SRCS; i++) {
			bus_set(in, port(s, RT_REN_SRC_VALID_I), p * RT_SRCS + i, (uint64_t)c->src_v[i]);
			bus_set(in, port(s, RT_REN_SRC_I), p * RT_SRCS + i, c->src[i]);
			bus_set(in, port(s, RT_REN_REL_I), p * RT_SRCS + i, (uint64_t)c->rel[i]);
		}
		bus_set(in, port(s, RT_REN_DST_VALID_I), p, (uint64_t)c->dst_v);
		bus_set(in, port(s, RT_REN_DST_I), p, c->dst);
	}
	/* frees that are due */
	for (unsigned f = 0, i = 0; f < s->nf && i < s->qn; i++) {
		if (s->q[i].due > cycle)
			continue;
		bus_set(in, port(s, RT_FREE_VALID_I), f, 1);
		bus_set(in, port(s, RT_FREE_PID_I), f, s->q[i].pid);
		bus_set(in, port(s, RT_FREE_WARP_I), f, s->q[i].warp);
		f++;
	}
	/* one exit when no sweep runs */
	if (!s->sweep_busy && !s->exit_sent)
		for (unsigned w = 0; w < s->nw; w++) {
			struct warp *wp = &s->w[w];

			if (wp->st == W_RUN && !wp->left && !wp->busy && !wp->pending) {
				bus_set(in, port(s, RT_EXIT_VALID_I), 0, 1);
				bus_set(in, port(s, RT_EXIT_WARP_I), 0, w);
				break;
			}
		}
	/* now and then a spill sweep (Sec. 8.1) of a running warp with nothing
	 * in the table: its registers are unmapped and it runs on (its values
	 * are lost here: the shadow forgets them, so it reads them only after
	 * writing them again) */
	if (!s->directed && !s->sweep_busy && !s->exit_sent && !bus_get(in, port(s, RT_EXIT_VALID_I), 0) &&
	    rng_below(&s->rng, 40) == 0) {
		unsigned w0 = rng_below(&s->rng, s->nw);

		for (unsigned k = 0; k < s->nw; k++) {
			unsigned w = (w0 + k) % s->nw;
			struct warp *wp = &s->w[w];

			if (wp->st == W_RUN && wp->left && !wp->busy && !wp->pending) {
				bus_set(in, port(s, RT_EXIT_VALID_I), 0, 1);
				bus_set(in, port(s, RT_EXIT_WARP_I), 0, w);
				bus_set(in, port(s, RT_EXIT_SPILL_I), 0, 1);
				break;
			}
		}
	}
}

/* ---- observe -------------------------------------------------------------------- */

#define FAIL(...) do { snprintf(msg, msg_n, "scoreboard: " __VA_ARGS__); return -1; } while (0)

static int check_out(struct rt_stim *s, uint64_t cycle, unsigned p, const uint32_t *out, char *msg, size_t msg_n)
{
	const struct ins *in = &s->done[p];
	struct warp *wp = &s->w[in->w];
	unsigned w = in->w;

	if (get(s, out, RT_OUT_WARP_O, p) != w)
		FAIL("port %u out_warp_o %u, renamed warp %u", p, get(s, out, RT_OUT_WARP_O, p), w);
	for (unsigned i = 0; i < RT_SRCS; i++) {
		unsigned e = p * RT_SRCS + i, r = in->src[i];
		unsigned pid = get(s, out, RT_OUT_SRC_PID_O, e), mapped = get(s, out, RT_OUT_SRC_MAPPED_O, e);
		unsigned rel = get(s, out, RT_OUT_SRC_REL_O, e);
		int first = 1, want_rel = 0;

		if (!in->src_v[i]) {
			if (pid || mapped || rel)
				FAIL("port %u source %u absent but pid %u mapped %u rel %u", p, i, pid, mapped, rel);
			continue;
		}
		for (unsigned j = 0; j < i; j++)
			if (in->src_v[j] && in->src[j] == r)
				first = 0;
		for (unsigned j = i; j < RT_SRCS && first; j++)
			if (in->src_v[j] && in->src[j] == r && in->rel[j])
				want_rel = 1;
		if (r < s->n) {
			if (!mapped || rel || pid != exempt_pid(s, w, r))
				FAIL("warp %u exempt r%u: pid %u mapped %u rel %u, expected pid %u", w, r, pid, mapped, rel,
				     exempt_pid(s, w, r));
		} else if (!wp->live[r]) {
			if (mapped || rel)
				FAIL("warp %u r%u is not mapped but mapped=%u rel=%u (pid %u)", w, r, mapped, rel, pid);
			continue;
		} else if (!mapped || pid != wp->pid[r] || rel != (unsigned)want_rel) {
			FAIL("warp %u r%u (slot %u): pid %u mapped %u rel %u, expected pid %u mapped 1 rel %d", w, r, i,
			     pid, mapped, rel, wp->pid[r], want_rel);
		}
		/* data round trip */
		for (unsigned l = 0; l < LN; l++)
			if ((wp->def[r] >> l & 1u) && s->pdata[pid][l] != wp->val[r][l])
				FAIL("data: warp %u r%u lane %u reads 0x%08x from pid %u, wrote 0x%08x", w, r, l,
				     s->pdata[pid][l], pid, wp->val[r][l]);
	}
	/* releases: unmapped now, freed after the collector's read */
	for (unsigned i = 0; i < RT_SRCS; i++) {
		unsigned e = p * RT_SRCS + i, r = in->src[i];

		if (!get(s, out, RT_OUT_SRC_REL_O, e))
			continue;
		if (s->qn == QN)
			FAIL("free queue overflow");
		s->owner[wp->pid[r]] = PENDING;
		s->q[s->qn++] = (struct free_req){cycle + 1 + rng_below(&s->rng, 6), wp->pid[r], w};
		wp->live[r] = 0;
		wp->def[r] = 0;
		wp->pending++;
	}
	if (in->dst_v) {
		unsigned r = in->dst, pid = get(s, out, RT_OUT_DST_PID_O, p), fresh = get(s, out, RT_OUT_DST_NEW_O, p);
		unsigned mask = rng_chance(&s->rng, 60) ? (1u << LN) - 1u : (unsigned)rng_below(&s->rng, 1u << LN);

		if (r < s->n) {
			if (fresh || pid != exempt_pid(s, w, r))
				FAIL("warp %u exempt dst r%u: pid %u new %u, expected pid %u", w, r, pid, fresh, exempt_pid(s, w, r));
		} else if (wp->live[r]) {
			if (fresh || pid != wp->pid[r])
				FAIL("warp %u dst r%u is mapped to %u: must write in place, got pid %u new %u", w, r,
				     wp->pid[r], pid, fresh);
		} else {
			if (!fresh)
				FAIL("warp %u dst r%u unmapped but not newly allocated (pid %u)", w, r, pid);
			if (pid >> s->idx_bits != home(s, w, r))
				FAIL("bank constraint: warp %u r%u got pid %u in bank %u, home bank %u", w, r, pid,
				     pid >> s->idx_bits, home(s, w, r));
			if (s->owner[pid] != FREE)
				FAIL("pid %u allocated to warp %u r%u but held (%d)", pid, w, r, s->owner[pid]);
			s->owner[pid] = (int)(w * MAXR + r);
			wp->live[r] = 1;
			wp->pid[r] = pid;
			wp->def[r] = 0;
		}
		if (!fresh && get(s, out, RT_OUT_DST_WAKE_O, p))
			FAIL("out_dst_wake_o without an allocation");
		for (unsigned l = 0; l < LN; l++)
			if (mask >> l & 1u) {
				uint32_t v = (uint32_t)rng_next(&s->rng);

				s->pdata[pid][l] = v;
				wp->val[r][l] = v;
			}
		wp->def[r] |= mask;
	}
	wp->busy = 0;
	return 0;
}

static int check_counts(struct rt_stim *s, const uint32_t *out, char *msg, size_t msg_n)
{
	const struct gpurf_cfg *cfg = s->cfg;
	unsigned held[128] = {0}, avail = 0, best = 0, arg = 0;
	int found = 0;

	for (unsigned b = 0; b < s->nb; b++) {
		unsigned n = 0;

		for (unsigned i = 0; i < s->bank_regs; i++) {
			int o = s->owner[pid_of(s, b, i)];

			n += o == FREE;
			if (o >= 0)
				held[s->w[o / MAXR].cta]++;
		}
		if (get(s, out, RT_FREE_CNT_O, b) != n)
			FAIL("free_cnt_o[%u] = %u, the shadow has %u free registers in bank %u", b,
			     get(s, out, RT_FREE_CNT_O, b), n, b);
		avail += n;
	}
	for (unsigned i = 0; i < s->qn; i++)
		held[s->w[s->q[i].warp].cta]++;
	if (cfg->regvirt.throttle != RV_THROTTLE_GLOBAL)
		return 0;
	for (unsigned c = 0; c < cfg->ctas; c++) {
		unsigned need, demand = s->mw * (s->r - s->n + 1);
		int res = 0;

		for (unsigned w = 0; w < s->nw; w++)
			res |= s->w[w].cta == c && s->w[w].st >= W_RUN;
		if (!res)
			continue;
		need = demand > held[c] ? demand - held[c] : 0;
		if (!found || need < best)
			best = need, arg = c;
		found = 1;
	}
	if (get(s, out, RT_THROTTLE_O, 0) != (unsigned)(found && avail <= best + s->np) ||
	    get(s, out, RT_THROTTLE_CTA_O, 0) != arg)
		FAIL("throttle_o %u cta %u, expected %d cta %u (free %u, min need %u)", get(s, out, RT_THROTTLE_O, 0),
		     get(s, out, RT_THROTTLE_CTA_O, 0), found && avail <= best + s->np, arg, avail, best);
	return 0;
}

static int rt_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			   size_t msg_n)
{
	struct rt_stim *s = vs;
	int was_sweeping = s->sweep_busy, held = 0;

	/* A destination may be allocated in a cycle before its instruction
	 * completes; the shadow learns of it on out_*, so the counts are
	 * compared only when no port held an unfinished instruction. */
	for (unsigned p = 0; p < s->np; p++)
		held |= s->cur[p].valid && s->cur[p].age > 0;
	/* 1. renamed instructions of the last cycle */
	for (unsigned p = 0; p < s->np; p++)
		if (get(s, out, RT_OUT_VALID_O, p) && check_out(s, cycle, p, out, msg, msg_n))
			return -1;
	s->sweep_busy = (int)get(s, out, RT_SWEEP_BUSY_O, 0);
	/* 2. a finished sweep ends the warp (its registers were handed back
	 * when the exit was accepted: the sweep frees them row by row while
	 * other warps rename, so any of them may be allocated again meanwhile) */
	if (was_sweeping && !s->sweep_busy) {
		struct warp *wp = &s->w[s->sweep_warp];

		if (wp->spilling) {
			wp->spilling = 0;
			wp->st = W_RUN;		/* a spill keeps the warp and its CTA */
		} else {
			wp->st = W_IDLE;
			if (--s->cta_left[wp->cta] == 0)
				s->cta_used[wp->cta] = 0;
		}
	}
	if (!s->sweep_busy && !held && check_counts(s, out, msg, msg_n))
		return -1;
	s->counts_checked += !s->sweep_busy && !held;
	s->throttle = (int)get(s, out, RT_THROTTLE_O, 0);
	s->throttle_cta = get(s, out, RT_THROTTLE_CTA_O, 0);
	/* 3. this cycle's inputs take effect at the edge */
	if (get(s, in, RT_LAUNCH_I, 0)) {
		reset_env(s);
		for (unsigned b = 0; b < s->nb; b++)
			for (unsigned i = 0; i < s->nw * s->ex_rows && i < s->bank_regs; i++)
				s->owner[pid_of(s, b, i)] = EXEMPT;
		s->launched = 1;
		s->kernels++;
		s->want_launch = s->draining = 0;
		s->next_relaunch = cycle + 3000 + rng_below(&s->rng, 6000);
		s->last_progress = cycle;
		return 0;
	}
	for (unsigned p = 0; p < s->np; p++)
		if (get(s, out, RT_REN_READY_O, p)) {
			if (!s->cur[p].valid)
				FAIL("ren_ready_o[%u] without an instruction", p);
			s->done[p] = s->cur[p];
			s->cur[p].valid = 0;
			s->last_progress = cycle;
		}
	for (unsigned f = 0; f < s->nf; f++) {
		unsigned pid;

		if (!get(s, in, RT_FREE_VALID_I, f))
			continue;
		pid = get(s, in, RT_FREE_PID_I, f);
		for (unsigned i = 0; i < s->qn; i++)
			if (s->q[i].pid == pid) {
				s->w[s->q[i].warp].pending--;
				s->q[i] = s->q[--s->qn];
				break;
			}
		s->owner[pid] = FREE;
	}
	for (unsigned p = 0; p < s->np; p++)
		s->cur[p].age += s->cur[p].valid;
	s->exit_sent = 0;
	if (get(s, in, RT_EXIT_VALID_I, 0) && !was_sweeping) {
		struct warp *wp;

		s->sweep_warp = get(s, in, RT_EXIT_WARP_I, 0);
		wp = &s->w[s->sweep_warp];
		wp->st = W_SWEEP;
		wp->spilling = (int)get(s, in, RT_EXIT_SPILL_I, 0);
		s->spills += (unsigned)wp->spilling;
		for (unsigned r = s->n; r < s->r; r++)
			if (wp->live[r]) {
				s->owner[wp->pid[r]] = FREE;
				if (wp->spilling)
					wp->live[r] = 0;
			}
		s->exit_sent = 1;
		s->sweep_busy = 1;
	}
	if (get(s, in, RT_WL_VALID_I, 0))
		s->w[get(s, in, RT_WL_WARP_I, 0)].st = W_RUN;
	/* a stall with work presented: the global check's bank deadlock */
	if (cycle - s->last_progress > 3000) {
		int presented = 0;

		for (unsigned p = 0; p < s->np; p++)
			presented |= s->cur[p].valid;
		if (presented && s->cfg->regvirt.throttle == RV_THROTTLE_PER_BANK)
			FAIL("no instruction renamed for 3000 cycles under the per-bank throttle (deadlock)");
		if (presented) {
			s->aborts++;
			fprintf(stderr, "stim: cycle %llu: rename stalled for 3000 cycles (global check, bank "
					"constraint); aborting kernel %u (%u aborted so far)\n",
				(unsigned long long)cycle, s->kernels, s->aborts);
			for (unsigned w = 0; w < s->nw; w++)
				s->w[w].st = W_IDLE;
			s->qn = 0;
			s->sweep_busy = 0;
			s->want_launch = 1;
		}
		s->last_progress = cycle;
	}
	return 0;
}

const struct stim_ops rename_table_stim = {
	"rename_table", scenarios, rt_stim_create, rt_stim_drive, rt_stim_observe, rt_stim_destroy,
};
