/* stim_ltrf_cache.c: stimulus and scoreboard for the LTRF register cache
 * and its Address Allocation Units.
 *
 * Protocol the stimulus keeps (docs/ltrf.md), acting as the prefetch engine
 * and the operand collectors:
 *   - a row (warp offset) is used only after the global AAU handed it out,
 *     and freed only once it holds no bank;
 *   - a bank is freed only if its row holds it;
 *   - reads, writes, fills and eviction reads name only (row, bank) pairs
 *     the row holds (every valid address-table entry points at a bank its
 *     warp holds); reads and eviction reads only pairs already written in
 *     full, so no read returns what the SRAM held at power-up;
 *   - a refused operand read is usually held and retried.
 *
 * Scoreboard (independent of the model):
 *   - data: a flat copy of the banks; a read or eviction read granted at t
 *     returns at t + 1 the value before t's writes;
 *   - priorities: at most one operand read and one write per bank; an
 *     eviction lane is refused exactly when an operand read or a lower
 *     eviction lane names its bank, a fill lane exactly when an execution
 *     write or a lower fill lane names its bank; a lone request is always
 *     granted; every granted fill lands (several a cycle);
 *   - allocation: its own FIFO model of the paper's unused queues predicts
 *     oa_off_o, ba_bank_o and each row's first [ltrf] fill_ports heads
 *     exactly (several allocations and frees a cycle, in lane order); the
 *     bank handed out is never one the
 *     row already holds (no two registers of a warp in one bank), held +
 *     unused = N, and rows_used_o / banks_held_o match. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ltrf_cache_desc.h"
#include "rng.h"
#include "stim.h"

static const char *const scenarios[] = {"random", NULL};

enum { MAXL = 64 };

struct fifo {		/* the paper's unused queue: head at [0] */
	unsigned id[64], n;
};

struct lc_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	unsigned nb, na, nc, nwp, lanes, nf;
	uint64_t full;
	uint32_t *ref;		/* [bank][row][lane] */
	uint64_t *written;	/* [bank][row] lanes ever written */
	struct fifo offs, banks[64];
	uint64_t rows_used, held[64];
	int *held_rd;		/* [collector] bank*na+row held after refusal, or -1 */
	/* reads due next cycle */
	int rd_due[32], ev_due[32];
	uint32_t *rd_val, *ev_val;	/* ev_val: [fill lane][lane] */
	uint64_t reads, evictions, allocs;
};

static const struct port_desc *port(const struct lc_stim *s, enum ltrf_cache_port p)
{
	return &s->m->ports[p];
}

static unsigned in_u(const struct lc_stim *s, const uint32_t *in, enum ltrf_cache_port p, unsigned e)
{
	return (unsigned)bus_get(in, port(s, p), e);
}

static void fifo_init(struct fifo *f, unsigned n)
{
	f->n = n;
	for (unsigned i = 0; i < n; i++)
		f->id[i] = i;
}

static void fifo_pop(struct fifo *f)
{
	memmove(f->id, f->id + 1, (f->n - 1u) * sizeof f->id[0]);
	f->n--;
}

static void *lc_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			    const char *scenario)
{
	struct lc_stim *s = calloc(1, sizeof *s);

	(void)scenario;
	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->nb = cfg->ltrf.regs_per_interval;
	s->na = cfg->ltrf.active_warps;
	s->nc = cfg->collectors;
	s->nwp = cfg->write_ports;
	s->nf = cfg->ltrf.fill_ports;
	s->lanes = cfg->lanes;
	s->full = s->lanes == 64 ? ~UINT64_C(0) : (UINT64_C(1) << s->lanes) - 1u;
	s->ref = calloc((size_t)s->nb * s->na * s->lanes, sizeof *s->ref);
	s->written = calloc((size_t)s->nb * s->na, sizeof *s->written);
	s->held_rd = calloc(s->nc, sizeof *s->held_rd);
	s->rd_val = calloc((size_t)s->nc * s->lanes, sizeof *s->rd_val);
	s->ev_val = calloc((size_t)s->nf * s->lanes, sizeof *s->ev_val);
	if (s->nf > 32 || !s->ref || !s->written || !s->held_rd || !s->rd_val || !s->ev_val)
		return NULL;
	fifo_init(&s->offs, s->na);
	for (unsigned r = 0; r < s->na; r++)
		fifo_init(&s->banks[r], s->nb);
	for (unsigned c = 0; c < s->nc; c++)
		s->held_rd[c] = -1;
	return s;
}

