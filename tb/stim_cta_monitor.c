/* stim_cta_monitor.c: stimulus and scoreboard for FineReg's CTA status
 * monitor.
 *
 * Protocol: CTA ids in range; fields take Table IV's values 0, 1, 2 only
 * (3 is unused), and a launched CTA never has exactly one field 0.
 * Scoreboard: its own copy of the fields (port 0 then port 1 at the edge)
 * and the V-B selection worked out from it.
 * Scenario table4: a hand-worked sequence with the outputs written down
 * (below), then random traffic. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cta_monitor_desc.h"
#include "rng.h"
#include "stim.h"

enum { SCEN_RANDOM, SCEN_TABLE4 };
static const char *const scenarios[] = {"random", "table4", NULL};

struct ctm_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int scenario;
	unsigned n;
	uint8_t *ctx, *reg;	/* [n] */
	uint8_t *ready;		/* [n] */
};

static const struct port_desc *port(const struct ctm_stim *s, enum cta_monitor_port p)
{
	return &s->m->ports[p];
}

static void *ctm_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			     const char *scenario)
{
	struct ctm_stim *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->n = cfg->finereg.resident_ctas;
	s->scenario = strcmp(scenario, "table4") == 0 && s->n >= 4 ? SCEN_TABLE4 : SCEN_RANDOM;
	s->ctx = calloc(s->n, 1);
	s->reg = calloc(s->n, 1);
	s->ready = calloc(s->n, 1);
	return s->ctx && s->reg && s->ready ? s : NULL;
}

static void ctm_stim_destroy(void *vs)
{
	struct ctm_stim *s = vs;

	if (!s)
		return;
	free(s->ctx);
	free(s->reg);
	free(s->ready);
	free(s);
}

static void put_set(struct ctm_stim *s, uint32_t *in, unsigned p, unsigned cta, unsigned ctx, unsigned reg)
{
	bus_set(in, port(s, CTM_SET_VALID_I), p, 1);
	bus_set(in, port(s, CTM_SET_CTA_I), p, cta);
	bus_set(in, port(s, CTM_SET_CTX_I), p, ctx);
	bus_set(in, port(s, CTM_SET_REG_I), p, reg);
}

/* Table IV walk-through (Fig. 6 names): cycle 0: T0, T1 launched (2/2);
 * 1: T1 stalls, its registers to the PCRF (1/1), T2 launches (2/2);
 * 2: T0 stalls, context saved but registers still in the ACRF (1/2);
 * 3: T1 and T0 ready -> resume T0 (class 1/2 first), no restore;
 * 4: T0 not ready -> resume T1, restore needed; 5: nothing ready. */
static const struct {
	int set0[3], set1[3];	/* cta, ctx, reg; cta -1 = none */
	unsigned ready;		/* bit per CTA */
	int resume, restore, free_cta;	/* expected after the sets of the cycle before */
} table4[] = {
	{{0, 2, 2}, {1, 2, 2}, 0, -1, 0, 0},
	{{1, 1, 1}, {2, 2, 2}, 0, -1, 0, 2},
	{{0, 1, 2}, {-1, 0, 0}, 0, -1, 0, 3},
	{{-1, 0, 0}, {-1, 0, 0}, 0x3, 0, 0, 3},
	{{-1, 0, 0}, {-1, 0, 0}, 0x2, 1, 1, 3},
	{{-1, 0, 0}, {-1, 0, 0}, 0x0, -1, 0, 3},
};

static void ctm_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct ctm_stim *s = vs;
	unsigned nt = sizeof table4 / sizeof table4[0];

	if (s->scenario == SCEN_TABLE4 && cycle < nt) {
		if (table4[cycle].set0[0] >= 0)
			put_set(s, in, 0, (unsigned)table4[cycle].set0[0], (unsigned)table4[cycle].set0[1],
				(unsigned)table4[cycle].set0[2]);
		if (table4[cycle].set1[0] >= 0)
			put_set(s, in, 1, (unsigned)table4[cycle].set1[0], (unsigned)table4[cycle].set1[1],
				(unsigned)table4[cycle].set1[2]);
		for (unsigned i = 0; i < s->n; i++)
			bus_set(in, port(s, CTM_READY_I), i, table4[cycle].ready >> i & 1u);
		return;
	}
	for (unsigned p = 0; p < 2; p++) {
		static const unsigned legal[][2] = {{0, 0}, {1, 1}, {1, 2}, {2, 2}, {2, 1}};

		if (rng_chance(&s->rng, 40)) {
			unsigned k = rng_below(&s->rng, 5);

			put_set(s, in, p, rng_below(&s->rng, s->n), legal[k][0], legal[k][1]);
		}
	}
	for (unsigned i = 0; i < s->n; i++) {
		if (rng_chance(&s->rng, 10))
			s->ready[i] ^= 1u;
		bus_set(in, port(s, CTM_READY_I), i, s->ready[i]);
	}
	bus_set(in, port(s, CTM_LAUNCH_OK_I), 0, rng_chance(&s->rng, 50));
}

