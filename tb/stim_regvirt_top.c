/* stim_regvirt_top.c: stimulus and scoreboard for regvirt_top, the RegVirt
 * register-file subsystem (common/regvirt_top_desc.h), above all its rename
 * queue.
 *
 * The stimulus plays the SM around it (docs/regvirt.md, "regvirt_top"):
 *   - one kernel launch at cycle 0: N exempt registers (a row per bank per
 *     warp, or none when that leaves no room for a CTA), R - N renamed ones
 *     (at most the table's capacity, and a CTA's bank demand must fit),
 *     warps per CTA = table warps / CTA slots, the SM's demands;
 *   - CTAs launch on the event lanes while free_slots_o says a slot is
 *     free (the top picks the slot, cev_slot_o); each warp runs a random
 *     program: instructions of a warp of a CTA the throttle
 *     does not suspend (its warp launch may still be on its way to the
 *     table): 3 sources (exempt or renamed, some with release bits) and a
 *     destination in one chunk, or a pbr of 1..6 registers, 3 per chunk;
 *     one instruction per issue port, or in a fifth of the cycles as many
 *     as the push lanes take (bursts); its chunks go on the push lanes
 *     while the queue has room for them (rq_count_o), and in half of the
 *     bursts regardless, so that the queue drops what does not fit;
 *   - every register a renamed chunk releases (out_src_rel_o of a mapped
 *     source) is freed 1..6 cycles later on a free port (free_pending_i
 *     for its warp until then); a CTA whose warps have finished their
 *     programs exits (one event);
 *   - issue-port flag traffic and register-file requests by physical
 *     register are random (the units have their own scoreboards): writes
 *     of every lane, reads only of registers written (X initialisation).
 * Scoreboard, independent of the model:
 *   - rq_count_o follows the queue's arithmetic: the count less the chunks
 *     the ports took (ren_valid_o of a port that held none) plus the lanes
 *     pushed, at most rename_queue; the pushes beyond it are lost;
 *   - every renamed result (out_valid_o) belongs to a warp with a chunk
 *     sent and not yet renamed, and a source is released only where its
 *     chunk asked for it;
 *   - a warp's exit sweep (launched_o falling) waits until its chunks are
 *     renamed and its frees returned.
 * Scenario "deep": every cycle a burst within the queue's room, and most
 * instructions from one "hot" warp. A port takes at most one chunk of a
 * warp per cycle, so the hot warp's chunks pile up at the queue's head and
 * other warps' chunks queue behind them: the eligible-entry count of the
 * port selection (ec_k) is exercised deep in the queue, past entry 4,
 * which the random bursts rarely reach. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regvirt_top_desc.h"
#include "rng.h"
#include "stim.h"

enum { MAXT = 64, MAXW = 256, MAXP = 4, MAXC = 64, MAXF = 4096, PBR_MAX = 6, MAXWORDS = 64 };

static const char *const scenarios[] = {"random", "deep", NULL};

/* A chunk sent and not yet renamed: which sources may be released. */
struct sent {
	unsigned rel;			/* bit s: source s asked for release */
};

struct wstate {
	unsigned left;			/* instructions still to issue */
	struct sent q[MAXC * 4];	/* chunks sent, oldest at head */
	unsigned head, n;
	unsigned frees;			/* frees pending */
};

struct free_req {
	uint64_t due;
	unsigned pid, tw;
};

struct rvt_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	unsigned T, W, wpc, np, nf, L, Q, nb, ip, nc, nwp, R, N, phys;
	unsigned pbr_max;		/* a pbr's registers: at most 6, and as many chunks as lanes */
	/* CTA slots as the SM sees them: 0 free, 1 launch sent, 2 live, 3 exit sent */
	uint8_t slot_st[MAXT];
	unsigned launches_sent;		/* launch events driven this cycle */
	unsigned free_slots;		/* free_slots_o of the last cycle */
	uint8_t launched[MAXW];		/* launched_o of the last cycle */
	uint8_t susp[MAXT];		/* cta_susp_o of the last cycle */
	struct wstate w[MAXW];
	struct free_req f[MAXF];
	unsigned nfr;
	/* the queue arithmetic */
	unsigned cnt;
	uint8_t held[MAXP];
	/* physical registers written (a granted write of every lane): the only
	 * ones read, so that X-initialised storage is never shown */
	uint8_t written[1u << 12];
	unsigned nwritten, wlist[1u << 12];
	/* this cycle's pushes: their warps and release bits */
	unsigned npush, push_w[MAXC];
	struct sent push_s[MAXC];
	int deep;			/* scenario "deep" */
	unsigned hot;			/* its hot warp */
};

