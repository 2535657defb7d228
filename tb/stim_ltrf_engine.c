/* stim_ltrf_engine.c: stimulus and scoreboard for the LTRF prefetch /
 * write-back engine.  The stimulus is the engine's whole environment:
 * the main register file (its arbiter and latency), the register cache's
 * fill and eviction ports, the warp scheduler issuing commands, and the
 * execution units writing registers of ready rows.
 *
 * Protocol kept (docs/ltrf.md):
 *   - a command goes only to a row that is not busy (seen in busy_o, and
 *     not commanded the cycle before); PREFETCH on an empty row takes a warp
 *     no row holds (activation; reactivation uses its stored working set);
 *     PREFETCH on an active row is an interval change of its warp;
 *     DEACTIVATE frees the row; vectors hold 1..N registers;
 *   - grants (mrf_gnt_i per MRF port, fill_gnt_i, ev_gnt_i) are random
 *     availability; eviction data comes one cycle after an eviction grant,
 *     MRF read beats [rf] read_latency x mrf_latency_mult cycles after their
 *     grant, on the port that granted them;
 *   - ba_bank_i[row] is the head of each row's unused-bank queue
 *     (cmodel/alloc_queue.c, the row AAU's policy); ba_req_o / bf_req_o move
 *     the queues.  At most one row has dead fetches outstanding (a command
 *     that would make a second one sends those registers live);
 *   - execution writes (and LTRF+ dead-operand marks) touch only registers of
 *     rows that are ready; the live vector sent is the current one.
 * Scoreboard (independent of the model): every register's read beats in
 * order; a bank allocation names a row with a fetch whose last read beat
 * was granted (if any row has one; else a row with dead fetches left); a
 * fill goes into a bank allocated for a fetch and, at its table write,
 * holds the register's architectural value; a write-back carries
 * the cache's value, beat by beat; a dropped register (LTRF+) is dead and
 * is never written; a dead fetch reads nothing from the main file and gets
 * a bank but no fill (its value is undefined until written); a table write
 * names a register filled (into a bank the row did not hold), fetched dead,
 * or written back in full; per job, write-backs before
 * fetches and, with one transfer slot, each in ascending register order
 * (with more, registers start in order but commit as they finish); at the
 * end of a job the row holds exactly its working set (nothing after
 * DEACTIVATE); ready_o = active and not busy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc_queue.h"
#include "ltrf_engine_desc.h"
#include "ltrf_tb.h"
#include "rng.h"
#include "stim.h"
#include "wcb_desc.h"

static const char *const scenarios[] = {"random", "interval", "roundtrip", "directed", "lanes", NULL};

enum { DW = 32, VW = LTRF_TB_VW, MAXA = 64, QN = 256, MAXP = 16, DEAD = -2, ANY = -3 };

struct le_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int scen;
	unsigned step;		/* of the directed scenario */
	unsigned nw, nr, na, nb, dw, xw, beats, lat, np;
	uint32_t *mrf, *truth, *cache;	/* [w][r][dw], [w][r][dw], [a][b][dw] */
	int *bank_of;			/* [w][r] bank, -1 not cached */
	uint32_t ws[64][VW], live[64][VW];
	int has_ws[64], warp_row[64];
	/* rows */
	int row_warp[MAXA], row_act[MAXA], act_prev[MAXA], row_deact[MAXA], pending[MAXA];
	uint32_t row_live[MAXA][VW], row_want[MAXA][VW];
	int last_kind[MAXA], last_reg[MAXA];
	uint32_t busy_last[2], ready_last[2];	/* up to 64 rows */
	/* transfer tracking (several registers may be in flight) */
	unsigned nf;			/* fill lanes */
	unsigned ev_bank[MAXP];
	int ev_due[MAXP], ev_row[MAXP];	/* per fill lane: eviction data due next cycle */
	unsigned await_n[MAXA];		/* fetches read in full, waiting for their bank */
	int await_reg[MAXA];		/* the register, when one and known (else ANY) */
	unsigned char *rd_next, *wr_beats;	/* [w][r]: next read beat, write beats done */
	int fill_reg[MAXA][64];		/* [row][bank]: register allocated there, awaiting its fill
					 * (DEAD: a dead fetch, ANY: one of the row's waiting fetches) */
	unsigned dead_left[MAXA];	/* dead fetches of the row's job not yet given a bank */
	int filled[MAXA][64];		/* [row][bank]: register filled, awaiting its table write */
	struct alloc_queue aau[MAXA];	/* the row AAUs */
	struct { uint64_t t; unsigned w, r, k; } q[MAXP][QN];	/* per MRF port: read beats in flight */
	unsigned qh[MAXP], qt[MAXP];
	uint64_t fills, wbs, drops, dead_fetches, jobs, overlaps, reacts, execs;
};

