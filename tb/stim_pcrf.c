/* stim_pcrf.c: stimulus and scoreboard for FineReg's PCRF.
 *
 * Protocol: indices in range; anything else goes (a write and a link of
 * the same entry, a read of a free entry, a free of a free entry).
 * Scoreboard: its own copy of tags and data, updated with the edge order
 * of docs/finereg.md (read samples first, free, write, link), and the
 * expected read returns pcrf_latency cycles later, fields zero when V was 0.
 * Scenario fig11: Fig. 11's chain.  CTA 0 owns entries 0 -> 1 -> 4 (E at
 * 4), another CTA owns 2 -> 3; the walk starts at CTA 0's head, follows
 * NEXT from the returned tags, and must visit exactly 0, 1, 4 and stop on
 * the E bit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcrf_desc.h"
#include "rng.h"
#include "stim.h"

enum { SCEN_RANDOM, SCEN_FIG11 };
static const char *const scenarios[] = {"random", "fig11", NULL};
enum { MAXLAT = 16 };

struct expect {
	int valid;
	struct pcrf_tag tag;
	uint32_t *data;
};

struct pcrf_stim {
	const struct gpurf_cfg *cfg;
	const struct module_desc *m;
	struct rng rng;
	int scenario;
	unsigned E, lanes, lat;
	struct pcrf_tag *tag;	/* [E] */
	uint32_t *data;		/* [E][lanes] */
	uint8_t *written;	/* [E] data ever written */
	struct expect pipe[MAXLAT];	/* pipe[k]: read returning in k+1 cycles */
	uint32_t *scratch;
	/* fig11 walk */
	int walk_next;		/* entry to read next, -1 none, -2 waiting */
	unsigned visited[8], nvisited;
	int walk_done;
};

static const struct port_desc *port(const struct pcrf_stim *s, enum pcrf_port p)
{
	return &s->m->ports[p];
}

static void *pcrf_stim_create(const struct gpurf_cfg *cfg, const struct module_desc *m, uint64_t seed,
			      const char *scenario)
{
	struct pcrf_stim *s = calloc(1, sizeof *s);

	if (!s)
		return NULL;
	s->cfg = cfg;
	s->m = m;
	s->rng.s = seed;
	s->E = cfg->finereg.pcrf_entries;
	s->lanes = cfg->lanes;
	s->lat = cfg->finereg.pcrf_latency;
	s->scenario = strcmp(scenario, "fig11") == 0 && s->E >= 5 ? SCEN_FIG11 : SCEN_RANDOM;
	s->tag = calloc(s->E, sizeof *s->tag);
	s->data = calloc((size_t)s->E * s->lanes, sizeof *s->data);
	s->written = calloc(s->E, 1);
	s->scratch = calloc(s->lanes, sizeof *s->scratch);
	if (!s->tag || !s->data || !s->written || !s->scratch)
		return NULL;
	for (unsigned k = 0; k < MAXLAT; k++)
		if (!(s->pipe[k].data = calloc(s->lanes, sizeof(uint32_t))))
			return NULL;
	s->walk_next = -1;
	return s;
}

static void pcrf_stim_destroy(void *vs)
{
	struct pcrf_stim *s = vs;

	if (!s)
		return;
	for (unsigned k = 0; k < MAXLAT; k++)
		free(s->pipe[k].data);
	free(s->tag);
	free(s->data);
	free(s->written);
	free(s->scratch);
	free(s);
}

static void put_write(struct pcrf_stim *s, uint32_t *in, unsigned e, unsigned end, unsigned next,
		      unsigned warp, unsigned reg)
{
	bus_set(in, port(s, PCRF_WR_VALID_I), 0, 1);
	bus_set(in, port(s, PCRF_WR_IDX_I), 0, e);
	bus_set(in, port(s, PCRF_WR_END_I), 0, end);
	bus_set(in, port(s, PCRF_WR_NEXT_I), 0, next);
	bus_set(in, port(s, PCRF_WR_WARP_I), 0, warp);
	bus_set(in, port(s, PCRF_WR_REG_I), 0, reg);
	for (unsigned l = 0; l < s->lanes; l++)
		s->scratch[l] = (uint32_t)rng_next(&s->rng);
	bus_set_words(in, port(s, PCRF_WR_DATA_I), 0, s->scratch);
}