static void stim_destroy(void *vs)
{
	free(vs);
}

static void set(const struct rvt_stim *s, uint32_t *bus, enum regvirt_top_port p, unsigned e, uint64_t v)
{
	bus_set(bus, &s->m->ports[p], e, v);
}

static uint64_t get(const struct rvt_stim *s, const uint32_t *bus, enum regvirt_top_port p, unsigned e)
{
	return bus_get(bus, &s->m->ports[p], e);
}

/* The kernel's split: N exempt registers (one table row per warp in every
 * bank, or none) and R - N renamed ones such that one CTA's bank demand
 * fits the rows the exempt region leaves. */
static int pick_split(struct rvt_stim *s)
{
	const struct cfg_regvirt *rv = &s->cfg->regvirt;
	unsigned tries[2] = {s->nb, 0};

	for (unsigned t = 0; t < 2; t++) {
		unsigned n = tries[t], room, rr;

		if (n >= rv->arch_regs || s->W * rt_exempt_rows(s->cfg, n) > rv->d.bank_regs)
			continue;
		room = rv->d.bank_regs - s->W * rt_exempt_rows(s->cfg, n);
		for (rr = rv->d.kcap < rv->arch_regs - n ? rv->d.kcap : rv->arch_regs - n; rr > 0; rr--)
			if (s->wpc * ((rr + s->nb - 1) / s->nb + 1) <= room && s->wpc * (rr + 1) <= rv->d.phys_regs)
				break;
		if (rr) {
			s->N = n;
			s->R = n + rr;
			return 0;
		}
	}
	return -1;
}

static void *stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			 const char *scenario)
{
	struct rvt_stim *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->deep = scenario && !strcmp(scenario, "deep");
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->T = cfg->ctas;
	s->W = cfg->warps;
	s->wpc = s->W / s->T ? s->W / s->T : 1;
	s->np = cfg->regvirt.rename_ports;
	s->nf = cfg->regvirt.free_ports;
	s->L = cfg->regvirt.rename_lanes;
	s->Q = cfg->regvirt.rename_queue;
	s->nb = cfg->banks;
	s->ip = regvirt_top_issue_ports(cfg);
	s->nc = cfg->collectors;
	s->nwp = cfg->write_ports;
	s->phys = cfg->regvirt.d.phys_regs;
	s->pbr_max = RT_SRCS * s->L < PBR_MAX ? RT_SRCS * s->L : PBR_MAX;
	if (s->T > MAXT || s->W > MAXW || s->np > MAXP || s->L > MAXC || s->phys > sizeof s->written ||
	    m->ports[RVT_WR_DATA_I].elem_width > 32u * MAXWORDS || pick_split(s)) {
		fprintf(stderr, "stim_regvirt_top: configuration out of the stimulus' range\n");
		free(s);
		return NULL;
	}
	return s;
}

/* Up to 3 random registers of the warp's split (renamed ones when
 * renamed_only) as one chunk's sources, distinct. */
static unsigned pick_regs(struct rvt_stim *s, unsigned n, int renamed_only, unsigned *reg)
{
	unsigned lo = renamed_only ? s->N : 0, k = 0;

	for (unsigned i = 0; i < n; i++) {
		unsigned r = lo + rng_below(&s->rng, s->R - lo);
		int dup = 0;

		for (unsigned j = 0; j < k; j++)
			dup |= reg[j] == r;
		if (!dup)
			reg[k++] = r;
	}
	return k;
}

/* One chunk on the next push lane. */
static void push(struct rvt_stim *s, uint32_t *in, unsigned tw, unsigned nsrc, const unsigned *src,
		 const unsigned *rel, int dst, unsigned dreg)
{
	unsigned l = s->npush++;

	set(s, in, RVT_PUSH_VALID_I, l, 1);
	set(s, in, RVT_PUSH_WARP_I, l, tw);
	s->push_w[l] = tw;
	s->push_s[l].rel = 0;
	for (unsigned k = 0; k < nsrc; k++) {
		set(s, in, RVT_PUSH_SRC_VALID_I, l * RT_SRCS + k, 1);
		set(s, in, RVT_PUSH_SRC_I, l * RT_SRCS + k, src[k]);
		set(s, in, RVT_PUSH_REL_I, l * RT_SRCS + k, rel[k]);
		s->push_s[l].rel |= rel[k] << k;
	}
	if (dst) {
		set(s, in, RVT_PUSH_DST_VALID_I, l, 1);
		set(s, in, RVT_PUSH_DST_I, l, dreg);
	}
}

