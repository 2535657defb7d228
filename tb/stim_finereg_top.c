/* stim_finereg_top.c: stimulus and scoreboard for finereg_top, the FineReg
 * register-file subsystem.  The stimulus is the SM around it: the
 * launcher, the warps' events and the operand collectors / write-back.
 *
 * Protocol kept (common/finereg_top_desc.h, docs/finereg.md "finereg_top"):
 *   - a CTA launches (one a cycle) only when the last outputs offered a
 *     slot; the launch took a slot iff resident_o counts it (else the
 *     stimulus forgets it); only launched, not suspended CTAs exit (at
 *     most one a cycle), stall, issue, read; READY only for suspended CTAs;
 *   - reads only of registers written before (the first write of a
 *     register is full-mask), never of a register written in the same
 *     cycle; writes to any launched CTA (those not in the ACRF are deferred);
 *   - the vector memory answers each vec_req_o after lric_miss_latency
 *     cycles with every register live, so the RMU preserves every value.
 * Scoreboard (independent of the model): suspend_cta_o names a launched CTA
 * that is not suspended, resume_cta_o a suspended one; only a CTA parked
 * (suspended with no RMU command: vt) or refused by the PCRF resumes without
 * a restore (a command whose op, cmd_op_o the cycle after cmd_issue_o, is
 * restore or swap, for the status monitor's choice mon_resume_cta_o of the
 * issue cycle); launch_slots_o never
 * exceeds the ACRF slots; the monitor-update queue never overflows; a read
 * returns the last value written to the register (granted writes, deferred
 * ones included), read_latency cycles after its grant.
 * Scenario "deferred": most writes go to a suspended CTA when there is one,
 * so that the deferred-write buffer holds many entries at once (the random
 * mix writes mostly to running CTAs and rarely backs it up past a few).
 * Scenario "lanes": launches on as many lanes as slots are offered (the
 * lanes take the free slots in lane order) and exits on every scheduler's
 * lane in one cycle; the random mix drives lane 0 of each only.
 * Scenario "finish": a restore's finish lands deep in the status monitor's
 * update queue.  The stimulus learns, from the first restore, how many
 * cycles after its last PCRF read (every register is live, so a restore
 * reads K x R) the RMU reports done; on each later restore, the cycle after
 * that last read it exits on every scheduler's lane and launches nothing,
 * so the slots it frees are offered by the finish, and in the finish's
 * cycle it exits on every lane and launches on every offered lane: the
 * finish's update queues behind all of them.  Between restores: the random
 * mix, but CTA 0 stalls often and is seldom ready, so it is often pending
 * while other CTAs' restores finish (a queue entry lost or overwritten is
 * seen only through a pending CTA the monitor then fails to resume; an
 * empty entry names CTA 0). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finereg_top_desc.h"
#include "rmu_desc.h"
#include "rng.h"
#include "stim.h"
#include "vec_mem.h"

static const char *const scenarios[] = {"random", "deferred", "lanes", "finish", NULL};

enum { MAXC = 256, MAXK = 64, MAXR = 256, MAXP = 64, MAXL = 32, MAXLAT = 8 };

struct ft_read {
	int v;
	unsigned c;			/* collector */
	uint32_t exp;			/* lane 0 of the expected value */
};

struct ft_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	unsigned NC, K, R, C, W, lanes, slots, L;
	uint8_t launched[MAXC], susp[MAXC];
	uint8_t evicted[MAXC];		/* suspended by an RMU command, not refused: needs a restore */
	uint8_t restored[MAXC];		/* a restore or swap command brought it back */
	int cmd_s, cmd_p, cmd_new;	/* the command in flight: its S (-1 none), P; issued last cycle */
	uint32_t *truth;		/* [NC][K][R] lane 0 of each register */
	uint8_t *written;		/* [NC][K][R] */
	unsigned resident, slots_offered;
	int deferred;			/* scenario "deferred" */
	int lanes_sc;			/* scenario "lanes": every launch and exit lane */
	int finish_sc;			/* scenario "finish" */
	int cmd_restore;		/* the command in flight is a restore */
	unsigned rd_n;			/* its PCRF reads so far */
	uint64_t rd_last;		/* the cycle of its last one */
	uint64_t lead;			/* learned: last read -> done, cycles (0: not yet) */
	uint64_t fin_at, hold_from;	/* the predicted finish; launches held from */
	unsigned nlaunch, launch_ctas[MAXC];	/* this cycle's launches, in lane order */
	unsigned nexit;			/* this cycle's exits */
	struct vec_mem vmem;	/* the vector memory (all-live vectors) */
	struct ft_read pend[MAXLAT][MAXP];	/* reads granted, by cycles to go */
	uint32_t val;			/* the next value written */
};