static const struct port_desc *port(const struct le_stim *s, enum ltrf_engine_port p)
{
	return &s->m->ports[p];
}

static unsigned get(const struct le_stim *s, const uint32_t *bus, enum ltrf_engine_port p, unsigned e)
{
	return (unsigned)bus_get(bus, port(s, p), e);
}

static uint32_t *reg_at(struct le_stim *s, uint32_t *base, unsigned w, unsigned r)
{
	return base + ((size_t)w * s->nr + r) * s->dw;
}

static void *le_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			    const char *scenario)
{
	struct le_stim *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->scen = ltrf_tb_scenario(scenarios, scenario);
	s->nw = cfg->warps;
	s->nr = cfg->ltrf.d.arch_regs;
	s->na = cfg->ltrf.active_warps;
	s->nb = cfg->ltrf.regs_per_interval;
	s->dw = cfg->d.warp_bits / 32u;
	s->xw = cfg->ltrf.d.xbar_width / 32u;
	s->beats = cfg->ltrf.d.beats;
	s->lat = cfg->ltrf.d.mrf_latency;
	s->np = cfg->ltrf.engine_ports ? cfg->ltrf.engine_ports : 1u;
	s->nf = cfg->ltrf.fill_ports ? cfg->ltrf.fill_ports : 1u;
	s->mrf = calloc((size_t)s->nw * s->nr * s->dw, sizeof *s->mrf);
	s->truth = calloc((size_t)s->nw * s->nr * s->dw, sizeof *s->truth);
	s->cache = calloc((size_t)s->na * s->nb * s->dw, sizeof *s->cache);
	s->bank_of = calloc((size_t)s->nw * s->nr, sizeof *s->bank_of);
	s->rd_next = calloc((size_t)s->nw * s->nr, 1);
	s->wr_beats = calloc((size_t)s->nw * s->nr, 1);
	if (!s->mrf || !s->truth || !s->cache || !s->bank_of || !s->rd_next || !s->wr_beats || s->nw > 64 ||
	    s->na > MAXA || s->nb > 64 || s->dw > DW || s->np > MAXP)
		return NULL;
	for (unsigned a = 0; a < MAXA; a++)
		for (unsigned b = 0; b < 64; b++)
			s->fill_reg[a][b] = s->filled[a][b] = -1;
	for (size_t i = 0; i < (size_t)s->nw * s->nr * s->dw; i++)
		s->mrf[i] = s->truth[i] = (uint32_t)rng_next(&s->rng);
	for (size_t i = 0; i < (size_t)s->nw * s->nr; i++)
		s->bank_of[i] = -1;
	for (unsigned w = 0; w < s->nw; w++)
		s->warp_row[w] = -1;
	for (unsigned a = 0; a < s->na; a++)
		s->row_warp[a] = -1;
	for (unsigned k = 0; k < MAXP; k++)
		s->ev_row[k] = -1;
	for (unsigned a = 0; a < s->na; a++)
		alloc_queue_reset(&s->aau[a], s->nb);
	return s;
}