/* One instruction of warp tw: a pbr (1..6 renamed registers released, 3
 * per chunk) or an ordinary one (a chunk of up to 3 sources and a
 * destination; a source it also writes is not released). */
static void issue(struct rvt_stim *s, uint32_t *in, unsigned tw)
{
	unsigned reg[PBR_MAX], rel[RT_SRCS], n;

	if (rng_chance(&s->rng, 10)) {
		n = pick_regs(s, 1 + rng_below(&s->rng, s->pbr_max), 1, reg);
		for (unsigned i = 0; i < n; i += RT_SRCS) {
			unsigned k = n - i < RT_SRCS ? n - i : RT_SRCS;

			for (unsigned j = 0; j < k; j++)
				rel[j] = 1;
			push(s, in, tw, k, reg + i, rel, 0, 0);
		}
		return;
	}
	{
		int dst = rng_chance(&s->rng, 70);
		unsigned dreg = s->N + rng_below(&s->rng, s->R - s->N);

		n = pick_regs(s, rng_below(&s->rng, RT_SRCS + 1), 0, reg);
		for (unsigned j = 0; j < n; j++)
			rel[j] = reg[j] >= s->N && !(dst && reg[j] == dreg) && rng_chance(&s->rng, 30);
		if (!n && !dst)
			dst = 1;
		push(s, in, tw, n, reg, rel, dst, dreg);
	}
}

/* The most chunks one instruction adds: a pbr of pbr_max registers. */
static unsigned chunks_max(const struct rvt_stim *s)
{
	return (s->pbr_max + RT_SRCS - 1) / RT_SRCS;
}

/* CTA events: exits of the slots whose warps are done, launches while a
 * slot is free. */
static void drive_ctas(struct rvt_stim *s, uint32_t *in)
{
	unsigned lane = 0, room = s->free_slots;

	s->launches_sent = 0;
	for (unsigned ct = 0; ct < s->T && lane < s->T; ct++) {
		int done = s->slot_st[ct] == 2;

		for (unsigned k = 0; k < s->wpc && done; k++)
			done = s->w[ct * s->wpc + k].left == 0 && s->launched[ct * s->wpc + k];
		if (!done)
			continue;
		set(s, in, RVT_CEV_VALID_I, lane, 1);
		set(s, in, RVT_CEV_EXIT_I, lane, 1);
		set(s, in, RVT_CEV_SLOT_I, lane++, ct);
		s->slot_st[ct] = 3;
	}
	while (lane < s->T && room && rng_chance(&s->rng, 30)) {
		set(s, in, RVT_CEV_VALID_I, lane++, 1);
		room--;
		s->launches_sent++;
	}
}

