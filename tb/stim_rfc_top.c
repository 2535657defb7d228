/* stim_rfc_top.c: stimulus and scoreboard for rfc_top, the RFC
 * register-file subsystem (common/rfc_top_desc.h).
 *
 * The stimulus plays an SM core around it.  Protocol it keeps (what the
 * SM's core guarantees, docs/rfc.md "rfc_top"):
 *   - a collector holds one instruction of a resident warp: distinct source
 *     registers, random last-use hint bits; the instruction is issued (on a
 *     free issue port, one instruction per warp per cycle) in the cycle its
 *     collector takes it, and the collector asks for its sources in order,
 *     each until granted;
 *   - no register is written while an instruction in a collector reads it,
 *     and no instruction reads a register whose write is not granted yet
 *     (the core's scoreboard); a write request is held until granted;
 *   - a warp finishes (warp_valid_i drops) only with nothing in flight, and
 *     comes back as a new warp; barrier and long-latency waits come and go.
 * Scoreboard, independent of the model:
 *   - a grant only for a request; rd_valid_o of a collector exactly one
 *     cycle after each of its read grants (RFC hit, operand buffer or MRF);
 *   - read data is the register's last granted write, on the lanes that
 *     write defined (a hinted last use, a finished warp or a write covering
 *     only the live lanes leave lanes undefined: not checked);
 *   - at most NUM_SLOTS warps issuable, each resident. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc_top_desc.h"
#include "rng.h"
#include "stim.h"

enum { MAXS = 32, MAXL = 64 };

static const char *const scenarios[] = {"random", NULL};

struct col {
	int busy;
	unsigned warp, nsrc, next, src[MAXS];
	uint32_t last;
	int issued;
};

struct rt_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rfc_top_geom g;
	struct rng rng;
	struct col *col;			/* [C] */
	uint8_t *valid, *bar, *llw;		/* [kw] */
	uint32_t *ref;				/* [kw][kr][lanes] */
	uint64_t *def;				/* [kw][kr] defined lanes */
	uint8_t *wpend;				/* [kw][kr] a write request not granted yet */
	/* held write requests */
	int *w_v;				/* [WP] */
	unsigned *w_warp, *w_reg;
	uint64_t *w_mask, *w_live;
	uint32_t *w_data;			/* [WP][lanes] */
	/* reads granted last cycle: expected data */
	uint64_t gnt_prev;
	uint32_t *exp;				/* [C][lanes] */
	uint64_t *exp_def;			/* [C] */
	uint32_t *scratch;
	uint64_t full;
};

static const struct port_desc *port(const struct rt_stim *s, enum rfc_top_port p)
{
	return &s->m->ports[p];
}

static size_t at(const struct rt_stim *s, unsigned w, unsigned r)
{
	return (size_t)w * s->g.kr + r;
}

static void stim_destroy(void *vs)
{
	struct rt_stim *s = vs;

	if (!s)
		return;
	free(s->col);
	free(s->valid);
	free(s->bar);
	free(s->llw);
	free(s->ref);
	free(s->def);
	free(s->wpend);
	free(s->w_v);
	free(s->w_warp);
	free(s->w_reg);
	free(s->w_mask);
	free(s->w_live);
	free(s->w_data);
	free(s->exp);
	free(s->exp_def);
	free(s->scratch);
	free(s);
}