static void le_stim_destroy(void *vs)
{
	struct le_stim *s = vs;

	if (!s)
		return;
	printf("  scoreboard: %llu fills and %llu write-backs checked, %llu dead registers dropped, %llu fetched "
	       "dead, %llu jobs, %llu interval changes with overlap, %llu reactivations, %llu execution writes\n",
	       (unsigned long long)s->fills, (unsigned long long)s->wbs, (unsigned long long)s->drops,
	       (unsigned long long)s->dead_fetches,
	       (unsigned long long)s->jobs, (unsigned long long)s->overlaps, (unsigned long long)s->reacts,
	       (unsigned long long)s->execs);
	free(s->mrf);
	free(s->truth);
	free(s->cache);
	free(s->bank_of);
	free(s->rd_next);
	free(s->wr_beats);
	free(s);
}

static int busy_last(const struct le_stim *s, unsigned a)
{
	return (int)(s->busy_last[a / 32u] >> (a % 32u) & 1u);
}

/* An execution write of cached register r of warp w in row a: live. */
static void write_reg(struct le_stim *s, unsigned a, unsigned w, unsigned r)
{
	for (unsigned i = 0; i < s->dw; i++)
		reg_at(s, s->truth, w, r)[i] = (uint32_t)rng_next(&s->rng);
	memcpy(s->cache + ((size_t)a * s->nb + (unsigned)s->bank_of[w * s->nr + r]) * s->dw, reg_at(s, s->truth, w, r),
	       s->dw * sizeof(uint32_t));
	ltrf_put(s->live[w], r, 1);
	s->execs++;
}

/* Execution: write a cached register of a ready row (and LTRF+ liveness). */
static void execute(struct le_stim *s)
{
	unsigned a = rng_below(&s->rng, s->na);
	int w = s->row_warp[a];
	unsigned r = rng_below(&s->rng, s->nr), k;

	if (w < 0 || !(s->ready_last[a / 32u] >> (a % 32u) & 1u) || s->pending[a])
		return;
	for (k = 0; k < s->nr && s->bank_of[(unsigned)w * s->nr + r] < 0; k++)
		r = (r + 1u) % s->nr;	/* the next cached register */
	if (k == s->nr)
		return;
	if (s->cfg->ltrf.d.liveness && rng_chance(&s->rng, 30)) {
		ltrf_put(s->live[w], r, 0);	/* last read: dead */
		return;
	}
	write_reg(s, a, (unsigned)w, r);
}

static void issue(struct le_stim *s, uint32_t *in, unsigned a, unsigned w, int deact, const uint32_t *vec);

static void command(struct le_stim *s, uint32_t *in)
{
	unsigned a = rng_below(&s->rng, s->na);
	int w = s->row_warp[a], deact = 0;
	uint32_t vec[VW];

	if (busy_last(s, a) || s->pending[a])
		return;
	if (w < 0) {
		unsigned start = rng_below(&s->rng, s->nw);

		for (unsigned k = 0; k < s->nw && w < 0; k++)
			if (s->warp_row[(start + k) % s->nw] < 0)
				w = (int)((start + k) % s->nw);
		if (w < 0)
			return;
		if (!s->has_ws[w] || (s->scen != 2 && rng_chance(&s->rng, 30))) {
			ltrf_random_vec(&s->rng, s->nr, s->nb, vec, NULL);
			memcpy(s->ws[w], vec, sizeof vec);
			s->has_ws[w] = 1;
		} else {
			s->reacts++;
		}
		memcpy(vec, s->ws[w], sizeof vec);
		s->warp_row[w] = (int)a;
		s->row_warp[a] = w;
	} else {
		unsigned pct = s->scen == 1 ? 80 : s->scen == 2 ? 10 : 40;

		if (rng_chance(&s->rng, pct)) {
			if (ltrf_random_vec(&s->rng, s->nr, s->nb, vec, s->ws[w]))
				s->overlaps++;
			memcpy(s->ws[w], vec, sizeof vec);
		} else {
			deact = 1;
			memset(vec, 0, sizeof vec);
		}
	}
	issue(s, in, a, (unsigned)w, deact, vec);
}