static void stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct rvt_stim *s = vs;
	unsigned nfree = 0, room = s->Q - s->cnt;
	uint32_t data[MAXWORDS];
	int burst = s->deep || rng_chance(&s->rng, 20), ignore_gate = !s->deep && burst && rng_chance(&s->rng, 50);
	unsigned tries = burst ? s->L : s->ip;

	s->npush = 0;
	if (cycle == 0) {
		set(s, in, RVT_LAUNCH_I, 0, 1);
		set(s, in, RVT_LAUNCH_WPC_I, 0, s->wpc);
		set(s, in, RVT_LAUNCH_EXEMPT_I, 0, s->N);
		set(s, in, RVT_LAUNCH_DEMAND_I, 0, (uint64_t)s->wpc * (s->R - s->N + 1));
		set(s, in, RVT_LAUNCH_BANK_DEMAND_I, 0, (uint64_t)s->wpc * ((s->R - s->N + s->nb - 1) / s->nb + 1));
		return;
	}
	drive_ctas(s, in);
	/* issue: instructions of random warps of live CTAs (their warp launch
	 * may not have reached the table yet: its chunks wait in the queue) */
	for (unsigned k = 0; k < tries; k++) {
		unsigned tw = rng_below(&s->rng, s->T * s->wpc), ct;

		if (s->deep) {
			unsigned hc = s->hot / s->wpc;

			if (s->slot_st[hc] != 2 || !s->w[s->hot].left || rng_chance(&s->rng, 2))
				s->hot = tw;
			else if (rng_chance(&s->rng, 70))
				tw = s->hot;
		}
		ct = tw / s->wpc;
		if (s->slot_st[ct] != 2 || s->susp[ct] || !s->w[tw].left)
			continue;
		if (s->npush + chunks_max(s) > s->L || (!ignore_gate && s->npush + chunks_max(s) > room))
			continue;
		if (s->w[tw].n + chunks_max(s) > sizeof s->w[tw].q / sizeof s->w[tw].q[0])
			continue;
		issue(s, in, tw);
		s->w[tw].left--;
	}
	for (unsigned k = 0; k < s->ip; k++) {
		if (!rng_chance(&s->rng, 40))
			continue;
		set(s, in, RVT_ISS_PIR_I, k, 1);
		set(s, in, RVT_ISS_STARTS_I, k, rng_chance(&s->rng, 30));
		set(s, in, RVT_ISS_PC_I, k, rng_below(&s->rng, 16) * 8u);
		set(s, in, RVT_ISS_SLOT_I, k, rng_below(&s->rng, 20));
		set(s, in, RVT_ISS_PAYLOAD_I, k, rng_next(&s->rng));
		set(s, in, RVT_ISS_REL_I, k, rng_below(&s->rng, 8));
	}
	/* frees that are due, oldest first */
	for (unsigned i = 0; i < s->nfr && nfree < s->nf;) {
		if (s->f[i].due > cycle) {
			i++;
			continue;
		}
		set(s, in, RVT_FREE_VALID_I, nfree, 1);
		set(s, in, RVT_FREE_PID_I, nfree, s->f[i].pid);
		set(s, in, RVT_FREE_WARP_I, nfree++, s->f[i].tw);
		s->w[s->f[i].tw].frees--;
		s->f[i] = s->f[--s->nfr];
	}
	for (unsigned w = 0; w < s->W; w++)
		if (s->w[w].frees)
			set(s, in, RVT_FREE_PENDING_I, w, 1);
	/* the file: random requests by physical register, reads of written ones */
	for (unsigned c = 0; c < s->nc; c++)
		if (s->nwritten && rng_chance(&s->rng, 30)) {
			set(s, in, RVT_RD_REQ_I, c, 1);
			set(s, in, RVT_RD_PID_I, c, s->wlist[rng_below(&s->rng, s->nwritten)]);
		}
	for (unsigned p = 0; p < s->nwp; p++)
		if (rng_chance(&s->rng, 30)) {
			const struct port_desc *d = &s->m->ports[RVT_WR_DATA_I];

			set(s, in, RVT_WR_REQ_I, p, 1);
			set(s, in, RVT_WR_PID_I, p, rt_pid(s->cfg, rng_below(&s->rng, s->nb),
							      rng_below(&s->rng, s->cfg->regvirt.d.bank_regs)));
			set(s, in, RVT_WR_MASK_I, p, ~UINT64_C(0));
			for (unsigned i = 0; i < (d->elem_width + 31u) / 32u && i < MAXWORDS; i++)
				data[i] = (uint32_t)rng_next(&s->rng);
			bus_set_words(in, d, p, data);
		}
}

/* The renamed results: each belongs to its warp's oldest chunk sent; its
 * released sources are freed later. */
static int observe_renamed(struct rvt_stim *s, uint64_t cycle, const uint32_t *out, char *msg, size_t n)
{
	for (unsigned p = 0; p < s->np; p++) {
		unsigned tw = (unsigned)get(s, out, RVT_OUT_WARP_O, p);
		struct wstate *w;
		struct sent c;

		if (!get(s, out, RVT_OUT_VALID_O, p))
			continue;
		w = &s->w[tw % MAXW];
		if (tw >= s->W || !w->n)
			return snprintf(msg, n, "port %u renamed a chunk of warp %u, which has none sent", p, tw), -1;
		c = w->q[w->head];
		w->head = (w->head + 1) % (sizeof w->q / sizeof w->q[0]);
		w->n--;
		for (unsigned k = 0; k < RT_SRCS; k++) {
			int rel = get(s, out, RVT_OUT_SRC_REL_O, p * RT_SRCS + k) &&
				  get(s, out, RVT_OUT_SRC_MAPPED_O, p * RT_SRCS + k);

			if (!rel)
				continue;
			if (!(c.rel >> k & 1))
				return snprintf(msg, n, "port %u: warp %u's source %u released, its chunk did not ask", p,
						tw, k), -1;
			if (s->nfr == MAXF)
				return snprintf(msg, n, "too many frees pending"), -1;
			s->f[s->nfr++] = (struct free_req){cycle + 1 + rng_below(&s->rng, 6),
							   (unsigned)get(s, out, RVT_OUT_SRC_PID_O, p * RT_SRCS + k), tw};
			w->frees++;
		}
	}
	return 0;
}