static const struct port_desc *port(const struct ft_stim *s, unsigned p)
{
	return &s->m->ports[p];
}

static uint64_t get(const struct ft_stim *s, const uint32_t *bus, unsigned p, unsigned e)
{
	return bus_get(bus, port(s, p), e);
}

static void put(const struct ft_stim *s, uint32_t *bus, unsigned p, unsigned e, uint64_t v)
{
	bus_set(bus, port(s, p), e, v);
}

static size_t at(const struct ft_stim *s, unsigned c, unsigned k, unsigned r)
{
	return ((size_t)c * s->K + k) * s->R + r;
}

static void *ft_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			    const char *scenario)
{
	struct ft_stim *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->deferred = scenario && !strcmp(scenario, "deferred");
	s->lanes_sc = scenario && !strcmp(scenario, "lanes");
	s->finish_sc = scenario && !strcmp(scenario, "finish");
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->NC = cfg->finereg.resident_ctas;
	s->K = finereg_top_kwarps(cfg);
	s->R = finereg_top_regs(cfg);
	s->C = cfg->collectors;
	s->W = cfg->write_ports;
	s->lanes = cfg->lanes;
	s->slots = cfg->finereg.d.slots;
	s->L = cfg->read_latency;
	s->truth = calloc((size_t)s->NC * s->K * s->R, sizeof *s->truth);
	s->written = calloc((size_t)s->NC * s->K * s->R, 1);
	if (!s->truth || !s->written || s->NC > MAXC || s->C > MAXP || s->L >= MAXLAT || s->lanes > MAXL) {
		free(s->truth);
		free(s->written);
		free(s);
		return NULL;
	}
	return s;
}

static void ft_stim_destroy(void *vs)
{
	struct ft_stim *s = vs;

	free(s->truth);
	free(s->written);
	free(s);
}

/* A launched CTA, running or suspended as asked, from a random start; -1
 * when there is none. */
static int pick_cta(struct ft_stim *s, int suspended)
{
	unsigned start = rng_below(&s->rng, s->NC);

	for (unsigned i = 0; i < s->NC; i++) {
		unsigned c = (start + i) % s->NC;

		if (s->launched[c] && s->susp[c] == suspended)
			return (int)c;
	}
	return -1;
}

/* A random launched CTA that is not suspended, or -1. */
static int running_cta(struct ft_stim *s)
{
	return pick_cta(s, 0);
}

/* Up to want CTAs not launched yet, on launch lanes 0, 1, ...; observe
 * marks those the top took (it takes the lanes in order). */
static void launch_lanes(struct ft_stim *s, uint32_t *in, unsigned want)
{
	for (unsigned c = 0; c < s->NC && s->nlaunch < want; c++)
		if (!s->launched[c]) {
			put(s, in, FT_LAUNCH_VALID_I, s->nlaunch, 1);
			put(s, in, FT_LAUNCH_CTA_I, s->nlaunch, c);
			s->launch_ctas[s->nlaunch++] = c;
		}
}

/* Up to lanes running CTAs exit, one per exit lane; their registers are
 * forgotten. */
static void exit_lanes(struct ft_stim *s, uint32_t *in, unsigned lanes)
{
	for (unsigned e = 0; e < lanes; e++) {
		int c = running_cta(s);

		if (c < 0)
			break;
		put(s, in, FT_EXIT_VALID_I, e, 1);
		put(s, in, FT_EXIT_CTA_I, e, (unsigned)c);
		s->launched[c] = 0;
		s->nexit++;
		memset(s->written + at(s, (unsigned)c, 0, 0), 0, (size_t)s->K * s->R);
	}
}