/* LTRF+: the registers of vec row a's command fetches dead (not cached,
 * not live); sent live instead if another row still has dead fetches
 * outstanding (ba_bank_i is driven for one such row). */
static void dead_fetches(struct le_stim *s, unsigned a, unsigned w, const uint32_t *vec)
{
	unsigned n = 0;
	int other = 0;

	s->dead_left[a] = 0;
	if (!s->cfg->ltrf.d.liveness)
		return;
	for (unsigned b = 0; b < s->na; b++)
		other |= b != a && s->dead_left[b];
	for (unsigned r = 0; r < s->nr; r++)
		if (ltrf_bit(vec, r) && s->bank_of[w * s->nr + r] < 0 && !ltrf_bit(s->live[w], r)) {
			if (other)
				ltrf_put(s->live[w], r, 1);	/* its value is the main file's */
			else
				n++;
		}
	s->dead_left[a] = n;
}

/* Drives one command to row a (not busy) and records what it asks. */
static void issue(struct le_stim *s, uint32_t *in, unsigned a, unsigned w, int deact, const uint32_t *vec)
{
	dead_fetches(s, a, w, vec);
	bus_set(in, port(s, LE_CMD_REQ_I), 0, 1);
	bus_set(in, port(s, LE_CMD_OP_I), 0, deact ? LE_OP_DEACTIVATE : LE_OP_PREFETCH);
	bus_set(in, port(s, LE_CMD_ROW_I), 0, a);
	bus_set(in, port(s, LE_CMD_WARP_I), 0, w);
	bus_set_words(in, port(s, LE_CMD_VEC_I), 0, vec);
	if (!s->cfg->ltrf.d.liveness)
		memset(s->live[w], 0xff, sizeof s->live[w]);
	else
		bus_set_words(in, port(s, LE_CMD_LIVE_I), 0, s->live[w]);
	memcpy(s->row_live[a], s->live[w], sizeof s->row_live[a]);
	memcpy(s->row_want[a], vec, VW * sizeof *vec);
	s->row_deact[a] = deact;
	s->act_prev[a] = s->row_act[a];
	s->row_act[a] = 1;
	s->pending[a] = 2;	/* taken at this cycle's edge */
	s->last_kind[a] = 0;
	s->last_reg[a] = -1;
}

/* The "directed" scenario's prefix, on row 0 and the last warp, each step
 * once the row is idle: PREFETCH {1, 3} (nothing live); interval change to
 * {3, 5} with register 1 dead (dropped) and 3 live (the overlap: kept);
 * an execution write to 3, then DEACTIVATE (3 written back, 5 dead,
 * dropped); reactivation PREFETCH {3, 5} (3 returns with the value
 * written).  Random traffic follows.  Registers are taken modulo R. */
static int directed(struct le_stim *s, uint32_t *in)
{
	unsigned w = s->nw - 1u, r1 = 1u % s->nr, r3 = 3u % s->nr, r5 = 5u % s->nr;
	uint32_t vec[VW] = {0};

	if (s->step >= 4)
		return 0;
	if (busy_last(s, 0) || s->pending[0])
		return 1;
	switch (s->step) {
	case 0:
		ltrf_put(vec, r1, 1);
		ltrf_put(vec, r3, 1);
		memset(s->live[w], 0, sizeof s->live[w]);
		s->warp_row[w] = 0;
		s->row_warp[0] = (int)w;
		break;
	case 1:
		ltrf_put(vec, r3, 1);
		ltrf_put(vec, r5, 1);
		ltrf_put(s->live[w], r1, 0);
		ltrf_put(s->live[w], r3, 1);
		s->overlaps++;
		break;
	case 2:
		write_reg(s, 0, w, r3);
		break;
	default:
		ltrf_put(vec, r3, 1);
		ltrf_put(vec, r5, 1);
		s->warp_row[w] = 0;
		s->row_warp[0] = (int)w;
		s->reacts++;
		break;
	}
	if (s->step < 2 || s->step == 3)
		memcpy(s->ws[w], vec, sizeof vec);
	s->has_ws[w] = 1;
	issue(s, in, 0, w, s->step == 2, vec);
	s->step++;
	return 1;
}