static void *stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			 const char *scenario)
{
	struct rt_stim *s = calloc(1, sizeof *s);
	const struct rfc_top_geom *g;
	size_t regs;

	(void)scenario;
	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	rfc_top_geom(cfg, &s->g);
	g = &s->g;
	s->rng.s = seed;
	s->full = g->lanes >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << g->lanes) - 1u;
	regs = (size_t)g->kw * g->kr;
	s->col = calloc(g->C, sizeof *s->col);
	s->valid = calloc(g->kw, 1);
	s->bar = calloc(g->kw, 1);
	s->llw = calloc(g->kw, 1);
	s->ref = calloc(regs * g->lanes, sizeof *s->ref);
	s->def = calloc(regs, sizeof *s->def);
	s->wpend = calloc(regs, 1);
	s->w_v = calloc(g->WP, sizeof *s->w_v);
	s->w_warp = calloc(g->WP, sizeof *s->w_warp);
	s->w_reg = calloc(g->WP, sizeof *s->w_reg);
	s->w_mask = calloc(g->WP, sizeof *s->w_mask);
	s->w_live = calloc(g->WP, sizeof *s->w_live);
	s->w_data = calloc((size_t)g->WP * g->lanes, sizeof *s->w_data);
	s->exp = calloc((size_t)g->C * g->lanes, sizeof *s->exp);
	s->exp_def = calloc(g->C, sizeof *s->exp_def);
	s->scratch = calloc(g->lanes, sizeof *s->scratch);
	if (!s->col || !s->valid || !s->bar || !s->llw || !s->ref || !s->def || !s->wpend || !s->w_v ||
	    !s->w_warp || !s->w_reg || !s->w_mask || !s->w_live || !s->w_data || !s->exp || !s->exp_def ||
	    !s->scratch || g->S > MAXS || g->lanes > MAXL) {
		stim_destroy(s);
		return NULL;
	}
	for (unsigned w = 0; w < g->kw; w++)
		s->valid[w] = 1;
	return s;
}

/* Whether an instruction in a collector reads (w, r). */
static int read_in_flight(const struct rt_stim *s, unsigned w, unsigned r)
{
	for (unsigned c = 0; c < s->g.C; c++) {
		const struct col *k = &s->col[c];

		if (!k->busy || k->warp != w)
			continue;
		for (unsigned j = 0; j < k->nsrc; j++)
			if (k->src[j] == r)
				return 1;
	}
	return 0;
}

static int warp_in_flight(const struct rt_stim *s, unsigned w)
{
	for (unsigned c = 0; c < s->g.C; c++)
		if (s->col[c].busy && s->col[c].warp == w)
			return 1;
	for (unsigned p = 0; p < s->g.WP; p++)
		if (s->w_v[p] && s->w_warp[p] == w)
			return 1;
	return 0;
}

/* The warp state: finish / return, barriers, long-latency waits. */
static void drive_warps(struct rt_stim *s)
{
	const struct rfc_top_geom *g = &s->g;

	for (unsigned w = 0; w < g->kw; w++) {
		if (s->valid[w] && !warp_in_flight(s, w) && rng_chance(&s->rng, 1)) {
			s->valid[w] = 0;	/* finished: its values are gone */
			for (unsigned r = 0; r < g->kr; r++)
				s->def[at(s, w, r)] = 0;
		} else if (!s->valid[w] && rng_chance(&s->rng, 5)) {
			s->valid[w] = 1;	/* a new warp */
		}
		if (rng_chance(&s->rng, 4))
			s->bar[w] = !s->bar[w] && rng_chance(&s->rng, 30);
		if (rng_chance(&s->rng, 6))
			s->llw[w] = !s->llw[w] && rng_chance(&s->rng, 40);
	}
}

/* A new instruction in collector c of warp w, issued on port `port`. */
static void start_insn(struct rt_stim *s, unsigned c, unsigned w, unsigned iport, uint32_t *in)
{
	const struct rfc_top_geom *g = &s->g;
	struct col *k = &s->col[c];
	unsigned want = 1 + rng_below(&s->rng, g->S), n = 0, ndst = rng_below(&s->rng, g->DS + 1u);

	for (unsigned tries = 0; tries < 4u * want && n < want; tries++) {
		unsigned r = rng_below(&s->rng, g->kr), dup = 0;

		for (unsigned j = 0; j < n; j++)
			dup |= k->src[j] == r;
		if (!dup && !s->wpend[at(s, w, r)])
			k->src[n++] = r;
	}
	if (!n)
		return;
	k->busy = 1;
	k->warp = w;
	k->nsrc = n;
	k->next = 0;
	k->last = (uint32_t)(rng_next(&s->rng) & ((UINT64_C(1) << n) - 1u)) & (rng_chance(&s->rng, 50) ? ~0u : 0u);
	/* a hinted source's value may be dropped after its read */
	for (unsigned j = 0; j < n; j++)
		if (k->last >> j & 1u)
			s->def[at(s, w, k->src[j])] = 0;
	bus_set(in, port(s, RCT_ISS_I), iport, 1);
	bus_set(in, port(s, RCT_ISS_WARP_I), iport, w);
	bus_set(in, port(s, RCT_ISS_NSRC_I), iport, n);
	for (unsigned j = 0; j < n; j++)
		bus_set(in, port(s, RCT_ISS_SRCS_I), iport * g->S + j, k->src[j]);
	bus_set(in, port(s, RCT_ISS_NDST_I), iport, ndst);
	for (unsigned j = 0; j < ndst; j++)
		bus_set(in, port(s, RCT_ISS_DSTS_I), iport * g->DS + j, rng_below(&s->rng, g->kr));
	bus_set(in, port(s, RCT_ISS_LL_I), iport, rng_chance(&s->rng, 25));
}