static void put_read(struct pcrf_stim *s, uint32_t *in, unsigned e, unsigned free_it)
{
	bus_set(in, port(s, PCRF_RD_VALID_I), 0, 1);
	bus_set(in, port(s, PCRF_RD_IDX_I), 0, e);
	bus_set(in, port(s, PCRF_RD_FREE_I), 0, free_it);
}

/* Fig. 11: writes at cycles 0..4 (4 = the end), then the walk. */
static void drive_fig11(struct pcrf_stim *s, uint64_t cycle, uint32_t *in)
{
	static const unsigned order[5][4] = {	/* entry, E, NEXT, warp */
		{0, 0, 1, 0}, {2, 0, 3, 1}, {1, 0, 4, 0}, {3, 1, 0, 1}, {4, 1, 0, 1}};

	if (cycle < 5) {
		put_write(s, in, order[cycle][0], order[cycle][1], order[cycle][2], order[cycle][3],
			  (unsigned)cycle % 2u);
		return;
	}
	if (cycle == 6)
		s->walk_next = 0;	/* CTA 0's head pointer */
	if (s->walk_next >= 0) {
		put_read(s, in, (unsigned)s->walk_next, 1);
		s->walk_next = -2;
	}
}

static void pcrf_stim_drive(void *vs, uint64_t cycle, uint32_t *in)
{
	struct pcrf_stim *s = vs;
	unsigned nb = s->cfg->finereg.d.next_bits, wb = s->cfg->finereg.d.warp_bits;
	unsigned rb = s->cfg->finereg.d.reg_bits;

	if (s->scenario == SCEN_FIG11 && !s->walk_done) {
		drive_fig11(s, cycle, in);
		return;
	}
	if (rng_chance(&s->rng, 40))
		put_write(s, in, rng_below(&s->rng, s->E), rng_chance(&s->rng, 50),
			  (unsigned)(rng_next(&s->rng) & ((1u << nb) - 1u)),
			  (unsigned)(rng_next(&s->rng) & ((1u << wb) - 1u)),
			  (unsigned)(rng_next(&s->rng) & ((1u << rb) - 1u)));
	if (rng_chance(&s->rng, 25)) {
		bus_set(in, port(s, PCRF_LINK_VALID_I), 0, 1);
		bus_set(in, port(s, PCRF_LINK_IDX_I), 0, rng_below(&s->rng, s->E));
		bus_set(in, port(s, PCRF_LINK_NEXT_I), 0, rng_below(&s->rng, s->E));
	}
	if (rng_chance(&s->rng, 50))
		put_read(s, in, rng_below(&s->rng, s->E), rng_chance(&s->rng, 40));
}