static int first(const struct ctm_stim *s, const uint32_t *in, int need_ready, unsigned ctx, unsigned reg)
{
	for (unsigned i = 0; i < s->n; i++)
		if (s->ctx[i] == ctx && s->reg[i] == reg && (!need_ready || bus_get(in, port(s, CTM_READY_I), i)))
			return (int)i;
	return -1;
}

static int ctm_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			    size_t msg_n)
{
	struct ctm_stim *s = vs;
	int pf = s->cfg->finereg.resume_first == FINEREG_FIRST_PCRF;	/* PCRF class first */
	int a = first(s, in, 1, 1, pf ? 1 : 2), b = first(s, in, 1, 1, pf ? 2 : 1), f = first(s, in, 0, 0, 0);
	int resume = a >= 0 ? a : b, launch = (int)bus_get(in, port(s, CTM_LAUNCH_OK_I), 0);
	unsigned dec, got_resume = (unsigned)bus_get(out, port(s, CTM_RESUME_VALID_O), 0);

	for (unsigned i = 0; i < s->n; i++)
		if (bus_get(out, port(s, CTM_CTX_O), i) != s->ctx[i] || bus_get(out, port(s, CTM_REG_O), i) != s->reg[i]) {
			snprintf(msg, msg_n, "scoreboard: CTA %u fields %u/%u, expected %u/%u", i,
				 (unsigned)bus_get(out, port(s, CTM_CTX_O), i),
				 (unsigned)bus_get(out, port(s, CTM_REG_O), i), s->ctx[i], s->reg[i]);
			return -1;
		}
	if (s->scenario == SCEN_TABLE4 && cycle < sizeof table4 / sizeof table4[0] &&
	    (table4[cycle].resume != (got_resume ? (int)bus_get(out, port(s, CTM_RESUME_CTA_O), 0) : -1) ||
	     (unsigned)table4[cycle].restore != bus_get(out, port(s, CTM_RESUME_RESTORE_O), 0) ||
	     table4[cycle].free_cta != (int)bus_get(out, port(s, CTM_FREE_CTA_O), 0))) {
		snprintf(msg, msg_n, "scoreboard: Table IV step %u: resume %d restore %u free %u, the hand-worked "
			 "case says %d %d %d", (unsigned)cycle,
			 got_resume ? (int)bus_get(out, port(s, CTM_RESUME_CTA_O), 0) : -1,
			 (unsigned)bus_get(out, port(s, CTM_RESUME_RESTORE_O), 0),
			 (unsigned)bus_get(out, port(s, CTM_FREE_CTA_O), 0), table4[cycle].resume,
			 table4[cycle].restore, table4[cycle].free_cta);
		return -1;
	}
	if (s->cfg->finereg.resume_policy == FINEREG_RESUME_FIRST)
		dec = resume >= 0 ? CTM_DECIDE_RESUME : launch ? CTM_DECIDE_LAUNCH : CTM_DECIDE_NONE;
	else
		dec = launch ? CTM_DECIDE_LAUNCH : resume >= 0 ? CTM_DECIDE_RESUME : CTM_DECIDE_NONE;
	if (got_resume != (resume >= 0) ||
	    bus_get(out, port(s, CTM_RESUME_CTA_O), 0) != (unsigned)(resume >= 0 ? resume : 0) ||
	    bus_get(out, port(s, CTM_RESUME_RESTORE_O), 0) != (unsigned)(pf ? a >= 0 : a < 0 && b >= 0) ||
	    bus_get(out, port(s, CTM_FREE_VALID_O), 0) != (unsigned)(f >= 0) ||
	    bus_get(out, port(s, CTM_FREE_CTA_O), 0) != (unsigned)(f >= 0 ? f : 0) ||
	    bus_get(out, port(s, CTM_DECISION_O), 0) != dec) {
		snprintf(msg, msg_n, "scoreboard: selection resume %u/%u free %u decision %u, expected %d free %d "
			 "decision %u", got_resume, (unsigned)bus_get(out, port(s, CTM_RESUME_CTA_O), 0),
			 (unsigned)bus_get(out, port(s, CTM_FREE_CTA_O), 0),
			 (unsigned)bus_get(out, port(s, CTM_DECISION_O), 0), resume, f, dec);
		return -1;
	}
	for (unsigned p = 0; p < 2; p++)
		if (bus_get(in, port(s, CTM_SET_VALID_I), p)) {
			unsigned c = (unsigned)bus_get(in, port(s, CTM_SET_CTA_I), p);

			s->ctx[c] = (uint8_t)bus_get(in, port(s, CTM_SET_CTX_I), p);
			s->reg[c] = (uint8_t)bus_get(in, port(s, CTM_SET_REG_I), p);
		}
	return 0;
}

const struct stim_ops cta_monitor_stim = {
	"cta_monitor", scenarios, ctm_stim_create, ctm_stim_drive, ctm_stim_observe, ctm_stim_destroy,
};