static void drive_reads(struct rt_stim *s, uint32_t *in)
{
	const struct rfc_top_geom *g = &s->g;
	unsigned iport = 0;
	uint64_t issued = 0;

	for (unsigned c = 0; c < g->C; c++) {
		struct col *k = &s->col[c];

		if (!k->busy && iport < g->NI && rng_chance(&s->rng, 40)) {
			unsigned w = rng_below(&s->rng, g->kw);

			if (s->valid[w] && !(issued >> w & 1u)) {
				start_insn(s, c, w, iport, in);
				if (k->busy) {
					issued |= UINT64_C(1) << w;
					iport++;
				}
			}
		}
		if (!k->busy)
			continue;
		bus_set(in, port(s, RCT_RD_REQ_I), c, 1);
		bus_set(in, port(s, RCT_RD_WARP_I), c, k->warp);
		bus_set(in, port(s, RCT_RD_REG_I), c, k->src[k->next]);
		bus_set(in, port(s, RCT_RD_SRC_I), c, k->next);
		bus_set(in, port(s, RCT_RD_NSRC_I), c, k->nsrc);
		for (unsigned j = 0; j < k->nsrc; j++)
			bus_set(in, port(s, RCT_RD_SRCS_I), c * g->S + j, k->src[j]);
		bus_set(in, port(s, RCT_RD_LAST_I), c, k->last);
	}
}

static void drive_writes(struct rt_stim *s, uint32_t *in)
{
	const struct rfc_top_geom *g = &s->g;

	for (unsigned p = 0; p < g->WP; p++) {
		if (!s->w_v[p] && rng_chance(&s->rng, 35)) {
			unsigned w = rng_below(&s->rng, g->kw), r = rng_below(&s->rng, g->kr);
			int taken = 0;

			for (unsigned q = 0; q < g->WP; q++)
				taken |= s->w_v[q] && s->w_warp[q] == w && s->w_reg[q] == r;
			if (s->valid[w] && !taken && !read_in_flight(s, w, r)) {
				s->w_v[p] = 1;
				s->w_warp[p] = w;
				s->w_reg[p] = r;
				s->w_mask[p] = rng_chance(&s->rng, 70) ? s->full : rng_next(&s->rng) & s->full;
				s->w_live[p] = rng_chance(&s->rng, 80) ? s->full : rng_next(&s->rng) & s->full;
				for (unsigned l = 0; l < g->lanes; l++)
					s->w_data[(size_t)p * g->lanes + l] = (uint32_t)rng_next(&s->rng);
				s->wpend[at(s, w, r)] = 1;
			}
		}
		if (!s->w_v[p])
			continue;
		bus_set(in, port(s, RCT_WR_REQ_I), p, 1);
		bus_set(in, port(s, RCT_WR_WARP_I), p, s->w_warp[p]);
		bus_set(in, port(s, RCT_WR_REG_I), p, s->w_reg[p]);
		bus_set(in, port(s, RCT_WR_MASK_I), p, s->w_mask[p]);
		bus_set(in, port(s, RCT_WR_LIVE_I), p, s->w_live[p]);
		bus_set_words(in, port(s, RCT_WR_DATA_I), p, s->w_data + (size_t)p * g->lanes);
	}
}