/* The "lanes" scenario (make wave CFG=tiny_ltrf_plus MODULE=ltrf_engine
 * TEST=lanes), with every grant given: on row 0 and the last warp, each
 * step once the row is idle, PREFETCH {0, 1, 2, 3} all live (four picks in
 * one cycle, one register on each port, four fills in one cycle on four
 * lanes), DEACTIVATE (four write-backs: four eviction reads at once), the
 * reactivation.  Random traffic follows, still with every grant. */
static int lanes(struct le_stim *s, uint32_t *in)
{
	unsigned w = s->nw - 1u;
	uint32_t vec[VW] = {0};

	if (s->step >= 3)
		return 0;
	if (busy_last(s, 0) || s->pending[0])
		return 1;
	for (unsigned r = 0; r < 4u && r < s->nr && r < s->nb; r++)
		ltrf_put(vec, r, 1);
	memcpy(s->live[w], vec, sizeof vec);
	if (s->step != 1) {
		memcpy(s->ws[w], vec, sizeof vec);
		s->warp_row[w] = 0;
		s->row_warp[0] = (int)w;
		s->reacts += s->step == 2;
	}
	s->has_ws[w] = 1;
	if (s->step == 1)
		memset(vec, 0, sizeof vec);
	issue(s, in, 0, w, s->step == 1, vec);
	s->step++;
	return 1;
}

static void le_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct le_stim *s = vs;
	int all = s->scen == 4;	/* lanes: every grant */

	for (unsigned k = 0; k < s->np; k++)
		bus_set(in, port(s, LE_MRF_GNT_I), k, all || rng_chance(&s->rng, 60));
	for (unsigned k = 0; k < s->nf; k++) {
		bus_set(in, port(s, LE_FILL_GNT_I), k, all || rng_chance(&s->rng, 70));
		bus_set(in, port(s, LE_EV_GNT_I), k, all || rng_chance(&s->rng, 70));
		if (s->ev_due[k]) {
			bus_set(in, port(s, LE_EV_VALID_I), k, 1);
			bus_set_words(in, port(s, LE_EV_DATA_I), k,
				      s->cache + ((size_t)s->ev_row[k] * s->nb + s->ev_bank[k]) * s->dw);
		}
	}
	for (unsigned a = 0; a < s->na; a++)
		for (unsigned j = 0; j < s->nf; j++)
			bus_set(in, port(s, LE_BA_BANK_I), a * s->nf + j, alloc_queue_at(&s->aau[a], j));
	for (unsigned p = 0; p < s->np; p++) {
		unsigned h = s->qh[p] % QN;

		if (s->qh[p] == s->qt[p] || s->q[p][h].t != cycle)
			continue;
		bus_set(in, port(s, LE_MRF_RVALID_I), p, 1);
		bus_set_words(in, port(s, LE_MRF_RDATA_I), p, reg_at(s, s->mrf, s->q[p][h].w, s->q[p][h].r) + s->q[p][h].k * s->xw);
		s->qh[p]++;
	}
	if (s->scen == 3 && directed(s, in))
		return;
	if (s->scen == 4 && lanes(s, in))
		return;
	if (rng_chance(&s->rng, 50))
		execute(s);
	if (rng_chance(&s->rng, 15))
		command(s, in);
}

static int fail(char *msg, size_t n, const char *what, unsigned a, unsigned r)
{
	snprintf(msg, n, "scoreboard: %s (row %u, register %u)", what, a, r);
	return -1;
}

/* Order within a job: write-backs (kind 1) before fetches (kind 2), each
 * ascending with one transfer slot (with more, commits finish out of order). */
static int check_order(struct le_stim *s, unsigned a, int kind, unsigned r, char *msg, size_t n)
{
	int serial = s->cfg->ltrf.engine_inflight <= 1;

	if (kind < s->last_kind[a] || (serial && kind == s->last_kind[a] && (int)r <= s->last_reg[a]))
		return fail(msg, n, "registers moved out of order", a, r);
	s->last_kind[a] = kind;
	s->last_reg[a] = (int)r;
	return 0;
}