static void lc_stim_destroy(void *vs)
{
	struct lc_stim *s = vs;

	if (!s)
		return;
	printf("  scoreboard: %llu operand reads and %llu eviction reads checked, %llu bank allocations "
	       "predicted\n", (unsigned long long)s->reads, (unsigned long long)s->evictions,
	       (unsigned long long)s->allocs);
	free(s->ref);
	free(s->written);
	free(s->held_rd);
	free(s->rd_val);
	free(s->ev_val);
	free(s);
}

/* A random (bank, row) the rows hold; readable: also written in full.
 * Returns bank * na + row, or -1. */
static int pick_held(struct lc_stim *s, int readable)
{
	unsigned start = rng_below(&s->rng, s->nb * s->na);

	for (unsigned k = 0; k < s->nb * s->na; k++) {
		unsigned i = (start + k) % (s->nb * s->na), b = i / s->na, r = i % s->na;

		if ((s->rows_used >> r & 1u) && (s->held[r] >> b & 1u) && (!readable || s->written[i] == s->full))
			return (int)i;
	}
	return -1;
}

static void random_data(struct lc_stim *s, uint32_t *in, enum ltrf_cache_port p, unsigned e)
{
	uint32_t v[MAXL];

	for (unsigned l = 0; l < s->lanes; l++)
		v[l] = (uint32_t)rng_next(&s->rng);
	bus_set_words(in, port(s, p), e, v);
}

static void drive_aau(struct lc_stim *s, uint32_t *in)
{
	unsigned r = rng_below(&s->rng, s->na);

	if (rng_chance(&s->rng, 10))
		bus_set(in, port(s, LC_OA_REQ_I), 0, 1);
	if ((s->rows_used >> r & 1u) && !s->held[r] && rng_chance(&s->rng, 8)) {
		bus_set(in, port(s, LC_OF_REQ_I), 0, 1);
		bus_set(in, port(s, LC_OF_OFF_I), 0, r);
	}
	for (unsigned k = 0; k < s->nf; k++) {
		/* with several lanes, often the same row (a warp's working set) */
		if (!k || rng_chance(&s->rng, 50))
			r = rng_below(&s->rng, s->na);
		bus_set(in, port(s, LC_BA_OFF_I), k, r);
		if ((s->rows_used >> r & 1u) && rng_chance(&s->rng, 30))
			bus_set(in, port(s, LC_BA_REQ_I), k, 1);
	}
	/* frees: each of a bank its row holds, no bank twice */
	{
		uint64_t freeing[64] = {0};

		for (unsigned k = 0; k < s->nf; k++) {
			uint64_t left;
			unsigned b;

			r = rng_below(&s->rng, s->na);
			left = s->held[r] & ~freeing[r];
			if (!left || !rng_chance(&s->rng, 25))
				continue;
			do
				b = rng_below(&s->rng, s->nb);
			while (!(left >> b & 1u));
			freeing[r] |= UINT64_C(1) << b;
			bus_set(in, port(s, LC_BF_REQ_I), k, 1);
			bus_set(in, port(s, LC_BF_OFF_I), k, r);
			bus_set(in, port(s, LC_BF_BANK_I), k, b);
		}
	}
}

static void set_access(struct lc_stim *s, uint32_t *in, enum ltrf_cache_port req, unsigned e, int i)
{
	bus_set(in, port(s, req), e, 1);
	bus_set(in, port(s, (enum ltrf_cache_port)(req + 1)), e, (unsigned)i / s->na);
	bus_set(in, port(s, (enum ltrf_cache_port)(req + 2)), e, (unsigned)i % s->na);
}