static void ft_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct ft_stim *s = vs;
	uint8_t wr_reg_now[MAXP] = {0};
	unsigned wr_c[MAXP], wr_k[MAXP], wr_r[MAXP], nw = 0;

	/* with vt, one ACRF slot above the active cap, for parked CTAs */
	put(s, in, FT_ACTIVE_MAX_I, 0, s->cfg->finereg.vt && s->slots > 1 ? s->slots - 1 : s->slots);
	put(s, in, FT_CTA_WAITING_I, 0, rng_chance(&s->rng, 70));
	for (unsigned j = 0; j < s->cfg->finereg.warps_per_cta; j++)
		put(s, in, FT_CMD_PC_I, j, rng_below(&s->rng, 64) * 8u);
	if (vec_mem_ready(&s->vmem, cycle)) {
		put(s, in, FT_VEC_RSP_VALID_I, 0, 1);
		put(s, in, FT_VEC_RSP_DATA_I, 0, vec_mem_pop(&s->vmem));
	}
	/* launcher: one CTA a cycle into an offered slot (lanes: several) */
	if (cycle == 0)
		s->cmd_s = -1;
	s->nlaunch = 0;
	s->nexit = 0;
	if (s->finish_sc && s->fin_at && cycle == s->fin_at) {
		launch_lanes(s, in, s->slots_offered);	/* first: a CTA exiting now is not launched again */
		exit_lanes(s, in, s->cfg->schedulers);
		s->fin_at = 0;
	} else if (s->finish_sc && s->fin_at && cycle == s->hold_from) {
		exit_lanes(s, in, s->cfg->schedulers);
	} else if (s->finish_sc && s->fin_at) {
		/* hold: the slots freed stay offered until the finish */
	} else if (s->lanes_sc && s->slots_offered && rng_chance(&s->rng, 30))
		launch_lanes(s, in, 1 + rng_below(&s->rng, s->slots_offered));
	else if (s->lanes_sc && rng_chance(&s->rng, 3))
		exit_lanes(s, in, s->cfg->schedulers);
	else if (s->slots_offered && rng_chance(&s->rng, 30))
		launch_lanes(s, in, 1);
	else if (rng_chance(&s->rng, 1))
		exit_lanes(s, in, 1);
	for (unsigned c = 0; c < s->NC; c++) {
		if (!s->launched[c])
			continue;
		/* finish: CTA 0 stalls often, so it is often pending when a finish lands */
		if (!s->susp[c] && rng_chance(&s->rng, s->finish_sc && c == 0 ? 50 : 3))
			put(s, in, FT_STALLED_I, c, 1);
		else if (!s->susp[c] && rng_chance(&s->rng, 5))
			put(s, in, FT_ISSUE_I, c, 1);
		/* finish: no pending CTA ready while a finish is awaited, so the freed
		 * slots go to launches; CTA 0 ready seldom, so it waits pending while
		 * other CTAs' restores finish */
		if (s->susp[c] && !(s->finish_sc && s->fin_at) && rng_chance(&s->rng, s->finish_sc && c == 0 ? 1 : 5))
			put(s, in, FT_READY_I, c, 1);
	}
	/* writes: any launched CTA (full mask the first time) */
	for (unsigned p = 0; p < s->W; p++) {
		unsigned c, k = rng_below(&s->rng, s->K), r = rng_below(&s->rng, s->R);
		int cc = rng_chance(&s->rng, 20) ? (int)rng_below(&s->rng, s->NC) : running_cta(s);

		if (s->deferred && rng_chance(&s->rng, 80)) {
			int sc = pick_cta(s, 1);

			if (sc >= 0)
				cc = sc;
		}
		uint64_t full = s->lanes == 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->lanes) - 1, mask;
		uint32_t data[MAXL];

		if (cc < 0 || !s->launched[cc] || !rng_chance(&s->rng, 40))
			continue;
		c = (unsigned)cc;
		mask = s->written[at(s, c, k, r)] && rng_chance(&s->rng, 30) ? rng_next(&s->rng) & full : full;
		mask |= 1u;	/* lane 0 carries the scoreboard's value */
		for (unsigned l = 0; l < s->lanes; l++)
			data[l] = ++s->val;
		put(s, in, FT_WR_REQ_I, p, 1);
		put(s, in, FT_WR_CTA_I, p, c);
		put(s, in, FT_WR_WARP_I, p, k);
		put(s, in, FT_WR_REG_I, p, r);
		put(s, in, FT_WR_MASK_I, p, mask);
		bus_set_words(in, port(s, FT_WR_DATA_I), p, data);
		wr_c[nw] = c;
		wr_k[nw] = k;
		wr_r[nw] = r;
		wr_reg_now[nw++] = 1;
	}
	/* reads: written registers of running CTAs, none written this cycle */
	for (unsigned p = 0; p < s->C; p++) {
		int cc = running_cta(s);
		unsigned k = rng_below(&s->rng, s->K), r = rng_below(&s->rng, s->R), c, clash = 0;

		if (cc < 0 || !rng_chance(&s->rng, 50))
			continue;
		c = (unsigned)cc;
		for (unsigned i = 0; i < nw; i++)
			clash |= wr_reg_now[i] && wr_c[i] == c && wr_k[i] == k && wr_r[i] == r;
		if (!s->written[at(s, c, k, r)] || clash)
			continue;
		put(s, in, FT_RD_REQ_I, p, 1);
		put(s, in, FT_RD_CTA_I, p, c);
		put(s, in, FT_RD_WARP_I, p, k);
		put(s, in, FT_RD_REG_I, p, r);
	}
}