/* The queue's count: less the chunks the ports took, plus the lanes pushed,
 * at most rename_queue; the lanes past it are lost. */
static int observe_queue(struct rvt_stim *s, const uint32_t *out, char *msg, size_t n)
{
	unsigned taken = 0, cnt;

	if ((cnt = (unsigned)get(s, out, RVT_RQ_COUNT_O, 0)) != s->cnt)
		return snprintf(msg, n, "rq_count_o = %u, expected %u", cnt, s->cnt), -1;
	for (unsigned p = 0; p < s->np; p++) {
		int v = (int)get(s, out, RVT_REN_VALID_O, p);

		taken += v && !s->held[p];
		s->held[p] = (uint8_t)(v && !get(s, out, RVT_REN_READY_O, p));
	}
	if (taken > s->cnt)
		return snprintf(msg, n, "%u chunks entered the ports from a queue of %u", taken, s->cnt), -1;
	s->cnt -= taken;
	for (unsigned l = 0; l < s->npush; l++) {
		struct wstate *w = &s->w[s->push_w[l]];

		if (s->cnt == s->Q)
			break;	/* lost: the queue is full */
		s->cnt++;
		w->q[(w->head + w->n++) % (sizeof w->q / sizeof w->q[0])] = s->push_s[l];
	}
	return 0;
}

static int stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			size_t msg_n)
{
	struct rvt_stim *s = vs;
	if (observe_renamed(s, cycle, out, msg, msg_n) || observe_queue(s, out, msg, msg_n))
		return -1;
	/* exits: a warp's sweep only after its chunks and frees; an exited
	 * slot whose warps' sweeps have all started may be launched into (the
	 * top hands it out once its last sweep ends) */
	for (unsigned tw = 0; tw < s->W; tw++) {
		int now = (int)get(s, out, RVT_LAUNCHED_O, tw);

		if (s->launched[tw] && !now && (s->w[tw].n || s->w[tw].frees))
			return snprintf(msg, msg_n, "warp %u swept with %u chunks and %u frees outstanding", tw, s->w[tw].n,
					s->w[tw].frees), -1;
		s->launched[tw] = (uint8_t)now;
	}
	for (unsigned ct = 0; ct < s->T; ct++) {
		int swept = s->slot_st[ct] == 3;

		for (unsigned k = 0; k < s->wpc && swept; k++)
			swept = !s->launched[ct * s->wpc + k];
		if (swept)
			s->slot_st[ct] = 0;
		s->susp[ct] = (uint8_t)get(s, out, RVT_CTA_SUSP_O, ct);
	}
	/* launches: the slot each one took */
	for (unsigned e = 0; e < s->T; e++) {
		unsigned ct;

		if (!get(s, in, RVT_CEV_VALID_I, e) || get(s, in, RVT_CEV_EXIT_I, e))
			continue;
		ct = (unsigned)get(s, out, RVT_CEV_SLOT_O, e);
		if (ct >= s->T || s->slot_st[ct] != 0)
			return snprintf(msg, msg_n, "launch event %u took slot %u, which is not free", e, ct), -1;
		s->slot_st[ct] = 2;
		for (unsigned k = 0; k < s->wpc; k++)
			s->w[ct * s->wpc + k].left = 1 + rng_below(&s->rng, 40);
	}
	/* free_slots_o counts the slots free before this edge: this cycle's
	 * launches take some of them */
	for (unsigned p = 0; p < s->nwp; p++) {
		unsigned pid = (unsigned)get(s, in, RVT_WR_PID_I, p);

		if (get(s, out, RVT_WR_GNT_O, p) && !s->written[pid]) {
			s->written[pid] = 1;
			s->wlist[s->nwritten++] = pid;
		}
	}
	s->free_slots = (unsigned)get(s, out, RVT_FREE_SLOTS_O, 0);
	s->free_slots = s->free_slots > s->launches_sent ? s->free_slots - s->launches_sent : 0;
	return 0;
}

const struct stim_ops regvirt_top_stim = {
	"regvirt_top", scenarios, stim_create, stim_drive, stim_observe, stim_destroy,
};