static void lc_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct lc_stim *s = vs;
	unsigned rd_pct = (cycle / 256) % 3 == 2 ? 90 : 50;
	int i;

	drive_aau(s, in);
	for (unsigned c = 0; c < s->nc; c++) {
		if (s->held_rd[c] >= 0 && rng_chance(&s->rng, 85)) {
			i = s->held_rd[c];
			/* still legal only if the bank is still held */
			if ((s->held[i % s->na] >> (i / s->na) & 1u) && (s->rows_used >> (i % s->na) & 1u)) {
				set_access(s, in, LC_RD_REQ_I, c, i);
				continue;
			}
		}
		s->held_rd[c] = -1;
		if (rng_chance(&s->rng, rd_pct) && (i = pick_held(s, 1)) >= 0)
			set_access(s, in, LC_RD_REQ_I, c, i);
	}
	for (unsigned w = 0; w < s->nwp; w++)
		if (rng_chance(&s->rng, 40) && (i = pick_held(s, 0)) >= 0) {
			set_access(s, in, LC_WR_REQ_I, w, i);
			bus_set(in, port(s, LC_WR_MASK_I), w,
				rng_chance(&s->rng, 50) ? s->full : rng_next(&s->rng) & s->full);
			random_data(s, in, LC_WR_DATA_I, w);
		}
	for (unsigned k = 0; k < s->nf; k++) {
		if (rng_chance(&s->rng, 50) && (i = pick_held(s, 0)) >= 0) {
			set_access(s, in, LC_FILL_REQ_I, k, i);
			random_data(s, in, LC_FILL_DATA_I, k);
		}
		if (rng_chance(&s->rng, 30) && (i = pick_held(s, 1)) >= 0)
			set_access(s, in, LC_EV_REQ_I, k, i);
	}
}

static int fail(char *msg, size_t n, const char *what)
{
	snprintf(msg, n, "scoreboard: %s", what);
	return -1;
}

static int check_data(struct lc_stim *s, const uint32_t *out, char *msg, size_t msg_n)
{
	uint32_t got[MAXL];

	for (unsigned c = 0; c < s->nc + s->nf; c++) {
		int ev = c >= s->nc, due = ev ? s->ev_due[c - s->nc] : s->rd_due[c];
		unsigned e = ev ? c - s->nc : c;
		unsigned v = in_u(s, out, ev ? LC_EV_VALID_O : LC_RD_VALID_O, e);

		if (v != (unsigned)due) {
			snprintf(msg, msg_n, "scoreboard: %s %u valid = %u, expected %d", ev ? "eviction" : "collector",
				 e, v, due);
			return -1;
		}
		if (!due)
			continue;
		bus_get_words(out, port(s, ev ? LC_EV_DATA_O : LC_RD_DATA_O), e, got);
		if (memcmp(got, (ev ? s->ev_val : s->rd_val) + (size_t)e * s->lanes, s->lanes * sizeof got[0]) != 0) {
			snprintf(msg, msg_n, "scoreboard: %s %u read returned data other than last written",
				 ev ? "eviction" : "collector", e);
			return -1;
		}
		if (ev)
			s->evictions++;
		else
			s->reads++;
	}
	return 0;
}