/* The row AAU allocation of lane k this cycle (lanes in order): for a row
 * with a fetch read in full (those go first) or, if none, a row with dead
 * fetches left; it gets its row's next unused bank. */
static int check_alloc(struct le_stim *s, const uint32_t *out, unsigned k, char *msg, size_t n)
{
	unsigned a, b, waiting = 0;
	int dead;

	if (!get(s, out, LE_BA_REQ_O, k))
		return 0;
	for (unsigned r = 0; r < s->na; r++)
		waiting += s->await_n[r];
	a = get(s, out, LE_BA_OFF_O, k);
	dead = !waiting;
	if ((dead ? !s->dead_left[a] : !s->await_n[a]) || !alloc_queue_ok(&s->aau[a]))
		return fail(msg, n, "bank allocation for a row not fetching, or from an empty queue", a, 0);
	b = alloc_queue_head(&s->aau[a]);
	if (s->fill_reg[a][b] != -1 || s->filled[a][b] != -1)
		return fail(msg, n, "bank allocated twice", a, b);
	if (dead) {
		s->fill_reg[a][b] = DEAD;
		s->dead_left[a]--;
	} else {
		s->fill_reg[a][b] = s->await_n[a] == 1 ? s->await_reg[a] : ANY;
		if (--s->await_n[a] == 0)
			s->await_reg[a] = ANY;
	}
	alloc_queue_tick(&s->aau[a], 1, 0, 0);
	return 0;
}

/* A beat granted on MRF port p: a write-back's (checked against the
 * cache) or a read, queued to return on p after the main file's latency. */
static int check_beat(struct le_stim *s, uint64_t cycle, const uint32_t *out, unsigned p, char *msg, size_t n)
{
	unsigned w = get(s, out, LE_MRF_WARP_O, p), r = get(s, out, LE_MRF_REG_O, p);
	unsigned k = get(s, out, LE_MRF_BEAT_O, p), wr = w * s->nr + r;
	unsigned t = s->qt[p] % QN;
	int a = s->warp_row[w];

	if (get(s, out, LE_MRF_WE_O, p)) {
		uint32_t beat[DW];
		const uint32_t *src;

		if (a < 0 || s->bank_of[wr] < 0 || k != s->wr_beats[wr])
			return fail(msg, n, "write beat of a register not being written back", 0, r);
		src = s->cache + ((size_t)a * s->nb + (unsigned)s->bank_of[wr]) * s->dw + k * s->xw;
		bus_get_words(out, port(s, LE_MRF_WDATA_O), p, beat);
		if (memcmp(beat, src, s->xw * sizeof *beat))
			return fail(msg, n, "write-back beat differs from the register cache", (unsigned)a, r);
		memcpy(reg_at(s, s->mrf, w, r) + k * s->xw, beat, s->xw * sizeof *beat);
		s->wr_beats[wr]++;
		return 0;
	}
	if (k != s->rd_next[wr] || a < 0)
		return fail(msg, n, "read beats out of order", w, r);
	if (!ltrf_bit(s->row_live[a], r))
		return fail(msg, n, "dead register read from the main file", (unsigned)a, r);
	if (s->qt[p] - s->qh[p] >= QN)
		return fail(msg, n, "too many reads in flight", w, r);
	s->q[p][t].t = cycle + (s->lat ? s->lat : 1);
	s->q[p][t].w = w;
	s->q[p][t].r = r;
	s->q[p][t].k = k;
	s->qt[p]++;
	s->rd_next[wr] = (unsigned char)((k + 1u) % s->beats);
	if (k + 1u == s->beats) {
		s->await_reg[a] = s->await_n[a] ? ANY : (int)r;
		s->await_n[a]++;
	}
	return 0;
}

static int check_lane(struct le_stim *s, const uint32_t *in, const uint32_t *out, unsigned k, char *msg,
		      size_t msg_n);