static void stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct rt_stim *s = vs;
	const struct rfc_top_geom *g = &s->g;

	(void)cycle;
	drive_warps(s);
	drive_writes(s, in);
	drive_reads(s, in);
	for (unsigned w = 0; w < g->kw && w < g->W; w++) {
		bus_set(in, port(s, RCT_WARP_VALID_I), w, s->valid[w]);
		bus_set(in, port(s, RCT_WARP_BAR_I), w, s->bar[w]);
		bus_set(in, port(s, RCT_WARP_LLWAIT_I), w, s->llw[w]);
	}
}

static int stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			size_t msg_n)
{
	struct rt_stim *s = vs;
	const struct rfc_top_geom *g = &s->g;
	uint64_t gnt = 0;
	unsigned act = 0;

	for (unsigned c = 0; c < g->C; c++) {
		int v = bus_get(out, port(s, RCT_RD_VALID_O), c) != 0;

		if (v != (int)(s->gnt_prev >> c & 1u)) {
			snprintf(msg, msg_n, "cycle %llu: collector %u: rd_valid_o %d, but its read was%s granted last cycle",
				 (unsigned long long)cycle, c, v, v ? " not" : "");
			return -1;
		}
		if (v) {
			bus_get_words(out, port(s, RCT_RD_DATA_O), c, s->scratch);
			for (unsigned l = 0; l < g->lanes; l++)
				if ((s->exp_def[c] >> l & 1u) && s->scratch[l] != s->exp[(size_t)c * g->lanes + l]) {
					snprintf(msg, msg_n, "cycle %llu: collector %u lane %u: read 0x%08x, the last write "
						 "left 0x%08x", (unsigned long long)cycle, c, l, s->scratch[l],
						 s->exp[(size_t)c * g->lanes + l]);
					return -1;
				}
		}
		if (!bus_get(out, port(s, RCT_RD_GNT_O), c))
			continue;
		if (!bus_get(in, port(s, RCT_RD_REQ_I), c)) {
			snprintf(msg, msg_n, "cycle %llu: read grant of collector %u without a request",
				 (unsigned long long)cycle, c);
			return -1;
		}
		gnt |= UINT64_C(1) << c;
	}
	/* reads granted now return the register's value before this cycle's writes */
	for (unsigned c = 0; c < g->C; c++) {
		struct col *k = &s->col[c];
		size_t i;

		if (!(gnt >> c & 1u))
			continue;
		i = at(s, k->warp, k->src[k->next]);
		memcpy(s->exp + (size_t)c * g->lanes, s->ref + i * g->lanes, g->lanes * sizeof *s->exp);
		s->exp_def[c] = s->def[i];
		if (++k->next == k->nsrc)
			k->busy = 0;
	}
	s->gnt_prev = gnt;
	for (unsigned p = 0; p < g->WP; p++) {
		size_t i;

		if (!bus_get(out, port(s, RCT_WR_GNT_O), p))
			continue;
		if (!s->w_v[p]) {
			snprintf(msg, msg_n, "cycle %llu: write grant of port %u without a request",
				 (unsigned long long)cycle, p);
			return -1;
		}
		i = at(s, s->w_warp[p], s->w_reg[p]);
		for (unsigned l = 0; l < g->lanes; l++)
			if (s->w_mask[p] >> l & 1u)
				s->ref[i * g->lanes + l] = s->w_data[(size_t)p * g->lanes + l];
		/* covering the live lanes writes the whole register (other lanes: garbage) */
		if ((s->w_mask[p] & s->w_live[p]) == s->w_live[p])
			s->def[i] = s->w_mask[p];
		else
			s->def[i] |= s->w_mask[p];
		s->w_v[p] = 0;
		s->wpend[i] = 0;
	}
	for (unsigned w = 0; w < g->W; w++)
		if (bus_get(out, port(s, RCT_ISSUABLE_O), w)) {
			act++;
			if (w >= g->kw) {
				snprintf(msg, msg_n, "cycle %llu: warp %u issuable, not a warp of the kernel",
					 (unsigned long long)cycle, w);
				return -1;
			}
		}
	if (act > g->na) {
		snprintf(msg, msg_n, "cycle %llu: %u warps issuable, %u slots", (unsigned long long)cycle, act, g->na);
		return -1;
	}
	return 0;
}

const struct stim_ops rfc_top_stim = {
	"rfc_top", scenarios, stim_create, stim_drive, stim_observe, stim_destroy,
};