/* Grants: one per bank and side, priorities, no idle refusal. */
static int check_grants(struct lc_stim *s, const uint32_t *in, const uint32_t *out, char *msg, size_t msg_n)
{
	unsigned rd_n[64] = {0}, wr_n[64] = {0}, rd_g[64] = {0}, wr_g[64] = {0};
	uint64_t ev_named = 0, fill_named = 0;	/* banks a lower lane names */

	for (unsigned c = 0; c < s->nc; c++)
		if (in_u(s, in, LC_RD_REQ_I, c)) {
			rd_n[in_u(s, in, LC_RD_BANK_I, c)]++;
			rd_g[in_u(s, in, LC_RD_BANK_I, c)] += in_u(s, out, LC_RD_GNT_O, c);
		} else if (in_u(s, out, LC_RD_GNT_O, c))
			return fail(msg, msg_n, "operand read granted without a request");
	for (unsigned w = 0; w < s->nwp; w++)
		if (in_u(s, in, LC_WR_REQ_I, w)) {
			wr_n[in_u(s, in, LC_WR_BANK_I, w)]++;
			wr_g[in_u(s, in, LC_WR_BANK_I, w)] += in_u(s, out, LC_WR_GNT_O, w);
		} else if (in_u(s, out, LC_WR_GNT_O, w))
			return fail(msg, msg_n, "write granted without a request");
	for (unsigned b = 0; b < s->nb; b++)
		if (rd_g[b] != (rd_n[b] ? 1u : 0u) || wr_g[b] != (wr_n[b] ? 1u : 0u))
			return fail(msg, msg_n, "a bank granted other than exactly one of its operand requests");
	for (unsigned k = 0; k < s->nf; k++) {
		unsigned evb = in_u(s, in, LC_EV_BANK_I, k), flb = in_u(s, in, LC_FILL_BANK_I, k);
		int evr = (int)in_u(s, in, LC_EV_REQ_I, k), flr = (int)in_u(s, in, LC_FILL_REQ_I, k);

		if (in_u(s, out, LC_EV_GNT_O, k) != (unsigned)(evr && !rd_n[evb] && !(ev_named >> evb & 1u)))
			return fail(msg, msg_n, "eviction read granted against the priority (operand reads, "
						"then the lowest lane naming the bank)");
		if (in_u(s, out, LC_FILL_GNT_O, k) != (unsigned)(flr && !wr_n[flb] && !(fill_named >> flb & 1u)))
			return fail(msg, msg_n, "fill granted against the priority (execution writes, then "
						"the lowest lane naming the bank)");
		if (evr)
			ev_named |= UINT64_C(1) << evb;
		if (flr)
			fill_named |= UINT64_C(1) << flb;
	}
	return 0;
}

static int check_aau(struct lc_stim *s, const uint32_t *in, const uint32_t *out, char *msg, size_t msg_n)
{
	unsigned r = in_u(s, in, LC_BA_OFF_I, 0), ok = s->banks[r].n > 0;	/* lane 0's row */

	if (in_u(s, out, LC_OA_OK_O, 0) != (s->offs.n > 0) ||
	    in_u(s, out, LC_OA_OFF_O, 0) != (s->offs.n ? s->offs.id[0] : 0u))
		return fail(msg, msg_n, "global AAU offered other than the head of its unused queue");
	if (in_u(s, out, LC_BA_OK_O, 0) != ok || in_u(s, out, LC_BA_BANK_O, 0) != (ok ? s->banks[r].id[0] : 0u))
		return fail(msg, msg_n, "row AAU offered other than the head of its unused queue");
	for (unsigned k = 0; k < s->na; k++)
		for (unsigned j = 0; j < s->nf; j++)
			if (bus_get(out, port(s, LC_BA_HEADS_O), k * s->nf + j) != (j < s->banks[k].n ? s->banks[k].id[j] : 0u))
				return fail(msg, msg_n, "ba_heads_o differs from the first ids of the unused-bank queues");
	if (ok && (s->held[r] >> s->banks[r].id[0] & 1u))
		return fail(msg, msg_n, "row AAU offers a bank its row already holds (two registers in one bank)");
	if (bus_get(out, port(s, LC_ROWS_USED_O), 0) != s->rows_used)
		return fail(msg, msg_n, "rows_used_o differs from the offsets handed out");
	for (unsigned k = 0; k < s->na; k++) {
		unsigned held = 0;

		for (unsigned b = 0; b < s->nb; b++)
			held += (unsigned)(s->held[k] >> b & 1u);
		if (bus_get(out, port(s, LC_BANKS_HELD_O), k) != s->held[k])
			return fail(msg, msg_n, "banks_held_o differs from the banks handed out");
		if (held + s->banks[k].n != s->nb)
			return fail(msg, msg_n, "occupied + unused banks of a row differ from N");
	}
	return 0;
}