static int le_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			   size_t msg_n)
{
	struct le_stim *s = vs;

	for (unsigned k = 0; k < s->nf; k++)
		s->ev_due[k] = 0;
	for (unsigned a = 0; a < s->na; a++) {
		int busy = (int)get(s, out, LE_BUSY_O, a), ready = (int)get(s, out, LE_READY_O, a);
		int w = s->row_warp[a];

		if (busy_last(s, a) && !busy) {	/* job done: holds exactly its working set */
			s->jobs++;
			for (unsigned r = 0; r < s->nr; r++)
				if ((s->bank_of[(unsigned)w * s->nr + r] >= 0) != ltrf_bit(s->row_want[a], r))
					return fail(msg, msg_n, "job ended without exactly its working set cached", a, r);
			if (s->row_deact[a]) {
				s->row_act[a] = 0;
				s->row_warp[a] = -1;
				s->warp_row[w] = -1;
			}
		}
		if (ready != (s->pending[a] == 2 ? s->act_prev[a] : s->row_act[a] && !busy && !s->pending[a]))
			return fail(msg, msg_n, "ready_o is not (active and idle)", a, 0);
		if (busy)
			s->pending[a] = 0;
		else if (s->pending[a] == 2)
			s->pending[a] = 1;
	}
	s->busy_last[0] = s->busy_last[1] = 0;
	s->ready_last[0] = s->ready_last[1] = 0;
	for (unsigned a = 0; a < s->na; a++) {
		s->busy_last[a / 32u] |= get(s, out, LE_BUSY_O, a) << (a % 32u);
		s->ready_last[a / 32u] |= get(s, out, LE_READY_O, a) << (a % 32u);
	}
	for (unsigned k = 0; k < s->nf; k++)
		if (get(s, out, LE_EV_REQ_O, k) && get(s, in, LE_EV_GNT_I, k)) {
			s->ev_row[k] = (int)get(s, out, LE_EV_OFF_O, k);
			s->ev_bank[k] = get(s, out, LE_EV_BANK_O, k);
			s->ev_due[k] = 1;
		}
	/* the bank allocations first: they serve fetches read in full before now */
	for (unsigned k = 0; k < s->nf; k++)
		if (check_alloc(s, out, k, msg, msg_n))
			return -1;
	for (unsigned p = 0; p < s->np; p++)
		if (get(s, out, LE_MRF_REQ_O, p) && get(s, in, LE_MRF_GNT_I, p) && check_beat(s, cycle, out, p, msg, msg_n))
			return -1;
	for (unsigned k = 0; k < s->nf; k++)
		if (check_lane(s, in, out, k, msg, msg_n))
			return -1;
	return 0;
}