static int pcrf_stim_observe(void *vs, uint64_t cycle, const uint32_t *in, const uint32_t *out, char *msg,
			     size_t msg_n)
{
	struct pcrf_stim *s = vs;
	struct expect *due = &s->pipe[0];
	unsigned rd = (unsigned)bus_get(in, port(s, PCRF_RD_IDX_I), 0);
	unsigned wr = (unsigned)bus_get(in, port(s, PCRF_WR_IDX_I), 0);
	unsigned ln = (unsigned)bus_get(in, port(s, PCRF_LINK_IDX_I), 0);
	int live = due->valid && due->tag.valid;
	struct expect tmp;

	(void)cycle;
	/* 1. the read due now */
	if (bus_get(out, port(s, PCRF_RD_VALID_O), 0) != (uint64_t)due->valid ||
	    bus_get(out, port(s, PCRF_RD_TAGV_O), 0) != (uint64_t)live ||
	    bus_get(out, port(s, PCRF_RD_END_O), 0) != (live ? due->tag.end : 0u) ||
	    bus_get(out, port(s, PCRF_RD_NEXT_O), 0) != (live ? due->tag.next : 0u) ||
	    bus_get(out, port(s, PCRF_RD_WARP_O), 0) != (live ? due->tag.warp : 0u) ||
	    bus_get(out, port(s, PCRF_RD_REG_O), 0) != (live ? due->tag.reg : 0u)) {
		snprintf(msg, msg_n, "scoreboard: read output valid %u V %u E %u NEXT %u, expected valid %d "
			 "V %d E %u NEXT %u", (unsigned)bus_get(out, port(s, PCRF_RD_VALID_O), 0),
			 (unsigned)bus_get(out, port(s, PCRF_RD_TAGV_O), 0),
			 (unsigned)bus_get(out, port(s, PCRF_RD_END_O), 0),
			 (unsigned)bus_get(out, port(s, PCRF_RD_NEXT_O), 0), due->valid, live,
			 live ? due->tag.end : 0u, live ? due->tag.next : 0u);
		return -1;
	}
	bus_get_words(out, port(s, PCRF_RD_DATA_O), 0, s->scratch);
	for (unsigned l = 0; l < s->lanes; l++)
		if (s->scratch[l] != (live ? due->data[l] : 0u)) {
			snprintf(msg, msg_n, "scoreboard: read data lane %u = 0x%08x, expected 0x%08x", l,
				 s->scratch[l], live ? due->data[l] : 0u);
			return -1;
		}
	/* Fig. 11's walk: follow NEXT until E. */
	if (s->scenario == SCEN_FIG11 && due->valid && !s->walk_done) {
		static const unsigned want[3] = {0, 1, 4};
		unsigned at = s->nvisited;

		s->visited[s->nvisited++] = at < 3 ? want[at] : 99;
		if (at >= 3 || !live || due->tag.end != (at == 2)) {
			snprintf(msg, msg_n, "scoreboard: Fig. 11 walk step %u: V %d E %u, expected the chain "
				 "0 -> 1 -> 4 with E at 4", at, live, due->tag.end);
			return -1;
		}
		if (due->tag.end)
			s->walk_done = 1;
		else
			s->walk_next = (int)due->tag.next;
	}
	/* 2. advance: pipe[k] <- pipe[k+1]; the read issued now lands at lat-1 */
	tmp = s->pipe[0];
	for (unsigned k = 0; k + 1 < s->lat; k++)
		s->pipe[k] = s->pipe[k + 1];
	s->pipe[s->lat - 1] = tmp;
	s->pipe[s->lat - 1].valid = (int)bus_get(in, port(s, PCRF_RD_VALID_I), 0);
	if (s->pipe[s->lat - 1].valid) {
		s->pipe[s->lat - 1].tag = s->tag[rd];
		memcpy(s->pipe[s->lat - 1].data, s->data + (size_t)rd * s->lanes, s->lanes * sizeof(uint32_t));
		if (bus_get(in, port(s, PCRF_RD_FREE_I), 0))
			s->tag[rd].valid = 0;
	}
	if (bus_get(in, port(s, PCRF_WR_VALID_I), 0)) {
		s->tag[wr] = (struct pcrf_tag){1, (unsigned)bus_get(in, port(s, PCRF_WR_END_I), 0),
					       (unsigned)bus_get(in, port(s, PCRF_WR_NEXT_I), 0),
					       (unsigned)bus_get(in, port(s, PCRF_WR_WARP_I), 0),
					       (unsigned)bus_get(in, port(s, PCRF_WR_REG_I), 0)};
		bus_get_words(in, port(s, PCRF_WR_DATA_I), 0, s->data + (size_t)wr * s->lanes);
	}
	if (bus_get(in, port(s, PCRF_LINK_VALID_I), 0)) {
		s->tag[ln].next = (unsigned)bus_get(in, port(s, PCRF_LINK_NEXT_I), 0);
		s->tag[ln].end = 0;
	}
	return 0;
}

const struct stim_ops pcrf_stim = {
	"pcrf", scenarios, pcrf_stim_create, pcrf_stim_drive, pcrf_stim_observe, pcrf_stim_destroy,
};