static void apply_edge(struct lc_stim *s, const uint32_t *in, const uint32_t *out)
{
	uint32_t v[MAXL];

	/* reads first (read-first), then writes */
	for (unsigned c = 0; c < s->nc; c++) {
		unsigned i = in_u(s, in, LC_RD_BANK_I, c) * s->na + in_u(s, in, LC_RD_OFF_I, c);

		s->rd_due[c] = (int)in_u(s, out, LC_RD_GNT_O, c);
		if (s->rd_due[c])
			memcpy(s->rd_val + (size_t)c * s->lanes, s->ref + (size_t)i * s->lanes, s->lanes * sizeof *v);
		if (in_u(s, in, LC_RD_REQ_I, c))
			s->held_rd[c] = s->rd_due[c] ? -1 : (int)i;
	}
	for (unsigned k = 0; k < s->nf; k++) {
		s->ev_due[k] = (int)in_u(s, out, LC_EV_GNT_O, k);
		if (s->ev_due[k])
			memcpy(s->ev_val + (size_t)k * s->lanes,
			       s->ref + ((size_t)in_u(s, in, LC_EV_BANK_I, k) * s->na + in_u(s, in, LC_EV_OFF_I, k)) *
					s->lanes,
			       s->lanes * sizeof *v);
	}
	for (unsigned w = 0; w < s->nwp; w++) {
		unsigned i = in_u(s, in, LC_WR_BANK_I, w) * s->na + in_u(s, in, LC_WR_OFF_I, w);
		uint64_t mask = bus_get(in, port(s, LC_WR_MASK_I), w);

		if (!in_u(s, out, LC_WR_GNT_O, w))
			continue;
		bus_get_words(in, port(s, LC_WR_DATA_I), w, v);
		for (unsigned l = 0; l < s->lanes; l++)
			if (mask >> l & 1u)
				s->ref[(size_t)i * s->lanes + l] = v[l];
		s->written[i] |= mask;
	}
	for (unsigned k = 0; k < s->nf; k++) {
		unsigned i = in_u(s, in, LC_FILL_BANK_I, k) * s->na + in_u(s, in, LC_FILL_OFF_I, k);

		if (!in_u(s, out, LC_FILL_GNT_O, k))
			continue;
		bus_get_words(in, port(s, LC_FILL_DATA_I), k, s->ref + (size_t)i * s->lanes);
		s->written[i] = s->full;
	}
	/* allocation: take the head, freed ids to the tail */
	{
		int take = in_u(s, in, LC_OA_REQ_I, 0) && s->offs.n;
		unsigned id = take ? s->offs.id[0] : 0;

		if (take) {
			fifo_pop(&s->offs);
			s->rows_used |= UINT64_C(1) << id;
		}
		if (in_u(s, in, LC_OF_REQ_I, 0)) {
			s->offs.id[s->offs.n++] = in_u(s, in, LC_OF_OFF_I, 0);
			s->rows_used &= ~(UINT64_C(1) << in_u(s, in, LC_OF_OFF_I, 0));
		}
	}
	/* every lane's allocation (from the queue as it was), then the frees */
	for (unsigned k = 0; k < s->nf; k++) {
		unsigned r = in_u(s, in, LC_BA_OFF_I, k);

		if (in_u(s, in, LC_BA_REQ_I, k) && s->banks[r].n) {
			s->held[r] |= UINT64_C(1) << s->banks[r].id[0];
			fifo_pop(&s->banks[r]);
			s->allocs++;
		}
	}
	for (unsigned k = 0; k < s->nf; k++)
		if (in_u(s, in, LC_BF_REQ_I, k)) {
			unsigned r = in_u(s, in, LC_BF_OFF_I, k);

			s->banks[r].id[s->banks[r].n++] = in_u(s, in, LC_BF_BANK_I, k);
			s->held[r] &= ~(UINT64_C(1) << in_u(s, in, LC_BF_BANK_I, k));
		}
}

static int lc_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			   size_t msg_n)
{
	struct lc_stim *s = vs;

	(void)cycle;
	if (check_data(s, out, msg, msg_n) || check_grants(s, in, out, msg, msg_n) ||
	    check_aau(s, in, out, msg, msg_n))
		return -1;
	apply_edge(s, in, out);
	return 0;
}

const struct stim_ops ltrf_cache_stim = {
	"ltrf_cache", scenarios, lc_stim_create, lc_stim_drive, lc_stim_observe, lc_stim_destroy,
};