/* Fill lane k's bank free, fill and table write. */
static int check_lane(struct le_stim *s, const uint32_t *in, const uint32_t *out, unsigned k, char *msg, size_t msg_n)
{
	if (get(s, out, LE_BF_REQ_O, k)) {
		unsigned a = get(s, out, LE_BF_OFF_O, k), b = get(s, out, LE_BF_BANK_O, k);

		if (!get(s, out, LE_TW_REQ_O, k) || get(s, out, LE_TW_VALID_O, k) || b != get(s, out, LE_TW_BANK_O, k) ||
		    !(s->aau[a].occupied >> b & 1u))
			return fail(msg, msg_n, "bank freed without its write-back, or not allocated", a, b);
		alloc_queue_tick(&s->aau[a], 0, 1, b);
	}
	if (get(s, out, LE_FILL_REQ_O, k) && get(s, in, LE_FILL_GNT_I, k)) {
		unsigned a = get(s, out, LE_FILL_OFF_O, k), b = get(s, out, LE_FILL_BANK_O, k);
		int r = s->fill_reg[a][b], w = s->row_warp[a];
		uint32_t data[DW];

		bus_get_words(out, port(s, LE_FILL_DATA_O), k, data);
		if ((r < 0 && r != ANY) || w < 0)
			return fail(msg, msg_n, "fill into a bank the row AAU did not hand out", a, b);
		if (r >= 0 && s->rd_next[(unsigned)w * s->nr + (unsigned)r] != 0)
			return fail(msg, msg_n, "fill of a register not read in full", a, (unsigned)r);
		if (r >= 0 && memcmp(data, reg_at(s, s->truth, (unsigned)w, (unsigned)r), s->dw * sizeof *data))
			return fail(msg, msg_n, "filled data is not the register's value", a, (unsigned)r);
		for (unsigned q = 0; q < s->nr; q++)
			if (s->bank_of[(unsigned)w * s->nr + q] == (int)b)
				return fail(msg, msg_n, "fill into a bank the row holds", a, q);
		memcpy(s->cache + ((size_t)a * s->nb + b) * s->dw, data, s->dw * sizeof *data);
		s->fill_reg[a][b] = -1;
		s->filled[a][b] = r;
		s->fills++;
	}
	if (get(s, out, LE_TW_REQ_O, k)) {
		unsigned w = get(s, out, LE_TW_WARP_O, k), r = get(s, out, LE_TW_REG_O, k);
		unsigned b = get(s, out, LE_TW_BANK_O, k), a = (unsigned)s->warp_row[w], wr = w * s->nr + r;

		if (s->warp_row[w] < 0)
			return fail(msg, msg_n, "table write for an inactive warp", 0, r);
		if (wcb_table_bank(s->cfg, r) != k % wcb_banks(s->cfg))	/* lane k writes WCB table bank k % B */
			return fail(msg, msg_n, "table write on a lane of another WCB table bank", a, r);
		if (get(s, out, LE_TW_VALID_O, k)) {
			int dead = s->fill_reg[a][b] == DEAD;

			if (dead && (ltrf_bit(s->row_live[a], r) || !ltrf_bit(s->row_want[a], r) || s->rd_next[wr]))
				return fail(msg, msg_n, "fetched dead a register live, not wanted or being read", a, r);
			if ((!dead && s->filled[a][b] != (int)r && s->filled[a][b] != ANY) || s->bank_of[wr] >= 0)
				return fail(msg, msg_n, "table write is not a register just filled", a, r);
			if (!dead && (s->rd_next[wr] ||
				      memcmp(s->cache + ((size_t)a * s->nb + b) * s->dw, reg_at(s, s->truth, w, r),
					     s->dw * sizeof(uint32_t))))
				return fail(msg, msg_n, "table write names a bank not filled with the register", a, r);
			if (check_order(s, a, 2, r, msg, msg_n))
				return -1;
			s->bank_of[wr] = (int)b;
			s->filled[a][b] = -1;
			if (dead) {
				s->fill_reg[a][b] = -1;
				s->dead_fetches++;
			}
		} else {
			if (s->bank_of[wr] != (int)b || ltrf_bit(s->row_want[a], r))
				return fail(msg, msg_n, "evicted a register not cached or still wanted", a, r);
			if (check_order(s, a, 1, r, msg, msg_n))
				return -1;
			if (!ltrf_bit(s->row_live[a], r)) {
				if (s->wr_beats[wr])
					return fail(msg, msg_n, "dead register written back", a, r);
				memcpy(reg_at(s, s->truth, w, r), reg_at(s, s->mrf, w, r), s->dw * sizeof(uint32_t));
				s->drops++;
			} else {
				if (s->wr_beats[wr] != s->beats)
					return fail(msg, msg_n, "live register not written back in full", a, r);
				if (memcmp(reg_at(s, s->mrf, w, r), reg_at(s, s->truth, w, r), s->dw * sizeof(uint32_t)))
					return fail(msg, msg_n, "main file does not hold the value after write-back", a, r);
				s->wbs++;
			}
			s->bank_of[wr] = -1;
			s->wr_beats[wr] = 0;
		}
	}
	return 0;
}

const struct stim_ops ltrf_engine_stim = {
	"ltrf_engine", scenarios, le_stim_create, le_stim_drive, le_stim_observe, le_stim_destroy,
};