static int fail(char *msg, size_t n, const char *what, unsigned a, unsigned b)
{
	snprintf(msg, n, "%s (%u, %u)", what, a, b);
	return -1;
}

static int ft_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			   size_t msg_n)
{
	struct ft_stim *s = vs;
	uint32_t data[MAXL];

	/* reads due now */
	for (unsigned p = 0; p < s->C; p++) {
		struct ft_read *rd = &s->pend[s->L - 1][p];

		if (rd->v) {
			if (!get(s, out, FT_RD_VALID_O, p))
				return fail(msg, msg_n, "read data missing on collector", p, (unsigned)cycle);
			bus_get_words(out, port(s, FT_RD_DATA_O), p, data);
			if (data[0] != rd->exp)
				return fail(msg, msg_n, "read returns a value not last written: collector, expected", p,
					    rd->exp);
		} else if (get(s, out, FT_RD_VALID_O, p)) {
			return fail(msg, msg_n, "read data without a granted read on collector", p, (unsigned)cycle);
		}
	}
	for (unsigned i = s->L - 1; i > 0; i--)
		memcpy(s->pend[i], s->pend[i - 1], sizeof s->pend[i]);
	memset(s->pend[0], 0, sizeof s->pend[0]);
	for (unsigned p = 0; p < s->C; p++)
		if (get(s, in, FT_RD_REQ_I, p) && get(s, out, FT_RD_GNT_O, p)) {
			unsigned c = (unsigned)get(s, in, FT_RD_CTA_I, p), k = (unsigned)get(s, in, FT_RD_WARP_I, p);
			unsigned r = (unsigned)get(s, in, FT_RD_REG_I, p);

			s->pend[0][p] = (struct ft_read){1, p, s->truth[at(s, c, k, r)]};
		}
	for (unsigned p = 0; p < s->W; p++)
		if (get(s, in, FT_WR_REQ_I, p) && get(s, out, FT_WR_GNT_O, p)) {
			unsigned c = (unsigned)get(s, in, FT_WR_CTA_I, p), k = (unsigned)get(s, in, FT_WR_WARP_I, p);
			unsigned r = (unsigned)get(s, in, FT_WR_REG_I, p);

			bus_get_words(in, port(s, FT_WR_DATA_I), p, data);
			s->truth[at(s, c, k, r)] = data[0];
			s->written[at(s, c, k, r)] = 1;
		}
	if (s->cmd_new) {	/* the op of last cycle's command */
		unsigned op = (unsigned)get(s, out, FT_CMD_OP_O, 0);

		if ((op == RMU_OP_RESTORE || op == RMU_OP_SWAP) && s->cmd_p >= 0)
			s->restored[s->cmd_p] = 1;
		s->cmd_restore = op == RMU_OP_RESTORE;
		s->cmd_new = 0;
	}
	if (s->cmd_restore && get(s, out, FT_MON_PCRF_RD_VALID_O, 0)) {
		s->rd_last = cycle;
		if (++s->rd_n == s->K * s->R && s->lead) {
			s->hold_from = cycle + 1;
			s->fin_at = cycle + s->lead;
		}
	}
	if (s->cmd_restore && get(s, out, FT_DONE_O, 0)) {
		if (!s->lead && s->rd_n == s->K * s->R)
			s->lead = cycle - s->rd_last;
		s->cmd_restore = 0;
		s->fin_at = 0;
	}
	if (get(s, out, FT_DONE_O, 0) && s->cmd_s >= 0) {
		s->evicted[s->cmd_s] = !get(s, out, FT_DONE_REFUSED_O, 0);
		s->cmd_s = -1;
	}
	if (get(s, out, FT_SUSPEND_VALID_O, 0)) {
		unsigned c = (unsigned)get(s, out, FT_SUSPEND_CTA_O, 0);

		if (!s->launched[c] || s->susp[c])
			return fail(msg, msg_n, "suspends a CTA not running: cta, cycle", c, (unsigned)cycle);
		s->susp[c] = 1;
		s->evicted[c] = s->restored[c] = 0;
		if (get(s, out, FT_CMD_ISSUE_O, 0))
			s->cmd_s = (int)c;
	}
	if (get(s, out, FT_CMD_ISSUE_O, 0)) {
		s->cmd_new = 1;
		s->rd_n = 0;
		s->cmd_p = get(s, out, FT_MON_RESUME_VALID_O, 0) ? (int)get(s, out, FT_MON_RESUME_CTA_O, 0) : -1;
	}
	if (get(s, out, FT_RESUME_VALID_O, 0)) {
		unsigned c = (unsigned)get(s, out, FT_RESUME_CTA_O, 0);

		if (!s->susp[c])
			return fail(msg, msg_n, "resumes a CTA not suspended: cta, cycle", c, (unsigned)cycle);
		if (s->evicted[c] && !s->restored[c])
			return fail(msg, msg_n, "resumes a CTA in the PCRF without a restore: cta, cycle", c, (unsigned)cycle);
		s->susp[c] = 0;
	}
	if (get(s, out, FT_MQ_OVERFLOW_O, 0))
		return fail(msg, msg_n, "status-monitor update queue overflow at cycle", (unsigned)cycle, 0);
	{
		/* lanes take the free slots in lane order: the first (resident_o
		 * growth over the count less this cycle's exits) of this cycle's
		 * launches took one */
		unsigned now = (unsigned)get(s, out, FT_RESIDENT_O, 0);
		unsigned base = s->resident > s->nexit ? s->resident - s->nexit : 0;
		unsigned grown = now > base ? now - base : 0;

		for (unsigned l = 0; l < s->nlaunch && l < grown; l++)
			s->launched[s->launch_ctas[l]] = 1;
		s->resident = now;
	}
	s->slots_offered = (unsigned)get(s, out, FT_LAUNCH_SLOTS_O, 0);
	if (s->slots_offered > s->slots)
		return fail(msg, msg_n, "launch_slots_o beyond the ACRF slots", s->slots_offered, s->slots);
	if (get(s, out, FT_VEC_REQ_O, 0) &&
	    !vec_mem_push(&s->vmem, cycle + s->cfg->finereg.lric_miss_latency, ~UINT64_C(0)))
		return fail(msg, msg_n, "vec_req_o with the vector memory full", s->vmem.n, VEC_MEM_MAX);
	return 0;
}

const struct stim_ops finereg_top_stim = {
	"finereg_top", scenarios, ft_stim_create, ft_stim_drive, ft_stim_observe, ft_stim_destroy,
};
